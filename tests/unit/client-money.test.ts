// The client's amount helpers (issue 27 item 2) follow the server's own rules (lib/money.ts, re-exported by
// server/money/amount.ts): the same input gives the same amount, and what the server refuses the client refuses.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMicros, MAX_MICROS, toMicros } from "../../client/src/money";
import { microsToUnits, unitsToMicros } from "../../server/money/amount";

const clientToMicros = (s: string, d: number): bigint | null => {
  try {
    return toMicros(s, d);
  } catch (e) {
    expect(e).toBeInstanceOf(RangeError);
    return null;
  }
};

describe("toMicros / formatMicros", () => {
  it("converts exactly, per token decimals", () => {
    expect(toMicros("1.25")).toBe(1_250_000n);
    expect(toMicros("0.000001")).toBe(1n);
    expect(toMicros("1.5", 9)).toBe(1_500_000_000n);
    expect(toMicros("7", 0)).toBe(7n);
    expect(toMicros("9223372036854.775807")).toBe(MAX_MICROS);
    expect(formatMicros(1_250_000n)).toBe("1.25");
    expect(formatMicros("1000000")).toBe("1");
    expect(formatMicros(-1n)).toBe("-0.000001");
    expect(formatMicros(1n, 18)).toBe("0.000000000000000001");
    expect(formatMicros(MAX_MICROS)).toBe("9223372036854.775807");
  });

  it.each(["", "1.2345678", "-1", "+1", "1e6", "1,5", ".5", "5.", "01", "0x10", "9223372036854.775808", "١"])("refuses %j", (s) => {
    expect(() => toMicros(s)).toThrow(RangeError);
    expect(unitsToMicros(s, 6)).toBeNull();
  });

  it("refuses a non-integer micros string and bad decimals", () => {
    for (const s of ["1.5", "01", "", "1e3", " 1"]) expect(() => formatMicros(s)).toThrow(RangeError);
    expect(() => toMicros("1", -1)).toThrow(RangeError);
    expect(() => formatMicros(1n, 1.5)).toThrow(RangeError);
  });

  it("agrees with the server's unitsToMicros on any text", () => {
    const unitsLike = fc.oneof(
      fc.string(),
      fc.stringMatching(/^ ?[0-9]{1,20}(\.[0-9]{0,20})? ?$/),
      fc.bigInt({ min: 0n, max: MAX_MICROS * 2n }).map((v) => microsToUnits(v, 6)),
    );
    fc.assert(
      fc.property(unitsLike, fc.integer({ min: 0, max: 18 }), (s, d) => {
        expect(clientToMicros(s, d)).toBe(unitsToMicros(s, d));
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with the server's microsToUnits on any amount, and round-trips", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_MICROS, max: MAX_MICROS }), fc.integer({ min: 0, max: 18 }), (v, d) => {
        expect(formatMicros(v, d)).toBe(microsToUnits(v, d));
        expect(formatMicros(v.toString(), d)).toBe(microsToUnits(v, d));
        if (v >= 0n) expect(toMicros(formatMicros(v, d), d)).toBe(v);
      }),
      { numRuns: 2000 },
    );
  });
});
