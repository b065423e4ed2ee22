// Character money actions on its wallet's ledger (spec §2.8, §3.4, §4.9): owner stake and unstake (blocked
// while auto-yield is off) and the keeper's survival unstake. Each is one transaction with its journal,
// activity rows and events; venue reads happen before it.
import { and, desc, eq } from "drizzle-orm";
import { allLiveApys } from "../catalog/apy";
import { estimates, estimatesWire } from "../catalog/estimates";
import type { ChainId } from "../chains/address";
import type { Db, DbOrTx } from "../db/client";
import { characters, ledgerEntries } from "../db/schema";
import type { NewEvent } from "../events/outbox";
import { feePolicy } from "../fees/policy";
import { type Blocker, blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import type { ActivityInsert } from "../ledger/activity";
import { type BalanceRow, Book, LIQUID, walletRows } from "../ledger/book";
import { positionEvent } from "../ledger/events";
import { basisAfter, mergedIndex } from "../ledger/position";
import { getVenue, resolveVenue, type VenueDescriptor } from "../venues";
import { readVenueIndex } from "../venues/readers";
import { allowlist, discover } from "./discover";
import { selectedAmount, stakeableMicros, survival } from "./rules";
import { type CharacterRow, tranchesOf } from "./store";

const TOKEN = "USDC";

/** Locks the character row first (before any balance row) and returns its current values. */
async function lockCharacter(tx: DbOrTx, id: string): Promise<CharacterRow> {
  const [row] = await tx.select().from(characters).where(eq(characters.id, id)).for("update");
  if (!row) throw new ApiError("NOT_FOUND", `Character ${id} not found`);
  return row;
}

function totals(rows: BalanceRow[], chain: string) {
  let liquid = 0n;
  let staked = 0n;
  const positions: { venueId: string; stakedMicros: bigint }[] = [];
  for (const r of rows) {
    if (r.chain !== chain || r.token !== TOKEN) continue;
    if (r.venueId === LIQUID) liquid += r.liquidMicros;
    else if (r.stakedMicros > 0n) {
      staked += r.stakedMicros;
      positions.push({ venueId: r.venueId, stakedMicros: r.stakedMicros });
    }
  }
  positions.sort((a, b) => (b.stakedMicros > a.stakedMicros ? 1 : b.stakedMicros < a.stakedMicros ? -1 : a.venueId < b.venueId ? -1 : 1));
  return { liquid, staked, positions };
}

export async function characterBalances(db: Db, c: CharacterRow) {
  const t = totals(await walletRows(db, c.wallet), c.chain);
  const stakeable = stakeableMicros(t.liquid, c.fanCreditLiabilityMicros, tranchesOf(c));
  const locked = tranchesOf(c)
    .filter((x) => !x.stakeable)
    .reduce((s, x) => s + x.amountMicros, 0n);
  const { amount } = selectedAmount(stakeable, t.staked, c.maxStakeMicros);
  return { ...t, stakeable, locked, selectable: amount };
}

/** GET …/auto-yield: status, venue, staked, APY (null when the read fails), last harvest and labeled estimates. */
export async function autoYieldStatus(db: Db, c: CharacterRow) {
  const b = await characterBalances(db, c);
  const venueId = c.targetVenue ?? b.positions[0]?.venueId ?? null;
  const apy = venueId ? (await allLiveApys(db)).get(venueId) : undefined;
  const live = apy && apy.status === "live" ? apy : null;
  const skim = feePolicy().yieldSkimBps;
  const est = estimates(live?.grossApyBps ?? null, b.staked, skim);
  const [h] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.wallet, c.wallet), eq(ledgerEntries.chain, c.chain), eq(ledgerEntries.kind, "harvest")))
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  return {
    schemaVersion: "auto-yield-status.v1" as const,
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain,
    auto_yield_enabled: c.autoYieldEnabled,
    target_venue: c.targetVenue,
    max_stake_micros: c.maxStakeMicros === null ? null : c.maxStakeMicros.toString(),
    enabled_at: c.enabledAt?.toISOString() ?? null,
    risk_envelope: { allowed_venues: c.allowedVenues, min_tvl_usd: c.minTvlUsd },
    venue: venueId,
    liquidMicros: b.liquid.toString(),
    stakedMicros: b.staked.toString(),
    stakeableMicros: b.stakeable.toString(),
    fanCreditLiabilityMicros: c.fanCreditLiabilityMicros.toString(),
    lockedTrancheMicros: b.locked.toString(),
    positions: b.positions.map((p) => ({ venueId: p.venueId, stakedMicros: p.stakedMicros.toString() })),
    grossApyBps: live?.grossApyBps ?? null,
    netApyBps: est.netApyBps,
    apySource: apy?.source ?? null,
    apyAsOf: apy?.asOf ?? null,
    apyReason: venueId ? (live ? null : (apy?.reason ?? "no live APY")) : "no venue chosen and nothing staked",
    lastHarvest: h ? { at: h.createdAt.toISOString(), netYieldMicros: h.amountMicros.toString(), venueId: h.venueId } : null,
    estimates: { ...estimatesWire(est), label: "estimate, not a guarantee" },
  };
}

