// Which venue a route stakes into (issue 4): the strategyId when given (the automated strategy means its
// pick on that chain); else the autopilot pick on that chain (top live 30-day APY among ready venues);
// else the ready venue with the highest live gross APY; else blocked no_ready_venue. When the wallet's
// autopilot is enabled on that chain, its last decision's target (a ready venue) is the autopilot pick.
import { lastDecision, settingsOf } from "../autopilot/store";
import { allLiveApys } from "../catalog/apy";
import type { ChainId } from "../chains/address";
import type { Db } from "../db/client";
import { type Blocker, blocker } from "../http/codes";
import { getVenue, resolveStrategyId, type VenueDescriptor, venuesOn } from "../venues";

/** The wallet's own autopilot target on the chain, when its autopilot is enabled there and has decided. */
async function walletAutopilotTarget(db: Db, wallet: string, chain: ChainId): Promise<VenueDescriptor | null> {
  const s = await settingsOf(db, wallet);
  if (!s?.enabled || s.chain !== chain) return null;
  const target = (await lastDecision(db, wallet, chain))?.targetVenueId;
  const v = target ? getVenue(target) : undefined;
  return v?.ready && v.chain === chain ? v : null;
}

export type VenueChoice = { venue: VenueDescriptor; how: "strategyId" | "autopilot" | "top_live_apy" } | { blocker: Blocker };

async function defaultOn(db: Db, chain: ChainId, wallet: string | undefined): Promise<VenueChoice> {
  const mine = wallet ? await walletAutopilotTarget(db, wallet, chain) : null;
  if (mine) return { venue: mine, how: "autopilot" };
  const ready = venuesOn(chain).filter((v) => v.ready);
  if (ready.length === 0) return { blocker: blocker("no_ready_venue", `No ready venue on ${chain} to stake into`) };
  const apys = await allLiveApys(db);
  const best = (pick: (id: string) => number | null) => {
    let top: { v: VenueDescriptor; n: number } | null = null;
    for (const v of ready) {
      const n = pick(v.id);
      if (n === null) continue;
      if (!top || n > top.n || (n === top.n && v.id < top.v.id)) top = { v, n };
    }
    return top?.v ?? null;
  };
  const live = (id: string) => {
    const a = apys.get(id);
    return a && a.status === "live" ? a : null;
  };
  const auto = best((id) => live(id)?.apy30dBps ?? null);
  if (auto) return { venue: auto, how: "autopilot" };
  const top = best((id) => live(id)?.grossApyBps ?? null);
  if (top) return { venue: top, how: "top_live_apy" };
  return { blocker: blocker("no_ready_venue", `No ready venue on ${chain} has a live APY to choose by; pass a strategyId`) };
}

export async function chooseVenue(db: Db, chain: ChainId, strategyId: string | undefined, wallet?: string): Promise<VenueChoice> {
  if (strategyId === undefined) return defaultOn(db, chain, wallet);
  const r = resolveStrategyId(strategyId);
  if (!r.venue) return defaultOn(db, chain, wallet);
  const v = r.venue;
  if (v.chain !== chain) return { blocker: blocker("venue_wrong_chain", `${v.id} is on ${v.chain}, not ${chain}`) };
  if (!v.ready) return { blocker: blocker("venue_not_ready", `${v.id} is not ready for deposits`) };
  return { venue: v, how: "strategyId" };
}
