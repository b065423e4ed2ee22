// Zod schemas of the catalog endpoints (spec §2.1, §2.7, §4.1, §4.9): used by the handlers and the OpenAPI document.
import { z } from "zod";
import { microsInput, microsOutput } from "../money/amount";
import { blockerSchema, isoTime, pageQuery } from "../http/schemas";
import { chainId, chainLabel, executionMode } from "../svc/schemas";

const intOrNull = z.number().int().nullable();
const bps = (description: string) => intOrNull.meta({ description });
const nullableTime = isoTime.nullable();
const flag01 = z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true");

export const apyStatus = z.enum(["live", "stale", "unavailable"]).meta({
  id: "ApyStatus",
  description: "live: dated upstream value younger than SVC_APY_MAX_AGE_S; stale: older, so null; unavailable: no value.",
});

export const liveApySchema = z
  .object({
    grossApyBps: bps("Gross APY in bps from the upstream; null when not live."),
    netApyBps: bps("gross × (10000 − skim) / 10000 with the fee policy's skim; null when gross is null."),
    apy30dBps: bps("Upstream 30-day mean APY in bps; null when not live."),
    tvlUsd: z.number().nullable().meta({ description: "Market TVL in USD (a market statistic, not user money)." }),
    pool: z.string().nullable().meta({ description: "Upstream pool id the figures come from." }),
    source: z.string().nullable(),
    asOf: nullableTime,
    status: apyStatus,
    reason: z.string().nullable().meta({ description: "Why a value is null." }),
  })
  .meta({ id: "LiveApy" });

const actionReadiness = z
  .object({
    ready: z.boolean().meta({ description: "The plan endpoint can build this action (no venue_not_ready or adapter_not_ready)." }),
    reason: z.string().nullable().meta({ description: "Why it cannot (the blocker's message); null when ready." }),
  })
  .meta({ id: "ActionReadiness" });

export const venueActionsSchema = z
  .object({ deposit: actionReadiness, withdraw: actionReadiness })
  .meta({
    id: "VenueActions",
    description:
      "contract §8: per action, from the adapter registry that answers adapter_not_ready on the plan endpoints. A row's `ready` is true only when both are.",
  });

/** Readiness of a venue or strategy, as the venue list and the strategy list both carry it. */
const readiness = {
  ready: z.boolean().meta({ description: "Listed for execution and both actions buildable (actions.deposit.ready and actions.withdraw.ready)." }),
  writeReady: z.boolean(),
  liveMoneyPath: z.boolean(),
  broadcastEnabled: z.boolean(),
  minDepositMicros: microsOutput,
};

export const venueSchema = z
  .object({
    id: z.string().meta({ description: "Bare protocol id (the strategyId input)." }),
    opportunityId: z.string(),
    protocol: z.string(),
    name: z.string(),
    chain: chainId,
    family: z.enum(["sui", "solana", "evm"]),
    kind: z.literal("lending"),
    token: z.literal("USDC"),
    label: chainLabel,
    ...readiness,
    actions: venueActionsSchema,
    upstream: z.object({ project: z.string(), symbol: z.string(), chain: z.string() }),
    onchain: z.record(z.string(), z.string()).meta({ description: "Published on-chain ids of the venue (third-party protocol ids)." }),
    apy: liveApySchema.optional().meta({ description: "Present with ?live=1." }),
  })
  .meta({ id: "Venue" });

export const venuesQuery = z.object({ live: flag01.optional() });

export const venuesSchema = z
  .object({
    schemaVersion: z.literal("svc-venues.v1"),
    executionMode,
    launchHomes: z.array(chainId),
    mapChains: z.array(chainId),
    count: z.number().int(),
    venues: z.array(venueSchema),
  })
  .meta({ id: "Venues" });

export const feedStatus = z.enum(["ok", "unavailable"]).meta({
  id: "FeedStatus",
  description: "unavailable when there is no yields snapshot younger than SVC_APY_MAX_AGE_S (the live read failed).",
});

/** The state of the yields feed a response was built from (the upstream is DefiLlama). */
const feedState = {
  status: feedStatus,
  source: z.literal("defillama"),
  asOf: nullableTime,
  reason: z.string().nullable(),
};

export const venueApyRow = z.object({
  venueId: z.string(),
  opportunityId: z.string(),
  protocol: z.string(),
  chain: chainId,
  label: chainLabel,
  ready: z.boolean(),
  ...liveApySchema.shape,
});

export const venueApySchema = z
  .object({
    schemaVersion: z.literal("svc-venue-apy.v1"),
    ...feedState,
    skimBps: z.number().int(),
    venues: z.array(venueApyRow),
  })
  .meta({ id: "VenueApyTable" });

export const autopilotPick = z
  .object({ venueId: z.string(), opportunityId: z.string(), chain: chainId, apy30dBps: z.number().int() })
  .nullable()
  .meta({ id: "AutopilotPick", description: "The ready venue with the top live 30-day APY; null when none has one." });

