// Suilend's outflow rate limiter on the local Sui node: one per LendingMarket, run by a cToken redeem (./suilend.ts), as
// suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca contracts/suilend/sources/rate_limiter.move computes it,
// over quantities in USD (Decimals, scaled by 1e18).

/**
 * A LendingMarket's `rate_limiter: RateLimiter` (lending_market.move line 58; rate_limiter.move lines 9-26:
 * `RateLimiter { config: RateLimiterConfig { window_duration: u64 (s), max_outflow: u64 }, prev_qty: Decimal,
 * window_start: u64 (s), cur_qty: Decimal }`). Quantities are Decimals scaled by 1e18 (decimal.move WAD).
 */
export interface SuilendRateLimiterState {
  windowDurationS: bigint;
  /** max_outflow: whole USD (lending_market.move feeds it USD values, ctoken_market_value_upper_bound). */
  maxOutflow: bigint;
  prevQtyWad: bigint;
  windowStartS: bigint;
  curQtyWad: bigint;
}

const WAD = 10n ** 18n;
const U64_MAX = 2n ** 64n - 1n;

/**
 * The limiter a LendingMarket starts with: lending_market.move create_lending_market (lines 204-207)
 * `rate_limiter::new(rate_limiter::new_config(1, 18_446_744_073_709_551_615), 0)` — a one-second window and
 * u64::MAX USD, so nothing is refused until the owner sets a config (update_rate_limiter_config, lines 1807-1815,
 * starts a fresh limiter at the Clock's time). The local chain's markets have it unless a test sets another.
 */
export const suilendDefaultRateLimiter = (): SuilendRateLimiterState => ({ windowDurationS: 1n, maxOutflow: U64_MAX, prevQtyWad: 0n, windowStartS: 0n, curQtyWad: 0n });

/** rate_limiter.move aborts (lines 4-6): `EInvalidTime: u64 = 1`, `ERateLimitExceeded: u64 = 2`. */
export const RATE_LIMITER_EINVALID_TIME = 1n;
export const RATE_LIMITER_EXCEEDED = 2n;

/**
 * rate_limiter.move update_internal (lines 88-106): asserts cur_time ≥ window_start (EInvalidTime); within the window
 * nothing moves; in the next window the current quantity becomes the previous one and the window starts one duration
 * later; beyond that both are cleared and the window starts now.
 */
function updated(r: SuilendRateLimiterState, nowS: bigint): SuilendRateLimiterState | null {
  if (nowS < r.windowStartS) return null;
  if (nowS < r.windowStartS + r.windowDurationS) return { ...r };
  if (nowS < r.windowStartS + 2n * r.windowDurationS) return { ...r, prevQtyWad: r.curQtyWad, windowStartS: r.windowStartS + r.windowDurationS, curQtyWad: 0n };
  return { ...r, prevQtyWad: 0n, windowStartS: nowS, curQtyWad: 0n };
}

/**
 * rate_limiter.move current_outflow (lines 126-141), after update_internal: the previous window's quantity, taken as
 * evenly spread, weighted by the part of it still inside a window ending now, plus the current one:
 * `prev_weight = div(sub(from(window_duration), from(cur_time - window_start + 1)), from(window_duration))`,
 * `add(mul(prev_qty, prev_weight), cur_qty)` (decimal.move: mul = a × b / WAD, div = a × WAD / b).
 */
function currentOutflowWad(r: SuilendRateLimiterState, nowS: bigint): bigint {
  const weight = ((r.windowDurationS - (nowS - r.windowStartS + 1n)) * WAD * WAD) / (r.windowDurationS * WAD);
  return (r.prevQtyWad * weight) / WAD + r.curQtyWad;
}

/**
 * rate_limiter.move process_qty (lines 159-171): update_internal, `cur_qty = add(cur_qty, qty)`, then
 * `assert!(le(current_outflow(rate_limiter, cur_time), decimal::from(config.max_outflow)), ERateLimitExceeded)`.
 * The limiter after it, or the abort code. `nowS`: lending_market.move passes `clock::timestamp_ms(clock) / 1000`.
 */
export function suilendProcessQty(r: SuilendRateLimiterState, nowS: bigint, qtyWad: bigint): { next: SuilendRateLimiterState } | { abort: bigint } {
  const next = updated(r, nowS);
  if (!next) return { abort: RATE_LIMITER_EINVALID_TIME };
  next.curQtyWad += qtyWad;
  if (currentOutflowWad(next, nowS) > next.maxOutflow * WAD) return { abort: RATE_LIMITER_EXCEEDED };
  return { next };
}

/** rate_limiter.move remaining_outflow (lines 191-197): `saturating_sub(from(max_outflow), current_outflow)`, in USD (1e18). */
export function suilendRemainingOutflowWad(r: SuilendRateLimiterState, nowS: bigint): bigint {
  const u = updated(r, nowS);
  if (!u) return 0n;
  const out = currentOutflowWad(u, nowS);
  return u.maxOutflow * WAD > out ? u.maxOutflow * WAD - out : 0n;
}

/** The RateLimiter as the node renders it inside the LendingMarket (`{ type, fields }` form, ./move.ts rendered). */
export function rateLimiterJson(pkg: string, r: SuilendRateLimiterState) {
  const decimal = (v: bigint) => ({ type: `${pkg}::decimal::Decimal`, fields: { value: v.toString() } });
  return {
    type: `${pkg}::rate_limiter::RateLimiter`,
    fields: {
      config: { type: `${pkg}::rate_limiter::RateLimiterConfig`, fields: { window_duration: r.windowDurationS.toString(), max_outflow: r.maxOutflow.toString() } },
      prev_qty: decimal(r.prevQtyWad),
      window_start: r.windowStartS.toString(),
      cur_qty: decimal(r.curQtyWad),
    },
  };
}
