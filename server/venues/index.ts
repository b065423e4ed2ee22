// The venue registry, derived from the venue list (server/venues/list.ts), and the strategyId rules (spec §1.1, §2.1):
// a bare protocol id, a `form-<id>` alias or an opportunityId resolves; a composite market id (`scallop-usdc`) is a 400
// naming the bare id; anything else is a 404 NOT_FOUND.
import type { ChainId } from "../chains/address";
import { ApiError, fieldError } from "../http/errors";
import { stableId } from "../ids";
import { VENUE_MODULES } from "./list";
import type { VenueDescriptor } from "./types";

export type { Venue } from "./define";
export { VENUE_MODULES } from "./list";
export type { VenueDescriptor } from "./types";

/** The descriptors, one per venue, in the list's order. */
export const VENUES: readonly VenueDescriptor[] = VENUE_MODULES.map((m) => m.descriptor);

/** The featured automated strategy (spec §2.1): monthly re-rank to the top 30-day APY, 7-point switch threshold. */
export const AUTOPILOT_ID = "svc-autopilot-top-30d-monthly";
export const AUTOPILOT = {
  id: AUTOPILOT_ID,
  protocol: "svc",
  name: "Autopilot: top 30-day APY, monthly",
  rerank: "monthly",
  switchThresholdBps: 700,
  opportunityId: stableId("opp", "launch-homes", "svc", AUTOPILOT_ID),
} as const;

const byId = new Map(VENUES.map((v) => [v.id, v]));

export function getVenue(id: string): VenueDescriptor | undefined {
  return byId.get(id);
}

export function venuesOn(chain: ChainId): VenueDescriptor[] {
  return VENUES.filter((v) => v.chain === chain);
}

/** contract §2: `opp_` + a stable hash of chain, protocol and market; the market of a venue is its token. */
export function opportunityIdOf(v: VenueDescriptor): string {
  return stableId("opp", v.chain, v.protocol, v.token);
}

const byOpportunity = new Map(VENUES.map((v) => [opportunityIdOf(v), v]));

export type ResolvedStrategy =
  | { kind: "venue"; id: string; opportunityId: string; venue: VenueDescriptor }
  | { kind: "strategy"; id: typeof AUTOPILOT_ID; opportunityId: string; venue: null };

function venueResult(v: VenueDescriptor): ResolvedStrategy {
  return { kind: "venue", id: v.id, opportunityId: opportunityIdOf(v), venue: v };
}

/** The bare ids a composite id was built from (`scallop-usdc` → scallop; `aave-v3-usdc` → both aave-v3 venues). */
function bareIdsBehind(input: string): string[] {
  const exact = [...byId.keys(), AUTOPILOT_ID].filter((id) => input.startsWith(`${id}-`));
  if (exact.length) return [exact.sort((a, b) => b.length - a.length)[0] as string];
  return VENUES.filter((v) => input.startsWith(`${v.protocol}-`)).map((v) => v.id);
}

/**
 * Resolves a strategyId input (bare id, `form-<id>`, or an opportunityId); throws 400 for a composite id, 404 otherwise.
 * `field` names the request field it came from in the 400 ("body.strategyId", "path.id").
 */
export function resolveStrategyId(input: string, field = "body.strategyId"): ResolvedStrategy {
  const raw = input.trim().toLowerCase();
  if (raw.startsWith("opp_")) {
    const v = byOpportunity.get(raw);
    if (v) return venueResult(v);
    if (raw === AUTOPILOT.opportunityId) return { kind: "strategy", id: AUTOPILOT_ID, opportunityId: AUTOPILOT.opportunityId, venue: null };
    throw new ApiError("NOT_FOUND", `Unknown opportunityId ${input}`);
  }
  const id = raw.startsWith("form-") ? raw.slice("form-".length) : raw;
  const v = byId.get(id);
  if (v) return venueResult(v);
  if (id === AUTOPILOT_ID) return { kind: "strategy", id: AUTOPILOT_ID, opportunityId: AUTOPILOT.opportunityId, venue: null };
  const bare = bareIdsBehind(id);
  if (bare.length) {
    const list = bare.map((b) => `"${b}"`).join(" or ");
    throw fieldError("INVALID_REQUEST", field, `must be a bare protocol id, not a composite market id: use ${list} instead of "${input}"`, { bareIds: bare });
  }
  throw new ApiError("NOT_FOUND", `Unknown strategyId ${input}`);
}

/** A venue for a strategyId; the automated strategy is not a venue (400). */
export function resolveVenue(input: string, field = "body.strategyId"): VenueDescriptor {
  const r = resolveStrategyId(input, field);
  if (r.venue) return r.venue;
  throw fieldError("INVALID_REQUEST", field, `must be a venue id: ${AUTOPILOT_ID} is the automated strategy, not a venue`);
}
