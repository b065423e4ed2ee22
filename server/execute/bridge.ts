// POST /svc/bridge/delivery and /svc/bridge/rescue (contract §6, spec §3.3). Delivery credits the owner-locked
// destination once, only with the destination chain's proof; rescue only ever pays that same destination.
import { and, eq, or } from "drizzle-orm";
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
import { creditLiquid, type LegInput, recordDeposit, recordLegs } from "../ledger/record";
import { isEvmChain, evmCall } from "../chains/evm";
import { CCTP_DOMAIN, mintRecipientFor } from "../plans/bridge";
import type { PlanRow } from "../plans/store";
import { broadcastEnabled } from "../svc/status";
import { readVenueIndex } from "../venues/readers";
import { nudgeWebhookWorker } from "../webhooks/worker";
import type { PlanTransaction } from "../venues/adapters";
import { getAddressDecoder } from "@solana/kit";
import { type Hex, hexToBytes } from "viem";
import { errorLine, RpcUnavailable, withRpcTimeout } from "../chains/clients";
import { solanaPayload } from "../chains/solana";
import { MESSAGE_TRANSMITTER_V1_PROGRAM, MESSAGE_TRANSMITTER_V2_PROGRAM, readFeeRecipient, receiveMessageInstruction, receiveMessageInstructionV1, withRecipientAccount } from "../rails/cctp-solana";
import { SUI_MESSAGE_TRANSMITTER, suiReceiveV1 } from "../rails/cctp-sui";
import { simulateTransactions } from "../plans/simulate";
import { simulationUnavailable } from "../chains/simulation";
import { type BurnMessageV2, fetchAttestationsV2, MESSAGE_TRANSMITTER_V2, parseBurnMessageV2, type Rail, receiveMessageV2 } from "../rails/cctp";
import { type BurnMessage, fetchAttestation, fetchAttestationsV1, MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_ABI, parseBurnMessage, readBurnMessages } from "./cctp";
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
  /** The plan's CCTP version (plans stored before V2 carry none: V1). */
  rail: Rail;
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
  const payload = row.payload as { expectedReceivedMicros?: unknown; rail?: unknown; legs?: { kind?: unknown; amountInMicros?: unknown }[] };
  const rail: Rail = payload.rail === "circle-cctp-v2" ? "circle-cctp-v2" : "circle-cctp-v1";
  const quoted = microsOf(payload.expectedReceivedMicros) ?? row.amountMicros;
  const depositLeg = payload.legs?.find((l) => l.kind === "deposit");
  const quotedDeposit = microsOf(depositLeg?.amountInMicros) ?? quoted;
  return { row, source: row.chain as ChainId, dest: row.destChain as ChainId, owner: row.owner, destAddress: row.destAddress, quoted, strategyId: row.strategyId, quotedDeposit, rail };
}

interface Continued {
  strategyId: string;
  stakedMicros: bigint;
  positionStakedMicros: bigint;
}

