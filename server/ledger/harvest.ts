// POST harvest (permissionless) and POST auto-pay (owner): realized yield is read from the venue only
// (spec §2.6, §4.9): value now = staked × index_now / index_at_stake, gross = value now − staked.
// The protocol skim (fee policy) and the profit fee (off) come out of gross only; the residual compounds
// into principal, or, for auto-pay, is paid to the payees by bps with the remainder compounding.
import type { Db } from "../db/client";
import type { NewEvent } from "../events/outbox";
import { feePolicy, profitFeeOf, skimOf } from "../fees/policy";
import { newId } from "../ids";
import { readVenueIndex } from "../venues/readers";
import type { IndexRead } from "../venues/shared/read";
import type { ActivityInsert } from "./activity";
import { type BalanceRow, Book, LIQUID, walletRows } from "./book";
import { positionEvent } from "./events";
import { valueNow } from "./position";

export interface Payee {
  address: string;
  bps: number;
}

export interface HarvestPosition {
  chain: string;
  token: string;
  venueId: string;
  stakedMicros: bigint;
  grossYieldMicros: bigint;
  protocolFeeMicros: bigint;
  netYieldMicros: bigint;
  indexSource: string | null;
  reason: string | null;
}

export interface HarvestResult {
  schemaVersion: "harvest-plan.v1" | "svc-harvest.v1";
  wallet: string;
  mode: "harvest" | "no_op_harvest" | "prepare";
  outcome: "done" | "no_op" | "no_yield" | "unavailable" | "prepared";
  reason: string | null;
  prepared: boolean;
  grossYieldMicros: bigint;
  protocolFeeMicros: bigint;
  skimMicros: bigint;
  profitFeeMicros: bigint;
  netYieldMicros: bigint;
  compoundedMicros: bigint;
  paidMicros: bigint;
  payouts: { address: string; bps: number; chain: string; venueId: string; amountMicros: bigint }[];
  positions: HarvestPosition[];
  actionId: string | null;
}

interface Computed {
  row: BalanceRow;
  read: IndexRead;
  gross: bigint;
  skim: bigint;
  profit: bigint;
  reason: string | null;
}

function compute(row: BalanceRow, read: IndexRead, skimBps: number): Computed {
  if (!read.ok) return { row, read, gross: 0n, skim: 0n, profit: 0n, reason: read.reason };
  if (row.indexRef === null) {
    return { row, read, gross: 0n, skim: 0n, profit: 0n, reason: `no ${row.venueId} index was recorded at stake time; the index now is recorded and yield counts from here` };
  }
  const value = valueNow(row.stakedMicros, row.indexRef, read.index) ?? row.stakedMicros;
  const gross = value > row.stakedMicros ? value - row.stakedMicros : 0n;
  const reason = value < row.stakedMicros ? `${row.venueId} reports a value below principal; no yield to harvest` : null;
  return { row, read, gross, skim: skimOf(gross, skimBps), profit: profitFeeOf(gross), reason };
}

const empty = (wallet: string): HarvestResult => ({
  schemaVersion: "svc-harvest.v1",
  wallet,
  mode: "no_op_harvest",
  outcome: "no_op",
  reason: "nothing staked",
  prepared: false,
  grossYieldMicros: 0n,
  protocolFeeMicros: 0n,
  skimMicros: 0n,
  profitFeeMicros: 0n,
  netYieldMicros: 0n,
  compoundedMicros: 0n,
  paidMicros: 0n,
  payouts: [],
  positions: [],
  actionId: null,
});

function summarize(wallet: string, list: Computed[], prepared: boolean): HarvestResult {
  let gross = 0n;
  let skim = 0n;
  let profit = 0n;
  const reasons: string[] = [];
  const positions = list.map((c) => {
    gross += c.gross;
    skim += c.skim;
    profit += c.profit;
    if (c.reason) reasons.push(c.reason);
    return {
      chain: c.row.chain,
      token: c.row.token,
      venueId: c.row.venueId,
      stakedMicros: c.row.stakedMicros,
      grossYieldMicros: c.gross,
      protocolFeeMicros: c.skim + c.profit,
      netYieldMicros: c.gross - c.skim - c.profit,
      indexSource: c.read.ok ? c.read.source : null,
      reason: c.reason,
    };
  });
  const allUnavailable = list.every((c) => !c.read.ok);
  const outcome: HarvestResult["outcome"] = prepared ? "prepared" : gross > 0n ? "done" : allUnavailable ? "unavailable" : "no_yield";
  const net = gross - skim - profit;
  return {
    schemaVersion: prepared ? "harvest-plan.v1" : "svc-harvest.v1",
    wallet,
    mode: prepared ? "prepare" : "harvest",
    outcome,
    reason: reasons.length ? [...new Set(reasons)].join("; ") : null,
    prepared,
    grossYieldMicros: gross,
    protocolFeeMicros: skim + profit,
    skimMicros: skim,
    profitFeeMicros: profit,
    netYieldMicros: net,
    compoundedMicros: prepared ? 0n : net,
    paidMicros: 0n,
    payouts: [],
    positions,
    actionId: null,
  };
}

