// The character auto-yield rules of spec §2.8 and §3.4 as pure functions: stakeable, the selected amount,
// the survival unstake and the discovery score. Integer micros (bigint) throughout; the score is a number.

export interface Tranche {
  amountMicros: bigint;
  stakeable: boolean;
}

/** stakeable = balance − fan-credit liability − non-stakeable conditioned tranches (never below 0); balance = liquid. */
export function stakeableMicros(liquid: bigint, liability: bigint, tranches: readonly Tranche[]): bigint {
  const locked = tranches.filter((t) => !t.stakeable).reduce((s, t) => s + t.amountMicros, 0n);
  const out = liquid - liability - locked;
  return out > 0n ? out : 0n;
}

/** The selected amount: min(requested (default: all stakeable), stakeable, room under max stake); max null = no cap. */
export function selectedAmount(stakeable: bigint, stakedNow: bigint, maxStake: bigint | null, requested?: bigint): { amount: bigint; room: bigint | null } {
  const room = maxStake === null ? null : maxStake > stakedNow ? maxStake - stakedNow : 0n;
  let amount = requested ?? stakeable;
  if (amount > stakeable) amount = stakeable;
  if (room !== null && amount > room) amount = room;
  return { amount, room };
}

export interface SurvivalInput {
  now: Date;
  dueAt: Date | null;
  billMicros: bigint;
  liquidMicros: bigint;
  stakedMicros: bigint;
  liabilityMicros: bigint;
}

export interface SurvivalOutcome {
  outcome: "unstake" | "not_due" | "no_shortfall" | "nothing_staked" | "held_by_liability";
  shortfallMicros: bigint;
  unstakeMicros: bigint;
  reason: string;
}

/**
 * Survival unstake (spec §3.4): when the storage renewal is due, liquid < bill and staked > 0, unstake
 * min(shortfall, staked), never leaving the stake below the fan-credit liability: min(shortfall, staked − liability).
 */
export function survival(i: SurvivalInput): SurvivalOutcome {
  const shortfall = i.billMicros > i.liquidMicros ? i.billMicros - i.liquidMicros : 0n;
  if (i.dueAt === null || i.now.getTime() < i.dueAt.getTime()) {
    return { outcome: "not_due", shortfallMicros: shortfall, unstakeMicros: 0n, reason: i.dueAt ? `storage renewal is due at ${i.dueAt.toISOString()}` : "no storage renewal date is set" };
  }
  if (shortfall === 0n) return { outcome: "no_shortfall", shortfallMicros: 0n, unstakeMicros: 0n, reason: "liquid covers the storage bill" };
  if (i.stakedMicros === 0n) return { outcome: "nothing_staked", shortfallMicros: shortfall, unstakeMicros: 0n, reason: "nothing is staked to unstake" };
  const free = i.stakedMicros > i.liabilityMicros ? i.stakedMicros - i.liabilityMicros : 0n;
  const amount = shortfall < free ? shortfall : free;
  if (amount === 0n) {
    return { outcome: "held_by_liability", shortfallMicros: shortfall, unstakeMicros: 0n, reason: "the stake does not exceed the fan-credit liability; nothing is unstaked" };
  }
  return {
    outcome: "unstake",
    shortfallMicros: shortfall,
    unstakeMicros: amount,
    reason: amount < shortfall ? "unstaked down to the fan-credit liability; the shortfall is not fully covered" : "unstaked the storage shortfall",
  };
}

export interface Candidate {
  venueId: string;
  netApyBps: number;
  tvlUsd: number;
  adapterReady: boolean;
}

function normalizer(values: number[]): (v: number) => number {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return (v) => (max === min ? 1 : (v - min) / (max - min));
}

/**
 * score = 0.55·normalize(net_apy_bps) + 0.25·normalize(log10(tvl_usd)) + 0.20·adapter_ready, min-max
 * normalized over the candidates given (all equal → 1). Sorted by score desc, ties by venue id asc.
 */
export function rank<T extends Candidate>(cands: readonly T[]): (T & { score: number })[] {
  if (cands.length === 0) return [];
  const nApy = normalizer(cands.map((c) => c.netApyBps));
  const nTvl = normalizer(cands.map((c) => Math.log10(Math.max(c.tvlUsd, 1))));
  const scored = cands.map((c) => {
    const raw = 0.55 * nApy(c.netApyBps) + 0.25 * nTvl(Math.log10(Math.max(c.tvlUsd, 1))) + 0.2 * (c.adapterReady ? 1 : 0);
    return { ...c, score: Math.round(raw * 1e6) / 1e6 };
  });
  return scored.sort((a, b) => b.score - a.score || (a.venueId < b.venueId ? -1 : a.venueId > b.venueId ? 1 : 0));
}
