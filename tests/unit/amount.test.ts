import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MICROS, formatMicros, microsToUnits, parseMicros, unitsToMicros } from "../../server/money/amount";
import { decimalSeparatorOf, formatTokenAmount, parseTokenAmount } from "../../lib/money";

describe("integer-micros amounts", () => {
  it.each([
    ["0", 0n],
    ["1", 1n],
    ["1000000", 1_000_000n],
    ["9223372036854775807", MAX_MICROS],
  ])("accepts %s", (s, v) => {
    expect(parseMicros(s)).toBe(v);
  });

  it.each([
    ["empty", ""],
    ["float", "1.5"],
    ["exponent", "1e6"],
    ["negative", "-1"],
    ["plus sign", "+1"],
    ["leading space", " 1"],
    ["trailing space", "1 "],
    ["leading zero", "01"],
    ["double zero", "00"],
    ["over 2^63-1", "9223372036854775808"],
    ["hex", "0x10"],
    ["unicode digits", "١٢"],
    ["number type", 5],
    ["null", null],
  ])("rejects %s", (_name, s) => {
    expect(parseMicros(s)).toBeNull();
  });

  it("round-trips every value in range", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MICROS }), (v) => {
        expect(parseMicros(formatMicros(v))).toBe(v);
      }),
    );
  });

  it("converts token units to micros exactly, without floats", () => {
    expect(unitsToMicros("12.5")).toBe(12_500_000n);
    expect(unitsToMicros("0.000001")).toBe(1n);
    expect(unitsToMicros("0.0000001")).toBeNull();
    expect(unitsToMicros("1.1")).toBe(1_100_000n);
    expect(unitsToMicros("abc")).toBeNull();
    expect(microsToUnits(1_100_000n)).toBe("1.1");
    expect(microsToUnits(1n)).toBe("0.000001");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (v) => {
        expect(unitsToMicros(microsToUnits(v))).toBe(v);
      }),
    );
  });
});

describe("dashboard amount entry (lib/money.ts parseTokenAmount: the one rule)", () => {
  const USDC = { symbol: "USDC", decimals: 6 };
  const SOL = { symbol: "SOL", decimals: 9 };

  it("reads the locale's decimal separator exactly, at the token's decimals", () => {
    expect(parseTokenAmount("1.5", USDC, ".")).toEqual({ state: "ok", baseUnits: 1_500_000n, units: "1.5" });
    expect(parseTokenAmount("1,5", USDC, ",")).toEqual({ state: "ok", baseUnits: 1_500_000n, units: "1.5" });
    expect(parseTokenAmount("1", SOL, ".")).toMatchObject({ state: "ok", baseUnits: 1_000_000_000n });
    expect(parseTokenAmount(" 0.000001 ", USDC, ".")).toMatchObject({ state: "ok", baseUnits: 1n });
    expect(parseTokenAmount(",25", USDC, ",")).toMatchObject({ state: "ok", baseUnits: 250_000n });
    expect(parseTokenAmount("", USDC, ".")).toEqual({ state: "empty" });
  });

  it.each([
    ["1,5", ".", "“,” is not accepted"],
    ["1,000", ".", "“,” is not accepted"],
    ["1.500", ",", "“.” is not accepted"],
    ["1 000", ".", "“ ” is not accepted"],
    ["-1", ".", "“-” is not accepted"],
    ["1e6", ".", "“e” is not accepted"],
    ["1.2.3", ".", "once"],
    ["1.1234567", ".", "USDC has 6 decimals"],
    ["0", ".", "more than 0"],
    ["0.000", ".", "more than 0"],
    ["99999999999999999999", ".", "too large"],
  ] as const)("refuses %s (separator %s) with a message, never dropping a character", (input, sep, message) => {
    const r = parseTokenAmount(input, USDC, sep);
    expect(r.state).toBe("error");
    expect(r.state === "error" ? r.error : "").toContain(message);
  });

  it("never reads a different amount than the digits typed (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 18 }), fc.constantFrom(".", ","), (base, decimals, sep) => {
        const token = { symbol: "T", decimals };
        const typed = microsToUnits(base, decimals).replace(".", sep);
        expect(parseTokenAmount(typed, token, sep)).toMatchObject({ state: "ok", baseUnits: base });
      }),
    );
  });

  it("formats base units in the token's units and the locale's convention", () => {
    expect(formatTokenAmount(1_500_000n, USDC)).toBe("1.5 USDC");
    expect(formatTokenAmount("1250500000", USDC, ",")).toBe("1.250,5 USDC");
    expect(formatTokenAmount(98_505_000n, SOL)).toBe("0.098505 SOL");
    expect(decimalSeparatorOf("de-DE")).toBe(",");
    expect(decimalSeparatorOf("en-US")).toBe(".");
  });
});
