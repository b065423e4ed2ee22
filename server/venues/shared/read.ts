// A venue reader reads, from the venue's chain, the index that a supplied position grows with
// (Aave supply index, cToken exchange rate …). value now = principal × index_now / index_at_stake.

export interface VenueReader {
  venueId: string;
  /** What is read, for reasons and logs: "Aave v3 Pool.getReserveNormalizedIncome(USDC)". */
  what: string;
  /** The index now (any fixed scale, the same scale every call). Throws when the chain cannot answer. */
  readIndex: (signal: AbortSignal) => Promise<bigint>;
}

export type IndexRead =
  | { ok: true; index: bigint; source: string; asOf: string }
  | { ok: false; reason: string };
