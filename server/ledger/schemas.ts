// Zod schemas of the wallet ledger endpoints (spec §2.3–2.6, §4.3): used by the handlers and the OpenAPI document.
import { z } from "zod";
import { walletAddress } from "../chains/address";
import { AMOUNT_IN_SOURCES } from "../db/schema/activity";
import { blockedEnvelope, blockerSchema, isoTime, pageQuery } from "../http/schemas";
import { microsInput, microsOutput } from "../money/amount";
import { chainId } from "../svc/schemas";

const WALLET_EXAMPLE = `0x${"3".repeat(64)}`;
const token = z.enum(["USDC"]).meta({ description: "Token of the amounts; USDC (6 decimals: micros are base units)." });
const txId = z.string().min(1).max(200).meta({ description: "On-chain proof (transaction digest / signature / hash)." });
const nullableMicros = microsOutput.nullable();

/** A position's worth now from the chain beside the ledger's figure (issue 23 item 5), in both portfolios. */
const currentFields = {
  currentMicros: nullableMicros.meta({ description: "Worth now on chain: the owner's share balance times the venue's rate; null when the chain could not be read (currentReason says why)." }),
  currentAsOf: isoTime.nullable().meta({ description: "When currentMicros was read from the chain." }),
  currentSource: z.string().nullable().meta({ description: "The chain and what was read, e.g. `chain:svm-chain Kamino cUSDC balance × USDC reserve exchange rate`." }),
  currentReason: z.string().nullable().meta({ description: "Why currentMicros is null; null when it was read." }),
  recordedMicros: microsOutput.meta({ description: "The ledger's figure for the position (staked principal), shown beside the chain's." }),
  roiPct: z.number().nullable().meta({ description: "ROI of currentMicros over the cost basis; null when unknown (chain unreadable, no cost basis); 0 is break-even." }),
};


/** A position's recorded drift (the reconciliation's finding), shared by the portfolio and positions reads. */
const driftSchema = z
  .object({
    driftMicros: z.string().regex(/^-?[0-9]+$/),
    chainMicros: microsOutput,
    expectedMicros: microsOutput,
    checkedAt: isoTime.meta({ description: "The last check of the position (one that could not read the chain keeps the drift found before and says so in the check's reason)." }),
    since: isoTime.meta({ description: "When the chain was first found to differ, unbroken by any check that found it agreeing." }),
  })
  .nullable()
  .meta({ description: "The last reconciliation's finding when the chain differed from what the ledger expects (driftMicros = chain − expected, signed); null when it agreed or was not checked. The ledger is never changed by it." });
export const proofSchema = z
  .object({
    txId: z.string().nullable().meta({ description: "null: a ledger credit with no on-chain transaction." }),
    chain: z.string().meta({ description: "The chain the transaction is on." }),
    confirmed: z.boolean().meta({ description: "true only when the service confirmed the transaction through the chain's RPC (execute, bridge delivery); an id given to route is false." }),
    confirmedAt: isoTime.nullable(),
    note: z.string(),
    confirmedMicros: microsOutput.optional().meta({ description: "Positions: how much of the staked amount transactions confirmed on chain put there; `confirmed` is true only when that is all of it." }),
  })
  .meta({ id: "Proof", description: "On-chain proof of a position or activity leg, and whether it was checked." });

export const walletQuery = z.object({ wallet: walletAddress });
export const activityQuery = walletQuery.extend(pageQuery.shape);

export const routeBody = z
  .strictObject({
    amountMicros: microsInput,
    token: token.default("USDC"),
    stake: z.boolean().default(false),
    chain: chainId,
    strategyId: z.string().min(1).max(200).optional().meta({ description: "Bare venue id; default: the autopilot pick on that chain, else the top live APY." }),
    txId: txId.optional(),
  })
  .meta({ id: "RouteRequest", example: { amountMicros: "1000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend" } });

