// Builds a descriptor from a venue file's static facts; label, family and broadcastEnabled are derived
// from the chain so no venue file can mark a Map chain as broadcasting.
import { CHAIN_FAMILY } from "../chains/address";
import { broadcastEnabled, chainLabelOf } from "../svc/status";
import type { VenueDescriptor } from "./types";

export type VenueSpec = Omit<VenueDescriptor, "family" | "label" | "broadcastEnabled" | "kind" | "token">;

export function defineVenue(spec: VenueSpec): VenueDescriptor {
  const label = chainLabelOf(spec.chain);
  const isMap = label === "Map";
  return {
    ...spec,
    kind: "lending",
    token: "USDC",
    family: CHAIN_FAMILY[spec.chain],
    label,
    // Map chains are discovery and prepare only (spec §1.2): these markers can never be true there.
    ready: isMap ? false : spec.ready,
    writeReady: isMap ? false : spec.writeReady,
    liveMoneyPath: isMap ? false : spec.liveMoneyPath,
    get broadcastEnabled() {
      return !isMap && broadcastEnabled(spec.chain);
    },
  };
}

/** Service policy: the smallest deposit a plan prepares (1 USDC). Not an upstream figure. */
export const DEFAULT_MIN_DEPOSIT_MICROS = 1_000_000n;
