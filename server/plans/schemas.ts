// Zod schemas of the plan endpoints (spec §2.2, §4.2, §4.4, §4.7; contract §4, §6).
import { z } from "zod";
import { walletAddress } from "../chains/address";
import { simulationSchema } from "../chains/simulation";
import { blockerSchema } from "../http/schemas";
import { microsInput, microsOutput } from "../money/amount";
import { chainId, executionMode } from "../svc/schemas";
import { RAIL_IDS } from "../rails/registry";

export const feeItem = z
  .object({
    label: z.string(),
    kind: z.enum(["service", "pool", "rail", "network"]),
    amountMicros: microsOutput.nullable().meta({ description: "Base units of `asset` (micros for USDC); null when not known before signing." }),
    bps: z.number().int().nullable(),
    estimate: z.boolean(),
    asset: z.string().nullable().optional().meta({ description: "Token the amount is in (mint, coin type or address); null for the chain's native asset." }),
    reason: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "Why the amount is what it is when not the schedule's: a service fee of 0 because no fee recipient is configured on the chain (GET /svc/fees `recipients`) or because it rounds to nothing; null when the fee is taken.",
      }),
  })
  .meta({ id: "PlanFee" });

export const planTransaction = z
  .object({
    chain: chainId,
    kind: z.enum(["approve", "deposit", "withdraw", "swap", "burn", "receive", "fee"]).meta({ description: "fee: an EVM plan's disclosed USDC.transfer of the service fee to the chain's fee recipient (elsewhere the fee is inside the plan's own transaction)." }),
    description: z.string(),
    encoding: z.enum(["sui-transaction-json", "solana-v0-message-base64", "evm-call"]),
    payload: z.unknown().meta({
      description:
        "sui-transaction-json: the string for `Transaction.from()` (dapp-kit signs it; the wallet resolves coins, object versions and gas). " +
        "solana-v0-message-base64: { feePayer, instructions[], transaction (unsigned v0 wire transaction, base64), message, recentBlockhash, lastValidBlockHeight }; " +
        "the wallet signs `transaction` as is, or when the blockhash expired, compiles `instructions` with its own recent blockhash. " +
        "A plan is `prepared` only when every transaction is complete; when the RPC gives no blockhash the plan is `blocked` with rpc_unavailable. " +
        "evm-call: { chainId, to, data, value } for eth_sendTransaction.",
    }),
    simulation: simulationSchema.optional().meta({ description: "Present on every transaction of a plan with an owner (contract §8)." }),
  })
  .meta({ id: "PlanTransaction" });

const wei = z.string().regex(/^[0-9]+$/);
export const gasFeeSchema = z
  .object({
    asset: z.literal("ETH"),
    decimals: z.literal(18),
    gas: wei.nullable().meta({ description: "Sum of the steps' simulated gas; null when a step has none." }),
    baseFeePerGas: wei.nullable().meta({ description: "The next block's base fee (eth_feeHistory), wei per gas." }),
    maxPriorityFeePerGas: wei.nullable().meta({ description: "Tip for the wallet's EIP-1559 transaction: median of recent blocks' 50th-percentile tips." }),
    maxFeePerGas: wei.nullable().meta({ description: "maxFeePerGas for the wallet's EIP-1559 transaction: 2 × base fee + tip." }),
    maxCostWei: wei.nullable().meta({ description: "gas × maxFeePerGas: the most the wallet can be charged for the whole plan." }),
    expectedCostWei: wei.nullable().meta({ description: "gas × (base fee + tip): the cost at the next block's base fee." }),
    usd: z.null(),
    usdReason: z.string(),
    reason: z.string().nullable().meta({ description: "Why the cost is null; null when it is known." }),
  })
  .meta({ id: "PlanGasFee", description: "EVM plans with an owner: the network fee the wallet will ask for, from eth_feeHistory and the simulation." });

const estimatesSchema = z.object({
  estimate: z.literal(true),
  grossApyBps: z.number().int().nullable(),
  netApyBps: z.number().int().nullable(),
  estDailyYieldMicros: microsOutput.nullable(),
  estMonthlyYieldMicros: microsOutput.nullable(),
});

