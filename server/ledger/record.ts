// The ledger functions other domains call inside their own transaction (plans: deposit execute, bridge
// delivery). Each writes balances, journal, activity and events with the caller's `tx` only.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type AmountInSource, activity } from "../db/schema";
import { newId } from "../ids";
import { insertActivity, routingCostOf } from "./activity";
import { Book, LIQUID } from "./book";
import { positionEvent } from "./events";
import { basisAfter, mergedIndex } from "./position";

export interface RecordDepositInput {
  wallet: string;
  chain: string;
  token: string;
  venueId: string;
  amountMicros: bigint;
  planId: string | null;
  legIndex: number;
  txId: string;
  /** When the caller confirmed `txId` through the chain's RPC; omitted or null: an unchecked id. */
  confirmedAt?: Date | null;
  /**
   * Where amountMicros comes from: "chain" when it is what the confirmed transaction's balance changes moved, "plan"
   * when it is the plan's figure (the chain moved more, and the ledger records no more than the plan).
   */
  amountInSource: AmountInSource;
  quotedAmountOutMicros?: bigint;
  /** The venue reader's index at stake time (readVenueIndex before the transaction); unknown when omitted. */
  index?: bigint | null;
  /**
   * Stake out of the liquid balance the caller credited earlier in the same transaction (bridge delivery that
   * continues into a deposit: creditLiquid, then recordDeposit). Without it the amount is credited here first.
   */
  fromLiquid?: boolean;
}

export interface RecordDepositResult {
  actionId: string;
  activityId: string;
  liquidMicros: bigint;
  stakedMicros: bigint;
  costBasisMicros: bigint;
}

/** Credits (unless fromLiquid) and stakes a confirmed on-chain deposit: journal, activity row (kind deposit), deposit.settled + position.updated. */
export async function recordDeposit(tx: DbOrTx, d: RecordDepositInput): Promise<RecordDepositResult> {
  if (d.amountMicros <= 0n) throw new RangeError("amountMicros must be positive");
  const actionId = newId("act");
  const meta = { actionId, planId: d.planId, legIndex: d.legIndex, txId: d.txId };
  const liquid = { chain: d.chain, token: d.token, venueId: LIQUID };
  const venue = { chain: d.chain, token: d.token, venueId: d.venueId };
  const book = await Book.lock(tx, d.wallet, [liquid, venue]);
  const before = book.row(venue);
  const index = mergedIndex(before.stakedMicros, before.indexRef, d.amountMicros, d.index ?? null);
  if (!d.fromLiquid) book.change(liquid, "credit", d.amountMicros, meta);
  else {
    // A continuation whose confirmed outflow exceeds what the delivery credited drew the rest from the wallet's other
    // USDC, which the chain's outflow proves: credited first, never staked from nothing.
    const short = d.amountMicros - book.row(liquid).liquidMicros;
    if (short > 0n) book.change(liquid, "credit", short, meta);
  }
  book.change(liquid, "stake", -d.amountMicros, meta);
  const routing = d.planId ? await routingCostOf(tx, d.wallet, d.planId) : 0n;
  const basis = before.costBasisMicros + d.amountMicros + routing;
  book.patch(venue, { costBasisMicros: basis, indexRef: index, txId: d.txId, txConfirmedAt: d.confirmedAt ?? null, openedAt: before.openedAt ?? new Date() });
  const staked = book.change(venue, "stake", d.amountMicros, meta);
  // A deposit the chain's RPC confirmed adds to the position's confirmed part; an unchecked id or none does not.
  if (d.confirmedAt) book.patch(venue, { confirmedMicros: book.row(venue).confirmedMicros + d.amountMicros });
  const {
    activityIds: [activityId = ""],
  } = await book.flush(tx, {
    activity: [
      {
      wallet: d.wallet,
      planId: d.planId,
      legIndex: d.legIndex,
      kind: "deposit",
      chain: d.chain,
      venueId: d.venueId,
      token: d.token,
      txId: d.txId,
      txConfirmedAt: d.confirmedAt ?? null,
      amountInMicros: d.amountMicros,
      amountInSource: d.amountInSource,
      amountOutMicros: d.amountMicros,
      quotedAmountOutMicros: d.quotedAmountOutMicros ?? null,
      status: "settled",
      },
    ],
    events: [
      {
        type: "deposit.settled",
        wallet: d.wallet,
        data: { wallet: d.wallet, chain: d.chain, token: d.token, venueId: d.venueId, amountMicros: d.amountMicros.toString(), planId: d.planId, legIndex: d.legIndex, txId: d.txId },
      },
      positionEvent(d.wallet, d.chain, d.token, book, "deposit"),
    ],
  });
  const liquidAfter = book.row(liquid).liquidMicros;
  return { actionId, activityId, liquidMicros: liquidAfter, stakedMicros: staked, costBasisMicros: basis };
}

