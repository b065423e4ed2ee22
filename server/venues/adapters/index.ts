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
import type { VenueDescriptor } from "../types";
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

export type VenueAction = "deposit" | "withdraw";

/**
 * Why a deposit or withdraw plan of this venue is blocked before any chain read: venue_not_ready (an Executable
 * chain's venue not listed for execution) and adapter_not_ready (no builder). The plan endpoints and the
 * readiness shown on GET /svc/venues and the dashboard both come from here (contract §8).
 */
export function actionBlockers(venue: VenueDescriptor, action: VenueAction): Blocker[] {
  const out: Blocker[] = [];
  if (venue.label === "Executable" && !venue.ready) out.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
  const b = builderFor(venue.id, action);
  if (!("build" in b)) out.push(blocker("adapter_not_ready", b.reason));
  return out;
}

export interface ActionReadiness {
  ready: boolean;
  /** Why the plan endpoint answers blocked for this action; null when it can build it. */
  reason: string | null;
}

/** contract §8: per action, whether its plan can be built, and why not. */
export function venueActions(venue: VenueDescriptor): Record<VenueAction, ActionReadiness> {
  const one = (action: VenueAction): ActionReadiness => {
    const blockers = actionBlockers(venue, action);
    return blockers.length === 0 ? { ready: true, reason: null } : { ready: false, reason: blockers.map((x) => x.message).join(" ") };
  };
  return { deposit: one("deposit"), withdraw: one("withdraw") };
}

/** A venue row's `ready`: listed for execution and both actions buildable (contract §8). */
export function venueRowReady(venue: VenueDescriptor): boolean {
  const a = venueActions(venue);
  return venue.ready && a.deposit.ready && a.withdraw.ready;
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
