// The builders (deposit/withdraw), derived from the venue list in server/venues/list.ts: a venue module's `build`.
// A venue without one (or an action without a builder) is blocked with adapter_not_ready, never given a placeholder
// transaction.
import { RpcUnavailable } from "../chains/clients";
import { type Blocker, blocker } from "../http/codes";
import { VENUE_MODULES } from "./list";
import { BuildBlocked, type BuildInput, type Builder, type PlanTransaction, type VenueAdapter } from "./shared/build";
import type { VenueDescriptor } from "./types";

export type { BuildInput, Builder, PlanTransaction, VenueAdapter } from "./shared/build";
export { BuildBlocked } from "./shared/build";

export function getAdapter(venueId: string): VenueAdapter | undefined {
  return VENUE_MODULES.find((m) => m.descriptor.id === venueId)?.build;
}

/** The builder of an action, or the reason there is none. */
export function builderFor(venueId: string, action: "deposit" | "withdraw"): { build: Builder } | { reason: string } {
  const a = getAdapter(venueId);
  const build = a?.[action];
  if (build) return { build };
  return { reason: a?.notBuilt?.[action] ?? `No ${action} builder for ${venueId} yet.` };
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

export type BuildResult = { ok: true; transactions: PlanTransaction[] } | { ok: false; blocker: Blocker };

/**
 * Runs a venue's builder. The chain reads a builder makes when the plan is built (a rate, a reserve, the owner's
 * shares: server/venues/shared/plan-reads.ts) that fail or forbid the action come back as a blocker with the reason.
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