const planBase = {
  status: z.enum(["prepared", "blocked"]),
  planId: z.string().meta({ example: "pln_0123456789abcdefghjk" }),
  submitted: z.literal(false),
  ownerMustSign: z.literal(true),
  blockers: z.array(blockerSchema).optional().meta({ description: "Present when status is blocked." }),
  fees: z.array(feeItem),
  transactions: z.array(planTransaction),
  broadcastEnabled: z.boolean(),
  ownerSigning: z.boolean().meta({
    description:
      "Whether the owner may sign this plan in the dashboard: always on an Executable chain; on a Map chain (evm-a, evm-b) only when the operator lists it in SVC_OWNER_SIGNING_CHAINS (spec §1.2: an explicit go). false while SVC_EXECUTION_MODE is disabled. It never means the server broadcasts: on a Map chain the execute endpoint still answers map_chain_prepare_only, so the ledger does not record the signed transactions.",
  }),
  executionMode,
};

export const vaultPlanSchema = z
  .object({
    schemaVersion: z.literal("svc-vault-plan.v1"),
    action: z.enum(["deposit", "withdraw"]),
    ...planBase,
    feeMicros: z.literal("0"),
    strategyId: z.string(),
    opportunityId: z.string(),
    chain: chainId,
    amountMicros: microsOutput,
    owner: z.string().nullable(),
    estimates: estimatesSchema.nullable().meta({
      description:
        "Deposit plans: the spec §1.4 yield estimates on the amount (labeled estimates). null on withdraw plans: a withdraw earns nothing; amountMicros is what leaves the venue and, with the principal fee 0, what the owner receives.",
    }),
    onchainInterface: z.string().nullable(),
    gasFee: gasFeeSchema.optional().meta({ description: "Present on EVM plans with an owner." }),
  })
  .meta({ id: "VaultPlan", description: "Deposit or withdraw plan (spec §2.2): identical shape for every venue." });

export const vaultPlanBody = z
  .strictObject({
    strategyId: z.string().min(1).max(200).meta({ description: "Bare protocol id (or form-<id>, or an opportunityId)", example: "scallop" }),
    amountMicros: microsInput,
    owner: walletAddress.optional().meta({ description: "The owner's wallet on the venue's chain; with it the plan carries the unsigned transactions." }),
  })
  .meta({ id: "VaultPlanRequest" });

const slippageBps = z
  .number()
  .int()
  .min(0)
  .max(500, { error: "must be at most 500" })
  .default(100)
  .meta({ description: "Slippage bound in bps: default 100, maximum 500." });

const token = z.string().min(1).max(300).meta({ description: "Token: mint / coin type / address, or the symbol USDC." });

export const swapBody = z.strictObject({
  inputToken: token,
  outputToken: token,
  amountIn: microsInput.meta({ description: "Input amount in the input token's base units (micros for USDC)." }),
  slippageBps: slippageBps.optional(),
  owner: walletAddress.optional(),
});
export const evmSwapBody = swapBody.extend({ chain: z.enum(["evm-a", "evm-b"]) });

export const swapPlanSchema = z
  .object({
    schemaVersion: z.literal("svc-swap-plan.v1"),
    ...planBase,
    chain: chainId,
    owner: z.string().nullable(),
    inputToken: z.string(),
    outputToken: z.string(),
    amountIn: microsOutput,
    slippageBps: z.number().int(),
    quote: z
      .object({
        source: z.string(),
        format: z.string(),
        asOf: z.string(),
        inAmount: microsOutput,
        outAmount: microsOutput,
        sourceMinAmountOut: microsOutput.nullable(),
        priceImpactPct: z.string().nullable(),
        route: z.array(z.string()),
      })
      .nullable(),
    minAmountOut: microsOutput.nullable().meta({ description: "outAmount × (10000 − slippageBps) / 10000, rounded down; null without a quote." }),
    custody: z.literal("none"),
  })
  .meta({ id: "SwapPlan" });

export const bridgeBody = z
  .strictObject({
    sourceChain: chainId,
    destChain: chainId,
    amountMicros: microsInput,
    sourceAddress: walletAddress,
    destAddress: walletAddress,
    continueTo: z
      .strictObject({
        strategyId: z.string().min(1).max(200).meta({ description: "A venue on destChain (bare id, form-<id> or opportunityId).", example: "kamino" }),
      })
      .optional()
      .meta({
        description:
          "Optional continuation on the destination chain: the arriving USDC is deposited into this venue (a cross-chain deposit: bridge, swap and deposit legs). A venue on another chain than destChain is 400.",
      }),
    speed: z
      .enum(["fast", "standard"])
      .optional()
      .meta({
        description:
          "CCTP V2 transfer speed (default standard): fast = finality threshold 1000, attested after soft finality for Circle's fee; standard = 2000, no fee. A route with a V1-only end (move-chain) has no fast transfer: fast there is 400.",
      }),
    destIsContract: z
      .boolean()
      .optional()
      .meta({
        description:
          "On an EVM destChain, the destination's contract code is read at plan time (eth_getCode): an address holding code is 400 INVALID_REQUEST unless this is true (the owner confirms the contract can move USDC, e.g. a multisig). When the code cannot be read the plan is blocked rpc_unavailable. Ignored on other chains.",
      }),
  })
  .meta({ id: "BridgePlanRequest" });

