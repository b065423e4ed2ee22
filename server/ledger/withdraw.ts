// POST withdraw (spec §4.3): exits principal, fee 0. Liquid is used first, then stakes are unstaked
// (largest first, then venue id) and the amount leaves the book. Above the balance → blocked, nothing changes.
import type { ChainId } from "../chains/address";
import type { Db } from "../db/client";
import type { NewEvent } from "../events/outbox";
import { type Blocker, blocker } from "../http/codes";
import { newId } from "../ids";
import type { ActivityInsert } from "./activity";
import { type BalanceRow, Book, InsufficientFunds, LIQUID } from "./book";
import { positionEvent } from "./events";
import { basisAfter } from "./position";

export interface WithdrawInput {
  amountMicros: bigint;
  token: string;
  chain?: ChainId;
  txId?: string;
}

export interface WithdrawLeg {
  chain: string;
  amountMicros: bigint;
  fromLiquidMicros: bigint;
  unstaked: { venueId: string; amountMicros: bigint }[];
}

export interface WithdrawDone {
  status: "done";
  wallet: string;
  token: string;
  amountMicros: bigint;
  feeMicros: bigint;
  unstakedMicros: bigint;
  legs: WithdrawLeg[];
  actionId: string;
  position: { liquidMicros: bigint; stakedMicros: bigint };
}

export interface WithdrawBlocked {
  status: "blocked";
  wallet: string;
  amountMicros: bigint;
  availableMicros: bigint;
  blockers: Blocker[];
}

/** Splits an amount over the rows: liquid of every chain first, then stakes, largest first. */
function planWithdraw(rows: BalanceRow[], amount: bigint): Map<string, WithdrawLeg> {
  const legs = new Map<string, WithdrawLeg>();
  const leg = (chain: string) => {
    let l = legs.get(chain);
    if (!l) {
      l = { chain, amountMicros: 0n, fromLiquidMicros: 0n, unstaked: [] };
      legs.set(chain, l);
    }
    return l;
  };
  let left = amount;
  for (const r of rows) {
    if (left === 0n) break;
    if (r.venueId !== LIQUID || r.liquidMicros === 0n) continue;
    const take = r.liquidMicros < left ? r.liquidMicros : left;
    const l = leg(r.chain);
    l.fromLiquidMicros += take;
    l.amountMicros += take;
    left -= take;
  }
  const stakes = rows
    .filter((r) => r.venueId !== LIQUID && r.stakedMicros > 0n)
    .sort((a, b) => (a.stakedMicros === b.stakedMicros ? (a.venueId < b.venueId ? -1 : 1) : a.stakedMicros > b.stakedMicros ? -1 : 1));
  for (const r of stakes) {
    if (left === 0n) break;
    const take = r.stakedMicros < left ? r.stakedMicros : left;
    const l = leg(r.chain);
    l.unstaked.push({ venueId: r.venueId, amountMicros: take });
    l.amountMicros += take;
    left -= take;
  }
  return legs;
}

export async function withdrawMoney(db: Db, wallet: string, input: WithdrawInput): Promise<WithdrawDone | WithdrawBlocked> {
  if (input.amountMicros === 0n) {
    return { status: "blocked", wallet, amountMicros: 0n, availableMicros: 0n, blockers: [blocker("amount_zero")] };
  }
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const book = await Book.lockAll(tx, wallet, input.token, input.chain);
    const rows = book.all();
    let available = 0n;
    for (const r of rows) available += r.liquidMicros + r.stakedMicros;
    if (input.amountMicros > available) {
      const where = input.chain ? ` on ${input.chain}` : "";
      return {
        status: "blocked" as const,
        wallet,
        amountMicros: input.amountMicros,
        availableMicros: available,
        blockers: [blocker("insufficient_balance", `Withdraw of ${input.amountMicros} is above the ${input.token} balance of ${available}${where}`)],
      };
    }
    const legs = [...planWithdraw(rows, input.amountMicros).values()];
    const meta = { actionId, planId: actionId, txId: input.txId ?? null };
    let unstakedTotal = 0n;
    legs.forEach((l, i) => {
      const m = { ...meta, legIndex: i };
      const liquid = { chain: l.chain, token: input.token, venueId: LIQUID };
      for (const u of l.unstaked) {
        const vk = { ...liquid, venueId: u.venueId };
        const r = book.row(vk);
        const basis = basisAfter(r.costBasisMicros, r.stakedMicros, u.amountMicros);
        book.change(vk, "unstake", -u.amountMicros, m);
        book.change(liquid, "unstake", u.amountMicros, m);
        const emptied = r.stakedMicros === 0n;
        book.patch(vk, { costBasisMicros: basis, indexRef: emptied ? null : r.indexRef, openedAt: emptied ? null : r.openedAt });
        unstakedTotal += u.amountMicros;
      }
      book.change(liquid, "debit", -l.amountMicros, m);
    });
    const activity: ActivityInsert[] = legs.map((l, i) => ({
        wallet,
        planId: actionId,
        legIndex: i,
        kind: "withdraw" as const,
        chain: l.chain,
        venueId: l.unstaked[0]?.venueId ?? null,
        token: input.token,
        txId: input.txId ?? null,
        amountInMicros: l.amountMicros,
        amountInSource: "request" as const,
        amountOutMicros: l.amountMicros,
        quotedAmountOutMicros: null,
        status: "settled" as const,
      }));
    const events: NewEvent[] = legs.map((l, i) => ({
      type: "withdraw.settled",
      wallet,
      data: {
        wallet,
        chain: l.chain,
        token: input.token,
        amountMicros: l.amountMicros.toString(),
        unstaked: l.unstaked.map((u) => ({ venueId: u.venueId, amountMicros: u.amountMicros.toString() })),
        planId: actionId,
        legIndex: i,
        txId: input.txId ?? null,
      },
    }));
    for (const l of legs) events.push(positionEvent(wallet, l.chain, input.token, book, "withdraw"));
    await book.flush(tx, { activity, events });
    let liquidAfter = 0n;
    let stakedAfter = 0n;
    for (const r of book.all()) {
      liquidAfter += r.liquidMicros;
      stakedAfter += r.stakedMicros;
    }
    return {
      status: "done" as const,
      wallet,
      token: input.token,
      amountMicros: input.amountMicros,
      feeMicros: 0n,
      unstakedMicros: unstakedTotal,
      legs,
      actionId,
      position: { liquidMicros: liquidAfter, stakedMicros: stakedAfter },
    };
  });
}

export { InsufficientFunds };
