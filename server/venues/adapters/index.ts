// The adapter registry: one builder file per venue. A venue absent here (or an action without a builder)
// is blocked with adapter_not_ready, never given a placeholder transaction.
import { aaveV3ArbitrumAdapter } from "./aave-v3-arbitrum";
import { aaveV3BaseAdapter } from "./aave-v3-base";
import { compoundV3ArbitrumAdapter } from "./compound-v3-arbitrum";
import { compoundV3BaseAdapter } from "./compound-v3-base";
import { jupiterLendAdapter } from "./jupiter-lend";
import { kaminoAdapter } from "./kamino";
import { marginfiAdapter } from "./marginfi";
import { morphoArbitrumAdapter } from "./morpho-arbitrum";
import { morphoBaseAdapter } from "./morpho-base";
import { naviAdapter } from "./navi";
import { saveAdapter } from "./save";
import { scallopAdapter } from "./scallop";
import { RpcUnavailable } from "../../chains/clients";
import { type Blocker, blocker } from "../../http/codes";
import { suilendAdapter } from "./suilend";
import { BuildBlocked, type BuildInput, type Builder, type PlanTransaction, type VenueAdapter } from "./types";

export type { BuildInput, Builder, PlanTransaction, VenueAdapter } from "./types";
export { BuildBlocked } from "./types";

const ADAPTERS: readonly VenueAdapter[] = [
  scallopAdapter,
  suilendAdapter,
  naviAdapter,
  kaminoAdapter,
  jupiterLendAdapter,
  saveAdapter,
  marginfiAdapter,
  aaveV3BaseAdapter,
  aaveV3ArbitrumAdapter,
  compoundV3BaseAdapter,
  compoundV3ArbitrumAdapter,
  morphoBaseAdapter,
  morphoArbitrumAdapter,
];

/** Why venues have no adapter file: their on-chain interface or ids could not be confirmed in public sources. */
const NO_ADAPTER: Record<string, string> = {
};

const byId = new Map(ADAPTERS.map((a) => [a.venueId, a]));

export function getAdapter(venueId: string): VenueAdapter | undefined {
  return byId.get(venueId);
}

/** The builder of an action, or the reason there is none. */
export function builderFor(venueId: string, action: "deposit" | "withdraw"): { build: Builder } | { reason: string } {
  const a = byId.get(venueId);
  const build = a?.[action];
  if (build) return { build };
  return {
    reason:
      a?.notBuilt?.[action] ?? NO_ADAPTER[venueId] ?? `No ${action} builder for ${venueId} yet.`,
  };
}

export function adapterVenueIds(): string[] {
  return ADAPTERS.map((a) => a.venueId);
}

export type BuildResult = { ok: true; transactions: PlanTransaction[] } | { ok: false; blocker: Blocker };

/**
 * Runs a venue's builder. The chain reads a builder makes when the plan is built (a rate, a reserve, the owner's
 * shares: server/venues/adapters/plan-reads.ts) that fail or forbid the action come back as a blocker with the reason.
 */
export async function runBuilder(build: Builder, input: BuildInput): Promise<BuildResult> {
  try {
    return { ok: true, transactions: await build(input) };
  } catch (e) {
    if (e instanceof BuildBlocked) return { ok: false, blocker: blocker(e.code, e.message) };
    if (e instanceof RpcUnavailable) return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
    throw e;
  }
}
