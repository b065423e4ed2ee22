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

export type DecimalSeparator = "." | ",";

/** The decimal separator of a locale ("de-DE" → ","; "en-US" → "."), from Intl; "." when the locale is unknown. */
export function decimalSeparatorOf(locale: string | undefined): DecimalSeparator {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal");
    return part?.value === "," ? "," : ".";
  } catch {
    return ".";
  }
}

export type AmountEntry =
  | { state: "empty" }
  | { state: "ok"; baseUnits: bigint; units: string }
  | { state: "error"; error: string };

/**
 * The one amount-entry rule of the dashboard (docs/decisions.md): digits and at most one decimal separator, the
 * user's locale separator (`separator`). Nothing is ever dropped: a thousands separator, the other separator, a space
 * or a sign is refused with a message naming it; more decimals than the token has are refused; 0 is refused.
 * The result is exact (bigint base units of the token), never a float.
 */
export function parseTokenAmount(input: string, token: { symbol: string; decimals: number }, separator: DecimalSeparator): AmountEntry {
  const raw = input.trim();
  if (raw === "") return { state: "empty" };
  const other = separator === "." ? "," : ".";
  if (raw.includes(other)) {
    return {
      state: "error",
      error: `“${other}” is not accepted here: the decimal separator is “${separator}” (your browser's language setting) and thousands separators are not used. Example: 1250${separator}5`,
    };
  }
  const bad = /[^0-9.,]/.exec(raw);
  if (bad) return { state: "error", error: `“${bad[0]}” is not accepted: type digits and at most one “${separator}”, e.g. 250${separator}5` };
  const parts = raw.split(separator);
  if (parts.length > 2) return { state: "error", error: `Use “${separator}” once, as the decimal separator (thousands separators are not used).` };
  const whole = parts[0] === "" ? "0" : (parts[0] ?? "0");
  const frac = parts[1] ?? "";
  if (frac.length > token.decimals) {
    return { state: "error", error: `${token.symbol} has ${token.decimals} decimals: at most ${token.decimals} digits after “${separator}”.` };
  }
  const units = `${whole.replace(/^0+(?=\d)/, "")}${frac === "" ? "" : `.${frac}`}`;
  const baseUnits = unitsToMicros(units, token.decimals);
  if (baseUnits === null) return { state: "error", error: "That amount is too large." };
  if (baseUnits === 0n) return { state: "error", error: "The amount must be more than 0." };
  return { state: "ok", baseUnits, units: microsToUnits(baseUnits, token.decimals) };
}

/**
 * Base units of a token as grouped units with its symbol, exactly (no rounding): 1500000n, USDC/6 → "1.5 USDC";
 * with separator "," the locale's convention: 1250500000n → "1.250,5 USDC".
 */
export function formatTokenAmount(baseUnits: bigint | string, token: { symbol: string; decimals: number }, separator: DecimalSeparator = "."): string {
  const v = typeof baseUnits === "bigint" ? baseUnits : BigInt(baseUnits);
  const [whole = "0", frac] = microsToUnits(v, token.decimals).split(".");
  const neg = whole.startsWith("-");
  const grouped = (neg ? whole.slice(1) : whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator === "." ? "," : ".");
  return `${neg ? "-" : ""}${grouped}${frac ? `${separator}${frac}` : ""} ${token.symbol}`;
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
