// POST /svc/bridge/delivery and /svc/bridge/rescue (contract §6, spec §3.3). Delivery credits the owner-locked
// destination once, only with the destination chain's proof; rescue only ever pays that same destination.
import { and, eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type ChainId, normalizeAddress } from "../chains/address";
import { config } from "../config";
import type { Db } from "../db/client";
import { planExecutions, plans } from "../db/schema";
import { emitEvents } from "../events/outbox";
import type { Principal } from "../http/auth";
import { inScope } from "../http/auth";
import { type Blocker, blocker } from "../http/codes";
import { ApiError, fieldError } from "../http/errors";
import { creditLiquid, type LegInput, recordLegs } from "../ledger/record";
import { isEvmChain } from "../chains/evm";
import type { PlanRow } from "../plans/store";
import { type RegisteredRail, storedRail } from "../rails/registry";
import type { RescueBuild } from "../rails/types";
import { broadcastEnabled } from "../chains/launch";
import { nudgeWebhookWorker } from "../webhooks/worker";
import { simulateTransactions } from "../chains/simulate";
import type { PlanTransaction } from "../chains/transaction";
import { continuationDeposit } from "../plans/bridge";
import { receiveExpectation } from "../plans/bridge-changes";
import { checkChanges } from "../chains/check-changes";
import { upsertPlan } from "../plans/store";
import { vaultPlanBody } from "../plans/vault";
import { resolveVenue } from "../venues";
import { type AmountIn, type BridgeAmounts, deliveredAmountIn, plannedAmountIn } from "./bridge-amount";
import { confirmTx, isTxIdOf } from "./confirm";
import type { deliverySchema } from "./schemas";

const SCHEMA = "svc-bridge-delivery.v1" as const;

export type DeliveryInput = { planId: string; destTxId: string } | { planId: string; status: "failed"; error: string; destTxId?: string };

type Body = z.input<typeof deliverySchema>;
type Blocked = { status: 422; body: { schemaVersion: typeof SCHEMA; status: "blocked"; planId: string; blockers: Blocker[] } };
type Answered = { status: 200; body: Body } | { status: 202; body: Body };
export type DeliveryReply = Answered | Blocked;

const blocked = (planId: string, ...blockers: Blocker[]): Blocked => ({ status: 422, body: { schemaVersion: SCHEMA, status: "blocked", planId, blockers } });

interface BridgePlan {
  row: PlanRow;
  source: ChainId;
  dest: ChainId;
  owner: string;
  destAddress: string;
  quoted: bigint;
  /** The continuing venue on the destination (cross-chain deposit), or null for a plain bridge. */
  strategyId: string | null;
  /** The deposit leg's quoted amount (what the prepared destination deposit transaction deposits). */
  quotedDeposit: bigint;
  /** The plan's rail (plans stored before CCTP V2 carry none: V1). */
  rail: RegisteredRail;
  /** The figures the bridge leg's amountIn is made from (./bridge-amount.ts). */
  amounts: BridgeAmounts;
  /**
   * What the owner put into the bridge, and whether a chain said so: the burn a rescue read from the source chain plus
   * the service fee the plan disclosed there, else the plan's amount (a delivery then reads the destination's receive).
   */
  amountIn: bigint;
  amountInSource: AmountIn["amountInSource"];
}

const microsOf = (v: unknown): bigint | null => (typeof v === "string" && /^[0-9]+$/.test(v) ? BigInt(v) : null);

