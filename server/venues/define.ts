// What a venue is to the rest of the service. defineVenue builds a descriptor from a venue's static facts (label,
// family and broadcastEnabled are derived from the chain so no venue can mark a Map chain as broadcasting);
// venueModule puts that descriptor together with the venue's reader, builders and error decoding: the one thing the list in
// server/venues/index.ts holds, from which readiness, the readers, the builders and the
// simulations' error decoders are derived.
import { CHAIN_FAMILY } from "../chains/address";
import type { ShareToken } from "../chains/changes";
import type { VenueProgram } from "../chains/solana/program-errors";
import { broadcastEnabled, chainLabelOf } from "../chains/launch";
import type { VenueAdapter } from "./shared/build";
import type { VenueReader, VenueWorth } from "./shared/read";
import type { VenueReceipt } from "./shared/receipt";
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

/** One venue (one protocol on one chain): its descriptor, the reader of its index and its deposit/withdraw builders. */
export interface Venue {
  readonly descriptor: VenueDescriptor;
  /** The harvest reader of the index a supplied position grows with; absent: the venue's yield is unavailable. */
  readonly read?: VenueReader;
  /** Why there is no reader, when the reason is more than "not written yet". */
  readonly noReader?: string;
  /** The reader of one owner's position worth on chain (share balance × rate); absent: current worth is unavailable. */
  readonly worth?: VenueWorth;
  /** The deposit and withdraw builders; absent (or an action absent): plans are blocked with adapter_not_ready. */
  readonly build?: VenueAdapter;
  /**
   * What a confirmed deposit or withdraw must show besides the owner's USDC moving (the venue's share token arriving or
   * leaving, its deposit or withdraw event); absent: the USDC alone is taken as the venue's.
   */
  readonly receipt?: VenueReceipt;
  /**
   * svm-chain: the owners of the token accounts that hold the venue's USDC (its vault authorities, program addresses
   * derived from its cited ids): where a deposit's USDC may arrive in a simulation's net changes, and nowhere else.
   */
  readonly custody?: () => Promise<string[]>;
  /** Solana: the venue's program as a failed simulation names it, with its error table when known. */
  readonly programErrors?: VenueProgram;
  /** EVM: the custom errors (Solidity `error` signatures) its contracts revert with, decoded by name in a simulation. */
  readonly revertErrors?: readonly string[];
  /**
   * The share token its deposits mint (its id one of the descriptor's cited ids, or on move-chain a coin type built from
   * them; symbol and decimals cited where it is set): shown in token units in simulated balance changes. Absent: the
   * venue has none, or none whose figures are proven.
   */
  readonly shareToken?: ShareToken;
}

/** The share token `key` of the descriptor's cited on-chain ids names, with its cited symbol and decimals. */
export function shareTokenOf(v: VenueDescriptor, key: string, symbol: string, decimals: number): ShareToken {
  const id = v.onchain[key];
  if (!id) throw new Error(`venue ${v.id} cites no onchain.${key} for its share token`);
  return { chain: v.chain, id, symbol, decimals };
}

/** A venue module; its reader and builders must be this venue's (a mismatch is a programming error, thrown at load). */
export function venueModule(m: Venue): Venue {
  const id = m.descriptor.id;
  for (const part of [m.read, m.build, m.worth, m.receipt]) {
    if (part && part.venueId !== id) throw new Error(`venue module ${id} holds a part of ${part.venueId}`);
  }
  if (m.shareToken && m.shareToken.chain !== m.descriptor.chain) throw new Error(`venue module ${id} holds a share token of ${m.shareToken.chain}`);
  return m;
}
