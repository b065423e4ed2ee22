// Zod schemas of deposit execute, bridge delivery and bridge rescue (spec §4.2, §4.4, §3.3; contract §6).
import { z } from "zod";
import { blockedEnvelope, blockerSchema } from "../http/schemas";
import { microsOutput } from "../money/amount";
import { planTransaction } from "../plans/schemas";
import { chainId, executionMode } from "../svc/schemas";
import { RAIL_IDS } from "../rails/registry";

const planId = z.string().min(1).max(64).meta({ example: "pln_0123456789abcdefghjk" });
const txId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]+)$/, { error: "must be a transaction id: base58 (Sui digest, Solana signature) or 0x + 64 hex (EVM)" });

export const executeBody = z
  .union([
    z.strictObject({ planId, digest: txId.meta({ description: "The digest (Sui) or signature (Solana) of the transaction the owner's wallet already executed." }) }),
    z.strictObject({
      planId,
      signedTransaction: z
        .string()
        .min(1)
        .max(300_000)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "must be base64" })
        .meta({ description: "Owner-signed transaction bytes, base64 (Sui: BCS TransactionData; Solana: the signed wire transaction)." }),
      signatures: z.array(z.string().min(1).max(1000)).max(8).optional().meta({ description: "Sui: the owner's serialized signatures (base64)." }),
    }),
  ])
  .meta({
    id: "ExecuteRequest",
    description: "Owner-signed bytes or an on-chain digest, never a private key or mnemonic (a body that carries one is refused with 400).",
  });

export const executePosition = z.object({ liquidMicros: microsOutput, stakedMicros: microsOutput });

const executeBase = {
  schemaVersion: z.literal("svc-execute.v1"),
  planId: z.string(),
  chain: chainId,
  strategyId: z.string().nullable(),
  amountMicros: microsOutput,
};

export const executeDoneSchema = z
  .object({
    ...executeBase,
    status: z.literal("done"),
    digest: z.string(),
    submitted: z.boolean().meta({ description: "true when this server broadcast the signed bytes; false when the wallet did." }),
    settled: z.literal(true),
    settledMicros: microsOutput.optional().meta({
      description: "What the ledger recorded, from the confirmed transaction: a deposit stakes the plan's amount once the owner's USDC outflow less the USDC fees the plan disclosed covers it (never more: an excess is not proven to be in the position); a withdraw records the USDC that arrived in the owner's wallet.",
    }),
    position: executePosition.nullable().meta({ description: "The wallet's ledger position after the deposit or withdraw; null for a swap (the ledger holds no swapped tokens)." }),
    swap: z
      .object({
        inputToken: z.string(),
        outputToken: z.string(),
        amountIn: z.string().regex(/^[0-9]+$/).meta({ description: "Base units of inputToken that left the owner's wallet, read from the transaction." }),
        amountOut: z.string().regex(/^[0-9]+$/).meta({ description: "Base units of outputToken that arrived in the owner's wallet, read from the transaction (never the quote)." }),
        quotedAmountOut: z.string().nullable(),
        minAmountOut: z.string().nullable(),
      })
      .optional()
      .meta({ description: "A swap's settled amounts (POST /svc/swap/execute)." }),
  })
  .meta({ id: "ExecuteDone" });

export const executeWaitingSchema = z
  .object({
    ...executeBase,
    status: z.enum(["pending", "prepared"]),
    digest: z.string().nullable(),
    submitted: z.boolean(),
    settled: z.literal(false),
    ownerMustSign: z.boolean(),
    broadcastEnabled: z.boolean(),
    executionMode,
    reason: z.string(),
  })
  .meta({
    id: "ExecuteWaiting",
    description: "pending: the RPC is unreachable or the transaction is not final yet; nothing is credited, post again. prepared: the server does not broadcast in this mode; the wallet executes and posts the digest.",
  });

export const executeBlockedSchema = z
  .object({ ...blockedEnvelope, schemaVersion: z.literal("svc-execute.v1"), status: z.literal("blocked"), planId: z.string(), digest: z.string().nullable(), blockers: z.array(blockerSchema) })
  .meta({ id: "ExecuteBlocked" });

export const deliveryBody = z
  .union([
    z.strictObject({ planId, destTxId: txId.meta({ description: "The transaction that minted the USDC on the destination chain (CCTP receiveMessage)." }) }),
    z.strictObject({
      planId,
      status: z.literal("failed"),
      error: z.string().min(1).max(500),
      destTxId: txId.optional(),
    }),
  ])
  .meta({ id: "BridgeDeliveryRequest" });