/** The bridge plan, 404 when unknown, 403 WALLET_SCOPE when the key holds neither its owner nor its destination. */
async function loadBridgePlan(db: Db, planId: string, principal: Principal | null, scope: "owner" | "either"): Promise<BridgePlan | Blocked> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!row) throw new ApiError("NOT_FOUND", `plan ${planId} not found`);
  if (row.kind !== "bridge" || row.status !== "prepared" || !row.destChain || !row.destAddress || !row.owner) {
    return blocked(row.id, blocker("plan_not_executable", `Plan ${row.id} is a ${row.status} ${row.kind} plan, not a prepared bridge plan.`));
  }
  if (principal) {
    const allowed = scope === "owner" ? inScope(principal, row.owner) : inScope(principal, row.owner) || inScope(principal, row.destAddress);
    if (!allowed) throw new ApiError("WALLET_SCOPE", "The plan's wallet is not in the API key's scope");
  }
  const payload = row.payload as {
    expectedReceivedMicros?: unknown;
    rail?: unknown;
    burnAmountMicros?: unknown;
    sourceBurn?: { amountMicros?: unknown };
    mintRecipient?: unknown;
    legs?: { kind?: unknown; amountInMicros?: unknown }[];
  };
  const rail = storedRail(payload.rail);
  const quoted = microsOf(payload.expectedReceivedMicros) ?? row.amountMicros;
  const depositLeg = payload.legs?.find((l) => l.kind === "deposit");
  const quotedDeposit = microsOf(depositLeg?.amountInMicros) ?? quoted;
  const fee = row.amountMicros - (microsOf(payload.burnAmountMicros) ?? row.amountMicros);
  const [source, dest] = [row.chain as ChainId, row.destChain as ChainId];
  const amounts: BridgeAmounts = {
    source,
    dest,
    rail,
    planAmount: row.amountMicros,
    serviceFee: fee > 0n ? fee : 0n,
    sourceBurned: microsOf(payload.sourceBurn?.amountMicros),
    mintRecipient: typeof payload.mintRecipient === "string" ? payload.mintRecipient : null,
  };
  const base = { row, source, dest, owner: row.owner, destAddress: row.destAddress, quoted, strategyId: row.strategyId, quotedDeposit, rail, amounts };
  return { ...base, ...plannedAmountIn(amounts) };
}

function answer(
  p: BridgePlan,
  x: { status: Body["status"]; destTxId: string | null; credited: boolean; creditedMicros: bigint | null; liquid: bigint | null; error?: string | null; reason?: string | null },
): Body {
  return {
    schemaVersion: SCHEMA,
    status: x.status,
    planId: p.row.id,
    sourceChain: p.source,
    destChain: p.dest,
    destAddress: p.destAddress,
    destTxId: x.destTxId,
    credited: x.credited,
    amountMicros: p.row.amountMicros.toString(),
    creditedMicros: x.creditedMicros === null ? null : x.creditedMicros.toString(),
    quotedAmountOutMicros: p.quoted.toString(),
    liquidMicros: x.liquid === null ? null : x.liquid.toString(),
    continueTo: p.strategyId,
    // A delivery stakes nothing: the continuing deposit is its own transaction (continuation.planId).
    deposit: null,
    error: x.error ?? null,
    reason: x.reason ?? null,
  };
}

/** The bridge leg, written to the destination wallet's log and, when it differs, the source owner's. */
function bridgeLegs(p: BridgePlan, leg: Omit<LegInput, "wallet" | "planId" | "legIndex" | "kind" | "chain" | "destChain" | "amountInMicros" | "amountInSource" | "quotedAmountOutMicros">): LegInput[] {
  const wallets = [...new Set([normalizeAddress(p.destAddress), normalizeAddress(p.owner)])];
  return wallets.map((wallet) => ({
    wallet,
    planId: p.row.id,
    legIndex: 0,
    kind: "bridge" as const,
    chain: p.source,
    destChain: p.dest,
    amountInMicros: p.amountIn,
    amountInSource: p.amountInSource,
    quotedAmountOutMicros: p.quoted,
    ...leg,
  }));
}

/** A repeat of a settled delivery: the first answer, crediting nothing. */
const repeat = (row: typeof planExecutions.$inferSelect): { status: 200; body: Body } => ({ status: 200, body: { ...(row.result as Body), credited: false } });

async function reportFailure(db: Db, p: BridgePlan, error: string, destTxId: string | null): Promise<DeliveryReply> {
  const reply = await db.transaction(async (tx): Promise<DeliveryReply> => {
    await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, p.row.id)).for("update");
    const [prior] = await tx.select().from(planExecutions).where(eq(planExecutions.planId, p.row.id));
    if (prior?.status === "settled") return blocked(p.row.id, blocker("already_delivered", "The plan was delivered already; a failure cannot be reported for it."));
    if (prior) return { status: 200, body: prior.result as Body };
    const body = answer(p, { status: "failed", destTxId, credited: false, creditedMicros: null, liquid: null, error });
    await tx.insert(planExecutions).values({ planId: p.row.id, kind: "bridge", chain: p.dest, txId: null, status: "failed", result: body });
    await recordLegs(tx, bridgeLegs(p, { txId: destTxId, amountOutMicros: null, status: "failed", error }));
    const data = { planId: p.row.id, sourceChain: p.source, destChain: p.dest, destAddress: p.destAddress, amountMicros: p.row.amountMicros.toString(), destTxId, error };
    await emitEvents(tx, [{ type: "bridge.failed", wallet: normalizeAddress(p.owner), data }]);
    return { status: 200, body };
  });
  nudgeWebhookWorker();
  return reply;
}

