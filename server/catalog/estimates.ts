// Yield estimates (spec §1.4), integer math in bigint. Labeled estimates, never guarantees; all null
// when the gross APY is unknown. Discovery APY is for display ranking only.
const BPS = 10_000n;

export interface Estimates {
  estimate: true;
  stakedMicros: bigint;
  skimBps: number;
  grossApyBps: number | null;
  netApyBps: number | null;
  estDailyYieldMicros: bigint | null;
  estMonthlyYieldMicros: bigint | null;
}

/** net = gross × (10000 − skim) / 10000 (rounded toward zero); the skim applies to positive yield only. */
export function netApyBps(grossApyBps: number, skimBps: number): number {
  if (!Number.isInteger(grossApyBps) || !Number.isInteger(skimBps) || skimBps < 0 || skimBps > 10_000) {
    throw new RangeError("grossApyBps and skimBps must be integers, skim within 0..10000");
  }
  if (grossApyBps <= 0) return grossApyBps;
  return Number((BigInt(grossApyBps) * (BPS - BigInt(skimBps))) / BPS);
}

export function estimates(grossApyBps: number | null, stakedMicros: bigint, skimBps: number): Estimates {
  if (stakedMicros < 0n) throw new RangeError("stakedMicros cannot be negative");
  if (grossApyBps === null) {
    return { estimate: true, stakedMicros, skimBps, grossApyBps: null, netApyBps: null, estDailyYieldMicros: null, estMonthlyYieldMicros: null };
  }
  const net = netApyBps(grossApyBps, skimBps);
  // est_daily = staked × net / 10000 / 365 (floor of the exact quotient for non-negative values).
  const daily = (stakedMicros * BigInt(net)) / BPS / 365n;
  return {
    estimate: true,
    stakedMicros,
    skimBps,
    grossApyBps,
    netApyBps: net,
    estDailyYieldMicros: daily,
    estMonthlyYieldMicros: daily * 30n,
  };
}

/**
 * The /api/v1 wire form (strategy detail): camelCase like every other /api/v1 field, micros as integer strings.
 * The schema's descriptions give each field's spec §1.4 formula name.
 */
export function estimatesCamelWire(e: Estimates) {
  return {
    estimate: true as const,
    stakedMicros: e.stakedMicros.toString(),
    skimBps: e.skimBps,
    grossApyBps: e.grossApyBps,
    netApyBps: e.netApyBps,
    estDailyYieldMicros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
    estMonthlyYieldMicros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString(),
  };
}

/**
 * The character surface's form (spec §2.8, §4.9: a snake_case family, auto_yield_enabled, gross_apy_bps): the
 * spec §1.4 formula names as they are, micros as integer strings.
 */
export function estimatesWire(e: Estimates) {
  return {
    estimate: true as const,
    staked_micros: e.stakedMicros.toString(),
    skim_bps: e.skimBps,
    gross_apy_bps: e.grossApyBps,
    net_apy_bps: e.netApyBps,
    est_daily_yield_micros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
    est_monthly_yield_micros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString(),
  };
}
