import { z } from "zod";
import { microsOutput } from "../money/amount";

export const executionMode = z.enum(["disabled", "owner_sign_prepare", "broadcast"]).meta({ id: "ExecutionMode" });
export const chainId = z.enum(["move-chain", "svm-chain", "evm-a", "evm-b"]).meta({ id: "ChainId" });
export const chainLabel = z.enum(["Executable", "Map"]).meta({ id: "ChainLabel" });

export const feesSchema = z
  .object({
    schemaVersion: z.literal("svc-fees.v1"),
    principal: z.object({ deposit: z.number().int(), route: z.number().int(), withdraw: z.number().int() }).meta({
      description: "Fee in bps on deposit, route and withdraw of principal: always 0.",
    }),
    profitFee: z.object({
      bps: z.number().int(),
      capMicros: microsOutput,
      enabled: z.boolean(),
      note: z.string(),
    }),
    yieldSkim: z.object({
      bps: z.number().int(),
      defaultBps: z.number().int(),
      maxBps: z.number().int(),
      appliesTo: z.literal("gross realized yield at harvest"),
      neverOn: z.array(z.string()),
    }),
    swap: z.object({ serviceFeeBps: z.number().int(), poolFee: z.literal("disclosed per plan from the quote") }),
    bridge: z.object({ serviceFeeBps: z.number().int(), railFee: z.literal("disclosed per plan from the rail") }),
    recipients: z
      .array(
        z.object({
          chain: chainId,
          recipient: z.string().nullable(),
          collected: z.boolean(),
          reason: z.string().nullable(),
        }),
      )
      .meta({
        description:
          "Per chain, where service swap and bridge fees are paid (SVC_FEE_RECIPIENT_MOVE, _SVM, _EVM_A, _EVM_B). Without a recipient a chain's plans take no service fee: their service fee line is 0 with that reason.",
      }),
    evmRegistry: z.object({ yieldFeeBps: z.number().int(), depositFeeBps: z.number().int(), maxYieldSkimBps: z.number().int() }),
  })
  .meta({ id: "Fees", description: "The live fee schedule (spec §1.3)." });

export const chainStatus = z.object({
  chain: chainId,
  label: chainLabel,
  broadcastEnabled: z.boolean(),
  ownerSigning: z.boolean().meta({
    description:
      "Whether the dashboard offers prepared plans on this chain to the owner's wallet: always on an Executable chain; on a Map chain only when the operator lists it in SVC_OWNER_SIGNING_CHAINS. The server never broadcasts on a Map chain, and Map-chain deposits are not recorded in the ledger (execute answers map_chain_prepare_only).",
  }),
  writeReady: z.boolean(),
});

export const statusSchema = z
  .object({
    schemaVersion: z.literal("svc-status.v1"),
    service: z.literal("svc"),
    apiVersion: z.literal("v1"),
    phase: z.literal("phase-1"),
    executionMode,
    launchHomes: z.array(chainId),
    mapChains: z.array(chainId),
    execution: z.object({
      ownerMustSign: z.literal(true),
      serverHoldsKeys: z.literal(false),
      serverMayBroadcast: z.boolean(),
      chains: z.array(chainStatus),
    }),
    fees: z.object({
      principalFeeBps: z.number().int(),
      yieldSkimBps: z.number().int(),
      profitFeeBps: z.number().int(),
      profitFeeEnabled: z.boolean(),
      swapFeeBps: z.number().int(),
      bridgeFeeBps: z.number().int(),
    }),
    database: z.enum(["pglite", "postgres"]),
    time: z.string(),
  })
  .meta({ id: "Status", description: "Phase, execution mode, fee summary and execution flags." });

export const errorCatalogSchema = z
  .object({
    schemaVersion: z.string(),
    errors: z.array(
      z.object({
        code: z.string(),
        status: z.number().int().meta({ description: "The code's usual status (the first of statuses)." }),
        statuses: z
          .array(z.number().int())
          .min(1)
          .meta({ description: "Every status it is answered with (UNAUTHORIZED: 401 without a key, 403 for a role that may not); the server answers the code with no other." }),
        meaning: z.string(),
      }),
    ),
    blockers: z.array(
      z.object({
        code: z.string(),
        statuses: z
          .array(z.union([z.literal(200), z.literal(422)]))
          .min(1)
          .meta({
            description:
              "Every status it is answered with, and no other: 200 inside an answer with status \"blocked\" (plans, discovery, bridge rescue, autopilot tick); 422 with code BLOCKED (money actions).",
          }),
        answeredAs: z.string().meta({ description: "statuses in words." }),
        meaning: z.string(),
      }),
    ),
  })
  .meta({ id: "ErrorCatalog", description: "The one table the server answers from (server/http/codes.ts): each code with every HTTP status it is answered with." });