export async function deliverBridge(db: Db, principal: Principal | null, input: DeliveryInput): Promise<DeliveryReply> {
  const p = await loadBridgePlan(db, input.planId, principal, "either");
  if ("status" in p) return p;
  const destTxId = input.destTxId ?? null;
  if (destTxId !== null && !isTxIdOf(p.dest, destTxId)) {
    throw fieldError("INVALID_REQUEST", "body.destTxId", `must be a ${p.dest} transaction id`);
  }
  if ("error" in input) return reportFailure(db, p, input.error, destTxId);
  const txId = input.destTxId;

  // This plan's execution and any execution the transaction already proves, in one read (one snapshot: a concurrent
  // delivery of this plan is either settled here, a repeat, or not yet).
  const rows = await db
    .select()
    .from(planExecutions)
    .where(or(eq(planExecutions.planId, p.row.id), and(eq(planExecutions.chain, p.dest), eq(planExecutions.txId, txId))));
  const prior = rows.find((r) => r.planId === p.row.id);
  if (prior?.status === "settled") return withContinuation(db, p, repeat(prior));
  const used = rows.find((r) => r.planId !== p.row.id);
  if (used) return blocked(p.row.id, blocker("digest_already_used", `Transaction ${txId} already proves plan ${used.planId}.`));

  // Proof first, outside any lock: the destination transaction succeeded and minted USDC to the locked address.
  const c = await confirmTx(p.dest, txId);
  if (c.state === "pending") return { status: 202, body: answer(p, { status: "pending", destTxId: txId, credited: false, creditedMicros: null, liquid: null, reason: c.reason }) };
  if (c.state === "failed") return blocked(p.row.id, blocker("tx_failed", c.reason));
  const minted = c.usdc.get(normalizeAddress(p.destAddress)) ?? 0n;
  if (minted <= 0n) {
    return blocked(p.row.id, blocker("not_credited_to_destination", `Transaction ${txId} credits no USDC to the locked destination ${p.destAddress} on ${p.dest}.`));
  }

  const dest = normalizeAddress(p.destAddress);
  // The bridge leg's amountIn: the source chain's burn a rescue read, else the burn this receive consumed, else the plan's.
  const delivered: BridgePlan = { ...p, ...deliveredAmountIn(p.amounts, c) };
  let reply: DeliveryReply;
  try {
    reply = await settleDelivery(db, delivered, dest, txId, minted);
  } catch (e) {
    if (e instanceof Rollback) return e.reply;
    throw e;
  }
  if (reply.status === 200 && reply.body.credited) nudgeWebhookWorker();
  return reply.status === 200 ? withContinuation(db, p, reply) : reply;
}

/** The id of a bridge plan's continuation deposit plan: one per bridge, so it can be executed (and staked) once. */
export function continuationPlanId(bridgePlanId: string): string {
  return `${bridgePlanId}-deposit`;
}

/**
 * A delivered cross-chain deposit's answer with its continuation (contract §8: every transaction simulated): the
 * destination deposit rebuilt for the continuing amount and simulated now, on the chain that holds the minted USDC, and
 * stored as a deposit plan (`continuation.planId`, one per bridge, replaced by each rebuild until executed) that the
 * owner-locked destination signs and reports like any deposit; that execution stakes it (deposit leg 2 of the bridge
 * plan). Once executed, the answer names the deposit's transaction and offers nothing more to sign.
 */
