// POST /svc/strategies/deposit/execute, /svc/bridge/delivery, /svc/bridge/rescue (spec §4.2, §4.4, §3.3; contract §6).
import { getBase58Decoder } from "@solana/kit";
import { endpoint, publicRoute } from "../http/endpoint";
import { deliverBridge, rescueBridge } from "./bridge";
import { executeDeposit, executeSwap, executeWithdraw } from "./deposit";
import { refuseKeyMaterial } from "./key-material";
import {
  deliveryBlockedSchema,
  deliveryBody,
  deliverySchema,
  executeBlockedSchema,
  executeBody,
  executeDoneSchema,
  executeWaitingSchema,
  rescueBody,
  rescueSchema,
} from "./schemas";

const TAGS = ["execute"];

/**
 * The execute endpoint of a plan action: same body, screening and answers; the action's own words and runner. The
 * example digest only has a Sui digest's shape (base58, 32 bytes); it names no transaction.
 */
function executeEndpoint(action: "deposit" | "withdraw" | "swap", summary: string, description: string, run: typeof executeDeposit) {
  const operationId = { deposit: "executeDeposit", withdraw: "executeWithdraw", swap: "executeSwap" }[action];
  const path = action === "swap" ? "/api/v1/svc/swap/execute" : `/api/v1/svc/strategies/${action}/execute`;
  return endpoint({
    ...publicRoute(operationId, "POST", path, summary, TAGS),
    description,
    body: executeBody,
    screen: refuseKeyMaterial,
    idempotent: true,
    errors: ["NOT_FOUND"],
    example: { body: { planId: "pln_0000000000000000000a", digest: getBase58Decoder().decode(new Uint8Array(32).fill(7)) } },
    responses: { 200: executeDoneSchema, 202: executeWaitingSchema, 422: executeBlockedSchema },
    handler: async ({ db, body }) => run(db, body),
  });
}

export const executeDepositEndpoint = executeEndpoint(
  "deposit",
  "Record a deposit plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and credit once",
  "Body { planId, digest } after the wallet executed, or { planId, signedTransaction, signatures? } (submitted only when SVC_EXECUTION_MODE=broadcast on an Executable chain; otherwise 202 prepared, submitted false). " +
    "200 done once confirmed and recorded: the position stakes the plan's amount once the owner's USDC outflow read from the transaction, less the USDC fees the plan disclosed, covers it (never more; `settledMicros`; a repeat with the same digest answers the same and credits nothing); 202 pending when the RPC is unreachable or the transaction is not final (nothing credited; post again); " +
    "422 blocked for a failed transaction, a sender that is not the plan's owner, an outflow that does not cover the plan's amount and its disclosed fees (tx_amount_mismatch), a plan that is not a prepared deposit, a Map chain, or a digest used by another plan. " +
    "Private keys, secret keys and mnemonics are refused with 400 whatever field carries them, and never logged.",
  executeDeposit,
);

export const executeWithdrawEndpoint = executeEndpoint(
  "withdraw",
  "Record a withdraw plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and record what arrived once",
  "Body { planId, digest } after the wallet executed the withdraw plan's transaction, or { planId, signedTransaction, signatures? } (as for deposits). " +
    "200 done once confirmed and recorded: the venue position gives up the USDC that arrived in the owner's wallet (read from the transaction, `settledMicros`), up to its staked principal, the rest recorded as yield; a repeat with the same digest answers the same and records nothing. " +
    "202 pending when the RPC is unreachable or the transaction is not final; 422 blocked for a failed transaction, a sender that is not the plan's owner, a transaction that brings the owner no USDC, a plan that is not a prepared withdraw, a Map chain, or a digest used by another plan.",
  executeWithdraw,
);