/** Harvests every staked position of the wallet (optionally one chain); `execute: false` only prepares. */
export async function harvest(db: Db, wallet: string, opts: { execute: boolean; chain?: string; payees?: Payee[] }): Promise<HarvestResult> {
  const staked = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && r.stakedMicros > 0n && (!opts.chain || r.chain === opts.chain));
  if (staked.length === 0) return empty(wallet);
  // Venue reads happen before the transaction; each venue is read once.
  const venues = [...new Set(staked.map((r) => r.venueId))];
  const reads = new Map(await Promise.all(venues.map(async (v) => [v, await readVenueIndex(v)] as const)));
  const skimBps = feePolicy().yieldSkimBps;
  if (!opts.execute) {
    return summarize(
      wallet,
      staked.map((r) => compute(r, reads.get(r.venueId) ?? { ok: false, reason: "not read" }, skimBps)),
      true,
    );
  }
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const book = await Book.lock(
      tx,
      wallet,
      staked.flatMap((r) => [
        { chain: r.chain, token: r.token, venueId: r.venueId },
        { chain: r.chain, token: r.token, venueId: LIQUID },
      ]),
    );
    const list = staked.map((r) => compute(book.row(r), reads.get(r.venueId) ?? { ok: false, reason: "not read" }, skimBps));
    const result = summarize(wallet, list, false);
    const meta = { actionId, planId: actionId, txId: null };
    const payees = opts.payees ?? [];
    const events: NewEvent[] = [];
    const chains = new Set<string>();
    let compounded = 0n;
    let leg = 0;
    const legs: ActivityInsert[] = [];
    for (const c of list) {
      const key = { chain: c.row.chain, token: c.row.token, venueId: c.row.venueId };
      const net = c.gross - c.skim - c.profit;
      // The index now becomes the reference: what is left after the harvest is worth 1:1 at it.
      if (c.read.ok) book.patch(key, { indexRef: c.read.index });
      if (net <= 0n) continue;
      chains.add(c.row.chain);
      book.change(key, "harvest", net, { ...meta, legIndex: null });
      let paid = 0n;
      for (const p of payees) {
        const amount = (net * BigInt(p.bps)) / 10_000n;
        if (amount === 0n) continue;
        book.change(key, "payout", -amount, { ...meta, legIndex: leg }, p.address);
        legs.push({
          wallet,
          planId: actionId,
          legIndex: leg++,
          kind: "withdraw",
          chain: c.row.chain,
          venueId: c.row.venueId,
          token: c.row.token,
          txId: null,
          amountInMicros: amount,
          amountInSource: "request",
          amountOutMicros: amount,
          quotedAmountOutMicros: null,
          status: "settled",
        });
        result.payouts.push({ address: p.address, bps: p.bps, chain: c.row.chain, venueId: c.row.venueId, amountMicros: amount });
        paid += amount;
      }
      result.paidMicros += paid;
      compounded += net - paid;
      const r = book.row(key);
      book.patch(key, { realizedYieldMicros: r.realizedYieldMicros + net });
    }
    result.compoundedMicros = compounded;
    result.actionId = actionId;
    if (result.grossYieldMicros > 0n) {
      events.push({
        type: "harvest.completed",
        wallet,
        data: {
          wallet,
          actionId,
          grossYieldMicros: result.grossYieldMicros.toString(),
          protocolFeeMicros: result.protocolFeeMicros.toString(),
          netYieldMicros: result.netYieldMicros.toString(),
          compoundedMicros: result.compoundedMicros.toString(),
          paidMicros: result.paidMicros.toString(),
          positions: result.positions.map((p) => ({ chain: p.chain, venueId: p.venueId, grossYieldMicros: p.grossYieldMicros.toString(), netYieldMicros: p.netYieldMicros.toString() })),
        },
      });
      for (const chain of chains) events.push(positionEvent(wallet, chain, staked[0]?.token ?? "USDC", book, "harvest"));
    }
    await book.flush(tx, { activity: legs, events });
    return result;
  });
}
