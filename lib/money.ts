// Client-safe amount helpers: integer micros as strings/bigints, never a JS number.
// The server's server/money/amount.ts re-exports these so both sides convert identically.

export const MAX_MICROS = (1n << 63n) - 1n;

/** Token units ("12.5") to micros for a token with `decimals` places, exactly; null if malformed or more precise than the token. */
export function unitsToMicros(units: string, decimals = 6): bigint | null {
  const m = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(units.trim());
  if (!m) return null;
  const whole = m[1] ?? "0";
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  const v = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0");
  return v > MAX_MICROS ? null : v;
}

export function microsToUnits(micros: bigint, decimals = 6): string {
  const neg = micros < 0n;
  const abs = neg ? -micros : micros;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** A micros string from the API as grouped token units with at most `maxFraction` decimals (truncated, never rounded up). */
export function formatMicros(micros: string | null | undefined, maxFraction = 2): string | null {
  if (micros == null || !/^-?(0|[1-9][0-9]*)$/.test(micros)) return null;
  const units = microsToUnits(BigInt(micros));
  const [whole = "0", frac = ""] = units.split(".");
  const neg = whole.startsWith("-");
  const digits = neg ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const f = frac.slice(0, maxFraction).padEnd(maxFraction, "0");
  return `${neg ? "-" : ""}${grouped}${maxFraction > 0 ? `.${f}` : ""}`;
}