export interface MoneyInput {
  amountMicros?: bigint;
  venue?: string;
}

export type Blocked = { status: "blocked"; characterId: string; wallet: string; blockers: Blocker[] };

async function pickVenue(db: Db, c: CharacterRow, input: MoneyInput, selectable: bigint, stakeable: bigint): Promise<VenueDescriptor | Blocker> {
  const named = input.venue ?? c.targetVenue;
  if (named) return resolveVenue(named, "body.venue");
  const d = await discover(db, {
    characterId: c.id,
    chain: c.chain,
    allowedVenues: c.allowedVenues,
    minTvlUsd: c.minTvlUsd,
    stakeableMicros: stakeable,
    selectedAmountMicros: selectable,
    autoYieldEnabled: c.autoYieldEnabled,
  });
  const v = d.plan.selected ? getVenue(d.plan.selected.venue) : undefined;
  // The plan's blockers, not discovery's: discovery can list eligible pools while the plan selects nothing
  // because nothing is stakeable or the max stake is reached (spec §2.8 rule 2).
  return v ?? d.plan.blockers[0] ?? blocker("no_eligible_pool");
}

/** stakeable_zero with the figures behind it (spec §2.8: stakeable = balance − liability − locked tranches). */
function nothingStakeable(liquid: bigint, c: CharacterRow): Blocker {
  const locked = tranchesOf(c)
    .filter((x) => !x.stakeable)
    .reduce((s, x) => s + x.amountMicros, 0n);
  return blocker(
    "stakeable_zero",
    `Nothing is stakeable: liquid ${liquid} − fan-credit liability ${c.fanCreditLiabilityMicros} − non-stakeable tranches ${locked} micro-USDC leaves nothing to stake`,
  );
}

export async function stake(db: Db, c: CharacterRow, input: MoneyInput) {
  const blocked = (b: Blocker): Blocked => ({ status: "blocked", characterId: c.id, wallet: c.wallet, blockers: [b] });
  if (!c.autoYieldEnabled) return blocked(blocker("auto_yield_disabled"));
  if (input.amountMicros === 0n) return blocked(blocker("amount_zero"));
  const pre = await characterBalances(db, c);
  const v = await pickVenue(db, c, input, pre.selectable, pre.stakeable);
  if (!("id" in v)) return blocked(v.code === "stakeable_zero" ? nothingStakeable(pre.liquid, c) : v);
  if (v.chain !== c.chain) return blocked(blocker("venue_wrong_chain", `${v.id} is on ${v.chain}, not ${c.chain}`));
  if (!allowlist(c.allowedVenues).has(v.id)) return blocked(blocker("venue_not_allowed", `${v.id} is not on the auto-yield allowlist`));
  if (!v.ready) return blocked(blocker("venue_not_ready", `${v.id} is not ready`));
  if (!v.writeReady) return blocked(blocker("adapter_not_ready", `${v.id}'s adapter is not ready`));
  const apy = (await allLiveApys(db)).get(v.id);
  if (apy?.status !== "live" || apy.grossApyBps === null) return blocked(blocker("apy_unavailable", `${v.id} has no live gross APY`));
  const read = await readVenueIndex(v.id);
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    // The liability, tranches, cap and toggle as they are now, held until commit (a concurrent PUT waits).
    const cur = await lockCharacter(tx, c.id);
    if (!cur.autoYieldEnabled) return blocked(blocker("auto_yield_disabled"));
    const liquid = { chain: c.chain, token: TOKEN, venueId: LIQUID };
    const vk = { ...liquid, venueId: v.id };
    await Book.lock(tx, c.wallet, [liquid, vk]);
    const book = await Book.lockAll(tx, c.wallet, TOKEN, c.chain);
    const t = totals(book.all(), c.chain);
    const stakeable = stakeableMicros(t.liquid, cur.fanCreditLiabilityMicros, tranchesOf(cur));
    if (stakeable === 0n) return blocked(nothingStakeable(t.liquid, cur));
    const { amount, room } = selectedAmount(stakeable, t.staked, cur.maxStakeMicros, input.amountMicros);
    if (amount === 0n) return blocked(blocker("max_stake_reached"));
    const before = book.row(vk);
    const meta = { actionId, planId: actionId, legIndex: 0, txId: null };
    book.patch(vk, {
      costBasisMicros: before.costBasisMicros + amount,
      indexRef: mergedIndex(before.stakedMicros, before.indexRef, amount, read.ok ? read.index : null),
      openedAt: before.openedAt ?? new Date(),
    });
    book.change(liquid, "stake", -amount, meta);
    const venueStaked = book.change(vk, "stake", amount, meta);
    const pos = positionEvent(c.wallet, c.chain, TOKEN, book, "auto_yield_stake");
    await book.flush(tx, {
      activity: [
        { wallet: c.wallet, planId: actionId, legIndex: 0, kind: "deposit", chain: c.chain, venueId: v.id, token: TOKEN, txId: null, amountInMicros: amount, amountInSource: "request", amountOutMicros: amount, quotedAmountOutMicros: null, status: "settled" },
      ],
      events: [
        { type: "deposit.settled", wallet: c.wallet, data: { wallet: c.wallet, characterId: c.id, chain: c.chain, token: TOKEN, venueId: v.id, amountMicros: amount.toString(), planId: actionId, legIndex: 0, txId: null } },
        { ...pos, data: { ...pos.data, characterId: c.id } },
      ],
    });
    return {
      status: "done" as const,
      characterId: c.id,
      wallet: c.wallet,
      chain: c.chain,
      venue: v.id,
      requestedMicros: input.amountMicros === undefined ? null : input.amountMicros.toString(),
      amountMicros: amount.toString(),
      capped: input.amountMicros !== undefined && amount < input.amountMicros,
      stakeableMicros: stakeable.toString(),
      maxStakeRoomMicros: room === null ? null : room.toString(),
      feeMicros: "0",
      actionId,
      position: { liquidMicros: book.row(liquid).liquidMicros.toString(), venueStakedMicros: venueStaked.toString() },
    };
  });
}