function answer(
  p: BridgePlan,
  x: { status: Body["status"]; destTxId: string | null; credited: boolean; creditedMicros: bigint | null; liquid: bigint | null; error?: string | null; reason?: string | null; deposit?: Continued | null },
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
    deposit: x.deposit
      ? { strategyId: x.deposit.strategyId, stakedMicros: x.deposit.stakedMicros.toString(), positionStakedMicros: x.deposit.positionStakedMicros.toString(), txId: x.destTxId as string }
      : null,
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
  if (prior?.status === "settled") return repeat(prior);
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
  // The continuing venue's index is a network read: before the transaction, never under the row locks.
  const index = p.strategyId ? await readVenueIndex(p.strategyId) : null;
  let reply: DeliveryReply;
  try {
    reply = await settleDelivery(db, p, dest, txId, minted, index?.ok ? index.index : null);
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

/**
 * One transaction: credit the minted USDC to the locked destination, write the legs (bridge; with a continuation
 * the pass-through swap), then stake the continuing amount into the venue with recordDeposit (deposit leg 2; its
 * cost basis takes the settled routing legs' cost), and emit bridge.delivered.
 */
function settleDelivery(db: Db, p: BridgePlan, dest: string, txId: string, minted: bigint, index: bigint | null): Promise<DeliveryReply> {
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
        amountOutMicros: continuing,
        quotedAmountOutMicros: p.quotedDeposit,
        status: "settled",
      });
    }
    await recordLegs(tx, legs);
    let liquid = credit.liquidMicros;
    let deposit: Continued | null = null;
    if (p.strategyId && continuing > 0n) {
      const rec = await recordDeposit(tx, {
        wallet: dest,
        chain: p.dest,
        token: "USDC",
        venueId: p.strategyId,
        amountMicros: continuing,
        planId: p.row.id,
        legIndex: 2,
        txId,
        confirmedAt,
        quotedAmountOutMicros: p.quotedDeposit,
        index,
        fromLiquid: true,
      });
      liquid = rec.liquidMicros;
      deposit = { strategyId: p.strategyId, stakedMicros: continuing, positionStakedMicros: rec.stakedMicros };
    }
    const body = answer(p, { status: "delivered", destTxId: txId, credited: true, creditedMicros: minted, liquid, deposit });
    await tx.update(planExecutions).set({ result: body, updatedAt: new Date() }).where(eq(planExecutions.planId, p.row.id));
    const data = { planId: p.row.id, sourceChain: p.source, destChain: p.dest, destAddress: p.destAddress, amountMicros: p.row.amountMicros.toString(), creditedMicros: minted.toString(), destTxId: txId };
    await emitEvents(tx, [{ type: "bridge.delivered", wallet: dest, data }]);
    return { status: 200, body };
  });
}


interface RescueBuild {
  blockers: Blocker[];
  transactions: PlanTransaction[];
  burn: { sourceTxId: string; nonce: string; amountMicros: string; mintRecipient: string; message: string; attestation: string | null } | null;
}

/**
 * Reads the burn's MessageSent message from the source transaction and Circle's attestation, and builds
 * receiveMessage(message, attestation) on the destination MessageTransmitter. Only a message whose mint recipient
 * is the plan's owner-locked destination is ever built; network reads only, nothing is written.
 */