async function withContinuation(db: Db, p: BridgePlan, reply: { status: 200; body: Body }): Promise<{ status: 200; body: Body }> {
  const minted = reply.body.creditedMicros === null ? 0n : BigInt(reply.body.creditedMicros);
  const amount = minted < p.quotedDeposit ? minted : p.quotedDeposit;
  if (reply.body.status !== "delivered" || !p.strategyId || amount <= 0n) return { ...reply, body: { ...reply.body, continuation: null } };
  const planId = continuationPlanId(p.row.id);
  const base = { planId, strategyId: p.strategyId, amountMicros: amount.toString() };
  const [done] = await db.select().from(planExecutions).where(eq(planExecutions.planId, planId));
  if (done) return { ...reply, body: { ...reply.body, continuation: { ...base, depositTxId: done.txId, transactions: [], blockers: [] } } };
  const built = await continuationDeposit(p.strategyId, p.destAddress, amount);
  const blockers = built.blocker ? [built.blocker] : [];
  // Stored as a deposit plan's answer (svc-vault-plan.v1, GET /svc/plans/{planId}), so it is reviewed and signed like any
  // deposit, with what makes its execution leg 2 of the bridge plan.
  const body = await vaultPlanBody(db, { action: "deposit", planId, venue: resolveVenue(p.strategyId), amount, owner: p.destAddress, blockers, transactions: built.transactions });
  await upsertPlan(db, {
    id: planId,
    kind: "deposit",
    status: body.status,
    chain: p.dest,
    owner: p.destAddress,
    strategyId: p.strategyId,
    amountMicros: amount,
    payload: { ...body, continuationOf: p.row.id, legIndex: 2, quotedDeposit: p.quotedDeposit.toString() },
  });
  return { ...reply, body: { ...reply.body, continuation: { ...base, depositTxId: null, transactions: built.transactions, blockers } } };
}

/** Thrown inside the transaction to undo it and answer `reply`. */
class Rollback extends Error {
  constructor(readonly reply: Blocked) {
    super("rollback");
  }
}

function settleDelivery(db: Db, p: BridgePlan, dest: string, txId: string, minted: bigint): Promise<DeliveryReply> {
  return db.transaction(async (tx): Promise<DeliveryReply> => {
    await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, p.row.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq(planExecutions.planId, p.row.id));
    if (again?.status === "settled") return repeat(again);
    if (again) await tx.delete(planExecutions).where(eq(planExecutions.planId, p.row.id));
    const inserted = await tx
      .insert(planExecutions)
      .values({ planId: p.row.id, kind: "bridge", chain: p.dest, txId, status: "settled", result: {} })
      .onConflictDoNothing()
      .returning({ planId: planExecutions.planId });
    if (inserted.length === 0) throw new Rollback(blocked(p.row.id, blocker("digest_already_used", `Transaction ${txId} already proves another plan.`)));
    const credit = await creditLiquid(tx, { wallet: dest, chain: p.dest, token: "USDC", amountMicros: minted, planId: p.row.id, legIndex: 0, txId });
    const confirmedAt = new Date();
    const legs = bridgeLegs(p, { txId, confirmedAt, amountOutMicros: minted, status: "settled" });
    // The continuation deposits what the prepared destination deposit transaction deposits (the quoted arrival),
    // or less when less arrived; anything above stays liquid on the destination.
    const continuing = p.strategyId ? (minted < p.quotedDeposit ? minted : p.quotedDeposit) : 0n;
    if (p.strategyId && continuing > 0n) {
      legs.push({
        wallet: dest,
        planId: p.row.id,
        legIndex: 1,
        kind: "swap",
        chain: p.dest,
        txId: null,
        amountInMicros: continuing,
        // The mint read from the confirmed receive, unless more arrived than the plan continues with (then the plan's).
        amountInSource: continuing === minted ? "chain" : "plan",
        amountOutMicros: continuing,
        quotedAmountOutMicros: p.quotedDeposit,
        status: "settled",
      });
    }
    await recordLegs(tx, legs);
    // The continuing deposit is not staked here: the USDC is liquid in the destination wallet until the owner signs the
    // continuation's deposit and it is confirmed on chain (POST /svc/strategies/deposit/execute with its planId).
    const liquid = credit.liquidMicros;
    const body = answer(p, { status: "delivered", destTxId: txId, credited: true, creditedMicros: minted, liquid });
    await tx.update(planExecutions).set({ result: body, updatedAt: new Date() }).where(eq(planExecutions.planId, p.row.id));
    const data = { planId: p.row.id, sourceChain: p.source, destChain: p.dest, destAddress: p.destAddress, amountMicros: p.row.amountMicros.toString(), creditedMicros: minted.toString(), destTxId: txId };
    await emitEvents(tx, [{ type: "bridge.delivered", wallet: dest, data }]);
    return { status: 200, body };
  });
}


/**
 * Contract §8: every receive carries a simulation. The Sui receive comes simulated by its rail (the node's dry run);
 * the EVM and Solana receives are simulated here, as the owner-locked destination on the destination chain's RPC, so
 * an attestation the MessageTransmitter would refuse (not its attesters', tampered, a nonce already used) blocks with
 * the contract's revert reason or the program's error name.
 */