/** Unstakes from the given venue, else largest stake first (ties: venue id); never more than staked. */
function unstakeLegs(positions: { venueId: string; stakedMicros: bigint }[], amount: bigint): { venueId: string; amount: bigint }[] {
  const legs: { venueId: string; amount: bigint }[] = [];
  let left = amount;
  for (const p of positions) {
    if (left === 0n) break;
    const take = p.stakedMicros < left ? p.stakedMicros : left;
    if (take > 0n) legs.push({ venueId: p.venueId, amount: take });
    left -= take;
  }
  return legs;
}

async function applyUnstake(
  db: Db,
  c: CharacterRow,
  decide: (t: ReturnType<typeof totals>, cur: CharacterRow) => { amount: bigint; venue?: string } | Blocker,
  reason: string,
  extra: (t: ReturnType<typeof totals>, cur: CharacterRow) => Record<string, unknown>,
) {
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const cur = await lockCharacter(tx, c.id);
    const book = await Book.lockAll(tx, c.wallet, TOKEN, c.chain);
    const t = totals(book.all(), c.chain);
    const d = decide(t, cur);
    if ("code" in d) return { blocked: d, t, cur, legs: [], actionId: null };
    const from = d.venue ? t.positions.filter((p) => p.venueId === d.venue) : t.positions;
    const legs = unstakeLegs(from, d.amount);
    if (legs.length === 0) return { blocked: null, t, cur, legs, actionId: null };
    const liquid = { chain: c.chain, token: TOKEN, venueId: LIQUID };
    // The liquid row exists whenever something was staked from it; a stake recorded straight into a venue may lack one.
    const lockedLiquid = book.has(liquid) ? book : await Book.lock(tx, c.wallet, [liquid, ...legs.map((l) => ({ ...liquid, venueId: l.venueId }))]);
    const meta = { actionId, planId: actionId, txId: null };
    legs.forEach((l, i) => {
      const vk = { ...liquid, venueId: l.venueId };
      const r = lockedLiquid.row(vk);
      lockedLiquid.patch(vk, { costBasisMicros: basisAfter(r.costBasisMicros, r.stakedMicros, l.amount) });
      lockedLiquid.change(vk, "unstake", -l.amount, { ...meta, legIndex: i });
      lockedLiquid.change(liquid, "unstake", l.amount, { ...meta, legIndex: i });
      if (lockedLiquid.row(vk).stakedMicros === 0n) lockedLiquid.patch(vk, { indexRef: null, openedAt: null });
    });
    const activity: ActivityInsert[] = legs.map((l, i) => ({
        wallet: c.wallet,
        planId: actionId,
        legIndex: i,
        kind: "withdraw" as const,
        chain: c.chain,
        venueId: l.venueId,
        token: TOKEN,
        txId: null,
        amountInMicros: l.amount,
        amountInSource: "request" as const,
        amountOutMicros: l.amount,
        quotedAmountOutMicros: null,
      status: "settled" as const,
    }));
    const pos = positionEvent(c.wallet, c.chain, TOKEN, lockedLiquid, reason);
    const total = legs.reduce((s, l) => s + l.amount, 0n);
    const ev: NewEvent = {
      ...pos,
      data: { ...pos.data, characterId: c.id, unstakedMicros: total.toString(), legs: legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })), ...extra(t, cur) },
    };
    await lockedLiquid.flush(tx, { activity, events: [ev] });
    return { blocked: null, t, cur, legs, actionId, after: totals(lockedLiquid.all(), c.chain) };
  });
}