export const planLeg = z
  .object({
    legIndex: z.number().int(),
    kind: z.enum(["bridge", "swap", "deposit"]),
    chain: chainId,
    destChain: chainId.nullable().meta({ description: "Set for the bridge leg." }),
    inputToken: z.string(),
    outputToken: z.string(),
    amountInMicros: microsOutput.nullable().meta({ description: "null when what arrives is not known (a fast transfer whose rail fee is unknown)." }),
    quotedAmountOutMicros: microsOutput.nullable().meta({ description: "The quote; the settled amount is read from the destination proof at delivery. null when not known (see expectedReceivedReason)." }),
    passThrough: z.boolean().meta({ description: "true for a swap leg whose input and output token are the same (USDC arrives, the venue takes USDC): no swap transaction, no cost." }),
    strategyId: z.string().nullable().meta({ description: "The venue of the deposit leg." }),
    fees: z.array(feeItem),
  })
  .meta({ id: "PlanLeg" });

export const bridgePlanSchema = z
  .object({
    schemaVersion: z.literal("svc-bridge-plan.v1"),
    ...planBase,
    rail: z.enum(RAIL_IDS).meta({ description: "CCTP V2 where both ends run it (evm-a, evm-b, svm-chain); V1 end to end when one end has only V1 (move-chain)." }),
    speed: z.enum(["fast", "standard"]).nullable().meta({ description: "The V2 transfer speed; null on V1." }),
    railFee: z
      .object({
        amountMicros: microsOutput.nullable().meta({ description: "Circle's fee for this burn (fee API tier × amount, rounded up); null when the fee API could not be read." }),
        bps: z.string().nullable().meta({ description: "Circle's minimumFee of the tier, in basis points as Circle writes it (a decimal)." }),
        maxFeeMicros: microsOutput.nullable().meta({ description: "The burn's maxFee argument (V2): 0 for standard; for fast the fee plus 10%. null on V1." }),
        source: z.string().nullable(),
        reason: z.string().nullable(),
      })
      .meta({ description: "The rail's fee from Circle's fee API (GET /v2/burn/USDC/fees/{src}/{dst}) when reachable, else null with a reason." }),
    sourceChain: chainId,
    destChain: chainId,
    amountMicros: microsOutput,
    sourceAddress: z.string(),
    destAddress: z.string().meta({ description: "Owner-locked destination: the mint recipient of the burn; delivery and rescue only ever pay here." }),
    mintRecipient: z.string().nullable().meta({ description: "bytes32 hex given to depositForBurn (for svm-chain: the destination's USDC token account)." }),
    destinationDomain: z.number().int(),
    burnAmountMicros: microsOutput.meta({ description: "What the burn burns: amountMicros less the service bridge fee taken on the source chain (the owner's USDC outflow is amountMicros)." }),
    expectedReceivedMicros: microsOutput
      .nullable()
      .meta({ description: "What is minted to destAddress: burnAmountMicros less the rail fee of a fast transfer; null when that fee is unknown (Circle's fee API unreachable), with expectedReceivedReason." }),
    expectedReceivedReason: z.string().nullable(),
    continueTo: z
      .object({ strategyId: z.string(), opportunityId: z.string(), chain: chainId, onchainInterface: z.string().nullable() })
      .nullable()
      .meta({ description: "The destination venue the arriving USDC is deposited into, or null for a plain bridge." }),
    legs: z.array(planLeg).meta({ description: "Each leg with its fees, in legIndex order: bridge, then (with continueTo) swap and deposit." }),
    risk: z.object({ summary: z.string(), items: z.array(z.string()) }),
  })
  .meta({ id: "BridgePlan" });

export const gasBody = z.strictObject({ planId: z.string().min(1).max(64) });