export const previewBody = routeBody
  .extend({
    chain: chainId.optional().meta({
      description:
        "Default: the address's chain (Sui → move-chain, Solana → svm-chain); an EVM address uses the wallet's home (its autopilot's chain, else the one EVM chain it holds money on), else 400 naming evm-a and evm-b.",
    }),
  })
  .meta({ id: "PreviewRequest", example: { amountMicros: "1000000", stake: true } });

export const withdrawBody = z
  .strictObject({
    amountMicros: microsInput,
    token: token.default("USDC"),
    chain: chainId.optional().meta({ description: "Only this chain's balances; default: every chain (liquid first, then stakes)." }),
    txId: txId.optional(),
  })
  .meta({ id: "WithdrawRequest" });

export const harvestBody = z
  .strictObject({
    execute: z.boolean().default(true).meta({ description: "false: prepare only (202, harvest-plan.v1), nothing is written." }),
    chain: chainId.optional(),
  })
  .meta({ id: "HarvestRequest" });

export const payeeSchema = z.strictObject({
  address: z.string().min(1).max(100),
  bps: z.number().int().min(1).max(10_000),
});

export const autoPayBody = z
  .strictObject({
    chain: chainId,
    payees: z
      .array(payeeSchema)
      .min(1)
      .max(20)
      .refine((p) => p.reduce((s, x) => s + x.bps, 0) <= 10_000, { error: "payees' bps must sum to at most 10000" })
      .refine((p) => new Set(p.map((x) => x.address.toLowerCase())).size === p.length, { error: "payees must be distinct" }),
  })
  .meta({ id: "AutoPayRequest" });

export const rebalanceBody = z
  .strictObject({
    fromStrategyId: z.string().min(1).max(200),
    toStrategyId: z.string().min(1).max(200),
    amountMicros: microsInput.optional().meta({ description: "Default: everything staked at the source venue." }),
  })
  .meta({ id: "RebalanceRequest" });

export const batchBody = z
  .strictObject({ wallets: z.array(walletAddress).min(1).max(50).meta({ description: "Up to 50 wallets, each in the key's scope." }) })
  .meta({ id: "BatchPositionsRequest" });

const blocked = (id: string, extra: z.ZodRawShape = {}) =>
  z.object({ ...blockedEnvelope, status: z.literal("blocked"), wallet: z.string(), blockers: z.array(blockerSchema).min(1), ...extra }).meta({ id });

const chainPosition = z.object({
  chain: z.string(),
  token: z.string(),
  liquidMicros: microsOutput,
  stakedMicros: microsOutput,
  venues: z.array(z.object({ venueId: z.string(), opportunityId: z.string().nullable(), stakedMicros: microsOutput })),
});

export const positionSchema = z
  .object({ wallet: z.string(), liquidMicros: microsOutput, stakedMicros: microsOutput, byChain: z.array(chainPosition) })
  .meta({ id: "WalletPosition", description: "Liquid, staked and by-chain amounts (spec §2.3)." });

export const batchSchema = z.object({ count: z.number().int(), positions: z.array(positionSchema) }).meta({ id: "BatchPositions" });

export const portfolioSchema = z
  .object({
    wallet: z.string(),
    liquidMicros: microsOutput,
    stakedMicros: microsOutput,
    balances: z.array(z.object({ chain: z.string(), token: z.string(), liquidMicros: microsOutput })),
    venues: z.array(
      z.object({
        venueId: z.string(),
        opportunityId: z.string().nullable(),
        protocol: z.string(),
        chain: z.string(),
        token: z.string(),
        stakedMicros: microsOutput,
        costBasisMicros: microsOutput,
        realizedYieldMicros: microsOutput,
        ...currentFields,
        txId: z.string().nullable(),
        proof: proofSchema,
        drift: driftSchema,
        openedAt: isoTime.nullable(),
      }),
    ),
  })
  .meta({ id: "WalletPortfolio" });