export async function unstake(db: Db, c: CharacterRow, input: MoneyInput) {
  const blocked = (b: Blocker): Blocked => ({ status: "blocked", characterId: c.id, wallet: c.wallet, blockers: [b] });
  if (!c.autoYieldEnabled) return blocked(blocker("auto_yield_disabled"));
  if (input.amountMicros === 0n) return blocked(blocker("amount_zero"));
  const venue = input.venue ? resolveVenue(input.venue, "body.venue").id : undefined;
  const r = await applyUnstake(
    db,
    c,
    (t, cur) => {
      if (!cur.autoYieldEnabled) return blocker("auto_yield_disabled");
      const from = venue ? t.positions.filter((p) => p.venueId === venue) : t.positions;
      const staked = from.reduce((s, p) => s + p.stakedMicros, 0n);
      if (staked === 0n) return blocker("nothing_staked", venue ? `Nothing is staked at ${venue}` : "Nothing is staked");
      const amount = input.amountMicros ?? staked;
      if (amount > staked) return blocker("insufficient_balance", `Unstake of ${amount} is above the ${staked} staked`);
      return { amount, venue };
    },
    "auto_yield_unstake",
    () => ({}),
  );
  if (r.blocked) return blocked(r.blocked);
  const after = r.after ?? r.t;
  return {
    status: "done" as const,
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain,
    amountMicros: r.legs.reduce((s, l) => s + l.amount, 0n).toString(),
    legs: r.legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })),
    feeMicros: "0",
    actionId: r.actionId,
    position: { liquidMicros: after.liquid.toString(), stakedMicros: after.staked.toString() },
  };
}

/** Keeper survival unstake (spec §3.4); runs whether auto-yield is on or off (the one automatic exception). */
export async function survivalUnstake(db: Db, c: CharacterRow, now = new Date()) {
  let outcome: ReturnType<typeof survival> | null = null;
  const r = await applyUnstake(
    db,
    c,
    (t, cur) => {
      outcome = survival({ now, dueAt: cur.storageRenewalDueAt, billMicros: cur.storageBillMicros, liquidMicros: t.liquid, stakedMicros: t.staked, liabilityMicros: cur.fanCreditLiabilityMicros });
      return { amount: outcome.unstakeMicros };
    },
    "survival_storage",
    (t, cur) => ({
      billMicros: cur.storageBillMicros.toString(),
      liquidBeforeMicros: t.liquid.toString(),
      fanCreditLiabilityMicros: cur.fanCreditLiabilityMicros.toString(),
      storageRenewalDueAt: cur.storageRenewalDueAt?.toISOString() ?? null,
    }),
  );
  const o = outcome as ReturnType<typeof survival> | null;
  const after = r.after ?? r.t;
  return {
    schemaVersion: "auto-yield-survival.v1" as const,
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain as ChainId,
    outcome: r.legs.length ? ("unstaked" as const) : o && o.outcome !== "unstake" ? o.outcome : ("not_due" as const),
    reason: o?.reason ?? "",
    eventReason: r.legs.length ? ("survival_storage" as const) : null,
    storageRenewalDueAt: r.cur.storageRenewalDueAt?.toISOString() ?? null,
    billMicros: r.cur.storageBillMicros.toString(),
    fanCreditLiabilityMicros: r.cur.fanCreditLiabilityMicros.toString(),
    liquidBeforeMicros: r.t.liquid.toString(),
    stakedBeforeMicros: r.t.staked.toString(),
    shortfallMicros: (o?.shortfallMicros ?? 0n).toString(),
    unstakedMicros: r.legs.reduce((s, l) => s + l.amount, 0n).toString(),
    legs: r.legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })),
    liquidAfterMicros: after.liquid.toString(),
    stakedAfterMicros: after.staked.toString(),
    actionId: r.actionId,
  };
}