export const gasLeg = z.object({
  chain: chainId,
  transactions: z.number().int(),
  asset: z.string(),
  unit: z.string(),
  gasPrice: z.string().nullable(),
  gasUnits: z.string().nullable(),
  amount: z.string().nullable().meta({ description: "Estimated network fee in `unit`; null when the RPC could not be read." }),
  status: z.enum(["ok", "N/A"]),
  reason: z.string().nullable(),
  source: z.string().nullable(),
  asOf: z.string().nullable(),
});

export const gasPlanSchema = z
  .object({
    schemaVersion: z.literal("svc-gas-plan.v1"),
    status: z.enum(["prepared", "blocked"]),
    planId: z.string(),
    estimate: z.literal(true),
    submitted: z.literal(false),
    ownerMustSign: z.literal(true),
    sponsored: z.literal(false),
    blockers: z.array(blockerSchema).optional(),
    chains: z.array(gasLeg),
    note: z.string(),
  })
  .meta({ id: "GasPlan" });

export const bridgePathsSchema = z
  .object({
    schemaVersion: z.literal("svc-bridge-paths.v1"),
    paths: z.array(
      z.object({
        sourceChain: chainId,
        destChain: chainId,
        rail: z.enum(RAIL_IDS),
        speeds: z.array(z.enum(["standard", "fast"])),
        ready: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "BridgePaths", description: "Which bridge paths the service can build, from the check that blocks bridge plans." });

// ---- GET /svc/plans/{planId}: a stored plan and what the service knows of it (issue 22 item 4) ----

export const planIdParams = z.object({ planId: z.string().min(1).max(64).meta({ description: "Plan id (pln_…)" }) });

export const planRecordQuery = z.object({
  sourceTxId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "A bridge's burn transaction on the source chain, as a hint: the service checks it on chain against the plan and answers what it found (bridge.burn)." }),
});

export const planRecordSchema = z
  .object({
    schemaVersion: z.literal("svc-plan-record.v1"),
    planId: z.string(),
    kind: z.enum(["deposit", "withdraw", "swap", "bridge", "cage"]),
    status: z.enum(["prepared", "blocked"]).meta({ description: "The plan's status when it was prepared." }),
    chain: chainId,
    owner: z.string().nullable(),
    strategyId: z.string().nullable(),
    amountMicros: microsOutput,
    destChain: chainId.nullable(),
    destAddress: z.string().nullable().meta({ description: "Bridges: the owner-locked destination." }),
    createdAt: z.string(),
    plan: z.record(z.string(), z.unknown()).meta({ description: "The plan body as it was answered when prepared (fees, blockers, transactions)." }),
    bridge: z
      .object({
        rail: z.enum(RAIL_IDS),
        burn: z.object({
          txId: z.string().nullable().meta({ description: "The sourceTxId checked, or null when none was given." }),
          state: z.enum(["not_reported", "invalid", "not_confirmed", "confirmed", "failed", "not_this_plan"]).meta({
            description:
              "not_reported: no sourceTxId given (the service records no burn before delivery). invalid: not a transaction id of the source chain. " +
              "not_confirmed: the source chain does not know it yet, it is not final, or the RPC could not be read (ask again). failed: it failed on chain. " +
              "not_this_plan: final, but not sent by the plan's owner or not moving the plan's amount of USDC out of the owner's wallet. " +
              "confirmed: final, sent by the owner, and taking at least the plan's amount of USDC from the owner. The burn message's recipient is checked against the locked destination by POST /svc/bridge/rescue.",
          }),
          reason: z.string().nullable(),
        }),
        attestation: z.object({
          state: z.enum(["attested", "not_read"]),
          reason: z.string().nullable().meta({ description: "Why it is not read here: POST /svc/bridge/rescue reads Circle's attestation for a burn." }),
        }),
        delivery: z.object({
          state: z.enum(["none", "delivered", "failed"]).meta({ description: "What the service recorded: a delivery proven on the destination chain, a reported failure, or nothing yet." }),
          destTxId: z.string().nullable().meta({ description: "The destination transaction that proved the delivery." }),
          creditedMicros: microsOutput.nullable(),
          error: z.string().nullable(),
          recordedAt: z.string().nullable(),
        }),
      })
      .nullable()
      .meta({ description: "Bridge plans only (null for other kinds): the burn hint as the source chain confirms it, and the delivery the service recorded." }),
  })
  .meta({ id: "PlanRecord" });
