// Zod schemas of the autopilot endpoints (spec §4.5); the dashboard's /autopilot page reads svc-autopilot.v1.
import { z } from "zod";
import { blockerSchema, isoTime, pageQuery } from "../http/schemas";
import { microsOutput } from "../money/amount";
import { chainId } from "../svc/schemas";

export const chainBody = z
  .strictObject({ chain: chainId })
  .meta({ id: "AutopilotChainRequest", description: "The one chain the autopilot works within." });

export const optionalChainBody = z
  .strictObject({ chain: chainId.optional().meta({ description: "Default: the chain the autopilot is enabled on." }) })
  .meta({ id: "AutopilotRunRequest" });

export const historyQuery = pageQuery;

const planSchema = z
  .object({
    kind: z.literal("rebalance"),
    status: z.literal("prepared"),
    ownerMustSign: z.literal(true),
    submitted: z.literal(false),
    chain: chainId,
    fromStrategyId: z.string(),
    toStrategyId: z.string(),
    amountMicros: microsOutput,
    endpoint: z.string(),
    body: z.object({ fromStrategyId: z.string(), toStrategyId: z.string() }),
  })
  .meta({ id: "AutopilotSwitchPlan", description: "Within-chain rebalance the owner signs (POST …/rebalance); never executed by the autopilot." });

export const decisionSchema = z
  .object({
    id: z.string().nullable().meta({ description: "null for a dry run (preview), else the recorded decision id (apd_…)" }),
    wallet: z.string(),
    chain: chainId,
    trigger: z.enum(["tick", "decide", "preview"]),
    action: z.enum(["hold", "switch", "select", "none"]),
    currentVenueId: z.string().nullable(),
    currentApy30dBps: z.number().int().nullable(),
    pickVenueId: z.string().nullable(),
    pickApy30dBps: z.number().int().nullable(),
    deltaBps: z.number().int().nullable(),
    thresholdBps: z.number().int(),
    targetVenueId: z.string().nullable().meta({ description: "Where new money on this chain goes (the route default while enabled)." }),
    source: z.string().nullable(),
    asOf: isoTime.nullable(),
    reason: z.string(),
    plan: planSchema.nullable(),
    decidedAt: isoTime,
  })
  .meta({ id: "AutopilotDecision" });

const apyPick = z.object({
  venueId: z.string(),
  opportunityId: z.string(),
  apy30dBps: z.number().int().nullable(),
  grossApyBps: z.number().int().nullable(),
  source: z.string().nullable(),
  asOf: isoTime.nullable(),
});

export const autopilotSchema = z
  .object({
    schemaVersion: z.literal("svc-autopilot.v1"),
    wallet: z.string(),
    strategyId: z.string(),
    rerank: z.literal("monthly"),
    switchThresholdBps: z.number().int(),
    enabled: z.boolean(),
    chain: chainId.nullable().meta({ description: "null when the autopilot was never enabled" }),
    enabledAt: isoTime.nullable(),
    currentVenueId: z.string().nullable(),
    currentPick: apyPick.nullable().meta({ description: "Top live 30-day APY among ready venues on the chain now; null when none" }),
    pickReason: z.string().nullable(),
    lastDecision: decisionSchema.nullable(),
    nextTickDueAt: isoTime.nullable(),
  })
  .meta({ id: "Autopilot" });

export const historySchema = z
  .object({
    schemaVersion: z.literal("svc-autopilot-history.v1"),
    wallet: z.string(),
    count: z.number().int(),
    decisions: z.array(decisionSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "AutopilotHistory" });

export const runSchema = z
  .object({
    schemaVersion: z.literal("svc-autopilot-run.v1"),
    wallet: z.string(),
    chain: chainId,
    dryRun: z.boolean(),
    recorded: z.boolean(),
    due: z.boolean().meta({ description: "tick: a month (30 days) has passed since the last decision on this chain, or there is none" }),
    nextTickDueAt: isoTime.nullable(),
    decision: decisionSchema.nullable(),
    blockers: z.array(blockerSchema),
  })
  .meta({ id: "AutopilotRun" });
