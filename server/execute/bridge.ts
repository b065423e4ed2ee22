// POST /svc/bridge/delivery and /svc/bridge/rescue (contract §6, spec §3.3). Delivery credits the owner-locked
// destination once, only with the destination chain's proof; rescue only ever pays that same destination.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { type ChainId, normalizeAddress } from "../chains/address";
import { config } from "../config";
import type { Db } from "../db/client";
import { planExecutions, plans } from "../db/schema";
import { emitEvents } from "../events/outbox";
import type { Principal } from "../http/auth";
import { inScope } from "../http/auth";
import { type Blocker, blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import { creditLiquid, type LegInput, recordLegs } from "../ledger/record";
import { CCTP_DOMAIN } from "../plans/bridge";
import type { PlanRow } from "../plans/store";
import { broadcastEnabled } from "../svc/status";
import { nudgeWebhookWorker } from "../webhooks/worker";
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
}

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
  const expected = (row.payload as { expectedReceivedMicros?: unknown }).expectedReceivedMicros;
  const quoted = typeof expected === "string" && /^[0-9]+$/.test(expected) ? BigInt(expected) : row.amountMicros;
  return { row, source: row.chain as ChainId, dest: row.destChain as ChainId, owner: row.owner, destAddress: row.destAddress, quoted };
}

function answer(p: BridgePlan, x: { status: Body["status"]; destTxId: string | null; credited: boolean; creditedMicros: bigint | null; liquid: bigint | null; error?: string | null; reason?: string | null }): Body {
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
    error: x.error ?? null,
    reason: x.reason ?? null,
  };
}

/** The bridge leg, written to the destination wallet's log and, when it differs, the source owner's. */
function bridgeLegs(p: BridgePlan, leg: Omit<LegInput, "wallet" | "planId" | "legIndex" | "kind" | "chain" | "destChain" | "amountInMicros" | "quotedAmountOutMicros">): LegInput[] {
  const wallets = [...new Set([normalizeAddress(p.destAddress), normalizeAddress(p.owner)])];
  return wallets.map((wallet) => ({
    wallet,
    planId: p.row.id,
    legIndex: 0,
    kind: "bridge" as const,
    chain: p.source,
    destChain: p.dest,
    amountInMicros: p.row.amountMicros,
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
    throw new ApiError("INVALID_REQUEST", `destTxId is not a ${p.dest} transaction id`, [{ field: "body.destTxId", message: `must be a ${p.dest} transaction id` }]);
  }
  if ("error" in input) return reportFailure(db, p, input.error, destTxId);
  const txId = input.destTxId;

  const [prior] = await db.select().from(planExecutions).where(eq(planExecutions.planId, p.row.id));
  if (prior?.status === "settled") return repeat(prior);
  const [used] = await db.select({ planId: planExecutions.planId }).from(planExecutions).where(and(eq(planExecutions.chain, p.dest), eq(planExecutions.txId, txId)));
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
  let reply: DeliveryReply;
  try {
    reply = await settleDelivery(db, p, dest, txId, minted);
  } catch (e) {
    if (e instanceof Rollback) return e.reply;
    throw e;
  }
  if (reply.status === 200 && reply.body.credited) nudgeWebhookWorker();
  return reply;
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
    await recordLegs(tx, bridgeLegs(p, { txId, amountOutMicros: minted, status: "settled" }));
    const body = answer(p, { status: "delivered", destTxId: txId, credited: true, creditedMicros: minted, liquid: credit.liquidMicros });
    await tx.update(planExecutions).set({ result: body, updatedAt: new Date() }).where(eq(planExecutions.planId, p.row.id));
    const data = { planId: p.row.id, sourceChain: p.source, destChain: p.dest, destAddress: p.destAddress, amountMicros: p.row.amountMicros.toString(), creditedMicros: minted.toString(), destTxId: txId };
    await emitEvents(tx, [{ type: "bridge.delivered", wallet: dest, data }]);
    return { status: 200, body };
  });
}

/** CCTP v1 MessageTransmitter on the EVM destinations (Circle's published addresses). */
const MESSAGE_TRANSMITTER: Partial<Record<ChainId, string>> = {
  "evm-a": "0xAD09780d193884d503182aD4588450C416D6F9D4",
  "evm-b": "0xC30362313FBBA5cf9163F0bb16a0e01f01A896ca",
};

export async function rescueBridge(db: Db, principal: Principal | null, planId: string) {
  const p = await loadBridgePlan(db, planId, principal, "owner");
  if ("status" in p) return p;
  const [prior] = await db.select().from(planExecutions).where(eq(planExecutions.planId, p.row.id));
  const blockers: Blocker[] = [];
  if (prior?.status === "settled") blockers.push(blocker("already_delivered", `The plan was delivered by ${prior.txId}; there is nothing to rescue.`));
  if (config().SVC_EXECUTION_MODE === "disabled") blockers.push(blocker("execution_disabled"));
  const mintRecipient = (p.row.payload as { mintRecipient?: unknown }).mintRecipient;
  const body = {
    schemaVersion: "svc-bridge-rescue.v1" as const,
    status: blockers.length ? ("blocked" as const) : ("prepared" as const),
    planId: p.row.id,
    submitted: false as const,
    ownerMustSign: true as const,
    rail: "circle-cctp-v1" as const,
    sourceChain: p.source,
    destChain: p.dest,
    destAddress: p.destAddress,
    mintRecipient: typeof mintRecipient === "string" ? mintRecipient : null,
    sourceDomain: CCTP_DOMAIN[p.source],
    destinationDomain: CCTP_DOMAIN[p.dest],
    method: "receiveMessage" as const,
    messageTransmitter: MESSAGE_TRANSMITTER[p.dest] ?? null,
    steps: [
      `Take the MessageSent message of your burn on ${p.source} (its transaction receipt) and fetch Circle's attestation for keccak256(message) from the attestation service.`,
      `Submit receiveMessage(message, attestation) to the CCTP MessageTransmitter on ${p.dest}. The burn message fixes the mint recipient, so the USDC can only be minted to ${p.destAddress} (mint recipient ${typeof mintRecipient === "string" ? mintRecipient : "n/a"}).`,
      "Then post the mint transaction to POST /svc/bridge/delivery { planId, destTxId } to credit it. The service never builds replaceDepositForBurn, the only CCTP call that could change the recipient.",
    ],
    transactions: [] as unknown[],
    ...(blockers.length ? { blockers } : {}),
    broadcastEnabled: broadcastEnabled(p.dest),
    executionMode: config().SVC_EXECUTION_MODE,
  };
  return { status: 200 as const, body };
}
