// Position arithmetic on venue indexes, integer only. A stake of S at index I_ref is worth S × I_now / I_ref.

/** What the staked amount is worth now; null when either index is unknown. */
export function valueNow(staked: bigint, indexRef: bigint | null, indexNow: bigint | null): bigint | null {
  if (indexRef === null || indexNow === null || indexRef <= 0n) return null;
  return (staked * indexNow) / indexRef;
}

/**
 * The reference index after adding `add` at index `indexNow` to `staked` held at `indexRef`, chosen so the
 * position's value is unchanged: (staked + add) × I_now / I_new = staked × I_now / I_ref + add.
 * Unknown (null) when the index now is unknown and something is already staked: accrued yield then cannot
 * be told apart, so it is reported as unavailable rather than guessed.
 */
export function mergedIndex(staked: bigint, indexRef: bigint | null, add: bigint, indexNow: bigint | null): bigint | null {
  if (indexNow === null) return null;
  if (staked === 0n || indexRef === null) return staked === 0n ? indexNow : null;
  const denominator = staked * indexNow + add * indexRef;
  if (denominator === 0n) return indexNow;
  return ((staked + add) * indexNow * indexRef) / denominator;
}

/** Cost basis left after taking `out` of `staked` (pro rata, rounded so the basis never grows). */
export function basisAfter(basis: bigint, staked: bigint, out: bigint): bigint {
  if (staked <= 0n || out >= staked) return 0n;
  return basis - (basis * out + staked - 1n) / staked;
}

/** ROI in percent with 2 decimals; null when there is no cost basis (unknown, never 0). */
export function roiPct(current: bigint | null, basis: bigint): number | null {
  if (current === null || basis <= 0n) return null;
  // Basis points of ROI as an integer first, then one conversion for the wire.
  const bps = ((current - basis) * 10_000n) / basis;
  return Number(bps) / 100;
}
