// Exact amounts: token units ("1.25") ↔ integer base units ("micros" for a 6-decimal token such as USDC) as bigint.
// The same rules as the server (lib/money.ts unitsToMicros / microsToUnits; tests/unit/client-money.test.ts checks
// them against each other): digits with at most one ".", no sign, no exponent, no more decimals than the token has,
// at most 2^63-1. No JS number ever holds an amount.

export const MAX_MICROS = (1n << 63n) - 1n;
const UNITS_RE = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
const MICROS_RE = /^-?(0|[1-9][0-9]*)$/;

function checkDecimals(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RangeError(`decimals must be an integer from 0 to 36, not ${decimals}`);
  return 10n ** BigInt(decimals);
}

/** Token units to base units, exactly: toMicros("1.25") → 1250000n (USDC, 6 decimals); toMicros("0.5", 9) → 500000000n. Throws a RangeError on anything else. */
export function toMicros(units: string, decimals = 6): bigint {
  const base = checkDecimals(decimals);
  const m = UNITS_RE.exec(units.trim());
  if (!m) throw new RangeError(`"${units}" is not an amount: digits with at most one ".", no sign or exponent`);
  const whole = m[1] ?? "0";
  const frac = m[2] ?? "";
  if (frac.length > decimals) throw new RangeError(`"${units}" has more than ${decimals} decimals`);
  const v = BigInt(whole) * base + BigInt(frac.padEnd(decimals, "0") || "0");
  if (v > MAX_MICROS) throw new RangeError(`"${units}" is above 2^63-1 base units`);
  return v;
}

/** Base units (a bigint, or an integer string as the API sends) to token units, exactly, without trailing zeros: 1250000n → "1.25". */
export function formatMicros(micros: bigint | string, decimals = 6): string {
  const base = checkDecimals(decimals);
  if (typeof micros === "string" && !MICROS_RE.test(micros)) throw new RangeError(`"${micros}" is not an integer amount`);
  const v = typeof micros === "bigint" ? micros : BigInt(micros);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const frac = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${abs / base}${frac ? `.${frac}` : ""}`;
}
