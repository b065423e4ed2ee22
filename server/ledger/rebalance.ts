// POST rebalance (owner): moves staked principal between two venues of one chain. A move across chains is
// never a silent rebalance (spec §1 item 4): it is blocked with a hint to use a bridge plan.
import type { Db } from "../db/client";
import { type Blocker, blocker } from "../http/codes";
import { newId } from "../ids";
import { resolveVenue } from "../venues";
import { readVenueIndex } from "../venues/readers";
import { Book, LIQUID } from "./book";
import { positionEvent } from "./events";
import { basisAfter, mergedIndex } from "./position";

export interface RebalanceInput {
  fromStrategyId: string;
  toStrategyId: string;
  amountMicros?: bigint;
}

export type RebalanceResult =
  | {
      status: "done";
      wallet: string;
      chain: string;
      fromVenueId: string;
      toVenueId: string;
      amountMicros: bigint;
      feeMicros: bigint;
      actionId: string;
      position: { fromStakedMicros: bigint; toStakedMicros: bigint };
    }
  | { status: "blocked"; wallet: string; blockers: Blocker[] };

export async function rebalance(db: Db, wallet: string, input: RebalanceInput): Promise<RebalanceResult> {
  const from = resolveVenue(input.fromStrategyId, "body.fromStrategyId");
  const to = resolveVenue(input.toStrategyId, "body.toStrategyId");
  const blocked = (b: Blocker): RebalanceResult => ({ status: "blocked", wallet, blockers: [b] });
  if (from.chain !== to.chain) {
    return blocked(
      blocker(
        "cross_chain_rebalance",
        `${from.id} is on ${from.chain} and ${to.id} on ${to.chain}: rebalance stays within one chain; move funds across chains with a bridge plan (POST /api/v1/svc/bridge/plan), then route`,
      ),
    );
  }
  if (from.id === to.id) return blocked(blocker("venue_not_allowed", "The source and destination venue are the same"));
  if (!to.ready) return blocked(blocker("venue_not_ready", `${to.id} is not ready for deposits`));
  if (input.amountMicros === 0n) return blocked(blocker("amount_zero"));
  const read = await readVenueIndex(to.id);
  const actionId = newId("act");
  const chain = from.chain;
  const token = from.token;
  return db.transaction(async (tx) => {
    const liquid = { chain, token, venueId: LIQUID };
    const fk = { ...liquid, venueId: from.id };
    const tk = { ...liquid, venueId: to.id };
    const book = await Book.lock(tx, wallet, [liquid, fk, tk]);
    const f = book.row(fk);
    const amount = input.amountMicros ?? f.stakedMicros;
    if (f.stakedMicros === 0n) return blocked(blocker("nothing_staked", `Nothing is staked at ${from.id}`));
    if (amount > f.stakedMicros) {
      return blocked(blocker("insufficient_balance", `Rebalance of ${amount} is above the ${f.stakedMicros} staked at ${from.id}`));
    }
    const t = book.row(tk);
    const movedBasis = f.costBasisMicros - basisAfter(f.costBasisMicros, f.stakedMicros, amount);
    const meta = { actionId, planId: actionId, txId: null };
    book.patch(fk, { costBasisMicros: f.costBasisMicros - movedBasis });
    book.change(fk, "unstake", -amount, { ...meta, legIndex: 0 });
    book.change(liquid, "unstake", amount, { ...meta, legIndex: 0 });
    if (f.stakedMicros === 0n) book.patch(fk, { indexRef: null, openedAt: null });
    book.patch(tk, {
      costBasisMicros: t.costBasisMicros + movedBasis,
      indexRef: mergedIndex(t.stakedMicros, t.indexRef, amount, read.ok ? read.index : null),
      // A ledger rebalance has no transaction: the destination keeps its own proof, or has none; it never borrows the
      // source position's transaction, which moved money into another venue (issue 23 item 4).
      txId: t.txId,
      txConfirmedAt: t.txConfirmedAt,
      openedAt: t.openedAt ?? new Date(),
    });
    book.change(liquid, "stake", -amount, { ...meta, legIndex: 1 });
    const toStaked = book.change(tk, "stake", amount, { ...meta, legIndex: 1 });
    const leg = { wallet, planId: actionId, chain, token, txId: null, amountInMicros: amount, amountInSource: "request" as const, amountOutMicros: amount, quotedAmountOutMicros: null, status: "settled" as const };
    await book.flush(tx, {
      activity: [
        { ...leg, legIndex: 0, kind: "withdraw", venueId: from.id },
        { ...leg, legIndex: 1, kind: "deposit", venueId: to.id },
      ],
      events: [positionEvent(wallet, chain, token, book, "rebalance")],
    });
    return {
      status: "done" as const,
      wallet,
      chain,
      fromVenueId: from.id,
      toVenueId: to.id,
      amountMicros: amount,
      feeMicros: 0n,
      actionId,
      position: { fromStakedMicros: f.stakedMicros, toStakedMicros: toStaked },
    };
  });
}
