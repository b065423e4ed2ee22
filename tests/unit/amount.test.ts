import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MICROS, formatMicros, microsToUnits, parseMicros, unitsToMicros } from "../../server/money/amount";

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
