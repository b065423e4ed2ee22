// Zod schemas of the character surface (spec §2.8, §4.9, contract §7) and the wallet auto-yield policy (§4.3).
import { z } from "zod";
import { walletAddress } from "../chains/address";
import { harvestSchema } from "../ledger/schemas";
import { blockedEnvelope, blockerSchema, isoTime } from "../http/schemas";
import { microsInput, microsOutput } from "../money/amount";
import { chainId } from "../svc/schemas";
import { MAX_MIN_TVL_USD } from "../config";

export const WALLET_EXAMPLE = `0x${"3".repeat(64)}`;
export const CHARACTER_EXAMPLE = "chr_0000000000000000example";

export const idParams = z.object({ id: z.string().min(1).max(64).meta({ description: "Character id (chr_…)" }) });

const venueInput = z.string().min(1).max(200).meta({ description: "Bare venue id (e.g. scallop)" });
const maxStake = microsInput.nullable().meta({ description: "Integer-micros string; null = no cap. Negative or non-integer → 400." });

export const createCharacterBody = z
  .strictObject({ wallet: walletAddress, name: z.string().trim().min(1).max(100), chain: chainId.optional() })
  .meta({ id: "CreateCharacterRequest" });

const trancheInput = z.strictObject({ amountMicros: microsInput, stakeable: z.boolean() });

export const updateCharacterBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    fanCreditLiabilityMicros: microsInput.optional(),
    conditionedTranches: z.array(trancheInput).max(100).optional(),
    storageBillMicros: microsInput.optional(),
    storageRenewalDueAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .meta({ id: "UpdateCharacterRequest" });