async function buildRescue(p: BridgePlan, planRecipient: string | null, sourceTxId: string | undefined): Promise<RescueBuild> {
  if (p.rail === "circle-cctp-v2") return buildRescueV2(p, planRecipient, sourceTxId);
  const none = (...blockers: Blocker[]): RescueBuild => ({ blockers, transactions: [], burn: null });
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const locked = (await mintRecipientFor(p.dest, p.destAddress)).toLowerCase();
  if (planRecipient !== null && planRecipient.toLowerCase() !== locked) {
    return none(blocker("recipient_mismatch", "The plan's stored mint recipient does not match its owner-locked destination; nothing is built."));
  }
  const sourceDomain = CCTP_DOMAIN[p.source];
  const destDomain = CCTP_DOMAIN[p.dest];
  const routed = (m: Hex) => {
    const b = parseBurnMessage(m);
    return b && b.sourceDomain === sourceDomain && b.destinationDomain === destDomain ? [{ m, b }] : [];
  };
  // The routed burn that mints to the owner-locked destination, or recipient_mismatch naming where the burn mints.
  const lockedBurn = <T extends { b: BurnMessage }>(ours: T[]): T | { blocker: Blocker } =>
    ours.find((x) => x.b.mintRecipient.toLowerCase() === locked) ?? {
      blocker: blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`),
    };
  let message: Hex;
  let b: BurnMessage;
  let attestation: Hex | null = null;
  if (isEvmChain(p.source)) {
    // EVM sources: the burn as the chain recorded it (MessageSent in the receipt), then its attestation.
    const read = await readBurnMessages(p.source, sourceTxId);
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap(routed);
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine = lockedBurn(ours);
    if ("blocker" in mine) return none(mine.blocker);
    ({ m: message, b } = mine);
  } else {
    // svm-chain and move-chain sources: the message Iris lists for the source transaction (Circle signs it); its
    // route and mint recipient must still be the plan's.
    const att = await fetchAttestationsV1(sourceDomain, sourceTxId);
    if (att.state === "pending") return none(blocker("attestation_pending", `${att.reason}; try again later.`));
    if (att.state === "unavailable") return none(blocker("attestation_unavailable", `${att.reason}; try again later.`));
    const ours = att.messages.flatMap((x) => (x.message ? routed(x.message).map((r) => ({ ...r, a: x.attestation })) : []));
    if (ours.length === 0) return none(blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later."));
    const mine = lockedBurn(ours);
    if ("blocker" in mine) return none(mine.blocker);
    ({ m: message, b } = mine);
    attestation = mine.a;
  }
  const burn = { sourceTxId, nonce: b.nonce.toString(), amountMicros: b.amount.toString(), mintRecipient: b.mintRecipient, message, attestation: null as string | null };
  if (isEvmChain(p.source)) {
    const att = await fetchAttestation(sourceDomain, sourceTxId, message);
    if (att.state === "pending") return { blockers: [blocker("attestation_pending", `${att.reason}; try again later.`)], transactions: [], burn };
    if (att.state === "unavailable") return { blockers: [blocker("attestation_unavailable", `${att.reason}; try again later.`)], transactions: [], burn };
    attestation = att.attestation;
  }
  if (!attestation) return { blockers: [blocker("attestation_pending", "Circle has not attested the burn yet (waiting for source-chain finality); try again later.")], transactions: [], burn };
  burn.attestation = attestation;
  const description = `Mint ${b.amount} micro-USDC on ${p.dest} with CCTP V1 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${b.nonce}); the message fixes the recipient ${p.destAddress}`;
  if (isEvmChain(p.dest)) {
    const transmitter = MESSAGE_TRANSMITTER[p.dest];
    if (!transmitter) return none(blocker("adapter_not_ready", `No CCTP V1 MessageTransmitter is known on ${p.dest}.`));
    const payload = evmCall(p.dest, transmitter, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [message, attestation]);
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload }], burn };
  }
  try {
    if (p.dest === "svm-chain") {
      // message_transmitter V1 receive_message, paid and signed by the locked destination; mints to the message's token account.
      const recipientAccount = getAddressDecoder().decode(hexToBytes(b.mintRecipient));
      const ix = await receiveMessageInstructionV1(p.destAddress, message, attestation, sourceDomain, b.burnToken, b.nonce, recipientAccount);
      const payload = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
      return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload }], burn };
    }
    // move-chain: the receive PTB (receive_message → handle_receive_message → stamp → complete), simulated by the node.
    const payload = await withRpcTimeout((signal) => suiReceiveV1(p.destAddress, message, attestation as Hex, signal));
    const sim = await simulateTransactions([{ chain: p.dest, kind: "receive", description, encoding: "sui-transaction-json", payload }], p.destAddress);
    if (sim.blocker) return { blockers: [sim.blocker], transactions: [], burn };
    return { blockers: [], transactions: sim.transactions, burn };
  } catch (e) {
    if (e instanceof RpcUnavailable) return { blockers: [blocker("rpc_unavailable", e.message)], transactions: [], burn };
    return { blockers: [blocker("rpc_unavailable", `The ${p.dest} state the receive is built from could not be read: ${errorLine(e)}.`)], transactions: [], burn };
  }
}

/**
 * CCTP V2: the burn's MessageSent (MessageTransmitterV2 on the source) fixes domains, recipient, amount and sender;
 * the attested message comes from Iris v2 (`/v2/messages/{src}?transactionHash=`) because V2 fills in the nonce,
 * the executed finality and the executed fee only there. The attested message must agree with the burn on every
 * field the burn fixes, and its mint recipient must be the plan's locked destination; then receiveMessage on the
 * destination MessageTransmitterV2.
 */
async function buildRescueV2(p: BridgePlan, planRecipient: string | null, sourceTxId: string | undefined): Promise<RescueBuild> {
  const none = (...blockers: Blocker[]): RescueBuild => ({ blockers, transactions: [], burn: null });
  if (!isEvmChain(p.dest) && p.dest !== "svm-chain") return none(blocker("adapter_not_ready", `${p.dest} has no CCTP V2 (a V2 plan cannot end there); no receive is built.`));
  if (!isEvmChain(p.source) && p.source !== "svm-chain") return none(blocker("adapter_not_ready", `Reading a CCTP V2 burn on ${p.source} is not built yet.`));
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const locked = (await mintRecipientFor(p.dest, p.destAddress)).toLowerCase();
  if (planRecipient !== null && planRecipient.toLowerCase() !== locked) {
    return none(blocker("recipient_mismatch", "The plan's stored mint recipient does not match its owner-locked destination; nothing is built."));
  }
  const sourceDomain = CCTP_DOMAIN[p.source];
  const destDomain = CCTP_DOMAIN[p.dest];
  // EVM sources: the burn as the chain recorded it. svm-chain: the MessageSent event account is not read yet, so the
  // attested message alone is used (Circle signs it; its recipient must still be the locked destination).
  let onchain: BurnMessageV2 | null = null;
  let burn: RescueBuild["burn"] = null;
  if (isEvmChain(p.source)) {
    const read = await readBurnMessages(p.source, sourceTxId, MESSAGE_TRANSMITTER_V2);
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap((m) => {
      const b = parseBurnMessageV2(m);
      return b && b.sourceDomain === sourceDomain && b.destinationDomain === destDomain ? [{ m, b }] : [];
    });
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP V2 burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine = ours.find((x) => x.b.mintRecipient.toLowerCase() === locked);
    if (!mine) {
      return none(blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`));
    }
    onchain = mine.b;
    // Until Iris answers, the burn shows the source chain's message (nonce empty: V2 assigns it at attestation).
    burn = { sourceTxId, nonce: onchain.nonce, amountMicros: onchain.amount.toString(), mintRecipient: onchain.mintRecipient, message: mine.m, attestation: null };
  }
  const att = await fetchAttestationsV2(sourceDomain, sourceTxId);
  if (att.state === "pending") return { blockers: [blocker("attestation_pending", `${att.reason}; try again later.`)], transactions: [], burn };
  if (att.state === "unavailable") return { blockers: [blocker("attestation_unavailable", `${att.reason}; try again later.`)], transactions: [], burn };
  const same = (a: BurnMessageV2, b: BurnMessageV2) =>
    a.sourceDomain === b.sourceDomain &&
    a.destinationDomain === b.destinationDomain &&
    a.mintRecipient.toLowerCase() === b.mintRecipient.toLowerCase() &&
    a.burnToken.toLowerCase() === b.burnToken.toLowerCase() &&
    a.amount === b.amount &&
    a.messageSender.toLowerCase() === b.messageSender.toLowerCase() &&
    a.maxFee === b.maxFee &&
    a.minFinalityThreshold === b.minFinalityThreshold &&
    a.destinationCaller.toLowerCase() === b.destinationCaller.toLowerCase();
  const routed = att.messages.flatMap((m) => {
    const parsed = m.message ? parseBurnMessageV2(m.message) : null;
    return parsed && m.message && parsed.sourceDomain === sourceDomain && parsed.destinationDomain === destDomain ? [{ ...m, message: m.message, parsed }] : [];
  });
  const listed = routed.filter((m) => (onchain ? same(m.parsed, onchain) : m.parsed.mintRecipient.toLowerCase() === locked));
  if (!onchain && listed.length === 0 && routed[0]) {
    return none(blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${routed[0].parsed.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`));
  }
  if (listed.length === 0) return { blockers: [blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later.")], transactions: [], burn };
  const done = listed.find((m) => m.status === "complete" && m.attestation !== null);
  const first = done ?? listed[0];
  if (first) {
    burn = { sourceTxId, nonce: first.parsed.nonce, amountMicros: first.parsed.amount.toString(), mintRecipient: first.parsed.mintRecipient, message: first.message, attestation: null };
  }
  if (!done?.attestation || !burn) return { blockers: [blocker("attestation_pending", "Circle has not attested the burn yet (waiting for the source chain's finality); try again later.")], transactions: [], burn };
  burn.attestation = done.attestation;
  const minted = done.parsed.amount - done.parsed.feeExecuted;
  const description = `Mint ${minted} micro-USDC (${done.parsed.amount} burned, fee ${done.parsed.feeExecuted}) on ${p.dest} with CCTP V2 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${done.parsed.nonce}); the message fixes the recipient ${p.destAddress}`;
  if (isEvmChain(p.dest)) {
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload: receiveMessageV2(p.dest, done.message, done.attestation) }], burn };
  }
  // svm-chain: message_transmitter_v2 receive_message, paid and signed by the owner-locked destination wallet; the
  // token messenger's fee recipient is read from chain (its USDC account takes the executed fee).
  try {
    const feeRecipient = await withRpcTimeout((signal) => readFeeRecipient(signal));
    const recipientAccount = getAddressDecoder().decode(hexToBytes(done.parsed.mintRecipient));
    const ix = await receiveMessageInstruction(p.destAddress, done.message, done.attestation, sourceDomain, done.parsed.burnToken, done.parsed.nonce, recipientAccount, feeRecipient);
    const payload = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload }], burn };
  } catch (e) {
    if (e instanceof RpcUnavailable) return { blockers: [blocker("rpc_unavailable", e.message)], transactions: [], burn };
    return { blockers: [blocker("rpc_unavailable", `The svm-chain CCTP TokenMessenger could not be read: ${errorLine(e)}.`)], transactions: [], burn };
  }
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
  const built: RescueBuild = blockers.length ? { blockers: [], transactions: [], burn: null } : await buildRescue(p, mintRecipient, sourceTxId);
  blockers.push(...built.blockers);
  const body = {
    schemaVersion: "svc-bridge-rescue.v1" as const,
    status: blockers.length ? ("blocked" as const) : ("prepared" as const),
    planId: p.row.id,
    submitted: false as const,
    ownerMustSign: true as const,
    rail: p.rail,
    sourceChain: p.source,
    destChain: p.dest,
    destAddress: p.destAddress,
    mintRecipient,
    sourceDomain: CCTP_DOMAIN[p.source],
    destinationDomain: CCTP_DOMAIN[p.dest],
    method: "receiveMessage" as const,
    messageTransmitter:
      p.rail === "circle-cctp-v2"
        ? isEvmChain(p.dest)
          ? MESSAGE_TRANSMITTER_V2
          : p.dest === "svm-chain"
            ? MESSAGE_TRANSMITTER_V2_PROGRAM
            : null
        : p.dest === "svm-chain"
          ? MESSAGE_TRANSMITTER_V1_PROGRAM
          : p.dest === "move-chain"
            ? SUI_MESSAGE_TRANSMITTER
            : (MESSAGE_TRANSMITTER[p.dest] ?? null),
    burn: built.burn,
    steps: [
      `The service reads the MessageSent message of your burn on ${p.source} (${isEvmChain(p.source) ? "sourceTxId's receipt" : "as Circle's attestation service lists it for sourceTxId"}) and Circle's attestation for it (${config().SVC_CCTP_ATTESTATION_URL}, ${p.rail === "circle-cctp-v2" ? "CCTP V2: /v2/messages" : "CCTP V1: /v1/messages"}).`,
      `Sign and submit receiveMessage(message, attestation) to the CCTP MessageTransmitter on ${p.dest}. The burn message fixes the mint recipient, so the USDC can only be minted to ${p.destAddress} (mint recipient ${mintRecipient ?? "n/a"}).`,
      "Then post the mint transaction to POST /svc/bridge/delivery { planId, destTxId } to credit it. The service never builds replaceDepositForBurn, the only CCTP call that could change the recipient.",
    ],
    // Contract §8: every receive carries a simulation. The Sui receive is simulated by the node; the EVM and Solana
    // receives are not simulated by the service yet (Circle's programs and contracts are not on the local test chains,
    // so the simulator's answer could not be checked): they say so instead of carrying no verdict.
    transactions: blockers.length
      ? []
      : built.transactions.map((t) => (t.simulation ? t : { ...t, simulation: simulationUnavailable(`The ${p.dest} receive is not simulated by the service yet; your wallet's own preview is the check before signing.`) })),
    ...(blockers.length ? { blockers } : {}),
    broadcastEnabled: broadcastEnabled(p.dest),
    executionMode: config().SVC_EXECUTION_MODE,
  };
  return { status: 200 as const, body };
}