export const performanceSchema = z
  .object({
    wallet: z.string(),
    realizedYieldMicros: microsOutput,
    costBasisMicros: microsOutput,
    realizedApyBps: z.number().int().nullable().meta({ description: "Realized yield over cost basis and holding time, annualized; null if unknown." }),
    since: isoTime.nullable(),
    positions: z.array(
      z.object({
        venueId: z.string(),
        opportunityId: z.string().nullable(),
        protocol: z.string(),
        chain: z.string(),
        costBasisMicros: microsOutput,
        realizedYieldMicros: microsOutput,
        realizedApyBps: z.number().int().nullable(),
        since: isoTime.nullable(),
      }),
    ),
  })
  .meta({ id: "WalletPerformance" });

export const fundingSchema = z
  .object({
    wallet: z.string(),
    asOf: isoTime,
    totalMicros: microsOutput,
    liquidMicros: microsOutput,
    stakedMicros: microsOutput,
    chains: z.array(z.object({ chain: z.string(), token: z.string(), liquidMicros: microsOutput, stakedMicros: microsOutput, stakeableMicros: microsOutput })),
  })
  .meta({ id: "WalletFunding" });

export const routeDoneSchema = z
  .object({
    status: z.literal("done"),
    dryRun: z.boolean(),
    wallet: z.string(),
    chain: chainId,
    token: z.string(),
    amountMicros: microsOutput,
    feeMicros: microsOutput,
    stake: z.boolean(),
    stakedMicros: microsOutput,
    venueId: z.string().nullable(),
    opportunityId: z.string().nullable(),
    venueChoice: z.enum(["strategyId", "autopilot", "top_live_apy"]).nullable(),
    txId: z.string().nullable(),
    actionId: z.string().nullable().meta({ description: "Also the planId of the activity row; null on a preview." }),
    position: z.object({ chain: chainId, liquidMicros: microsOutput, venueStakedMicros: nullableMicros }),
  })
  .meta({ id: "RouteResult" });

export const routeBlockedSchema = blocked("RouteBlocked", { dryRun: z.boolean(), chain: chainId, amountMicros: microsOutput });

export const withdrawDoneSchema = z
  .object({
    status: z.literal("done"),
    wallet: z.string(),
    token: z.string(),
    amountMicros: microsOutput,
    feeMicros: microsOutput,
    unstakedMicros: microsOutput,
    legs: z.array(
      z.object({
        chain: z.string(),
        amountMicros: microsOutput,
        fromLiquidMicros: microsOutput,
        unstaked: z.array(z.object({ venueId: z.string(), amountMicros: microsOutput })),
      }),
    ),
    actionId: z.string(),
    position: z.object({ liquidMicros: microsOutput, stakedMicros: microsOutput }),
  })
  .meta({ id: "WithdrawResult" });

export const withdrawBlockedSchema = blocked("WithdrawBlocked", { amountMicros: microsOutput, availableMicros: microsOutput });

