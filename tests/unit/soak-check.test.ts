// The soak's read check (tests/support/soak.ts checkReads) itself: a read must equal the writes answered before it
// plus some subset of those in flight meanwhile; any other figure is a violation.
import { describe, expect, it } from "vitest";
import { checkReads, positionViolations, type SoakRun, type WriteRecord } from "../support/soak";

const W = `0x${"1".repeat(64)}`;
const write = (start: number, end: number | null, delta: bigint | null): WriteRecord => ({
  kind: "route",
  wallet: W,
  path: "",
  body: {},
  idempotencyKey: null,
  start,
  end,
  status: end === null ? null : 200,
  text: "",
  delta,
  actionId: null,
});
const run = (writes: WriteRecord[], total: bigint, start = 10, end = 20): SoakRun => ({ writes, reads: [{ wallet: W, start, end, total }], violations: [], ops: 0, elapsedMs: 0 });

describe("soak read check", () => {
  it("accepts the writes answered before plus any subset of those in flight", () => {
    const writes = [write(0, 5, 100n), write(8, 15, 7n), write(12, 30, -3n), write(25, 26, 1000n)];
    for (const total of [100n, 107n, 97n, 104n]) expect(checkReads(run(writes, total)).violations).toEqual([]);
  });

  it("refuses a figure no subset makes, and one missing an answered write", () => {
    const writes = [write(0, 5, 100n), write(8, 15, 7n)];
    expect(checkReads(run(writes, 106n)).violations).toHaveLength(1);
    expect(checkReads(run(writes, 7n)).violations).toHaveLength(1);
  });

  it("does not check a read beside a write with no answer (all or nothing is proven in SQL instead)", () => {
    expect(checkReads(run([write(0, null, null)], 5n))).toEqual({ violations: [], checked: 0 });
  });

  it("flags a negative bucket and parts that do not add up", () => {
    const p = { liquidMicros: "5", stakedMicros: "-1", byChain: [{ chain: "move-chain", liquidMicros: "4", stakedMicros: "-1" }] };
    expect(positionViolations(W, p)).toHaveLength(3);
  });
});
