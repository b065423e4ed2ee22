// The autopilot's monthly re-rank (spec §2.1, §3.4, §4.5), within one chain only: the pick is the ready venue
// on that chain with the top live 30-day APY from the stored snapshot (a null APY is never picked; ties by
// venue id). The current venue is where the wallet holds the most stake on that chain (ties: venue id), else
// the target of its last decision there. Switch only when the pick beats the current venue by ≥ 700 bps.
// A decision never moves money: a switch carries a within-chain rebalance plan the owner signs.
import { allLiveApys, type LiveApy } from "../catalog/apy";
import type { ChainId } from "../chains/address";
import type { Db } from "../db/client";
import { LIQUID, walletRows } from "../ledger/book";
import { AUTOPILOT, venuesOn } from "../venues";
import type { Decision, SwitchPlan } from "./decision";
import { lastDecision } from "./store";

export const MONTH_MS = 30 * 86_400_000;

export interface Pick {
  venueId: string;
  apy: LiveApy;
}

/** The top live 30-day APY among ready venues on the chain; null APYs are never picked. */
export function pickOn(chain: ChainId, apys: Map<string, LiveApy>): Pick | null {
  let best: Pick | null = null;
  for (const v of venuesOn(chain)) {
    const a = apys.get(v.id);
    if (!v.ready || !a || a.status !== "live" || a.apy30dBps === null) continue;
    const top = best?.apy.apy30dBps ?? null;
    if (!best || top === null || a.apy30dBps > top || (a.apy30dBps === top && v.id < best.venueId)) best = { venueId: v.id, apy: a };
  }
  return best;
}

/** Where the wallet holds the most stake on the chain (ties: venue id), with the amount. */
async function heldOn(db: Db, wallet: string, chain: ChainId): Promise<{ venueId: string; staked: bigint } | null> {
  let best: { venueId: string; staked: bigint } | null = null;
  for (const r of await walletRows(db, wallet)) {
    if (r.chain !== chain || r.venueId === LIQUID || r.stakedMicros <= 0n) continue;
    if (!best || r.stakedMicros > best.staked || (r.stakedMicros === best.staked && r.venueId < best.venueId)) best = { venueId: r.venueId, staked: r.stakedMicros };
  }
  return best;
}

export async function computeDecision(db: Db, wallet: string, chain: ChainId): Promise<Decision> {
  const threshold = AUTOPILOT.switchThresholdBps;
  const apys = await allLiveApys(db);
  const pick = pickOn(chain, apys);
  const held = await heldOn(db, wallet, chain);
  const currentVenueId = held?.venueId ?? (await lastDecision(db, wallet, chain))?.targetVenueId ?? null;
  const current = currentVenueId ? apys.get(currentVenueId) : undefined;
  const currentApy = current && current.status === "live" ? current.apy30dBps : null;
  const base = {
    wallet,
    chain,
    currentVenueId,
    currentApy30dBps: currentApy,
    pickVenueId: pick?.venueId ?? null,
    pickApy30dBps: pick?.apy.apy30dBps ?? null,
    deltaBps: null as number | null,
    thresholdBps: threshold,
    source: pick?.apy.source ?? current?.source ?? null,
    asOf: pick?.apy.asOf ? new Date(pick.apy.asOf) : null,
    plan: null as SwitchPlan | null,
  };
  if (!pick) {
    return { ...base, action: "none", targetVenueId: currentVenueId, reason: `no ready venue on ${chain} has a live 30-day APY; nothing is picked` };
  }
  if (!currentVenueId) {
    return { ...base, action: "select", targetVenueId: pick.venueId, reason: `nothing held on ${chain}: ${pick.venueId} (top live 30-day APY) becomes the target for new money` };
  }
  if (currentVenueId === pick.venueId) {
    return { ...base, action: "hold", deltaBps: 0, targetVenueId: currentVenueId, reason: `${currentVenueId} already has the top live 30-day APY on ${chain}` };
  }
  if (currentApy === null) {
    return {
      ...base,
      action: "hold",
      targetVenueId: currentVenueId,
      reason: `the current venue ${currentVenueId} has no live 30-day APY to compare; the autopilot does not switch on missing data`,
    };
  }
  const pickApy = pick.apy.apy30dBps ?? 0;
  const delta = pickApy - currentApy;
  if (delta < threshold) {
    return {
      ...base,
      action: "hold",
      deltaBps: delta,
      targetVenueId: currentVenueId,
      reason: `${pick.venueId} beats ${currentVenueId} by ${delta} bps, below the ${threshold} bps switch threshold`,
    };
  }
  const plan: SwitchPlan = {
    kind: "rebalance",
    status: "prepared",
    ownerMustSign: true,
    submitted: false,
    chain,
    fromStrategyId: currentVenueId,
    toStrategyId: pick.venueId,
    amountMicros: (held?.venueId === currentVenueId ? held.staked : 0n).toString(),
    endpoint: `POST /api/v1/wallets/${wallet}/rebalance`,
    body: { fromStrategyId: currentVenueId, toStrategyId: pick.venueId },
  };
  return {
    ...base,
    action: "switch",
    deltaBps: delta,
    targetVenueId: pick.venueId,
    plan,
    reason: `${pick.venueId} beats ${currentVenueId} by ${delta} bps (≥ ${threshold}): switch within ${chain}; the owner signs the rebalance`,
  };
}
