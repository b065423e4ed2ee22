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

/**
 * A venue's reader of what one owner's position is worth now (issue 23 item 5): the owner's share balance on chain
 * (aTokens, vault shares, cTokens, market coins, a lending account's balance …) times the venue's current rate, the
 * same reads the withdraw builder makes. Never computed from the ledger.
 */
export interface VenueWorth {
  venueId: string;
  /** What is read, for `source` and reasons: "Kamino cUSDC balance × USDC reserve exchange rate". */
  what: string;
  /**
   * Micro-USDC the owner's position pays at the venue's rate now (floored, as the venue rounds a withdrawal); 0n when the
   * owner holds nothing there. Throws when the chain cannot answer or an account is not the cited one.
   */
  readWorth: (owner: string, signal: AbortSignal) => Promise<bigint>;
}

export type WorthRead =
  | { ok: true; micros: bigint; source: string; asOf: string }
  | { ok: false; reason: string };