export const characterSchema = z
  .object({
    id: z.string(),
    wallet: z.string(),
    name: z.string(),
    chain: chainId,
    fanCreditLiabilityMicros: microsOutput,
    conditionedTranches: z.array(z.object({ amountMicros: microsOutput, stakeable: z.boolean() })),
    storageBillMicros: microsOutput,
    storageRenewalDueAt: isoTime.nullable(),
    auto_yield_enabled: z.boolean(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Character" });

export const putAutoYieldBody = z
  .strictObject({
    auto_yield_enabled: z.boolean().optional(),
    target_venue: venueInput.nullable().optional(),
    max_stake_micros: maxStake.optional(),
    allowed_venues: z.array(venueInput).max(50).nullable().optional(),
    // The bound SVC_AUTO_YIELD_MIN_TVL_USD has (server/config.ts), and what the column holds (bigint).
    min_tvl_usd: z.number().int().min(0).max(MAX_MIN_TVL_USD).nullable().optional(),
  })
  .meta({ id: "CharacterAutoYieldRequest" });

const estimatesSchema = z.object({
  estimate: z.literal(true),
  label: z.string(),
  staked_micros: microsOutput,
  skim_bps: z.number().int(),
  gross_apy_bps: z.number().int().nullable(),
  net_apy_bps: z.number().int().nullable(),
  est_daily_yield_micros: microsOutput.nullable(),
  est_monthly_yield_micros: microsOutput.nullable(),
});

export const autoYieldStatusSchema = z
  .object({
    schemaVersion: z.literal("auto-yield-status.v1"),
    characterId: z.string(),
    wallet: z.string(),
    chain: chainId,
    auto_yield_enabled: z.boolean(),
    target_venue: z.string().nullable(),
    max_stake_micros: microsOutput.nullable(),
    enabled_at: isoTime.nullable(),
    risk_envelope: z.object({ allowed_venues: z.array(z.string()).nullable(), min_tvl_usd: z.number().int().nullable() }),
    venue: z.string().nullable(),
    liquidMicros: microsOutput,
    stakedMicros: microsOutput,
    stakeableMicros: microsOutput,
    fanCreditLiabilityMicros: microsOutput,
    lockedTrancheMicros: microsOutput,
    positions: z.array(z.object({ venueId: z.string(), stakedMicros: microsOutput })),
    grossApyBps: z.number().int().nullable(),
    netApyBps: z.number().int().nullable(),
    apySource: z.string().nullable(),
    apyAsOf: isoTime.nullable(),
    apyReason: z.string().nullable(),
    lastHarvest: z.object({ at: isoTime, netYieldMicros: microsOutput, venueId: z.string().nullable() }).nullable(),
    estimates: estimatesSchema,
  })
  .meta({ id: "CharacterAutoYield" });

const planItem = z.object({
  venue: z.string(),
  chain: chainId,
  marketRef: z.string(),
  grossApyBps: z.number().int().nullable(),
  netApyBps: z.number().int().nullable(),
  score: z.number().nullable(),
  amountMicros: microsOutput,
});

export const autoYieldPlanSchema = z
  .object({
    schemaVersion: z.literal("auto-yield-plan.v1"),
    characterId: z.string(),
    mode: z.literal("dry_run"),
    selected: planItem.nullable(),
    alternatives: z.array(planItem),
    blockers: z.array(blockerSchema),
  })
  .meta({ id: "AutoYieldPlan" });

export const discoverySchema = z
  .object({
    schemaVersion: z.literal("auto-yield-discovery.v1"),
    characterId: z.string(),
    status: z.enum(["ok", "blocked"]),
    source: z.string(),
    asOf: isoTime.nullable(),
    reason: z.string().nullable(),
    filters: z.object({ stablecoinOnly: z.literal(true), chains: z.array(chainId), minTvlUsd: z.number(), projects: z.array(z.string()).nullable() }),
    count: z.number().int(),
    pools: z.array(
      z.object({
        pool: z.string(),
        chain: chainId,
        project: z.string(),
        symbol: z.string(),
        tvlUsd: z.number().nullable(),
        grossApyBps: z.number().int().nullable(),
        netApyBps: z.number().int().nullable(),
        venue: z.string().nullable(),
        adapterReady: z.boolean(),
        eligible: z.boolean(),
        rejected: z.array(z.string()),
        score: z.number().nullable(),
      }),
    ),
    ranking: z.array(z.string()).meta({ description: "Eligible venues by score desc, ties by venue id asc" }),
    plan: autoYieldPlanSchema,
    blockers: z.array(blockerSchema),
  })
  .meta({ id: "AutoYieldDiscovery" });

export const moneyBody = z
  .strictObject({ amountMicros: microsInput.optional(), venue: venueInput.optional() })
  .meta({ id: "CharacterMoneyRequest", description: "Default amount: stake all selectable (min(stakeable, max allocation)) / unstake all; default venue: target_venue, else the discovery pick." });

const blockedSchema = z
  .object({ ...blockedEnvelope, status: z.literal("blocked"), characterId: z.string(), wallet: z.string(), blockers: z.array(blockerSchema) })
  .meta({ id: "CharacterMoneyBlocked" });
export { blockedSchema as characterBlockedSchema };

export const stakeDoneSchema = z
  .object({
    status: z.literal("done"),
    characterId: z.string(),
    wallet: z.string(),
    chain: chainId,
    venue: z.string(),
    requestedMicros: microsOutput.nullable(),
    amountMicros: microsOutput,
    capped: z.boolean(),
    stakeableMicros: microsOutput,
    maxStakeRoomMicros: microsOutput.nullable(),
    feeMicros: microsOutput,
    actionId: z.string(),
    position: z.object({ liquidMicros: microsOutput, venueStakedMicros: microsOutput }),
  })
  .meta({ id: "CharacterStakeDone" });

export const unstakeDoneSchema = z
  .object({
    status: z.literal("done"),
    characterId: z.string(),
    wallet: z.string(),
    chain: chainId,
    amountMicros: microsOutput,
    legs: z.array(z.object({ venueId: z.string(), amountMicros: microsOutput })),
    feeMicros: microsOutput,
    actionId: z.string().nullable(),
    position: z.object({ liquidMicros: microsOutput, stakedMicros: microsOutput }),
  })
  .meta({ id: "CharacterUnstakeDone" });

export const harvestPlanBody = z.strictObject({}).meta({ id: "CharacterHarvestPlanRequest", description: "No amounts: they come from the venue adapter." });

export const characterHarvestPlanSchema = harvestSchema.extend({ characterId: z.string() }).meta({ id: "CharacterHarvestPlan" });

export const survivalSchema = z
  .object({
    schemaVersion: z.literal("auto-yield-survival.v1"),
    characterId: z.string(),
    wallet: z.string(),
    chain: chainId,
    outcome: z.enum(["unstaked", "not_due", "no_shortfall", "nothing_staked", "held_by_liability"]),
    reason: z.string(),
    eventReason: z.literal("survival_storage").nullable(),
    storageRenewalDueAt: isoTime.nullable(),
    billMicros: microsOutput,
    fanCreditLiabilityMicros: microsOutput,
    liquidBeforeMicros: microsOutput,
    stakedBeforeMicros: microsOutput,
    shortfallMicros: microsOutput,
    unstakedMicros: microsOutput,
    legs: z.array(z.object({ venueId: z.string(), amountMicros: microsOutput })),
    liquidAfterMicros: microsOutput,
    stakedAfterMicros: microsOutput,
    actionId: z.string().nullable(),
  })
  .meta({ id: "CharacterSurvival" });

export const walletAutoYieldBody = z
  .strictObject({
    auto_yield_enabled: z.boolean().optional(),
    target_venue: venueInput.nullable().optional(),
    max_stake_micros: maxStake.optional(),
  })
  .meta({ id: "WalletAutoYieldRequest" });

export const walletAutoYieldSchema = z
  .object({
    schemaVersion: z.literal("svc-wallet-auto-yield.v1"),
    wallet: z.string(),
    auto_yield_enabled: z.boolean(),
    target_venue: z.string().nullable(),
    max_stake_micros: microsOutput.nullable(),
    enabled_at: isoTime.nullable(),
    updated_at: isoTime.nullable(),
  })
  .meta({ id: "WalletAutoYield" });