export const strategySchema = z
  .object({
    opportunityId: z.string(),
    strategyId: z.string().meta({ description: "Bare id; deprecated input alias of opportunityId." }),
    kind: z.enum(["venue", "strategy"]),
    protocol: z.string(),
    name: z.string(),
    chain: chainId,
    label: chainLabel,
    ...readiness,
    actions: venueActionsSchema.nullable().meta({ description: "null for the automated strategy (it has no plan of its own)." }),
    rerank: z.literal("monthly").optional(),
    switchThresholdBps: z.number().int().optional(),
    currentPick: autopilotPick.optional(),
    apy: liveApySchema,
  })
  .meta({ id: "Strategy" });

export const strategiesSchema = z
  .object({
    schemaVersion: z.literal("svc-strategies.v1"),
    status: feedStatus,
    count: z.number().int(),
    strategies: z.array(strategySchema),
  })
  .meta({ id: "Strategies" });

export const estimatesSchema = z
  .object({
    estimate: z.literal(true),
    stakedMicros: microsOutput.meta({ description: "staked_micros of spec §1.4: the amount the estimate is for (query amountMicros)." }),
    skimBps: z.number().int().meta({ description: "skim_bps: the protocol yield skim applied to gross yield." }),
    grossApyBps: intOrNull.meta({ description: "gross_apy_bps: the live gross APY; null when unknown." }),
    netApyBps: intOrNull.meta({ description: "net_apy_bps = gross_apy_bps × (10000 − skim_bps) / 10000." }),
    estDailyYieldMicros: microsOutput.nullable().meta({ description: "est_daily_yield_micros = staked_micros × net_apy_bps / 10000 / 365." }),
    estMonthlyYieldMicros: microsOutput.nullable().meta({ description: "est_monthly_yield_micros = est_daily_yield_micros × 30." }),
  })
  .meta({
    id: "YieldEstimates",
    description: "Spec §1.4, in camelCase (each field's description names its spec formula). Estimates, not guarantees; null when the gross APY is unknown.",
  });

export const strategyDetailSchema = z
  .object({ schemaVersion: z.literal("svc-strategy.v1"), strategy: strategySchema, estimates: estimatesSchema })
  .meta({ id: "StrategyDetail" });

export const strategyParams = z.object({ id: z.string().min(1).max(200) });
export const strategyQuery = z.object({
  amountMicros: microsInput.optional().meta({ description: "Staked amount for the estimates; default 1000 USDC." }),
});

export const chartSchema = z
  .object({
    schemaVersion: z.literal("svc-chart.v1"),
    opportunityId: z.string(),
    strategyId: z.string(),
    pool: z.string().nullable(),
    ...feedState,
    points: z.array(z.object({ timestamp: isoTime, apyBps: intOrNull, tvlUsd: z.number().nullable() })),
  })
  .meta({ id: "StrategyChart" });

export const poolSchema = z.object({
  pool: z.string(),
  chain: chainId,
  network: z.string(),
  project: z.string(),
  symbol: z.string(),
  stablecoin: z.boolean(),
  tvlUsd: z.number().nullable(),
  apyBps: intOrNull,
  apyBaseBps: intOrNull,
  apyRewardBps: intOrNull,
  apy30dBps: intOrNull,
});

export const discoverQuery = pageQuery.extend({
  chain: chainId.optional(),
  stablecoin: flag01.optional(),
  minTvlUsd: z
    .string()
    .regex(/^[0-9]{1,15}(\.[0-9]+)?$/, { error: "must be a non-negative number of USD" })
    .transform(Number)
    .optional(),
  project: z.string().min(1).max(100).optional(),
});

export const discoverSchema = z
  .object({
    schemaVersion: z.literal("svc-discover.v1"),
    executionTruth: z.literal(false),
    note: z.string(),
    ...feedState,
    total: z.number().int(),
    count: z.number().int(),
    nextCursor: z.string().nullable(),
    pools: z.array(poolSchema),
  })
  .meta({ id: "Discover", description: "Market map of upstream pools on the four chains. Not execution truth." });

export const HOME_SORTS = ["grossApyBps", "netApyBps", "apy30dBps", "tvlUsd", "protocol", "chain"] as const;