export interface LegInput {
  wallet: string;
  planId: string;
  legIndex: number;
  kind: "swap" | "bridge" | "deposit" | "withdraw";
  chain: string;
  destChain?: string | null;
  txId: string | null;
  /** When `txId` was confirmed through the chain's RPC; omitted or null: unchecked (or failed). */
  confirmedAt?: Date | null;
  amountInMicros: bigint;
  /** Where amountIn comes from (AMOUNT_IN_SOURCES): every leg states it. */
  amountInSource: AmountInSource;
  amountOutMicros: bigint | null;
  quotedAmountOutMicros: bigint | null;
  status: "settled" | "failed" | "pending";
  error?: string | null;
  /** Token of the amounts (default USDC); a swap's input token. */
  token?: string;
  /** A swap's output token, the asset of amountOut and quotedAmountOut. */
  outToken?: string | null;
}

/**
 * Activity rows for plan legs (failed legs are rows too). Settled swap and bridge legs cost
 * amountIn − amountOut; when the plan's deposit is already recorded, that cost is added to the cost basis
 * of the position it funded now; otherwise recordDeposit adds it when the deposit lands.
 */
export async function recordLegs(tx: DbOrTx, legs: LegInput[]): Promise<string[]> {
  const ids = await insertActivity(
    tx,
    legs.map((l) => ({
      wallet: l.wallet,
      planId: l.planId,
      legIndex: l.legIndex,
      kind: l.kind,
      chain: l.chain,
      destChain: l.destChain ?? null,
      token: l.token ?? "USDC",
      outToken: l.outToken ?? null,
      txId: l.txId,
      txConfirmedAt: l.confirmedAt ?? null,
      amountInMicros: l.amountInMicros,
      amountInSource: l.amountInSource,
      amountOutMicros: l.amountOutMicros,
      quotedAmountOutMicros: l.quotedAmountOutMicros,
      status: l.status,
      error: l.error ?? null,
    })),
  );
  for (const l of legs) {
    if (l.kind !== "swap" && l.kind !== "bridge") continue;
    // A swap between two assets costs nothing in one unit: only a USDC pass-through's cost is counted.
    if (l.outToken) continue;
    if (l.status !== "settled" || l.amountOutMicros === null || l.amountInMicros <= l.amountOutMicros) continue;
    const [dep] = await tx
      .select({ chain: activity.chain, token: activity.token, venueId: activity.venueId })
      .from(activity)
      .where(and(eq(activity.wallet, l.wallet), eq(activity.planId, l.planId), eq(activity.kind, "deposit"), eq(activity.status, "settled")))
      .limit(1);
    if (!dep?.venueId) continue;
    const key = { chain: dep.chain, token: dep.token, venueId: dep.venueId };
    const book = await Book.lock(tx, l.wallet, [key]);
    book.patch(key, { costBasisMicros: book.row(key).costBasisMicros + (l.amountInMicros - l.amountOutMicros) });
    await book.flush(tx);
  }
  return ids;
}

export interface CreditLiquidInput {
  wallet: string;
  chain: string;
  token: string;
  amountMicros: bigint;
  planId: string | null;
  legIndex: number;
  txId: string | null;
}