async function simulateReceives(destAddress: string, txs: PlanTransaction[]): Promise<PlanTransaction[] | { blocker: Blocker }> {
  const pending = txs.filter((t) => !t.simulation);
  if (pending.length === 0) return txs;
  const sim = await simulateTransactions(pending, destAddress);
  if (sim.blocker) return { blocker: sim.blocker };
  return txs.map((t) => {
    const k = pending.indexOf(t);
    return k >= 0 ? (sim.transactions[k] ?? t) : t;
  });
}

export async function rescueBridge(db: Db, principal: Principal | null, planId: string, sourceTxId?: string) {
  const p = await loadBridgePlan(db, planId, principal, "owner");
  if ("status" in p) return p;
  if (sourceTxId !== undefined && !isTxIdOf(p.source, sourceTxId)) {
    throw fieldError("INVALID_REQUEST", "body.sourceTxId", `must be a ${p.source} transaction id`);
  }
  const [prior] = await db.select().from(planExecutions).where(eq(planExecutions.planId, p.row.id));
  const blockers: Blocker[] = [];
  if (prior?.status === "settled") blockers.push(blocker("already_delivered", `The plan was delivered by ${prior.txId}; there is nothing to rescue.`));
  if (config().SVC_EXECUTION_MODE === "disabled") blockers.push(blocker("execution_disabled"));
  const stored = (p.row.payload as { mintRecipient?: unknown }).mintRecipient;
  const mintRecipient = typeof stored === "string" ? stored : null;
  const built: RescueBuild = blockers.length ? { blockers: [], transactions: [], burn: null } : await p.rail.rescue(p, mintRecipient, sourceTxId);
  blockers.push(...built.blockers);
  // The burn as the source chain settled it is recorded on the plan: its delivery's bridge leg takes the amount from it.
  if (built.settledBurn && built.burn) {
    const sourceBurn = { txId: built.burn.sourceTxId, amountMicros: built.settledBurn.amount.toString(), readAt: new Date().toISOString() };
    await db
      .update(plans)
      .set({ payload: sql`${plans.payload} || ${JSON.stringify({ sourceBurn })}::jsonb` })
      .where(eq(plans.id, p.row.id));
  }
  const receives = blockers.length ? [] : await simulateReceives(p.destAddress, built.transactions);
  if ("blocker" in receives) blockers.push(receives.blocker);
  // The receive's simulated changes: the destination receives exactly what the attested message mints to it.
  const mismatch = "blocker" in receives || !built.mint ? null : checkChanges(receives, receiveExpectation(p.dest, p.destAddress, built.mint));
  if (mismatch) blockers.push(mismatch);
  const body = {
    schemaVersion: "svc-bridge-rescue.v1" as const,
    status: blockers.length ? ("blocked" as const) : ("prepared" as const),
    planId: p.row.id,
    submitted: false as const,
    ownerMustSign: true as const,
    rail: p.rail.id,
    sourceChain: p.source,
    destChain: p.dest,
    destAddress: p.destAddress,
    mintRecipient,
    sourceDomain: p.rail.domain(p.source),
    destinationDomain: p.rail.domain(p.dest),
    method: "receiveMessage" as const,
    messageTransmitter: p.rail.receiver(p.dest),
    burn: built.burn,
    steps: [
      `The service reads the MessageSent message of your burn on ${p.source} (${isEvmChain(p.source) ? "sourceTxId's receipt" : p.source === "move-chain" ? "sourceTxId's MessageSent and DepositForBurn events, which Circle's attested message must equal" : "the MessageSent event account sourceTxId opened, which Circle's attested message must equal; Circle's listing alone once that account is closed"}) and Circle's attestation for it (${config().SVC_CCTP_ATTESTATION_URL}, ${p.rail.attestationApi}).`,
      `Sign and submit receiveMessage(message, attestation) to the CCTP MessageTransmitter on ${p.dest}. The burn message fixes the mint recipient, so the USDC can only be minted to ${p.destAddress} (mint recipient ${mintRecipient ?? "n/a"}).`,
      "Then post the mint transaction to POST /svc/bridge/delivery { planId, destTxId } to credit it. The service never builds replaceDepositForBurn, the only CCTP call that could change the recipient.",
    ],
    transactions: blockers.length || "blocker" in receives ? [] : receives,
    ...(blockers.length ? { blockers } : {}),
    broadcastEnabled: broadcastEnabled(p.dest),
    executionMode: config().SVC_EXECUTION_MODE,
  };
  return { status: 200 as const, body };
}