export const homeQuery = z.object({
  chain: chainId.optional(),
  ready: flag01.optional(),
  q: z.string().max(100).optional(),
  sort: z.enum(HOME_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});

export const homeOpportunity = z.object({
  opportunityId: z.string(),
  strategyId: z.string(),
  protocol: z.string(),
  name: z.string(),
  chain: chainId,
  kind: z.enum(["venue", "strategy"]),
  label: chainLabel,
  ready: z.boolean(),
  actions: venueActionsSchema.nullable().meta({ description: "null for the automated strategy (it has no plan of its own)." }),
  grossApyBps: intOrNull,
  netApyBps: intOrNull,
  apy30dBps: intOrNull,
  tvlUsd: z.number().nullable(),
  source: z.string().nullable(),
  asOf: nullableTime,
  reason: z.string().nullable(),
});

export const homeSchema = z
  .object({
    schemaVersion: z.literal("svc-home.v1"),
    status: feedStatus,
    source: z.literal("defillama"),
    asOf: nullableTime,
    opportunities: z.array(homeOpportunity),
    protocols: z.array(z.object({ protocol: z.string(), name: z.string(), chains: z.array(z.string()), opportunities: z.number().int() })),
    markets: z.array(
      z.object({
        chain: chainId,
        protocol: z.string(),
        symbol: z.string(),
        pool: z.string(),
        tvlUsd: z.number().nullable(),
        apyBps: intOrNull,
        apy30dBps: intOrNull,
      }),
    ),
  })
  .meta({ id: "Home", description: "Dashboard table: filtered, sorted, trimmed rows. The featured strategy is the first opportunity." });

const packageEntry = z.object({
  name: z.string(),
  kind: z.enum(["package", "program", "registry"]),
  network: z.enum(["mainnet", "testnet"]),
  id: z.string().nullable().meta({ description: "null until deployed (set by configuration)." }),
  upgradeAuthority: z.literal("held"),
  note: z.string().nullable(),
});

export const packagesSchema = z
  .object({
    schemaVersion: z.literal("svc-packages.v1"),
    upgradeAuthority: z.literal("held"),
    chains: z.array(z.object({ chain: chainId, network: z.string(), label: chainLabel, entries: z.array(packageEntry) })),
  })
  .meta({ id: "Packages" });

export const enablementSchema = z
  .object({
    schemaVersion: z.literal("svc-enablement.v1"),
    chain: chainId,
    network: z.string(),
    label: chainLabel,
    executionMode,
    enabled: z.boolean(),
    writeReady: z.boolean(),
    liveMoneyPath: z.boolean(),
    broadcastEnabled: z.boolean(),
    registry: z.object({ id: z.string().nullable(), deployed: z.boolean() }),
    venues: z.array(z.object({ id: z.string(), protocol: z.string(), ready: z.boolean(), writeReady: z.boolean() })),
    requires: z.array(z.string()),
    blockers: z.array(blockerSchema),
  })
  .meta({ id: "Enablement" });

/** `address` as the spec writes it (§4.1); `wallet`, the name /svc/portfolio and /svc/activity use, is its alias. */
export const balanceQuery = z
  .object({
    address: z.string().min(1).max(100).optional().meta({ description: "The wallet address (spec §4.1). Required unless `wallet` is given." }),
    wallet: z.string().min(1).max(100).optional().meta({ description: "Alias of `address` (the name /svc/portfolio and /svc/activity use)." }),
  })
  .refine((q) => q.address !== undefined || q.wallet !== undefined, { error: "is required (or its alias wallet)", path: ["address"] })
  .refine((q) => q.address === undefined || q.wallet === undefined || q.address === q.wallet, {
    error: "and its alias wallet name different wallets; send one",
    path: ["address"],
  });

export const balanceLeg = z.object({
  asset: z.string(),
  kind: z.enum(["native", "token"]),
  decimals: z.number().int(),
  unit: z.string().meta({ description: "micros for USDC, mist, lamports or wei for native assets" }),
  amount: microsOutput.nullable().meta({ description: "Integer base units; null when status is N/A." }),
  status: z.enum(["ok", "N/A"]),
  reason: z.string().nullable(),
  source: z.string().nullable(),
  asOf: nullableTime,
});

export const balanceSchema = z
  .object({
    schemaVersion: z.literal("svc-wallet-balance.v1"),
    chain: chainId,
    network: z.string(),
    address: z.string(),
    legs: z.array(balanceLeg),
  })
  .meta({ id: "WalletBalance", description: "Native asset and USDC read through the chain RPC; an RPC failure makes that leg N/A." });

export const autoYieldVenuesSchema = z
  .object({
    schemaVersion: z.literal("auto-yield-venues.v1"),
    status: feedStatus,
    source: z.literal("defillama"),
    as_of: nullableTime,
    venues: z.array(
      z.object({
        venue: z.string(),
        opportunity_id: z.string(),
        protocol: z.string(),
        chain: chainId,
        ready: z.boolean(),
        adapter_ready: z.boolean(),
        gross_apy_bps: intOrNull,
        net_apy_bps: intOrNull,
        apy_30d_bps: intOrNull,
        tvl_usd: z.number().nullable(),
        source: z.string().nullable(),
        as_of: nullableTime,
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "AutoYieldVenues", description: "Spec §4.9: public readiness and live APYs; gross_apy_bps is nullable." });