export const harvestSchema = z
  .object({
    schemaVersion: z.enum(["svc-harvest.v1", "harvest-plan.v1"]),
    wallet: z.string(),
    mode: z.enum(["harvest", "no_op_harvest", "prepare"]),
    outcome: z.enum(["done", "no_op", "no_yield", "unavailable", "prepared"]),
    reason: z.string().nullable(),
    prepared: z.boolean(),
    grossYieldMicros: microsOutput,
    protocolFeeMicros: microsOutput.meta({ description: "Protocol skim plus profit fee, on gross yield only." }),
    skimMicros: microsOutput,
    profitFeeMicros: microsOutput,
    netYieldMicros: microsOutput,
    compoundedMicros: microsOutput,
    paidMicros: microsOutput,
    payouts: z.array(z.object({ address: z.string(), bps: z.number().int(), chain: z.string(), venueId: z.string(), amountMicros: microsOutput })),
    positions: z.array(
      z.object({
        chain: z.string(),
        token: z.string(),
        venueId: z.string(),
        stakedMicros: microsOutput,
        grossYieldMicros: microsOutput,
        protocolFeeMicros: microsOutput,
        netYieldMicros: microsOutput,
        indexSource: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    actionId: z.string().nullable(),
  })
  .meta({ id: "HarvestResult", description: "Amounts come from the venue's on-chain index, never from the request." });

export const rebalanceDoneSchema = z
  .object({
    status: z.literal("done"),
    wallet: z.string(),
    chain: z.string(),
    fromVenueId: z.string(),
    toVenueId: z.string(),
    amountMicros: microsOutput,
    feeMicros: microsOutput,
    actionId: z.string(),
    position: z.object({ fromStakedMicros: microsOutput, toStakedMicros: microsOutput }),
  })
  .meta({ id: "RebalanceResult" });

export const rebalanceBlockedSchema = blocked("RebalanceBlocked");

export const publicPortfolioSchema = z
  .object({
    schemaVersion: z.literal("svc-wallet-portfolio.v1"),
    wallet: z.string(),
    count: z.number().int(),
    positions: z.array(
      z.object({
        opportunityId: z.string(),
        protocol: z.string(),
        venueId: z.string(),
        chain: z.string(),
        token: z.string(),
        depositedMicros: microsOutput.meta({ description: "Cost basis: principal in plus swap and bridge leg costs." }),
        ...currentFields,
        txId: z.string().meta({ description: "The position's latest transaction id; see proof.confirmed before taking it as proof." }),
        proof: proofSchema,
        drift: driftSchema,
      }),
    ),
    totalDepositedUsd: z.string().meta({ description: "USD as a decimal string (USDC at 1:1)." }),
    totalCurrentUsd: z.string().nullable().meta({ description: "Sum of the positions' currentMicros in USD; null when any position's worth could not be read from the chain." }),
    totalCurrentReason: z.string().nullable().meta({ description: "Which positions were not read and why, when totalCurrentUsd is null." }),
    totalRecordedUsd: z.string().meta({ description: "Sum of the positions' recordedMicros (the ledger's figures) in USD." }),
  })
  .meta({ id: "PublicWalletPortfolio" });

export const publicActivitySchema = z
  .object({
    schemaVersion: z.literal("svc-wallet-activity.v1"),
    wallet: z.string(),
    count: z.number().int(),
    activity: z.array(
      z.object({
        id: z.string(),
        planId: z.string().nullable(),
        legIndex: z.number().int(),
        kind: z.enum(["swap", "bridge", "deposit", "withdraw"]),
        chain: z.string(),
        destChain: z.string().nullable(),
        venueId: z.string().nullable(),
        token: z.string().meta({ description: "The asset of amountIn: USDC, or a swap's input token id." }),
        outToken: z.string().nullable().meta({ description: "A swap's output token id (the asset of amountOut and quotedAmountOut); null: the same as token." }),
        txId: z.string().nullable(),
        proof: proofSchema,
        amountIn: microsOutput,
        amountInSource: z
          .enum(AMOUNT_IN_SOURCES)
          .nullable()
          .meta({
            description:
              "Where amountIn comes from. chain: read from a transaction confirmed through the chain's RPC: a deposit's, withdraw's or swap's balance changes (what left or arrived in the owner's wallet); a bridge leg's burn (the source chain's transaction as a rescue read it, or the burn message the destination's receive consumed; plus the service fee the plan disclosed); a bridge's pass-through leg, the mint of the destination's receive. plan: the plan's figure, which no chain stated (a bridge leg whose burn was not read, failed bridge legs included; a deposit or pass-through whose transaction moved more than the plan, recorded at the plan's amount). request: no transaction stands behind it: a ledger write (the wallet's route, withdraw, rebalance and auto-pay payouts; a character's stake or unstake) records what the API request asked for or what the ledger computed for it (a txId given with a route is the caller's word, not read). null: not recorded (a leg written before the service stated it). amountOut comes from the same source, except a settled bridge leg's, which is always the mint read from the destination's confirmed transaction.",
          }),
        amountOut: nullableMicros.meta({ description: "Settled amount from the receipt; null when not settled." }),
        quotedAmountOut: nullableMicros,
        status: z.enum(["settled", "failed", "pending"]),
        error: z.string().nullable(),
        createdAt: isoTime,
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "PublicWalletActivity" });

export { WALLET_EXAMPLE };