/** Credits the liquid balance (bridge delivery after proof): journal + position.updated. The caller records the leg. */
export async function creditLiquid(tx: DbOrTx, c: CreditLiquidInput): Promise<{ actionId: string; liquidMicros: bigint }> {
  if (c.amountMicros <= 0n) throw new RangeError("amountMicros must be positive");
  const actionId = newId("act");
  const liquid = { chain: c.chain, token: c.token, venueId: LIQUID };
  const book = await Book.lock(tx, c.wallet, [liquid]);
  const after = book.change(liquid, "credit", c.amountMicros, { actionId, planId: c.planId, legIndex: c.legIndex, txId: c.txId });
  await book.flush(tx, { events: [positionEvent(c.wallet, c.chain, c.token, book, "credit")] });
  return { actionId, liquidMicros: after };
}

export interface RecordWithdrawalInput {
  wallet: string;
  chain: string;
  token: string;
  venueId: string;
  /** What arrived in the owner's wallet, read from the confirmed transaction's balance changes. */
  arrivedMicros: bigint;
  /** What the plan asked to withdraw (the activity row's quoted figure; its amounts are what arrived). */
  plannedMicros: bigint;
  planId: string;
  txId: string;
  confirmedAt: Date;
}

/**
 * Records a confirmed on-chain withdrawal from a venue (issue 23: a withdraw signed in the dashboard reaches the ledger
 * like a deposit): the position gives up what arrived, up to its staked principal (cost basis reduced pro rata); what
 * arrived above the principal is yield (`harvest`); all of it leaves the book to the owner's wallet. Activity row
 * (kind withdraw; amountIn and amountOut what arrived, from the chain; the plan's figure as quotedAmountOut),
 * withdraw.settled + position.updated.
 */
export async function recordWithdrawal(tx: DbOrTx, w: RecordWithdrawalInput): Promise<{ liquidMicros: bigint; stakedMicros: bigint; principalMicros: bigint; yieldMicros: bigint }> {
  if (w.arrivedMicros <= 0n) throw new RangeError("arrivedMicros must be positive");
  const actionId = newId("act");
  const meta = { actionId, planId: w.planId, legIndex: 0, txId: w.txId };
  const liquid = { chain: w.chain, token: w.token, venueId: LIQUID };
  const venue = { chain: w.chain, token: w.token, venueId: w.venueId };
  const book = await Book.lock(tx, w.wallet, [liquid, venue]);
  const before = book.row(venue);
  const principal = w.arrivedMicros < before.stakedMicros ? w.arrivedMicros : before.stakedMicros;
  const earned = w.arrivedMicros - principal;
  if (principal > 0n) {
    book.change(venue, "unstake", -principal, meta);
    book.change(liquid, "unstake", principal, meta);
    const emptied = principal === before.stakedMicros;
    book.patch(venue, {
      costBasisMicros: basisAfter(before.costBasisMicros, before.stakedMicros, principal),
      indexRef: emptied ? null : before.indexRef,
      openedAt: emptied ? null : before.openedAt,
    });
  }
  // Above the recorded principal: the position's yield; from a position the ledger never recorded, money entering the
  // book from outside (a credit), never called yield.
  if (earned > 0n) book.change(liquid, before.stakedMicros > 0n ? "harvest" : "credit", earned, meta);
  book.change(liquid, "debit", -w.arrivedMicros, meta);
  await book.flush(tx, {
    activity: [
      {
        wallet: w.wallet,
        planId: w.planId,
        legIndex: 0,
        kind: "withdraw",
        chain: w.chain,
        venueId: w.venueId,
        token: w.token,
        txId: w.txId,
        txConfirmedAt: w.confirmedAt,
        amountInMicros: w.arrivedMicros,
        amountInSource: "chain",
        amountOutMicros: w.arrivedMicros,
        quotedAmountOutMicros: w.plannedMicros,
        status: "settled",
      },
    ],
    events: [
      {
        type: "withdraw.settled",
        wallet: w.wallet,
        data: {
          wallet: w.wallet,
          chain: w.chain,
          token: w.token,
          amountMicros: w.arrivedMicros.toString(),
          unstaked: principal > 0n ? [{ venueId: w.venueId, amountMicros: principal.toString() }] : [],
          planId: w.planId,
          legIndex: 0,
          txId: w.txId,
        },
      },
      positionEvent(w.wallet, w.chain, w.token, book, "withdraw"),
    ],
  });
  return { liquidMicros: book.row(liquid).liquidMicros, stakedMicros: book.row(venue).stakedMicros, principalMicros: principal, yieldMicros: earned };
}
