// The character auto-yield rules (spec §2.8, §3.4) as pure functions: stakeable, selected amount, survival, score.
import { describe, expect, it } from "vitest";
import { rank, selectedAmount, stakeableMicros, survival } from "../../server/characters/rules";

describe("stakeable and selected amount", () => {
  it("subtracts the liability and only the non-stakeable tranches, floored at 0", () => {
    const t = [
      { amountMicros: 1_000_000n, stakeable: false },
      { amountMicros: 3_000_000n, stakeable: true },
      { amountMicros: 500_000n, stakeable: false },
    ];
    expect(stakeableMicros(10_000_000n, 2_000_000n, t)).toBe(6_500_000n);
    expect(stakeableMicros(1_000_000n, 2_000_000n, t)).toBe(0n);
  });
  it("caps at min(requested, stakeable, max − staked); null max = no cap", () => {
    expect(selectedAmount(7n, 0n, 5n, 9n)).toEqual({ amount: 5n, room: 5n });
    expect(selectedAmount(7n, 5n, 5n)).toEqual({ amount: 0n, room: 0n });
    expect(selectedAmount(7n, 5n, null)).toEqual({ amount: 7n, room: null });
    expect(selectedAmount(7n, 0n, null, 3n)).toEqual({ amount: 3n, room: null });
  });
});

describe("survival unstake", () => {
  const base = { now: new Date("2026-06-02T00:00:00Z"), dueAt: new Date("2026-06-01T00:00:00Z"), billMicros: 100n, liquidMicros: 40n, stakedMicros: 500n, liabilityMicros: 0n };
  it("unstakes min(shortfall, staked) when due and liquid < bill", () => {
    expect(survival(base)).toMatchObject({ outcome: "unstake", shortfallMicros: 60n, unstakeMicros: 60n });
    expect(survival({ ...base, stakedMicros: 25n })).toMatchObject({ outcome: "unstake", unstakeMicros: 25n });
  });
  it("never leaves the stake below the fan-credit liability", () => {
    expect(survival({ ...base, liabilityMicros: 470n })).toMatchObject({ outcome: "unstake", unstakeMicros: 30n });
    expect(survival({ ...base, liabilityMicros: 500n })).toMatchObject({ outcome: "held_by_liability", unstakeMicros: 0n });
  });
  it("does nothing when not due, no shortfall or nothing staked", () => {
    expect(survival({ ...base, dueAt: new Date("2026-07-01T00:00:00Z") }).outcome).toBe("not_due");
    expect(survival({ ...base, dueAt: null }).outcome).toBe("not_due");
    expect(survival({ ...base, liquidMicros: 100n }).outcome).toBe("no_shortfall");
    expect(survival({ ...base, stakedMicros: 0n }).outcome).toBe("nothing_staked");
  });
});

describe("discovery score", () => {
  it("weights net APY 0.55, log10 TVL 0.25, adapter 0.20; ties by venue id ascending", () => {
    const out = rank([
      { venueId: "zeta", netApyBps: 500, tvlUsd: 1e8, adapterReady: true },
      { venueId: "alpha", netApyBps: 500, tvlUsd: 1e8, adapterReady: true },
      { venueId: "beta", netApyBps: 1000, tvlUsd: 1e8, adapterReady: true },
      { venueId: "gamma", netApyBps: 500, tvlUsd: 1e10, adapterReady: true },
    ]);
    expect(out.map((c) => c.venueId)).toEqual(["beta", "gamma", "alpha", "zeta"]);
    expect(out.map((c) => c.score)).toEqual([0.75, 0.45, 0.2, 0.2]);
  });
  it("equal values normalize to 1; an empty list ranks nothing", () => {
    expect(rank([{ venueId: "a", netApyBps: 1, tvlUsd: 5e7, adapterReady: true }])[0]?.score).toBe(1);
    expect(rank([])).toEqual([]);
  });
});
