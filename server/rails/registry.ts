// The bridge rails: the only list of them. A route takes the first rail that supports it (V2 where both ends run it,
// V1 end to end otherwise); the rail enum of the schemas, the OpenAPI document, lib/api.ts and the dashboard is RailId.
import type { ChainId } from "../chains/address";
import { CCTP_DOMAIN } from "./cctp/domains";
import { cctpV1 } from "./cctp-v1";
import { cctpV2 } from "./cctp-v2";
import type { Rail } from "./types";

export const RAILS = [cctpV2, cctpV1] as const;

/** A rail's name on the wire. */
export type RailId = (typeof RAILS)[number]["id"];
/** Every rail's name, for z.enum. */
export const RAIL_IDS = RAILS.map((r) => r.id) as [RailId, ...RailId[]];

/** A rail of the list, its id one of RailId. */
export type RegisteredRail = Rail & { id: RailId };

/** The chains some rail reaches, in the order GET /svc/bridge/paths lists them. */
export const BRIDGE_CHAINS = Object.keys(CCTP_DOMAIN) as ChainId[];

/** The rail a route from `source` to `dest` takes. */
export function railFor(source: ChainId, dest: ChainId): RegisteredRail {
  const rail = RAILS.find((r) => r.supports(source, dest));
  if (!rail) throw new Error(`no rail carries USDC from ${source} to ${dest}`);
  return rail;
}

/** The rail a stored plan names; plans stored before CCTP V2 name none and ran on V1. */
export function storedRail(stored: unknown): RegisteredRail {
  return RAILS.find((r) => r.id === stored) ?? cctpV1;
}