export const deliverySchema = z
  .object({
    schemaVersion: z.literal("svc-bridge-delivery.v1"),
    status: z.enum(["delivered", "failed", "pending"]),
    planId: z.string(),
    sourceChain: chainId,
    destChain: chainId,
    destAddress: z.string().meta({ description: "The owner-locked destination recorded in the bridge plan." }),
    destTxId: z.string().nullable(),
    credited: z.boolean().meta({ description: "true only on the request that credited the destination; a repeat answers the first result with false." }),
    amountMicros: microsOutput.meta({ description: "Burned on the source chain (the plan amount)." }),
    creditedMicros: microsOutput.nullable().meta({ description: "Minted to the destination, read from the proof; null when not delivered." }),
    quotedAmountOutMicros: microsOutput,
    liquidMicros: microsOutput.nullable().meta({ description: "The destination wallet's liquid balance on destChain after the credit (and the continuing deposit)." }),
    continueTo: z.string().nullable().meta({ description: "The plan's continuing venue on destChain (cross-chain deposit), or null." }),
    deposit: z
      .object({
        strategyId: z.string(),
        stakedMicros: microsOutput.meta({ description: "Staked into the venue (deposit leg, legIndex 2). A delivery no longer stakes: see continuation." }),
        positionStakedMicros: microsOutput.meta({ description: "The venue position's staked amount after it." }),
        txId: z.string().meta({ description: "The destination transaction recorded as the position's proof." }),
      })
      .nullable()
      .meta({ description: "Always null since a delivery credits the destination's liquid balance only; the continuing deposit is staked when its own transaction is executed (continuation.planId)." }),
    continuation: z
      .object({
        planId: z.string().meta({
          description: "The continuation's deposit plan: sign its transactions with the locked destination, then report them with POST /svc/strategies/deposit/execute { planId, digest }; that stakes it (deposit leg 2 of this bridge plan).",
        }),
        strategyId: z.string(),
        amountMicros: microsOutput.meta({ description: "What the deposit deposits: the minted amount, at most the quoted arrival; it stays liquid on destChain until the deposit is executed." }),
        depositTxId: z.string().nullable().meta({ description: "The continuation deposit's transaction once executed and recorded (then nothing more is offered to sign); null before." }),
        transactions: z.array(planTransaction).meta({
          description: "The destination deposit for the owner-locked destination to sign, built for this answer and simulated now that the minted USDC is on destChain (each with its simulation).",
        }),
        blockers: z.array(blockerSchema).meta({ description: "Why it could not be built (no transactions) or why its simulation failed (simulation_failed); empty when it is ready to sign." }),
      })
      .nullable()
      .optional()
      .meta({ description: "A delivered cross-chain deposit's continuation, rebuilt and simulated for each answer until it is executed, and stored as the deposit plan continuation.planId (its answer: GET /svc/plans/{planId}); null otherwise." }),
    error: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "BridgeDelivery" });

export const deliveryBlockedSchema = z
  .object({ ...blockedEnvelope, schemaVersion: z.literal("svc-bridge-delivery.v1"), status: z.literal("blocked"), planId: z.string(), blockers: z.array(blockerSchema) })
  .meta({ id: "BridgeDeliveryBlocked" });

export const rescueBody = z
  .strictObject({
    planId,
    sourceTxId: z
      .string()
      .regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,88})$/, { error: "must be an EVM transaction hash (0x + 64 hex), a Solana signature or a Sui digest (base58)" })
      .optional()
      .meta({
        description:
          "The burn (depositForBurn) transaction on the source chain: an EVM hash, a Solana signature for a svm-chain burn or a Sui digest for a move-chain burn (checked against the plan's source chain); its message is what receiveMessage mints.",
      }),
  })
  .meta({
    id: "BridgeRescueRequest",
    description: "The plan id and the burn transaction: the destination is never taken from the request (any other field is 400); the mint recipient comes from the burn message and must be the plan's locked destination.",
  });

export const rescueSchema = z
  .object({
    schemaVersion: z.literal("svc-bridge-rescue.v1"),
    status: z.enum(["prepared", "blocked"]),
    planId: z.string(),
    submitted: z.literal(false),
    ownerMustSign: z.literal(true),
    rail: z.enum(RAIL_IDS),
    sourceChain: chainId,
    destChain: chainId,
    destAddress: z.string().meta({ description: "The owner-locked destination from the bridge plan: the only address a rescue can pay." }),
    mintRecipient: z.string().nullable(),
    sourceDomain: z.number().int(),
    destinationDomain: z.number().int(),
    method: z.literal("receiveMessage"),
    messageTransmitter: z.string().nullable().meta({ description: "CCTP MessageTransmitter on the destination (EVM destinations); null where not confirmed." }),
    burn: z
      .object({
        sourceTxId: z.string(),
        nonce: z.string(),
        amountMicros: microsOutput,
        mintRecipient: z.string().meta({ description: "From the burn message; always the plan's locked destination when a transaction is built." }),
        message: z.string().meta({ description: "The MessageSent bytes (hex) read from the source transaction's receipt." }),
        attestation: z.string().nullable().meta({ description: "Circle's attestation (hex); null while pending or unreadable." }),
      })
      .nullable(),
    steps: z.array(z.string()),
    transactions: z.array(planTransaction).meta({ description: "receiveMessage(message, attestation) on the destination MessageTransmitter, when prepared; empty when blocked." }),
    blockers: z.array(blockerSchema).optional(),
    broadcastEnabled: z.boolean(),
    executionMode,
  })
  .meta({ id: "BridgeRescuePlan" });