export const executeSwapEndpoint = executeEndpoint(
  "swap",
  "Record a swap plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and write the settled swap leg once",
  "Body { planId, digest } after the wallet executed the swap plan's transaction, or { planId, signedTransaction, signatures? } (as for deposits). " +
    "200 done once confirmed: what left the owner's wallet of the input token and arrived of the output token, read from the transaction (`swap.amountIn`, `swap.amountOut`; never the quote), is written to the activity log as a settled swap leg beside the quote; the ledger's USDC balances are not changed. " +
    "202 pending when the RPC is unreachable or the transaction is not final; 422 blocked for a failed transaction, a sender that is not the plan's owner, a transaction that takes more than the plan's amount or brings less than its minimum (tx_amount_mismatch), a plan that is not a prepared swap, a Map chain, or a digest used by another plan.",
  executeSwap,
);

export const bridgeDeliveryEndpoint = endpoint({
  operationId: "deliverBridge",
  method: "POST",
  path: "/api/v1/svc/bridge/delivery",
  summary: "Credit a bridge plan's owner-locked destination once, only with the destination chain's proof",
  description:
    "Body { planId, destTxId }: the destination transaction is confirmed through the destination chain's RPC and must mint USDC to the locked destination; then, in one transaction, the destination's liquid balance is credited with the minted amount, the bridge leg is written and bridge.delivered emitted. " +
    "When the plan continues into a venue (continueTo), the same transaction also writes the pass-through swap leg (legIndex 1); the continuing amount stays liquid, and the answer's `continuation` carries the destination deposit, built and simulated now, as a deposit plan (`continuation.planId`) for the locked destination to sign and report with POST /svc/strategies/deposit/execute: that stakes it (deposit leg 2 of the bridge plan; deposit.settled, position.updated) with its own transaction as the position's proof and a cost basis that includes the settled routing legs' cost. " +
    "A second delivery answers the first result with credited false. Body { planId, status: \"failed\", error } records a failed bridge leg and emits bridge.failed (no credit). " +
    "The key's scope must hold the plan's owner or its destination wallet.",
  tags: TAGS,
  access: "bridge.deliver",
  body: deliveryBody,
  screen: refuseKeyMaterial,
  idempotent: true,
  errors: ["NOT_FOUND"],
  example: { body: { planId: "pln_0000000000000000000a", destTxId: `0x${"ab".repeat(32)}` } },
  responses: { 200: deliverySchema, 202: deliverySchema, 422: deliveryBlockedSchema },
  handler: async ({ db, principal, body }) => deliverBridge(db, principal, body),
});

export const bridgeRescueEndpoint = endpoint({
  operationId: "rescueBridge",
  method: "POST",
  path: "/api/v1/svc/bridge/rescue",
  summary: "Prepared CCTP rescue of an undelivered bridge: it can only pay the plan's owner-locked destination",
  description:
    "Body { planId, sourceTxId }: the service reads the burn's CCTP MessageSent message from the source transaction's receipt (source chain RPC) and Circle's attestation (SVC_CCTP_ATTESTATION_URL, GET /v1/messages/{sourceDomain}/{txHash}), " +
    "and prepares receiveMessage(message, attestation) on the destination MessageTransmitter for the owner to sign. The message's mint recipient must be the plan's owner-locked destination (else blocked recipient_mismatch, no transaction). " +
    "A destination in the body is 400 (it is never taken from the request). HTTP 200 with status prepared, or blocked: already_delivered, source_tx_required, burn_not_found, source_rpc_unavailable, attestation_pending, attestation_unavailable, adapter_not_ready (svm-chain and move-chain destinations). The key's scope must hold the plan's owner.",
  tags: TAGS,
  access: "bridge.rescue",
  body: rescueBody,
  screen: refuseKeyMaterial,
  errors: ["NOT_FOUND"],
  example: { body: { planId: "pln_0000000000000000000a", sourceTxId: `0x${"cd".repeat(32)}` } },
  responses: { 200: rescueSchema, 422: deliveryBlockedSchema },
  handler: async ({ db, principal, body }) => rescueBridge(db, principal, body.planId, body.sourceTxId),
});

export const executeEndpoints = [executeDepositEndpoint, executeWithdrawEndpoint, executeSwapEndpoint, bridgeDeliveryEndpoint, bridgeRescueEndpoint];
