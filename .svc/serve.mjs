var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// server/config.ts
var config_exports = {};
__export(config_exports, {
  ConfigError: () => ConfigError,
  MAX_MIN_TVL_USD: () => MAX_MIN_TVL_USD,
  config: () => config,
  configSchema: () => configSchema,
  parseConfig: () => parseConfig,
  resetConfigForTests: () => resetConfigForTests
});
import { z } from "zod";
function parseConfig(env) {
  const relevant = {};
  for (const name of Object.keys(configSchema.shape)) {
    const value = env[name];
    if (value !== void 0 && value !== "") relevant[name] = value;
  }
  const result = configSchema.safeParse(relevant);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  const text22 = issue?.message ?? "invalid value";
  throw new ConfigError(variable, `Invalid configuration: ${variable}: ${text22.startsWith(variable) ? text22.slice(variable.length).replace(/^\s+/, "") : text22}`);
}
function config() {
  holder.__svcConfig ??= parseConfig(process.env);
  return holder.__svcConfig;
}
function resetConfigForTests() {
  holder.__svcConfig = void 0;
}
var ROLES, MAX_MIN_TVL_USD, intIn, feeRecipient, httpUrl, bootstrapKey, apiKeysJson, databaseUrl, flag, configSchema, ConfigError, holder;
var init_config = __esm({
  "server/config.ts"() {
    "use strict";
    ROLES = ["owner", "agent", "keeper"];
    MAX_MIN_TVL_USD = 1e12;
    intIn = /* @__PURE__ */ __name((name, min, max) => z.string().regex(/^[0-9]+$/, { error: `${name} must be a whole number from ${min} to ${max}` }).transform(Number).refine((n) => n >= min && n <= max, { error: `${name} must be a whole number from ${min} to ${max}` }), "intIn");
    feeRecipient = /* @__PURE__ */ __name((name, shape, what) => z.string().regex(shape, { error: `${name} must be ${what}` }), "feeRecipient");
    httpUrl = /* @__PURE__ */ __name((name) => z.string().refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { error: `${name} must be an http:// or https:// URL` }).transform((v) => v.replace(/\/+$/, "")), "httpUrl");
    bootstrapKey = z.object({
      key: z.string().min(16, { error: "each key must be at least 16 characters" }).max(256),
      role: z.enum(ROLES, { error: 'role must be "owner", "agent" or "keeper"' }),
      wallets: z.array(z.string().min(1)).min(1, { error: 'wallets must list addresses or ["*"]' })
    });
    apiKeysJson = z.string().transform((raw, ctx) => {
      let parsed;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: 'SVC_API_KEYS must be JSON: [{"key":"\u2026","role":"owner|agent|keeper","wallets":["<address>"] or ["*"]}]'
        });
        return z.NEVER;
      }
      const result = z.array(bootstrapKey).safeParse(parsed);
      if (!result.success) {
        const issue = result.error.issues[0];
        ctx.addIssue({
          code: "custom",
          message: `SVC_API_KEYS entry ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}; expected [{"key","role":"owner|agent|keeper","wallets":[\u2026]}]`
        });
        return z.NEVER;
      }
      return result.data;
    });
    databaseUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^/]/.test(v) && URL.canParse(v), {
      error: "DATABASE_URL must be a postgres:// or postgresql:// URL"
    });
    flag = /* @__PURE__ */ __name((name) => z.enum(["0", "1", "true", "false"], { error: `${name} must be 1 or 0` }).transform((v) => v === "1" || v === "true"), "flag");
    configSchema = z.object({
      PORT: intIn("PORT", 1, 65535).default(3e3),
      DATABASE_URL: databaseUrl.optional(),
      SVC_DATA_DIR: z.string().min(1, { error: "SVC_DATA_DIR must be a folder path or memory://" }).default(".data"),
      SVC_API_KEYS: apiKeysJson.optional(),
      SVC_YIELDS_API_URL: httpUrl("SVC_YIELDS_API_URL").default("https://yields.llama.fi"),
      SVC_EXECUTION_MODE: z.enum(["disabled", "owner_sign_prepare", "broadcast"], {
        error: "SVC_EXECUTION_MODE must be disabled, owner_sign_prepare or broadcast"
      }).default("owner_sign_prepare"),
      SVC_RPC_MOVE: httpUrl("SVC_RPC_MOVE").default("https://fullnode.mainnet.sui.io:443"),
      SVC_RPC_SVM: httpUrl("SVC_RPC_SVM").default("https://api.mainnet-beta.solana.com"),
      /**
       * The operator's explicit go (spec §1.2) for OWNER signing on Map chains: a comma list of evm-a / evm-b on which the
       * dashboard offers a prepared plan to the owner's wallet. It never makes the server broadcast (SVC_EXECUTION_MODE is
       * unchanged), the chains stay labeled Map, and the execute endpoint still answers map_chain_prepare_only there.
       */
      SVC_OWNER_SIGNING_CHAINS: z.string().transform((v) => v.split(",").map((x) => x.trim()).filter(Boolean)).pipe(z.array(z.enum(["evm-a", "evm-b"], { error: "SVC_OWNER_SIGNING_CHAINS must list Map chains only: evm-a, evm-b (comma-separated)" }))).default([]),
      SVC_RPC_EVM_A: httpUrl("SVC_RPC_EVM_A").default("https://mainnet.base.org"),
      SVC_RPC_EVM_B: httpUrl("SVC_RPC_EVM_B").default("https://arb1.arbitrum.io/rpc"),
      SVC_RATE_LIMIT_PER_MIN: intIn("SVC_RATE_LIMIT_PER_MIN", 1, 1e9).default(600),
      SVC_WEBHOOK_ALLOW_INSECURE: flag("SVC_WEBHOOK_ALLOW_INSECURE").default(false),
      SVC_WEBHOOK_RETRY_BASE_MS: intIn("SVC_WEBHOOK_RETRY_BASE_MS", 1, 864e5).default(3e4),
      SVC_WEBHOOK_MAX_ATTEMPTS: intIn("SVC_WEBHOOK_MAX_ATTEMPTS", 1, 100).default(10),
      /** How often the webhook worker looks for new events and due retries (it is also nudged in-process). */
      SVC_WEBHOOK_POLL_MS: intIn("SVC_WEBHOOK_POLL_MS", 10, 6e4).default(250),
      /** Optional: 32 bytes as 64 hex chars; when set, subscription signing keys are stored AES-256-GCM encrypted. */
      SVC_WEBHOOK_SECRET_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: "SVC_WEBHOOK_SECRET_KEY must be 64 hex characters (32 bytes)" }).optional(),
      SVC_APY_MAX_AGE_S: intIn("SVC_APY_MAX_AGE_S", 1, 31536e3).default(3600),
      /** How often the background job fetches GET {SVC_YIELDS_API_URL}/pools. */
      SVC_YIELDS_REFRESH_S: intIn("SVC_YIELDS_REFRESH_S", 1, 86400).default(300),
      /** How often the reconciliation job compares every position with the chain (issue 23); 0 turns the job off. */
      SVC_RECONCILE_INTERVAL_S: intIn("SVC_RECONCILE_INTERVAL_S", 0, 86400).default(900),
      /** Upper bound on one upstream yields request (pools or chart), connection to last byte. */
      SVC_YIELDS_TIMEOUT_MS: intIn("SVC_YIELDS_TIMEOUT_MS", 100, 6e5).default(2e4),
      /** Upper bound on one chain RPC read (wallet balances). */
      SVC_RPC_TIMEOUT_MS: intIn("SVC_RPC_TIMEOUT_MS", 100, 12e4).default(5e3),
      /** Our own published ids (GET /svc/packages); unset means "not deployed yet" and is shown as null. */
      SVC_PACKAGE_MOVE: z.string().min(1).optional(),
      SVC_PROGRAM_SVM: z.string().min(1).optional(),
      SVC_REGISTRY_EVM_A: z.string().min(1).optional(),
      SVC_REGISTRY_EVM_B: z.string().min(1).optional(),
      /**
       * Swap quote sources (spec §4.4): svm = Jupiter Swap API v2 (/build, /order), move = Cetus aggregator router v3
       * (find_routes), evm = 0x Swap API v2 (allowance-holder). Jupiter and 0x answer only requests with a key (below).
       */
      SVC_QUOTE_SVM_URL: httpUrl("SVC_QUOTE_SVM_URL").default("https://api.jup.ag/swap/v2"),
      SVC_QUOTE_MOVE_URL: httpUrl("SVC_QUOTE_MOVE_URL").default("https://api-sui.cetus.zone/router_v3"),
      SVC_QUOTE_EVM_URL: httpUrl("SVC_QUOTE_EVM_URL").default("https://api.0x.org"),
      /** Sent as `0x-api-key`; unset → EVM swap plans are blocked quote_unavailable naming it (contract §9). */
      SVC_ZEROX_API_KEY: z.string().min(1).optional(),
      /** Sent as `x-api-key`; unset → svm-chain swap plans are blocked quote_unavailable naming it (contract §9). */
      SVC_JUPITER_API_KEY: z.string().min(1).optional(),
      /**
       * Circle's attestation service (Iris API root): CCTP V2 GET {root}/v2/messages/{sourceDomain}?transactionHash= and
       * the fee API GET {root}/v2/burn/USDC/fees/{sourceDomain}/{destDomain}; CCTP V1 GET {root}/v1/messages/{sourceDomain}/{txHash}.
       */
      SVC_CCTP_ATTESTATION_URL: httpUrl("SVC_CCTP_ATTESTATION_URL").default("https://iris-api.circle.com"),
      /**
       * Pyth's Hermes price service, where a NAVI withdraw fetches Pyth update data for stale PriceInfoObjects
       * (GET /v2/updates/price/latest). Default: the root @naviprotocol/lending 1.4.6 hard-codes
       * (dist/index.esm.js `new SuiPriceServiceConnection("https://hermes.pyth.network", …)`).
       */
      SVC_PYTH_HERMES_URL: httpUrl("SVC_PYTH_HERMES_URL").default("https://hermes.pyth.network"),
      /** Upper bound on one quote request. */
      SVC_QUOTE_TIMEOUT_MS: intIn("SVC_QUOTE_TIMEOUT_MS", 100, 6e4).default(5e3),
      SVC_YIELD_SKIM_BPS: intIn("SVC_YIELD_SKIM_BPS", 0, 1e3).default(500),
      SVC_SWAP_FEE_BPS: intIn("SVC_SWAP_FEE_BPS", 0, 1e3).default(10),
      SVC_BRIDGE_FEE_BPS: intIn("SVC_BRIDGE_FEE_BPS", 0, 1e3).default(10),
      /**
       * Where service swap and bridge fees are paid, per chain (contract §11). A plan collects a service fee only on a chain
       * with a recipient; without one the fee line is 0 with that reason, and GET /svc/fees says so.
       */
      SVC_FEE_RECIPIENT_MOVE: feeRecipient("SVC_FEE_RECIPIENT_MOVE", /^0x[0-9a-fA-F]{64}$/, "a Sui address (0x + 64 hex)").optional(),
      SVC_FEE_RECIPIENT_SVM: feeRecipient("SVC_FEE_RECIPIENT_SVM", /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "a Solana address (base58 of 32 bytes)").optional(),
      SVC_FEE_RECIPIENT_EVM_A: feeRecipient("SVC_FEE_RECIPIENT_EVM_A", /^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex)").optional(),
      SVC_FEE_RECIPIENT_EVM_B: feeRecipient("SVC_FEE_RECIPIENT_EVM_B", /^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex)").optional(),
      /** How long a duplicate Idempotency-Key waits for the first request before 409 IDEMPOTENCY_KEY_IN_FLIGHT. */
      SVC_IDEMPOTENCY_WAIT_MS: intIn("SVC_IDEMPOTENCY_WAIT_MS", 0, 6e4).default(5e3),
      /**
       * How long a request holds an Idempotency-Key it claimed before a duplicate may take the key over: a claim left by
       * a crashed server (its action was not applied, since the answer is stored with the action) stops blocking the key then.
       */
      SVC_IDEMPOTENCY_LEASE_MS: intIn("SVC_IDEMPOTENCY_LEASE_MS", 1e3, 6e5).default(3e4),
      SVC_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "SVC_LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent"
      }).default("info"),
      /** Character auto-yield discovery (spec §2.8): TVL floor in USD, allowed chains, optional venue and project allowlists (comma lists). */
      SVC_AUTO_YIELD_MIN_TVL_USD: intIn("SVC_AUTO_YIELD_MIN_TVL_USD", 0, MAX_MIN_TVL_USD).default(5e7),
      SVC_AUTO_YIELD_CHAINS: z.string().transform((v) => v.split(",").map((x) => x.trim()).filter(Boolean)).pipe(z.array(z.enum(["move-chain", "svm-chain", "evm-a", "evm-b"], { error: "SVC_AUTO_YIELD_CHAINS must list move-chain, svm-chain, evm-a or evm-b" })).min(1)).default(["move-chain", "svm-chain"]),
      SVC_AUTO_YIELD_VENUES: z.string().transform((v) => v.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean)).optional(),
      SVC_AUTO_YIELD_PROJECTS: z.string().transform((v) => v.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean)).optional(),
      /**
       * Behind a TLS front: answer a request the front says came over plain http (X-Forwarded-Proto: http) with 308 to the
       * same URL over https (server/http/https-redirect.ts; docs/security.md). Off by default: local http is served as is.
       */
      SVC_HTTPS_REDIRECT: flag("SVC_HTTPS_REDIRECT").default(false),
      /** Set by tests and start scripts to skip background jobs (yields refresh, webhook worker). */
      SVC_DISABLE_JOBS: flag("SVC_DISABLE_JOBS").default(false)
    });
    ConfigError = class extends Error {
      constructor(variable, message2) {
        super(message2);
        this.variable = variable;
      }
      static {
        __name(this, "ConfigError");
      }
    };
    __name(parseConfig, "parseConfig");
    holder = globalThis;
    __name(config, "config");
    __name(resetConfigForTests, "resetConfigForTests");
  }
});

// server/db/schema/columns.ts
import { numeric, timestamp } from "drizzle-orm/pg-core";
var createdAt, updatedAt, micros;
var init_columns = __esm({
  "server/db/schema/columns.ts"() {
    "use strict";
    createdAt = /* @__PURE__ */ __name(() => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(), "createdAt");
    updatedAt = /* @__PURE__ */ __name(() => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(), "updatedAt");
    micros = /* @__PURE__ */ __name(() => numeric({ precision: 78, scale: 0, mode: "bigint" }), "micros");
  }
});

// server/db/schema/api-keys.ts
import { index, jsonb, pgTable, text, timestamp as timestamp2 } from "drizzle-orm/pg-core";
var apiKeys;
var init_api_keys = __esm({
  "server/db/schema/api-keys.ts"() {
    "use strict";
    init_columns();
    apiKeys = pgTable(
      "api_keys",
      {
        id: text().primaryKey(),
        prefix: text().notNull(),
        hash: text().notNull().unique(),
        role: text({ enum: ["owner", "agent", "keeper"] }).notNull(),
        wallets: jsonb().$type().notNull(),
        label: text(),
        createdAt: createdAt(),
        revokedAt: timestamp2({ withTimezone: true, mode: "date" })
      },
      (t) => [index("api_keys_prefix_idx").on(t.prefix)]
    );
  }
});

// server/events/types.ts
var EVENT_TYPES;
var init_types = __esm({
  "server/events/types.ts"() {
    "use strict";
    EVENT_TYPES = [
      "deposit.settled",
      "withdraw.settled",
      "harvest.completed",
      "bridge.delivered",
      "bridge.failed",
      "position.updated",
      "apy.updated",
      "position.drift"
    ];
  }
});

// server/db/schema/events.ts
import { bigserial, index as index2, jsonb as jsonb2, pgTable as pgTable2, text as text2 } from "drizzle-orm/pg-core";
var events;
var init_events = __esm({
  "server/db/schema/events.ts"() {
    "use strict";
    init_types();
    init_columns();
    events = pgTable2(
      "events",
      {
        seq: bigserial({ mode: "bigint" }).primaryKey(),
        id: text2().notNull().unique(),
        type: text2({ enum: EVENT_TYPES }).notNull(),
        wallet: text2(),
        data: jsonb2().$type().notNull(),
        createdAt: createdAt()
      },
      (t) => [index2("events_wallet_seq_idx").on(t.wallet, t.seq), index2("events_type_seq_idx").on(t.type, t.seq)]
    );
  }
});

// server/db/schema/idempotency-keys.ts
import { index as index3, integer, jsonb as jsonb3, pgTable as pgTable3, primaryKey, text as text3, timestamp as timestamp3 } from "drizzle-orm/pg-core";
var idempotencyKeys;
var init_idempotency_keys = __esm({
  "server/db/schema/idempotency-keys.ts"() {
    "use strict";
    init_columns();
    idempotencyKeys = pgTable3(
      "idempotency_keys",
      {
        scope: text3().notNull(),
        key: text3().notNull(),
        requestHash: text3().notNull(),
        state: text3({ enum: ["in_flight", "done"] }).notNull(),
        responseStatus: integer(),
        responseBody: text3(),
        responseHeaders: jsonb3().$type(),
        createdAt: createdAt(),
        expiresAt: timestamp3({ withTimezone: true, mode: "date" }).notNull()
      },
      (t) => [primaryKey({ columns: [t.scope, t.key] }), index3("idempotency_keys_expires_idx").on(t.expiresAt)]
    );
  }
});

// server/db/schema/rate-limits.ts
import { integer as integer2, pgTable as pgTable4, text as text4, timestamp as timestamp4 } from "drizzle-orm/pg-core";
var rateLimits;
var init_rate_limits = __esm({
  "server/db/schema/rate-limits.ts"() {
    "use strict";
    rateLimits = pgTable4("rate_limits", {
      key: text4().primaryKey(),
      points: integer2().notNull(),
      expire: timestamp4({ withTimezone: true, mode: "date" })
    });
  }
});

// server/db/schema/venue-apys.ts
import { doublePrecision, integer as integer3, pgTable as pgTable5, text as text5, timestamp as timestamp5 } from "drizzle-orm/pg-core";
var venueApys;
var init_venue_apys = __esm({
  "server/db/schema/venue-apys.ts"() {
    "use strict";
    venueApys = pgTable5("venue_apys", {
      venueId: text5().primaryKey(),
      source: text5().notNull(),
      /** The upstream pool id the figures come from; null when the snapshot has no row for the venue. */
      pool: text5(),
      grossApyBps: integer3(),
      apy30dBps: integer3(),
      tvlUsd: doublePrecision(),
      asOf: timestamp5({ withTimezone: true, mode: "date" }).notNull()
    });
  }
});

// server/db/schema/yield-snapshots.ts
import { integer as integer4, jsonb as jsonb4, pgTable as pgTable6, text as text6, timestamp as timestamp6 } from "drizzle-orm/pg-core";
var yieldSnapshots;
var init_yield_snapshots = __esm({
  "server/db/schema/yield-snapshots.ts"() {
    "use strict";
    yieldSnapshots = pgTable6("yield_snapshots", {
      source: text6().primaryKey(),
      /** When the pools below were fetched; null until a first good fetch. */
      asOf: timestamp6({ withTimezone: true, mode: "date" }),
      pools: jsonb4().$type().notNull().default([]),
      upstreamRows: integer4().notNull().default(0),
      lastAttemptAt: timestamp6({ withTimezone: true, mode: "date" }).notNull(),
      lastError: text6()
    });
  }
});

// server/db/schema/plans.ts
import { bigint, index as index4, jsonb as jsonb5, pgTable as pgTable7, text as text7 } from "drizzle-orm/pg-core";
var plans;
var init_plans = __esm({
  "server/db/schema/plans.ts"() {
    "use strict";
    init_columns();
    plans = pgTable7(
      "plans",
      {
        id: text7().primaryKey(),
        kind: text7({ enum: ["deposit", "withdraw", "swap", "bridge", "cage"] }).notNull(),
        status: text7({ enum: ["prepared", "blocked"] }).notNull(),
        chain: text7({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
        /** Normalized owner address (lower-case hex; Solana as is); null when the request had none. */
        owner: text7(),
        /** Venue id for deposit/withdraw plans; null otherwise. */
        strategyId: text7(),
        amountMicros: bigint({ mode: "bigint" }).notNull(),
        /** Bridges: the destination chain and the owner-locked destination address. */
        destChain: text7({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }),
        destAddress: text7(),
        /** The full plan body as answered (transactions, fees, blockers). */
        payload: jsonb5().$type().notNull(),
        createdAt: createdAt()
      },
      (t) => [index4("plans_owner_created_idx").on(t.owner, t.createdAt), index4("plans_kind_created_idx").on(t.kind, t.createdAt)]
    );
  }
});

// server/db/schema/webhook-attempts.ts
import { bigserial as bigserial2, index as index5, integer as integer5, pgTable as pgTable8, text as text8, timestamp as timestamp7 } from "drizzle-orm/pg-core";
var webhookAttempts;
var init_webhook_attempts = __esm({
  "server/db/schema/webhook-attempts.ts"() {
    "use strict";
    webhookAttempts = pgTable8(
      "webhook_attempts",
      {
        seq: bigserial2({ mode: "bigint" }).primaryKey(),
        deliveryId: text8().notNull(),
        attemptedAt: timestamp7({ withTimezone: true, mode: "date" }).notNull(),
        status: integer5(),
        durationMs: integer5().notNull(),
        error: text8()
      },
      (t) => [index5("webhook_attempts_delivery_idx").on(t.deliveryId, t.seq)]
    );
  }
});

// server/db/schema/webhook-cursor.ts
import { bigint as bigint2, pgTable as pgTable9, text as text9, timestamp as timestamp8 } from "drizzle-orm/pg-core";
var webhookCursor;
var init_webhook_cursor = __esm({
  "server/db/schema/webhook-cursor.ts"() {
    "use strict";
    webhookCursor = pgTable9("webhook_cursor", {
      name: text9().primaryKey(),
      seq: bigint2({ mode: "bigint" }).notNull(),
      updatedAt: timestamp8({ withTimezone: true, mode: "date" }).notNull().defaultNow()
    });
  }
});

// server/db/schema/webhook-deliveries.ts
import { bigint as bigint3, index as index6, integer as integer6, pgTable as pgTable10, text as text10, timestamp as timestamp9, uniqueIndex } from "drizzle-orm/pg-core";
var webhookDeliveries;
var init_webhook_deliveries = __esm({
  "server/db/schema/webhook-deliveries.ts"() {
    "use strict";
    init_columns();
    webhookDeliveries = pgTable10(
      "webhook_deliveries",
      {
        id: text10().primaryKey(),
        eventSeq: bigint3({ mode: "bigint" }).notNull(),
        eventId: text10().notNull(),
        subscriptionId: text10().notNull(),
        state: text10({ enum: ["pending", "delivered", "failed", "cancelled"] }).notNull(),
        attempts: integer6().notNull().default(0),
        nextAttemptAt: timestamp9({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
        deliveredAt: timestamp9({ withTimezone: true, mode: "date" }),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (t) => [
        uniqueIndex("webhook_deliveries_event_sub_idx").on(t.eventSeq, t.subscriptionId),
        index6("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt),
        index6("webhook_deliveries_sub_idx").on(t.subscriptionId, t.state)
      ]
    );
  }
});

// server/db/schema/webhook-subscriptions.ts
import { index as index7, jsonb as jsonb6, pgTable as pgTable11, text as text11, timestamp as timestamp10 } from "drizzle-orm/pg-core";
var webhookSubscriptions;
var init_webhook_subscriptions = __esm({
  "server/db/schema/webhook-subscriptions.ts"() {
    "use strict";
    init_columns();
    webhookSubscriptions = pgTable11(
      "webhook_subscriptions",
      {
        id: text11().primaryKey(),
        keyId: text11().notNull(),
        /** ["*"] or the normalized wallet addresses of the owner key at creation. */
        wallets: jsonb6().$type().notNull(),
        url: text11().notNull(),
        events: jsonb6().$type().notNull(),
        /** The shared signing secret; plain, or "enc:v1:…" when SVC_WEBHOOK_SECRET_KEY is set (see webhooks/secret.ts). */
        hmacKey: text11().notNull(),
        createdAt: createdAt(),
        rotatedAt: timestamp10({ withTimezone: true, mode: "date" }),
        /** Set when the receiver answered 410 Gone: no more deliveries. */
        disabledAt: timestamp10({ withTimezone: true, mode: "date" }),
        disabledReason: text11(),
        deletedAt: timestamp10({ withTimezone: true, mode: "date" })
      },
      (t) => [index7("webhook_subscriptions_key_idx").on(t.keyId)]
    );
  }
});

// server/db/schema/activity.ts
import { sql } from "drizzle-orm";
import { bigint as bigint4, bigserial as bigserial3, index as index8, integer as integer7, numeric as numeric2, pgSequence, pgTable as pgTable12, text as text12, timestamp as timestamp11 } from "drizzle-orm/pg-core";
var activityGroupSeq, activity;
var init_activity = __esm({
  "server/db/schema/activity.ts"() {
    "use strict";
    init_columns();
    activityGroupSeq = pgSequence("activity_group_seq");
    activity = pgTable12(
      "activity",
      {
        seq: bigserial3({ mode: "bigint" }).primaryKey(),
        id: text12().notNull().unique(),
        wallet: text12().notNull(),
        /** The plan the leg belongs to; null for a direct ledger action (its own group). */
        planId: text12(),
        legIndex: integer7().notNull().default(0),
        /** Same value for every leg of one plan; taken from activity_group_seq by the plan's first row. */
        groupSeq: bigint4({ mode: "bigint" }).notNull().default(sql`nextval('activity_group_seq')`),
        kind: text12({ enum: ["swap", "bridge", "deposit", "withdraw"] }).notNull(),
        chain: text12().notNull(),
        destChain: text12(),
        venueId: text12(),
        /** The asset of amountIn: "USDC", or a swap's input token id (coin type, mint, ERC-20 address). */
        token: text12().notNull().default("USDC"),
        /** A swap's output token id, the asset of amountOut and quotedAmountOut; null: the same as `token`. */
        outToken: text12(),
        txId: text12(),
        /** When `txId` was confirmed through the chain's RPC; null when it was only given (route, withdraw) or failed. */
        txConfirmedAt: timestamp11({ withTimezone: true, mode: "date" }),
        amountInMicros: numeric2({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
        amountOutMicros: numeric2({ precision: 78, scale: 0, mode: "bigint" }),
        quotedAmountOutMicros: numeric2({ precision: 78, scale: 0, mode: "bigint" }),
        status: text12({ enum: ["settled", "failed", "pending"] }).notNull(),
        error: text12(),
        createdAt: createdAt()
      },
      (t) => [
        // The public activity's order exactly (ORDER BY group_seq DESC means NULLS FIRST; the index must say so too), so a
        // page is the next rows of one index scan whatever plan PostgreSQL picks; with group_seq ascending here, the cached
        // generic plan read and sorted every row past the cursor (bench/scale.ts; docs/performance.md "Scale").
        index8("activity_wallet_page_idx").on(t.wallet, t.groupSeq.desc().nullsFirst(), t.legIndex, t.seq),
        index8("activity_wallet_plan_idx").on(t.wallet, t.planId)
      ]
    );
  }
});

// server/db/schema/balances.ts
import { sql as sql2 } from "drizzle-orm";
import { check, numeric as numeric3, pgTable as pgTable13, primaryKey as primaryKey2, text as text13, timestamp as timestamp12 } from "drizzle-orm/pg-core";
var balances;
var init_balances = __esm({
  "server/db/schema/balances.ts"() {
    "use strict";
    init_columns();
    balances = pgTable13(
      "balances",
      {
        wallet: text13().notNull(),
        chain: text13().notNull(),
        token: text13().notNull(),
        /** '' for the liquid row; else the venue id. */
        venueId: text13().notNull().default(""),
        liquidMicros: micros().notNull().default(sql2`0`),
        stakedMicros: micros().notNull().default(sql2`0`),
        /** Cost basis of the staked amount, routing-leg costs included (spec §2.4 rule 1). */
        costBasisMicros: micros().notNull().default(sql2`0`),
        /** Net yield harvested into this position, all time. */
        realizedYieldMicros: micros().notNull().default(sql2`0`),
        /** The venue reader's index (supply index, share price) that `stakedMicros` is worth 1:1 at; null when unknown. */
        indexRef: numeric3({ precision: 78, scale: 0, mode: "bigint" }),
        /**
         * How much of `stakedMicros` transactions confirmed through the chain's RPC put there (execute, bridge delivery); the
         * rest came from ledger credits or ids only given with a request. Never above the staked amount.
         */
        confirmedMicros: micros().notNull().default(sql2`0`),
        /** On-chain proof of the latest proven deposit into this position; null when none was given. */
        txId: text13(),
        /** When `txId` was confirmed through the chain's RPC (execute, bridge delivery); null when it was only given (route). */
        txConfirmedAt: timestamp12({ withTimezone: true, mode: "date" }),
        /** When the position first held a stake (for realized APY). */
        openedAt: timestamp12({ withTimezone: true, mode: "date" }),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (t) => [
        primaryKey2({ columns: [t.wallet, t.chain, t.token, t.venueId] }),
        check("balances_liquid_nonneg", sql2`${t.liquidMicros} >= 0`),
        check("balances_staked_nonneg", sql2`${t.stakedMicros} >= 0`),
        check("balances_cost_basis_nonneg", sql2`${t.costBasisMicros} >= 0`),
        check("balances_liquid_row_unstaked", sql2`${t.venueId} <> '' or ${t.stakedMicros} = 0`),
        check("balances_confirmed_within_staked", sql2`${t.confirmedMicros} >= 0 and ${t.confirmedMicros} <= ${t.stakedMicros}`)
      ]
    );
  }
});

// server/db/schema/ledger-entries.ts
import { sql as sql3 } from "drizzle-orm";
import { bigserial as bigserial4, check as check2, index as index9, integer as integer8, numeric as numeric4, pgTable as pgTable14, text as text14 } from "drizzle-orm/pg-core";
var LEDGER_ENTRY_KINDS, ledgerEntries;
var init_ledger_entries = __esm({
  "server/db/schema/ledger-entries.ts"() {
    "use strict";
    init_columns();
    LEDGER_ENTRY_KINDS = ["credit", "debit", "stake", "unstake", "harvest", "payout"];
    ledgerEntries = pgTable14(
      "ledger_entries",
      {
        seq: bigserial4({ mode: "bigint" }).primaryKey(),
        /** Groups the entries one money action wrote. */
        actionId: text14().notNull(),
        wallet: text14().notNull(),
        chain: text14().notNull(),
        token: text14().notNull(),
        /** null: the liquid balance; else the venue whose staked amount changed. */
        venueId: text14(),
        kind: text14({ enum: LEDGER_ENTRY_KINDS }).notNull(),
        /** Signed change in micros. */
        amountMicros: numeric4({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
        balanceAfterMicros: numeric4({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
        planId: text14(),
        legIndex: integer8(),
        txId: text14(),
        /** The other side of a payout (auto-pay payee). */
        counterparty: text14(),
        createdAt: createdAt()
      },
      (t) => [
        index9("ledger_entries_wallet_seq_idx").on(t.wallet, t.seq),
        check2("ledger_entries_balance_after_nonneg", sql3`${t.balanceAfterMicros} >= 0`)
      ]
    );
  }
});

// server/db/schema/plan-executions.ts
import { index as index10, jsonb as jsonb7, pgTable as pgTable15, text as text15, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var planExecutions;
var init_plan_executions = __esm({
  "server/db/schema/plan-executions.ts"() {
    "use strict";
    init_columns();
    planExecutions = pgTable15(
      "plan_executions",
      {
        planId: text15().primaryKey(),
        kind: text15({ enum: ["deposit", "withdraw", "bridge", "swap"] }).notNull(),
        /** The chain the proof transaction is on (the plan's chain for deposits, the destination for bridges). */
        chain: text15({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
        /** The proof: deposit digest or bridge destination transaction; null for a reported failure without one. */
        txId: text15(),
        status: text15({ enum: ["settled", "failed"] }).notNull(),
        result: jsonb7().$type().notNull(),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (t) => [uniqueIndex2("plan_executions_chain_tx_uq").on(t.chain, t.txId), index10("plan_executions_kind_idx").on(t.kind, t.createdAt)]
    );
  }
});

// server/db/schema/autopilot-settings.ts
import { boolean, pgTable as pgTable16, text as text16, timestamp as timestamp13 } from "drizzle-orm/pg-core";
var autopilotSettings;
var init_autopilot_settings = __esm({
  "server/db/schema/autopilot-settings.ts"() {
    "use strict";
    init_columns();
    autopilotSettings = pgTable16("autopilot_settings", {
      wallet: text16().primaryKey(),
      chain: text16({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
      enabled: boolean().notNull().default(false),
      enabledAt: timestamp13({ withTimezone: true, mode: "date" }),
      disabledAt: timestamp13({ withTimezone: true, mode: "date" }),
      createdAt: createdAt(),
      updatedAt: updatedAt()
    });
  }
});

// server/db/schema/autopilot-decisions.ts
import { bigserial as bigserial5, index as index11, integer as integer9, jsonb as jsonb8, pgTable as pgTable17, text as text17, timestamp as timestamp14 } from "drizzle-orm/pg-core";
var autopilotDecisions;
var init_autopilot_decisions = __esm({
  "server/db/schema/autopilot-decisions.ts"() {
    "use strict";
    init_columns();
    autopilotDecisions = pgTable17(
      "autopilot_decisions",
      {
        seq: bigserial5({ mode: "bigint" }).primaryKey(),
        id: text17().notNull().unique(),
        wallet: text17().notNull(),
        chain: text17({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
        /** What recorded it: the monthly tick or an explicit decide. */
        trigger: text17({ enum: ["tick", "decide"] }).notNull(),
        /** hold: stay; switch: challenger ≥ threshold better; select: nothing held yet, the pick becomes the target; none: nothing pickable. */
        action: text17({ enum: ["hold", "switch", "select", "none"] }).notNull(),
        currentVenueId: text17(),
        currentApy30dBps: integer9(),
        pickVenueId: text17(),
        pickApy30dBps: integer9(),
        deltaBps: integer9(),
        thresholdBps: integer9().notNull(),
        /** Where new money goes on this chain after the decision (the ledger's route default). */
        targetVenueId: text17(),
        source: text17(),
        asOf: timestamp14({ withTimezone: true, mode: "date" }),
        reason: text17().notNull(),
        plan: jsonb8().$type(),
        decidedAt: timestamp14({ withTimezone: true, mode: "date" }).notNull(),
        createdAt: createdAt()
      },
      (t) => [index11("autopilot_decisions_wallet_idx").on(t.wallet, t.seq)]
    );
  }
});

// server/db/schema/wallet-auto-yield.ts
import { boolean as boolean2, numeric as numeric5, pgTable as pgTable18, text as text18, timestamp as timestamp15 } from "drizzle-orm/pg-core";
var walletAutoYield;
var init_wallet_auto_yield = __esm({
  "server/db/schema/wallet-auto-yield.ts"() {
    "use strict";
    init_columns();
    walletAutoYield = pgTable18("wallet_auto_yield", {
      wallet: text18().primaryKey(),
      autoYieldEnabled: boolean2().notNull().default(false),
      targetVenue: text18(),
      /** Cap on what auto-yield may keep staked; null = no cap. */
      maxStakeMicros: numeric5({ precision: 78, scale: 0, mode: "bigint" }),
      enabledAt: timestamp15({ withTimezone: true, mode: "date" }),
      createdAt: createdAt(),
      updatedAt: updatedAt()
    });
  }
});

// server/db/schema/characters.ts
import { sql as sql4 } from "drizzle-orm";
import { bigint as bigint5, boolean as boolean3, check as check3, jsonb as jsonb9, pgTable as pgTable19, text as text19, timestamp as timestamp16 } from "drizzle-orm/pg-core";
var characters;
var init_characters = __esm({
  "server/db/schema/characters.ts"() {
    "use strict";
    init_columns();
    characters = pgTable19(
      "characters",
      {
        id: text19().primaryKey(),
        wallet: text19().notNull().unique(),
        name: text19().notNull(),
        chain: text19({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
        fanCreditLiabilityMicros: micros().notNull().default(sql4`0`),
        conditionedTranches: jsonb9().$type().notNull().default([]),
        storageBillMicros: micros().notNull().default(sql4`0`),
        storageRenewalDueAt: timestamp16({ withTimezone: true, mode: "date" }),
        autoYieldEnabled: boolean3().notNull().default(false),
        targetVenue: text19(),
        maxStakeMicros: micros(),
        /** Risk envelope: venues the owner allows (null = the service allowlist) and a TVL floor above the service's. */
        allowedVenues: jsonb9().$type(),
        // bigint: a floor of billions of USD is a real one (pools hold more); the request schema bounds it at 10^12.
        minTvlUsd: bigint5({ mode: "number" }),
        enabledAt: timestamp16({ withTimezone: true, mode: "date" }),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (t) => [
        check3("characters_liability_nonneg", sql4`${t.fanCreditLiabilityMicros} >= 0`),
        check3("characters_bill_nonneg", sql4`${t.storageBillMicros} >= 0`),
        check3("characters_max_stake_nonneg", sql4`${t.maxStakeMicros} is null or ${t.maxStakeMicros} >= 0`)
      ]
    );
  }
});

// server/db/schema/position-checks.ts
import { sql as sql5 } from "drizzle-orm";
import { check as check4, pgTable as pgTable20, primaryKey as primaryKey3, text as text20, timestamp as timestamp17 } from "drizzle-orm/pg-core";
var positionChecks;
var init_position_checks = __esm({
  "server/db/schema/position-checks.ts"() {
    "use strict";
    init_columns();
    positionChecks = pgTable20(
      "position_checks",
      {
        wallet: text20().notNull(),
        chain: text20().notNull(),
        token: text20().notNull(),
        venueId: text20().notNull(),
        /** agrees (within tolerance), drift, or unreadable (the chain did not answer: nothing is concluded). */
        status: text20({ enum: ["agrees", "drift", "unreadable"] }).notNull(),
        /** The ledger's staked principal when checked. */
        recordedMicros: micros().notNull(),
        /** What the ledger expects on chain: principal grown by the venue's index since staking, or the principal. */
        expectedMicros: micros(),
        /** The chain's figure (share balance × rate); null when unreadable. */
        chainMicros: micros(),
        /** chain − expected (signed); null when unreadable. */
        driftMicros: micros(),
        reason: text20(),
        source: text20(),
        checkedAt: timestamp17({ withTimezone: true, mode: "date" }).notNull(),
        /** When the current drift was first found; null while the position agrees. */
        driftSince: timestamp17({ withTimezone: true, mode: "date" })
      },
      (t) => [
        primaryKey3({ columns: [t.wallet, t.chain, t.token, t.venueId] }),
        check4("position_checks_drift_has_figures", sql5`${t.status} <> 'drift' or (${t.chainMicros} is not null and ${t.driftMicros} is not null)`)
      ]
    );
  }
});

// server/db/schema/job-runs.ts
import { bigint as bigint6, pgTable as pgTable21, text as text21, timestamp as timestamp18 } from "drizzle-orm/pg-core";
var jobRuns;
var init_job_runs = __esm({
  "server/db/schema/job-runs.ts"() {
    "use strict";
    jobRuns = pgTable21("job_runs", {
      name: text21().primaryKey(),
      runs: bigint6({ mode: "bigint" }).notNull(),
      lastStartedAt: timestamp18({ withTimezone: true, mode: "date" }).notNull(),
      lastFinishedAt: timestamp18({ withTimezone: true, mode: "date" })
    });
  }
});

// server/db/schema/index.ts
var schema_exports = {};
__export(schema_exports, {
  LEDGER_ENTRY_KINDS: () => LEDGER_ENTRY_KINDS,
  activity: () => activity,
  activityGroupSeq: () => activityGroupSeq,
  apiKeys: () => apiKeys,
  autopilotDecisions: () => autopilotDecisions,
  autopilotSettings: () => autopilotSettings,
  balances: () => balances,
  characters: () => characters,
  events: () => events,
  idempotencyKeys: () => idempotencyKeys,
  jobRuns: () => jobRuns,
  ledgerEntries: () => ledgerEntries,
  planExecutions: () => planExecutions,
  plans: () => plans,
  positionChecks: () => positionChecks,
  rateLimits: () => rateLimits,
  venueApys: () => venueApys,
  walletAutoYield: () => walletAutoYield,
  webhookAttempts: () => webhookAttempts,
  webhookCursor: () => webhookCursor,
  webhookDeliveries: () => webhookDeliveries,
  webhookSubscriptions: () => webhookSubscriptions,
  yieldSnapshots: () => yieldSnapshots
});
var init_schema = __esm({
  "server/db/schema/index.ts"() {
    "use strict";
    init_api_keys();
    init_events();
    init_idempotency_keys();
    init_rate_limits();
    init_venue_apys();
    init_yield_snapshots();
    init_plans();
    init_webhook_attempts();
    init_webhook_cursor();
    init_webhook_deliveries();
    init_webhook_subscriptions();
    init_activity();
    init_balances();
    init_ledger_entries();
    init_plan_executions();
    init_autopilot_settings();
    init_autopilot_decisions();
    init_wallet_auto_yield();
    init_characters();
    init_position_checks();
    init_job_runs();
  }
});

// server/db/signal.ts
function localSignals() {
  const local = new LocalListeners();
  return { fire: /* @__PURE__ */ __name((ch) => local.call(ch), "fire"), on: /* @__PURE__ */ __name((ch, fn) => local.add(ch, fn), "on") };
}
function postgresSignals(listener, notifier) {
  const local = new LocalListeners();
  const self = `i${process.pid.toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
  const listening = /* @__PURE__ */ new Map();
  const inFlight2 = /* @__PURE__ */ new Map();
  const notify = /* @__PURE__ */ __name((ch) => {
    if (inFlight2.has(ch)) {
      inFlight2.set(ch, true);
      return;
    }
    inFlight2.set(ch, false);
    notifier.notify(ch, self).catch(() => {
    }).finally(() => {
      const again = inFlight2.get(ch);
      inFlight2.delete(ch);
      if (again) notify(ch);
    });
  }, "notify");
  const listen = /* @__PURE__ */ __name((ch) => {
    if (listening.has(ch)) return;
    const started2 = listener.listen(
      ch,
      (payload) => {
        if (payload !== self) local.call(ch);
      },
      // (Re)connected: notifications sent while the connection was down are lost, so look once.
      () => local.call(ch)
    );
    started2.catch(() => listening.delete(ch));
    listening.set(ch, started2);
  }, "listen");
  return {
    fire: /* @__PURE__ */ __name((ch) => {
      local.call(ch);
      notify(ch);
    }, "fire"),
    on: /* @__PURE__ */ __name((ch, fn) => {
      const off = local.add(ch, fn);
      listen(ch);
      return off;
    }, "on")
  };
}
function withSignals(db, signals) {
  const t = db;
  const original = t.transaction.bind(db);
  t.transaction = async (fn, config2) => {
    const channels = /* @__PURE__ */ new Set();
    const result = await original(async (tx) => {
      signalsOf.set(tx, signals);
      pending.set(tx, channels);
      return fn(tx);
    }, config2);
    for (const ch of channels) signals.fire(ch);
    return result;
  };
  signalsOf.set(db, signals);
  return db;
}
function signalOnCommit(dbOrTx, channel) {
  const channels = pending.get(dbOrTx);
  if (channels) {
    channels.add(channel);
    return;
  }
  if (!("rollback" in dbOrTx)) signalsOf.get(dbOrTx)?.fire(channel);
}
function onSignal(db, channel, fn) {
  return signalsOf.get(db)?.on(channel, fn) ?? (() => {
  });
}
var LocalListeners, signalsOf, pending;
var init_signal = __esm({
  "server/db/signal.ts"() {
    "use strict";
    LocalListeners = class {
      static {
        __name(this, "LocalListeners");
      }
      by = /* @__PURE__ */ new Map();
      add(channel, fn) {
        const set = this.by.get(channel) ?? /* @__PURE__ */ new Set();
        this.by.set(channel, set);
        set.add(fn);
        return () => {
          set.delete(fn);
        };
      }
      call(channel) {
        for (const fn of this.by.get(channel) ?? []) {
          try {
            fn();
          } catch {
          }
        }
      }
    };
    __name(localSignals, "localSignals");
    __name(postgresSignals, "postgresSignals");
    signalsOf = /* @__PURE__ */ new WeakMap();
    pending = /* @__PURE__ */ new WeakMap();
    __name(withSignals, "withSignals");
    __name(signalOnCommit, "signalOnCommit");
    __name(onSignal, "onSignal");
  }
});

// server/db/unavailable.ts
function unavailableState(code) {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}
function isDatabaseUnavailable(e, depth = 0) {
  if (depth > 5 || e === null || typeof e !== "object") return false;
  const code = e.code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || unavailableState(code))) return true;
  if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
var CONNECTION_CODES;
var init_unavailable = __esm({
  "server/db/unavailable.ts"() {
    "use strict";
    CONNECTION_CODES = /* @__PURE__ */ new Set([
      "ECONNREFUSED",
      "ECONNRESET",
      "EPIPE",
      "ETIMEDOUT",
      "EHOSTUNREACH",
      "ENETUNREACH",
      "ENOTFOUND",
      "EAI_AGAIN",
      "CONNECTION_CLOSED",
      "CONNECTION_ENDED",
      "CONNECTION_DESTROYED",
      "CONNECT_TIMEOUT"
    ]);
    __name(unavailableState, "unavailableState");
    __name(isDatabaseUnavailable, "isDatabaseUnavailable");
  }
});

// server/db/client.ts
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql as sql6 } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
async function openDatabase(cfg) {
  if (cfg.DATABASE_URL) {
    const client2 = postgres(cfg.DATABASE_URL, {
      max: 20,
      onnotice: /* @__PURE__ */ __name(() => {
      }, "onnotice"),
      connect_timeout: 10,
      backoff: reconnectBackoffS,
      // bigint columns come back as bigint, never as a JS number.
      types: { bigint: postgres.BigInt }
    });
    const countersClient = postgres(cfg.DATABASE_URL, {
      max: 4,
      onnotice: /* @__PURE__ */ __name(() => {
      }, "onnotice"),
      connect_timeout: 10,
      backoff: reconnectBackoffS,
      connection: { synchronous_commit: "off" }
    });
    const db2 = withSignals(
      drizzlePostgres({ client: pipelinedBegin(client2), schema: schema_exports, casing: CASING }),
      postgresSignals(client2, countersClient)
    );
    const countersDb = drizzlePostgres({ client: countersClient, schema: schema_exports, casing: CASING });
    const migrator = postgres(cfg.DATABASE_URL, { max: 1, onnotice: /* @__PURE__ */ __name(() => {
    }, "onnotice"), connect_timeout: 10 });
    try {
      await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(drizzlePostgres({ client: migrator, casing: CASING }), { migrationsFolder: MIGRATIONS });
      await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    } catch (e) {
      await client2.end({ timeout: 1 });
      await countersClient.end({ timeout: 1 });
      throw e;
    } finally {
      await migrator.end({ timeout: 5 });
    }
    return {
      db: db2,
      kind: "postgres",
      countersDb,
      close: /* @__PURE__ */ __name(async () => {
        await Promise.all([client2.end({ timeout: 5 }), countersClient.end({ timeout: 5 })]);
      }, "close")
    };
  }
  const dir = cfg.SVC_DATA_DIR;
  let client;
  if (dir === "memory://") {
    client = new PGlite();
  } else {
    const dataDir = path.resolve(dir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    const release2 = claimFolder(path.resolve(dir));
    client = new PGlite(dataDir);
    const c = client;
    await c.waitReady;
    const db2 = withSignals(drizzlePglite({ client: c, schema: schema_exports, casing: CASING }), localSignals());
    await migratePglite(drizzlePglite({ client: c, casing: CASING }), { migrationsFolder: MIGRATIONS });
    return {
      db: db2,
      kind: "pglite",
      close: /* @__PURE__ */ __name(async () => {
        await c.close();
        release2();
      }, "close")
    };
  }
  await client.waitReady;
  const db = withSignals(drizzlePglite({ client, schema: schema_exports, casing: CASING }), localSignals());
  await migratePglite(drizzlePglite({ client, casing: CASING }), { migrationsFolder: MIGRATIONS });
  return { db, kind: "pglite", close: /* @__PURE__ */ __name(() => client.close(), "close") };
}
function writeAtCommit(tx, write) {
  const client = tx._.session.client;
  const pending2 = client ? atCommit.get(client) : void 0;
  if (!pending2) return false;
  const p = write();
  p.catch(() => {
  });
  pending2.push(p);
  return true;
}
async function firstFailure(writes) {
  for (const w2 of writes) {
    try {
      await w2;
    } catch (e) {
      return e;
    }
  }
  return void 0;
}
function pipelinedBegin(client) {
  const begin = /* @__PURE__ */ __name(async (a, b) => {
    const fn = b ?? a;
    const options = typeof a === "string" && b ? a.replace(/[^a-z ]/gi, "") : "";
    const c = await client.reserve();
    let lost = false;
    const pending2 = [];
    atCommit.set(c, pending2);
    try {
      const begun = c.unsafe(`begin ${options}`).execute();
      begun.catch(() => {
      });
      let result;
      try {
        result = await fn(c);
      } catch (e) {
        throw await firstFailure(pending2) ?? e;
      }
      const commit = c.unsafe("commit").execute();
      commit.catch(() => {
      });
      await begun;
      const failed = await firstFailure(pending2);
      if (failed !== void 0) throw failed;
      const done = await commit;
      if (done.command !== "COMMIT") throw new Error(`transaction ended with ${done.command}, not COMMIT: a statement in it failed`);
      return result;
    } catch (e) {
      lost = isDatabaseUnavailable(e);
      if (!lost) await c.unsafe("rollback").catch(() => {
      });
      throw e;
    } finally {
      atCommit.delete(c);
      if (!lost) c.release();
    }
  }, "begin");
  return new Proxy(client, { get: /* @__PURE__ */ __name((target, p, receiver) => p === "begin" ? begin : Reflect.get(target, p, receiver), "get") });
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
function claimFolder(dir) {
  const pidFile = path.join(dir, "svc.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(`the embedded database in ${dir} is in use by process ${pid}; stop it or use another SVC_DATA_DIR`);
    }
  }
  writeFileSync(pidFile, String(process.pid));
  return () => rmSync(pidFile, { force: true });
}
function dbHandle() {
  if (!holder2.__svcDb) {
    holder2.__svcDb = openDatabase(config());
    holder2.__svcDb.catch(() => {
      holder2.__svcDb = void 0;
    });
  }
  return holder2.__svcDb;
}
async function closeDb() {
  const h = holder2.__svcDb;
  holder2.__svcDb = void 0;
  if (h) await (await h).close();
}
var CASING, MIGRATIONS, MIGRATION_LOCK, reconnectBackoffS, atCommit, holder2;
var init_client = __esm({
  "server/db/client.ts"() {
    "use strict";
    init_config();
    init_schema();
    init_signal();
    init_unavailable();
    CASING = "snake_case";
    MIGRATIONS = path.join(process.cwd(), "drizzle");
    MIGRATION_LOCK = 7340221;
    reconnectBackoffS = /* @__PURE__ */ __name((failures) => Math.min(0.05 * failures, 0.5), "reconnectBackoffS");
    __name(openDatabase, "openDatabase");
    atCommit = /* @__PURE__ */ new WeakMap();
    __name(writeAtCommit, "writeAtCommit");
    __name(firstFailure, "firstFailure");
    __name(pipelinedBegin, "pipelinedBegin");
    __name(alive, "alive");
    __name(claimFolder, "claimFolder");
    holder2 = globalThis;
    __name(dbHandle, "dbHandle");
    __name(closeDb, "closeDb");
  }
});

// server/http/kinds.ts
function markKind(schema, kind) {
  kinds.set(schema, kind);
  return schema;
}
function unwrap(schema) {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (kinds.has(s)) return s;
    const def = s._zod?.def;
    if (!def) return s;
    const inner = def.innerType ?? (def.type === "pipe" ? def.in : void 0);
    if (!inner) return s;
    s = inner;
  }
  return s;
}
function kindAt(schema, path7) {
  let s = unwrap(schema);
  for (const key of path7) {
    const def = s?._zod?.def;
    if (!def) return void 0;
    if (def.type === "object" && typeof key === "string") {
      s = unwrap(def.shape[key]);
    } else if (def.type === "array") {
      s = unwrap(def.element);
    } else if (def.type === "record") {
      s = unwrap(def.valueType);
    } else {
      return void 0;
    }
  }
  return s ? kinds.get(s) : void 0;
}
var kinds;
var init_kinds = __esm({
  "server/http/kinds.ts"() {
    "use strict";
    kinds = /* @__PURE__ */ new WeakMap();
    __name(markKind, "markKind");
    __name(unwrap, "unwrap");
    __name(kindAt, "kindAt");
  }
});

// server/chains/address.ts
import { z as z2 } from "zod";
function base58Decode(s) {
  let n = 0n;
  for (const c of s) {
    const v = B58_MAP.get(c);
    if (v === void 0) return null;
    n = n * 58n + v;
  }
  const bytes = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const c of s) {
    if (c !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}
function isSuiAddress(a) {
  return /^0x[0-9a-fA-F]{64}$/.test(a);
}
function isEvmAddress(a) {
  return /^0x[0-9a-fA-F]{40}$/.test(a);
}
function isSolanaAddress(a) {
  if (a.length < 32 || a.length > 44) return false;
  return base58Decode(a)?.length === 32;
}
function isAddressOf(family, a) {
  if (family === "sui") return isSuiAddress(a);
  if (family === "evm") return isEvmAddress(a);
  return isSolanaAddress(a);
}
function addressFamily(a) {
  if (isSuiAddress(a)) return "sui";
  if (isEvmAddress(a)) return "evm";
  if (isSolanaAddress(a)) return "solana";
  return null;
}
function normalizeAddress(a) {
  return a.startsWith("0x") ? a.toLowerCase() : a;
}
function sameAddress(a, b) {
  return normalizeAddress(a) === normalizeAddress(b);
}
function mustBeAddressOf(family, where) {
  return `must be ${FAMILY_NAME[family]} address (${ADDRESS_SHAPE[family]})${where ? ` ${where}` : ""}`;
}
function addressOf(family) {
  const msg = mustBeAddressOf(family);
  return markKind(z2.string({ error: msg }).refine((a) => isAddressOf(family, a), { error: msg }), "address");
}
var CHAIN_IDS, CHAIN_FAMILY, SEGMENT_TO_CHAIN, B58, B58_MAP, ADDRESS_MESSAGE, walletAddress, FAMILY_NAME, ADDRESS_SHAPE;
var init_address = __esm({
  "server/chains/address.ts"() {
    "use strict";
    init_kinds();
    CHAIN_IDS = ["move-chain", "svm-chain", "evm-a", "evm-b"];
    CHAIN_FAMILY = {
      "move-chain": "sui",
      "svm-chain": "solana",
      "evm-a": "evm",
      "evm-b": "evm"
    };
    SEGMENT_TO_CHAIN = {
      move: "move-chain",
      svm: "svm-chain",
      "evm-a": "evm-a",
      "evm-b": "evm-b"
    };
    B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    B58_MAP = new Map([...B58].map((c, i) => [c, BigInt(i)]));
    __name(base58Decode, "base58Decode");
    __name(isSuiAddress, "isSuiAddress");
    __name(isEvmAddress, "isEvmAddress");
    __name(isSolanaAddress, "isSolanaAddress");
    __name(isAddressOf, "isAddressOf");
    __name(addressFamily, "addressFamily");
    __name(normalizeAddress, "normalizeAddress");
    __name(sameAddress, "sameAddress");
    ADDRESS_MESSAGE = "must be a wallet address: Sui 0x+64 hex, Solana base58 (32 bytes) or EVM 0x+40 hex";
    walletAddress = markKind(
      z2.string({ error: ADDRESS_MESSAGE }).refine((a) => addressFamily(a) !== null, { error: ADDRESS_MESSAGE }).meta({ description: "Wallet address (Sui, Solana or EVM)", example: `0x${"a".repeat(64)}` }),
      "address"
    );
    FAMILY_NAME = { sui: "a Sui", solana: "a Solana", evm: "an EVM" };
    ADDRESS_SHAPE = { sui: "0x + 64 hex", solana: "base58, 32 bytes", evm: "0x + 40 hex" };
    __name(mustBeAddressOf, "mustBeAddressOf");
    __name(addressOf, "addressOf");
  }
});

// lib/ids.ts
var ID_ALPHABET, ID_CHARS, BODY;
var init_ids = __esm({
  "lib/ids.ts"() {
    "use strict";
    ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
    ID_CHARS = 20;
    BODY = new RegExp(`^[${ID_ALPHABET}]{${ID_CHARS}}$`);
  }
});

// server/ids.ts
var ids_exports = {};
__export(ids_exports, {
  newId: () => newId,
  stableId: () => stableId
});
import { createHash, randomFillSync } from "node:crypto";
function newId(prefix) {
  if (poolAt + ID_CHARS > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = `${prefix}_`;
  for (let i = 0; i < ID_CHARS; i++) out += ID_ALPHABET[(pool[poolAt + i] ?? 0) & 31];
  poolAt += ID_CHARS;
  return out;
}
function stableId(prefix, ...parts) {
  const h = createHash("sha256").update(parts.map((p) => p.toLowerCase()).join("\0")).digest("hex");
  return `${prefix}_${h.slice(0, 20)}`;
}
var pool, poolAt;
var init_ids2 = __esm({
  "server/ids.ts"() {
    "use strict";
    init_ids();
    pool = Buffer.alloc(4096);
    poolAt = pool.length;
    __name(newId, "newId");
    __name(stableId, "stableId");
  }
});

// server/http/auth.ts
import { createHash as createHash2, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
function hashKey(key) {
  return createHash2("sha256").update(key, "utf8").digest();
}
function keyPrefix(key) {
  return key.slice(0, PREFIX_LENGTH);
}
function scopeOf(wallets) {
  return wallets.includes("*") ? "*" : new Set(wallets.map(normalizeAddress));
}
function loadBootstrapKeys(keys2) {
  const map = /* @__PURE__ */ new Map();
  for (const k of keys2) {
    const hash = hashKey(k.key);
    const prefix = keyPrefix(k.key);
    const entry = {
      id: `key_env_${hash.toString("hex").slice(0, 16)}`,
      prefix,
      hash,
      role: k.role,
      wallets: scopeOf(k.wallets)
    };
    map.set(prefix, [...map.get(prefix) ?? [], entry]);
  }
  holder3.__svcBootstrapKeys = map;
}
function matches(candidate, presented) {
  return candidate.length === presented.length && timingSafeEqual(candidate, presented);
}
async function authenticate(db, presented) {
  if (presented.length === 0 || presented.length > MAX_KEY_LENGTH) return null;
  const hash = hashKey(presented);
  const prefix = keyPrefix(presented);
  let found = null;
  for (const k of holder3.__svcBootstrapKeys?.get(prefix) ?? []) {
    if (matches(k.hash, hash)) found = k;
  }
  if (!found) {
    const rows = await db.select().from(apiKeys).where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
    for (const r of rows) {
      if (matches(Buffer.from(r.hash, "hex"), hash)) {
        found = { id: r.id, prefix: r.prefix, hash, role: r.role, wallets: scopeOf(r.wallets) };
      }
    }
  }
  if (!found) return null;
  return { keyId: found.id, prefix: found.prefix, role: found.role, wallets: found.wallets };
}
function inScope(p, wallet) {
  return p.wallets === "*" || p.wallets.has(normalizeAddress(wallet));
}
var MAX_KEY_LENGTH, PREFIX_LENGTH, holder3;
var init_auth = __esm({
  "server/http/auth.ts"() {
    "use strict";
    init_address();
    init_schema();
    init_ids2();
    MAX_KEY_LENGTH = 256;
    PREFIX_LENGTH = 12;
    __name(hashKey, "hashKey");
    __name(keyPrefix, "keyPrefix");
    __name(scopeOf, "scopeOf");
    holder3 = globalThis;
    __name(loadBootstrapKeys, "loadBootstrapKeys");
    __name(matches, "matches");
    __name(authenticate, "authenticate");
    __name(inScope, "inScope");
  }
});

// server/db/job-lock.ts
import { sql as sql7 } from "drizzle-orm";
function pgClientOf(db) {
  const client = db.$client;
  return client && typeof client.reserve === "function" ? client : null;
}
async function claim(db, name, everyMs) {
  const rows = await db.insert(jobRuns).values({ name, runs: 1n, lastStartedAt: sql7`now()` }).onConflictDoUpdate({
    target: jobRuns.name,
    set: { runs: sql7`${jobRuns.runs} + 1`, lastStartedAt: sql7`now()` },
    setWhere: sql7`${jobRuns.lastStartedAt} <= now() - ${Math.round(everyMs * SLACK)} * interval '1 millisecond'`
  }).returning({ runs: jobRuns.runs });
  return rows.length > 0;
}
async function finished(db, name) {
  await db.update(jobRuns).set({ lastFinishedAt: sql7`now()` }).where(sql7`${jobRuns.name} = ${name}`);
}
async function runScheduled(db, name, everyMs, run2) {
  const client = pgClientOf(db);
  if (!client) {
    if (!await claim(db, name, everyMs)) return false;
    await run2();
    await finished(db, name);
    return true;
  }
  const conn = await client.reserve();
  try {
    const [got] = await conn`select pg_try_advisory_lock(${JOB_LOCK_SPACE}, hashtext(${name})) as locked`;
    if (!got?.locked) return false;
    try {
      if (!await claim(db, name, everyMs)) return false;
      await run2();
      await finished(db, name);
      return true;
    } finally {
      await conn`select pg_advisory_unlock(${JOB_LOCK_SPACE}, hashtext(${name}))`;
    }
  } finally {
    conn.release();
  }
}
var JOB_LOCK_SPACE, SLACK;
var init_job_lock = __esm({
  "server/db/job-lock.ts"() {
    "use strict";
    init_schema();
    JOB_LOCK_SPACE = 7340222;
    SLACK = 0.9;
    __name(pgClientOf, "pgClientOf");
    __name(claim, "claim");
    __name(finished, "finished");
    __name(runScheduled, "runScheduled");
  }
});

// server/db/batch.ts
import { getTableColumns, getTableName, is, Placeholder, SQL, sql as sql8 } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { PgDialect } from "drizzle-orm/pg-core";
function colName(c) {
  return casing.getColumnCasing(c);
}
function rowCol(c) {
  return sql8`r.${sql8.identifier(colName(c))}`;
}
function jsonText(rows) {
  try {
    return JSON.stringify(rows);
  } catch {
    return JSON.stringify(rows, (_k, v) => typeof v === "bigint" ? v.toString() : v);
  }
}
function cellOf(row, key, c) {
  const v = row[key];
  if (typeof v === "bigint") return v.toString();
  if (v !== void 0) return v;
  if (c.defaultFn) return c.defaultFn();
  if (c.default !== void 0) {
    if (is(c.default, SQL)) throw new Error(`batch: column ${colName(c)} has an SQL default; give it in every row or in none`);
    return c.default;
  }
  return null;
}
function columns(table) {
  let m = columnsOf.get(table);
  if (!m) {
    m = new Map(Object.entries(getTableColumns(table)).map(([k, c]) => [k, { name: colName(c), column: c }]));
    columnsOf.set(table, m);
  }
  return m;
}
function columnAt(table, key) {
  const c = columns(table).get(key);
  if (!c) throw new Error(`batch: ${getTableName(table)} has no column ${key}`);
  return c;
}
function rowsJson(table, rows, keys2) {
  const named = keys2.map((k) => [k, columnAt(table, k)]);
  const out = rows.map((row) => {
    const o = {};
    for (const [k, c] of named) o[c.name] = cellOf(row, k, c.column);
    return o;
  });
  return jsonText(out);
}
function tableFields(table) {
  return [...columns(table)].map(([k, c]) => ({ path: [k], field: c.column }));
}
var casing, dialect, columnsOf, rendered, Batch, Statement;
var init_batch = __esm({
  "server/db/batch.ts"() {
    "use strict";
    init_client();
    init_signal();
    casing = new CasingCache(CASING);
    dialect = new PgDialect({ casing: CASING });
    __name(colName, "colName");
    __name(rowCol, "rowCol");
    __name(jsonText, "jsonText");
    __name(cellOf, "cellOf");
    columnsOf = /* @__PURE__ */ new WeakMap();
    __name(columns, "columns");
    __name(columnAt, "columnAt");
    __name(rowsJson, "rowsJson");
    rendered = /* @__PURE__ */ new Map();
    Batch = class _Batch {
      static {
        __name(this, "Batch");
      }
      parts = [];
      channels = /* @__PURE__ */ new Set();
      /** Fires `channel` once the batch's writes are committed (server/db/signal.ts): e.g. the outbox wakes its worker. */
      signalOnCommit(channel) {
        this.channels.add(channel);
        return this;
      }
      get empty() {
        return this.parts.length === 0;
      }
      static nameOf(prefix, index12) {
        return sql8`${sql8.identifier(`${prefix}${index12}`)}`;
      }
      /**
       * A read the later parts refer to by the returned name (e.g. a number taken once from a sequence).
       * MATERIALIZED: evaluated exactly once, whatever refers to it. `shape` names everything the body's text
       * depends on; `values` are bound to the placeholders `build` receives, in order.
       */
      with(shape, values, build2) {
        const name = _Batch.nameOf("q", this.parts.length);
        this.parts.push({ shape: `with:${shape}`, values, build: /* @__PURE__ */ __name((params4, n) => sql8`${n} as materialized (${build2(params4)})`, "build") });
        return name;
      }
      /**
       * INSERT of many rows. The columns are those any row gives (plus `computed`); `computed.columns` replaces a
       * column's value by an SQL expression (no values of its own; it may use rowCol(…) of the same row and names
       * returned by with()), and `computed.shape` names what those expressions depend on.
       */
      insert(table, rows, computed = { shape: "", columns: {} }) {
        if (rows.length === 0) return this;
        const extra = Object.keys(computed.columns);
        const keys2 = /* @__PURE__ */ new Set();
        for (const r of rows) for (const [k, v] of Object.entries(r)) if (v !== void 0 && !(k in computed.columns)) keys2.add(k);
        const plain = [...keys2];
        this.parts.push({
          shape: `insert:${getTableName(table)}:${plain.join(",")}:${extra.join(",")}:${computed.shape}`,
          values: [rowsJson(table, rows, plain)],
          build: /* @__PURE__ */ __name(([json], n) => {
            const target = [...plain, ...extra].map((k) => sql8.identifier(columnAt(table, k).name));
            const select = [...plain.map((k) => rowCol(columnAt(table, k).column)), ...extra.map((k) => computed.columns[k])];
            return sql8`${n} as (insert into ${table} (${sql8.join(target, sql8`, `)}) select ${sql8.join(select, sql8`, `)} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) r)`;
          }, "build")
        });
        return this;
      }
      /** UPDATE of many rows, each found by its `keys` columns, setting its `set` columns to the row's values. */
      update(table, keys2, set, rows) {
        if (rows.length === 0) return this;
        const byColumn = new Map([...columns(table)].map(([k, c]) => [c.column, k]));
        const keyOf3 = /* @__PURE__ */ __name((c) => {
          const k = byColumn.get(c);
          if (!k) throw new Error(`batch: column ${colName(c)} is not in ${getTableName(table)}`);
          return k;
        }, "keyOf");
        const keyKeys = keys2.map(keyOf3);
        const setKeys = set.map(keyOf3);
        const shared = keyKeys.map((k) => {
          const first = rows[0][k];
          return typeof first === "string" && rows.every((r) => r[k] === first) ? first : null;
        });
        const values = [rowsJson(table, rows, [...keyKeys, ...setKeys])];
        for (const v of shared) if (v !== null) values.push(v);
        this.parts.push({
          shape: `update:${getTableName(table)}:${keyKeys.join(",")}:${setKeys.join(",")}:${shared.map((v) => v === null ? "-" : "=").join("")}`,
          values,
          build: /* @__PURE__ */ __name(([json, ...fixed], n) => {
            const t = /* @__PURE__ */ __name((k) => sql8`t.${sql8.identifier(columnAt(table, k).name)}`, "t");
            const assign = setKeys.map((k) => sql8`${sql8.identifier(columnAt(table, k).name)} = ${rowCol(columnAt(table, k).column)}`);
            let f = 0;
            const match = keyKeys.map((k, i) => {
              const same = sql8`${t(k)} = ${rowCol(columnAt(table, k).column)}`;
              return shared[i] === null ? same : sql8`${t(k)} = ${fixed[f++]} and ${same}`;
            });
            return sql8`${n} as (update ${table} t set ${sql8.join(assign, sql8`, `)} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) r where ${sql8.join(match, sql8` and `)})`;
          }, "build")
        });
        return this;
      }
      /** The statement's shape: equal shapes have equal SQL text. */
      shape() {
        return this.parts.map((p) => p.shape).join("|");
      }
      /** The whole batch as one statement, with placeholders p0, p1, … for its values (see values()). */
      toSql() {
        let k = 0;
        const parts = this.parts.map(
          (p, i) => p.build(
            p.values.map(() => sql8`${sql8.placeholder(`p${k++}`)}`),
            _Batch.nameOf(p.shape.startsWith("with:") ? "q" : "w", i)
          )
        );
        return sql8`with ${sql8.join(parts, sql8`, `)} select 1`;
      }
      /** The values for the placeholders of toSql(). */
      values() {
        const out = {};
        let k = 0;
        for (const p of this.parts) for (const v of p.values) out[`p${k++}`] = v;
        return out;
      }
      /**
       * Runs the batch as one statement (nothing when empty). Its text depends only on its shape, so drizzle renders
       * it once per shape, and on PostgreSQL it runs as a prepared statement (postgres.js keeps one per text and
       * connection): PostgreSQL then skips parsing and, after a few runs, planning. In a transaction on PostgreSQL
       * the statement is sent now and its answer awaited at COMMIT (writeAtCommit): a failure still fails the
       * transaction, but is thrown by db.transaction() rather than by run().
       */
      async run(tx) {
        if (this.parts.length === 0) return;
        const shape = this.shape();
        let query = rendered.get(shape);
        if (!query) {
          query = dialect.sqlToQuery(this.toSql());
          if (query.params.some((p) => !is(p, Placeholder))) throw new Error("batch: an expression carries its own value; pass it through with()");
          rendered.set(shape, query);
        }
        const prepared = tx._.session.prepareQuery(query, void 0, "svc_batch", false);
        const values = this.values();
        if (!writeAtCommit(tx, () => prepared.execute(values))) await prepared.execute(values);
        for (const ch of this.channels) signalOnCommit(tx, ch);
      }
    };
    Statement = class {
      constructor(name, build2, fields) {
        this.name = name;
        this.build = build2;
        this.fields = fields;
      }
      static {
        __name(this, "Statement");
      }
      query;
      async execute(tx, values) {
        this.query ??= dialect.sqlToQuery(this.build());
        const prepared = tx._.session.prepareQuery(this.query, this.fields, this.name, false);
        return prepared.execute(values);
      }
    };
    __name(tableFields, "tableFields");
  }
});

// server/events/outbox.ts
function addEvents(batch, list) {
  if (list.length === 0) return [];
  const rows = list.map((e) => ({ id: newId("evt"), type: e.type, wallet: e.wallet, data: e.data }));
  batch.insert(events, rows);
  batch.signalOnCommit(OUTBOX_CHANNEL);
  return rows.map((r) => r.id);
}
async function emitEvents(tx, list) {
  const batch = new Batch();
  const ids11 = addEvents(batch, list);
  await batch.run(tx);
  return ids11;
}
var OUTBOX_CHANNEL;
var init_outbox = __esm({
  "server/events/outbox.ts"() {
    "use strict";
    init_batch();
    init_schema();
    init_ids2();
    init_types();
    OUTBOX_CHANNEL = "svc_outbox";
    __name(addEvents, "addEvents");
    __name(emitEvents, "emitEvents");
  }
});

// server/log.ts
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
function inRequest(requestId, fn) {
  return scope.run({ requestId }, fn);
}
function log() {
  holder4.__svcLog ??= pino({
    level: process.env.SVC_LOG_LEVEL || "info",
    base: { svc: "svc" },
    // A fresh object each time: pino merges the line's fields into what mixin returns.
    mixin: /* @__PURE__ */ __name(() => {
      const s = scope.getStore();
      return s ? { requestId: s.requestId } : {};
    }, "mixin"),
    redact: {
      paths: [
        "key",
        "apiKey",
        "hmacKey",
        "secret",
        "privateKey",
        "mnemonic",
        "headers",
        "*.key",
        "*.apiKey",
        "*.hmacKey",
        "*.secret",
        "*.privateKey",
        "*.mnemonic",
        "*.headers",
        "*.authorization",
        '*["x-api-key"]'
      ],
      censor: "[redacted]"
    }
  });
  return holder4.__svcLog;
}
var holder4, scope;
var init_log = __esm({
  "server/log.ts"() {
    "use strict";
    holder4 = globalThis;
    holder4.__svcRequestScope ??= new AsyncLocalStorage();
    scope = holder4.__svcRequestScope;
    __name(inRequest, "inRequest");
    __name(log, "log");
  }
});

// server/metrics.ts
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "svc_" });
  const lastOk = /* @__PURE__ */ new Map();
  const requests = new Histogram({
    name: "svc_http_request_duration_seconds",
    help: "API requests by operation and HTTP status: latency; _count is the number of requests.",
    labelNames: ["operation", "status"],
    buckets: [1e-3, 25e-4, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry]
  });
  const upstreamErrors = new Counter({
    name: "svc_upstream_errors_total",
    help: "Failed calls to an outside service: upstream is yields, quotes (swap quote APIs), cctp-attestation (Circle's Iris), pyth-hermes, or rpc:<chain> for a chain's RPC.",
    labelNames: ["upstream"],
    registers: [registry]
  });
  const upstreamAge = new Gauge({
    name: "svc_upstream_last_success_age_seconds",
    help: "Seconds since this instance last had a good answer from the upstream (absent: never since start).",
    labelNames: ["upstream"],
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const [upstream2, at] of lastOk) this.set({ upstream: upstream2 }, (now - at) / 1e3);
    }
  });
  const webhookAttempts2 = new Counter({
    name: "svc_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome: delivered, retry (will be tried again), failed (gave up), cancelled (subscription gone), released (interrupted by shutdown, not counted as an attempt).",
    labelNames: ["outcome"],
    registers: [registry]
  });
  const autopilotDecisions2 = new Counter({
    name: "svc_autopilot_decisions_total",
    help: "Autopilot decisions recorded, by action and trigger.",
    labelNames: ["action", "trigger"],
    registers: [registry]
  });
  return { registry, lastOk, requests, upstreamErrors, upstreamAge, webhookAttempts: webhookAttempts2, autopilotDecisions: autopilotDecisions2 };
}
function metrics() {
  holder5.__svcMetrics ??= build();
  return holder5.__svcMetrics;
}
function observeRequest(operation2, status, seconds) {
  metrics().requests.observe({ operation: operation2, status: String(status) }, seconds);
}
function noteUpstream(upstream2, ok3) {
  const m = metrics();
  if (ok3) m.lastOk.set(upstream2, Date.now());
  else m.upstreamErrors.inc({ upstream: upstream2 });
}
function noteWebhookAttempt(outcome, n = 1) {
  if (n > 0) metrics().webhookAttempts.inc({ outcome }, n);
}
function noteAutopilotDecision(action, trigger) {
  metrics().autopilotDecisions.inc({ action, trigger });
}
function countedFetch(upstream2) {
  return async (input, init) => {
    try {
      const res = await fetch(input, init);
      noteUpstream(upstream2, res.status < 500);
      return res;
    } catch (e) {
      noteUpstream(upstream2, false);
      throw e;
    }
  };
}
var METRICS_CONTENT_TYPE, holder5;
var init_metrics = __esm({
  "server/metrics.ts"() {
    "use strict";
    METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    __name(build, "build");
    holder5 = globalThis;
    __name(metrics, "metrics");
    __name(observeRequest, "observeRequest");
    __name(noteUpstream, "noteUpstream");
    __name(noteWebhookAttempt, "noteWebhookAttempt");
    __name(noteAutopilotDecision, "noteAutopilotDecision");
    __name(countedFetch, "countedFetch");
  }
});

// server/http/codes.ts
function uncatalogued(status, blockers) {
  return blockers.map((b) => String(b.code)).filter((c) => !(c in BLOCKER_CODES && BLOCKER_CODES[c].answered.includes(status)));
}
function blocker(code, message2) {
  return { code, message: message2 ?? BLOCKER_CODES[code].meaning };
}
var CATALOG_VERSION, ERROR_CODES, PLAN, ACTION, BOTH, BLOCKER_CODES;
var init_codes = __esm({
  "server/http/codes.ts"() {
    "use strict";
    CATALOG_VERSION = "svc-errors.v1";
    ERROR_CODES = {
      INVALID_REQUEST: { statuses: [400], meaning: "Body not JSON, wrong type, missing field, unknown field value or bad query/path parameter." },
      INVALID_AMOUNT: { statuses: [400], meaning: "Amount is not an integer-micros string (float, exponent, sign, empty, leading zeros, over 2^63-1)." },
      INVALID_ADDRESS: { statuses: [400], meaning: "Malformed wallet address for the chain family (Sui 0x+64 hex, Solana base58 32 bytes, EVM 0x+40 hex)." },
      UNAUTHORIZED: { statuses: [401, 403], meaning: "No X-API-Key on a route that needs a role (401), or the key's role may not do this (403)." },
      INVALID_API_KEY: { statuses: [401], meaning: "The X-API-Key is not a known, active key." },
      WALLET_SCOPE: { statuses: [403], meaning: "The wallet is not in the API key's scope." },
      NOT_FOUND: { statuses: [404], meaning: "Unknown strategy, opportunity, subscription, plan, character or route." },
      METHOD_NOT_ALLOWED: { statuses: [405], meaning: "The path exists but not with this method; see the Allow header." },
      ALREADY_EXISTS: { statuses: [409], meaning: "The resource already exists (a wallet has at most one character)." },
      NOTHING_TO_REDELIVER: { statuses: [409], meaning: "The event has no failed webhook delivery to an active subscription of this key." },
      IDEMPOTENCY_KEY_IN_FLIGHT: { statuses: [409], meaning: "A request with the same Idempotency-Key is still being processed." },
      PAYLOAD_TOO_LARGE: { statuses: [413], meaning: "The request body is over 1 MiB (1048576 bytes), on any route; the connection is closed after the answer." },
      UNSUPPORTED_MEDIA_TYPE: { statuses: [415], meaning: "A request body was sent with a content type other than application/json." },
      IDEMPOTENCY_KEY_REUSED: { statuses: [422], meaning: "The Idempotency-Key was used before with a different request body." },
      BLOCKED: {
        statuses: [422],
        meaning: 'A money action cannot be done: beside code and message the body has status "blocked" and blockers[] with blocker codes. Plan endpoints answer a blocked plan with 200 instead.'
      },
      RATE_LIMITED: { statuses: [429], meaning: "Over the per-key (or per-client-address) rate limit; see Retry-After and RateLimit headers." },
      HEADERS_TOO_LARGE: {
        statuses: [431],
        meaning: "The request line and headers are over 16 KiB (16384 bytes, Node.js's limit), e.g. a query string or header value far past every declared limit; the connection is closed after the answer."
      },
      INTERNAL: { statuses: [500], meaning: "Unexpected server fault. Never returned for bad input; the body carries the requestId to report." },
      UPSTREAM_UNAVAILABLE: {
        statuses: [503],
        meaning: "Superseded by UNAVAILABLE (issue 26) and no longer answered; kept in the catalog because removing a code is a breaking change."
      },
      UNAVAILABLE: {
        statuses: [503],
        meaning: "The database is not reachable right now (restarting, refusing connections); nothing was applied unless an earlier answer said so. Retry after the Retry-After seconds. Also the answer to a JSON client asking for a dashboard page while the dashboard is being built (Retry-After, details.dashboard as in GET /api/v1/readyz) or after its build failed (no Retry-After)."
      },
      NOT_READY: {
        statuses: [503],
        meaning: "GET /api/v1/readyz: this instance should not take traffic now (database unreachable or migrations not applied); details.checks names each check."
      }
    };
    PLAN = [200];
    ACTION = [422];
    BOTH = [200, 422];
    BLOCKER_CODES = {
      venue_not_ready: { answered: BOTH, meaning: "The venue is not ready for this action." },
      adapter_not_ready: { answered: BOTH, meaning: "The venue's adapter cannot build or execute this action yet; no placeholder transaction is produced." },
      venue_not_allowed: { answered: BOTH, meaning: "The venue is not on the allowlist." },
      execution_disabled: { answered: BOTH, meaning: "Execution mode is disabled; plans still prepare but nothing is broadcast." },
      amount_zero: { answered: BOTH, meaning: "The amount is 0." },
      below_minimum: { answered: PLAN, meaning: "The amount is below the venue minimum." },
      insufficient_balance: { answered: BOTH, meaning: "The amount is above the wallet's balance." },
      insufficient_liquid: { answered: ACTION, meaning: "Staking more than the liquid balance." },
      no_ready_venue: { answered: ACTION, meaning: "No ready venue on that chain to stake into." },
      cross_chain_rebalance: { answered: ACTION, meaning: "Rebalance is within one chain only; use a bridge plan to move across chains." },
      venue_wrong_chain: { answered: ACTION, meaning: "The chosen venue is on another chain than the one named in the request." },
      nothing_staked: { answered: ACTION, meaning: "The wallet has nothing staked at the venue named in the request." },
      map_chain_prepare_only: { answered: BOTH, meaning: "evm-a and evm-b are Map chains: prepare only, broadcast disabled." },
      quote_unavailable: { answered: PLAN, meaning: "The swap or bridge quote source is unavailable." },
      upstream_unavailable: { answered: BOTH, meaning: "The upstream data source is unavailable." },
      empty_upstream: { answered: BOTH, meaning: "The upstream returned no pools." },
      auto_yield_disabled: { answered: BOTH, meaning: "Auto-yield is off for this character; stake and unstake are blocked." },
      rail_retiring: { answered: PLAN, meaning: "The route's bridge rail is being retired by its operator (CCTP V1) and its end is near: no burn is offered on it, as it might not be received before the rail stops. The message names the dates and their source." },
      venue_state_unavailable: { answered: PLAN, meaning: "The venue's on-chain state the plan is built from (its exchange rate, its reserve's slot) could not be read from its chain; nothing is built. Try again." },
      owner_required: { answered: BOTH, meaning: "The plan needs an owner address to build transactions." },
      rpc_unavailable: { answered: PLAN, meaning: "The chain's RPC did not answer or refused a read the transaction needs (a recent blockhash, an object version); nothing signable was built. Try again." },
      simulation_mismatch: {
        answered: PLAN,
        meaning: "The balance changes the chain's own simulation reports differ from the plan (what leaves the owner, what arrives, to whom); the message names what the plan says and what was simulated, in token units. Nothing is offered for signing."
      },
      simulation_failed: { answered: PLAN, meaning: "The chain's own simulation of a transaction in the plan failed; the message carries the chain's error, decoded. Nothing is offered for signing." },
      plan_not_executable: { answered: ACTION, meaning: "The plan is not of the kind this step needs (a prepared deposit plan for execute, a prepared bridge plan for delivery and rescue)." },
      tx_failed: { answered: ACTION, meaning: "The transaction failed or reverted on chain; nothing is credited." },
      sender_not_owner: { answered: ACTION, meaning: "The transaction's sender (Sui sender, Solana fee payer) is not the plan's owner." },
      tx_amount_mismatch: { answered: ACTION, meaning: "The confirmed transaction does not move the plan's amount of USDC out of the owner's wallet." },
      digest_already_used: { answered: ACTION, meaning: "This on-chain transaction already proves another plan." },
      plan_already_executed: { answered: ACTION, meaning: "The plan was already executed with another transaction." },
      submit_rejected: { answered: ACTION, meaning: "The chain's RPC refused to submit the signed transaction." },
      not_credited_to_destination: { answered: ACTION, meaning: "The destination transaction does not credit USDC to the plan's owner-locked destination address." },
      already_delivered: { answered: BOTH, meaning: "The bridge plan was already delivered; there is nothing to rescue or fail." },
      source_tx_required: { answered: PLAN, meaning: "The rescue needs the burn transaction on the source chain (sourceTxId) to read its CCTP message." },
      burn_not_found: {
        answered: PLAN,
        meaning: "The source transaction is not a successful CCTP burn of this plan (no receipt yet, reverted, or no matching MessageSent log; move-chain: no MessageSent and matching DepositForBurn event in the executed transaction, or Circle's attestation service lists for it a message other than the one the chain emitted)."
      },
      source_rpc_unavailable: { answered: PLAN, meaning: "The source chain's RPC could not be read; nothing was built. Try again." },
      recipient_mismatch: { answered: PLAN, meaning: "The burn message's mint recipient is not the plan's owner-locked destination; no transaction is built." },
      attestation_pending: { answered: PLAN, meaning: "Circle has not attested the burn message yet (source-chain finality); try again later." },
      attestation_unavailable: { answered: PLAN, meaning: "Circle's attestation service could not be read (unreachable, error or unexpected format); try again later." },
      autopilot_disabled: { answered: PLAN, meaning: "The wallet's autopilot is disabled (or enabled on another chain); the monthly tick records nothing." },
      stakeable_zero: { answered: BOTH, meaning: "Nothing is stakeable: balance minus fan-credit liability minus non-stakeable conditioned tranches is 0." },
      max_stake_reached: { answered: BOTH, meaning: "The character's max stake (max_stake_micros) is already staked." },
      below_min_tvl: { answered: PLAN, meaning: "The pool's TVL is below the discovery floor." },
      apy_unavailable: { answered: BOTH, meaning: "The venue has no live gross APY; a missing APY is never selected as executable." },
      no_eligible_pool: { answered: BOTH, meaning: "Discovery found no pool that passes the allowlist, adapter, TVL and APY rules." }
    };
    __name(uncatalogued, "uncatalogued");
    __name(blocker, "blocker");
  }
});

// server/http/errors.ts
function fieldMessage(field2, message2) {
  return `${field2} ${message2}`;
}
function fieldError(code, field2, message2, extra) {
  return new ApiError(code, fieldMessage(field2, message2), [{ field: field2, message: message2, ...extra }]);
}
var ApiError, notFound;
var init_errors = __esm({
  "server/http/errors.ts"() {
    "use strict";
    init_codes();
    ApiError = class extends Error {
      constructor(code, message2, details, status, headers) {
        super(message2);
        this.code = code;
        this.details = details;
        this.headers = headers;
        this.status = status ?? ERROR_CODES[code].statuses[0];
      }
      static {
        __name(this, "ApiError");
      }
      status;
    };
    __name(fieldMessage, "fieldMessage");
    __name(fieldError, "fieldError");
    notFound = /* @__PURE__ */ __name((what) => new ApiError("NOT_FOUND", `${what} not found`), "notFound");
  }
});

// server/chains/clients.ts
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { createDefaultRpcTransport, createJsonRpcApi, createRpc, createSolanaRpcFromTransport, getSolanaErrorFromJsonRpcError, isSolanaError } from "@solana/kit";
import { createPublicClient, http } from "viem";
function rpcUrlOf(chain) {
  const cfg = config();
  return { "move-chain": cfg.SVC_RPC_MOVE, "svm-chain": cfg.SVC_RPC_SVM, "evm-a": cfg.SVC_RPC_EVM_A, "evm-b": cfg.SVC_RPC_EVM_B }[chain];
}
function countedTransport(url) {
  const base = createDefaultRpcTransport({ url });
  return (async (...args) => {
    try {
      const r = await base(...args);
      noteUpstream("rpc:svm-chain", true);
      return r;
    } catch (e) {
      noteUpstream("rpc:svm-chain", false);
      throw e;
    }
  });
}
function cache() {
  holder6.__svcRpcClients ??= { sui: /* @__PURE__ */ new Map(), solana: /* @__PURE__ */ new Map(), jito: /* @__PURE__ */ new Map(), evm: /* @__PURE__ */ new Map() };
  return holder6.__svcRpcClients;
}
function cached(map, key, make) {
  let c = map.get(key);
  if (!c) {
    c = make();
    map.set(key, c);
  }
  return c;
}
function suiRpc() {
  const url = rpcUrlOf("move-chain").replace(/\/+$/, "");
  return cached(cache().sui, url, () => new SuiGrpcClient({ network: "mainnet", baseUrl: url, fetch: countedFetch("rpc:move-chain") }));
}
function solanaRpc() {
  const url = rpcUrlOf("svm-chain");
  return cached(cache().solana, url, () => createSolanaRpcFromTransport(countedTransport(url)));
}
function jitoRpc() {
  const url = rpcUrlOf("svm-chain");
  const clients = cache();
  clients.jito ??= /* @__PURE__ */ new Map();
  return cached(clients.jito, url, () => {
    const api = createJsonRpcApi({
      responseTransformer: /* @__PURE__ */ __name((response) => {
        const r = response;
        if (r.error) throw getSolanaErrorFromJsonRpcError(r.error);
        return r.result;
      }, "responseTransformer")
    });
    return createRpc({ api, transport: countedTransport(url) });
  });
}
function evmRpc(chain) {
  const url = rpcUrlOf(chain);
  const timeout = config().SVC_RPC_TIMEOUT_MS;
  return cached(cache().evm, `${chain}|${url}|${timeout}`, () => createPublicClient({ transport: http(url, { timeout, retryCount: 0, fetchFn: countedFetch(`rpc:${chain}`) }) }));
}
function errorLine(e, max = 200) {
  return firstLine(e, max).replace(/\.+$/, "");
}
function firstLine(e, max) {
  if (isSolanaError(e)) {
    const ctx = e.context;
    if (typeof ctx.__serverMessage === "string") return `${ctx.__serverMessage} (JSON-RPC error ${ctx.__code ?? e.context.__code})`.slice(0, max);
  }
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0]?.slice(0, max) ?? "error";
}
async function withRpcTimeout(read) {
  const ms = config().SVC_RPC_TIMEOUT_MS;
  const ac = new AbortController();
  let timer;
  const expired2 = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const e = new Error(`RPC did not answer within ${ms} ms (timeout)`);
      ac.abort(e);
      reject(e);
    }, ms);
  });
  try {
    return await Promise.race([read(ac.signal), expired2]);
  } finally {
    clearTimeout(timer);
  }
}
var holder6, RpcUnavailable;
var init_clients = __esm({
  "server/chains/clients.ts"() {
    "use strict";
    init_config();
    init_metrics();
    __name(rpcUrlOf, "rpcUrlOf");
    __name(countedTransport, "countedTransport");
    holder6 = globalThis;
    __name(cache, "cache");
    __name(cached, "cached");
    __name(suiRpc, "suiRpc");
    __name(solanaRpc, "solanaRpc");
    __name(jitoRpc, "jitoRpc");
    __name(evmRpc, "evmRpc");
    RpcUnavailable = class extends Error {
      static {
        __name(this, "RpcUnavailable");
      }
    };
    __name(errorLine, "errorLine");
    __name(firstLine, "firstLine");
    __name(withRpcTimeout, "withRpcTimeout");
  }
});

// server/chains/evm.ts
import { encodeFunctionData, erc20Abi, getAddress, pad } from "viem";
function isEvmChain(c) {
  return c === "evm-a" || c === "evm-b";
}
function evmCall(chain, to, abi, functionName, args) {
  const data = encodeFunctionData({ abi, functionName, args });
  return { chainId: EVM_CHAIN_IDS[chain], to: getAddress(to), data, value: "0" };
}
function evmTransaction(chain, kind, description, payload) {
  return { chain, kind, description, encoding: "evm-call", payload };
}
function approveTransaction(chain, token4, spender, amount, description) {
  return { chain, kind: "approve", description, encoding: "evm-call", payload: evmCall(chain, token4, erc20Abi, "approve", [spender, amount]) };
}
function checksum(a) {
  return getAddress(a);
}
function addressToBytes32(a) {
  return pad(getAddress(a), { size: 32 });
}
var EVM_CHAIN_IDS;
var init_evm = __esm({
  "server/chains/evm.ts"() {
    "use strict";
    EVM_CHAIN_IDS = { "evm-a": 8453, "evm-b": 42161 };
    __name(isEvmChain, "isEvmChain");
    __name(evmCall, "evmCall");
    __name(evmTransaction, "evmTransaction");
    __name(approveTransaction, "approveTransaction");
    __name(checksum, "checksum");
    __name(addressToBytes32, "addressToBytes32");
  }
});

// lib/tokens.ts
function canonical(chain, address13) {
  if (chain === "evm-a" || chain === "evm-b") return address13.toLowerCase();
  if (chain === "move-chain") return address13.replace(/^0x0*2::/i, `${SUI_FRAMEWORK_LONG}::`).replace(/^0x0*([0-9a-f]+)::/i, (_, hex2) => `0x${hex2.toLowerCase().padStart(64, "0")}::`);
  return address13;
}
function knownToken(chain, addressOrSymbol) {
  const want = addressOrSymbol.trim();
  const list = KNOWN_TOKENS[chain];
  const bySymbol = list.find((t) => t.symbol.toLowerCase() === want.toLowerCase());
  if (bySymbol) return bySymbol;
  const c = canonical(chain, want);
  return list.find((t) => canonical(chain, t.address) === c) ?? null;
}
var USDC, SUI_COIN_TYPE, WRAPPED_SOL_MINT, usdc, KNOWN_TOKENS, SUI_FRAMEWORK_LONG;
var init_tokens = __esm({
  "lib/tokens.ts"() {
    "use strict";
    USDC = {
      "move-chain": "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
      "svm-chain": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      "evm-a": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      "evm-b": "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
    };
    SUI_COIN_TYPE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;
    WRAPPED_SOL_MINT = "So11111111111111111111111111111111111111112";
    usdc = /* @__PURE__ */ __name((chain) => ({ chain, address: USDC[chain], symbol: "USDC", name: "USD Coin (Circle)", decimals: 6 }), "usdc");
    KNOWN_TOKENS = {
      "move-chain": [
        usdc("move-chain"),
        // @mysten/sui 2.33.1 utils/constants: SUI_TYPE_ARG, SUI_DECIMALS = 9.
        { chain: "move-chain", address: "0x2::sui::SUI", symbol: "SUI", name: "Sui", decimals: 9 }
      ],
      "svm-chain": [
        usdc("svm-chain"),
        // 9 decimals (SPL token/program native_mint.rs DECIMALS).
        { chain: "svm-chain", address: WRAPPED_SOL_MINT, symbol: "SOL", name: "Wrapped SOL", decimals: 9 }
      ],
      "evm-a": [usdc("evm-a")],
      "evm-b": [usdc("evm-b")]
    };
    SUI_FRAMEWORK_LONG = `0x${"0".repeat(63)}2`;
    __name(canonical, "canonical");
    __name(knownToken, "knownToken");
  }
});

// server/chains/balances.ts
import { address as solAddress } from "@solana/kit";
import { erc20Abi as erc20Abi2 } from "viem";
function failureReason(e, timeoutMs) {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `RPC did not answer within ${timeoutMs} ms`;
  return `RPC read failed: ${errorLine(e)}`;
}
async function leg(chain, meta, read) {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  const source = `rpc:${chain}`;
  try {
    const value = await withRpcTimeout(read);
    if (value < 0n) throw new Error("negative balance");
    return { ...meta, amount: value.toString(), status: "ok", reason: null, source, asOf: (/* @__PURE__ */ new Date()).toISOString() };
  } catch (e) {
    return { ...meta, amount: null, status: "N/A", reason: failureReason(e, timeoutMs), source, asOf: null };
  }
}
function parseUnits(v) {
  if (typeof v === "bigint") return v;
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("the RPC answered with a value that is not an integer amount");
}
async function suiCoinBalance(owner, coinType, signal) {
  return parseUnits((await suiRpc().getBalance({ owner, coinType, signal })).balance.balance);
}
async function solanaTokenBalance(owner, mint, abortSignal) {
  const res = await solanaRpc().getTokenAccountsByOwner(solAddress(owner), { mint: solAddress(mint) }, { encoding: "jsonParsed", commitment: "confirmed" }).send({ abortSignal });
  let total = 0n;
  for (const a of res.value) total += parseUnits(a.account.data.parsed.info.tokenAmount.amount);
  return total;
}
function suiLegs(addr4) {
  const read = /* @__PURE__ */ __name((coinType) => (signal) => suiCoinBalance(addr4, coinType, signal), "read");
  return [
    leg("move-chain", { ...NATIVE["move-chain"], kind: "native" }, read("0x2::sui::SUI")),
    leg("move-chain", { asset: "USDC", kind: "token", decimals: 6, unit: "micros" }, read(USDC["move-chain"]))
  ];
}
function solanaLegs(addr4) {
  const rpc = solanaRpc();
  const owner = solAddress(addr4);
  return [
    leg(
      "svm-chain",
      { ...NATIVE["svm-chain"], kind: "native" },
      async (abortSignal) => parseUnits((await rpc.getBalance(owner, { commitment: "confirmed" }).send({ abortSignal })).value)
    ),
    // A wallet can hold USDC in several token accounts: the balance is their sum.
    leg("svm-chain", { asset: "USDC", kind: "token", decimals: 6, unit: "micros" }, (abortSignal) => solanaTokenBalance(addr4, USDC["svm-chain"], abortSignal))
  ];
}
function evmLegs(chain, addr4) {
  const client = evmRpc(chain);
  const owner = addr4;
  return [
    leg(chain, { ...NATIVE[chain], kind: "native" }, async () => parseUnits(await client.getBalance({ address: owner }))),
    leg(
      chain,
      { asset: "USDC", kind: "token", decimals: 6, unit: "micros" },
      async () => parseUnits(await client.readContract({ address: USDC[chain], abi: erc20Abi2, functionName: "balanceOf", args: [owner] }))
    )
  ];
}
async function walletBalances(chain, addr4) {
  const family = CHAIN_FAMILY[chain];
  const legs = family === "sui" ? suiLegs(addr4) : family === "solana" ? solanaLegs(addr4) : evmLegs(chain, addr4);
  return Promise.all(legs);
}
var NATIVE;
var init_balances2 = __esm({
  "server/chains/balances.ts"() {
    "use strict";
    init_config();
    init_address();
    init_tokens();
    init_clients();
    NATIVE = {
      "move-chain": { asset: "SUI", decimals: 9, unit: "mist" },
      "svm-chain": { asset: "SOL", decimals: 9, unit: "lamports" },
      "evm-a": { asset: "ETH", decimals: 18, unit: "wei" },
      "evm-b": { asset: "ETH", decimals: 18, unit: "wei" }
    };
    __name(failureReason, "failureReason");
    __name(leg, "leg");
    __name(parseUnits, "parseUnits");
    __name(suiCoinBalance, "suiCoinBalance");
    __name(solanaTokenBalance, "solanaTokenBalance");
    __name(suiLegs, "suiLegs");
    __name(solanaLegs, "solanaLegs");
    __name(evmLegs, "evmLegs");
    __name(walletBalances, "walletBalances");
  }
});

// server/chains/changes.ts
import { normalizeStructTag } from "@mysten/sui/utils";
import { z as z3 } from "zod";
function changesUnavailable(reason) {
  return { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason };
}
function changedAsset(chain, id) {
  if (id === "native") return { chain, id, ...NATIVE2[chain] };
  const usdc2 = USDC[chain];
  const same = chain === "move-chain" ? sameSuiCoinType(id, usdc2) : chain === "svm-chain" ? id === usdc2 : id.toLowerCase() === usdc2.toLowerCase();
  return same ? { chain, id, symbol: "USDC", decimals: 6 } : { chain, id, symbol: null, decimals: null };
}
function sameSuiCoinType(a, b) {
  if (a === b) return true;
  try {
    return normalizeStructTag(a) === normalizeStructTag(b);
  } catch {
    return false;
  }
}
var signed, changesSchema, NATIVE2, SUI_COIN_TYPE2;
var init_changes = __esm({
  "server/chains/changes.ts"() {
    "use strict";
    init_balances2();
    signed = z3.string().regex(/^-?[0-9]+$/);
    changesSchema = z3.object({
      status: z3.enum(["ok", "unavailable"]),
      balanceChanges: z3.array(
        z3.object({
          owner: z3.string(),
          asset: z3.object({ chain: z3.string(), id: z3.string(), symbol: z3.string().nullable(), decimals: z3.number().int().nullable() }),
          amount: signed.meta({ description: "Signed integer base units of the asset: negative leaves the owner, positive arrives." })
        })
      ).nullable(),
      approvals: z3.array(z3.object({ token: z3.string(), spender: z3.string(), amount: z3.string().regex(/^[0-9]+$/) })).nullable(),
      transfers: z3.array(z3.object({ token: z3.string(), from: z3.string(), to: z3.string(), amount: z3.string().regex(/^[0-9]+$/) })).optional().meta({ description: "EVM: each ERC-20 transfer in the order the logs give them (the zero address sends a mint and receives a burn)." }),
      burns: z3.array(z3.object({ transmitter: z3.string(), destinationDomain: z3.number().int(), mintRecipient: z3.string(), burnToken: z3.string(), amount: z3.string().regex(/^[0-9]+$/) })).optional().meta({ description: "The CCTP burns the transaction sends, read from the burn message its chain's MessageTransmitter writes (EVM MessageSent log, svm-chain MessageSent account, move-chain DepositForBurn event): destination domain, mint recipient (bytes32) and amount." }),
      rent: z3.string().regex(/^[0-9]+$/).optional().meta({ description: "svm-chain: lamports locked as rent in the accounts with data the transaction opens (each at most its rent-exempt minimum), which close to you." }),
      source: z3.string().nullable(),
      reason: z3.string().nullable()
    }).meta({ id: "SimulatedChanges", description: "The balance changes (and EVM approvals) the chain's own simulation reports for this transaction; unavailable with the reason when it cannot say." });
    __name(changesUnavailable, "changesUnavailable");
    NATIVE2 = {
      "move-chain": { symbol: "SUI", decimals: 9 },
      "svm-chain": { symbol: "SOL", decimals: 9 },
      "evm-a": { symbol: "ETH", decimals: 18 },
      "evm-b": { symbol: "ETH", decimals: 18 }
    };
    __name(changedAsset, "changedAsset");
    __name(sameSuiCoinType, "sameSuiCoinType");
    SUI_COIN_TYPE2 = "0x2::sui::SUI";
  }
});

// server/chains/simulation.ts
import { z as z4 } from "zod";
function simulationUnavailable(reason) {
  return { status: "unavailable", gasEstimate: null, fee: null, logs: null, error: reason, at: (/* @__PURE__ */ new Date()).toISOString() };
}
function simulationFailed(error, logs = null) {
  return { status: "failed", gasEstimate: null, fee: null, logs, error, at: (/* @__PURE__ */ new Date()).toISOString() };
}
var simulationSchema;
var init_simulation = __esm({
  "server/chains/simulation.ts"() {
    "use strict";
    init_changes();
    simulationSchema = z4.object({
      status: z4.enum(["ok", "failed", "unavailable"]),
      gasEstimate: z4.string().regex(/^[0-9]+$/).nullable(),
      fee: z4.object({
        amount: z4.string().regex(/^[0-9]+$/),
        asset: z4.enum(["SUI", "SOL", "ETH"]),
        decimals: z4.number().int(),
        maxFeePerGas: z4.string().regex(/^[0-9]+$/).optional().meta({ description: "EVM: wei per gas the wallet should offer at most (eth_feeHistory: 2 \xD7 next base fee + priority fee)." }),
        maxPriorityFeePerGas: z4.string().regex(/^[0-9]+$/).optional().meta({ description: "EVM: wei per gas tip (median of recent blocks' 50th-percentile tips)." })
      }).nullable(),
      logs: z4.array(z4.string()).nullable(),
      error: z4.string().nullable().meta({ description: "failed: the chain's own error, decoded; unavailable: why it was not simulated." }),
      at: z4.string().meta({ description: "ISO time of the simulation (or of the attempt)." }),
      changes: changesSchema.optional()
    }).meta({ id: "Simulation", description: "The chain's own simulation of this transaction before signing (contract \xA78)." });
    __name(simulationUnavailable, "simulationUnavailable");
    __name(simulationFailed, "simulationFailed");
  }
});

// server/chains/cctp-messages.ts
import { decodeAbiParameters, isHex, parseAbiItem, sliceHex, toEventSelector } from "viem";
function parseBurnMessage(message2) {
  if (!isHex(message2) || (message2.length - 2) / 2 < HEADER + BODY2) return null;
  const at = /* @__PURE__ */ __name((start, size) => sliceHex(message2, start, start + size, { strict: true }), "at");
  const b = HEADER;
  return {
    sourceDomain: Number(BigInt(at(4, 4))),
    destinationDomain: Number(BigInt(at(8, 4))),
    nonce: BigInt(at(12, 8)),
    destinationCaller: at(84, 32),
    burnToken: at(b + 4, 32),
    mintRecipient: at(b + 36, 32),
    amount: BigInt(at(b + 68, 32)),
    messageSender: at(b + 100, 32)
  };
}
function parseBurnMessageV2(message2) {
  if (!isHex(message2) || (message2.length - 2) / 2 < HEADER_V2 + BODY_V2) return null;
  const at = /* @__PURE__ */ __name((start, size) => sliceHex(message2, start, start + size, { strict: true }), "at");
  const b = HEADER_V2;
  return {
    version: Number(BigInt(at(0, 4))),
    sourceDomain: Number(BigInt(at(4, 4))),
    destinationDomain: Number(BigInt(at(8, 4))),
    nonce: at(12, 32),
    destinationCaller: at(108, 32),
    minFinalityThreshold: Number(BigInt(at(140, 4))),
    finalityThresholdExecuted: Number(BigInt(at(144, 4))),
    burnToken: at(b + 4, 32),
    mintRecipient: at(b + 36, 32),
    amount: BigInt(at(b + 68, 32)),
    messageSender: at(b + 100, 32),
    maxFee: BigInt(at(b + 132, 32)),
    feeExecuted: BigInt(at(b + 164, 32))
  };
}
function sentBurnOf(message2) {
  const version = isHex(message2) && message2.length >= 10 ? Number(BigInt(sliceHex(message2, 0, 4))) : -1;
  const b = version === 0 ? parseBurnMessage(message2) : version === 1 ? parseBurnMessageV2(message2) : null;
  return b && { destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount };
}
function messageSentOf(log2, transmitter) {
  if (log2.address?.toLowerCase() !== transmitter.toLowerCase() || log2.topics?.[0]?.toLowerCase() !== MESSAGE_SENT_TOPIC || !log2.data || !isHex(log2.data)) return null;
  try {
    return decodeAbiParameters([{ type: "bytes" }], log2.data)[0];
  } catch {
    return null;
  }
}
var HEADER, BODY2, HEADER_V2, BODY_V2, MESSAGE_SENT_TOPIC;
var init_cctp_messages = __esm({
  "server/chains/cctp-messages.ts"() {
    "use strict";
    HEADER = 116;
    BODY2 = 4 + 32 + 32 + 32 + 32;
    __name(parseBurnMessage, "parseBurnMessage");
    HEADER_V2 = 148;
    BODY_V2 = 228;
    __name(parseBurnMessageV2, "parseBurnMessageV2");
    __name(sentBurnOf, "sentBurnOf");
    MESSAGE_SENT_TOPIC = toEventSelector(parseAbiItem("event MessageSent(bytes message)"));
    __name(messageSentOf, "messageSentOf");
  }
});

// lib/cctp-ids.ts
var TOKEN_MESSENGER, MESSAGE_TRANSMITTER, TOKEN_MESSENGER_V2, MESSAGE_TRANSMITTER_V2, SOLANA_CCTP_PROGRAMS, SUI_TOKEN_MESSENGER_MINTER, SUI_MESSAGE_TRANSMITTER, SUI_TOKEN_MESSENGER_MINTER_STATE, SUI_MESSAGE_TRANSMITTER_STATE, SUI_USDC_TREASURY;
var init_cctp_ids = __esm({
  "lib/cctp-ids.ts"() {
    "use strict";
    TOKEN_MESSENGER = {
      "evm-a": "0x1682Ae6375C4E4A97e4B583BC394c861A46D8962",
      "evm-b": "0x19330d10D9Cc8751218eaf51E8885D058642E08A"
    };
    MESSAGE_TRANSMITTER = {
      "evm-a": "0xAD09780d193884d503182aD4588450C416D6F9D4",
      "evm-b": "0xC30362313FBBA5cf9163F0bb16a0e01f01A896ca"
    };
    TOKEN_MESSENGER_V2 = "0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d";
    MESSAGE_TRANSMITTER_V2 = "0x81D40F21F12A8F0E3252Bccb954D722d4c464B64";
    SOLANA_CCTP_PROGRAMS = {
      /** token_messenger_minter_v2 (IDL `address`; @circle-fin/provider-cctp-v2 1.14.0 Solana `cctp.contracts.v2.tokenMessenger`). */
      tokenMessengerMinterV2: "CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe",
      /** message_transmitter_v2 (IDL `deposit_for_burn.accounts.message_transmitter_program.address`; provider-cctp-v2 1.14.0 `messageTransmitter`). */
      // source: circlefin/solana-cctp-contracts idl commit 76018c2b (tests/fixtures/cctp).
      messageTransmitterV2: "CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC",
      /** token_messenger_minter V1 (IDL token_messenger_minter_031.json `address`; provider-cctp-v2 1.14.0 Solana `cctp.contracts.v1.tokenMessenger`). */
      // source: solana-cctp-contracts 76018c2b examples/target/idl/token_messenger_minter_031.json `address`.
      tokenMessengerMinterV1: "CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3",
      /** message_transmitter V1 (IDL message_transmitter_031.json `address`; provider-cctp-v2 1.14.0 Solana `cctp.contracts.v1.messageTransmitter`). */
      // source: solana-cctp-contracts 76018c2b examples/target/idl/message_transmitter_031.json `address`.
      messageTransmitterV1: "CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd"
    };
    SUI_TOKEN_MESSENGER_MINTER = "0x2aa6c5d56376c371f88a6cc42e852824994993cb9bab8d3e6450cbe3cb32b94e";
    SUI_MESSAGE_TRANSMITTER = "0x08d87d37ba49e785dde270a83f8e979605b03dc552b5548f26fdf2f49bf7ed1b";
    SUI_TOKEN_MESSENGER_MINTER_STATE = "0x45993eecc0382f37419864992c12faee2238f5cfe22b98ad3bf455baf65c8a2f";
    SUI_MESSAGE_TRANSMITTER_STATE = "0xf68268c3d9b1df3215f2439400c1c4ea08ac4ef4bb7d6f3ca6a2a239e17510af";
    SUI_USDC_TREASURY = "0x57d6725e7a8b49a7b2a612f6bd66ab5f39fc95332ca48be421c3229d514a6de7";
  }
});

// server/chains/evm/rpc.ts
function isMethodMissing(r) {
  return !r.ok && (r.code === -32601 || /does not exist|not available|not found|not supported|unsupported/i.test(r.message)) && !/revert/i.test(r.message);
}
function isRevert(r) {
  return !r.ok && (r.code === 3 || /revert/i.test(r.message));
}
async function rpcBatch(url, calls, signal) {
  if (calls.length === 0) return [];
  try {
    const replies = await rpcBatchOnce(url, calls, signal);
    noteUpstream("rpc:evm", true);
    return replies;
  } catch (e) {
    if (e instanceof RpcUnreachable) noteUpstream("rpc:evm", false);
    throw e;
  }
}
async function rpcBatchOnce(url, calls, signal) {
  let res;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: "2.0", id, method: c.method, params: c.params }))),
      signal
    });
  } catch (e) {
    throw new RpcUnreachable(`the chain's RPC did not answer (${errorLine(e instanceof Error && e.cause ? e.cause : e)})`);
  }
  if (!res.ok) throw new RpcUnreachable(`the chain's RPC answered HTTP ${res.status}`);
  let body;
  try {
    body = await res.json();
  } catch {
    throw new RpcUnreachable("the chain's RPC answered something that is not JSON");
  }
  if (!Array.isArray(body)) throw new RpcUnreachable(`the chain's RPC refused the batch (${errorLine(JSON.stringify(body), 120)})`);
  const byId2 = /* @__PURE__ */ new Map();
  for (const r of body) byId2.set(Number(r.id), r);
  return calls.map((_, id) => {
    const r = byId2.get(id);
    if (!r) return { ok: false, code: -32603, message: "no reply for this request in the batch", data: null };
    const err = r.error;
    if (err) return { ok: false, code: Number(err.code ?? -32603), message: String(err.message ?? "error"), data: typeof err.data === "string" ? err.data : null };
    return { ok: true, result: r.result };
  });
}
var RpcUnreachable;
var init_rpc = __esm({
  "server/chains/evm/rpc.ts"() {
    "use strict";
    init_metrics();
    init_clients();
    __name(isMethodMissing, "isMethodMissing");
    __name(isRevert, "isRevert");
    RpcUnreachable = class extends Error {
      static {
        __name(this, "RpcUnreachable");
      }
    };
    __name(rpcBatch, "rpcBatch");
    __name(rpcBatchOnce, "rpcBatchOnce");
  }
});

// server/chains/evm/simulate.ts
import { decodeEventLog, getAddress as getAddress2, decodeErrorResult, decodeFunctionData, encodeAbiParameters, encodeFunctionData as encodeFunctionData2, erc20Abi as erc20Abi3, keccak256, parseAbi, toHex } from "viem";
function setVenueRevertErrors(signatures) {
  revertAbi = parseAbi([.../* @__PURE__ */ new Set([...signatures, ...TOKEN_ERRORS])]);
}
function decodeRevert(data, message2) {
  if (!data || data === "0x") {
    const reason = message2.replace(/^execution reverted:?\s*/i, "").trim();
    return reason && reason !== message2 ? `reverted: ${reason}` : reason ? message2 : "execution reverted (no reason given)";
  }
  try {
    const d = decodeErrorResult({ abi: revertAbi, data });
    if (d.errorName === "Error") return `reverted: ${String(d.args?.[0])}`;
    if (d.errorName === "Panic") return `reverted: Panic(0x${(d.args?.[0]).toString(16)})`;
    const args = (d.args ?? []).map((a) => typeof a === "bigint" ? a.toString() : String(a));
    return `reverted: ${d.errorName}(${args.join(", ")})`;
  } catch {
    return `reverted with unrecognised data ${data.slice(0, 74)}${data.length > 74 ? "\u2026" : ""}`;
  }
}
function allowanceSlot(owner, spender, base) {
  const inner = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, BigInt(base)]));
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [spender, inner]));
}
function approvalOf(call) {
  try {
    const d = decodeFunctionData({ abi: erc20Abi3, data: call.data });
    if (d.functionName !== "approve") return null;
    const [spender, amount] = d.args;
    return { token: call.to, spender, amount };
  } catch {
    return null;
  }
}
function burnsOf(chain, logs) {
  const transmitters = [MESSAGE_TRANSMITTER[chain], MESSAGE_TRANSMITTER_V2].filter((t) => t !== void 0);
  return logs.flatMap(
    (log2) => transmitters.flatMap((transmitter) => {
      const message2 = messageSentOf(log2, transmitter);
      const b = message2 ? sentBurnOf(message2) : null;
      return b ? [{ transmitter: getAddress2(transmitter), destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount.toString() }] : [];
    })
  );
}
function evmChanges(chain, logs) {
  const net = /* @__PURE__ */ new Map();
  const transfers = [];
  const approvals = [];
  const add2 = /* @__PURE__ */ __name((owner, token4, amount) => {
    const key = `${owner}|${token4}`;
    const prior = net.get(key) ?? { owner, asset: changedAsset(chain, token4), amount: "0", sum: 0n };
    prior.sum += amount;
    net.set(key, prior);
  }, "add");
  for (const log2 of logs) {
    let ev;
    try {
      ev = decodeEventLog({ abi: erc20Abi3, topics: log2.topics, data: log2.data });
    } catch {
      continue;
    }
    const token4 = getAddress2(log2.address);
    if (ev.eventName === "Transfer") {
      transfers.push({ token: token4, from: ev.args.from, to: ev.args.to, amount: ev.args.value.toString() });
      add2(ev.args.from, token4, -ev.args.value);
      add2(ev.args.to, token4, ev.args.value);
    } else if (ev.eventName === "Approval") approvals.push({ token: token4, spender: ev.args.spender, amount: ev.args.value.toString() });
  }
  const balanceChanges = [...net.values()].filter((c) => c.sum !== 0n).map(({ sum, ...c }) => ({ ...c, amount: sum.toString() }));
  return { status: "ok", balanceChanges, approvals, transfers, burns: burnsOf(chain, logs), source: "EVM RPC: eth_simulateV1 (traceTransfers) ERC-20 Transfer and Approval logs", reason: null };
}
function readSimulateV1(url, chain, r, count) {
  if (!r || isMethodMissing(r)) {
    noSimulateV1.add(url);
    return null;
  }
  if (!r.ok) return null;
  const block = r.result[0];
  const results = block?.calls ?? [];
  if (results.length !== count) return null;
  hasSimulateV1.add(url);
  let failedBefore = null;
  return results.map((c) => {
    if (failedBefore) return simulationUnavailable(`Not simulated: an earlier step of the plan fails (${failedBefore}).`);
    if (c.status === "0x1") return ok(BigInt(c.gasUsed), c.logs ? evmChanges(chain, c.logs) : changesUnavailable("The RPC's eth_simulateV1 answer has no logs."));
    const reason = decodeRevert(c.error?.data ?? c.returnData ?? null, c.error?.message ?? "execution reverted");
    failedBefore = reason;
    return simulationFailed(`eth_simulateV1: ${reason}`);
  });
}
function allowanceSlotProbe(owner, a) {
  const data = encodeFunctionData2({ abi: erc20Abi3, functionName: "allowance", args: [owner, a.spender] });
  const candidates = Array.from({ length: ALLOWANCE_SLOTS }, (_, base) => allowanceSlot(owner, a.spender, base));
  const stateDiff = Object.fromEntries(candidates.map((slot, base) => [slot, toHex(MARKER + BigInt(base), { size: 32 })]));
  return {
    call: { method: "eth_call", params: [{ to: a.token, data }, "latest", { [a.token]: { stateDiff } }] },
    read: /* @__PURE__ */ __name((r) => {
      if (!r?.ok || typeof r.result !== "string" || r.result === "0x") return null;
      const base = BigInt(r.result) - MARKER;
      return base >= 0n && base < BigInt(ALLOWANCE_SLOTS) ? candidates[Number(base)] ?? null : null;
    }, "read")
  };
}
async function viaCallAndEstimate(url, from, calls, approvals, slots, signal) {
  const overrideFor = /* @__PURE__ */ __name((i) => {
    const o = {};
    for (let j = 0; j < i; j++) {
      const a = approvals[j];
      if (!a) return null;
      const slot = slots[j];
      if (!slot) return null;
      o[a.token] = { stateDiff: { ...o[a.token]?.stateDiff ?? {}, [slot]: toHex(a.amount, { size: 32 }) } };
    }
    return o;
  }, "overrideFor");
  const overrides = calls.map((_, i) => overrideFor(i));
  const batch = [];
  calls.forEach((c, i) => {
    const o = overrides[i];
    if (!o) return;
    const extra = Object.keys(o).length ? [o] : [];
    batch.push({ method: "eth_call", params: [txOf(from, c), "latest", ...extra] }, { method: "eth_estimateGas", params: [txOf(from, c), "latest", ...extra] });
  });
  const replies = await rpcBatch(url, batch, signal);
  if (replies.some((r, k2) => k2 % 2 === 1 && isMethodMissing(r))) {
    const why = "Not simulated: the chain's RPC offers neither eth_simulateV1 nor eth_estimateGas; your wallet's own estimate is the check.";
    return calls.map(() => simulationUnavailable(why));
  }
  let k = 0;
  let failedBefore = null;
  return calls.map((_, i) => {
    if (!overrides[i]) {
      return simulationUnavailable("Not simulated: the approval before this step could not be applied as a state override (the token's allowance slot was not found).");
    }
    const call = replies[k++];
    const est = replies[k++];
    if (failedBefore) return simulationUnavailable(`Not simulated: an earlier step of the plan fails (${failedBefore}).`);
    for (const r of [call, est]) {
      if (r.ok) continue;
      if (isRevert(r)) {
        failedBefore = decodeRevert(r.data, r.message);
        return simulationFailed(failedBefore);
      }
      return simulationUnavailable(`Not simulated: the chain's RPC answered ${r.code} ${errorLine(r.message, 120)}.`);
    }
    if (!est.ok || typeof est.result !== "string") return simulationUnavailable("Not simulated: eth_estimateGas gave no figure.");
    return ok(BigInt(est.result));
  });
}
async function simulateEvm(txs, signer2) {
  const chain = txs[0]?.chain;
  if (!chain || !isEvmChain(chain) || txs.some((t) => t.chain !== chain)) {
    return txs.map(() => simulationUnavailable("Not simulated: the plan's EVM calls are not all on one EVM chain."));
  }
  const url = rpcUrlOf(chain);
  const from = signer2;
  const calls = txs.map((t) => t.payload);
  const approvals = calls.map(approvalOf);
  const probes = approvals.map((a, i) => a && i < calls.length - 1 ? allowanceSlotProbe(from, a) : null);
  const askV1 = !noSimulateV1.has(url);
  const probeNow = !hasSimulateV1.has(url);
  try {
    return await withRpcTimeout(async (signal) => {
      const probeCalls = probes.flatMap((p) => p ? [p.call] : []);
      const replies = await rpcBatch(url, [...askV1 ? [simulateV1Call(from, calls)] : [], ...probeNow ? probeCalls : []], signal);
      if (askV1) {
        const sims = readSimulateV1(url, chain, replies[0], calls.length);
        if (sims) return sims;
      }
      const probeReplies = probeNow ? replies.slice(askV1 ? 1 : 0) : await rpcBatch(url, probeCalls, signal);
      let k = 0;
      const slots = probes.map((p) => p ? p.read(probeReplies[k++]) : null);
      return viaCallAndEstimate(url, from, calls, approvals, slots, signal);
    });
  } catch (e) {
    const why = e instanceof RpcUnreachable ? e.message : errorLine(e);
    return txs.map(() => simulationUnavailable(`Not simulated: ${why}.`));
  }
}
var TOKEN_ERRORS, revertAbi, ALLOWANCE_SLOTS, MARKER, txOf, NO_LOGS, ok, noSimulateV1, hasSimulateV1, simulateV1Call;
var init_simulate = __esm({
  "server/chains/evm/simulate.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_simulation();
    init_changes();
    init_cctp_messages();
    init_cctp_ids();
    init_rpc();
    TOKEN_ERRORS = [
      "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
      "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
      "error ERC20InvalidSender(address sender)",
      "error ERC20InvalidReceiver(address receiver)",
      "error ERC20InvalidApprover(address approver)",
      "error ERC20InvalidSpender(address spender)"
    ];
    revertAbi = parseAbi(TOKEN_ERRORS);
    __name(setVenueRevertErrors, "setVenueRevertErrors");
    ALLOWANCE_SLOTS = 32;
    MARKER = 0x5ca1ab1e5ca1ab1e5ca1ab1en;
    __name(decodeRevert, "decodeRevert");
    __name(allowanceSlot, "allowanceSlot");
    __name(approvalOf, "approvalOf");
    txOf = /* @__PURE__ */ __name((from, c) => ({ from, to: c.to, data: c.data, value: toHex(BigInt(c.value)) }), "txOf");
    NO_LOGS = changesUnavailable("The RPC has no eth_simulateV1; eth_call returns no logs, so the balance changes are not known.");
    ok = /* @__PURE__ */ __name((gas, changes = NO_LOGS) => ({ status: "ok", gasEstimate: gas.toString(), fee: null, logs: null, error: null, at: (/* @__PURE__ */ new Date()).toISOString(), changes }), "ok");
    __name(burnsOf, "burnsOf");
    __name(evmChanges, "evmChanges");
    noSimulateV1 = /* @__PURE__ */ new Set();
    hasSimulateV1 = /* @__PURE__ */ new Set();
    simulateV1Call = /* @__PURE__ */ __name((from, calls) => ({
      method: "eth_simulateV1",
      params: [{ blockStateCalls: [{ calls: calls.map((c) => txOf(from, c)) }], validation: false, traceTransfers: true }, "latest"]
    }), "simulateV1Call");
    __name(readSimulateV1, "readSimulateV1");
    __name(allowanceSlotProbe, "allowanceSlotProbe");
    __name(viaCallAndEstimate, "viaCallAndEstimate");
    __name(simulateEvm, "simulateEvm");
  }
});

// server/chains/solana/program-errors.ts
import * as system from "@solana-program/system";
import * as token from "@solana-program/token";
function programErrorTable(rows) {
  const byCode = new Map(rows.map(([code, name, message2]) => [code, `${name} (${code}): ${message2}`]));
  return (code) => byCode.get(code) ?? null;
}
function clientCodes(module, prefix) {
  const names = /* @__PURE__ */ new Map();
  for (const [k, v] of Object.entries(module)) if (k.startsWith(prefix) && typeof v === "number") names.set(v, k.slice(prefix.length));
  return (code) => {
    const name = names.get(code);
    return name ? `${name} (${code})` : null;
  };
}
function setVenuePrograms(programs) {
  venuePrograms = new Map(programs.map((p) => [p.program, p]));
}
function decoderOf(program) {
  return venuePrograms.get(program) ?? GENERIC_PROGRAMS[program];
}
function failureLog(logs) {
  const all = logs ?? [];
  const marked = all.filter((l) => /^Program log: .*(AnchorError|Error:)/.test(l)).at(-1);
  if (marked) return marked.replace(/^Program log: /, "");
  let failedAt = all.length;
  while (failedAt > 0 && !/^Program \w+ failed: /.test(all[failedAt - 1] ?? "")) failedAt--;
  if (failedAt === 0) failedAt = all.length;
  const said = all.slice(0, failedAt).filter((l) => l.startsWith("Program log: ")).at(-1);
  return said?.replace(/^Program log: /, "") ?? all.filter((l) => /failed:/.test(l)).at(-1) ?? null;
}
function describeSolanaError(err, programs, logs, offset = 0) {
  const ie = typeof err === "object" && err !== null && "InstructionError" in err ? err.InstructionError : null;
  const log2 = failureLog(logs);
  if (!ie) return `The transaction was refused: ${JSON.stringify(err, (_, v) => typeof v === "bigint" ? v.toString() : v)}${log2 ? ` (${log2})` : ""}.`;
  const index12 = Number(ie[0]);
  const detail = ie[1];
  const program = programs[index12] ?? "unknown program";
  const d = decoderOf(program);
  const who = index12 >= offset ? `Instruction ${index12 - offset} (${d?.name ?? program})` : `The compute budget instruction ${index12}`;
  if (typeof detail === "object" && detail !== null && "Custom" in detail) {
    const code = Number(detail.Custom);
    const inner = (logs ?? []).map((l) => /^Program (\w+) failed: custom program error: 0x([0-9a-f]+)$/.exec(l)).find((m) => m && Number.parseInt(m[2] ?? "", 16) === code);
    const callee = inner?.[1];
    const c = callee && callee !== program ? decoderOf(callee) : void 0;
    if (c) {
      return `${who} failed in ${c.name}: ${c.custom(code) ?? `custom program error ${code}`}.`;
    }
    const known = d?.custom(code);
    return `${who} failed: ${known ?? `custom program error ${code}`}${!known && log2 ? ` (${log2})` : ""}.`;
  }
  const what = typeof detail === "string" ? detail : JSON.stringify(detail, (_, v) => typeof v === "bigint" ? v.toString() : v);
  return `${who} failed: ${what}${log2 ? ` (${log2})` : ""}.`;
}
var GENERIC_PROGRAMS, venuePrograms;
var init_program_errors = __esm({
  "server/chains/solana/program-errors.ts"() {
    "use strict";
    __name(programErrorTable, "programErrorTable");
    __name(clientCodes, "clientCodes");
    GENERIC_PROGRAMS = {
      [token.TOKEN_PROGRAM_ADDRESS]: { name: "SPL Token", custom: clientCodes(token, "TOKEN_ERROR__") },
      [token.ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: { name: "Associated Token Account", custom: clientCodes(token, "ASSOCIATED_TOKEN_ERROR__") },
      [system.SYSTEM_PROGRAM_ADDRESS]: { name: "System", custom: clientCodes(system, "SYSTEM_ERROR__") }
    };
    venuePrograms = /* @__PURE__ */ new Map();
    __name(setVenuePrograms, "setVenuePrograms");
    __name(decoderOf, "decoderOf");
    __name(failureLog, "failureLog");
    __name(describeSolanaError, "describeSolanaError");
  }
});

// server/chains/launch.ts
function chainLabelOf(chain) {
  return LAUNCH_HOMES.includes(chain) ? "Executable" : "Map";
}
function broadcastEnabled(chain) {
  return config().SVC_EXECUTION_MODE === "broadcast" && chainLabelOf(chain) === "Executable";
}
function ownerSigningEnabled(chain) {
  const cfg = config();
  if (cfg.SVC_EXECUTION_MODE === "disabled") return false;
  return chainLabelOf(chain) === "Executable" || cfg.SVC_OWNER_SIGNING_CHAINS.includes(chain);
}
var LAUNCH_HOMES, MAP_CHAINS;
var init_launch = __esm({
  "server/chains/launch.ts"() {
    "use strict";
    init_config();
    LAUNCH_HOMES = ["move-chain", "svm-chain"];
    MAP_CHAINS = ["evm-a", "evm-b"];
    __name(chainLabelOf, "chainLabelOf");
    __name(broadcastEnabled, "broadcastEnabled");
    __name(ownerSigningEnabled, "ownerSigningEnabled");
  }
});

// server/venues/define.ts
function defineVenue(spec) {
  const label = chainLabelOf(spec.chain);
  const isMap = label === "Map";
  return {
    ...spec,
    kind: "lending",
    token: "USDC",
    family: CHAIN_FAMILY[spec.chain],
    label,
    // Map chains are discovery and prepare only (spec §1.2): these markers can never be true there.
    ready: isMap ? false : spec.ready,
    writeReady: isMap ? false : spec.writeReady,
    liveMoneyPath: isMap ? false : spec.liveMoneyPath,
    get broadcastEnabled() {
      return !isMap && broadcastEnabled(spec.chain);
    }
  };
}
function venueModule(m) {
  const id = m.descriptor.id;
  for (const part of [m.read, m.build, m.worth]) {
    if (part && part.venueId !== id) throw new Error(`venue module ${id} holds a part of ${part.venueId}`);
  }
  return m;
}
var DEFAULT_MIN_DEPOSIT_MICROS;
var init_define = __esm({
  "server/venues/define.ts"() {
    "use strict";
    init_address();
    init_launch();
    __name(defineVenue, "defineVenue");
    DEFAULT_MIN_DEPOSIT_MICROS = 1000000n;
    __name(venueModule, "venueModule");
  }
});

// server/venues/aave-v3/arbitrum.ts
var aaveV3Arbitrum;
var init_arbitrum = __esm({
  "server/venues/aave-v3/arbitrum.ts"() {
    "use strict";
    init_define();
    aaveV3Arbitrum = defineVenue({
      id: "aave-v3-arbitrum",
      protocol: "aave-v3",
      name: "Aave v3",
      chain: "evm-b",
      ready: false,
      // No write adapter yet (server/venues/aave-v3/build.ts): flip these when it lands.
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "aave-v3", symbol: "USDC", chain: "Arbitrum" },
      // @bgd-labs/aave-address-book 4.44.22 (devDependency), AaveV3Arbitrum: POOL, POOL_ADDRESSES_PROVIDER,
      // AAVE_PROTOCOL_DATA_PROVIDER (the registry had 0x69FA…0654, the data provider the book no longer lists),
      // ASSETS.USDCn.A_TOKEN, ASSETS.USDCn.UNDERLYING (native USDC; ASSETS.USDC is the bridged USDC.e).
      onchain: {
        pool: "0x794a61358D6845594F94dc1DB02A252b5b4814aD",
        poolAddressesProvider: "0xa97684ead0e402dC232d5A977953DF7ECBaB3CDb",
        poolDataProvider: "0x243Aa95cAC2a25651eda86e80bEe66114413c43b",
        aUsdc: "0x724dc807b04555b71ed48a6896b6F41593b8C637",
        usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
      }
    });
  }
});

// server/venues/aave-v3/base.ts
var aaveV3Base;
var init_base = __esm({
  "server/venues/aave-v3/base.ts"() {
    "use strict";
    init_define();
    aaveV3Base = defineVenue({
      id: "aave-v3-base",
      protocol: "aave-v3",
      name: "Aave v3",
      chain: "evm-a",
      ready: false,
      // No write adapter yet (server/venues/aave-v3/build.ts): flip these when it lands.
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "aave-v3", symbol: "USDC", chain: "Base" },
      // @bgd-labs/aave-address-book 4.44.22 (devDependency), AaveV3Base: POOL, POOL_ADDRESSES_PROVIDER,
      // ASSETS.USDC.A_TOKEN, ASSETS.USDC.UNDERLYING.
      onchain: {
        pool: "0xA238Dd80C259a72e81d7e4664a9801593F98d1c5",
        poolAddressesProvider: "0xe20fCBdBfFC4Dd138cE8b2E6FBb6CB49777ad64D",
        aUsdc: "0x4e65fE4DbA92790696d040ac24Aa414708F5c0AB",
        usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
      }
    });
  }
});

// server/venues/shared/evm.ts
function evmVenueIds(v, key, what) {
  const chain = v.chain;
  if (!isEvmChain(chain)) throw new Error(`${v.id} is not on an EVM chain`);
  const contract = v.onchain[key];
  const usdc2 = v.onchain.usdc;
  if (!contract || !usdc2) throw new Error(`${v.id} has no ${what} or usdc id`);
  return { chain, contract, usdc: usdc2 };
}
var init_evm2 = __esm({
  "server/venues/shared/evm.ts"() {
    "use strict";
    init_evm();
    __name(evmVenueIds, "evmVenueIds");
  }
});

// server/venues/shared/build.ts
var BuildBlocked;
var init_build = __esm({
  "server/venues/shared/build.ts"() {
    "use strict";
    BuildBlocked = class extends Error {
      constructor(code, message2) {
        super(message2);
        this.code = code;
      }
      static {
        __name(this, "BuildBlocked");
      }
    };
  }
});

// server/chains/solana/bytes.ts
function view(b) {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}
function u64le(b, at) {
  return view(b).getBigUint64(at, true);
}
function u128le(b, at) {
  return u64le(b, at) + (u64le(b, at + 8) << 64n);
}
function i128le(b, at) {
  return BigInt.asIntN(128, u128le(b, at));
}
function bytesEqual(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
var init_bytes = __esm({
  "server/chains/solana/bytes.ts"() {
    "use strict";
    __name(view, "view");
    __name(u64le, "u64le");
    __name(u128le, "u128le");
    __name(i128le, "i128le");
    __name(bytesEqual, "bytesEqual");
  }
});

// server/chains/solana/accounts.ts
import { address, getAddressDecoder } from "@solana/kit";
async function programAccount(at, owner, what, signal, opts = {}) {
  const rpc = solanaRpc();
  const res = await rpc.getAccountInfo(address(at), { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  const acc = res.value;
  if (!acc) throw new AccountMismatch(`the ${what} account ${at} does not exist`);
  if (acc.owner !== owner) throw new AccountMismatch(`the ${what} account ${at} is not owned by ${owner} (its owner is ${acc.owner})`);
  const data = Buffer.from(acc.data[0], "base64");
  if (opts.minLength !== void 0 && data.length < opts.minLength) throw new AccountMismatch(`the ${what} account ${at} is ${data.length} bytes, shorter than its layout`);
  if (opts.discriminator && !bytesEqual(data.subarray(0, 8), opts.discriminator)) throw new AccountMismatch(`the ${what} account ${at} has another account type (discriminator)`);
  return data;
}
function pubkeyAt(data, at) {
  return pubkeyDecoder.decode(data.subarray(at, at + 32));
}
var AccountMismatch, pubkeyDecoder;
var init_accounts = __esm({
  "server/chains/solana/accounts.ts"() {
    "use strict";
    init_bytes();
    init_clients();
    AccountMismatch = class extends Error {
      static {
        __name(this, "AccountMismatch");
      }
    };
    __name(programAccount, "programAccount");
    pubkeyDecoder = getAddressDecoder();
    __name(pubkeyAt, "pubkeyAt");
  }
});

// server/venues/shared/index-read.ts
function failure(e, timeoutMs) {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the venue's RPC did not answer within ${timeoutMs} ms`;
  return `the venue's RPC read failed: ${errorLine(e)}`;
}
function readIndexOf(venueId, reader, noReader) {
  const running = inFlight.get(venueId);
  if (running) return running;
  const read = readOnce(venueId, reader, noReader).finally(() => inFlight.delete(venueId));
  inFlight.set(venueId, read);
  return read;
}
async function readOnce(venueId, reader, noReader) {
  if (!reader) {
    return { ok: false, reason: `no on-chain reader for venue ${venueId}${noReader ? `: ${noReader}` : " yet"}; its yield is unavailable` };
  }
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  try {
    const index12 = await withRpcTimeout((signal) => reader.readIndex(signal));
    if (index12 <= 0n) return { ok: false, reason: `${reader.what} returned ${index12}` };
    return { ok: true, index: index12, source: `rpc:${venueId}`, asOf: (/* @__PURE__ */ new Date()).toISOString() };
  } catch (e) {
    return { ok: false, reason: failure(e, timeoutMs) };
  }
}
var inFlight;
var init_index_read = __esm({
  "server/venues/shared/index-read.ts"() {
    "use strict";
    init_config();
    init_clients();
    __name(failure, "failure");
    inFlight = /* @__PURE__ */ new Map();
    __name(readIndexOf, "readIndexOf");
    __name(readOnce, "readOnce");
  }
});

// server/venues/shared/plan-reads.ts
async function venueRate(reader) {
  const read = await readIndexOf(reader.venueId, reader);
  if (!read.ok) throw new BuildBlocked("venue_state_unavailable", `${reader.venueId}: ${read.reason}.`);
  return read.index;
}
async function readForPlan(what, read) {
  try {
    return await withRpcTimeout(read);
  } catch (e) {
    if (e instanceof BuildBlocked) throw e;
    if (e instanceof AccountMismatch) throw new BuildBlocked("venue_state_unavailable", `${what}: ${e.message}. Nothing is built against this id.`);
    throw new BuildBlocked("venue_state_unavailable", `${what} could not be read from the chain's RPC (${errorLine(e)}).`);
  }
}
function requireShares(what, needed, held, worth) {
  if (held >= needed) return;
  throw new BuildBlocked(
    "insufficient_balance",
    `This withdrawal needs ${needed} ${what} but the owner holds ${held}, worth ${worth} micro-USDC at the rate now: withdraw at most that.`
  );
}
var init_plan_reads = __esm({
  "server/venues/shared/plan-reads.ts"() {
    "use strict";
    init_clients();
    init_accounts();
    init_build();
    init_index_read();
    __name(venueRate, "venueRate");
    __name(readForPlan, "readForPlan");
    __name(requireShares, "requireShares");
  }
});

// server/venues/shared/prove.ts
async function proveIds(proofs) {
  const now = Date.now();
  const due = proofs.filter((p) => {
    const at = proven.get(p.key);
    return at === void 0 || now - at >= PROVEN_FOR_MS;
  });
  const outcomes = await Promise.allSettled(due.map((p) => readForPlan(p.what, p.check)));
  for (const [i, outcome] of outcomes.entries()) {
    const p = due[i];
    if (!p) continue;
    if (outcome.status === "rejected") throw outcome.reason;
    if (outcome.value !== null) throw new BuildBlocked("venue_state_unavailable", `${p.what}: it is not (${outcome.value}). Nothing is built against this id.`);
  }
  for (const p of due) remember(p.key, now);
}
function remember(key, at) {
  proven.delete(key);
  proven.set(key, at);
  while (proven.size > MAX_PROVEN) {
    const oldest = proven.keys().next().value;
    if (oldest === void 0) break;
    proven.delete(oldest);
  }
}
async function besideProof(proof, read) {
  const [p, r] = await Promise.allSettled([proof, read]);
  if (p.status === "rejected") throw p.reason;
  if (r.status === "rejected") throw r.reason;
  return r.value;
}
var PROVEN_FOR_MS, MAX_PROVEN, holder7, proven;
var init_prove = __esm({
  "server/venues/shared/prove.ts"() {
    "use strict";
    init_build();
    init_plan_reads();
    PROVEN_FOR_MS = 10 * 6e4;
    MAX_PROVEN = 256;
    holder7 = globalThis;
    holder7.__svcProvenIds ??= /* @__PURE__ */ new Map();
    proven = holder7.__svcProvenIds;
    __name(proveIds, "proveIds");
    __name(remember, "remember");
    __name(besideProof, "besideProof");
  }
});

// server/venues/aave-v3/abi.ts
var AAVE_POOL_ABI, AAVE_POOL_ADDRESSES_PROVIDER_ABI;
var init_abi = __esm({
  "server/venues/aave-v3/abi.ts"() {
    "use strict";
    AAVE_POOL_ABI = [
      { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "onBehalfOf", type: "address" }, { internalType: "uint16", name: "referralCode", type: "uint16" }], name: "supply", outputs: [], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "to", type: "address" }], name: "withdraw", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "address", name: "asset", type: "address" }], name: "getReserveNormalizedIncome", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
      // getReserveData(asset): the reserve's aTokenAddress proves the cited aToken is the Pool's own for USDC.
      { inputs: [{ internalType: "address", name: "asset", type: "address" }], name: "getReserveData", outputs: [{ components: [{ components: [{ internalType: "uint256", name: "data", type: "uint256" }], internalType: "struct DataTypes.ReserveConfigurationMap", name: "configuration", type: "tuple" }, { internalType: "uint128", name: "liquidityIndex", type: "uint128" }, { internalType: "uint128", name: "currentLiquidityRate", type: "uint128" }, { internalType: "uint128", name: "variableBorrowIndex", type: "uint128" }, { internalType: "uint128", name: "currentVariableBorrowRate", type: "uint128" }, { internalType: "uint128", name: "currentStableBorrowRate", type: "uint128" }, { internalType: "uint40", name: "lastUpdateTimestamp", type: "uint40" }, { internalType: "uint16", name: "id", type: "uint16" }, { internalType: "address", name: "aTokenAddress", type: "address" }, { internalType: "address", name: "stableDebtTokenAddress", type: "address" }, { internalType: "address", name: "variableDebtTokenAddress", type: "address" }, { internalType: "address", name: "interestRateStrategyAddress", type: "address" }, { internalType: "uint128", name: "accruedToTreasury", type: "uint128" }, { internalType: "uint128", name: "unbacked", type: "uint128" }, { internalType: "uint128", name: "isolationModeTotalDebt", type: "uint128" }], internalType: "struct DataTypes.ReserveData", name: "", type: "tuple" }], stateMutability: "view", type: "function" }
    ];
    AAVE_POOL_ADDRESSES_PROVIDER_ABI = [
      { inputs: [], name: "getPool", outputs: [{ internalType: "address", name: "", type: "address" }], stateMutability: "view", type: "function" }
    ];
  }
});

// server/venues/aave-v3/build.ts
import { getAddress as getAddress3, isAddressEqual } from "viem";
function proveAaveIds(v, chain) {
  const pool2 = getAddress3(v.onchain.pool ?? "");
  const provider = getAddress3(v.onchain.poolAddressesProvider ?? "");
  const usdc2 = getAddress3(v.onchain.usdc ?? "");
  const aUsdc = getAddress3(v.onchain.aUsdc ?? "");
  return proveIds([
    {
      key: `aave-v3|${chain}|pool|${provider}|${pool2}`,
      what: `Aave v3 Pool ${pool2} is PoolAddressesProvider ${provider}'s getPool()`,
      check: /* @__PURE__ */ __name(async () => {
        const named = await evmRpc(chain).readContract({ address: provider, abi: AAVE_POOL_ADDRESSES_PROVIDER_ABI, functionName: "getPool" });
        return isAddressEqual(named, pool2) ? null : `the provider's getPool() is ${named}`;
      }, "check")
    },
    {
      key: `aave-v3|${chain}|atoken|${pool2}|${usdc2}|${aUsdc}`,
      what: `Aave v3 aToken ${aUsdc} is Pool ${pool2}'s getReserveData(USDC ${usdc2}).aTokenAddress`,
      check: /* @__PURE__ */ __name(async () => {
        const r = await evmRpc(chain).readContract({ address: pool2, abi: AAVE_POOL_ABI, functionName: "getReserveData", args: [usdc2] });
        return isAddressEqual(r.aTokenAddress, aUsdc) ? null : `the Pool's USDC reserve names aToken ${r.aTokenAddress}`;
      }, "check")
    }
  ]);
}
function aaveV3Adapter(v) {
  const { chain, contract: pool2, usdc: usdc2 } = evmVenueIds(v, "pool", "pool");
  if (!v.onchain.poolAddressesProvider || !v.onchain.aUsdc) throw new Error(`${v.id} has no poolAddressesProvider or aUsdc id`);
  return {
    venueId: v.id,
    onchainInterface: `Aave v3 Pool ${pool2}: supply(address,uint256,address,uint16) / withdraw(address,uint256,address)`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      await proveAaveIds(v, chain);
      return [
        approveTransaction(chain, usdc2, pool2, amountMicros, `Approve the Aave v3 Pool to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Aave v3 on behalf of the owner (aUSDC to the owner)`, evmCall(chain, pool2, AAVE_POOL_ABI, "supply", [usdc2, amountMicros, owner, 0]))
      ];
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      await proveAaveIds(v, chain);
      return [
        evmTransaction(chain, "withdraw", `Withdraw ${amountMicros} micro-USDC from Aave v3 to the owner`, evmCall(chain, pool2, AAVE_POOL_ABI, "withdraw", [usdc2, amountMicros, owner]))
      ];
    }, "withdraw")
  };
}
var init_build2 = __esm({
  "server/venues/aave-v3/build.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_evm2();
    init_prove();
    init_abi();
    __name(proveAaveIds, "proveAaveIds");
    __name(aaveV3Adapter, "aaveV3Adapter");
  }
});

// server/venues/aave-v3/errors.ts
var AAVE_V3_ERRORS;
var init_errors2 = __esm({
  "server/venues/aave-v3/errors.ts"() {
    "use strict";
    AAVE_V3_ERRORS = [
      "error CallerNotPoolAdmin()",
      "error CallerNotPoolOrEmergencyAdmin()",
      "error CallerNotRiskOrPoolAdmin()",
      "error CallerNotAssetListingOrPoolAdmin()",
      "error AddressesProviderNotRegistered()",
      "error InvalidAddressesProviderId()",
      "error NotContract()",
      "error CallerNotPoolConfigurator()",
      "error CallerNotAToken()",
      "error InvalidAddressesProvider()",
      "error InvalidFlashloanExecutorReturn()",
      "error ReserveAlreadyAdded()",
      "error NoMoreReservesAllowed()",
      "error EModeCategoryReserved()",
      "error ReserveLiquidityNotZero()",
      "error FlashloanPremiumInvalid()",
      "error InvalidReserveParams()",
      "error InvalidEmodeCategoryParams()",
      "error CallerMustBePool()",
      "error InvalidMintAmount()",
      "error InvalidBurnAmount()",
      "error InvalidAmount()",
      "error ReserveInactive()",
      "error ReserveFrozen()",
      "error ReservePaused()",
      "error BorrowingNotEnabled()",
      "error NotEnoughAvailableUserBalance()",
      "error InvalidInterestRateModeSelected()",
      "error HealthFactorLowerThanLiquidationThreshold()",
      "error CollateralCannotCoverNewBorrow()",
      "error NoDebtOfSelectedType()",
      "error NoExplicitAmountToRepayOnBehalf()",
      "error UnderlyingBalanceZero()",
      "error HealthFactorNotBelowThreshold()",
      "error CollateralCannotBeLiquidated()",
      "error SpecifiedCurrencyNotBorrowedByUser()",
      "error InconsistentFlashloanParams()",
      "error BorrowCapExceeded()",
      "error SupplyCapExceeded()",
      "error LtvValidationFailed()",
      "error InconsistentEModeCategory()",
      "error ReserveAlreadyInitialized()",
      "error UserHasAssetWithZeroLtv()",
      "error InvalidLtv()",
      "error InvalidLiquidationThreshold()",
      "error InvalidLiquidationBonus()",
      "error InvalidDecimals()",
      "error InvalidReserveFactor()",
      "error InvalidBorrowCap()",
      "error InvalidSupplyCap()",
      "error InvalidLiquidationProtocolFee()",
      "error InvalidReserveIndex()",
      "error AclAdminCannotBeZero()",
      "error InconsistentParamsLength()",
      "error ZeroAddressNotValid()",
      "error InvalidExpiration()",
      "error InvalidSignature()",
      "error OperationNotSupported()",
      "error AssetNotListed()",
      "error InvalidOptimalUsageRatio()",
      "error UnderlyingCannotBeRescued()",
      "error AddressesProviderAlreadyAdded()",
      "error PoolAddressesDoNotMatch()",
      "error ReserveDebtNotZero()",
      "error FlashloanDisabled()",
      "error InvalidMaxRate()",
      "error WithdrawToAToken()",
      "error SupplyToAToken()",
      "error Slope2MustBeGteSlope1()",
      "error CallerNotRiskOrPoolOrEmergencyAdmin()",
      "error LiquidationGraceSentinelCheckFailed()",
      "error InvalidGracePeriod()",
      "error InvalidFreezeState()",
      "error InvalidLtvzeroState()",
      "error NotBorrowableInEMode()",
      "error CallerNotUmbrella()",
      "error ReserveNotInDeficit()",
      "error MustNotLeaveDust()",
      "error UserCannotHaveDebt()",
      "error SelfLiquidation()",
      "error CallerNotPositionManager()",
      "error InvalidCollateralInEmode(address reserve, uint256 categoryId)",
      "error InvalidDebtInEmode(address reserve, uint256 categoryId)",
      "error MustBeEmodeCollateral(address reserve, uint256 categoryId)"
    ];
  }
});

// server/venues/aave-v3/read.ts
import { erc20Abi as erc20Abi4, getAddress as getAddress4 } from "viem";
function aaveV3Reader(venueId, chain, pool2, asset) {
  return {
    venueId,
    what: "Aave v3 Pool.getReserveNormalizedIncome(USDC)",
    readIndex: /* @__PURE__ */ __name(async () => {
      const client = evmRpc(chain);
      return client.readContract({
        address: pool2,
        abi: AAVE_POOL_ABI,
        functionName: "getReserveNormalizedIncome",
        args: [asset]
      });
    }, "readIndex")
  };
}
function aaveV3Worth(v) {
  const { chain } = evmVenueIds(v, "pool", "pool");
  const aUsdc = getAddress4(v.onchain.aUsdc ?? "");
  return {
    venueId: v.id,
    what: "Aave v3 aUSDC balanceOf (the Pool's USDC reserve aToken)",
    readWorth: /* @__PURE__ */ __name(async (owner) => {
      const [, held] = await Promise.all([
        proveAaveIds(v, chain),
        evmRpc(chain).readContract({ address: aUsdc, abi: erc20Abi4, functionName: "balanceOf", args: [getAddress4(owner)] })
      ]);
      return held;
    }, "readWorth")
  };
}
var init_read = __esm({
  "server/venues/aave-v3/read.ts"() {
    "use strict";
    init_clients();
    init_evm2();
    init_abi();
    init_build2();
    __name(aaveV3Reader, "aaveV3Reader");
    __name(aaveV3Worth, "aaveV3Worth");
  }
});

// server/venues/aave-v3/index.ts
var aaveV3Venue, aaveV3BaseVenue, aaveV3ArbitrumVenue;
var init_aave_v3 = __esm({
  "server/venues/aave-v3/index.ts"() {
    "use strict";
    init_define();
    init_arbitrum();
    init_base();
    init_build2();
    init_errors2();
    init_read();
    aaveV3Venue = /* @__PURE__ */ __name((v) => venueModule({
      descriptor: v,
      read: aaveV3Reader(v.id, v.chain, v.onchain.pool ?? "", v.onchain.usdc ?? ""),
      worth: aaveV3Worth(v),
      build: aaveV3Adapter(v),
      revertErrors: AAVE_V3_ERRORS
    }), "aaveV3Venue");
    aaveV3BaseVenue = aaveV3Venue(aaveV3Base);
    aaveV3ArbitrumVenue = aaveV3Venue(aaveV3Arbitrum);
  }
});

// server/venues/compound-v3/arbitrum.ts
var compoundV3Arbitrum;
var init_arbitrum2 = __esm({
  "server/venues/compound-v3/arbitrum.ts"() {
    "use strict";
    init_define();
    compoundV3Arbitrum = defineVenue({
      id: "compound-v3-arbitrum",
      protocol: "compound-v3",
      name: "Compound v3",
      chain: "evm-b",
      ready: false,
      // No write adapter yet (server/venues/compound-v3/build.ts): flip these when it lands.
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "compound-v3", symbol: "USDC", chain: "Arbitrum" },
      onchain: {
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/roots.json "comet".
        cUSDCv3: "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf",
        // The ConfiguratorProxy whose getConfiguration(comet).baseToken proves the Comet is the market's:
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/roots.json "configurator".
        configurator: "0xb21b06D71c75973babdE35b49fFDAc3F82Ad3775",
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/configuration.json "baseTokenAddress".
        usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
      }
    });
  }
});

// server/venues/compound-v3/base.ts
var compoundV3Base;
var init_base2 = __esm({
  "server/venues/compound-v3/base.ts"() {
    "use strict";
    init_define();
    compoundV3Base = defineVenue({
      id: "compound-v3-base",
      protocol: "compound-v3",
      name: "Compound v3",
      chain: "evm-a",
      ready: false,
      // No write adapter yet (server/venues/compound-v3/build.ts): flip these when it lands.
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "compound-v3", symbol: "USDC", chain: "Base" },
      onchain: {
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/roots.json "comet".
        cUSDCv3: "0xb125E6687d4313864e53df431d5425969c15Eb2F",
        // The ConfiguratorProxy whose getConfiguration(comet).baseToken proves the Comet is the market's:
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/roots.json "configurator".
        configurator: "0x45939657d1CA34A8FA39A924B71D28Fe8431e581",
        // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/configuration.json "baseTokenAddress".
        usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
      }
    });
  }
});

// server/venues/compound-v3/abi.ts
var COMET_ABI, CONFIGURATOR_ABI;
var init_abi2 = __esm({
  "server/venues/compound-v3/abi.ts"() {
    "use strict";
    COMET_ABI = [
      { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }], name: "supply", outputs: [], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }], name: "withdraw", outputs: [], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "address", name: "account", type: "address" }], name: "balanceOf", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
      { inputs: [], name: "getUtilization", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
      { inputs: [{ internalType: "uint256", name: "utilization", type: "uint256" }], name: "getSupplyRate", outputs: [{ internalType: "uint64", name: "", type: "uint64" }], stateMutability: "view", type: "function" },
      { inputs: [], name: "totalsBasic", outputs: [{ components: [{ internalType: "uint64", name: "baseSupplyIndex", type: "uint64" }, { internalType: "uint64", name: "baseBorrowIndex", type: "uint64" }, { internalType: "uint64", name: "trackingSupplyIndex", type: "uint64" }, { internalType: "uint64", name: "trackingBorrowIndex", type: "uint64" }, { internalType: "uint104", name: "totalSupplyBase", type: "uint104" }, { internalType: "uint104", name: "totalBorrowBase", type: "uint104" }, { internalType: "uint40", name: "lastAccrualTime", type: "uint40" }, { internalType: "uint8", name: "pauseFlags", type: "uint8" }], internalType: "struct CometStorage.TotalsBasic", name: "", type: "tuple" }], stateMutability: "view", type: "function" },
      { inputs: [], name: "baseToken", outputs: [{ internalType: "address", name: "", type: "address" }], stateMutability: "view", type: "function" }
    ];
    CONFIGURATOR_ABI = [
      { inputs: [{ internalType: "address", name: "cometProxy", type: "address" }], name: "getConfiguration", outputs: [{ components: [{ internalType: "address", name: "governor", type: "address" }, { internalType: "address", name: "pauseGuardian", type: "address" }, { internalType: "address", name: "baseToken", type: "address" }, { internalType: "address", name: "baseTokenPriceFeed", type: "address" }, { internalType: "address", name: "extensionDelegate", type: "address" }, { internalType: "uint64", name: "supplyKink", type: "uint64" }, { internalType: "uint64", name: "supplyPerYearInterestRateSlopeLow", type: "uint64" }, { internalType: "uint64", name: "supplyPerYearInterestRateSlopeHigh", type: "uint64" }, { internalType: "uint64", name: "supplyPerYearInterestRateBase", type: "uint64" }, { internalType: "uint64", name: "borrowKink", type: "uint64" }, { internalType: "uint64", name: "borrowPerYearInterestRateSlopeLow", type: "uint64" }, { internalType: "uint64", name: "borrowPerYearInterestRateSlopeHigh", type: "uint64" }, { internalType: "uint64", name: "borrowPerYearInterestRateBase", type: "uint64" }, { internalType: "uint64", name: "storeFrontPriceFactor", type: "uint64" }, { internalType: "uint64", name: "trackingIndexScale", type: "uint64" }, { internalType: "uint64", name: "baseTrackingSupplySpeed", type: "uint64" }, { internalType: "uint64", name: "baseTrackingBorrowSpeed", type: "uint64" }, { internalType: "uint104", name: "baseMinForRewards", type: "uint104" }, { internalType: "uint104", name: "baseBorrowMin", type: "uint104" }, { internalType: "uint104", name: "targetReserves", type: "uint104" }, { components: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "address", name: "priceFeed", type: "address" }, { internalType: "uint8", name: "decimals", type: "uint8" }, { internalType: "uint64", name: "borrowCollateralFactor", type: "uint64" }, { internalType: "uint64", name: "liquidateCollateralFactor", type: "uint64" }, { internalType: "uint64", name: "liquidationFactor", type: "uint64" }, { internalType: "uint128", name: "supplyCap", type: "uint128" }], internalType: "struct CometConfiguration.AssetConfig[]", name: "assetConfigs", type: "tuple[]" }], internalType: "struct CometConfiguration.Configuration", name: "", type: "tuple" }], stateMutability: "view", type: "function" }
    ];
  }
});

// server/venues/compound-v3/build.ts
import { getAddress as getAddress5, isAddressEqual as isAddressEqual2 } from "viem";
function proveCometIds(v, chain) {
  const comet = getAddress5(v.onchain.cUSDCv3 ?? "");
  const usdc2 = getAddress5(v.onchain.usdc ?? "");
  const configurator = getAddress5(v.onchain.configurator ?? "");
  return proveIds([
    {
      key: `compound-v3|${chain}|base|${comet}|${usdc2}`,
      what: `Compound v3 Comet ${comet}'s baseToken() is USDC ${usdc2}`,
      check: /* @__PURE__ */ __name(async () => {
        const base = await evmRpc(chain).readContract({ address: comet, abi: COMET_ABI, functionName: "baseToken" });
        return isAddressEqual2(base, usdc2) ? null : `its baseToken() is ${base}`;
      }, "check")
    },
    {
      key: `compound-v3|${chain}|configurator|${configurator}|${comet}|${usdc2}`,
      what: `Compound v3 Comet ${comet} is the USDC market Configurator ${configurator} lists (getConfiguration(comet).baseToken is USDC ${usdc2})`,
      check: /* @__PURE__ */ __name(async () => {
        const c = await evmRpc(chain).readContract({ address: configurator, abi: CONFIGURATOR_ABI, functionName: "getConfiguration", args: [comet] });
        return isAddressEqual2(c.baseToken, usdc2) ? null : `the Configurator's baseToken for it is ${c.baseToken}`;
      }, "check")
    }
  ]);
}
function cometBalanceOf(v, owner) {
  const comet = getAddress5(v.onchain.cUSDCv3 ?? "");
  return evmRpc(v.chain).readContract({ address: comet, abi: COMET_ABI, functionName: "balanceOf", args: [getAddress5(owner)] });
}
async function cometSuppliedBalance(v, owner) {
  const comet = getAddress5(v.onchain.cUSDCv3 ?? "");
  return readForPlan(`The owner's Compound v3 supplied balance (Comet ${comet} balanceOf)`, () => cometBalanceOf(v, owner));
}
function compoundV3Adapter(v) {
  const { chain, contract: comet, usdc: usdc2 } = evmVenueIds(v, "cUSDCv3", "comet");
  if (!v.onchain.configurator) throw new Error(`${v.id} has no configurator id`);
  return {
    venueId: v.id,
    onchainInterface: `Compound v3 Comet ${comet}: supply(address,uint256) / withdraw(address,uint256)`,
    deposit: /* @__PURE__ */ __name(async ({ amountMicros }) => {
      await proveCometIds(v, chain);
      return [
        approveTransaction(chain, usdc2, comet, amountMicros, `Approve the Compound v3 USDC Comet to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Compound v3 (the owner's base balance)`, evmCall(chain, comet, COMET_ABI, "supply", [usdc2, amountMicros]))
      ];
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const supplied = await besideProof(proveCometIds(v, chain), cometSuppliedBalance(v, owner));
      if (amountMicros > supplied) {
        throw new BuildBlocked(
          "insufficient_balance",
          `The owner has ${supplied} micro-USDC supplied to Compound v3 (Comet ${comet} balanceOf); a withdraw above it would borrow the rest: withdraw at most ${supplied}.`
        );
      }
      return [
        evmTransaction(chain, "withdraw", `Withdraw ${amountMicros} micro-USDC from Compound v3 to the owner (at most the supplied ${supplied}: no borrow)`, evmCall(chain, comet, COMET_ABI, "withdraw", [usdc2, amountMicros]))
      ];
    }, "withdraw")
  };
}
var init_build3 = __esm({
  "server/venues/compound-v3/build.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_evm2();
    init_plan_reads();
    init_build();
    init_prove();
    init_abi2();
    __name(proveCometIds, "proveCometIds");
    __name(cometBalanceOf, "cometBalanceOf");
    __name(cometSuppliedBalance, "cometSuppliedBalance");
    __name(compoundV3Adapter, "compoundV3Adapter");
  }
});

// server/venues/compound-v3/errors.ts
var COMET_ERRORS;
var init_errors3 = __esm({
  "server/venues/compound-v3/errors.ts"() {
    "use strict";
    COMET_ERRORS = [
      "error Absurd()",
      "error AlreadyInitialized()",
      "error BadAsset()",
      "error BadDecimals()",
      "error BadDiscount()",
      "error BadMinimum()",
      "error BadPrice()",
      "error BorrowTooSmall()",
      "error BorrowCFTooLarge()",
      "error InsufficientReserves()",
      "error LiquidateCFTooLarge()",
      "error NoSelfTransfer()",
      "error NotCollateralized()",
      "error NotForSale()",
      "error NotLiquidatable()",
      "error Paused()",
      "error ReentrantCallBlocked()",
      "error SupplyCapExceeded()",
      "error TimestampTooLarge()",
      "error TooManyAssets()",
      "error TooMuchSlippage()",
      "error TransferInFailed()",
      "error TransferOutFailed()",
      "error Unauthorized()",
      "error BadAmount()",
      "error BadNonce()",
      "error BadSignatory()",
      "error InvalidValueS()",
      "error InvalidValueV()",
      "error SignatureExpired()"
    ];
  }
});

// server/venues/compound-v3/read.ts
function accruedSupplyIndex(baseSupplyIndex, lastAccrualTime, supplyRatePerSecond, now) {
  const elapsed = now - lastAccrualTime;
  if (elapsed <= 0n) return baseSupplyIndex;
  return baseSupplyIndex + baseSupplyIndex * (supplyRatePerSecond * elapsed) / FACTOR_SCALE;
}
function cometReader(venue) {
  const comet = venue.onchain.cUSDCv3 ?? "";
  return {
    venueId: venue.id,
    what: "Compound v3 Comet baseSupplyIndex accrued to the block (totalsBasic, getUtilization, getSupplyRate)",
    readIndex: /* @__PURE__ */ __name(async () => {
      const chain = venue.chain;
      const client = evmRpc(chain);
      const block = await client.getBlock({ blockTag: "latest" });
      const at = { address: comet, abi: COMET_ABI, blockNumber: block.number };
      const [totals2, utilization] = await Promise.all([
        client.readContract({ ...at, functionName: "totalsBasic" }),
        client.readContract({ ...at, functionName: "getUtilization" })
      ]);
      const supplyRate = await client.readContract({ ...at, functionName: "getSupplyRate", args: [utilization] });
      return accruedSupplyIndex(totals2.baseSupplyIndex, BigInt(totals2.lastAccrualTime), supplyRate, block.timestamp);
    }, "readIndex")
  };
}
function compoundV3Worth(venue) {
  const { chain } = evmVenueIds(venue, "cUSDCv3", "comet");
  return {
    venueId: venue.id,
    what: "Compound v3 Comet balanceOf (USDC supplied at the accrued supply index)",
    readWorth: /* @__PURE__ */ __name(async (owner) => {
      const [, supplied] = await Promise.all([proveCometIds(venue, chain), cometBalanceOf(venue, owner)]);
      return supplied;
    }, "readWorth")
  };
}
var FACTOR_SCALE, compoundV3BaseReader, compoundV3ArbitrumReader, compoundV3BaseWorth, compoundV3ArbitrumWorth;
var init_read2 = __esm({
  "server/venues/compound-v3/read.ts"() {
    "use strict";
    init_arbitrum2();
    init_base2();
    init_clients();
    init_evm2();
    init_abi2();
    init_build3();
    FACTOR_SCALE = 10n ** 18n;
    __name(accruedSupplyIndex, "accruedSupplyIndex");
    __name(cometReader, "cometReader");
    compoundV3BaseReader = cometReader(compoundV3Base);
    compoundV3ArbitrumReader = cometReader(compoundV3Arbitrum);
    __name(compoundV3Worth, "compoundV3Worth");
    compoundV3BaseWorth = compoundV3Worth(compoundV3Base);
    compoundV3ArbitrumWorth = compoundV3Worth(compoundV3Arbitrum);
  }
});

// server/venues/compound-v3/index.ts
var compoundV3BaseVenue, compoundV3ArbitrumVenue;
var init_compound_v3 = __esm({
  "server/venues/compound-v3/index.ts"() {
    "use strict";
    init_define();
    init_arbitrum2();
    init_base2();
    init_build3();
    init_errors3();
    init_read2();
    compoundV3BaseVenue = venueModule({
      descriptor: compoundV3Base,
      read: compoundV3BaseReader,
      worth: compoundV3BaseWorth,
      build: compoundV3Adapter(compoundV3Base),
      revertErrors: COMET_ERRORS
    });
    compoundV3ArbitrumVenue = venueModule({
      descriptor: compoundV3Arbitrum,
      read: compoundV3ArbitrumReader,
      worth: compoundV3ArbitrumWorth,
      build: compoundV3Adapter(compoundV3Arbitrum),
      revertErrors: COMET_ERRORS
    });
  }
});

// server/chains/solana.ts
import {
  AccountRole,
  address as address2,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS2 } from "@solana-program/token";
function instructionJson(ix) {
  return {
    programAddress: ix.programAddress,
    accounts: (ix.accounts ?? []).map((a) => ({ address: a.address, role: ROLE[a.role] })),
    data: ix.data ? b64.decode(ix.data) : ""
  };
}
async function latestBlockhash() {
  try {
    const rpc = solanaRpc();
    const r = await withRpcTimeout((abortSignal) => rpc.getLatestBlockhash({ commitment: "confirmed" }).send({ abortSignal }));
    return { blockhash: r.value.blockhash, lastValidBlockHeight: r.value.lastValidBlockHeight };
  } catch (e) {
    return { error: `the svm-chain RPC did not give a recent blockhash: ${errorLine(e, 160)}` };
  }
}
function instructionFromJson(j) {
  return {
    programAddress: address2(j.programAddress),
    accounts: j.accounts.map((a) => ({ address: address2(a.address), role: ROLE_OF[a.role] })),
    data: Uint8Array.from(Buffer.from(j.data, "base64"))
  };
}
async function solanaPayload(feePayer, instructions, cosigners = [], blockhash = latestBlockhash()) {
  const lh = await blockhash;
  if ("error" in lh) throw new RpcUnavailable(`Nothing signable could be built: ${lh.error}.`);
  if (cosigners.length === 0) return compileSolanaPayload(feePayer, instructions, lh);
  const tx = await partiallySignTransaction(cosigners, compileTx(feePayer, instructions, lh));
  const presigned = Object.entries(tx.signatures).filter(([, sig]) => sig !== null).map(([a]) => a);
  return { ...encodePayload(feePayer, instructions, tx, lh), presigned };
}
function solanaPlanTransaction(kind, description, payload) {
  return [{ chain: "svm-chain", kind, description, encoding: "solana-v0-message-base64", payload }];
}
function compileTx(feePayer, instructions, lh, lookupTables) {
  const payer = address2(feePayer);
  const tables = lookupTables ? Object.fromEntries(Object.entries(lookupTables).map(([k, v]) => [address2(k), v.map((x) => address2(x))])) : null;
  const msg = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: lh.blockhash, lastValidBlockHeight: lh.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  );
  return compileTransaction(tables ? compressTransactionMessageUsingAddressLookupTables(msg, tables) : msg);
}
function encodePayload(feePayer, instructions, tx, lh) {
  return {
    feePayer,
    instructions: instructions.map(instructionJson),
    transaction: getBase64EncodedWireTransaction(tx),
    message: b64.decode(tx.messageBytes),
    recentBlockhash: lh.blockhash,
    lastValidBlockHeight: lh.lastValidBlockHeight.toString()
  };
}
function compileSolanaPayload(feePayer, instructions, lh, lookupTables) {
  const p = encodePayload(feePayer, instructions, compileTx(feePayer, instructions, lh, lookupTables), lh);
  return lookupTables ? { ...p, lookupTables } : p;
}
async function splTokenAccountOf(owner, mint, signal) {
  const [account] = await findAssociatedTokenPda({ owner: address2(owner), mint: address2(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS2 });
  const res = await solanaRpc().getAccountInfo(account, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  return { account, exists: res.value !== null && res.value.owner === TOKEN_PROGRAM_ADDRESS2 };
}
var ROLE, b64, ROLE_OF;
var init_solana = __esm({
  "server/chains/solana.ts"() {
    "use strict";
    init_clients();
    ROLE = {
      [AccountRole.READONLY]: "readonly",
      [AccountRole.WRITABLE]: "writable",
      [AccountRole.READONLY_SIGNER]: "readonly_signer",
      [AccountRole.WRITABLE_SIGNER]: "writable_signer"
    };
    b64 = getBase64Decoder();
    __name(instructionJson, "instructionJson");
    __name(latestBlockhash, "latestBlockhash");
    ROLE_OF = {
      readonly: AccountRole.READONLY,
      writable: AccountRole.WRITABLE,
      readonly_signer: AccountRole.READONLY_SIGNER,
      writable_signer: AccountRole.WRITABLE_SIGNER
    };
    __name(instructionFromJson, "instructionFromJson");
    __name(solanaPayload, "solanaPayload");
    __name(solanaPlanTransaction, "solanaPlanTransaction");
    __name(compileTx, "compileTx");
    __name(encodePayload, "encodePayload");
    __name(compileSolanaPayload, "compileSolanaPayload");
    __name(splTokenAccountOf, "splTokenAccountOf");
  }
});

// server/venues/jupiter-lend/descriptor.ts
var jupiterLend;
var init_descriptor = __esm({
  "server/venues/jupiter-lend/descriptor.ts"() {
    "use strict";
    init_tokens();
    init_define();
    jupiterLend = defineVenue({
      id: "jupiter-lend",
      protocol: "jupiter-lend",
      name: "Jupiter Lend",
      chain: "svm-chain",
      ready: true,
      // Deposit and withdraw builders in server/venues/jupiter-lend/build.ts (checked against @jup-ag/lend).
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "jupiter-lend", symbol: "USDC", chain: "Solana" },
      onchain: {
        // Jupiter Lend Earn (lending) program: the lending IDL's `address` in @jup-ag/lend 0.0.107
        // (dist/shared/lend.DS0KoPpL.mjs) and jup-ag/jupiter-lend docs/earn/cpi.md @ 33a22cf7a5bfdd32ab1712dda4adfbeb9b348ad9.
        lendingProgram: "jup3YeL8QhtSx1e253b2FDvsMNC87fDrgQZivbrndc9",
        // Liquidity-layer program: the liquidity IDL's `address` in @jup-ag/lend 0.0.107 (dist/shared/lend.CioR9-te.mjs,
        // the SDK's LIQUIDITY_PROGRAM_ID) and docs/earn/cpi.md @ 33a22cf (LIQUIDITY_PROGRAM, mainnet). Plans also require it
        // to own the lending's supply position account read from chain.
        liquidityProgram: "jupeiUmn818Jg1ekPURTpr4mFo29p46vygyykFJ3wZC",
        // Lending rewards rate model program: the lending_reward_rate_model IDL's `address` in @jup-ag/lend 0.0.107
        // (dist/shared/lend.DS0KoPpL.mjs, the PROGRAM_ID of getLendingRewardsRateModel).
        rewardsRateModelProgram: "jup7TthsMgcR9Y3L277b8Eo9uboVSmu1utkuXHNUKar",
        // Derived, not chosen: PDAs of the lending program (jup-ag/jupiter-lend target/idl/lending.json): jlUSDC =
        // ["f_token_mint", USDC], the USDC Lending account = ["lending", USDC, jlUSDC]. Written out for the registry's
        // display; every plan derives both again and blocks when they differ (build.ts readJupiterLendState), and
        // tests/unit/adapters.test.ts checks them against the derivation.
        jlUsdcMint: "9BEcn9aPEmhSPbPQeFGjidRiEKki46fVQDyPpSQXPA2D",
        usdcLending: "2vVYHYM8VYnvZqQWpTJSj8o8DBf1wM8pVs3bsTgYZiqJ",
        // Circle's USDC mint (lib/tokens.ts, cited there).
        usdcMint: USDC["svm-chain"]
      }
    });
  }
});

// server/venues/jupiter-lend/idl.ts
var JUP_LENDING_IDL;
var init_idl = __esm({
  "server/venues/jupiter-lend/idl.ts"() {
    "use strict";
    JUP_LENDING_IDL = {
      instructions: {
        "deposit": {
          discriminator: [242, 35, 198, 137, 82, 225, 242, 182],
          // source: @jup-ag/lend 0.0.107 getLendingProgram().rawIdl (dist/shared/lend.DS0KoPpL.mjs; jup-ag/jupiter-lend target/idl/lending.json @ 33a22cf), instruction deposit.
          accounts: [{ "name": "signer", "writable": true, "signer": true }, { "name": "depositor_token_account", "writable": true }, { "name": "recipient_token_account", "writable": true }, { "name": "mint" }, { "name": "lending_admin" }, { "name": "lending", "writable": true }, { "name": "f_token_mint", "writable": true }, { "name": "supply_token_reserves_liquidity", "writable": true }, { "name": "lending_supply_position_on_liquidity", "writable": true }, { "name": "rate_model" }, { "name": "vault", "writable": true }, { "name": "liquidity", "writable": true }, { "name": "liquidity_program", "writable": true }, { "name": "rewards_rate_model" }, { "name": "token_program" }, { "name": "associated_token_program", "address": "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" }, { "name": "system_program", "address": "11111111111111111111111111111111" }],
          args: [{ "name": "assets", "type": "u64" }]
        },
        "withdraw": {
          discriminator: [183, 18, 70, 156, 148, 109, 161, 34],
          // source: @jup-ag/lend 0.0.107 getLendingProgram().rawIdl (dist/shared/lend.DS0KoPpL.mjs; jup-ag/jupiter-lend target/idl/lending.json @ 33a22cf), instruction withdraw.
          accounts: [{ "name": "signer", "writable": true, "signer": true }, { "name": "owner_token_account", "writable": true }, { "name": "recipient_token_account", "writable": true }, { "name": "lending_admin" }, { "name": "lending", "writable": true }, { "name": "mint" }, { "name": "f_token_mint", "writable": true }, { "name": "supply_token_reserves_liquidity", "writable": true }, { "name": "lending_supply_position_on_liquidity", "writable": true }, { "name": "rate_model" }, { "name": "vault", "writable": true }, { "name": "claim_account", "writable": true }, { "name": "liquidity", "writable": true }, { "name": "liquidity_program", "writable": true }, { "name": "rewards_rate_model" }, { "name": "token_program" }, { "name": "associated_token_program", "address": "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" }, { "name": "system_program", "address": "11111111111111111111111111111111" }],
          args: [{ "name": "amount", "type": "u64" }]
        }
      },
      accounts: {
        "Lending": [135, 199, 82, 16, 249, 131, 182, 241]
      },
      layouts: {
        "Lending": { "mint": 8, "fTokenMint": 40, "rewardsRateModel": 75, "tokenExchangePrice": 115, "tokenReservesLiquidity": 131, "supplyPositionOnLiquidity": 163 }
      }
    };
  }
});

// server/venues/jupiter-lend/read.ts
async function readUsdcLending(signal, minLength = JUPITER_LENDING_OFFSETS.minLength, ids11 = jupiterLend.onchain) {
  const at = ids11.usdcLending ?? "";
  const data = await programAccount(at, ids11.lendingProgram ?? "", "Jupiter Lend USDC lending", signal, {
    discriminator: JUPITER_LENDING_DISCRIMINATOR,
    minLength
  });
  const mint = pubkeyAt(data, JUPITER_LENDING_OFFSETS.mint);
  if (mint !== ids11.usdcMint) throw new AccountMismatch(`Jupiter Lend lending ${at}'s mint is ${mint}, not USDC ${ids11.usdcMint}`);
  const fToken = pubkeyAt(data, JUPITER_LENDING_OFFSETS.fTokenMint);
  if (fToken !== ids11.jlUsdcMint) throw new AccountMismatch(`Jupiter Lend lending ${at}'s fToken mint is ${fToken}, not jlUSDC ${ids11.jlUsdcMint}`);
  return data;
}
var JUPITER_LENDING_DISCRIMINATOR, LENDING, JUPITER_LENDING_OFFSETS, jupiterLendReader;
var init_read3 = __esm({
  "server/venues/jupiter-lend/read.ts"() {
    "use strict";
    init_idl();
    init_descriptor();
    init_bytes();
    init_accounts();
    JUPITER_LENDING_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.accounts.Lending);
    LENDING = JUP_LENDING_IDL.layouts.Lending;
    JUPITER_LENDING_OFFSETS = {
      ...LENDING,
      minLength: LENDING.tokenExchangePrice + 8,
      withAccountsLength: LENDING.supplyPositionOnLiquidity + 32
    };
    __name(readUsdcLending, "readUsdcLending");
    jupiterLendReader = {
      venueId: jupiterLend.id,
      what: "Jupiter Lend jlUSDC token_exchange_price",
      readIndex: /* @__PURE__ */ __name(async (signal) => {
        const data = await readUsdcLending(signal);
        const price = u64le(data, JUPITER_LENDING_OFFSETS.tokenExchangePrice);
        if (price === 0n) throw new Error("jlUSDC's exchange price is 0");
        return price;
      }, "readIndex")
    };
  }
});

// server/chains/solana/idl.ts
import { AccountRole as AccountRole2, address as address3, getAddressEncoder } from "@solana/kit";
function roleOf(a) {
  if (a.signer) return a.writable ? AccountRole2.WRITABLE_SIGNER : AccountRole2.READONLY_SIGNER;
  return a.writable ? AccountRole2.WRITABLE : AccountRole2.READONLY;
}
function integer10(v, bytes, name, type) {
  if (typeof v !== "bigint" && typeof v !== "number") throw new Error(`argument ${name} (${type}) must be an integer`);
  const n = BigInt(v);
  if (n < 0n || n >= 1n << BigInt(bytes * 8)) throw new Error(`argument ${name} (${type}) is out of range`);
  return Uint8Array.from({ length: bytes }, (_, i) => Number(n >> BigInt(8 * i) & 0xffn));
}
function encodeArg(type, v, name) {
  if (typeof type === "object") {
    if ("option" in type) return v === null ? Uint8Array.of(0) : Uint8Array.from([1, ...encodeArg(type.option, v, name)]);
    if (v === null || typeof v !== "object" || v instanceof Uint8Array) throw new Error(`argument ${name} must be a struct`);
    const fields = v;
    const unknown = Object.keys(fields).filter((k) => !type.struct.some((f) => f.name === k));
    if (unknown.length > 0) throw new Error(`argument ${name} has no field ${unknown.join(", ")}`);
    return concatBytes(type.struct.map((f) => encodeArg(f.type, required(fields[f.name], `${name}.${f.name}`), `${name}.${f.name}`)));
  }
  const bytes = INT_BYTES[type];
  if (bytes !== void 0) return integer10(v, bytes, name, type);
  if (type === "bool") {
    if (typeof v !== "boolean") throw new Error(`argument ${name} (bool) must be a boolean`);
    return Uint8Array.of(v ? 1 : 0);
  }
  if (type === "pubkey") {
    if (v instanceof Uint8Array && v.length === 32) return v;
    if (typeof v !== "string") throw new Error(`argument ${name} (pubkey) must be an address or 32 bytes`);
    return Uint8Array.from(getAddressEncoder().encode(v));
  }
  if (type === "bytes") {
    if (!(v instanceof Uint8Array)) throw new Error(`argument ${name} (bytes) must be bytes`);
    return concatBytes([integer10(v.length, 4, name, "bytes length"), v]);
  }
  throw new Error(`argument ${name}: IDL type ${type} is not encoded here`);
}
function required(v, name) {
  if (v === void 0) throw new Error(`argument ${name} is missing`);
  return v;
}
function concatBytes(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
function anchorInstruction(programAddress, ix, accounts, args, remaining = []) {
  const given = accounts;
  const unknown = Object.keys(given).filter((k) => !ix.accounts.some((a) => a.name === k));
  if (unknown.length > 0) throw new Error(`the IDL's instruction has no account ${unknown.join(", ")}`);
  const metas = ix.accounts.map((a) => {
    const at = given[a.name] ?? (a.address === void 0 ? void 0 : address3(a.address));
    if (at === void 0) throw new Error(`account ${a.name} is missing`);
    if (a.address !== void 0 && at !== a.address) throw new Error(`account ${a.name} must be ${a.address} (the IDL's address), not ${at}`);
    return { address: at, role: roleOf(a) };
  });
  const values = args;
  const data = concatBytes([Uint8Array.from(ix.discriminator), ...ix.args.map((x) => encodeArg(x.type, required(values[x.name], x.name), x.name))]);
  return { programAddress, accounts: [...metas, ...remaining], data };
}
var INT_BYTES;
var init_idl2 = __esm({
  "server/chains/solana/idl.ts"() {
    "use strict";
    __name(roleOf, "roleOf");
    INT_BYTES = { u8: 1, u16: 2, u32: 4, u64: 8 };
    __name(integer10, "integer");
    __name(encodeArg, "encodeArg");
    __name(required, "required");
    __name(concatBytes, "concatBytes");
    __name(anchorInstruction, "anchorInstruction");
  }
});

// server/venues/shared/anchor.ts
import { AccountRole as AccountRole3, getAddressEncoder as getAddressEncoder2, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
async function pdaOf(program, seed, ...keys2) {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: [utf8.encode(seed), ...keys2.map((k) => addr.encode(k))] });
  return a;
}
var ro, w, utf8, addr;
var init_anchor = __esm({
  "server/venues/shared/anchor.ts"() {
    "use strict";
    ro = /* @__PURE__ */ __name((a) => ({ address: a, role: AccountRole3.READONLY }), "ro");
    w = /* @__PURE__ */ __name((a) => ({ address: a, role: AccountRole3.WRITABLE }), "w");
    utf8 = getUtf8Encoder();
    addr = getAddressEncoder2();
    __name(pdaOf, "pdaOf");
  }
});

// server/venues/jupiter-lend/build.ts
import { address as address4, createNoopSigner } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda2, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS3 } from "@solana-program/token";
function jlUsdcFor(amountMicros, price) {
  return (amountMicros * JUP_EXCHANGE_PRICE_PRECISION + price - 1n) / price;
}
function jlUsdcWorth(shares, price) {
  return shares * price / JUP_EXCHANGE_PRICE_PRECISION;
}
async function jupiterLendHolding(owner, jlUsdcMint, s, signal) {
  const held = await solanaTokenBalance(owner, jlUsdcMint, signal);
  return { held, micros: jlUsdcWorth(held, s.tokenExchangePrice) };
}
async function readJupiterLendState(signal, v = ids) {
  const mint = address4(v.usdcMint);
  const lending = address4(v.usdcLending);
  const program = address4(v.lendingProgram);
  const fTokenMint = await pdaOf(program, "f_token_mint", mint);
  if (fTokenMint !== v.jlUsdcMint) throw new AccountMismatch(`jlUSDC ${v.jlUsdcMint} is not the ["f_token_mint", USDC] account of ${program} (${fTokenMint})`);
  const lendingPda = await pdaOf(program, "lending", mint, fTokenMint);
  const positionPda = await pdaOf(JUP_LIQUIDITY_PROGRAM, "user_supply_position", mint, lending);
  const [data, pos] = await Promise.all([
    readUsdcLending(signal, JUPITER_LENDING_OFFSETS.withAccountsLength, v),
    solanaRpc().getAccountInfo(positionPda, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal })
  ]);
  if (lendingPda !== lending) throw new AccountMismatch(`Jupiter Lend lending ${lending} is not the ["lending", USDC, jlUSDC] account of ${program} (${lendingPda})`);
  const tokenReservesLiquidity = address4(pubkeyAt(data, JUPITER_LENDING_OFFSETS.tokenReservesLiquidity));
  const supplyPosition = address4(pubkeyAt(data, JUPITER_LENDING_OFFSETS.supplyPositionOnLiquidity));
  const rewardsRateModel = address4(pubkeyAt(data, JUPITER_LENDING_OFFSETS.rewardsRateModel));
  if (await pdaOf(JUP_LIQUIDITY_PROGRAM, "reserve", mint) !== tokenReservesLiquidity) {
    throw new Error(`the lending's token reserve is not the ["reserve", USDC] account of ${JUP_LIQUIDITY_PROGRAM}`);
  }
  if (positionPda !== supplyPosition) {
    throw new Error(`the lending's supply position is not the ["user_supply_position", USDC, lending] account of ${JUP_LIQUIDITY_PROGRAM}`);
  }
  if (await pdaOf(JUP_REWARDS_RATE_MODEL_PROGRAM, "lending_rewards_rate_model", mint) !== rewardsRateModel) {
    throw new Error(`the lending's rewards rate model is not the ["lending_rewards_rate_model", USDC] account of ${JUP_REWARDS_RATE_MODEL_PROGRAM}`);
  }
  if (!pos.value) throw new Error("the lending's supply position account does not exist");
  if (pos.value.owner !== JUP_LIQUIDITY_PROGRAM) throw new Error(`the lending's supply position is owned by ${pos.value.owner}, not the liquidity program ${JUP_LIQUIDITY_PROGRAM}`);
  const tokenExchangePrice = u64le(data, JUPITER_LENDING_OFFSETS.tokenExchangePrice);
  if (tokenExchangePrice === 0n) throw new Error("jlUSDC's exchange price is 0");
  return { tokenReservesLiquidity, supplyPosition, rewardsRateModel, tokenExchangePrice };
}
async function accountsFor(ids11, owner) {
  const ownerAddr = address4(owner);
  const mint = address4(ids11.usdcMint);
  const fTokenMint = address4(ids11.jlUsdcMint);
  const liquidity = await pdaOf(JUP_LIQUIDITY_PROGRAM, "liquidity");
  const lendingAdmin = await pdaOf(JUP_LENDING_PROGRAM, "lending_admin");
  return {
    ownerAddr,
    mint,
    fTokenMint,
    lending: address4(ids11.usdcLending),
    lendingAdmin,
    liquidity,
    userUsdc: (await findAssociatedTokenPda2({ owner: ownerAddr, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS3 }))[0],
    userJl: (await findAssociatedTokenPda2({ owner: ownerAddr, mint: fTokenMint, tokenProgram: TOKEN_PROGRAM_ADDRESS3 }))[0],
    vault: (await findAssociatedTokenPda2({ owner: liquidity, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS3 }))[0],
    rateModel: await pdaOf(JUP_LIQUIDITY_PROGRAM, "rate_model", mint),
    // getClaimAccount(asset, getLendingAdmin()) in the SDK: seeds ["user_claim", user, mint] with the lending admin as
    // the user (the lending program is the liquidity layer's user; its admin PDA signs the CPI).
    claimAccount: await pdaOf(JUP_LIQUIDITY_PROGRAM, "user_claim", lendingAdmin, mint)
  };
}
function lendingAccounts(a, s) {
  return {
    signer: a.ownerAddr,
    mint: a.mint,
    lending_admin: a.lendingAdmin,
    lending: a.lending,
    f_token_mint: a.fTokenMint,
    supply_token_reserves_liquidity: s.tokenReservesLiquidity,
    lending_supply_position_on_liquidity: s.supplyPosition,
    rate_model: a.rateModel,
    vault: a.vault,
    liquidity: a.liquidity,
    liquidity_program: JUP_LIQUIDITY_PROGRAM,
    rewards_rate_model: s.rewardsRateModel,
    token_program: TOKEN_PROGRAM_ADDRESS3
  };
}
function lendingInstruction(ix, common, own, args) {
  return anchorInstruction(JUP_LENDING_PROGRAM, ix, { ...common, ...own }, args);
}
function jupiterLendAdapterOf(v) {
  const ids11 = v.onchain;
  const lendState = /* @__PURE__ */ __name(() => readForPlan(`Jupiter Lend's USDC lending ${ids11.usdcLending} (its liquidity-layer accounts, checked against their PDAs)`, (signal) => readJupiterLendState(signal, ids11)), "lendState");
  return {
    venueId: v.id,
    onchainInterface: `${ids11.lendingProgram} deposit(assets: u64) / withdraw(amount: u64) on the USDC lending ${ids11.usdcLending} (jlUSDC ${ids11.jlUsdcMint})`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const s = await lendState();
      const a = await accountsFor(ids11, owner);
      const createJlAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(a.ownerAddr), ata: a.userJl, owner: a.ownerAddr, mint: a.fTokenMint });
      const own = { depositor_token_account: a.userUsdc, recipient_token_account: a.userJl };
      const deposit = lendingInstruction(JUP_LENDING_IDL.instructions.deposit, lendingAccounts(a, s), own, { assets: amountMicros });
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Jupiter Lend Earn (USDC lending) and receive jlUSDC in the owner's token account`, await solanaPayload(owner, [createJlAta, deposit], [], blockhash));
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const a = await accountsFor(ids11, owner);
      const [s, held] = await Promise.all([lendState(), readForPlan("The owner's jlUSDC balance", (signal) => solanaTokenBalance(owner, a.fTokenMint, signal))]);
      const needed = jlUsdcFor(amountMicros, s.tokenExchangePrice);
      requireShares("jlUSDC", needed, held, jlUsdcWorth(held, s.tokenExchangePrice));
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(a.ownerAddr), ata: a.userUsdc, owner: a.ownerAddr, mint: a.mint });
      const own = { owner_token_account: a.userJl, recipient_token_account: a.userUsdc, claim_account: a.claimAccount };
      const withdraw = lendingInstruction(JUP_LENDING_IDL.instructions.withdraw, lendingAccounts(a, s), own, { amount: amountMicros });
      return solanaPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC from Jupiter Lend Earn (USDC lending), burning at most ${needed} jlUSDC at the exchange price now`, await solanaPayload(owner, [createUsdcAta, withdraw], [], blockhash));
    }, "withdraw")
  };
}
var ids, JUP_LENDING_PROGRAM, JUP_LIQUIDITY_PROGRAM, JUP_REWARDS_RATE_MODEL_PROGRAM, JUP_DEPOSIT_DISCRIMINATOR, JUP_WITHDRAW_DISCRIMINATOR, JUP_EXCHANGE_PRICE_PRECISION, jupiterLendAdapter;
var init_build4 = __esm({
  "server/venues/jupiter-lend/build.ts"() {
    "use strict";
    init_balances2();
    init_clients();
    init_solana();
    init_descriptor();
    init_read3();
    init_bytes();
    init_accounts();
    init_idl2();
    init_anchor();
    init_idl();
    init_plan_reads();
    ids = jupiterLend.onchain;
    JUP_LENDING_PROGRAM = address4(ids.lendingProgram);
    JUP_LIQUIDITY_PROGRAM = address4(ids.liquidityProgram);
    JUP_REWARDS_RATE_MODEL_PROGRAM = address4(ids.rewardsRateModelProgram);
    JUP_DEPOSIT_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.instructions.deposit.discriminator);
    JUP_WITHDRAW_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.instructions.withdraw.discriminator);
    JUP_EXCHANGE_PRICE_PRECISION = 10n ** 12n;
    __name(jlUsdcFor, "jlUsdcFor");
    __name(jlUsdcWorth, "jlUsdcWorth");
    __name(jupiterLendHolding, "jupiterLendHolding");
    __name(readJupiterLendState, "readJupiterLendState");
    __name(accountsFor, "accountsFor");
    __name(lendingAccounts, "lendingAccounts");
    __name(lendingInstruction, "lendingInstruction");
    __name(jupiterLendAdapterOf, "jupiterLendAdapterOf");
    jupiterLendAdapter = jupiterLendAdapterOf(jupiterLend);
  }
});

// server/venues/jupiter-lend/worth.ts
function jupiterLendWorthOf(v) {
  const ids11 = v.onchain;
  return {
    venueId: v.id,
    what: "Jupiter Lend jlUSDC balance \xD7 token_exchange_price",
    readWorth: /* @__PURE__ */ __name(async (owner, signal) => {
      const s = await readJupiterLendState(signal, ids11);
      return (await jupiterLendHolding(owner, ids11.jlUsdcMint, s, signal)).micros;
    }, "readWorth")
  };
}
var jupiterLendWorth;
var init_worth = __esm({
  "server/venues/jupiter-lend/worth.ts"() {
    "use strict";
    init_build4();
    init_descriptor();
    __name(jupiterLendWorthOf, "jupiterLendWorthOf");
    jupiterLendWorth = jupiterLendWorthOf(jupiterLend);
  }
});

// server/venues/jupiter-lend/index.ts
var jupiterLendVenue;
var init_jupiter_lend = __esm({
  "server/venues/jupiter-lend/index.ts"() {
    "use strict";
    init_define();
    init_build4();
    init_descriptor();
    init_read3();
    init_worth();
    jupiterLendVenue = venueModule({
      descriptor: jupiterLend,
      read: jupiterLendReader,
      worth: jupiterLendWorth,
      build: jupiterLendAdapter,
      // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
      programErrors: { program: jupiterLend.onchain.lendingProgram ?? "", name: "Jupiter Lend", custom: /* @__PURE__ */ __name(() => null, "custom") }
    });
  }
});

// server/venues/kamino/idl.ts
var KLEND_IDL;
var init_idl3 = __esm({
  "server/venues/kamino/idl.ts"() {
    "use strict";
    KLEND_IDL = {
      instructions: {
        "depositReserveLiquidity": {
          discriminator: [169, 201, 30, 126, 6, 205, 102, 68],
          // source: @kamino-finance/klend-sdk 8.0.2 dist/idl/klend.json (a legacy Anchor IDL: discriminators by Anchor's sha256 rule), instruction depositReserveLiquidity.
          accounts: [{ "name": "owner", "signer": true }, { "name": "reserve", "writable": true }, { "name": "lendingMarket" }, { "name": "lendingMarketAuthority" }, { "name": "reserveLiquidityMint" }, { "name": "reserveLiquiditySupply", "writable": true }, { "name": "reserveCollateralMint", "writable": true }, { "name": "userSourceLiquidity", "writable": true }, { "name": "userDestinationCollateral", "writable": true }, { "name": "collateralTokenProgram" }, { "name": "liquidityTokenProgram" }, { "name": "instructionSysvarAccount" }],
          args: [{ "name": "liquidityAmount", "type": "u64" }]
        },
        "redeemReserveCollateral": {
          discriminator: [234, 117, 181, 125, 185, 142, 220, 29],
          // source: @kamino-finance/klend-sdk 8.0.2 dist/idl/klend.json (a legacy Anchor IDL: discriminators by Anchor's sha256 rule), instruction redeemReserveCollateral.
          accounts: [{ "name": "owner", "signer": true }, { "name": "lendingMarket" }, { "name": "reserve", "writable": true }, { "name": "lendingMarketAuthority" }, { "name": "reserveLiquidityMint" }, { "name": "reserveCollateralMint", "writable": true }, { "name": "reserveLiquiditySupply", "writable": true }, { "name": "userSourceCollateral", "writable": true }, { "name": "userDestinationLiquidity", "writable": true }, { "name": "collateralTokenProgram" }, { "name": "liquidityTokenProgram" }, { "name": "instructionSysvarAccount" }],
          args: [{ "name": "collateralAmount", "type": "u64" }]
        }
      },
      accounts: {
        "Reserve": [43, 242, 204, 202, 26, 247, 59, 127]
      },
      layouts: {
        "Reserve": { "version": 8, "lendingMarket": 32, "liquidityMint": 128, "liquiditySupplyVault": 160, "available": 224, "borrowedSf": 232, "protocolFeesSf": 344, "referrerFeesSf": 360, "pendingReferrerFeesSf": 376, "liquidityTokenProgram": 408, "collateralMint": 2560, "collateralSupply": 2592 }
      }
    };
  }
});

// server/venues/kamino/descriptor.ts
var kamino;
var init_descriptor2 = __esm({
  "server/venues/kamino/descriptor.ts"() {
    "use strict";
    init_define();
    kamino = defineVenue({
      id: "kamino",
      protocol: "kamino",
      name: "Kamino Lend",
      chain: "svm-chain",
      ready: true,
      // Deposit and withdraw builders in server/venues/kamino/build.ts (withdraw sized at the rate read at plan time).
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "kamino-lend", symbol: "USDC", chain: "Solana" },
      onchain: {
        // Kamino-Finance/klend README.md ("Mainnet") and programs/klend/src/lib.rs declare_id! @ edd5ff509af3 (v1.16.0);
        // also PROGRAM_ID in @kamino-finance/klend-sdk 8.0.2 dist/@codegen/klend/programId.js.
        program: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD",
        // @kamino-finance/klend-sdk 8.0.2 README.md ("main market address").
        mainMarket: "7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF",
        // Kamino-Finance/klend-sdk @ cf46535690930a5d1e9d9fab1550a3de59a59fad examples/klend-examples/example_deposit_in_obligation.ts:
        // it loads MAIN_MARKET's reserve for USDC_MINT (loadReserveData) and its recorded output refreshes
        // `RefreshReserve[D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59]` (lines 47-56). The SDK ships no reserve list (it
        // reads reserves from chain), so the reader also checks at plan time that it is a klend-owned Reserve of mainMarket
        // whose liquidity mint is usdcMint, else nothing is built (kamino.ids.test.ts checks the example).
        usdcReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59",
        // Circle's USDC on Solana; USDC_MINT in @kamino-finance/kliquidity-sdk 8.5.10 src/services/JupService.ts.
        usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
      }
    });
  }
});

// server/venues/kamino/read.ts
function kaminoRateFromReserve(data) {
  const o = KAMINO_RESERVE_OFFSETS;
  const supply = u64le(data, o.collateralSupply);
  if (supply === 0n) throw new Error("the USDC reserve has no collateral tokens");
  const totalSf = (u64le(data, o.available) << 60n) + u128le(data, o.borrowedSf) - u128le(data, o.protocolFeesSf) - u128le(data, o.referrerFeesSf) - u128le(data, o.pendingReferrerFeesSf);
  if (totalSf <= 0n) throw new Error("the USDC reserve has no liquidity net of fees");
  return totalSf / supply;
}
async function readKaminoReserve(signal, ids11 = kamino.onchain) {
  const o = KAMINO_RESERVE_OFFSETS;
  const at = ids11.usdcReserve ?? "";
  const data = await programAccount(at, ids11.program ?? "", "Kamino USDC reserve", signal, {
    discriminator: KAMINO_RESERVE_DISCRIMINATOR,
    minLength: o.minLength
  });
  const market2 = pubkeyAt(data, o.lendingMarket);
  if (market2 !== ids11.mainMarket) throw new AccountMismatch(`Kamino reserve ${at} belongs to another lending market (${market2}), not the main market ${ids11.mainMarket}`);
  const mint = pubkeyAt(data, o.liquidityMint);
  if (mint !== ids11.usdcMint) throw new AccountMismatch(`Kamino reserve ${at}'s liquidity mint is ${mint}, not USDC ${ids11.usdcMint}`);
  return {
    rate: kaminoRateFromReserve(data),
    liquiditySupplyVault: pubkeyAt(data, o.liquiditySupplyVault),
    collateralMint: pubkeyAt(data, o.collateralMint),
    liquidityTokenProgram: pubkeyAt(data, o.liquidityTokenProgram)
  };
}
var KAMINO_RESERVE_DISCRIMINATOR, KAMINO_RESERVE_OFFSETS, kaminoReader, kaminoWorth;
var init_read4 = __esm({
  "server/venues/kamino/read.ts"() {
    "use strict";
    init_idl3();
    init_descriptor2();
    init_bytes();
    init_accounts();
    init_balances2();
    KAMINO_RESERVE_DISCRIMINATOR = Uint8Array.from(KLEND_IDL.accounts.Reserve);
    KAMINO_RESERVE_OFFSETS = { ...KLEND_IDL.layouts.Reserve, minLength: KLEND_IDL.layouts.Reserve.collateralSupply + 8 };
    __name(kaminoRateFromReserve, "kaminoRateFromReserve");
    __name(readKaminoReserve, "readKaminoReserve");
    kaminoReader = {
      venueId: kamino.id,
      what: "Kamino Lend USDC reserve collateral exchange rate",
      readIndex: /* @__PURE__ */ __name(async (signal) => (await readKaminoReserve(signal)).rate, "readIndex")
    };
    kaminoWorth = {
      venueId: kamino.id,
      what: "Kamino cUSDC balance \xD7 USDC reserve exchange rate",
      readWorth: /* @__PURE__ */ __name(async (owner, signal) => {
        const r = await readKaminoReserve(signal);
        const held = await solanaTokenBalance(owner, r.collateralMint, signal);
        return held * r.rate >> 60n;
      }, "readWorth")
    };
  }
});

// server/venues/kamino/build.ts
import { address as address5, createNoopSigner as createNoopSigner2 } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda3, getCreateAssociatedTokenIdempotentInstruction as getCreateAssociatedTokenIdempotentInstruction2, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS4 } from "@solana-program/token";
function kaminoCollateralFor(amountMicros, rateSf) {
  return ((amountMicros << 60n) + rateSf - 1n) / rateSf;
}
async function kaminoMarketAuthority(market2 = ids2.mainMarket) {
  return pdaOf(KLEND_PROGRAM, "lma", address5(market2));
}
async function accountsFor2(ids11, owner, r) {
  const ownerAddr = address5(owner);
  const mint = address5(ids11.usdcMint);
  const collateralMint = address5(r.collateralMint);
  const liquidityTokenProgram = address5(r.liquidityTokenProgram);
  const [userUsdc] = await findAssociatedTokenPda3({ owner: ownerAddr, mint, tokenProgram: liquidityTokenProgram });
  const [userCollateral] = await findAssociatedTokenPda3({ owner: ownerAddr, mint: collateralMint, tokenProgram: TOKEN_PROGRAM_ADDRESS4 });
  return {
    ownerAddr,
    market: address5(ids11.mainMarket),
    reserve: address5(ids11.usdcReserve),
    marketAuthority: await kaminoMarketAuthority(ids11.mainMarket),
    mint,
    liquiditySupply: address5(r.liquiditySupplyVault),
    collateralMint,
    liquidityTokenProgram,
    userUsdc,
    userCollateral
  };
}
function kaminoAdapterOf(v) {
  const ids11 = v.onchain;
  const reserveRead = /* @__PURE__ */ __name(() => readForPlan(`Kamino's USDC reserve ${ids11.usdcReserve}`, (signal) => readKaminoReserve(signal, ids11)), "reserveRead");
  return {
    venueId: v.id,
    onchainInterface: `${ids11.program} depositReserveLiquidity(liquidityAmount: u64) / redeemReserveCollateral(collateralAmount: u64) on reserve ${ids11.usdcReserve}`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const a = await accountsFor2(ids11, owner, await reserveRead());
      const payer = createNoopSigner2(a.ownerAddr);
      const createCollateralAta = getCreateAssociatedTokenIdempotentInstruction2({ payer, ata: a.userCollateral, owner: a.ownerAddr, mint: a.collateralMint });
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction2({ payer, ata: a.userUsdc, owner: a.ownerAddr, mint: a.mint, tokenProgram: a.liquidityTokenProgram });
      const deposit = anchorInstruction(
        KLEND_PROGRAM,
        KLEND_IDL.instructions.depositReserveLiquidity,
        {
          owner: a.ownerAddr,
          reserve: a.reserve,
          lendingMarket: a.market,
          lendingMarketAuthority: a.marketAuthority,
          reserveLiquidityMint: a.mint,
          reserveLiquiditySupply: a.liquiditySupply,
          reserveCollateralMint: a.collateralMint,
          userSourceLiquidity: a.userUsdc,
          userDestinationCollateral: a.userCollateral,
          collateralTokenProgram: TOKEN_PROGRAM_ADDRESS4,
          liquidityTokenProgram: a.liquidityTokenProgram,
          instructionSysvarAccount: SYSVAR_INSTRUCTIONS
        },
        { liquidityAmount: amountMicros }
      );
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Kamino Lend's main-market USDC reserve and receive cUSDC in the owner's token account`, await solanaPayload(owner, [createCollateralAta, createUsdcAta, deposit], [], blockhash));
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const r = await reserveRead();
      const collateral = kaminoCollateralFor(amountMicros, r.rate);
      const a = await accountsFor2(ids11, owner, r);
      const held = await readForPlan("The owner's cUSDC balance", (signal) => solanaTokenBalance(owner, a.collateralMint, signal));
      requireShares("cUSDC", collateral, held, held * r.rate >> 60n);
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction2({
        payer: createNoopSigner2(a.ownerAddr),
        ata: a.userUsdc,
        owner: a.ownerAddr,
        mint: a.mint,
        tokenProgram: a.liquidityTokenProgram
      });
      const redeem = anchorInstruction(
        KLEND_PROGRAM,
        KLEND_IDL.instructions.redeemReserveCollateral,
        {
          owner: a.ownerAddr,
          lendingMarket: a.market,
          reserve: a.reserve,
          lendingMarketAuthority: a.marketAuthority,
          reserveLiquidityMint: a.mint,
          reserveCollateralMint: a.collateralMint,
          reserveLiquiditySupply: a.liquiditySupply,
          userSourceCollateral: a.userCollateral,
          userDestinationLiquidity: a.userUsdc,
          collateralTokenProgram: TOKEN_PROGRAM_ADDRESS4,
          liquidityTokenProgram: a.liquidityTokenProgram,
          instructionSysvarAccount: SYSVAR_INSTRUCTIONS
        },
        { collateralAmount: collateral }
      );
      return solanaPlanTransaction("withdraw", `Redeem ${collateral} cUSDC from Kamino Lend's main-market USDC reserve for at least ${amountMicros} micro-USDC at the reserve's rate now`, await solanaPayload(owner, [createUsdcAta, redeem], [], blockhash));
    }, "withdraw")
  };
}
var ids2, KLEND_PROGRAM, SYSVAR_INSTRUCTIONS, DISC, kaminoAdapter;
var init_build5 = __esm({
  "server/venues/kamino/build.ts"() {
    "use strict";
    init_balances2();
    init_solana();
    init_read4();
    init_descriptor2();
    init_idl2();
    init_anchor();
    init_idl3();
    init_plan_reads();
    ids2 = kamino.onchain;
    KLEND_PROGRAM = address5(ids2.program);
    SYSVAR_INSTRUCTIONS = address5("Sysvar1nstructions1111111111111111111111111");
    DISC = {
      depositReserveLiquidity: Uint8Array.from(KLEND_IDL.instructions.depositReserveLiquidity.discriminator),
      redeemReserveCollateral: Uint8Array.from(KLEND_IDL.instructions.redeemReserveCollateral.discriminator)
    };
    __name(kaminoCollateralFor, "kaminoCollateralFor");
    __name(kaminoMarketAuthority, "kaminoMarketAuthority");
    __name(accountsFor2, "accountsFor");
    __name(kaminoAdapterOf, "kaminoAdapterOf");
    kaminoAdapter = kaminoAdapterOf(kamino);
  }
});

// server/venues/kamino/errors.ts
var KLEND_ANCHOR_ERRORS, KLEND_PROGRAM_ERRORS;
var init_errors4 = __esm({
  "server/venues/kamino/errors.ts"() {
    "use strict";
    KLEND_ANCHOR_ERRORS = [
      [100, "InstructionMissing", "8 byte instruction identifier not provided"],
      [101, "InstructionFallbackNotFound", "Fallback functions are not supported"],
      [102, "InstructionDidNotDeserialize", "The program could not deserialize the given instruction"],
      [103, "InstructionDidNotSerialize", "The program could not serialize the given instruction"],
      [1e3, "IdlInstructionStub", "The program was compiled without idl instructions"],
      [1001, "IdlInstructionInvalidProgram", "The transaction was given an invalid program for the IDL instruction"],
      [2e3, "ConstraintMut", "A mut constraint was violated"],
      [2001, "ConstraintHasOne", "A has one constraint was violated"],
      [2002, "ConstraintSigner", "A signer constraint was violated"],
      [2003, "ConstraintRaw", "A raw constraint was violated"],
      [2004, "ConstraintOwner", "An owner constraint was violated"],
      [2005, "ConstraintRentExempt", "A rent exemption constraint was violated"],
      [2006, "ConstraintSeeds", "A seeds constraint was violated"],
      [2007, "ConstraintExecutable", "An executable constraint was violated"],
      [2008, "ConstraintState", "Deprecated Error, feel free to replace with something else"],
      [2009, "ConstraintAssociated", "An associated constraint was violated"],
      [2010, "ConstraintAssociatedInit", "An associated init constraint was violated"],
      [2011, "ConstraintClose", "A close constraint was violated"],
      [2012, "ConstraintAddress", "An address constraint was violated"],
      [2013, "ConstraintZero", "Expected zero account discriminant"],
      [2014, "ConstraintTokenMint", "A token mint constraint was violated"],
      [2015, "ConstraintTokenOwner", "A token owner constraint was violated"],
      [2016, "ConstraintMintMintAuthority", "A mint mint authority constraint was violated"],
      [2017, "ConstraintMintFreezeAuthority", "A mint freeze authority constraint was violated"],
      [2018, "ConstraintMintDecimals", "A mint decimals constraint was violated"],
      [2019, "ConstraintSpace", "A space constraint was violated"],
      [2020, "ConstraintAccountIsNone", "A required account for the constraint is None"],
      [2500, "RequireViolated", "A require expression was violated"],
      [2501, "RequireEqViolated", "A require_eq expression was violated"],
      [2502, "RequireKeysEqViolated", "A require_keys_eq expression was violated"],
      [2503, "RequireNeqViolated", "A require_neq expression was violated"],
      [2504, "RequireKeysNeqViolated", "A require_keys_neq expression was violated"],
      [2505, "RequireGtViolated", "A require_gt expression was violated"],
      [2506, "RequireGteViolated", "A require_gte expression was violated"],
      [3e3, "AccountDiscriminatorAlreadySet", "The account discriminator was already set on this account"],
      [3001, "AccountDiscriminatorNotFound", "No 8 byte discriminator was found on the account"],
      [3002, "AccountDiscriminatorMismatch", "8 byte discriminator did not match what was expected"],
      [3003, "AccountDidNotDeserialize", "Failed to deserialize the account"],
      [3004, "AccountDidNotSerialize", "Failed to serialize the account"],
      [3005, "AccountNotEnoughKeys", "Not enough account keys given to the instruction"],
      [3006, "AccountNotMutable", "The given account is not mutable"],
      [3007, "AccountOwnedByWrongProgram", "The given account is owned by a different program than expected"],
      [3008, "InvalidProgramId", "Program ID was not as expected"],
      [3009, "InvalidProgramExecutable", "Program account is not executable"],
      [3010, "AccountNotSigner", "The given account did not sign"],
      [3011, "AccountNotSystemOwned", "The given account is not owned by the system program"],
      [3012, "AccountNotInitialized", "The program expected this account to be already initialized"],
      [3013, "AccountNotProgramData", "The given account is not a program data account"],
      [3014, "AccountNotAssociatedTokenAccount", "The given account is not the associated token account"],
      [3015, "AccountSysvarMismatch", "The given public key does not match the required sysvar"],
      [3016, "AccountReallocExceedsLimit", "The account reallocation exceeds the MAX_PERMITTED_DATA_INCREASE limit"],
      [3017, "AccountDuplicateReallocs", "The account was duplicated for more than one reallocation"],
      [4100, "DeclaredProgramIdMismatch", "The declared program id does not match the actual program id"],
      [5e3, "Deprecated", "The API being used is deprecated and should no longer be used"]
    ];
    KLEND_PROGRAM_ERRORS = [
      [6e3, "InvalidMarketAuthority", "Market authority is invalid"],
      [6001, "InvalidMarketOwner", "Market owner is invalid"],
      [6002, "InvalidAccountOwner", "Input account owner is not the program address"],
      [6003, "InvalidAmount", "Input amount is invalid"],
      [6004, "InvalidConfig", "Input config value is invalid"],
      [6005, "InvalidSigner", "Signer is not allowed to perform this action"],
      [6006, "InvalidAccountInput", "Invalid account input"],
      [6007, "MathOverflow", "Math operation overflow"],
      [6008, "InsufficientLiquidity", "Insufficient liquidity available"],
      [6009, "ReserveStale", "Reserve state needs to be refreshed"],
      [6010, "WithdrawTooSmall", "Withdraw amount too small"],
      [6011, "WithdrawTooLarge", "Withdraw amount too large"],
      [6012, "BorrowTooSmall", "Borrow amount too small to receive liquidity after fees"],
      [6013, "BorrowTooLarge", "Borrow amount too large for deposited collateral"],
      [6014, "RepayTooSmall", "Repay amount too small to transfer liquidity"],
      [6015, "LiquidationTooSmall", "Liquidation amount too small to receive collateral"],
      [6016, "ObligationHealthy", "Cannot liquidate healthy obligations"],
      [6017, "ObligationStale", "Obligation state needs to be refreshed"],
      [6018, "ObligationReserveLimit", "Obligation reserve limit exceeded"],
      [6019, "InvalidObligationOwner", "Obligation owner is invalid"],
      [6020, "ObligationDepositsEmpty", "Obligation deposits are empty"],
      [6021, "ObligationBorrowsEmpty", "Obligation borrows are empty"],
      [6022, "ObligationDepositsZero", "Obligation deposits have zero value"],
      [6023, "ObligationBorrowsZero", "Obligation borrows have zero value"],
      [6024, "InvalidObligationCollateral", "Invalid obligation collateral"],
      [6025, "InvalidObligationLiquidity", "Invalid obligation liquidity"],
      [6026, "ObligationCollateralEmpty", "Obligation collateral is empty"],
      [6027, "ObligationLiquidityEmpty", "Obligation liquidity is empty"],
      [6028, "NegativeInterestRate", "Interest rate is negative"],
      [6029, "InvalidOracleConfig", "Input oracle config is invalid"],
      [6030, "InsufficientProtocolFeesToRedeem", "Insufficient protocol fees to claim or no liquidity available"],
      [6031, "FlashBorrowCpi", "No cpi flash borrows allowed"],
      [6032, "NoFlashRepayFound", "No corresponding repay found for flash borrow"],
      [6033, "InvalidFlashRepay", "Invalid repay found"],
      [6034, "FlashRepayCpi", "No cpi flash repays allowed"],
      [6035, "MultipleFlashBorrows", "Multiple flash borrows not allowed in the same transaction"],
      [6036, "FlashLoansDisabled", "Flash loans are disabled for this reserve"],
      [6037, "SwitchboardV2Error", "Switchboard error"],
      [6038, "CouldNotDeserializeScope", "Cannot deserialize the scope price account"],
      [6039, "PriceTooOld", "Price too old"],
      [6040, "PriceTooDivergentFromTwap", "Price too divergent from twap"],
      [6041, "InvalidTwapPrice", "Invalid twap price"],
      [6042, "GlobalEmergencyMode", "Emergency mode is enabled"],
      [6043, "InvalidFlag", "Invalid lending market config"],
      [6044, "PriceNotValid", "Price is not valid"],
      [6045, "PriceIsBiggerThanHeuristic", "Price is bigger than allowed by heuristic"],
      [6046, "PriceIsLowerThanHeuristic", "Price lower than allowed by heuristic"],
      [6047, "PriceIsZero", "Price is zero"],
      [6048, "PriceConfidenceTooWide", "Price confidence too wide"],
      [6049, "IntegerOverflow", "Conversion between integers failed"],
      [6050, "NoFarmForReserve", "This reserve does not have a farm"],
      [6051, "IncorrectInstructionInPosition", "Wrong instruction at expected position"],
      [6052, "NoPriceFound", "No price found"],
      [6053, "InvalidTwapConfig", "Invalid Twap configuration: Twap is enabled but one of the enabled price doesn't have a twap"],
      [6054, "InvalidPythPriceAccount", "Pyth price account does not match configuration"],
      [6055, "InvalidSwitchboardAccount", "Switchboard account(s) do not match configuration"],
      [6056, "InvalidScopePriceAccount", "Scope price account does not match configuration"],
      [6057, "ObligationCollateralLtvZero", "The obligation has one collateral with an LTV set to 0. Withdraw it before withdrawing other collaterals"],
      [6058, "InvalidObligationSeedsValue", "Seeds must be default pubkeys for tag 0, and mint addresses for tag 1 or 2"],
      [6059, "DeprecatedInvalidObligationId", "[DEPRECATED] Obligation id must be 0"],
      [6060, "InvalidBorrowRateCurvePoint", "Invalid borrow rate curve point"],
      [6061, "InvalidUtilizationRate", "Invalid utilization rate"],
      [6062, "CannotSocializeObligationWithCollateral", "Obligation hasn't been fully liquidated and debt cannot be socialized."],
      [6063, "ObligationEmpty", "Obligation has no borrows or deposits."],
      [6064, "WithdrawalCapReached", "Withdrawal cap is reached"],
      [6065, "LastTimestampGreaterThanCurrent", "The last interval start timestamp is greater than the current timestamp"],
      [6066, "LiquidationRewardTooSmall", "The reward amount is less than the minimum acceptable received liquidity"],
      [6067, "IsolatedAssetTierViolation", "Isolated Asset Tier Violation"],
      [6068, "InconsistentElevationGroup", "The obligation's elevation group and the reserve's are not the same"],
      [6069, "InvalidElevationGroup", "The elevation group chosen for the reserve does not exist in the lending market"],
      [6070, "InvalidElevationGroupConfig", "The elevation group updated has wrong parameters set"],
      [6071, "UnhealthyElevationGroupLtv", "The current obligation must have most or all its debt repaid before changing the elevation group"],
      [6072, "ElevationGroupNewLoansDisabled", "Elevation group does not accept any new loans or any new borrows/withdrawals"],
      [6073, "ReserveDeprecated", "Reserve was deprecated, no longer usable"],
      [6074, "ReferrerAccountNotInitialized", "Referrer account not initialized"],
      [6075, "ReferrerAccountMintMissmatch", "Referrer account mint does not match the operation reserve mint"],
      [6076, "ReferrerAccountWrongAddress", "Referrer account address is not a valid program address"],
      [6077, "ReferrerAccountReferrerMissmatch", "Referrer account referrer does not match the owner referrer"],
      [6078, "ReferrerAccountMissing", "Referrer account missing for obligation with referrer"],
      [6079, "InsufficientReferralFeesToRedeem", "Insufficient referral fees to claim or no liquidity available"],
      [6080, "CpiDisabled", "CPI disabled for this instruction"],
      [6081, "ShortUrlNotAsciiAlphanumeric", "Referrer short_url is not ascii alphanumeric"],
      [6082, "ReserveObsolete", "Reserve is marked as obsolete"],
      [6083, "ElevationGroupAlreadyActivated", "Obligation already part of the same elevation group"],
      [6084, "ObligationInObsoleteReserve", "Obligation has a deposit or borrow in an obsolete reserve"],
      [6085, "ReferrerStateOwnerMismatch", "Referrer state owner does not match the given signer"],
      [6086, "UserMetadataOwnerAlreadySet", "User metadata owner is already set"],
      [6087, "CollateralNonLiquidatable", "This collateral cannot be liquidated (LTV set to 0)"],
      [6088, "BorrowingDisabled", "Borrowing is disabled"],
      [6089, "BorrowLimitExceeded", "Cannot borrow above borrow limit"],
      [6090, "DepositLimitExceeded", "Cannot deposit above deposit limit"],
      [6091, "BorrowingDisabledOutsideElevationGroup", "Reserve does not accept any new borrows outside elevation group"],
      [6092, "NetValueRemainingTooSmall", "Net value remaining too small"],
      [6093, "WorseLtvBlocked", "Cannot get the obligation in a worse position"],
      [6094, "LiabilitiesBiggerThanAssets", "Cannot have more liabilities than assets in a position"],
      [6095, "ReserveTokenBalanceMismatch", "Reserve state and token account cannot drift"],
      [6096, "ReserveVaultBalanceMismatch", "Reserve token account has been unexpectedly modified"],
      [6097, "ReserveAccountingMismatch", "Reserve internal state accounting has been unexpectedly modified"],
      [6098, "BorrowingAboveUtilizationRateDisabled", "Borrowing above set utilization rate is disabled"],
      [6099, "LiquidationBorrowFactorPriority", "Liquidation must prioritize the debt with the highest borrow factor"],
      [6100, "LiquidationLowestLiquidationLtvPriority", "Liquidation must prioritize the collateral with the lowest liquidation LTV"],
      [6101, "ElevationGroupBorrowLimitExceeded", "Elevation group borrow limit exceeded"],
      [6102, "ElevationGroupWithoutDebtReserve", "The elevation group does not have a debt reserve defined"],
      [6103, "ElevationGroupMaxCollateralReserveZero", "The elevation group does not allow any collateral reserves"],
      [6104, "ElevationGroupHasAnotherDebtReserve", "In elevation group attempt to borrow from a reserve that is not the debt reserve"],
      [6105, "ElevationGroupDebtReserveAsCollateral", "The elevation group's debt reserve cannot be used as a collateral reserve"],
      [6106, "ObligationCollateralExceedsElevationGroupLimit", "Obligation have more collateral than the maximum allowed by the elevation group"],
      [6107, "ObligationElevationGroupMultipleDebtReserve", "Obligation is an elevation group but have more than one debt reserve"],
      [6108, "UnsupportedTokenExtension", "Mint has a token (2022) extension that is not supported"],
      [6109, "InvalidTokenAccount", "Can't have an spl token mint with a t22 account"],
      [6110, "DepositDisabledOutsideElevationGroup", "Can't deposit into this reserve outside elevation group"],
      [6111, "CannotCalculateReferralAmountDueToSlotsMismatch", "Cannot calculate referral amount due to slots mismatch"],
      [6112, "ObligationOwnersMustMatch", "Obligation owners must match"],
      [6113, "ObligationsMustMatch", "Obligations must match"],
      [6114, "LendingMarketsMustMatch", "Lending markets must match"],
      [6115, "ObligationCurrentlyMarkedForDeleveraging", "Obligation is already marked for deleveraging"],
      [6116, "MaximumWithdrawValueZero", "Maximum withdrawable value of this collateral is zero, LTV needs improved"],
      [6117, "ZeroMaxLtvAssetsInDeposits", "No max LTV 0 assets allowed in deposits for repay and withdraw"],
      [6118, "LowestLtvAssetsPriority", "Withdrawing must prioritize the collateral with the lowest reserve max-LTV"],
      [6119, "WorseLtvThanUnhealthyLtv", "Cannot get the obligation liquidatable"],
      [6120, "FarmAccountsMissing", "Farm accounts to refresh are missing"],
      [6121, "RepayTooSmallForFullLiquidation", "Repay amount is too small to satisfy the mandatory full liquidation"],
      [6122, "InsufficientRepayAmount", "Liquidator provided repay amount lower than required by liquidation rules"],
      [6123, "OrderIndexOutOfBounds", "Obligation order of the given index cannot exist"],
      [6124, "InvalidOrderConfiguration", "Given order configuration has wrong parameters"],
      [6125, "OrderConfigurationNotSupportedByObligation", "Given order configuration cannot be used with the current state of the obligation"],
      [6126, "OperationNotPermittedWithCurrentObligationOrders", "Single debt, single collateral obligation orders have to be cancelled before changing the deposit/borrow count"],
      [6127, "OperationNotPermittedMarketImmutable", "Cannot update lending market because it is set as immutable"],
      [6128, "OrderCreationDisabled", "Creation of new orders is disabled"],
      [6129, "NoUpgradeAuthority", "Cannot initialize global config because there is no upgrade authority to the program"],
      [6130, "InitialAdminDepositExecuted", "Initial admin deposit in reserve already executed"],
      [6131, "ReserveHasNotReceivedInitialDeposit", "Reserve has not received the initial deposit, cannot update config"],
      [6132, "CTokenUsageBlocked", "CToken minting/redeeming is blocked for this reserve"],
      [6133, "CannotUseSameReserve", "Cannot call ix with same reserve"],
      [6134, "TransactionIncludesRestrictedPrograms", "Transaction includes restricted programs"],
      [6135, "BorrowOrderDebtLiquidityMintMismatch", "There is no borrow order requesting debt in the given asset"],
      [6136, "BorrowOrderMaxBorrowRateExceeded", "Reserve used for fill exceeds the maximum borrow rate specified by the order"],
      [6137, "BorrowOrderMinDebtTermInsufficient", "Reserve used for fill defines a debt term shorter than specified by the order"],
      [6138, "BorrowOrderFillTimeLimitExceeded", "Borrow order can no longer be filled"],
      [6139, "ReserveDebtMaturityReached", "Cannot borrow from a reserve that reached its debt maturity timestamp"],
      [6140, "NonUpdatableOrderConfiguration", "Some piece of the order's configuration cannot be updated (the order should be cancelled and placed again)"],
      [6141, "BorrowOrderExecutionDisabled", "Execution of borrow orders is disabled"],
      [6142, "DebtReachedReserveDebtTerm", "Cannot increase the debt that has reached its end of term configured by the reserve"],
      [6143, "ExpectationNotMet", "The on-chain state does not meet expectation specified by the caller, so the operation must be aborted (to avoid race conditions)"],
      [6144, "BorrowOrderFillValueTooSmall", "Available liquidity could not satisfy the minimum required borrow order fill value"],
      [6145, "WithdrawTicketIssuanceDisabled", "Issuing new withdraw tickets is disabled by the market"],
      [6146, "WithdrawTicketRedemptionDisabled", "Redeeming withdraw tickets is disabled by the market"],
      [6147, "WithdrawTicketStillValid", "Recovering collateral is only available after the withdraw ticket has been marked invalid"],
      [6148, "WithdrawTicketRequiresFullRedemption", "The withdraw ticket's current state requires that it is fully redeemed (e.g. due to owner ATA creation), but there is not enough liquidity"],
      [6149, "UserTokenBalanceMismatch", "The user's token account has changed its balance in an unexpected way"],
      [6150, "WithdrawQueuedLiquidityValueTooSmall", "Available liquidity could not satisfy the minimum required ticketed withdrawal value"],
      [6151, "InvalidTokenAccountState", "Token account is in a state preventing the handler's operation (e.g. frozen or delegate)"],
      [6152, "WithdrawTicketInvalid", "Cannot use ticket that was already marked invalid"],
      [6153, "BorrowOrderValueTooSmall", "Borrow order's value would be below the market-configured minimum"],
      [6154, "WithdrawTicketValueTooSmall", "Withdraw ticket's value would be below the market-configured minimum"],
      [6155, "InvalidWithdrawTicketProgressCallbackConfig", "Invalid configuration or required custom accounts for the requested withdraw ticket callback type"],
      [6156, "WithdrawTicketProgressCallbackAccountsMissing", "One or more accounts required by the ticket's configured progress callback are missing"],
      [6157, "BorrowRolloverConfigurationDisabled", "Configuring auto-rollover on loans is disabled by market owner"],
      [6158, "InvalidObligationConfigUpdateSubject", "Invalid specification of the Obligation's part to be configured"],
      [6159, "BorrowRolloverLiquidityMintMismatch", "Auto-rollover must use a target reserve of the same token"],
      [6160, "ObligationBorrowRolloverNotApplicable", "The given borrow is not fixed-term and does not require rolling over"],
      [6161, "ObligationBorrowOutsideRolloverWindow", "The given borrow is outside the corresponding market-configured rollover window"],
      [6162, "ObligationBorrowRolloverNotEnabledByOwner", "Obligation's owner did not opt-in for auto-rollover of the given borrow"],
      [6163, "ObligationBorrowRolloverTargetReserveMismatch", "Obligation's owner did not allow to roll over into terms offered by the given reserve"],
      [6164, "BorrowRolloverExecutionDisabled", "Executing auto-rollover is disabled by market owner"],
      [6165, "ObligationAccountingMismatch", "Obligation internal state accounting has been unexpectedly modified"],
      [6166, "PartialRolloverValueTooSmall", "Partial rollover amount is below the market-configured minimum value"],
      [6167, "ObligationBorrowRolloverConfigMismatch", "Pre-existing rollover configuration of the loan cannot be overwritten by the operation"],
      [6168, "ObligationBorrowRolloverMustProlongDebtTerm", "Rollover into existing borrow must prolong the remaining debt term"],
      [6169, "RolloverNotSupportedInElevationGroup", "Rollover is not supported for obligations in an elevation group"],
      [6170, "WithdrawTicketCancellationDisabled", "Cancelling withdraw tickets is disabled by the market"],
      [6171, "WithdrawTicketFullyCancelled", "Cannot use ticket that was already fully-cancelled"],
      [6172, "CloneSourceReserveDisabled", "Cannot clone config from a reserve that is disabled"],
      [6173, "CloneTargetReserveAlreadyInUse", "Cannot clone config into a reserve that has been in use"],
      [6174, "ClonedReserveLiquidityMintMismatch", "Cannot clone config between reserves of different mints"],
      [6175, "ReserveEmergencyMode", "Reserve emergency mode is enabled"],
      [6176, "ObligationOwnershipTransferInProgress", "Obligation ownership transfer is in progress"],
      [6177, "ObligationOwnershipTransferNotInInitiatedState", "Obligation ownership transfer is not in initiated state"],
      [6178, "ObligationPendingOwnerNotSet", "Obligation pending owner not set"],
      [6179, "ObligationInvalidPendingOwner", "Invalid pending owner address"],
      [6180, "ObligationOwnershipTransferNotApproved", "Obligation ownership transfer not approved by admin"],
      [6181, "ObligationHasActiveBorrowOrders", "Obligation has active borrow orders"],
      [6182, "OnlyComputeBudgetCompanionIxsAllowed", "Only ComputeBudget instructions may accompany this instruction"],
      [6183, "MissingPermissioner", "Required permissioning account is missing"],
      [6184, "ReserveRewardsDisabled", "Reserve rewards are disabled on this market (reserve_rewards_max_apr_bps is 0)"]
    ];
  }
});

// server/venues/kamino/index.ts
var kaminoVenue;
var init_kamino = __esm({
  "server/venues/kamino/index.ts"() {
    "use strict";
    init_program_errors();
    init_define();
    init_build5();
    init_descriptor2();
    init_errors4();
    init_read4();
    kaminoVenue = venueModule({
      descriptor: kamino,
      read: kaminoReader,
      worth: kaminoWorth,
      build: kaminoAdapter,
      programErrors: {
        program: kamino.onchain.program ?? "",
        name: "Kamino Lend (klend)",
        custom: programErrorTable([...KLEND_ANCHOR_ERRORS, ...KLEND_PROGRAM_ERRORS])
      }
    });
  }
});

// server/venues/marginfi/descriptor.ts
var marginfi;
var init_descriptor3 = __esm({
  "server/venues/marginfi/descriptor.ts"() {
    "use strict";
    init_tokens();
    init_define();
    marginfi = defineVenue({
      id: "marginfi",
      protocol: "marginfi",
      name: "marginfi",
      chain: "svm-chain",
      ready: true,
      // Deposit (marginfi_account_initialize_pda when the owner has no account, then lending_account_deposit) and withdraw
      // (lending_account_withdraw, capped at the owner's deposited balance) in server/venues/marginfi/build.ts.
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "marginfi-lending", symbol: "USDC", chain: "Solana" },
      onchain: {
        // @mrgnlabs/marginfi-client-v2 6.4.2 dist/configs.json, label "production": program and group.
        program: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
        group: "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8",
        // The production group's USDC bank: mrgnlabs/marginfi-v2 programs/marginfi/tests/misc/regression.rs (a mainnet
        // account's USDC balance, bank_pk; commit 3031ba3b3368314cfbc5fafa0086bf76f8f795e6). The SDK ships no bank list
        // (it loads banks from chain and metadata from a web API); the reader and builders check at plan time that this
        // bank is owned by the program, belongs to the production group and holds USDC.
        usdcBank: "2s37akK2eyBbp8DZgCm7RtsaEz8eJP3Nxd4urLHQv7yB",
        // Circle's USDC mint (lib/tokens.ts, cited there).
        usdcMint: USDC["svm-chain"]
      }
    });
  }
});

// server/venues/marginfi/idl.ts
var MARGINFI_IDL;
var init_idl4 = __esm({
  "server/venues/marginfi/idl.ts"() {
    "use strict";
    MARGINFI_IDL = {
      instructions: {
        "marginfi_account_initialize_pda": {
          discriminator: [87, 177, 91, 80, 218, 119, 245, 31],
          // source: @mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json (the SDK's MARGINFI_IDL), instruction marginfi_account_initialize_pda.
          accounts: [{ "name": "marginfi_group" }, { "name": "marginfi_account", "writable": true }, { "name": "authority", "signer": true }, { "name": "fee_payer", "writable": true, "signer": true }, { "name": "instructions_sysvar", "address": "Sysvar1nstructions1111111111111111111111111" }, { "name": "system_program", "address": "11111111111111111111111111111111" }],
          args: [{ "name": "account_index", "type": "u16" }, { "name": "third_party_id", "type": { "option": "u16" } }]
        },
        "lending_account_deposit": {
          discriminator: [171, 94, 235, 103, 82, 64, 212, 140],
          // source: @mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json (the SDK's MARGINFI_IDL), instruction lending_account_deposit.
          accounts: [{ "name": "group" }, { "name": "marginfi_account", "writable": true }, { "name": "authority", "signer": true }, { "name": "bank", "writable": true }, { "name": "signer_token_account", "writable": true }, { "name": "liquidity_vault", "writable": true }, { "name": "token_program" }],
          args: [{ "name": "amount", "type": "u64" }, { "name": "deposit_up_to_limit", "type": { "option": "bool" } }]
        },
        "lending_account_withdraw": {
          discriminator: [36, 72, 74, 19, 210, 210, 192, 192],
          // source: @mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json (the SDK's MARGINFI_IDL), instruction lending_account_withdraw.
          accounts: [{ "name": "group", "writable": true }, { "name": "marginfi_account", "writable": true }, { "name": "authority", "signer": true }, { "name": "bank", "writable": true }, { "name": "destination_token_account", "writable": true }, { "name": "bank_liquidity_vault_authority" }, { "name": "liquidity_vault", "writable": true }, { "name": "token_program" }],
          args: [{ "name": "amount", "type": "u64" }, { "name": "withdraw_all", "type": { "option": "bool" } }]
        }
      },
      accounts: {
        "Bank": [142, 49, 166, 242, 50, 66, 97, 188],
        "MarginfiAccount": [67, 178, 130, 109, 126, 114, 28, 42]
      }
    };
  }
});

// server/venues/marginfi/read.ts
function marginfiShareValue(data) {
  const v = i128le(data, MARGINFI_BANK_OFFSETS.assetShareValue);
  if (v <= 0n) throw new Error("the USDC bank's asset share value is not positive");
  return v;
}
var MARGINFI_BANK_DISCRIMINATOR, MARGINFI_BANK_OFFSETS, marginfiReader;
var init_read5 = __esm({
  "server/venues/marginfi/read.ts"() {
    "use strict";
    init_descriptor3();
    init_idl4();
    init_bytes();
    init_accounts();
    MARGINFI_BANK_DISCRIMINATOR = Uint8Array.from(MARGINFI_IDL.accounts.Bank);
    MARGINFI_BANK_OFFSETS = { mint: 8, group: 41, assetShareValue: 80, minLength: 96 };
    __name(marginfiShareValue, "marginfiShareValue");
    marginfiReader = {
      venueId: marginfi.id,
      what: "marginfi USDC Bank asset_share_value",
      readIndex: /* @__PURE__ */ __name(async (signal) => {
        const ids11 = marginfi.onchain;
        const data = await programAccount(ids11.usdcBank ?? "", ids11.program ?? "", "marginfi USDC bank", signal, {
          discriminator: MARGINFI_BANK_DISCRIMINATOR,
          minLength: MARGINFI_BANK_OFFSETS.minLength
        });
        if (pubkeyAt(data, MARGINFI_BANK_OFFSETS.mint) !== ids11.usdcMint) throw new AccountMismatch(`marginfi bank ${ids11.usdcBank}'s mint is not USDC`);
        if (pubkeyAt(data, MARGINFI_BANK_OFFSETS.group) !== ids11.group) throw new AccountMismatch(`marginfi bank ${ids11.usdcBank} belongs to another marginfi group`);
        return marginfiShareValue(data);
      }, "readIndex")
    };
  }
});

// server/venues/marginfi/build.ts
import { address as address6, createNoopSigner as createNoopSigner3, getAddressEncoder as getAddressEncoder3, getProgramDerivedAddress as getProgramDerivedAddress2, getU16Encoder, getUtf8Encoder as getUtf8Encoder2 } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda4, getCreateAssociatedTokenIdempotentInstruction as getCreateAssociatedTokenIdempotentInstruction3, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS5 } from "@solana-program/token";
function parseMarginfiBank(at, data) {
  const L = MARGINFI_LAYOUT.bank;
  return {
    address: address6(at),
    mint: address6(pubkeyAt(data, L.mint)),
    group: address6(pubkeyAt(data, L.group)),
    assetShareValue: i128le(data, L.assetShareValue),
    liquidityVault: address6(pubkeyAt(data, L.liquidityVault)),
    oracleSetup: data[L.oracleSetup] ?? 0,
    oracleKey: address6(pubkeyAt(data, L.oracleKey0)),
    assetTag: data[L.assetTag] ?? 0
  };
}
function parseMarginfiAccount(data, owner) {
  const L = MARGINFI_LAYOUT.account;
  if (data.length < L.length || !bytesEqual(data.subarray(0, 8), MARGINFI_ACCOUNT_DISCRIMINATOR)) throw new AccountMismatch("the owner's marginfi account address holds another kind of account");
  if (pubkeyAt(data, L.group) !== ids3.group) throw new AccountMismatch("the owner's marginfi account belongs to another group");
  if (pubkeyAt(data, L.authority) !== owner) throw new AccountMismatch("the marginfi account at the owner's address has another authority");
  const out = [];
  for (let i = 0; i < L.balanceCount; i++) {
    const at = L.balances + i * L.balanceSize;
    if (data[at + L.active] === 0) continue;
    out.push({ bank: address6(pubkeyAt(data, at + L.bankPk)), assetShares: i128le(data, at + L.assetShares), liabilityShares: i128le(data, at + L.liabilityShares) });
  }
  return out;
}
function marginfiSharesWorth(shares, shareValue) {
  return shares * shareValue >> 96n;
}
function marginfiHeldIn(balances2, bank) {
  const b = balances2?.find((x) => x.bank === bank.address);
  return b ? marginfiSharesWorth(b.assetShares, bank.assetShareValue) : 0n;
}
async function marginfiAccountAddress(owner) {
  const u16 = getU16Encoder();
  const [a] = await getProgramDerivedAddress2({
    programAddress: MARGINFI_PROGRAM,
    seeds: [utf82.encode("marginfi_account"), addr2.encode(GROUP), addr2.encode(address6(owner)), u16.encode(0), u16.encode(0)]
  });
  return a;
}
async function marginfiVaultAuthority(bank) {
  const [a] = await getProgramDerivedAddress2({ programAddress: MARGINFI_PROGRAM, seeds: [utf82.encode("liquidity_vault_auth"), addr2.encode(bank)] });
  return a;
}
async function readBank(at, signal, v = ids3) {
  const data = await programAccount(at, v.program, `marginfi bank ${at}`, signal, { discriminator: MARGINFI_BANK_DISCRIMINATOR, minLength: MARGINFI_LAYOUT.bank.length });
  const bank = parseMarginfiBank(at, data);
  if (bank.group !== v.group) throw new AccountMismatch(`marginfi bank ${at} belongs to another marginfi group (${bank.group}), not the production group ${v.group}`);
  return bank;
}
async function readUsdcBank(v, signal) {
  const bank = await readBank(v.usdcBank, signal, v);
  if (bank.mint !== v.usdcMint) throw new AccountMismatch(`marginfi bank ${v.usdcBank}'s mint is ${bank.mint}, not USDC ${v.usdcMint}`);
  return bank;
}
async function readOwnerAccount(owner, signal) {
  const at = await marginfiAccountAddress(owner);
  const res = await solanaRpc().getAccountInfo(at, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  if (!res.value) return { address: at, balances: null };
  if (res.value.owner !== ids3.program) throw new AccountMismatch(`the owner's marginfi account address ${at} is not owned by ${ids3.program}`);
  return { address: at, balances: parseMarginfiAccount(Buffer.from(res.value.data[0], "base64"), owner) };
}
function marginfiInitializePda(owner, account) {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.marginfi_account_initialize_pda,
    { marginfi_group: GROUP, marginfi_account: account, authority: owner, fee_payer: owner },
    { account_index: 0, third_party_id: null }
  );
}
function marginfiDeposit(owner, account, bank, userUsdc, amount) {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.lending_account_deposit,
    {
      group: GROUP,
      marginfi_account: account,
      authority: owner,
      bank: bank.address,
      signer_token_account: userUsdc,
      liquidity_vault: bank.liquidityVault,
      token_program: TOKEN_PROGRAM_ADDRESS5
    },
    { amount, deposit_up_to_limit: null }
  );
}
async function marginfiWithdraw(owner, account, bank, userUsdc, amount, risk) {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.lending_account_withdraw,
    {
      group: GROUP,
      marginfi_account: account,
      authority: owner,
      bank: bank.address,
      destination_token_account: userUsdc,
      bank_liquidity_vault_authority: await marginfiVaultAuthority(bank.address),
      liquidity_vault: bank.liquidityVault,
      token_program: TOKEN_PROGRAM_ADDRESS5
    },
    // withdraw_all: Some(false), as the SDK's makeWithdrawIx encodes it (the program reads unwrap_or(false)).
    { amount, withdraw_all: false },
    risk.map(ro)
  );
}
function descending(a, b) {
  const A = keyBytes(a);
  const B = keyBytes(b);
  for (let i = 0; i < 32; i++) if ((A[i] ?? 0) !== (B[i] ?? 0)) return (B[i] ?? 0) - (A[i] ?? 0);
  return 0;
}
async function riskAccounts(balances2, usdc2, signal) {
  const banks = [...new Set(balances2.map((b) => b.bank))].sort(descending);
  const out = [];
  for (const at of banks) {
    const bank = at === usdc2.address ? usdc2 : await readBank(at, signal);
    if (!TWO_ACCOUNT_TAGS.has(bank.assetTag) || !ONE_ORACLE_SETUPS.has(bank.oracleSetup)) {
      throw new BuildBlocked(
        "adapter_not_ready",
        `The owner's marginfi account also holds a position in bank ${at} (asset tag ${bank.assetTag}, oracle setup ${bank.oracleSetup}), whose risk-check accounts this builder does not derive.`
      );
    }
    out.push(bank.address, bank.oracleKey);
  }
  return out;
}
function marginfiAdapterOf(v) {
  const ids11 = v.onchain;
  const usdcBankNow = /* @__PURE__ */ __name(() => readForPlan(`marginfi's USDC bank ${ids11.usdcBank}`, (signal) => readUsdcBank(ids11, signal)), "usdcBankNow");
  return {
    venueId: v.id,
    onchainInterface: `${ids11.program} marginfi_account_initialize_pda (when needed) + lending_account_deposit(amount: u64) / lending_account_withdraw(amount: u64) on bank ${ids11.usdcBank} of group ${ids11.group}`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const [bank, account] = await Promise.all([usdcBankNow(), ownerAccountNow(owner)]);
      const ownerAddr = address6(owner);
      const [userUsdc] = await findAssociatedTokenPda4({ owner: ownerAddr, mint: bank.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS5 });
      const create = account.balances === null ? [marginfiInitializePda(ownerAddr, account.address)] : [];
      const description = `${create.length ? `Create the owner's marginfi account ${account.address}, then supply` : "Supply"} ${amountMicros} micro-USDC to marginfi's USDC bank`;
      return solanaPlanTransaction("deposit", description, await solanaPayload(owner, [...create, marginfiDeposit(ownerAddr, account.address, bank, userUsdc, amountMicros)], [], blockhash));
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const [bank, account] = await Promise.all([usdcBankNow(), ownerAccountNow(owner)]);
      const held = marginfiHeldIn(account.balances, bank);
      if (held < amountMicros) {
        throw new BuildBlocked(
          "insufficient_balance",
          account.balances === null ? `The owner has no marginfi account at ${account.address}: nothing to withdraw.` : `This withdrawal asks for ${amountMicros} micro-USDC but the owner's marginfi account holds ${held} micro-USDC in the USDC bank at its share value now: withdraw at most that.`
        );
      }
      const balances2 = account.balances ?? [];
      const risk = await readForPlan("The banks of the owner's other marginfi positions", async (signal) => {
        try {
          return await riskAccounts(balances2, bank, signal);
        } catch (e) {
          if (e instanceof BuildBlocked) return e;
          throw e;
        }
      });
      if (risk instanceof BuildBlocked) throw risk;
      const ownerAddr = address6(owner);
      const [userUsdc] = await findAssociatedTokenPda4({ owner: ownerAddr, mint: bank.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS5 });
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction3({ payer: createNoopSigner3(ownerAddr), ata: userUsdc, owner: ownerAddr, mint: bank.mint });
      return solanaPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC from the owner's marginfi account ${account.address} (USDC bank), of ${held} deposited`, await solanaPayload(owner, [createUsdcAta, await marginfiWithdraw(ownerAddr, account.address, bank, userUsdc, amountMicros, risk)], [], blockhash));
    }, "withdraw")
  };
}
var ids3, MARGINFI_PROGRAM, GROUP, MARGINFI_DISC, MARGINFI_ACCOUNT_DISCRIMINATOR, MARGINFI_LAYOUT, ONE_ORACLE_SETUPS, TWO_ACCOUNT_TAGS, utf82, addr2, IX, keyBytes, ownerAccountNow, marginfiAdapter;
var init_build6 = __esm({
  "server/venues/marginfi/build.ts"() {
    "use strict";
    init_clients();
    init_solana();
    init_descriptor3();
    init_bytes();
    init_read5();
    init_accounts();
    init_idl2();
    init_anchor();
    init_idl4();
    init_plan_reads();
    init_build();
    ids3 = marginfi.onchain;
    MARGINFI_PROGRAM = address6(ids3.program);
    GROUP = address6(ids3.group);
    MARGINFI_DISC = {
      marginfiAccountInitializePda: Uint8Array.from(MARGINFI_IDL.instructions.marginfi_account_initialize_pda.discriminator),
      lendingAccountDeposit: Uint8Array.from(MARGINFI_IDL.instructions.lending_account_deposit.discriminator),
      lendingAccountWithdraw: Uint8Array.from(MARGINFI_IDL.instructions.lending_account_withdraw.discriminator)
    };
    MARGINFI_ACCOUNT_DISCRIMINATOR = Uint8Array.from(MARGINFI_IDL.accounts.MarginfiAccount);
    MARGINFI_LAYOUT = {
      bank: { length: 1864, mint: 8, group: 41, assetShareValue: 80, liquidityVault: 112, oracleSetup: 609, oracleKey0: 610, assetTag: 785 },
      account: { length: 2312, group: 8, authority: 40, balances: 72, balanceSize: 104, balanceCount: 16, active: 0, bankPk: 1, assetShares: 40, liabilityShares: 56 }
    };
    ONE_ORACLE_SETUPS = /* @__PURE__ */ new Set([3, 4]);
    TWO_ACCOUNT_TAGS = /* @__PURE__ */ new Set([0, 1]);
    __name(parseMarginfiBank, "parseMarginfiBank");
    __name(parseMarginfiAccount, "parseMarginfiAccount");
    __name(marginfiSharesWorth, "marginfiSharesWorth");
    __name(marginfiHeldIn, "marginfiHeldIn");
    utf82 = getUtf8Encoder2();
    addr2 = getAddressEncoder3();
    __name(marginfiAccountAddress, "marginfiAccountAddress");
    __name(marginfiVaultAuthority, "marginfiVaultAuthority");
    __name(readBank, "readBank");
    __name(readUsdcBank, "readUsdcBank");
    __name(readOwnerAccount, "readOwnerAccount");
    IX = MARGINFI_IDL.instructions;
    __name(marginfiInitializePda, "marginfiInitializePda");
    __name(marginfiDeposit, "marginfiDeposit");
    __name(marginfiWithdraw, "marginfiWithdraw");
    keyBytes = /* @__PURE__ */ __name((a) => addr2.encode(a), "keyBytes");
    __name(descending, "descending");
    __name(riskAccounts, "riskAccounts");
    ownerAccountNow = /* @__PURE__ */ __name((owner) => readForPlan("The owner's marginfi account", (signal) => readOwnerAccount(owner, signal)), "ownerAccountNow");
    __name(marginfiAdapterOf, "marginfiAdapterOf");
    marginfiAdapter = marginfiAdapterOf(marginfi);
  }
});

// server/venues/marginfi/worth.ts
function marginfiWorthOf(v) {
  const ids11 = v.onchain;
  return {
    venueId: v.id,
    what: "marginfi account's USDC bank asset shares \xD7 asset_share_value",
    readWorth: /* @__PURE__ */ __name(async (owner, signal) => {
      const [bank, account] = await Promise.all([readUsdcBank(ids11, signal), readOwnerAccount(owner, signal)]);
      return marginfiHeldIn(account.balances, bank);
    }, "readWorth")
  };
}
var marginfiWorth;
var init_worth2 = __esm({
  "server/venues/marginfi/worth.ts"() {
    "use strict";
    init_build6();
    init_descriptor3();
    __name(marginfiWorthOf, "marginfiWorthOf");
    marginfiWorth = marginfiWorthOf(marginfi);
  }
});

// server/venues/marginfi/index.ts
var marginfiVenue;
var init_marginfi = __esm({
  "server/venues/marginfi/index.ts"() {
    "use strict";
    init_define();
    init_build6();
    init_descriptor3();
    init_read5();
    init_worth2();
    marginfiVenue = venueModule({
      descriptor: marginfi,
      read: marginfiReader,
      worth: marginfiWorth,
      build: marginfiAdapter,
      // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
      programErrors: { program: marginfi.onchain.program ?? "", name: "marginfi", custom: /* @__PURE__ */ __name(() => null, "custom") }
    });
  }
});

// server/venues/morpho/arbitrum.ts
var morphoArbitrum;
var init_arbitrum3 = __esm({
  "server/venues/morpho/arbitrum.ts"() {
    "use strict";
    init_define();
    morphoArbitrum = defineVenue({
      id: "morpho-arbitrum",
      protocol: "morpho",
      name: "Morpho",
      chain: "evm-b",
      ready: false,
      // Builders: server/venues/morpho/build.ts (Map chain: prepare only).
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "morpho-blue", symbol: "USDC", chain: "Arbitrum" },
      onchain: {
        // Morpho Blue singleton: morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts
        // (@morpho-org/morpho-ts 2.6.0), ChainId.ArbitrumMainnet `blue`.
        morphoBlue: "0x6c247b1F6182318877311737BaC0844bAa518F5e",
        // The USDC vault deposits and withdrawals go to: Gauntlet USDC Prime (curated by Gauntlet), a MetaMorpho vault listed by Morpho in
        // morpho-org/morpho-blue-api-metadata be217e4ecd435d9c12e4bdd96c750c15005ed0a3, data/vaults-listing.json (chainId
        // 42161, listed, not removed). The catalog's upstream row is the deepest morpho-blue USDC row on the chain
        // (server/catalog/refresh.ts poolForVenue), which is NOT this vault (vault rows carry the share symbol, not
        // "USDC"): see docs/decisions.md, "Morpho: one USDC MetaMorpho vault pinned per chain".
        vault: "0x7c574174DA4b2be3f705c6244B4BfA0815a8B3Ed",
        // The MetaMorpho factory whose `isMetaMorpho(vault)` proves the vault a MetaMorpho vault, as Morpho's SDK reads it:
        // morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts (@morpho-org/morpho-ts
        // 2.6.0), ChainId.ArbitrumMainnet `metaMorphoFactory` (v1.1; the SDK knows no v1.0 factory on Arbitrum).
        metaMorphoFactory: "0x878988f5f561081deEa117717052164ea1Ef0c82",
        // The same file's ChainId.ArbitrumMainnet `usdc` (what proveMorphoVault checks the vault's asset() against).
        usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
      }
    });
  }
});

// server/venues/morpho/base.ts
var morphoBase;
var init_base3 = __esm({
  "server/venues/morpho/base.ts"() {
    "use strict";
    init_define();
    morphoBase = defineVenue({
      id: "morpho-base",
      protocol: "morpho",
      name: "Morpho",
      chain: "evm-a",
      ready: false,
      // Builders: server/venues/morpho/build.ts (Map chain: prepare only).
      writeReady: false,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "morpho-blue", symbol: "USDC", chain: "Base" },
      onchain: {
        // Morpho Blue singleton: morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts
        // (@morpho-org/morpho-ts 2.6.0), ChainId.BaseMainnet `blue`.
        morphoBlue: "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb",
        // The USDC vault deposits and withdrawals go to: Steakhouse USDC (curated by Steakhouse), a MetaMorpho vault listed by Morpho in
        // morpho-org/morpho-blue-api-metadata be217e4ecd435d9c12e4bdd96c750c15005ed0a3, data/vaults-listing.json (chainId
        // 8453, listed, not removed). The catalog's upstream row is the deepest morpho-blue USDC row on the chain
        // (server/catalog/refresh.ts poolForVenue), which is NOT this vault (vault rows carry the share symbol, not
        // "USDC"): see docs/decisions.md, "Morpho: one USDC MetaMorpho vault pinned per chain".
        vault: "0xbeeF010f9cb27031ad51e3333f9aF9C6B1228183",
        // The MetaMorpho factories whose `isMetaMorpho(vault)` proves the vault a MetaMorpho vault (either one), as Morpho's
        // SDK reads them (morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3). v1.1: packages/morpho-ts/src/addresses.ts
        // (@morpho-org/morpho-ts 2.6.0), ChainId.BaseMainnet `metaMorphoFactory`.
        metaMorphoFactory: "0xFf62A7c278C62eD665133147129245053Bbf5918",
        // v1.0: packages/blue-sdk-viem/src/fetch/Vault.ts (@morpho-org/blue-sdk-viem 5.1.1), "the MetaMorphoV1.0 factory on Ethereum (1) and Base (8453)".
        metaMorphoFactoryV1_0: "0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101",
        // The same file's ChainId.BaseMainnet `usdc` (what proveMorphoVault checks the vault's asset() against).
        usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
      }
    });
  }
});

// server/venues/morpho/abi.ts
var ERC4626_ABI, METAMORPHO_FACTORY_ABI;
var init_abi3 = __esm({
  "server/venues/morpho/abi.ts"() {
    "use strict";
    ERC4626_ABI = [
      { inputs: [{ internalType: "uint256", name: "assets", type: "uint256" }, { internalType: "address", name: "receiver", type: "address" }], name: "deposit", outputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "uint256", name: "shares", type: "uint256" }, { internalType: "address", name: "receiver", type: "address" }, { internalType: "address", name: "owner", type: "address" }], name: "redeem", outputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
      { inputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], name: "previewWithdraw", outputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], stateMutability: "view", type: "function" },
      { inputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], name: "previewRedeem", outputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], stateMutability: "view", type: "function" },
      { inputs: [{ internalType: "address", name: "owner", type: "address" }], name: "maxWithdraw", outputs: [{ internalType: "uint256", name: "maxAssets", type: "uint256" }], stateMutability: "view", type: "function" },
      { inputs: [], name: "asset", outputs: [{ internalType: "address", name: "assetTokenAddress", type: "address" }], stateMutability: "view", type: "function" },
      { inputs: [{ internalType: "address", name: "account", type: "address" }], name: "balanceOf", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" }
    ];
    METAMORPHO_FACTORY_ABI = [
      { inputs: [{ internalType: "address", name: "", type: "address" }], name: "isMetaMorpho", outputs: [{ internalType: "bool", name: "", type: "bool" }], stateMutability: "view", type: "function" }
    ];
  }
});

// server/venues/morpho/build.ts
import { getAddress as getAddress6 } from "viem";
async function vaultWithdrawReads(v, owner, assets) {
  const vault = getAddress6(v.onchain.vault ?? "");
  const client = evmRpc(v.chain);
  const [maxAssets, shares] = await readForPlan(
    `The Morpho vault ${vault} maxWithdraw and previewWithdraw`,
    () => Promise.all([
      client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "maxWithdraw", args: [getAddress6(owner)] }),
      client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "previewWithdraw", args: [assets] })
    ])
  );
  return { maxAssets, shares };
}
function proveMorphoVault(v) {
  const { chain, contract, usdc: usdc2 } = evmVenueIds(v, "vault", "vault");
  const vault = getAddress6(contract);
  const factories = [v.onchain.metaMorphoFactory, v.onchain.metaMorphoFactoryV1_0].filter((f) => !!f).map((f) => getAddress6(f));
  if (!factories.length) throw new Error(`${v.id} has no metaMorphoFactory id`);
  const client = evmRpc(chain);
  return proveIds([
    {
      key: `morpho-asset|${chain}|${vault}|${getAddress6(usdc2)}`,
      what: `The Morpho vault ${vault}'s asset() is USDC ${getAddress6(usdc2)}`,
      check: /* @__PURE__ */ __name(async () => {
        const asset = await client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "asset" });
        return getAddress6(asset) === getAddress6(usdc2) ? null : `its asset() is ${getAddress6(asset)}`;
      }, "check")
    },
    {
      key: `morpho-factory|${chain}|${vault}|${factories.join(",")}`,
      what: `The Morpho vault ${vault} was created by the MetaMorpho factory ${factories.join(" or ")}`,
      check: /* @__PURE__ */ __name(async () => {
        const made = await Promise.all(factories.map((factory) => client.readContract({ address: factory, abi: METAMORPHO_FACTORY_ABI, functionName: "isMetaMorpho", args: [vault] })));
        if (made.some(Boolean)) return null;
        return `isMetaMorpho(${vault}) is false on ${factories.join(" and ")}`;
      }, "check")
    }
  ]);
}
function morphoVaultAdapter(v) {
  const { chain, contract: vault, usdc: usdc2 } = evmVenueIds(v, "vault", "vault");
  return {
    venueId: v.id,
    onchainInterface: `Morpho vault (MetaMorpho, ERC-4626) ${vault}: deposit(uint256,address) / redeem(uint256,address,address)`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      await proveMorphoVault(v);
      return [
        approveTransaction(chain, usdc2, vault, amountMicros, `Approve the Morpho USDC vault to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Deposit ${amountMicros} micro-USDC into the Morpho vault; the vault shares go to the owner`, evmCall(chain, vault, ERC4626_ABI, "deposit", [amountMicros, getAddress6(owner)]))
      ];
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const { maxAssets, shares } = await besideProof(proveMorphoVault(v), vaultWithdrawReads(v, owner, amountMicros));
      if (amountMicros > maxAssets) {
        throw new BuildBlocked(
          "insufficient_balance",
          `The Morpho vault ${vault} lets the owner withdraw at most ${maxAssets} micro-USDC now (maxWithdraw: the owner's shares' worth, capped by the vault's liquidity): withdraw at most ${maxAssets}.`
        );
      }
      const o = getAddress6(owner);
      return [
        evmTransaction(chain, "withdraw", `Redeem ${shares} Morpho vault shares (previewWithdraw of ${amountMicros} micro-USDC now) for at least ${amountMicros} micro-USDC to the owner`, evmCall(chain, vault, ERC4626_ABI, "redeem", [shares, o, o]))
      ];
    }, "withdraw")
  };
}
var init_build7 = __esm({
  "server/venues/morpho/build.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_evm2();
    init_plan_reads();
    init_build();
    init_abi3();
    init_prove();
    __name(vaultWithdrawReads, "vaultWithdrawReads");
    __name(proveMorphoVault, "proveMorphoVault");
    __name(morphoVaultAdapter, "morphoVaultAdapter");
  }
});

// server/venues/morpho/read.ts
import { getAddress as getAddress7 } from "viem";
function morphoVaultWorth(v) {
  const { chain, contract } = evmVenueIds(v, "vault", "vault");
  const vault = getAddress7(contract);
  const redeemable = /* @__PURE__ */ __name(async (owner) => {
    const client = evmRpc(chain);
    const shares = await client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "balanceOf", args: [getAddress7(owner)] });
    if (shares === 0n) return 0n;
    return client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "previewRedeem", args: [shares] });
  }, "redeemable");
  return {
    venueId: v.id,
    what: "Morpho vault previewRedeem(balanceOf) (the USDC the owner's shares redeem for)",
    readWorth: /* @__PURE__ */ __name(async (owner) => {
      const [, assets] = await Promise.all([proveMorphoVault(v), redeemable(owner)]);
      return assets;
    }, "readWorth")
  };
}
var init_read6 = __esm({
  "server/venues/morpho/read.ts"() {
    "use strict";
    init_clients();
    init_evm2();
    init_abi3();
    init_build7();
    __name(morphoVaultWorth, "morphoVaultWorth");
  }
});

// server/venues/morpho/index.ts
var NO_READER, morphoVenue, morphoBaseVenue, morphoArbitrumVenue;
var init_morpho = __esm({
  "server/venues/morpho/index.ts"() {
    "use strict";
    init_define();
    init_arbitrum3();
    init_base3();
    init_build7();
    init_read6();
    NO_READER = "no reader of the pinned Morpho vault's share price is written yet (its plans are built: server/venues/morpho/build.ts)";
    morphoVenue = /* @__PURE__ */ __name((v) => venueModule({ descriptor: v, noReader: NO_READER, worth: morphoVaultWorth(v), build: morphoVaultAdapter(v) }), "morphoVenue");
    morphoBaseVenue = morphoVenue(morphoBase);
    morphoArbitrumVenue = morphoVenue(morphoArbitrum);
  }
});

// server/chains/sui.ts
import { Transaction } from "@mysten/sui/transactions";
function newSuiTransaction(sender) {
  const tx = new Transaction();
  tx.setSender(sender);
  return tx;
}
async function suiPayload(tx) {
  return tx.toJSON({ supportedIntents: WALLET_RESOLVED_INTENTS });
}
async function suiPlanTransaction(kind, description, tx) {
  return [{ chain: "move-chain", kind, description, encoding: "sui-transaction-json", payload: await suiPayload(tx) }];
}
var WALLET_RESOLVED_INTENTS;
var init_sui = __esm({
  "server/chains/sui.ts"() {
    "use strict";
    WALLET_RESOLVED_INTENTS = ["CoinWithBalance"];
    __name(newSuiTransaction, "newSuiTransaction");
    __name(suiPayload, "suiPayload");
    __name(suiPlanTransaction, "suiPlanTransaction");
  }
});

// server/chains/sui/coin-reads.ts
import { normalizeStructTag as normalizeStructTag2, normalizeSuiAddress } from "@mysten/sui/utils";
function started() {
  holder8.__svcSuiCoinReads ??= /* @__PURE__ */ new Map();
  return holder8.__svcSuiCoinReads;
}
function startCoinReads(owner, coinType) {
  const now = Date.now();
  const map = started();
  for (const [k, v] of map) if (now - v.at > COIN_READS_TTL_MS) map.delete(k);
  const core = suiRpc().core;
  const balance = core.getBalance({ owner, coinType });
  const coins = core.listCoins({ owner, coinType });
  balance.catch(() => {
  });
  coins.catch(() => {
  });
  map.set(keyOf(owner, coinType), { at: now, balance, coins });
}
function take(owner, coinType, which) {
  const key = keyOf(owner, coinType);
  const s = started().get(key);
  if (!s || Date.now() - s.at > COIN_READS_TTL_MS) return void 0;
  const p = s[which];
  s[which] = void 0;
  if (!s.balance && !s.coins) started().delete(key);
  return p;
}
function coinReadingClient() {
  const client = suiRpc();
  const core = new Proxy(client.core, {
    get(target, prop, receiver) {
      if (prop === "getBalance") {
        return (o) => (o.coinType ? take(o.owner, o.coinType, "balance") : void 0) ?? target.getBalance(o);
      }
      if (prop === "listCoins") {
        return (o) => (!o.cursor ? take(o.owner, o.coinType ?? "0x2::sui::SUI", "coins") : void 0) ?? target.listCoins(o);
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    }
  });
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "core") return core;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    }
  });
}
var COIN_READS_TTL_MS, holder8, keyOf;
var init_coin_reads = __esm({
  "server/chains/sui/coin-reads.ts"() {
    "use strict";
    init_clients();
    COIN_READS_TTL_MS = 1e4;
    holder8 = globalThis;
    __name(started, "started");
    keyOf = /* @__PURE__ */ __name((owner, coinType) => `${rpcUrlOf("move-chain")}|${normalizeSuiAddress(owner)}|${normalizeStructTag2(coinType)}`, "keyOf");
    __name(startCoinReads, "startCoinReads");
    __name(take, "take");
    __name(coinReadingClient, "coinReadingClient");
  }
});

// server/chains/sui/objects.ts
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
async function readObjectJson(id, signal) {
  const { object } = await suiRpc().getObject({ objectId: id, include: { json: true }, signal });
  const json = object.json;
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`object ${id} has no Move value`);
  return json;
}
async function readObjectType(id, signal) {
  const { object } = await suiRpc().getObject({ objectId: id, signal });
  if (!object.type) throw new Error(`object ${id} has no type`);
  return object.type;
}
async function readDynamicFieldValue(parentId, key, signal) {
  const fieldId = deriveDynamicFieldID(parentId, key.type, key.bcs);
  return (await readObjectJson(fieldId, signal)).value;
}
var typeNameKey, u8Key;
var init_objects = __esm({
  "server/chains/sui/objects.ts"() {
    "use strict";
    init_clients();
    __name(readObjectJson, "readObjectJson");
    __name(readObjectType, "readObjectType");
    typeNameKey = /* @__PURE__ */ __name((name) => ({ type: "0x1::type_name::TypeName", bcs: bcs.struct("TypeName", { name: bcs.string() }).serialize({ name }).toBytes() }), "typeNameKey");
    u8Key = /* @__PURE__ */ __name((v) => ({ type: "u8", bcs: bcs.u8().serialize(v).toBytes() }), "u8Key");
    __name(readDynamicFieldValue, "readDynamicFieldValue");
  }
});

// server/chains/sui/packages.ts
async function readUpgradeCapPackage(capId, signal) {
  const json = await readObjectJson(capId, signal);
  const pkg = json.package;
  if (typeof pkg !== "string") throw new Error(`object ${capId} is not an UpgradeCap (no package field)`);
  const normalized = `0x${pkg.replace(/^0x/, "").toLowerCase().padStart(64, "0")}`;
  if (!ADDRESS.test(normalized)) throw new Error(`UpgradeCap ${capId} holds a malformed package id`);
  return normalized;
}
function currentPackage(capId, signal) {
  holder9.__svcSuiPackages ??= /* @__PURE__ */ new Map();
  const cache2 = holder9.__svcSuiPackages;
  const key = `${rpcUrlOf("move-chain")}|${capId}`;
  const hit = cache2.get(key);
  if (hit && Date.now() - hit.at < PACKAGE_TTL_MS) return hit.value;
  const value = readUpgradeCapPackage(capId, signal);
  cache2.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (cache2.get(key)?.value === value) cache2.delete(key);
  });
  return value;
}
var PACKAGE_TTL_MS, holder9, ADDRESS;
var init_packages = __esm({
  "server/chains/sui/packages.ts"() {
    "use strict";
    init_clients();
    init_objects();
    PACKAGE_TTL_MS = 6e4;
    holder9 = globalThis;
    ADDRESS = /^0x[0-9a-f]{64}$/;
    __name(readUpgradeCapPackage, "readUpgradeCapPackage");
    __name(currentPackage, "currentPackage");
  }
});

// server/chains/sui/package-versions.ts
import { normalizeSuiAddress as normalizeSuiAddress2 } from "@mysten/sui/utils";
async function readPackageVersions(anyVersionId, signal) {
  const out = [];
  let pageToken;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { response } = await suiRpc().movePackageService.listPackageVersions({ packageId: anyVersionId, pageToken }, { abort: signal });
    for (const v of response.versions) {
      if (!v.packageId || v.version === void 0) continue;
      const id = normalizeSuiAddress2(v.packageId);
      if (!ADDRESS2.test(id)) throw new Error(`package ${anyVersionId} lists a malformed version id`);
      out.push({ id, version: v.version });
    }
    pageToken = response.nextPageToken;
    if (!pageToken || pageToken.length === 0) break;
    if (page === MAX_PAGES - 1) throw new Error(`package ${anyVersionId} lists more than ${MAX_PAGES} pages of versions`);
  }
  if (!out.length) throw new Error(`the chain lists no versions of package ${anyVersionId}`);
  return out;
}
async function readLatestPackageVersion(anyVersionId, signal) {
  const versions = await readPackageVersions(anyVersionId, signal);
  return versions.reduce((best, v) => v.version > best.version ? v : best).id;
}
function latestPackageVersion(anyVersionId, signal) {
  holder10.__svcSuiPackageVersions ??= /* @__PURE__ */ new Map();
  const cache2 = holder10.__svcSuiPackageVersions;
  const key = `${rpcUrlOf("move-chain")}|${normalizeSuiAddress2(anyVersionId)}`;
  const hit = cache2.get(key);
  if (hit && Date.now() - hit.at < PACKAGE_TTL_MS) return hit.value;
  const value = readLatestPackageVersion(anyVersionId, signal);
  cache2.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (cache2.get(key)?.value === value) cache2.delete(key);
  });
  return value;
}
var holder10, ADDRESS2, MAX_PAGES;
var init_package_versions = __esm({
  "server/chains/sui/package-versions.ts"() {
    "use strict";
    init_clients();
    init_packages();
    holder10 = globalThis;
    ADDRESS2 = /^0x[0-9a-f]{64}$/;
    MAX_PAGES = 10;
    __name(readPackageVersions, "readPackageVersions");
    __name(readLatestPackageVersion, "readLatestPackageVersion");
    __name(latestPackageVersion, "latestPackageVersion");
  }
});

// server/venues/navi/descriptor.ts
var navi;
var init_descriptor4 = __esm({
  "server/venues/navi/descriptor.ts"() {
    "use strict";
    init_define();
    navi = defineVenue({
      id: "navi",
      protocol: "navi",
      name: "NAVI Protocol",
      chain: "move-chain",
      ready: true,
      // Deposit and withdraw builders in server/venues/navi/build.ts (call package listed by the chain at plan time).
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "navi-lending", symbol: "USDC", chain: "Sui" },
      onchain: {
        // NAVI's lending_core package, ORIGINAL id (types such as Storage and Pool keep it). Calls go to the newest version,
        // found at plan time by listing this package's versions on the chain (server/chains/sui/package-versions.ts): NAVI's
        // SDK takes the call package from NAVI's web API instead (docs/decisions.md). naviprotocol/navi-smart-contracts
        // lending_core/Published.toml `[published.mainnet] original-id` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
        lendingPackage: "0xd899cf7d2b5db716bd2cf55599fb0d5ee38a3061e7b6bb6eebf73fa5bc4c81ca",
        // storage, priceOracle, incentiveV2, incentiveV3: the shared objects NAVI's SDKs pass to incentive_v3's entry
        // functions. naviprotocol/navi-sdk src/address.ts getConfig() StorageId, PriceOracle, IncentiveV2, IncentiveV3
        // (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids are the `storage`, `priceOracle`, `incentiveV2`,
        // `incentiveV3` of the config example in naviprotocol/naviprotocol-monorepo
        // packages/docs/content/docs/lending/config-utils.mdx (commit 76878fcd6979cf77b9a194f3094a07bdf273317a), the config
        // @naviprotocol/lending 1.4.6 builds with.
        storage: "0xbb4e2f4b6205c2e2a2db47aeb4f830796ec7c005f88537ee775986639bc442fe",
        priceOracle: "0x1568865ed9a0b5ec414220e8f79b3d04c77acc82358f6e5ae4635687392ffbef",
        incentiveV2: "0xf87a8acb8b81d14307894d12595541a73f19933f88e1326d5be349c7a6f7559c",
        incentiveV3: "0x62982dad27fb10bb314b3384d5de8d2ac2d72ab2dbeae5d801dbdb9efa816c80",
        usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
        // Native USDC's pool (Pool<USDC>) and its asset id (reserve 10 of Storage.reserves): naviprotocol/navi-sdk
        // src/address.ts `pool.nUSDC.poolId`, `assetId` (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778).
        usdcPool: "0xa3582097b4c57630046c0c49a88bfc6b202a3ec0a9db5597c31765f7563755a8",
        usdcAssetId: "10",
        // NAVI's oracle package, ORIGINAL id (OracleConfig, PriceOracle and OracleProvider keep it; calls go to its newest
        // version, listed by the chain like the lending package's): naviprotocol/navi-smart-contracts oracle/Published.toml
        // `[published.mainnet] original-id` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
        oraclePackage: "0xca441b44943c16be0e6e23c5a955bb971537ea3289ae8016fbf33fffe1fd210f",
        // oracleConfig, supraOracleHolder, pythState: naviprotocol/navi-sdk src/address.ts OracleProConfig OracleConfig,
        // SupraOracleHolder, PythStateId (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids are `oracleConfig`,
        // `supraOracleHolder`, `pythStateId` in the monorepo's config example (config-utils.mdx at 76878fcd).
        oracleConfig: "0x1afe1cb83634f581606cc73c4487ddd8cc39a944b951283af23f7d69d5589478",
        // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.SupraOracleHolder.
        supraOracleHolder: "0xaa0315f0748c1f24ddb2b45f7939cff40f7a8104af5ccbc4a1d32f870c0b4105",
        // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.PythStateId.
        pythState: "0x1f9310238ee9298fb703c3419030b35b22bb1cc37113e3bb5007c99aec79e5b8",
        // Wormhole's State, which Pyth's update verifies its VAA against (pyth-sui-js 2.2.0 SuiPythClient's wormholeStateId):
        // naviprotocol/navi-sdk src/address.ts OracleProConfig.WormholeStateId (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778,
        // "**fixed value"); the same id is `wormholeStateId` in the monorepo's config example (config-utils.mdx at 76878fcd).
        // The Pyth and Wormhole call packages are read from the two States' upgrade_cap.package at plan time.
        // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.WormholeStateId.
        wormholeState: "0xaeab97f96cf9877fee2883315d459552b2b921edc16d7ceac6eab944dd88919c"
      }
    });
  }
});

// server/chains/sui/fields.ts
function fieldsOf(v) {
  if (v && typeof v === "object" && !Array.isArray(v)) return v;
  throw new Error("unexpected Move value shape");
}
function uidOf(v) {
  if (typeof v !== "string" || !/^0x[0-9a-fA-F]+$/.test(v)) throw new Error("expected a UID");
  return v;
}
function u(v) {
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("expected an unsigned integer");
}
var sameCoinType;
var init_fields = __esm({
  "server/chains/sui/fields.ts"() {
    "use strict";
    init_objects();
    __name(fieldsOf, "fieldsOf");
    __name(uidOf, "uidOf");
    __name(u, "u");
    sameCoinType = /* @__PURE__ */ __name((a, b) => a.replace(/^0x/, "").toLowerCase() === b.replace(/^0x/, "").toLowerCase(), "sameCoinType");
  }
});

// server/venues/navi/prefetch.ts
import { ObjectError } from "@mysten/sui/client";
async function readMany(objectIds, signal, early) {
  const todo = [...new Set(objectIds.filter((id) => !early?.has(id)))];
  const got = /* @__PURE__ */ new Map();
  const chunks = [];
  for (let i = 0; i < todo.length; i += BATCH) chunks.push(todo.slice(i, i + BATCH));
  await Promise.all(
    chunks.map(async (chunk) => {
      const { objects } = await suiRpc().getObjects({ objectIds: chunk, include: { json: true }, signal });
      chunk.forEach((id, k) => {
        const o = objects[k];
        if (o instanceof ObjectError && o.reason === "notFound") got.set(id, void 0);
        else if (!o || o instanceof Error) throw o ?? new Error("no answer for an object");
        else got.set(id, { ...fieldsOf(o.json), __type: o.type, __id: o.objectId });
      });
    })
  );
  return objectIds.map((id) => early?.has(id) ? early.get(id) : got.get(id));
}
function warmWith(walk2, timeoutMs) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`the warm-up walk did not end within ${timeoutMs} ms (timeout)`)), timeoutMs);
  const done = (async () => walk2(ac.signal))().finally(() => {
    clearTimeout(timer);
    if (holder11.__svcNaviWarming?.done === done) holder11.__svcNaviWarming = void 0;
  });
  holder11.__svcNaviWarming = { done, signal: ac.signal };
  return done;
}
function warmed(signal) {
  const w2 = holder11.__svcNaviWarming;
  if (!w2 || w2.signal === signal || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    signal.addEventListener("abort", () => resolve(), { once: true });
    w2.done.then(resolve, resolve);
  });
}
function lastIds(walk2) {
  return holder11.__svcNaviLastIds?.get(walk2) ?? [];
}
function rememberIds(walk2, ids11) {
  holder11.__svcNaviLastIds ??= /* @__PURE__ */ new Map();
  holder11.__svcNaviLastIds.set(walk2, [...new Set(ids11)].slice(0, 500));
}
async function readEarly(ids11, signal) {
  if (ids11.length === 0) return /* @__PURE__ */ new Map();
  try {
    const got = await readMany(ids11, signal);
    return new Map(ids11.map((id, i) => [id, got[i]]));
  } catch {
    return /* @__PURE__ */ new Map();
  }
}
var BATCH, holder11;
var init_prefetch = __esm({
  "server/venues/navi/prefetch.ts"() {
    "use strict";
    init_clients();
    init_fields();
    BATCH = 50;
    __name(readMany, "readMany");
    holder11 = globalThis;
    __name(warmWith, "warmWith");
    __name(warmed, "warmed");
    __name(lastIds, "lastIds");
    __name(rememberIds, "rememberIds");
    __name(readEarly, "readEarly");
  }
});

// server/venues/navi/read.ts
import { bcs as bcs2 } from "@mysten/sui/bcs";
import { ObjectError as ObjectError2 } from "@mysten/sui/client";
import { deriveDynamicFieldID as deriveDynamicFieldID2 } from "@mysten/sui/utils";
function usdcReserveOf(value, assetId) {
  const reserve = fieldsOf(value);
  const coinType = reserve.coin_type;
  if (typeof coinType !== "string" || !sameCoinType(coinType, navi.onchain.usdcCoinType ?? "")) {
    throw new Error(`NAVI reserve ${assetId} is not USDC`);
  }
  const supplyUserState = uidOf(fieldsOf(fieldsOf(reserve.supply_balance).user_state).id);
  return { supplyIndex: u(reserve.current_supply_index), supplyUserState };
}
async function readNaviUsdcReserve(signal) {
  const storage2 = await readObjectJson(navi.onchain.storage ?? "", signal);
  const tableId = uidOf(fieldsOf(storage2.reserves).id);
  const assetId = Number(navi.onchain.usdcAssetId);
  return usdcReserveOf(await readDynamicFieldValue(tableId, u8Key(assetId), signal), assetId);
}
function naviSuppliedMicros(scaled, supplyIndex) {
  if (scaled === 0n || supplyIndex === 0n) return 0n;
  return (scaled * supplyIndex + HALF_RAY) / RAY / USDC_TO_NORMAL;
}
async function readNaviSuppliedMicros(owner, signal) {
  const assetId = Number(navi.onchain.usdcAssetId);
  const reserveEntry = /* @__PURE__ */ __name((table) => deriveDynamicFieldID2(table, u8Key(assetId).type, u8Key(assetId).bcs), "reserveEntry");
  if (lastIds("supply-tables").length === 0) await warmed(signal);
  const [lastReserves, lastUserState] = lastIds("supply-tables");
  const earlyRead = readEarly(lastReserves && lastUserState ? [reserveEntry(lastReserves), ownerEntry(lastUserState, owner)] : [], signal);
  const [storage2] = await readMany([navi.onchain.storage ?? ""], signal);
  const early = await earlyRead;
  if (!storage2) throw new Error(`NAVI's Storage ${navi.onchain.storage} is not on chain`);
  const tableId = uidOf(fieldsOf(storage2.reserves).id);
  const [field2] = await readMany([reserveEntry(tableId)], signal, early);
  if (!field2) throw new Error(`NAVI reserve ${assetId} is not in Storage`);
  const reserve = usdcReserveOf(field2.value, assetId);
  const [entry] = await readMany([ownerEntry(reserve.supplyUserState, owner)], signal, early);
  rememberIds("supply-tables", [tableId, reserve.supplyUserState]);
  return naviSuppliedMicros(entry ? u(entry.value) : 0n, reserve.supplyIndex);
}
var RAY, HALF_RAY, USDC_TO_NORMAL, ownerEntry, naviReader;
var init_read7 = __esm({
  "server/venues/navi/read.ts"() {
    "use strict";
    init_clients();
    init_descriptor4();
    init_fields();
    init_prefetch();
    RAY = 10n ** 27n;
    HALF_RAY = RAY / 2n;
    USDC_TO_NORMAL = 1000n;
    __name(usdcReserveOf, "usdcReserveOf");
    __name(readNaviUsdcReserve, "readNaviUsdcReserve");
    __name(naviSuppliedMicros, "naviSuppliedMicros");
    ownerEntry = /* @__PURE__ */ __name((userState, owner) => deriveDynamicFieldID2(userState, "address", bcs2.Address.serialize(owner).toBytes()), "ownerEntry");
    __name(readNaviSuppliedMicros, "readNaviSuppliedMicros");
    naviReader = {
      venueId: navi.id,
      what: "NAVI Storage USDC reserve current_supply_index",
      readIndex: /* @__PURE__ */ __name(async (signal) => (await readNaviUsdcReserve(signal)).supplyIndex, "readIndex")
    };
  }
});

// server/venues/navi/oracle.ts
import { bcs as bcs3 } from "@mysten/sui/bcs";
import { deriveDynamicFieldID as deriveDynamicFieldID3, normalizeSuiAddress as normalizeSuiAddress3 } from "@mysten/sui/utils";
async function startWalk(owner, signal) {
  if (lastIds("oracle").length === 0) await warmed(signal);
  const [lastUserTable] = lastIds("oracle-user-table");
  const earlyRead = readEarly([...lastIds("oracle"), ...lastUserTable ? [field(lastUserTable, "address", addressKey(owner))] : []], signal);
  const roots = await readMany(
    [ids4.storage ?? "", ids4.priceOracle ?? "", ids4.oracleConfig ?? "", field(ids4.pythState ?? "", PYTH_PRICE_INFO_KEY.type, PYTH_PRICE_INFO_KEY.bcs)],
    signal
  );
  const early = await earlyRead;
  const asked = [];
  const readMany2 = /* @__PURE__ */ __name((objectIds, s) => {
    asked.push(...objectIds);
    return readMany(objectIds, s, early);
  }, "readMany");
  return { roots, readMany: readMany2, asked };
}
function pricesOf(entries, oracleIds) {
  const prices = /* @__PURE__ */ new Map();
  entries.forEach((e, i) => {
    const id = oracleIds[i];
    if (e && id !== void 0) {
      const p = fieldsOf(e.value);
      prices.set(id, { value: u(p.value), timestampMs: u(p.timestamp) });
    }
  });
  return prices;
}
async function readNaviOracleState(owner, assetId, signal, onPythIds) {
  const clockJson = readObjectJson("0x6", signal);
  clockJson.catch(() => void 0);
  const { roots, readMany: readMany2, asked } = await startWalk(owner, signal);
  const [storage2, oracle, config2, pythField] = roots;
  if (!storage2 || !oracle || !config2) throw new Error("NAVI's Storage, PriceOracle or OracleConfig is not on chain");
  const clockMs = u((await clockJson).timestamp_ms);
  const userInfoTable = uidOf(fieldsOf(storage2.user_info).id);
  const ownerInfo = field(userInfoTable, "address", addressKey(owner));
  const reservesTable = uidOf(fieldsOf(storage2.reserves).id);
  const feedsTable = uidOf(fieldsOf(config2.feeds).id);
  const vecFeeds = config2.vec_feeds.map(String);
  const pythTableId = pythField ? uidOf(pythField.value) : null;
  const [userInfo, pythTable, ...feedObjs] = await readMany2(
    [ownerInfo, pythTableId ?? normalizeSuiAddress3("0x0"), ...vecFeeds.map((f) => field(feedsTable, "address", addressKey(f)))],
    signal
  );
  const assets = /* @__PURE__ */ new Set([assetId]);
  if (userInfo) {
    const info = fieldsOf(userInfo.value);
    for (const a of [...bytesOf(info.collaterals), ...bytesOf(info.loans)]) assets.add(a);
  }
  const assetList = [...assets].sort((a, b) => a - b);
  const feedValues = feedObjs.map((o, i) => {
    if (!o) throw new Error(`feed ${vecFeeds[i]} listed in OracleConfig.vec_feeds has no entry`);
    return fieldsOf(o.value);
  });
  const providerType = oracleProviderType();
  const configIds = feedValues.flatMap((f) => {
    const table = uidOf(fieldsOf(f.oracle_provider_configs).id);
    return [PYTH_PROVIDER, SWITCHBOARD_PROVIDER].map((p) => field(table, providerType, oracleProviderKey(p)));
  });
  const [reserves, providerConfigs] = await Promise.all([
    readMany2(assetList.map((a) => field(reservesTable, "u8", bcs3.u8().serialize(a).toBytes())), signal),
    readMany2(configIds, signal)
  ]);
  const oracleIds = [
    ...new Set(
      reserves.map((r, i) => {
        if (!r) throw new Error(`NAVI reserve ${assetList[i]} is not in Storage`);
        return Number(fieldsOf(r.value).oracle_id);
      })
    )
  ].sort((a, b) => a - b);
  const pairOf = /* @__PURE__ */ __name((i, p) => {
    const c = providerConfigs[i * 2 + p];
    return c ? bytesOf(fieldsOf(c.value).pair_id) : null;
  }, "pairOf");
  let anyAggregator = null;
  feedValues.forEach((_, i) => {
    const sb = pairOf(i, 1);
    if (!anyAggregator && sb && sb.length === 32) anyAggregator = normalizeSuiAddress3(hex(sb));
  });
  const needed = feedValues.map((f, i) => ({ f, i })).filter(({ f }) => oracleIds.includes(Number(f.oracle_id)) && f.enable === true);
  const pythTypePkg = pythTable ? /::table::Table<(0x[0-9a-fA-F]+)::price_identifier::PriceIdentifier/.exec(pythTable.__type)?.[1] : void 0;
  const pythKey = /* @__PURE__ */ __name((id) => bcs3.struct("PriceIdentifier", { bytes: bcs3.vector(bcs3.u8()) }).serialize({ bytes: id }).toBytes(), "pythKey");
  const pythIds = needed.map(({ i }) => pairOf(i, 0));
  onPythIds?.([...new Set(pythIds.filter((p) => !!p).map(hex))]);
  const priceTable = uidOf(fieldsOf(oracle.price_oracles).id);
  const [pythEntries, priceEntries] = await Promise.all([
    readMany2(
      pythIds.map((p) => p && pythTypePkg && pythTableId ? field(pythTableId, `${pythTypePkg}::price_identifier::PriceIdentifier`, pythKey(p)) : normalizeSuiAddress3("0x0")),
      signal
    ),
    readMany2(oracleIds.map((id) => field(priceTable, "u8", bcs3.u8().serialize(id).toBytes())), signal)
  ]);
  const priceInfoIds = pythEntries.map((e) => e ? normalizeSuiAddress3(String(e.value)) : null);
  const aggregators = needed.map(({ i }) => {
    const sb = pairOf(i, 1);
    return sb && sb.length === 32 ? normalizeSuiAddress3(hex(sb)) : null;
  });
  const sources = await readMany2([...priceInfoIds.map((p) => p ?? normalizeSuiAddress3("0x0")), ...aggregators.map((a) => a ?? normalizeSuiAddress3("0x0"))], signal);
  const feeds = /* @__PURE__ */ new Map();
  needed.forEach(({ f }, k) => {
    const oracleId = Number(f.oracle_id);
    if (feeds.has(oracleId)) return;
    const pi = priceInfoIds[k];
    const pObj = sources[k];
    const agg = aggregators[k];
    const aObj = sources[needed.length + k];
    let pyth;
    const pid = pythIds[k];
    if (pi && pObj && pid) {
      const price = fieldsOf(fieldsOf(fieldsOf(pObj.price_info).price_feed).price);
      pyth = { priceId: hex(pid), priceInfo: pi, publishMs: u(price.timestamp) * 1000n };
    }
    let switchboard;
    if (agg && aObj) {
      const current = aObj.current_result ? fieldsOf(aObj.current_result) : void 0;
      switchboard = { aggregator: agg, updatedMs: current ? u(current.timestamp_ms) : null };
    }
    feeds.set(oracleId, {
      feed: normalizeSuiAddress3(vecFeeds[needed[k]?.i ?? 0] ?? ""),
      oracleId,
      enabled: true,
      maxTimestampDiffMs: u(f.max_timestamp_diff),
      primary: nameOf(f.primary),
      secondary: nameOf(f.secondary),
      pyth,
      switchboard
    });
  });
  const prices = pricesOf(priceEntries, oracleIds);
  rememberIds("oracle", asked.filter((id) => id !== ownerInfo));
  rememberIds("oracle-user-table", [userInfoTable]);
  const anyPriceInfo = [...feeds.values()].find((f) => f.pyth)?.pyth?.priceInfo ?? null;
  return { clockMs, updateIntervalMs: u(oracle.update_interval), oracleIds, prices, feeds, anyAggregator, anyPriceInfo };
}
function naviPriceFresh(s, oracleId, atMs) {
  const p = s.prices.get(oracleId);
  return !!p && p.value > 0n && atMs - p.timestampMs <= s.updateIntervalMs;
}
function naviSourceFresh(s, oracleId) {
  const f = s.feeds.get(oracleId);
  if (!f) return "no";
  let unknown = false;
  const fresh = /* @__PURE__ */ __name((at) => s.clockMs >= at && s.clockMs - at < f.maxTimestampDiffMs, "fresh");
  for (const p of [f.primary, f.secondary]) {
    if (p === PYTH_PROVIDER && f.pyth && fresh(f.pyth.publishMs)) return "yes";
    if (p === SWITCHBOARD_PROVIDER && f.switchboard?.updatedMs != null && fresh(f.switchboard.updatedMs)) return "yes";
    if (p === SUPRA_PROVIDER) unknown = true;
  }
  return unknown ? "unknown" : "no";
}
var ids4, PYTH_PROVIDER, SWITCHBOARD_PROVIDER, SUPRA_PROVIDER, oracleProviderType, oracleProviderKey, PYTH_PRICE_INFO_KEY, field, addressKey, bytesOf, hex, nameOf;
var init_oracle = __esm({
  "server/venues/navi/oracle.ts"() {
    "use strict";
    init_descriptor4();
    init_fields();
    init_prefetch();
    ids4 = navi.onchain;
    PYTH_PROVIDER = "PythOracleProvider";
    SWITCHBOARD_PROVIDER = "SwitchboardOracleProvider";
    SUPRA_PROVIDER = "SupraOracleProvider";
    oracleProviderType = /* @__PURE__ */ __name(() => `${normalizeSuiAddress3(ids4.oraclePackage ?? "")}::oracle_provider::OracleProvider`, "oracleProviderType");
    oracleProviderKey = /* @__PURE__ */ __name((name) => bcs3.struct("OracleProvider", { name: bcs3.string() }).serialize({ name }).toBytes(), "oracleProviderKey");
    PYTH_PRICE_INFO_KEY = { type: "0x2::dynamic_object_field::Wrapper<vector<u8>>", bcs: bcs3.vector(bcs3.u8()).serialize(new TextEncoder().encode("price_info")).toBytes() };
    field = /* @__PURE__ */ __name((parent, type, key) => deriveDynamicFieldID3(parent, type, key), "field");
    addressKey = /* @__PURE__ */ __name((a) => bcs3.Address.serialize(a).toBytes(), "addressKey");
    bytesOf = /* @__PURE__ */ __name((v) => {
      if (typeof v === "string") return Uint8Array.from(Buffer.from(v, "base64"));
      if (Array.isArray(v)) return Uint8Array.from(v.map(Number));
      throw new Error("expected vector<u8>");
    }, "bytesOf");
    hex = /* @__PURE__ */ __name((b) => `0x${Buffer.from(b).toString("hex")}`, "hex");
    nameOf = /* @__PURE__ */ __name((v) => String(fieldsOf(v).name ?? ""), "nameOf");
    __name(startWalk, "startWalk");
    __name(pricesOf, "pricesOf");
    __name(readNaviOracleState, "readNaviOracleState");
    __name(naviPriceFresh, "naviPriceFresh");
    __name(naviSourceFresh, "naviSourceFresh");
  }
});

// server/venues/navi/pyth.ts
import { bcs as bcs4 } from "@mysten/sui/bcs";
import { normalizeSuiAddress as normalizeSuiAddress4 } from "@mysten/sui/utils";
async function readPythSuiState(pythState, wormholeState, signal) {
  const { objects } = await suiRpc().getObjects({ objectIds: [pythState, wormholeState], include: { json: true }, signal });
  const [pyth, wormhole] = objects.map((o, i) => {
    if (!o || o instanceof Error) throw new Error(`${i === 0 ? "Pyth" : "Wormhole"} State ${i === 0 ? pythState : wormholeState} is not on chain`);
    return fieldsOf(o.json);
  });
  const pkgOf = /* @__PURE__ */ __name((f, what) => {
    const cap = f?.upgrade_cap;
    const pkg = cap && typeof cap === "object" ? cap.package : void 0;
    if (typeof pkg !== "string") throw new Error(`${what} State has no upgrade_cap.package`);
    return normalizeSuiAddress4(pkg);
  }, "pkgOf");
  return { pythPackage: pkgOf(pyth, "Pyth"), wormholePackage: pkgOf(wormhole, "Wormhole"), baseUpdateFee: u(pyth?.base_update_fee) };
}
async function fetchHermesUpdate(priceIds, signal) {
  const base = config().SVC_PYTH_HERMES_URL;
  const url = new URL(`${base}/v2/updates/price/latest`);
  for (const id of priceIds) url.searchParams.append("ids[]", bare(id));
  url.searchParams.set("encoding", "hex");
  url.searchParams.set("parsed", "true");
  let body;
  try {
    const res = await countedFetch("pyth-hermes")(url, { headers: { accept: "application/json" }, signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (e) {
    throw new HermesUnavailable(`Pyth's Hermes (${base}) did not answer GET /v2/updates/price/latest: ${errorLine(e)}`);
  }
  const b = body;
  const enc = b.binary?.encoding;
  const data = b.binary?.data;
  if (enc !== "hex" && enc !== "base64" || !Array.isArray(data) || data.length === 0 || !data.every((d) => typeof d === "string")) {
    throw new HermesUnavailable(`Pyth's Hermes (${base}) answered without binary update data`);
  }
  const updates = data.map((d) => Uint8Array.from(Buffer.from(enc === "hex" ? d.replace(/^0x/, "") : d, enc)));
  const publishMs = /* @__PURE__ */ new Map();
  for (const p of Array.isArray(b.parsed) ? b.parsed : []) {
    const id = p.id;
    const t = p.price?.publish_time;
    if (typeof id === "string" && typeof t === "number") publishMs.set(bare(id), BigInt(t) * 1000n);
  }
  return { updates, publishMs };
}
function vaaOfAccumulator(msg) {
  const b = Buffer.from(msg);
  const trailingPayloadSize = b.readUint8(6);
  const vaaSizeOffset = 7 + trailingPayloadSize + 1;
  const vaaSize = b.readUint16BE(vaaSizeOffset);
  const vaaOffset = vaaSizeOffset + 2;
  return Uint8Array.from(b.subarray(vaaOffset, vaaOffset + vaaSize));
}
function addPythUpdate(tx, s, ids11, update, priceInfoObjects) {
  const bytes = /* @__PURE__ */ __name((v) => tx.pure(bcs4.vector(bcs4.U8).serialize(Array.from(v), { maxSize: MAX_ARGUMENT_SIZE }).toBytes()), "bytes");
  const [verifiedVaa] = tx.moveCall({
    target: `${s.wormholePackage}::vaa::parse_and_verify`,
    arguments: [tx.object(ids11.wormholeState), bytes(vaaOfAccumulator(update)), tx.object.clock()]
  });
  if (!verifiedVaa) throw new Error("parse_and_verify returned nothing");
  let [hotPotato] = tx.moveCall({
    target: `${s.pythPackage}::pyth::create_authenticated_price_infos_using_accumulator`,
    arguments: [tx.object(ids11.pythState), bytes(update), verifiedVaa, tx.object.clock()]
  });
  const coins = tx.splitCoins(
    tx.gas,
    priceInfoObjects.map(() => tx.pure.u64(s.baseUpdateFee))
  );
  priceInfoObjects.forEach((p, i) => {
    [hotPotato] = tx.moveCall({
      target: `${s.pythPackage}::pyth::update_single_price_feed`,
      arguments: [tx.object(ids11.pythState), hotPotato, tx.object(p), coins[i], tx.object.clock()]
    });
  });
  tx.moveCall({
    target: `${s.pythPackage}::hot_potato_vector::destroy`,
    arguments: [hotPotato],
    typeArguments: [`${s.pythPackage}::price_info::PriceInfo`]
  });
}
var MAX_ARGUMENT_SIZE, HermesUnavailable, bare;
var init_pyth = __esm({
  "server/venues/navi/pyth.ts"() {
    "use strict";
    init_clients();
    init_config();
    init_metrics();
    init_fields();
    MAX_ARGUMENT_SIZE = 16 * 1024;
    __name(readPythSuiState, "readPythSuiState");
    HermesUnavailable = class extends Error {
      static {
        __name(this, "HermesUnavailable");
      }
    };
    bare = /* @__PURE__ */ __name((id) => id.replace(/^0x/i, "").toLowerCase(), "bare");
    __name(fetchHermesUpdate, "fetchHermesUpdate");
    __name(vaaOfAccumulator, "vaaOfAccumulator");
    __name(addPythUpdate, "addPythUpdate");
  }
});

// server/venues/shared/sui-types.ts
import { normalizeStructTag as normalizeStructTag3, normalizeSuiAddress as normalizeSuiAddress5, parseStructTag } from "@mysten/sui/utils";
async function typeMismatch(o, got, versions) {
  const said = `the chain says it is a ${got}`;
  if (!o.anyVersionOf || !versions) return normalizeStructTag3(got) === normalizeStructTag3(o.type) ? null : said;
  const [g, w2] = [parseStructTag(got), parseStructTag(o.type)];
  const rest = /* @__PURE__ */ __name((t) => normalizeStructTag3({ ...t, address: "0x0" }), "rest");
  if (rest(g) !== rest(w2)) return said;
  return (await versions).some((v) => v.id === normalizeSuiAddress5(g.address)) ? null : `${said}, and ${g.address} is no version of package ${o.anyVersionOf}`;
}
function suiObjectTypeProofs(protocol, objects) {
  const lists = /* @__PURE__ */ new Map();
  const versionsOf = /* @__PURE__ */ __name((pkg, signal) => {
    let v = lists.get(pkg);
    if (!v) {
      v = readPackageVersions(pkg, signal);
      v.catch(() => lists.delete(pkg));
      lists.set(pkg, v);
    }
    return v;
  }, "versionsOf");
  return objects.map((o) => {
    const want = o.anyVersionOf ? o.type.replace(/^0x[0-9a-fA-F]+::/, `<a version of package ${o.anyVersionOf}>::`) : normalizeStructTag3(o.type);
    return {
      key: `sui-type|${o.id}|${want}`,
      what: `${protocol}'s ${o.name} ${o.id} is a ${want}`,
      check: /* @__PURE__ */ __name(async (signal) => {
        const versions = o.anyVersionOf ? versionsOf(o.anyVersionOf, signal) : null;
        versions?.catch(() => void 0);
        return typeMismatch(o, await readObjectType(o.id, signal), versions);
      }, "check")
    };
  });
}
function proveSuiObjectTypes(protocol, objects) {
  return proveIds(suiObjectTypeProofs(protocol, objects));
}
async function afterSuiObjectTypes(protocol, objects, reads) {
  const [proof, out] = await Promise.allSettled([proveSuiObjectTypes(protocol, objects), reads]);
  if (proof.status === "rejected") throw proof.reason;
  if (out.status === "rejected") throw out.reason;
  return out.value;
}
async function readAfterSuiObjectTypes(protocol, objects, signal, reads) {
  const proofs = suiObjectTypeProofs(protocol, objects);
  const check6 = Promise.all(
    proofs.map(async (p) => {
      const mismatch = await p.check(signal);
      if (mismatch !== null) throw new AccountMismatch(`${p.what}: it is not (${mismatch})`);
    })
  );
  const [proof, out] = await Promise.allSettled([check6, reads]);
  if (proof.status === "rejected") throw proof.reason;
  if (out.status === "rejected") throw out.reason;
  return out.value;
}
var init_sui_types = __esm({
  "server/venues/shared/sui-types.ts"() {
    "use strict";
    init_accounts();
    init_objects();
    init_package_versions();
    init_prove();
    __name(typeMismatch, "typeMismatch");
    __name(suiObjectTypeProofs, "suiObjectTypeProofs");
    __name(proveSuiObjectTypes, "proveSuiObjectTypes");
    __name(afterSuiObjectTypes, "afterSuiObjectTypes");
    __name(readAfterSuiObjectTypes, "readAfterSuiObjectTypes");
  }
});

// server/venues/navi/build.ts
import { coinWithBalance } from "@mysten/sui/transactions";
function naviObjectTypes(o, action) {
  const lending = /* @__PURE__ */ __name((id, name, type) => ({ id, name, type: `${o.lendingPackage}::${type}`, anyVersionOf: o.lendingPackage }), "lending");
  const oracle = /* @__PURE__ */ __name((id, name, type) => ({ id, name, type: `${o.oraclePackage}::${type}`, anyVersionOf: o.oraclePackage }), "oracle");
  return [
    lending(o.storage, "Storage", "storage::Storage"),
    lending(o.usdcPool, "USDC Pool", `pool::Pool<${o.usdcCoinType}>`),
    lending(o.incentiveV2, "IncentiveV2", "incentive_v2::Incentive"),
    lending(o.incentiveV3, "Incentive (v3)", "incentive_v3::Incentive"),
    ...action === "withdraw" ? [oracle(o.priceOracle, "PriceOracle", "oracle::PriceOracle"), oracle(o.oracleConfig, "OracleConfig", "config::OracleConfig")] : []
  ];
}
async function pythPush(s, early) {
  const feeds = [];
  for (const id of s.oracleIds) {
    const p = s.feeds.get(id)?.pyth;
    if (!p || s.clockMs - p.publishMs <= PYTH_PUSH_AGE_MS) continue;
    if (!feeds.some((f) => f.priceInfo === p.priceInfo)) feeds.push({ priceId: p.priceId, priceInfo: p.priceInfo });
  }
  const priceIds = feeds.map((f) => f.priceId);
  pythHolder.__svcNaviPythPushed = priceIds;
  if (feeds.length === 0) return null;
  const state3 = await early.state;
  let hermes;
  try {
    const fetchNow = /* @__PURE__ */ __name(() => withRpcTimeout((signal) => fetchHermesUpdate(priceIds, signal)), "fetchNow");
    hermes = early.hermes && sameIds(early.hermes.priceIds, priceIds) ? await early.hermes.update.catch(fetchNow) : await fetchNow();
  } catch (e) {
    return { unavailable: errorLine(e) };
  }
  if (hermes.updates.length !== 1) return { unavailable: `Pyth's Hermes answered ${hermes.updates.length} update messages for one request; Pyth's Sui update takes one` };
  return { state: state3, hermes, feeds };
}
function startPythReads() {
  const state3 = readForPlan("Pyth's and Wormhole's States (their packages, Pyth's update fee)", (signal) => readPythSuiState(ids5.pythState, ids5.wormholeState, signal));
  state3.catch(() => void 0);
  const early = {
    state: state3,
    hermes: null,
    askHermes: /* @__PURE__ */ __name((priceIds) => {
      if (priceIds.length === 0 || early.hermes && sameIds(early.hermes.priceIds, priceIds)) return;
      const update = withRpcTimeout((signal) => fetchHermesUpdate(priceIds, signal));
      update.catch(() => void 0);
      early.hermes = { priceIds, update };
    }, "askHermes")
  };
  early.askHermes(pythHolder.__svcNaviPythPushed ?? []);
  return early;
}
function afterPush(s, push) {
  const feeds = new Map(s.feeds);
  for (const [id, f] of feeds) {
    if (!f.pyth) continue;
    const at = push.hermes.publishMs.get(f.pyth.priceId.replace(/^0x/, "").toLowerCase());
    if (at !== void 0 && push.feeds.some((p) => p.priceInfo === f.pyth?.priceInfo) && at > f.pyth.publishMs) feeds.set(id, { ...f, pyth: { ...f.pyth, publishMs: at } });
  }
  return { ...s, feeds };
}
function priceUpdates(s, hermesDown, callsOnly = false) {
  const missing = [];
  const calls = [];
  for (const id of s.oracleIds) {
    const f = s.feeds.get(id);
    const priceInfo = f?.pyth?.priceInfo ?? s.anyPriceInfo;
    const aggregator = f?.switchboard?.aggregator ?? s.anyAggregator;
    if (!f) missing.push(`oracle id ${id} has no enabled feed in NAVI's OracleConfig`);
    else if (!priceInfo) missing.push(`no Pyth PriceInfoObject is named on chain for feed ${f.feed}`);
    else if (!aggregator) missing.push(`no feed of NAVI's OracleConfig names a Switchboard Aggregator (update_single_price_v2 takes one)`);
    else calls.push({ feed: f.feed, priceInfo, aggregator });
  }
  if (missing.length > 0) return { notBuilt: missing.join("; ") };
  if (callsOnly) return calls;
  for (const id of s.oracleIds) {
    if (naviPriceFresh(s, id, s.clockMs) || naviSourceFresh(s, id) !== "no") continue;
    const f = s.feeds.get(id);
    const p = s.prices.get(id);
    const sources = [f?.pyth ? `Pyth published ${ageS(s, f.pyth.publishMs)} ago` : null, f?.switchboard?.updatedMs != null ? `Switchboard updated ${ageS(s, f.switchboard.updatedMs)} ago` : null].filter(Boolean).join(", ");
    const why = `NAVI's price for oracle id ${id} (read by the owner's health check) is ${p ? `${ageS(s, p.timestampMs)} old` : "missing"}, over its update interval of ${s.updateIntervalMs / 1000n} s, and its sources on chain are older than the feed's max_timestamp_diff of ${(f?.maxTimestampDiffMs ?? 0n) / 1000n} s (${sources || "none readable"})`;
    if (hermesDown) {
      throw new BuildBlocked(
        "rpc_unavailable",
        `${why}; the fresh Pyth price NAVI's app pushes first could not be fetched: ${hermesDown}. Without it oracle_pro::update_single_price_v2 would not refresh the price and withdraw_v2 would abort 1502 (invalid_price); nothing was built. Try again when Pyth's Hermes (SVC_PYTH_HERMES_URL) answers.`
      );
    }
    throw new BuildBlocked(
      "venue_state_unavailable",
      `${why}${f?.pyth ? ", even with the Pyth update Hermes serves now" : ""}, so oracle_pro::update_single_price_v2 would not refresh it and withdraw_v2 would abort 1502 (invalid_price). Try again once NAVI's oracle sources are updated.`
    );
  }
  return calls;
}
var ids5, ASSET_ID, naviCallPackage, naviOraclePackage, naviOracle, ageS, PYTH_PUSH_AGE_MS, pythHolder, sameIds, naviSupplied, naviAdapter;
var init_build8 = __esm({
  "server/venues/navi/build.ts"() {
    "use strict";
    init_sui();
    init_coin_reads();
    init_package_versions();
    init_descriptor4();
    init_read7();
    init_oracle();
    init_pyth();
    init_clients();
    init_plan_reads();
    init_build();
    init_sui_types();
    ids5 = navi.onchain;
    ASSET_ID = Number(ids5.usdcAssetId);
    __name(naviObjectTypes, "naviObjectTypes");
    naviCallPackage = /* @__PURE__ */ __name(() => readForPlan("NAVI's current lending package (the chain's list of its versions)", (signal) => latestPackageVersion(ids5.lendingPackage, signal)), "naviCallPackage");
    naviOraclePackage = /* @__PURE__ */ __name(() => readForPlan("NAVI's current oracle package (the chain's list of its versions)", (signal) => latestPackageVersion(ids5.oraclePackage, signal)), "naviOraclePackage");
    naviOracle = /* @__PURE__ */ __name((owner, onPythIds) => readForPlan("NAVI's oracle state for the owner's positions (PriceOracle, OracleConfig feeds, Pyth and Switchboard sources)", (signal) => readNaviOracleState(owner, ASSET_ID, signal, onPythIds)), "naviOracle");
    ageS = /* @__PURE__ */ __name((s, atMs) => `${(Number(s.clockMs - atMs) / 1e3).toFixed(0)} s`, "ageS");
    PYTH_PUSH_AGE_MS = 30000n;
    __name(pythPush, "pythPush");
    pythHolder = globalThis;
    sameIds = /* @__PURE__ */ __name((a, b) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase()), "sameIds");
    __name(startPythReads, "startPythReads");
    __name(afterPush, "afterPush");
    __name(priceUpdates, "priceUpdates");
    naviSupplied = /* @__PURE__ */ __name((owner) => readForPlan("The owner's NAVI USDC supply balance", (signal) => readNaviSuppliedMicros(owner, signal)), "naviSupplied");
    naviAdapter = {
      venueId: navi.id,
      onchainInterface: `<newest version of package ${ids5.lendingPackage}>::incentive_v3::entry_deposit<USDC>(&Clock, &mut Storage, &mut Pool<USDC>, u8, Coin<USDC>, u64, &mut IncentiveV2, &mut Incentive); <newest version>::incentive_v3::withdraw_v2<USDC>(&Clock, &PriceOracle, &mut Storage, &mut Pool<USDC>, u8, u64, &mut IncentiveV2, &mut Incentive, &mut SuiSystemState): Balance<USDC>, after <newest version of package ${ids5.oraclePackage}>::oracle_pro::update_single_price_v2(&Clock, &mut OracleConfig, &mut PriceOracle, &OracleHolder, &PriceInfoObject, &Aggregator, feed: address) per feed the owner's health check reads, preceded for a Pyth PriceInfoObject older than 30 s by <Wormhole State's upgrade_cap.package>::vaa::parse_and_verify, <Pyth State's upgrade_cap.package>::pyth::create_authenticated_price_infos_using_accumulator, pyth::update_single_price_feed per object (fee coin split from gas), hot_potato_vector::destroy<PriceInfo> with update data from Hermes (SVC_PYTH_HERMES_URL)`,
      deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        startCoinReads(owner, ids5.usdcCoinType);
        const pkg = await afterSuiObjectTypes("NAVI", naviObjectTypes(ids5, "deposit"), naviCallPackage());
        const tx = newSuiTransaction(owner);
        const usdc2 = tx.add(coinWithBalance({ type: ids5.usdcCoinType, balance: amountMicros }));
        tx.moveCall({
          target: `${pkg}::incentive_v3::entry_deposit`,
          typeArguments: [ids5.usdcCoinType],
          arguments: [
            tx.object.clock(),
            tx.object(ids5.storage),
            tx.object(ids5.usdcPool),
            tx.pure.u8(ASSET_ID),
            usdc2,
            tx.pure.u64(amountMicros),
            tx.object(ids5.incentiveV2),
            tx.object(ids5.incentiveV3)
          ]
        });
        return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to NAVI's main market (USDC pool, asset ${ASSET_ID}); the supplied balance is kept for the owner in NAVI's Storage`, tx);
      }, "deposit"),
      withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        const pyth = startPythReads();
        const reads = Promise.all([naviCallPackage(), naviSupplied(owner), naviOraclePackage(), naviOracle(owner, pyth.askHermes)]);
        const [pkg, supplied, oraclePkg, oracle] = await afterSuiObjectTypes("NAVI", naviObjectTypes(ids5, "withdraw"), reads);
        if (amountMicros > supplied) {
          throw new BuildBlocked(
            "insufficient_balance",
            `This withdrawal asks for ${amountMicros} micro-USDC but the owner has ${supplied} micro-USDC supplied to NAVI's USDC pool now: withdraw at most that.`
          );
        }
        const canUpdate = !("notBuilt" in priceUpdates(oracle, null, true));
        const push = canUpdate ? await pythPush(oracle, pyth) : null;
        const pushed = push && "state" in push ? push : null;
        const updates = priceUpdates(pushed ? afterPush(oracle, pushed) : oracle, push && "unavailable" in push ? push.unavailable : null);
        let pricesNote;
        const tx = newSuiTransaction(owner);
        if ("notBuilt" in updates) {
          const stale = oracle.oracleIds.filter((id) => !naviPriceFresh(oracle, id, oracle.clockMs));
          if (stale.length > 0) {
            throw new BuildBlocked(
              "venue_state_unavailable",
              `NAVI's prices for oracle id ${stale.join(", ")} (read by the owner's health check) are older than its update interval of ${oracle.updateIntervalMs / 1000n} s, so withdraw_v2 would abort 1502 (invalid_price); the price update cannot be built from the chain: ${updates.notBuilt}.`
            );
          }
          pricesNote = `NAVI's prices are fresh now but this transaction does not update them (${updates.notBuilt}), so it aborts (1502, invalid_price) if they are older than ${oracle.updateIntervalMs / 1000n} s when it runs`;
        } else {
          if (pushed) {
            addPythUpdate(tx, pushed.state, { pythState: ids5.pythState, wormholeState: ids5.wormholeState }, pushed.hermes.updates[0] ?? new Uint8Array(), pushed.feeds.map((f) => f.priceInfo));
          }
          for (const u2 of updates) {
            tx.moveCall({
              target: `${oraclePkg}::oracle_pro::update_single_price_v2`,
              arguments: [
                tx.object.clock(),
                tx.object(ids5.oracleConfig),
                tx.object(ids5.priceOracle),
                tx.object(ids5.supraOracleHolder),
                tx.object(u2.priceInfo),
                tx.object(u2.aggregator),
                tx.pure.address(u2.feed)
              ]
            });
          }
          const pythNote = pushed ? `after pushing Pyth's latest price from Hermes for ${pushed.feeds.length} PriceInfoObject${pushed.feeds.length === 1 ? "" : "s"} older than 30 s (Wormhole vaa::parse_and_verify, pyth create_authenticated_price_infos_using_accumulator, update_single_price_feed with a ${pushed.state.baseUpdateFee}-MIST fee each, hot_potato_vector::destroy)` : push && "unavailable" in push ? `without a Pyth push (Hermes did not answer: ${push.unavailable}; the prices pass without it)` : "no Pyth push needed (its objects are at most 30 s old)";
          pricesNote = `It first refreshes NAVI's prices for the owner's positions (oracle_pro::update_single_price_v2 for oracle id ${oracle.oracleIds.join(", ")}, from the Pyth, Supra and Switchboard objects NAVI's OracleConfig names on chain), ${pythNote}`;
        }
        const [balance] = tx.moveCall({
          target: `${pkg}::incentive_v3::withdraw_v2`,
          typeArguments: [ids5.usdcCoinType],
          arguments: [
            tx.object.clock(),
            tx.object(ids5.priceOracle),
            tx.object(ids5.storage),
            tx.object(ids5.usdcPool),
            tx.pure.u8(ASSET_ID),
            tx.pure.u64(amountMicros),
            tx.object(ids5.incentiveV2),
            tx.object(ids5.incentiveV3),
            tx.object.system({ mutable: true })
          ]
        });
        if (!balance) throw new Error("withdraw_v2 returned nothing");
        const usdc2 = tx.moveCall({ target: "0x2::coin::from_balance", typeArguments: [ids5.usdcCoinType], arguments: [balance] });
        tx.transferObjects([usdc2], owner);
        return suiPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC of the owner's ${supplied} supplied to NAVI's USDC pool (asset ${ASSET_ID}) back to the owner's wallet. ${pricesNote}; the simulation shows whether the withdraw passes NAVI's health check now`, tx);
      }, "withdraw")
    };
  }
});

// server/venues/navi/worth.ts
var storage, naviWorth;
var init_worth3 = __esm({
  "server/venues/navi/worth.ts"() {
    "use strict";
    init_descriptor4();
    init_build8();
    init_read7();
    init_sui_types();
    storage = naviObjectTypes(navi.onchain, "deposit").filter((o) => o.id === navi.onchain.storage);
    naviWorth = {
      venueId: navi.id,
      what: "NAVI Storage USDC supply balance \xD7 current_supply_index",
      readWorth: /* @__PURE__ */ __name((owner, signal) => readAfterSuiObjectTypes("NAVI", storage, signal, readNaviSuppliedMicros(owner, signal)), "readWorth")
    };
  }
});

// server/venues/navi/index.ts
var naviVenue;
var init_navi = __esm({
  "server/venues/navi/index.ts"() {
    "use strict";
    init_define();
    init_build8();
    init_descriptor4();
    init_read7();
    init_worth3();
    naviVenue = venueModule({ descriptor: navi, read: naviReader, worth: naviWorth, build: naviAdapter });
  }
});

// server/venues/save/descriptor.ts
var save;
var init_descriptor5 = __esm({
  "server/venues/save/descriptor.ts"() {
    "use strict";
    init_tokens();
    init_define();
    save = defineVenue({
      id: "save",
      protocol: "save",
      name: "Save (formerly Solend)",
      chain: "svm-chain",
      ready: true,
      // Deposit (depositReserveLiquidity) and withdraw (refreshReserve + redeemReserveCollateral) in
      // server/venues/save/build.ts; the reserve's accounts are read from the reserve at plan time.
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "save", symbol: "USDC", chain: "Solana" },
      onchain: {
        // @solendprotocol/solend-sdk 0.14.27 core/constants.js SOLEND_PRODUCTION_PROGRAM_ID.
        program: "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo",
        // @solendprotocol/solend-sdk 0.14.27 core/constants.js MAIN_POOL_ADDRESS (the main lending market).
        mainMarket: "4UpD2fh7xH3VP9QQaXtsS1YY3bxzWhtfpks7FatyKvdY",
        // solendprotocol/solana-program-library token-lending/cli/scripts/withdraw.sh USDC_RESERVE (commit 9ffd16ddf0047bb0e500c1bb1b3cb66725581546);
        // the SDK ships no reserve list (it fetches api.save.finance at run time). The builder checks at plan time that
        // this reserve is owned by the program, belongs to the main market and lends USDC.
        usdcReserve: "BgxfHJDzm44T7XG68MYKx7YisTjZu73tVovyZSjJMpmw",
        // Circle's USDC mint (lib/tokens.ts, cited there); the reserve's liquidity mint is checked against it at plan time.
        usdcMint: USDC["svm-chain"]
      }
    });
  }
});

// server/venues/save/tags.ts
var SAVE_TAG;
var init_tags = __esm({
  "server/venues/save/tags.ts"() {
    "use strict";
    SAVE_TAG = { "refreshReserve": 3, "depositReserveLiquidity": 4, "redeemReserveCollateral": 5 };
  }
});

// server/venues/save/build.ts
import { AccountRole as AccountRole4, address as address7, createNoopSigner as createNoopSigner4, getAddressEncoder as getAddressEncoder4, getProgramDerivedAddress as getProgramDerivedAddress3, getU64Encoder } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda5, getCreateAssociatedTokenIdempotentInstruction as getCreateAssociatedTokenIdempotentInstruction4, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS6 } from "@solana-program/token";
function parseSaveReserve(reserve, data, v = ids6) {
  const L = SAVE_RESERVE_LAYOUT;
  if (data.length < L.length) throw new AccountMismatch(`Save reserve ${reserve} is ${data.length} bytes, not a Solend Reserve (${L.length})`);
  if (data[L.version] !== 1) throw new AccountMismatch(`Save reserve ${reserve}'s version is ${data[L.version]}, not the program's 1`);
  const key = /* @__PURE__ */ __name((at) => address7(pubkeyAt(data, at)), "key");
  const lendingMarket = key(L.lendingMarket);
  if (lendingMarket !== v.mainMarket) throw new AccountMismatch(`Save reserve ${reserve} belongs to another lending market (${lendingMarket}) than Save's main market ${v.mainMarket}`);
  const liquidityMint = key(L.liquidityMint);
  if (liquidityMint !== v.usdcMint) throw new AccountMismatch(`Save reserve ${reserve}'s liquidity mint is ${liquidityMint}, not USDC ${v.usdcMint}`);
  const extra = key(L.extraOracle);
  const supply = u64le(data, L.collateralSupply);
  const totalWads = u64le(data, L.available) * WAD + u128le(data, L.borrowedWads) - u128le(data, L.protocolFeesWads);
  if (supply === 0n || totalWads <= 0n) throw new Error("the USDC reserve has no deposits, so no collateral rate");
  return {
    reserve: address7(reserve),
    lendingMarket,
    liquidityMint,
    liquiditySupply: key(L.liquiditySupply),
    collateralMint: key(L.collateralMint),
    pythOracle: key(L.pythOracle),
    switchboardOracle: key(L.switchboardOracle),
    extraOracle: extra === ZERO_KEY ? null : extra,
    collateralRate: supply * WAD * WAD / totalWads
  };
}
function saveCollateralFor(amountMicros, collateralRate) {
  return (amountMicros * collateralRate + WAD - 1n) / WAD;
}
function saveLiquidityFor(collateral, collateralRate) {
  return collateral * WAD / collateralRate;
}
async function saveHolding(owner, r, signal) {
  const held = await solanaTokenBalance(owner, r.collateralMint, signal);
  return { held, micros: saveLiquidityFor(held, r.collateralRate) };
}
async function readSaveReserve(signal, v = ids6) {
  const data = await programAccount(v.usdcReserve, v.program, "Save USDC reserve", signal, { minLength: SAVE_RESERVE_LAYOUT.length });
  return parseSaveReserve(v.usdcReserve, data, v);
}
async function saveMarketAuthority(market2) {
  const [a] = await getProgramDerivedAddress3({ programAddress: SAVE_PROGRAM, seeds: [getAddressEncoder4().encode(market2)] });
  return a;
}
function tagU64(tag, arg2) {
  const data = new Uint8Array(9);
  data[0] = tag;
  data.set(getU64Encoder().encode(arg2), 1);
  return data;
}
function saveRefreshReserve(r) {
  const accounts = [w(r.reserve), ro(r.pythOracle), ro(r.switchboardOracle)];
  if (r.extraOracle) accounts.push(ro(r.extraOracle));
  return { programAddress: SAVE_PROGRAM, accounts, data: Uint8Array.of(SAVE_TAG.refreshReserve) };
}
async function saveDepositReserveLiquidity(r, owner, amount, userUsdc, userCollateral) {
  return {
    programAddress: SAVE_PROGRAM,
    accounts: [
      w(userUsdc),
      w(userCollateral),
      w(r.reserve),
      w(r.liquiditySupply),
      w(r.collateralMint),
      ro(r.lendingMarket),
      ro(await saveMarketAuthority(r.lendingMarket)),
      signer(owner),
      ro(TOKEN_PROGRAM_ADDRESS6)
    ],
    data: tagU64(SAVE_TAG.depositReserveLiquidity, amount)
  };
}
async function saveRedeemReserveCollateral(r, owner, collateral, userCollateral, userUsdc) {
  return {
    programAddress: SAVE_PROGRAM,
    accounts: [
      w(userCollateral),
      w(userUsdc),
      w(r.reserve),
      w(r.collateralMint),
      w(r.liquiditySupply),
      // Writable: the redeem updates the market's outflow rate limiter.
      w(r.lendingMarket),
      ro(await saveMarketAuthority(r.lendingMarket)),
      signer(owner),
      ro(TOKEN_PROGRAM_ADDRESS6)
    ],
    data: tagU64(SAVE_TAG.redeemReserveCollateral, collateral)
  };
}
async function ownerAccounts(owner, r) {
  const ownerAddr = address7(owner);
  const [userUsdc] = await findAssociatedTokenPda5({ owner: ownerAddr, mint: r.liquidityMint, tokenProgram: TOKEN_PROGRAM_ADDRESS6 });
  const [userCollateral] = await findAssociatedTokenPda5({ owner: ownerAddr, mint: r.collateralMint, tokenProgram: TOKEN_PROGRAM_ADDRESS6 });
  return { ownerAddr, userUsdc, userCollateral };
}
function saveAdapterOf(v) {
  const ids11 = v.onchain;
  const reserveNow = /* @__PURE__ */ __name(() => readForPlan(`Save's USDC reserve ${ids11.usdcReserve} (its supply, collateral mint, oracles and rate)`, (signal) => readSaveReserve(signal, ids11)), "reserveNow");
  return {
    venueId: v.id,
    onchainInterface: `${ids11.program} DepositReserveLiquidity(liquidity_amount: u64) / RefreshReserve + RedeemReserveCollateral(collateral_amount: u64) on reserve ${ids11.usdcReserve}`,
    deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const r = await reserveNow();
      const { ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner, r);
      const createCollateralAta = getCreateAssociatedTokenIdempotentInstruction4({ payer: createNoopSigner4(ownerAddr), ata: userCollateral, owner: ownerAddr, mint: r.collateralMint });
      const deposit = await saveDepositReserveLiquidity(r, ownerAddr, amountMicros, userUsdc, userCollateral);
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Save's main-market USDC reserve and receive cUSDC in the owner's token account`, await solanaPayload(owner, [createCollateralAta, deposit], [], blockhash));
    }, "deposit"),
    withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const r = await reserveNow();
      const collateral = saveCollateralFor(amountMicros, r.collateralRate);
      const { ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner, r);
      const h = await readForPlan("The owner's Save cUSDC balance", (signal) => saveHolding(owner, r, signal));
      requireShares("Save cUSDC", collateral, h.held, h.micros);
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction4({ payer: createNoopSigner4(ownerAddr), ata: userUsdc, owner: ownerAddr, mint: r.liquidityMint });
      const redeem = await saveRedeemReserveCollateral(r, ownerAddr, collateral, userCollateral, userUsdc);
      return solanaPlanTransaction("withdraw", `Redeem ${collateral} cUSDC from Save's main-market USDC reserve for at least ${amountMicros} micro-USDC at the reserve's rate now`, await solanaPayload(owner, [createUsdcAta, saveRefreshReserve(r), redeem], [], blockhash));
    }, "withdraw")
  };
}
var ids6, SAVE_PROGRAM, SAVE_RESERVE_LAYOUT, WAD, ZERO_KEY, signer, saveAdapter;
var init_build9 = __esm({
  "server/venues/save/build.ts"() {
    "use strict";
    init_balances2();
    init_solana();
    init_bytes();
    init_accounts();
    init_descriptor5();
    init_anchor();
    init_plan_reads();
    init_tags();
    ids6 = save.onchain;
    SAVE_PROGRAM = address7(ids6.program);
    SAVE_RESERVE_LAYOUT = {
      length: 619,
      version: 0,
      lendingMarket: 10,
      liquidityMint: 42,
      liquiditySupply: 75,
      pythOracle: 107,
      switchboardOracle: 139,
      available: 171,
      borrowedWads: 179,
      collateralMint: 227,
      collateralSupply: 259,
      protocolFeesWads: 373,
      extraOracle: 489
    };
    WAD = 10n ** 18n;
    ZERO_KEY = "11111111111111111111111111111111";
    __name(parseSaveReserve, "parseSaveReserve");
    __name(saveCollateralFor, "saveCollateralFor");
    __name(saveLiquidityFor, "saveLiquidityFor");
    __name(saveHolding, "saveHolding");
    __name(readSaveReserve, "readSaveReserve");
    __name(saveMarketAuthority, "saveMarketAuthority");
    __name(tagU64, "tagU64");
    signer = /* @__PURE__ */ __name((a) => ({ address: a, role: AccountRole4.READONLY_SIGNER }), "signer");
    __name(saveRefreshReserve, "saveRefreshReserve");
    __name(saveDepositReserveLiquidity, "saveDepositReserveLiquidity");
    __name(saveRedeemReserveCollateral, "saveRedeemReserveCollateral");
    __name(ownerAccounts, "ownerAccounts");
    __name(saveAdapterOf, "saveAdapterOf");
    saveAdapter = saveAdapterOf(save);
  }
});

// server/venues/save/read.ts
function saveRateFromReserve(data) {
  const o = SAVE_RESERVE_OFFSETS;
  if (data.length < o.minLength) throw new Error("the reserve account is shorter than a Solend Reserve");
  const supply = u64le(data, o.collateralSupply);
  if (supply === 0n) throw new Error("the USDC reserve has no cTokens");
  const totalWads = u64le(data, o.available) * WAD2 + u128le(data, o.borrowedWads) - u128le(data, o.protocolFeesWads);
  return totalWads / supply;
}
var SAVE_USDC_RESERVE, WAD2, SAVE_RESERVE_OFFSETS, saveReader;
var init_read8 = __esm({
  "server/venues/save/read.ts"() {
    "use strict";
    init_descriptor5();
    init_bytes();
    init_accounts();
    SAVE_USDC_RESERVE = save.onchain.usdcReserve ?? "";
    WAD2 = 10n ** 18n;
    SAVE_RESERVE_OFFSETS = { lendingMarket: 10, liquidityMint: 42, available: 171, borrowedWads: 179, collateralSupply: 259, protocolFeesWads: 373, minLength: 389 };
    __name(saveRateFromReserve, "saveRateFromReserve");
    saveReader = {
      venueId: save.id,
      what: "Save (Solend) USDC reserve cToken rate",
      readIndex: /* @__PURE__ */ __name(async (signal) => {
        const ids11 = save.onchain;
        const data = await programAccount(SAVE_USDC_RESERVE, ids11.program ?? "", "Solend USDC reserve", signal);
        if (data.length >= SAVE_RESERVE_OFFSETS.minLength && pubkeyAt(data, SAVE_RESERVE_OFFSETS.lendingMarket) !== ids11.mainMarket) {
          throw new AccountMismatch(`Save reserve ${SAVE_USDC_RESERVE} belongs to another lending market than Save's main market ${ids11.mainMarket}`);
        }
        if (data.length >= SAVE_RESERVE_OFFSETS.minLength && pubkeyAt(data, SAVE_RESERVE_OFFSETS.liquidityMint) !== ids11.usdcMint) {
          throw new AccountMismatch(`Save reserve ${SAVE_USDC_RESERVE}'s liquidity mint is not USDC ${ids11.usdcMint}`);
        }
        return saveRateFromReserve(data);
      }, "readIndex")
    };
  }
});

// server/venues/save/worth.ts
function saveWorthOf(v) {
  const ids11 = v.onchain;
  return {
    venueId: v.id,
    what: "Save cUSDC balance \xD7 USDC reserve collateral rate",
    readWorth: /* @__PURE__ */ __name(async (owner, signal) => (await saveHolding(owner, await readSaveReserve(signal, ids11), signal)).micros, "readWorth")
  };
}
var saveWorth;
var init_worth4 = __esm({
  "server/venues/save/worth.ts"() {
    "use strict";
    init_build9();
    init_descriptor5();
    __name(saveWorthOf, "saveWorthOf");
    saveWorth = saveWorthOf(save);
  }
});

// server/venues/save/index.ts
var saveVenue;
var init_save = __esm({
  "server/venues/save/index.ts"() {
    "use strict";
    init_define();
    init_build9();
    init_descriptor5();
    init_read8();
    init_worth4();
    saveVenue = venueModule({
      descriptor: save,
      read: saveReader,
      worth: saveWorth,
      build: saveAdapter,
      // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
      programErrors: { program: save.onchain.program ?? "", name: "Save", custom: /* @__PURE__ */ __name(() => null, "custom") }
    });
  }
});

// server/venues/scallop/descriptor.ts
var scallop;
var init_descriptor6 = __esm({
  "server/venues/scallop/descriptor.ts"() {
    "use strict";
    init_define();
    scallop = defineVenue({
      id: "scallop",
      protocol: "scallop",
      name: "Scallop",
      chain: "move-chain",
      ready: true,
      // Deposit and withdraw builders in server/venues/scallop/build.ts (withdraw sized at the rate read at plan time).
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "scallop-lend", symbol: "USDC", chain: "Sui" },
      onchain: {
        // The protocol's ORIGINAL package: MarketCoin and the other protocol types are defined here (types keep it across
        // upgrades); calls go to the current package, read from `protocolUpgradeCap` at plan time (server/chains/sui/packages.ts).
        // @scallop-io/sui-scallop-sdk 2.4.5 src/models/scallopConstants.ts `protocolObjectId` fallback and parseToOldMarketCoin.
        protocolPackage: "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf",
        // The protocol package's UpgradeCap: its `package` field is the current package, the id Scallop's address book
        // serves as `core.packages.protocol.id`. scallop-io/sui-lending-protocol contracts/protocol/publish-result.mainnet.json
        // `upgradeCapId` (commit 54fc1ea6d8573c54d17b7754a7e081b4b8be423b); the same id is `core.packages.protocol.upgradeCap`
        // in @scallop-io/sui-scallop-sdk 2.4.5 src/constants/testAddress.ts.
        protocolUpgradeCap: "0x38527d154618d1fd5a644b90717fe07cf0e9f26b46b63e9568e611a3f86d5c1a",
        // market, version: scallop-io/sui-lending-protocol contracts/protocol/publish-result.mainnet.json `marketId`,
        // `versionId` (commit 54fc1ea6d8573c54d17b7754a7e081b4b8be423b).
        market: "0xa757975255146dc9686aa823b7838b507f315d704f428cbadad2f4ea061939d9",
        version: "0x07871c4b3c847a0f674510d4978d5cf6f960452795e8ff6f189fd2088a3f6ac7",
        coinDecimalsRegistry: "0x200abe9bf19751cc566ae35aa58e2b7e4ff688fc1130f8d8909ea09bc137d668",
        usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC"
      }
    });
  }
});

// server/venues/scallop/read.ts
function scallopRate(sheet) {
  const supply = u(sheet.market_coin_supply);
  if (supply === 0n) throw new Error("the USDC pool has no market coins");
  const assets = u(sheet.cash) + u(sheet.debt) - u(sheet.revenue);
  if (assets <= 0n) throw new Error("the USDC balance sheet has no assets net of revenue");
  return assets * WAD3 / supply;
}
var WAD3, scallopReader;
var init_read9 = __esm({
  "server/venues/scallop/read.ts"() {
    "use strict";
    init_descriptor6();
    init_fields();
    WAD3 = 10n ** 18n;
    __name(scallopRate, "scallopRate");
    scallopReader = {
      venueId: scallop.id,
      what: "Scallop market USDC balance sheet (sUSDC rate)",
      readIndex: /* @__PURE__ */ __name(async (signal) => {
        const market2 = await readObjectJson(scallop.onchain.market ?? "", signal);
        const tableId = uidOf(fieldsOf(fieldsOf(fieldsOf(market2.vault).balance_sheets).table).id);
        const usdc2 = (scallop.onchain.usdcCoinType ?? "").replace(/^0x/, "");
        return scallopRate(fieldsOf(await readDynamicFieldValue(tableId, typeNameKey(usdc2), signal)));
      }, "readIndex")
    };
  }
});

// server/venues/scallop/build.ts
import { coinWithBalance as coinWithBalance2 } from "@mysten/sui/transactions";
function scallopSharesFor(amountMicros, rate) {
  return (amountMicros * WAD4 + rate - 1n) / rate;
}
function scallopCoinCall(owner, pkg, fn, coinType, balance) {
  const tx = newSuiTransaction(owner);
  const coin = tx.add(coinWithBalance2({ type: coinType, balance }));
  const [out] = tx.moveCall({
    target: `${pkg}::${fn}::${fn}`,
    typeArguments: [ids7.usdcCoinType],
    arguments: [tx.object(ids7.version), tx.object(ids7.market), coin, tx.object.clock()]
  });
  if (!out) throw new Error(`${fn} returned no coin`);
  tx.transferObjects([out], owner);
  return tx;
}
var ids7, SCALLOP_MARKET_COIN_TYPE, WAD4, scallopObjectTypes, proven2, scallopMarketCoinsHeld, scallopMarketCoinsPay, scallopCallPackage, scallopAdapter;
var init_build10 = __esm({
  "server/venues/scallop/build.ts"() {
    "use strict";
    init_balances2();
    init_sui();
    init_coin_reads();
    init_packages();
    init_descriptor6();
    init_read9();
    init_plan_reads();
    init_sui_types();
    ids7 = scallop.onchain;
    SCALLOP_MARKET_COIN_TYPE = `${ids7.protocolPackage}::reserve::MarketCoin<${ids7.usdcCoinType}>`;
    WAD4 = 10n ** 18n;
    scallopObjectTypes = /* @__PURE__ */ __name((o) => [
      { id: o.version, name: "Version object", type: `${o.protocolPackage}::version::Version` },
      { id: o.market, name: "Market", type: `${o.protocolPackage}::market::Market` }
    ], "scallopObjectTypes");
    proven2 = /* @__PURE__ */ __name((reads) => afterSuiObjectTypes("Scallop", scallopObjectTypes(ids7), reads), "proven");
    __name(scallopSharesFor, "scallopSharesFor");
    scallopMarketCoinsHeld = /* @__PURE__ */ __name((owner, signal) => suiCoinBalance(owner, SCALLOP_MARKET_COIN_TYPE, signal), "scallopMarketCoinsHeld");
    scallopMarketCoinsPay = /* @__PURE__ */ __name((marketCoins, rate) => marketCoins * rate / WAD4, "scallopMarketCoinsPay");
    scallopCallPackage = /* @__PURE__ */ __name(() => readForPlan("Scallop's current protocol package (its UpgradeCap)", (signal) => currentPackage(ids7.protocolUpgradeCap, signal)), "scallopCallPackage");
    __name(scallopCoinCall, "scallopCoinCall");
    scallopAdapter = {
      venueId: scallop.id,
      onchainInterface: `<current package of UpgradeCap ${ids7.protocolUpgradeCap}>::mint::mint<USDC>(&Version, &mut Market, Coin<USDC>, &Clock, &mut TxContext): Coin<MarketCoin<USDC>>; <current package>::redeem::redeem<USDC>(&Version, &mut Market, Coin<MarketCoin<USDC>>, &Clock, &mut TxContext): Coin<USDC>`,
      deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        startCoinReads(owner, ids7.usdcCoinType);
        const pkg = await proven2(scallopCallPackage());
        const tx = scallopCoinCall(owner, pkg, "mint", ids7.usdcCoinType, amountMicros);
        return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Scallop (mint::mint) and receive the sUSDC market coin in the owner's wallet`, tx);
      }, "deposit"),
      withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        startCoinReads(owner, SCALLOP_MARKET_COIN_TYPE);
        const [pkg, index12, held] = await proven2(
          Promise.all([
            scallopCallPackage(),
            venueRate(scallopReader),
            readForPlan("The owner's sUSDC market coin balance", (signal) => scallopMarketCoinsHeld(owner, signal))
          ])
        );
        const shares = scallopSharesFor(amountMicros, index12);
        requireShares("sUSDC market coins", shares, held, scallopMarketCoinsPay(held, index12));
        const tx = scallopCoinCall(owner, pkg, "redeem", SCALLOP_MARKET_COIN_TYPE, shares);
        return suiPlanTransaction("withdraw", `Redeem ${shares} sUSDC market coins on Scallop (redeem::redeem) for at least ${amountMicros} micro-USDC at the market's rate now`, tx);
      }, "withdraw")
    };
  }
});

// server/venues/scallop/worth.ts
var ids8, market, scallopWorth;
var init_worth5 = __esm({
  "server/venues/scallop/worth.ts"() {
    "use strict";
    init_descriptor6();
    init_build10();
    init_read9();
    init_sui_types();
    ids8 = scallop.onchain;
    market = scallopObjectTypes(ids8).filter((o) => o.id === ids8.market);
    scallopWorth = {
      venueId: scallop.id,
      what: "Scallop sUSDC market coin balance \xD7 market USDC rate",
      readWorth: /* @__PURE__ */ __name(async (owner, signal) => {
        const [rate, held] = await readAfterSuiObjectTypes("Scallop", market, signal, Promise.all([scallopReader.readIndex(signal), scallopMarketCoinsHeld(owner, signal)]));
        return scallopMarketCoinsPay(held, rate);
      }, "readWorth")
    };
  }
});

// server/venues/scallop/index.ts
var scallopVenue;
var init_scallop = __esm({
  "server/venues/scallop/index.ts"() {
    "use strict";
    init_define();
    init_build10();
    init_descriptor6();
    init_read9();
    init_worth5();
    scallopVenue = venueModule({ descriptor: scallop, read: scallopReader, worth: scallopWorth, build: scallopAdapter });
  }
});

// server/venues/suilend/descriptor.ts
var suilend;
var init_descriptor7 = __esm({
  "server/venues/suilend/descriptor.ts"() {
    "use strict";
    init_define();
    suilend = defineVenue({
      id: "suilend",
      protocol: "suilend",
      name: "Suilend",
      chain: "move-chain",
      ready: true,
      // Deposit and withdraw builders in server/venues/suilend/build.ts (reserve slot and rate read at plan time).
      writeReady: true,
      liveMoneyPath: false,
      minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
      upstream: { project: "suilend", symbol: "USDC", chain: "Sui" },
      onchain: {
        // ORIGINAL package of the lending_market module: types (CToken, MAIN_POOL, RateLimiterExemption) keep it; calls go to
        // the current package read from `upgradeCap` at plan time (server/chains/sui/packages.ts).
        // @suilend/sdk 3.0.3 _generated/suilend/index.js PACKAGE_ID (mainnet branch).
        package: "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf",
        // @suilend/sdk 3.0.3 client.js SUILEND_UPGRADE_CAP_ID (mainnet branch): the SDK's getLatestPackageId reads this
        // object's `package` field and calls that package (setPublishedAt).
        upgradeCap: "0x3d4ef1859c3ee9fc72858f588b56a09da5466e64f8cc4e90a7b3b909fba8a7ae",
        // lendingMarket, lendingMarketType: @suilend/sdk 3.0.3 client.js LENDING_MARKET_ID, LENDING_MARKET_TYPE (mainnet branch).
        lendingMarket: "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1",
        lendingMarketType: "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf::suilend::MAIN_POOL",
        usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC"
      }
    });
  }
});

// server/venues/suilend/read.ts
async function readSuilendUsdcReserve(signal) {
  const reserves = (await readObjectJson(suilend.onchain.lendingMarket ?? "", signal)).reserves;
  if (!Array.isArray(reserves)) throw new Error("LendingMarket has no reserves vector");
  const usdc2 = suilend.onchain.usdcCoinType ?? "";
  for (const [i, r] of reserves.entries()) {
    const f = fieldsOf(r);
    const name = fieldsOf(f.coin_type).name;
    if (typeof name !== "string" || !sameCoinType(name, usdc2)) continue;
    const ctokens = u(f.ctoken_supply);
    if (ctokens === 0n) throw new Error("the USDC reserve has no cTokens");
    const totalWad = u(f.available_amount) * WAD5 + decimalValue(f.borrowed_amount) - decimalValue(f.unclaimed_spread_fees);
    return { arrayIndex: BigInt(i), rate: totalWad / ctokens };
  }
  throw new Error("the USDC reserve is not in the LendingMarket");
}
var WAD5, decimalValue, suilendReader;
var init_read10 = __esm({
  "server/venues/suilend/read.ts"() {
    "use strict";
    init_descriptor7();
    init_fields();
    WAD5 = 10n ** 18n;
    decimalValue = /* @__PURE__ */ __name((v) => u(fieldsOf(v).value), "decimalValue");
    __name(readSuilendUsdcReserve, "readSuilendUsdcReserve");
    suilendReader = {
      venueId: suilend.id,
      what: "Suilend LendingMarket USDC reserve cToken rate",
      readIndex: /* @__PURE__ */ __name(async (signal) => (await readSuilendUsdcReserve(signal)).rate, "readIndex")
    };
  }
});

// server/venues/suilend/build.ts
import { coinWithBalance as coinWithBalance3 } from "@mysten/sui/transactions";
function suilendCtokensFor(amountMicros, rate) {
  return (amountMicros * WAD6 + rate - 1n) / rate;
}
var ids9, SUILEND_CTOKEN_TYPE, EXEMPTION_TYPE, WAD6, suilendCtokensHeld, suilendCtokensPay, suilendObjectTypes, proven3, usdcReserve, suilendCallPackage, suilendAdapter;
var init_build11 = __esm({
  "server/venues/suilend/build.ts"() {
    "use strict";
    init_balances2();
    init_sui();
    init_coin_reads();
    init_packages();
    init_read10();
    init_descriptor7();
    init_plan_reads();
    init_sui_types();
    ids9 = suilend.onchain;
    SUILEND_CTOKEN_TYPE = `${ids9.package}::reserve::CToken<${ids9.lendingMarketType},${ids9.usdcCoinType}>`;
    EXEMPTION_TYPE = `${ids9.package}::lending_market::RateLimiterExemption<${ids9.lendingMarketType},${ids9.usdcCoinType}>`;
    WAD6 = 10n ** 18n;
    __name(suilendCtokensFor, "suilendCtokensFor");
    suilendCtokensHeld = /* @__PURE__ */ __name((owner, signal) => suiCoinBalance(owner, SUILEND_CTOKEN_TYPE, signal), "suilendCtokensHeld");
    suilendCtokensPay = /* @__PURE__ */ __name((ctokens, rate) => ctokens * rate / WAD6, "suilendCtokensPay");
    suilendObjectTypes = /* @__PURE__ */ __name((o) => [
      { id: o.lendingMarket, name: "LendingMarket", type: `${o.package}::lending_market::LendingMarket<${o.lendingMarketType}>` }
    ], "suilendObjectTypes");
    proven3 = /* @__PURE__ */ __name((reads) => afterSuiObjectTypes("Suilend", suilendObjectTypes(ids9), reads), "proven");
    usdcReserve = /* @__PURE__ */ __name(() => readForPlan("Suilend's LendingMarket (its USDC reserve slot and rate)", readSuilendUsdcReserve), "usdcReserve");
    suilendCallPackage = /* @__PURE__ */ __name(() => readForPlan("Suilend's current package (its UpgradeCap)", (signal) => currentPackage(ids9.upgradeCap, signal)), "suilendCallPackage");
    suilendAdapter = {
      venueId: suilend.id,
      onchainInterface: `<current package of UpgradeCap ${ids9.upgradeCap}>::lending_market::deposit_liquidity_and_mint_ctokens<MAIN_POOL, USDC>(&mut LendingMarket, u64, &Clock, Coin<USDC>): Coin<CToken>; <current package>::lending_market::redeem_ctokens_and_withdraw_liquidity_request<MAIN_POOL, USDC>(&mut LendingMarket, u64, &Clock, Coin<CToken>, Option<RateLimiterExemption>): LiquidityRequest; <current package>::lending_market::fulfill_liquidity_request<MAIN_POOL, USDC>(&mut LendingMarket, u64, LiquidityRequest): Coin<USDC>`,
      deposit: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        startCoinReads(owner, ids9.usdcCoinType);
        const [pkg, { arrayIndex }] = await proven3(Promise.all([suilendCallPackage(), usdcReserve()]));
        const tx = newSuiTransaction(owner);
        const usdc2 = tx.add(coinWithBalance3({ type: ids9.usdcCoinType, balance: amountMicros }));
        const [ctokens] = tx.moveCall({
          target: `${pkg}::lending_market::deposit_liquidity_and_mint_ctokens`,
          typeArguments: [ids9.lendingMarketType, ids9.usdcCoinType],
          arguments: [tx.object(ids9.lendingMarket), tx.pure.u64(arrayIndex), tx.object.clock(), usdc2]
        });
        if (!ctokens) throw new Error("deposit returned no coin");
        tx.transferObjects([ctokens], owner);
        return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Suilend's main market (USDC reserve, slot ${arrayIndex}) and receive its cTokens in the owner's wallet`, tx);
      }, "deposit"),
      withdraw: /* @__PURE__ */ __name(async ({ owner, amountMicros }) => {
        startCoinReads(owner, SUILEND_CTOKEN_TYPE);
        const [pkg, { arrayIndex, rate }, held] = await proven3(
          Promise.all([
            suilendCallPackage(),
            usdcReserve(),
            readForPlan("The owner's Suilend USDC cToken balance", (signal) => suilendCtokensHeld(owner, signal))
          ])
        );
        const ctokenAmount = suilendCtokensFor(amountMicros, rate);
        requireShares("Suilend USDC cTokens", ctokenAmount, held, suilendCtokensPay(held, rate));
        const tx = newSuiTransaction(owner);
        const ctokens = tx.add(coinWithBalance3({ type: SUILEND_CTOKEN_TYPE, balance: ctokenAmount }));
        const [noExemption] = tx.moveCall({ target: "0x1::option::none", typeArguments: [EXEMPTION_TYPE] });
        if (!noExemption) throw new Error("option::none returned nothing");
        const [request] = tx.moveCall({
          target: `${pkg}::lending_market::redeem_ctokens_and_withdraw_liquidity_request`,
          typeArguments: [ids9.lendingMarketType, ids9.usdcCoinType],
          arguments: [tx.object(ids9.lendingMarket), tx.pure.u64(arrayIndex), tx.object.clock(), ctokens, noExemption]
        });
        if (!request) throw new Error("redeem request returned nothing");
        const [usdc2] = tx.moveCall({
          target: `${pkg}::lending_market::fulfill_liquidity_request`,
          typeArguments: [ids9.lendingMarketType, ids9.usdcCoinType],
          arguments: [tx.object(ids9.lendingMarket), tx.pure.u64(arrayIndex), request]
        });
        if (!usdc2) throw new Error("fulfill returned no coin");
        tx.transferObjects([usdc2], owner);
        return suiPlanTransaction("withdraw", `Redeem ${ctokenAmount} Suilend USDC cTokens (slot ${arrayIndex}) for at least ${amountMicros} micro-USDC at the reserve's rate now`, tx);
      }, "withdraw")
    };
  }
});

// server/venues/suilend/worth.ts
var ids10, suilendWorth;
var init_worth6 = __esm({
  "server/venues/suilend/worth.ts"() {
    "use strict";
    init_descriptor7();
    init_build11();
    init_read10();
    init_sui_types();
    ids10 = suilend.onchain;
    suilendWorth = {
      venueId: suilend.id,
      what: "Suilend USDC cToken balance \xD7 LendingMarket USDC reserve cToken rate",
      readWorth: /* @__PURE__ */ __name(async (owner, signal) => {
        const reads = Promise.all([readSuilendUsdcReserve(signal), suilendCtokensHeld(owner, signal)]);
        const [{ rate }, held] = await readAfterSuiObjectTypes("Suilend", suilendObjectTypes(ids10), signal, reads);
        return suilendCtokensPay(held, rate);
      }, "readWorth")
    };
  }
});

// server/venues/suilend/index.ts
var suilendVenue;
var init_suilend = __esm({
  "server/venues/suilend/index.ts"() {
    "use strict";
    init_define();
    init_build11();
    init_descriptor7();
    init_read10();
    init_worth6();
    suilendVenue = venueModule({ descriptor: suilend, read: suilendReader, worth: suilendWorth, build: suilendAdapter });
  }
});

// server/venues/list.ts
var VENUE_MODULES;
var init_list = __esm({
  "server/venues/list.ts"() {
    "use strict";
    init_simulate();
    init_program_errors();
    init_aave_v3();
    init_compound_v3();
    init_jupiter_lend();
    init_kamino();
    init_marginfi();
    init_morpho();
    init_navi();
    init_save();
    init_scallop();
    init_suilend();
    VENUE_MODULES = [
      scallopVenue,
      naviVenue,
      suilendVenue,
      kaminoVenue,
      marginfiVenue,
      jupiterLendVenue,
      saveVenue,
      aaveV3BaseVenue,
      morphoBaseVenue,
      compoundV3BaseVenue,
      aaveV3ArbitrumVenue,
      morphoArbitrumVenue,
      compoundV3ArbitrumVenue
    ];
    setVenuePrograms(VENUE_MODULES.flatMap((m) => m.programErrors ? [m.programErrors] : []));
    setVenueRevertErrors(VENUE_MODULES.flatMap((m) => m.revertErrors ?? []));
  }
});

// server/venues/index.ts
function getVenue(id) {
  return byId.get(id);
}
function venuesOn(chain) {
  return VENUES.filter((v) => v.chain === chain);
}
function opportunityIdOf(v) {
  return stableId("opp", v.chain, v.protocol, v.token);
}
function venueResult(v) {
  return { kind: "venue", id: v.id, opportunityId: opportunityIdOf(v), venue: v };
}
function bareIdsBehind(input) {
  const exact = [...byId.keys(), AUTOPILOT_ID].filter((id) => input.startsWith(`${id}-`));
  if (exact.length) return [exact.sort((a, b) => b.length - a.length)[0]];
  return VENUES.filter((v) => input.startsWith(`${v.protocol}-`)).map((v) => v.id);
}
function resolveStrategyId(input, field2 = "body.strategyId") {
  const raw = input.trim().toLowerCase();
  if (raw.startsWith("opp_")) {
    const v2 = byOpportunity.get(raw);
    if (v2) return venueResult(v2);
    if (raw === AUTOPILOT.opportunityId) return { kind: "strategy", id: AUTOPILOT_ID, opportunityId: AUTOPILOT.opportunityId, venue: null };
    throw new ApiError("NOT_FOUND", `Unknown opportunityId ${input}`);
  }
  const id = raw.startsWith("form-") ? raw.slice("form-".length) : raw;
  const v = byId.get(id);
  if (v) return venueResult(v);
  if (id === AUTOPILOT_ID) return { kind: "strategy", id: AUTOPILOT_ID, opportunityId: AUTOPILOT.opportunityId, venue: null };
  const bare2 = bareIdsBehind(id);
  if (bare2.length) {
    const list = bare2.map((b) => `"${b}"`).join(" or ");
    throw fieldError("INVALID_REQUEST", field2, `must be a bare protocol id, not a composite market id: use ${list} instead of "${input}"`, { bareIds: bare2 });
  }
  throw new ApiError("NOT_FOUND", `Unknown strategyId ${input}`);
}
function resolveVenue(input, field2 = "body.strategyId") {
  const r = resolveStrategyId(input, field2);
  if (r.venue) return r.venue;
  throw fieldError("INVALID_REQUEST", field2, `must be a venue id: ${AUTOPILOT_ID} is the automated strategy, not a venue`);
}
var VENUES, AUTOPILOT_ID, AUTOPILOT, byId, byOpportunity;
var init_venues = __esm({
  "server/venues/index.ts"() {
    "use strict";
    init_errors();
    init_ids2();
    init_list();
    init_list();
    VENUES = VENUE_MODULES.map((m) => m.descriptor);
    AUTOPILOT_ID = "svc-autopilot-top-30d-monthly";
    AUTOPILOT = {
      id: AUTOPILOT_ID,
      protocol: "svc",
      name: "Autopilot: top 30-day APY, monthly",
      rerank: "monthly",
      switchThresholdBps: 700,
      opportunityId: stableId("opp", "launch-homes", "svc", AUTOPILOT_ID)
    };
    byId = new Map(VENUES.map((v) => [v.id, v]));
    __name(getVenue, "getVenue");
    __name(venuesOn, "venuesOn");
    __name(opportunityIdOf, "opportunityIdOf");
    byOpportunity = new Map(VENUES.map((v) => [opportunityIdOf(v), v]));
    __name(venueResult, "venueResult");
    __name(bareIdsBehind, "bareIdsBehind");
    __name(resolveStrategyId, "resolveStrategyId");
    __name(resolveVenue, "resolveVenue");
  }
});

// server/http/json.ts
function cacheJson(body) {
  serialized.set(body, Buffer.from(toJson(body), "utf8"));
  return body;
}
function toJson(body) {
  return JSON.stringify(body, (_k, v) => typeof v === "bigint" ? v.toString() : v);
}
function bodyBytes(body) {
  if (body !== null && typeof body === "object") {
    const cached2 = serialized.get(body);
    if (cached2) return cached2;
  }
  return toJson(body);
}
var serialized;
var init_json = __esm({
  "server/http/json.ts"() {
    "use strict";
    serialized = /* @__PURE__ */ new WeakMap();
    __name(cacheJson, "cacheJson");
    __name(toJson, "toJson");
    __name(bodyBytes, "bodyBytes");
  }
});

// server/catalog/upstream.ts
function percentToBps(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  const bps2 = Math.round(v * 100);
  return Math.abs(bps2) > INT32 ? null : bps2;
}
function finiteOrNull(v) {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}
async function getJson(url, timeoutMs) {
  let res;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" } });
  } catch (e) {
    const timedOut = signal.aborted;
    throw new UpstreamError(timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {
    });
    throw new UpstreamError(`HTTP ${res.status}`);
  }
  let text22;
  try {
    text22 = await res.text();
  } catch {
    throw new UpstreamError(signal.aborted ? `no complete answer within ${timeoutMs} ms` : "connection dropped mid-body");
  }
  try {
    return JSON.parse(text22);
  } catch {
    throw new UpstreamError("malformed JSON");
  }
}
function extractPools(body) {
  if (body === null || typeof body !== "object" || !Array.isArray(body.data)) {
    throw new UpstreamError("malformed body: expected { status, data: [] }");
  }
  const data = body.data;
  if (data.length === 0) throw new UpstreamError("empty upstream: no pools");
  const pools = [];
  let valid = 0;
  for (const r of data) {
    if (r === null || typeof r !== "object") continue;
    const row = r;
    const { pool: pool2, chain, project, symbol } = row;
    if (typeof pool2 !== "string" || typeof chain !== "string" || typeof project !== "string" || typeof symbol !== "string") continue;
    valid++;
    if (!(chain in UPSTREAM_CHAINS)) continue;
    pools.push({
      pool: pool2,
      chain,
      project,
      symbol,
      tvlUsd: finiteOrNull(row.tvlUsd),
      apyBps: percentToBps(row.apy),
      apyBaseBps: percentToBps(row.apyBase),
      apyRewardBps: percentToBps(row.apyReward),
      apy30dBps: percentToBps(row.apyMean30d),
      stablecoin: row.stablecoin === true
    });
  }
  if (valid === 0) throw new UpstreamError("malformed rows: none has pool, chain, project and symbol");
  return { pools, upstreamRows: data.length };
}
async function fetchPools(root3, timeoutMs) {
  return extractPools(await getJson(`${root3}/pools`, timeoutMs));
}
async function fetchChart(root3, pool2, timeoutMs) {
  const body = await getJson(`${root3}/chart/${encodeURIComponent(pool2)}`, timeoutMs);
  if (body === null || typeof body !== "object" || !Array.isArray(body.data)) {
    throw new UpstreamError("malformed body: expected { status, data: [] }");
  }
  const out = [];
  for (const r of body.data) {
    if (r === null || typeof r !== "object") continue;
    const p = r;
    if (typeof p.timestamp !== "string" || Number.isNaN(Date.parse(p.timestamp))) continue;
    out.push({ timestamp: new Date(p.timestamp).toISOString(), apyBps: percentToBps(p.apy), tvlUsd: finiteOrNull(p.tvlUsd) });
  }
  return out;
}
var SOURCE, UPSTREAM_CHAINS, CHAIN_TO_UPSTREAM, UpstreamError, INT32;
var init_upstream = __esm({
  "server/catalog/upstream.ts"() {
    "use strict";
    SOURCE = "defillama";
    UPSTREAM_CHAINS = {
      Sui: "move-chain",
      Solana: "svm-chain",
      Base: "evm-a",
      Arbitrum: "evm-b"
    };
    CHAIN_TO_UPSTREAM = {
      "move-chain": "Sui",
      "svm-chain": "Solana",
      "evm-a": "Base",
      "evm-b": "Arbitrum"
    };
    UpstreamError = class extends Error {
      static {
        __name(this, "UpstreamError");
      }
    };
    INT32 = 2147483647;
    __name(percentToBps, "percentToBps");
    __name(finiteOrNull, "finiteOrNull");
    __name(getJson, "getJson");
    __name(extractPools, "extractPools");
    __name(fetchPools, "fetchPools");
    __name(fetchChart, "fetchChart");
  }
});

// server/catalog/snapshot.ts
import { eq as eq2 } from "drizzle-orm";
function sortPools(pools) {
  return pools.sort((a, b) => (b.tvlUsd ?? -1) - (a.tvlUsd ?? -1) || (a.pool < b.pool ? -1 : a.pool > b.pool ? 1 : 0));
}
async function load(db, current) {
  const [meta] = await db.select({
    asOf: yieldSnapshots.asOf,
    lastAttemptAt: yieldSnapshots.lastAttemptAt,
    lastError: yieldSnapshots.lastError,
    upstreamRows: yieldSnapshots.upstreamRows
  }).from(yieldSnapshots).where(eq2(yieldSnapshots.source, SOURCE));
  if (!meta) return EMPTY;
  if (meta.asOf && current.asOf && meta.asOf.getTime() === current.asOf.getTime()) return { ...current, ...meta };
  if (!meta.asOf) return { ...meta, pools: [] };
  const [row] = await db.select({ pools: yieldSnapshots.pools }).from(yieldSnapshots).where(eq2(yieldSnapshots.source, SOURCE));
  return { ...meta, pools: sortPools(row?.pools ?? []) };
}
async function getSnapshot(db) {
  holder12.__svcSnapshot ??= { snap: EMPTY, checkedAt: 0 };
  const h = holder12.__svcSnapshot;
  if (Date.now() - h.checkedAt < RECHECK_MS) return h.snap;
  h.loading ??= load(db, h.snap).then((snap) => {
    h.snap = snap;
    h.checkedAt = Date.now();
    return snap;
  }).finally(() => {
    h.loading = void 0;
  });
  return h.loading;
}
function invalidateSnapshot() {
  if (holder12.__svcSnapshot) holder12.__svcSnapshot.checkedAt = 0;
}
function isFresh(asOf, now = Date.now()) {
  return asOf !== null && now - asOf.getTime() <= config().SVC_APY_MAX_AGE_S * 1e3;
}
function snapshotReason(s, now = Date.now()) {
  const failed = s.lastError ? `last refresh failed: ${s.lastError}` : null;
  if (!s.asOf) return failed ? `no yields snapshot yet; ${failed}` : "no yields snapshot yet; the background refresh has not completed";
  if (!isFresh(s.asOf, now)) {
    return `the last yields snapshot is older than ${config().SVC_APY_MAX_AGE_S} s${failed ? `; ${failed}` : ""}`;
  }
  return null;
}
var RECHECK_MS, CATALOG_CHANNEL, EMPTY, holder12;
var init_snapshot = __esm({
  "server/catalog/snapshot.ts"() {
    "use strict";
    init_config();
    init_schema();
    init_upstream();
    RECHECK_MS = 1e3;
    CATALOG_CHANNEL = "svc_catalog";
    EMPTY = { asOf: null, lastAttemptAt: null, lastError: null, upstreamRows: 0, pools: [] };
    holder12 = globalThis;
    __name(sortPools, "sortPools");
    __name(load, "load");
    __name(getSnapshot, "getSnapshot");
    __name(invalidateSnapshot, "invalidateSnapshot");
    __name(isFresh, "isFresh");
    __name(snapshotReason, "snapshotReason");
  }
});

// server/catalog/home-answer.ts
import { createHash as createHash3 } from "node:crypto";
function queryKey(prefix, query) {
  let k = keys.get(query);
  if (k === void 0) {
    k = `${prefix}:${JSON.stringify(query)}`;
    keys.set(query, k);
  }
  return k;
}
function state() {
  holder13.__svcHomeMemo ??= { entries: /* @__PURE__ */ new Map(), generation: 0, listening: /* @__PURE__ */ new WeakSet() };
  return holder13.__svcHomeMemo;
}
function catalogChanged() {
  state().generation++;
  invalidateSnapshot();
}
function strongEtag(bytes) {
  return `"${createHash3("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
}
async function rebuild(key, build2) {
  const s = state();
  const generation = s.generation;
  const body = await build2();
  const bytes = Buffer.from(toJson(body), "utf8");
  const before = s.entries.get(key);
  if (before?.bytes.equals(bytes)) {
    before.at = Date.now();
    before.generation = generation;
    return before.answer;
  }
  cacheJson(body);
  const etag = strongEtag(bytes);
  const answer3 = { body, etag, headers: Object.freeze({ etag, "cache-control": CACHE_CONTROL }) };
  if (s.entries.size > 500) s.entries.clear();
  s.entries.set(key, { at: Date.now(), generation, bytes, answer: answer3 });
  return answer3;
}
async function preparedAnswer(db, key, build2) {
  const s = state();
  if (!s.listening.has(db)) {
    s.listening.add(db);
    onSignal(db, CATALOG_CHANNEL, catalogChanged);
  }
  const hit = s.entries.get(key);
  if (hit && hit.generation === s.generation && Date.now() - hit.at < RECHECK_MS2) return hit.answer;
  if (hit?.pending) return hit.pending;
  const pending2 = rebuild(key, build2);
  if (hit) {
    hit.pending = pending2;
    void pending2.finally(() => {
      hit.pending = void 0;
    }).catch(() => {
    });
  }
  return pending2;
}
var RECHECK_MS2, CACHE_CONTROL, keys, holder13;
var init_home_answer = __esm({
  "server/catalog/home-answer.ts"() {
    "use strict";
    init_signal();
    init_json();
    init_snapshot();
    RECHECK_MS2 = 1e3;
    CACHE_CONTROL = "no-cache";
    keys = /* @__PURE__ */ new WeakMap();
    __name(queryKey, "queryKey");
    holder13 = globalThis;
    __name(state, "state");
    __name(catalogChanged, "catalogChanged");
    __name(strongEtag, "strongEtag");
    __name(rebuild, "rebuild");
    __name(preparedAnswer, "preparedAnswer");
  }
});

// server/catalog/refresh.ts
import { sql as sql9 } from "drizzle-orm";
function poolForVenue(v, pools) {
  let best = null;
  const symbol = v.upstream.symbol.toUpperCase();
  for (const p of pools) {
    if (p.chain !== v.upstream.chain || p.project !== v.upstream.project || p.symbol.toUpperCase() !== symbol) continue;
    if (!best || (p.tvlUsd ?? -1) > (best.tvlUsd ?? -1) || (p.tvlUsd ?? -1) === (best.tvlUsd ?? -1) && p.pool < best.pool) best = p;
  }
  return best;
}
async function recordFailure(db, at, error) {
  await db.insert(yieldSnapshots).values({ source: SOURCE, asOf: null, pools: [], upstreamRows: 0, lastAttemptAt: at, lastError: error }).onConflictDoUpdate({ target: yieldSnapshots.source, set: { lastAttemptAt: at, lastError: error } });
  signalOnCommit(db, CATALOG_CHANNEL);
}
async function storeSnapshot(db, pools, upstreamRows, asOf) {
  const events2 = await storeInTransaction(db, pools, upstreamRows, asOf);
  catalogChanged();
  return events2;
}
function storeInTransaction(db, pools, upstreamRows, asOf) {
  return db.transaction(async (tx) => {
    await tx.insert(yieldSnapshots).values({ source: SOURCE, asOf, pools, upstreamRows, lastAttemptAt: asOf, lastError: null }).onConflictDoUpdate({
      target: yieldSnapshots.source,
      set: { asOf, pools, upstreamRows, lastAttemptAt: asOf, lastError: null }
    });
    const previous = new Map((await tx.select().from(venueApys)).map((r) => [r.venueId, r]));
    const rows = VENUES.map((v) => {
      const p = poolForVenue(v, pools);
      return {
        venueId: v.id,
        source: SOURCE,
        pool: p?.pool ?? null,
        grossApyBps: p?.apyBps ?? null,
        apy30dBps: p?.apy30dBps ?? null,
        tvlUsd: p?.tvlUsd ?? null,
        asOf
      };
    });
    await tx.insert(venueApys).values(rows).onConflictDoUpdate({
      target: venueApys.venueId,
      set: {
        source: sql9`excluded.source`,
        pool: sql9`excluded.pool`,
        grossApyBps: sql9`excluded.gross_apy_bps`,
        apy30dBps: sql9`excluded.apy30d_bps`,
        tvlUsd: sql9`excluded.tvl_usd`,
        asOf: sql9`excluded.as_of`
      }
    });
    const events2 = [];
    for (const [i, v] of VENUES.entries()) {
      const now = rows[i];
      if (!now) continue;
      const before = previous.get(v.id);
      const changed = before ? before.grossApyBps !== now.grossApyBps || before.apy30dBps !== now.apy30dBps : now.grossApyBps !== null || now.apy30dBps !== null;
      if (!changed) continue;
      events2.push({
        type: "apy.updated",
        wallet: null,
        data: {
          venueId: v.id,
          opportunityId: opportunityIdOf(v),
          protocol: v.protocol,
          chain: v.chain,
          pool: now.pool,
          grossApyBps: now.grossApyBps,
          previousGrossApyBps: before?.grossApyBps ?? null,
          apy30dBps: now.apy30dBps,
          previousApy30dBps: before?.apy30dBps ?? null,
          tvlUsd: now.tvlUsd,
          source: SOURCE,
          asOf: asOf.toISOString()
        }
      });
    }
    await emitEvents(tx, events2);
    signalOnCommit(tx, CATALOG_CHANNEL);
    return events2.length;
  });
}
async function refreshYields(db) {
  const cfg = config();
  const started2 = Date.now();
  try {
    const { pools, upstreamRows } = await fetchPools(cfg.SVC_YIELDS_API_URL, cfg.SVC_YIELDS_TIMEOUT_MS).catch((e) => {
      noteUpstream("yields", false);
      throw e;
    });
    noteUpstream("yields", true);
    const events2 = await storeSnapshot(db, pools, upstreamRows, /* @__PURE__ */ new Date());
    invalidateSnapshot();
    return { ok: true, pools: pools.length, upstreamRows, events: events2, ms: Date.now() - started2 };
  } catch (e) {
    const error = e instanceof UpstreamError ? e.message : `store failed: ${e instanceof Error ? e.message : String(e)}`;
    try {
      await recordFailure(db, /* @__PURE__ */ new Date(), error);
    } catch (e2) {
      log().warn({ err: e2 instanceof Error ? e2.message : String(e2) }, "yields refresh: cannot record failure");
    }
    invalidateSnapshot();
    return { ok: false, error, ms: Date.now() - started2 };
  }
}
var yieldsRefreshJob;
var init_refresh = __esm({
  "server/catalog/refresh.ts"() {
    "use strict";
    init_config();
    init_job_lock();
    init_schema();
    init_outbox();
    init_log();
    init_metrics();
    init_venues();
    init_signal();
    init_home_answer();
    init_snapshot();
    init_upstream();
    __name(poolForVenue, "poolForVenue");
    __name(recordFailure, "recordFailure");
    __name(storeSnapshot, "storeSnapshot");
    __name(storeInTransaction, "storeInTransaction");
    __name(refreshYields, "refreshYields");
    yieldsRefreshJob = /* @__PURE__ */ __name((db) => {
      const everyMs = config().SVC_YIELDS_REFRESH_S * 1e3;
      let running = false;
      const tick = /* @__PURE__ */ __name(async () => {
        if (running) return;
        running = true;
        try {
          await runScheduled(db, "yields-refresh", everyMs, async () => {
            const r = await refreshYields(db);
            if (r.ok) log().info({ job: "yields-refresh", ...r }, "yields snapshot stored");
            else log().warn({ job: "yields-refresh", ...r }, "yields refresh failed; last good snapshot kept");
          });
        } catch (e) {
          log().warn({ job: "yields-refresh", err: e instanceof Error ? e.message : String(e) }, "yields refresh not run: database unavailable");
        } finally {
          running = false;
        }
      }, "tick");
      void tick();
      const timer = setInterval(() => void tick(), everyMs);
      timer.unref?.();
      return () => clearInterval(timer);
    }, "yieldsRefreshJob");
  }
});

// server/venues/readers.ts
function readVenueIndex(venueId) {
  const m = VENUE_MODULES.find((v) => v.descriptor.id === venueId);
  return readIndexOf(venueId, m?.read, m?.noReader);
}
var init_readers = __esm({
  "server/venues/readers.ts"() {
    "use strict";
    init_list();
    init_index_read();
    __name(readVenueIndex, "readVenueIndex");
  }
});

// server/venues/worth.ts
function failure2(e) {
  if (e instanceof AccountMismatch) return `${e.message}; nothing is read against this id`;
  if (e instanceof BuildBlocked) return e.message.replace(/ Nothing is built against this id\.$/, " Nothing is read against this id").replace(/\.$/, "");
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the chain's RPC did not answer within ${config().SVC_RPC_TIMEOUT_MS} ms`;
  return `the chain's RPC read failed: ${errorLine(e)}`;
}
async function readOnce2(venueId, owner) {
  const m = VENUE_MODULES.find((v) => v.descriptor.id === venueId);
  if (!m) return { ok: false, reason: `${venueId} is not a venue this service reads` };
  if (!m.worth) return { ok: false, reason: `no on-chain reader of a position's worth for ${venueId} yet` };
  if (!isAddressOf(m.descriptor.family, owner)) {
    return { ok: false, reason: `the wallet is not ${FAMILY_NAME[m.descriptor.family]} address, so it holds no ${m.descriptor.name} position to read` };
  }
  const reader = m.worth;
  try {
    const micros2 = await withRpcTimeout((signal) => reader.readWorth(owner, signal));
    if (micros2 < 0n) return { ok: false, reason: `${reader.what} returned ${micros2}` };
    return { ok: true, micros: micros2, source: `chain:${m.descriptor.chain} ${reader.what}`, asOf: (/* @__PURE__ */ new Date()).toISOString() };
  } catch (e) {
    return { ok: false, reason: `${reader.what}: ${failure2(e)}` };
  }
}
function readPositionWorth(venueId, owner) {
  const key = `${venueId}|${normalizeAddress(owner)}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < WORTH_TTL_MS) return hit.read;
  const read = readOnce2(venueId, owner);
  kept.set(key, { at: now, read });
  void read.then((r) => {
    if (!r.ok && kept.get(key)?.read === read) kept.delete(key);
  });
  if (kept.size > 1e4) {
    for (const [k, v] of kept) if (now - v.at >= WORTH_TTL_MS) kept.delete(k);
  }
  return read;
}
function forgetWorth(venueId, owner) {
  if (venueId && owner) kept.delete(`${venueId}|${normalizeAddress(owner)}`);
  else kept.clear();
}
var WORTH_TTL_MS, kept;
var init_worth7 = __esm({
  "server/venues/worth.ts"() {
    "use strict";
    init_address();
    init_clients();
    init_accounts();
    init_config();
    init_list();
    init_build();
    WORTH_TTL_MS = 15e3;
    kept = /* @__PURE__ */ new Map();
    __name(failure2, "failure");
    __name(readOnce2, "readOnce");
    __name(readPositionWorth, "readPositionWorth");
    __name(forgetWorth, "forgetWorth");
  }
});

// server/ledger/activity.ts
import { and as and2, eq as eq3, sql as sql10 } from "drizzle-orm";
function addActivity(batch, rows) {
  if (rows.length === 0) return [];
  const plans2 = [];
  const seen = /* @__PURE__ */ new Set();
  const values = rows.map((r) => {
    if (r.planId) {
      const k = `${r.wallet}\0${r.planId}`;
      if (!seen.has(k)) {
        seen.add(k);
        plans2.push({ wallet: r.wallet, plan_id: r.planId, n: plans2.length });
      }
    }
    return { ...r, id: newId("act") };
  });
  const next = sql10.raw(`nextval('${activityGroupSeq.seqName}')`);
  if (plans2.length === 0) {
    batch.insert(activity, values, { shape: "group:own", columns: { groupSeq: next } });
  } else {
    const a = /* @__PURE__ */ __name((c) => sql10`a.${sql10.identifier(colName(c))}`, "a");
    const groups = batch.with(
      "activity-groups",
      [JSON.stringify(plans2)],
      ([json]) => sql10`select p.wallet, p.plan_id, coalesce((select ${a(activity.groupSeq)} from ${activity} a where ${a(activity.wallet)} = p.wallet and ${a(activity.planId)} = p.plan_id limit 1), ${next}) as g
        from (select * from jsonb_to_recordset(${json}::jsonb) as x(wallet text, plan_id text, n int) order by n offset 0) p`
    );
    const group = sql10`coalesce((select g.g from ${groups} g where g.wallet = ${rowCol(activity.wallet)} and g.plan_id = ${rowCol(activity.planId)}), ${next})`;
    batch.insert(activity, values, { shape: "group:plans", columns: { groupSeq: group } });
  }
  return values.map((v) => v.id);
}
async function insertActivity(tx, rows) {
  const batch = new Batch();
  const ids11 = addActivity(batch, rows);
  await batch.run(tx);
  return ids11;
}
async function routingCostOf(tx, wallet, planId2) {
  const rows = await tx.select({ i: activity.amountInMicros, o: activity.amountOutMicros, kind: activity.kind, status: activity.status }).from(activity).where(and2(eq3(activity.wallet, wallet), eq3(activity.planId, planId2)));
  let cost = 0n;
  for (const r of rows) {
    if ((r.kind === "swap" || r.kind === "bridge") && r.status === "settled" && r.o !== null && r.i > r.o) cost += r.i - r.o;
  }
  return cost;
}
var init_activity2 = __esm({
  "server/ledger/activity.ts"() {
    "use strict";
    init_batch();
    init_schema();
    init_ids2();
    __name(addActivity, "addActivity");
    __name(insertActivity, "insertActivity");
    __name(routingCostOf, "routingCostOf");
  }
});

// server/ledger/book.ts
import { and as and3, eq as eq4, getTableColumns as getTableColumns2, inArray, sql as sql11 } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
async function walletRows(db, wallet, wallets) {
  const rows = await db.select().from(balances).where(wallets ? inArray(balances.wallet, wallets) : eq4(balances.wallet, wallet)).orderBy(sql11`${balances.chain} collate "C"`, sql11`${balances.venueId} collate "C"`);
  return rows;
}
var LIQUID, InsufficientFunds, keyOf2, order, Book, KEY_COLUMNS, KEY_FIELDS, qb, ident, LOCK, lockAllSql, LOCK_ALL, LOCK_ALL_CHAIN, WRITTEN;
var init_book = __esm({
  "server/ledger/book.ts"() {
    "use strict";
    init_batch();
    init_client();
    init_schema();
    init_outbox();
    init_activity2();
    LIQUID = "";
    InsufficientFunds = class extends Error {
      constructor(bucket, key, available, needed) {
        super(`${bucket} balance ${available} is below ${needed}`);
        this.bucket = bucket;
        this.key = key;
        this.available = available;
        this.needed = needed;
      }
      static {
        __name(this, "InsufficientFunds");
      }
    };
    keyOf2 = /* @__PURE__ */ __name((k) => `${k.chain}\0${k.token}\0${k.venueId}`, "keyOf");
    order = /* @__PURE__ */ __name((a, b) => {
      const x = keyOf2(a);
      const y = keyOf2(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }, "order");
    Book = class _Book {
      constructor(wallet, locked) {
        this.wallet = wallet;
        for (const r of locked) this.rows.set(keyOf2(r), r);
      }
      static {
        __name(this, "Book");
      }
      rows = /* @__PURE__ */ new Map();
      dirty = /* @__PURE__ */ new Set();
      entries = [];
      /** Locks (creating when missing) the rows of these keys, in the global order, with one statement. */
      static async lock(tx, wallet, keys2) {
        const uniq = /* @__PURE__ */ new Map();
        for (const k of keys2) uniq.set(keyOf2({ ...k, wallet }), { ...k, wallet });
        const sorted = [...uniq.values()].sort(order);
        if (sorted.length === 0) return new _Book(wallet, []);
        const rows = await LOCK.execute(tx, { rows: rowsJson(balances, sorted, KEY_FIELDS) });
        return new _Book(wallet, rows);
      }
      /** Locks every existing row of the wallet for a token (optionally one chain), in the global order. */
      static async lockAll(tx, wallet, token4, chain) {
        const rows = chain ? await LOCK_ALL_CHAIN.execute(tx, { wallet, token: token4, chain }) : await LOCK_ALL.execute(tx, { wallet, token: token4 });
        return new _Book(wallet, rows);
      }
      /** Locks the rows of some venues (and their chains' liquid rows) that already exist. */
      static async lockVenues(tx, wallet, token4, keys2) {
        return _Book.lock(
          tx,
          wallet,
          keys2.map((k) => ({ ...k, token: token4 }))
        );
      }
      all() {
        return [...this.rows.values()].sort(order);
      }
      row(k) {
        const r = this.rows.get(keyOf2({ ...k, wallet: this.wallet }));
        if (!r) throw new Error(`row ${k.chain}/${k.token}/${k.venueId || "liquid"} is not locked`);
        return r;
      }
      has(k) {
        return this.rows.has(keyOf2({ ...k, wallet: this.wallet }));
      }
      /** Adds a signed amount to a bucket and journals it; throws InsufficientFunds below 0. */
      change(k, kind, amount, meta, counterparty = null) {
        const r = this.row(k);
        const bucket = k.venueId === LIQUID ? "liquid" : "staked";
        const before = bucket === "liquid" ? r.liquidMicros : r.stakedMicros;
        const after = before + amount;
        if (after < 0n) throw new InsufficientFunds(bucket, { ...k, wallet: this.wallet }, before, -amount);
        if (bucket === "liquid") r.liquidMicros = after;
        else {
          r.stakedMicros = after;
          if (r.confirmedMicros > after) r.confirmedMicros = after;
        }
        this.dirty.add(keyOf2(r));
        this.entries.push({
          actionId: meta.actionId,
          wallet: this.wallet,
          chain: k.chain,
          token: k.token,
          venueId: k.venueId === LIQUID ? null : k.venueId,
          kind,
          amountMicros: amount,
          balanceAfterMicros: after,
          planId: meta.planId ?? null,
          legIndex: meta.legIndex ?? null,
          txId: meta.txId ?? null,
          counterparty
        });
        return after;
      }
      patch(k, p) {
        const r = this.row(k);
        Object.assign(r, p);
        this.dirty.add(keyOf2(r));
      }
      get changed() {
        return this.dirty.size > 0 || this.entries.length > 0;
      }
      /**
       * Writes the changed rows, the journal and, when given, the action's activity rows and outbox events: one
       * statement (one round trip). Returns the ids of the activity rows and events.
       */
      async flush(tx, with_ = {}) {
        const batch = new Batch();
        const now = /* @__PURE__ */ new Date();
        const changed = [];
        for (const key of [...this.dirty].sort()) {
          const r = this.rows.get(key);
          if (r) changed.push({ ...r, updatedAt: now });
        }
        batch.update(balances, [balances.wallet, balances.chain, balances.token, balances.venueId], WRITTEN, changed);
        batch.insert(ledgerEntries, this.entries);
        const activityIds = addActivity(batch, with_.activity ?? []);
        const eventIds = addEvents(batch, with_.events ?? []);
        await batch.run(tx);
        this.dirty.clear();
        this.entries.length = 0;
        return { activityIds, eventIds };
      }
    };
    KEY_COLUMNS = [balances.wallet, balances.chain, balances.token, balances.venueId];
    KEY_FIELDS = ["wallet", "chain", "token", "venueId"];
    qb = new QueryBuilder({ casing: CASING });
    ident = /* @__PURE__ */ __name((c) => sql11.identifier(colName(c)), "ident");
    LOCK = new Statement(
      "book_lock",
      () => sql11`insert into ${balances} (${sql11.join(KEY_COLUMNS.map(ident), sql11`, `)})
    select ${sql11.join(KEY_COLUMNS.map(rowCol), sql11`, `)} from jsonb_populate_recordset(null::${balances}, ${sql11.placeholder("rows")}::jsonb) r
    on conflict (${sql11.join(KEY_COLUMNS.map(ident), sql11`, `)}) do update set ${ident(balances.wallet)} = excluded.${ident(balances.wallet)}
    returning ${sql11.join(Object.values(getTableColumns2(balances)), sql11`, `)}`,
      tableFields(balances)
    );
    lockAllSql = /* @__PURE__ */ __name((byChain) => () => qb.select().from(balances).where(
      byChain ? and3(eq4(balances.wallet, sql11.placeholder("wallet")), eq4(balances.token, sql11.placeholder("token")), eq4(balances.chain, sql11.placeholder("chain"))) : and3(eq4(balances.wallet, sql11.placeholder("wallet")), eq4(balances.token, sql11.placeholder("token")))
    ).orderBy(sql11`${balances.chain} collate "C"`, sql11`${balances.venueId} collate "C"`).for("update").getSQL(), "lockAllSql");
    LOCK_ALL = new Statement("book_lock_all", lockAllSql(false), tableFields(balances));
    LOCK_ALL_CHAIN = new Statement("book_lock_all_chain", lockAllSql(true), tableFields(balances));
    WRITTEN = [
      balances.liquidMicros,
      balances.stakedMicros,
      balances.costBasisMicros,
      balances.realizedYieldMicros,
      balances.confirmedMicros,
      balances.indexRef,
      balances.txId,
      balances.txConfirmedAt,
      balances.openedAt,
      balances.updatedAt
    ];
    __name(walletRows, "walletRows");
  }
});

// server/ledger/position.ts
function valueNow(staked, indexRef, indexNow) {
  if (indexRef === null || indexNow === null || indexRef <= 0n) return null;
  return staked * indexNow / indexRef;
}
function mergedIndex(staked, indexRef, add2, indexNow) {
  if (indexNow === null) return null;
  if (staked === 0n || indexRef === null) return staked === 0n ? indexNow : null;
  const denominator = staked * indexNow + add2 * indexRef;
  if (denominator === 0n) return indexNow;
  return (staked + add2) * indexNow * indexRef / denominator;
}
function basisAfter(basis, staked, out) {
  if (staked <= 0n || out >= staked) return 0n;
  return basis - (basis * out + staked - 1n) / staked;
}
function roiPct(current, basis) {
  if (current === null || basis <= 0n) return null;
  const bps2 = (current - basis) * 10000n / basis;
  return Number(bps2) / 100;
}
var init_position = __esm({
  "server/ledger/position.ts"() {
    "use strict";
    __name(valueNow, "valueNow");
    __name(mergedIndex, "mergedIndex");
    __name(basisAfter, "basisAfter");
    __name(roiPct, "roiPct");
  }
});

// server/ledger/reconcile.ts
import { and as and4, asc, eq as eq5, gt, ne, or, sql as sql12 } from "drizzle-orm";
function driftTolerance(expected) {
  return 10n + expected / 100000n;
}
async function expectedOf(r) {
  if (r.indexRef === null || r.stakedMicros === 0n) return { micros: r.stakedMicros, grown: false };
  const idx = await readVenueIndex(r.venueId);
  const v = idx.ok ? valueNow(r.stakedMicros, r.indexRef, idx.index) : null;
  return v === null ? { micros: r.stakedMicros, grown: false } : { micros: v, grown: true };
}
async function compare(wallet, r, now) {
  const base = { wallet, chain: r.chain, token: r.token, venueId: r.venueId, recordedMicros: r.stakedMicros, checkedAt: now.toISOString() };
  forgetWorth(r.venueId, wallet);
  const [worth, expected] = await Promise.all([readPositionWorth(r.venueId, wallet), expectedOf(r)]);
  if (!worth.ok) return { ...base, status: "unreadable", expectedMicros: expected.micros, chainMicros: null, driftMicros: null, reason: worth.reason, source: null };
  const drift = worth.micros - expected.micros;
  const tol = driftTolerance(expected.micros);
  const differs = expected.grown ? drift > tol || drift < -tol : drift < -tol;
  const reason = differs ? `The chain holds ${worth.micros} micros; the ledger expects ${expected.micros} (${expected.grown ? "principal grown by the venue's index" : "principal"}).` : expected.grown ? null : "The ledger has no venue index for this position: only that the chain holds at least the principal was checked.";
  return { ...base, status: differs ? "drift" : "agrees", expectedMicros: expected.micros, chainMicros: worth.micros, driftMicros: drift, reason, source: worth.source };
}
async function store(db, f) {
  return db.transaction(async (tx) => {
    const key = and4(eq5(positionChecks.wallet, f.wallet), eq5(positionChecks.chain, f.chain), eq5(positionChecks.token, f.token), eq5(positionChecks.venueId, f.venueId));
    const [prev] = await tx.select().from(positionChecks).where(key).for("update");
    const isDrift = f.status === "drift";
    const moved = prev?.status !== "drift" || prev.driftMicros === null || f.driftMicros === null || absDiff(prev.driftMicros, f.driftMicros) > driftTolerance(f.expectedMicros ?? 0n);
    const notify = isDrift && moved;
    const keepDrift = f.status === "unreadable" && prev?.status === "drift";
    const row = {
      ...f,
      status: keepDrift ? "drift" : f.status,
      chainMicros: keepDrift ? prev.chainMicros : f.chainMicros,
      driftMicros: keepDrift ? prev.driftMicros : f.driftMicros,
      reason: keepDrift ? `${prev.reason ?? ""} Not re-read: ${f.reason}`.trim() : f.reason,
      checkedAt: new Date(f.checkedAt),
      driftSince: isDrift || keepDrift ? prev?.status === "drift" ? prev.driftSince : new Date(f.checkedAt) : null
    };
    await tx.insert(positionChecks).values(row).onConflictDoUpdate({ target: [positionChecks.wallet, positionChecks.chain, positionChecks.token, positionChecks.venueId], set: row });
    if (notify) {
      const data = { venueId: f.venueId, chain: f.chain, token: f.token, recordedMicros: String(f.recordedMicros), expectedMicros: String(f.expectedMicros), chainMicros: String(f.chainMicros), driftMicros: String(f.driftMicros), source: f.source, checkedAt: f.checkedAt, reason: f.reason };
      await emitEvents(tx, [{ type: "position.drift", wallet: f.wallet, data }]);
    }
    return notify;
  });
}
function absDiff(a, b) {
  return a > b ? a - b : b - a;
}
async function reconcileWallet(db, wallet) {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.txId !== null));
  const now = /* @__PURE__ */ new Date();
  const compared = await Promise.all(rows.map((r) => compare(wallet, r, now)));
  const out = [];
  for (const f of compared) out.push({ ...f, notified: await store(db, f) });
  return out;
}
async function walletsWithPositions(db, after, limit) {
  const held = and4(ne(balances.venueId, LIQUID), or(gt(balances.stakedMicros, 0n), sql12`${balances.txId} is not null`));
  const rows = await db.selectDistinct({ wallet: balances.wallet }).from(balances).where(after === null ? held : and4(held, gt(balances.wallet, after))).orderBy(asc(balances.wallet)).limit(limit);
  return rows.map((r) => r.wallet);
}
async function reconcileAll(db, pageSize = 100) {
  const total = { wallets: 0, positions: 0, drifts: 0, unreadable: 0 };
  let after = null;
  for (; ; ) {
    const page = await walletsWithPositions(db, after, pageSize);
    for (const w2 of page) {
      const found = await reconcileWallet(db, w2);
      total.wallets += 1;
      total.positions += found.length;
      total.drifts += found.filter((f) => f.status === "drift").length;
      total.unreadable += found.filter((f) => f.status === "unreadable").length;
    }
    if (page.length < pageSize) return total;
    after = page[page.length - 1] ?? null;
  }
}
function reconcileJob(intervalS) {
  return (db) => {
    if (intervalS === 0) return () => {
    };
    let running = false;
    const tick = /* @__PURE__ */ __name(async () => {
      if (running) return;
      running = true;
      try {
        await runScheduled(db, "reconcile", intervalS * 1e3, async () => {
          const r = await reconcileAll(db);
          (r.drifts > 0 ? log().warn : log().info).call(log(), { job: "reconcile", ...r }, "ledger reconciled with the chains");
        });
      } catch (e) {
        log().error({ job: "reconcile", err: e instanceof Error ? e.message : String(e) }, "reconciliation pass failed");
      } finally {
        running = false;
      }
    }, "tick");
    const timer = setInterval(() => void tick(), intervalS * 1e3);
    timer.unref?.();
    return () => clearInterval(timer);
  };
}
async function driftsOf(db, wallet) {
  const rows = await db.select().from(positionChecks).where(and4(eq5(positionChecks.wallet, wallet), eq5(positionChecks.status, "drift")));
  return new Map(
    rows.map((r) => [
      `${r.chain}|${r.token}|${r.venueId}`,
      { driftMicros: r.driftMicros ?? 0n, chainMicros: r.chainMicros ?? 0n, expectedMicros: r.expectedMicros ?? 0n, checkedAt: r.checkedAt.toISOString() }
    ])
  );
}
var init_reconcile = __esm({
  "server/ledger/reconcile.ts"() {
    "use strict";
    init_job_lock();
    init_schema();
    init_outbox();
    init_log();
    init_readers();
    init_worth7();
    init_book();
    init_position();
    __name(driftTolerance, "driftTolerance");
    __name(expectedOf, "expectedOf");
    __name(compare, "compare");
    __name(store, "store");
    __name(absDiff, "absDiff");
    __name(reconcileWallet, "reconcileWallet");
    __name(walletsWithPositions, "walletsWithPositions");
    __name(reconcileAll, "reconcileAll");
    __name(reconcileJob, "reconcileJob");
    __name(driftsOf, "driftsOf");
  }
});

// server/webhooks/sql.ts
async function rowsOf(db, query) {
  const r = await db.execute(query);
  if (Array.isArray(r)) return r;
  return r.rows ?? [];
}
var init_sql = __esm({
  "server/webhooks/sql.ts"() {
    "use strict";
    __name(rowsOf, "rowsOf");
  }
});

// server/webhooks/fanout.ts
import { asc as asc2, eq as eq6, gt as gt2, sql as sql13 } from "drizzle-orm";
function newFanoutState() {
  return { gaps: /* @__PURE__ */ new Map() };
}
async function ensureCursor(db) {
  await db.insert(webhookCursor).values({ name: CURSOR, seq: 0n }).onConflictDoNothing();
}
async function fanOut(db, state3, batch = 2e3) {
  const [pending2] = await db.select({ seq: events.seq }).from(events).where(gt2(events.seq, sql13`(select ${webhookCursor.seq} from ${webhookCursor} where ${webhookCursor.name} = ${CURSOR})`)).limit(1);
  if (!pending2) return 0;
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(webhookCursor).where(eq6(webhookCursor.name, CURSOR)).for("update", { skipLocked: true });
    if (!cur) return 0;
    const rows = await tx.select({ seq: events.seq }).from(events).where(gt2(events.seq, cur.seq)).orderBy(asc2(events.seq)).limit(batch);
    if (rows.length === 0) return 0;
    let taken = 0;
    let last = cur.seq;
    for (const r of rows) {
      if (r.seq !== last + 1n && !await gapIsFinal(tx, state3, last + 1n)) break;
      taken++;
      last = r.seq;
    }
    if (taken === 0) return 0;
    await tx.execute(sql13`
      insert into ${webhookDeliveries} (id, event_seq, event_id, subscription_id, state)
      select 'dlv_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), e.seq, e.id, s.id, 'pending'
      from ${events} e
      join ${webhookSubscriptions} s
        on s.deleted_at is null and s.disabled_at is null
        and s.events @> jsonb_build_array(e.type)
        and e.created_at >= s.created_at
        and (e.type = 'apy.updated' or (e.wallet is not null and (
          s.wallets @> '["*"]'::jsonb
          or s.wallets @> jsonb_build_array(case when e.wallet like '0x%' then lower(e.wallet) else e.wallet end))))
      where e.seq > ${cur.seq} and e.seq <= ${last}
      on conflict do nothing`);
    await tx.update(webhookCursor).set({ seq: last, updatedAt: sql13`now()` }).where(eq6(webhookCursor.name, CURSOR));
    for (const k of state3.gaps.keys()) if (BigInt(k) <= last) state3.gaps.delete(k);
    return taken;
  });
}
async function gapIsFinal(tx, state3, seq) {
  const key = String(seq);
  const now = Date.now();
  let gap = state3.gaps.get(key);
  if (!gap) {
    const xids = await rowsOf(tx, sql13`select pg_snapshot_xip(pg_current_snapshot())::text as xid`);
    gap = { firstSeen: now, xids: xids.map((x) => x.xid) };
    state3.gaps.set(key, gap);
  }
  if (now - gap.firstSeen < GAP_MIN_MS) return false;
  if (gap.xids.length > 0) {
    const running = await rowsOf(
      tx,
      sql13`select count(*)::int as n from unnest(${`{${gap.xids.join(",")}}`}::xid8[]) as x where pg_xact_status(x) = 'in progress'`
    );
    if ((running[0]?.n ?? 0) > 0) {
      if (now - gap.firstSeen < GAP_GIVE_UP_MS) return false;
      log().warn({ seq: key }, "webhook fan-out skipped an event seq held by a transaction open for over 60 s");
    }
  }
  return true;
}
var CURSOR, GAP_MIN_MS, GAP_GIVE_UP_MS;
var init_fanout = __esm({
  "server/webhooks/fanout.ts"() {
    "use strict";
    init_schema();
    init_log();
    init_sql();
    CURSOR = "fanout";
    GAP_MIN_MS = 200;
    GAP_GIVE_UP_MS = 6e4;
    __name(newFanoutState, "newFanoutState");
    __name(ensureCursor, "ensureCursor");
    __name(fanOut, "fanOut");
    __name(gapIsFinal, "gapIsFinal");
  }
});

// server/webhooks/secret.ts
import { createCipheriv, createDecipheriv, randomBytes as randomBytes2 } from "node:crypto";
function newHmacKey() {
  return `whsec_${randomBytes2(32).toString("base64url")}`;
}
function sealKey(plain, masterHex) {
  if (!masterHex) return plain;
  const iv = randomBytes2(12);
  const c = createCipheriv("aes-256-gcm", Buffer.from(masterHex, "hex"), iv);
  const ct = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `${PREFIX}${iv.toString("base64url")}.${c.getAuthTag().toString("base64url")}.${ct.toString("base64url")}`;
}
function openKey(stored, masterHex) {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!masterHex) throw new Error("a webhook signing key is encrypted but SVC_WEBHOOK_SECRET_KEY is not set");
  const [iv, tag, ct] = stored.slice(PREFIX.length).split(".");
  if (!iv || !tag || !ct) throw new Error("malformed encrypted webhook signing key");
  const d = createDecipheriv("aes-256-gcm", Buffer.from(masterHex, "hex"), Buffer.from(iv, "base64url"));
  d.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([d.update(Buffer.from(ct, "base64url")), d.final()]).toString("utf8");
}
var PREFIX;
var init_secret = __esm({
  "server/webhooks/secret.ts"() {
    "use strict";
    PREFIX = "enc:v1:";
    __name(newHmacKey, "newHmacKey");
    __name(sealKey, "sealKey");
    __name(openKey, "openKey");
  }
});

// server/webhooks/verify.ts
import { createHmac, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function computeSignature(secret, t, rawBody) {
  const h = createHmac("sha256", Buffer.from(secret, "utf8"));
  h.update(`${t}.`, "utf8");
  h.update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody);
  return h.digest("hex");
}
var SIGNATURE_HEADER, EVENT_ID_HEADER;
var init_verify = __esm({
  "server/webhooks/verify.ts"() {
    "use strict";
    SIGNATURE_HEADER = "X-SVC-Signature";
    EVENT_ID_HEADER = "X-SVC-Event-Id";
    __name(computeSignature, "computeSignature");
  }
});

// server/webhooks/url-safety.ts
import { lookup as dnsLookup } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
function isPublicAddress(address13) {
  if (!ipaddr.isValid(address13)) return false;
  return ipaddr.process(address13).range() === "unicast";
}
function bareHost(hostname) {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}
function urlShapeProblem(raw, allowInsecure) {
  let u2;
  try {
    u2 = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (u2.protocol !== "https:" && !(allowInsecure && u2.protocol === "http:")) return "must use https://";
  if (u2.username || u2.password) return "must not carry credentials";
  if (u2.hash) return "must not have a #fragment";
  const host = bareHost(u2.hostname);
  if (!allowInsecure && isIP(host) && !isPublicAddress(host)) return "must point to a public address";
  if (!allowInsecure && (host === "localhost" || host.endsWith(".localhost"))) return "must point to a public address";
  return null;
}
function resolveAll(host) {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => err ? reject(err) : resolve(addresses));
  });
}
async function urlProblem(raw, allowInsecure) {
  const shape = urlShapeProblem(raw, allowInsecure);
  if (shape || allowInsecure) return shape;
  const host = bareHost(new URL(raw).hostname);
  if (isIP(host)) return null;
  let addresses;
  try {
    addresses = await resolveAll(host);
  } catch {
    return "has a host that does not resolve";
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return "must point to a public address";
  return null;
}
function safeLookup(hostname, options, callback) {
  resolveAll(hostname).then(
    (addresses) => {
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (addresses.length === 0 || bad) {
        callback(new UnsafeTargetError(`refused: ${hostname} resolves to a non-public address`), "", 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else {
        const first = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
        callback(null, first?.address ?? "", first?.family ?? 4);
      }
    },
    (err) => callback(err, "", 0)
  );
}
var UnsafeTargetError;
var init_url_safety = __esm({
  "server/webhooks/url-safety.ts"() {
    "use strict";
    UnsafeTargetError = class extends Error {
      static {
        __name(this, "UnsafeTargetError");
      }
    };
    __name(isPublicAddress, "isPublicAddress");
    __name(bareHost, "bareHost");
    __name(urlShapeProblem, "urlShapeProblem");
    __name(resolveAll, "resolveAll");
    __name(urlProblem, "urlProblem");
    __name(safeLookup, "safeLookup");
  }
});

// server/webhooks/send.ts
import http2 from "node:http";
import https from "node:https";
import { isIP as isIP2 } from "node:net";
import { performance } from "node:perf_hooks";
function agents() {
  holder14.__svcWebhookAgents ??= {
    http: new http2.Agent({ keepAlive: true, maxSockets: 128 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 128 })
  };
  return holder14.__svcWebhookAgents;
}
function signatureHeader(secret, rawBody, now = Date.now()) {
  const t = Math.floor(now / 1e3);
  return `t=${t},v1=${computeSignature(secret, t, rawBody)}`;
}
function sendDelivery(input) {
  const started2 = performance.now();
  const done = /* @__PURE__ */ __name((status, error) => ({
    status,
    durationMs: Math.max(0, Math.round(performance.now() - started2)),
    error
  }), "done");
  let url;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve(done(null, "invalid url"));
  }
  const secure = url.protocol === "https:";
  if (!secure && !(input.allowInsecure && url.protocol === "http:")) return Promise.resolve(done(null, "refused: url is not https"));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!input.allowInsecure && isIP2(host) && !isPublicAddress(host)) {
    return Promise.resolve(done(null, "refused: url points to a non-public address"));
  }
  const body = Buffer.from(input.rawBody, "utf8");
  return new Promise((resolve) => {
    let settled = false;
    const finish = /* @__PURE__ */ __name((r) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    }, "finish");
    const req = (secure ? https : http2).request(
      url,
      {
        method: "POST",
        agent: secure ? agents().https : agents().http,
        lookup: input.allowInsecure ? void 0 : safeLookup,
        signal: input.signal ? AbortSignal.any([input.signal, AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS)]) : AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS),
        headers: {
          "content-type": "application/json",
          "content-length": String(body.byteLength),
          "user-agent": "svc-webhooks/1",
          [SIGNATURE_HEADER]: signatureHeader(input.secret, input.rawBody),
          [EVENT_ID_HEADER]: input.eventId,
          "X-SVC-Delivery-Id": input.deliveryId
        }
      },
      (res) => {
        let size = 0;
        res.on("data", (chunk) => {
          size += chunk.byteLength;
          if (size > MAX_RESPONSE_BYTES) res.destroy();
        });
        const status = res.statusCode ?? null;
        res.on("end", () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        res.on("close", () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        res.on("error", () => finish(done(status, `HTTP ${status}`)));
      }
    );
    req.on("error", (err) => {
      const reason = err instanceof UnsafeTargetError ? err.message : err.name === "AbortError" || err.name === "TimeoutError" ? `no answer within ${input.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms` : `connection failed: ${err.code ?? err.message}`;
      finish(done(null, reason));
    });
    req.end(body);
  });
}
var DELIVERY_TIMEOUT_MS, MAX_RESPONSE_BYTES, holder14;
var init_send = __esm({
  "server/webhooks/send.ts"() {
    "use strict";
    init_verify();
    init_url_safety();
    DELIVERY_TIMEOUT_MS = 1e4;
    MAX_RESPONSE_BYTES = 64 * 1024;
    holder14 = globalThis;
    __name(agents, "agents");
    __name(signatureHeader, "signatureHeader");
    __name(sendDelivery, "sendDelivery");
  }
});

// server/webhooks/subscriptions.ts
import { and as and5, asc as asc3, eq as eq7, inArray as inArray2, isNull as isNull2 } from "drizzle-orm";
function view2(r) {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    createdAt: r.createdAt,
    rotatedAt: r.rotatedAt,
    status: r.disabledAt ? "disabled" : "active",
    disabledReason: r.disabledReason
  };
}
async function createSubscription(db, owner, input, masterKey) {
  const hmacKey = newHmacKey();
  const [row] = await db.insert(webhookSubscriptions).values({
    id: newId("whk"),
    keyId: owner.keyId,
    wallets: owner.wallets === "*" ? ["*"] : [...owner.wallets],
    url: input.url,
    events: [...new Set(input.events)],
    hmacKey: sealKey(hmacKey, masterKey)
  }).returning();
  if (!row) throw new Error("insert returned no row");
  return { ...view2(row), hmacKey };
}
async function listSubscriptions(db, keyId) {
  const rows = await db.select().from(webhookSubscriptions).where(and5(eq7(webhookSubscriptions.keyId, keyId), isNull2(webhookSubscriptions.deletedAt))).orderBy(asc3(webhookSubscriptions.createdAt), asc3(webhookSubscriptions.id));
  return rows.map(view2);
}
async function rotateSubscription(db, keyId, id, masterKey) {
  const hmacKey = newHmacKey();
  const [row] = await db.update(webhookSubscriptions).set({ hmacKey: sealKey(hmacKey, masterKey), rotatedAt: /* @__PURE__ */ new Date() }).where(mine(keyId, id)).returning();
  return row ? { ...view2(row), hmacKey } : null;
}
async function deleteSubscription(db, keyId, id) {
  return db.transaction(async (tx) => {
    const rows = await tx.update(webhookSubscriptions).set({ deletedAt: /* @__PURE__ */ new Date() }).where(mine(keyId, id)).returning({ id: webhookSubscriptions.id });
    if (rows.length === 0) return false;
    await cancelPending(tx, [id]);
    return true;
  });
}
async function cancelPending(tx, subscriptionIds) {
  if (subscriptionIds.length === 0) return;
  await tx.update(webhookDeliveries).set({ state: "cancelled", updatedAt: /* @__PURE__ */ new Date() }).where(and5(inArray2(webhookDeliveries.subscriptionId, subscriptionIds), eq7(webhookDeliveries.state, "pending")));
}
var mine;
var init_subscriptions = __esm({
  "server/webhooks/subscriptions.ts"() {
    "use strict";
    init_schema();
    init_ids2();
    init_secret();
    __name(view2, "view");
    __name(createSubscription, "createSubscription");
    mine = /* @__PURE__ */ __name((keyId, id) => and5(eq7(webhookSubscriptions.id, id), eq7(webhookSubscriptions.keyId, keyId), isNull2(webhookSubscriptions.deletedAt)), "mine");
    __name(listSubscriptions, "listSubscriptions");
    __name(rotateSubscription, "rotateSubscription");
    __name(deleteSubscription, "deleteSubscription");
    __name(cancelPending, "cancelPending");
  }
});

// server/webhooks/worker.ts
import { and as and6, eq as eq8, inArray as inArray3, lte, sql as sql14 } from "drizzle-orm";
function workerOptionsFromConfig() {
  const c = config();
  return {
    pollMs: c.SVC_WEBHOOK_POLL_MS,
    retryBaseMs: c.SVC_WEBHOOK_RETRY_BASE_MS,
    maxAttempts: c.SVC_WEBHOOK_MAX_ATTEMPTS,
    allowInsecure: c.SVC_WEBHOOK_ALLOW_INSECURE,
    masterKey: c.SVC_WEBHOOK_SECRET_KEY,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    batchSize: 200,
    lanes: 3
  };
}
function retryDelayMs(base, n) {
  const d = Math.min(base * 2 ** Math.max(0, n - 1), MAX_DELAY_MS);
  return Math.max(base, Math.round(d * (1 + Math.random() * 0.2)));
}
function eventBody(e) {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    createdAt: e.createdAt.toISOString(),
    ...e.wallet === null ? {} : { wallet: e.wallet },
    data: e.data
  });
}
async function claim2(db, opts) {
  const leaseMs = opts.leaseMs ?? opts.timeoutMs + 15e3;
  const due = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and6(eq8(webhookDeliveries.state, "pending"), lte(webhookDeliveries.nextAttemptAt, sql14`now()`))).orderBy(webhookDeliveries.nextAttemptAt).limit(opts.batchSize).for("update", { skipLocked: true });
  return db.update(webhookDeliveries).set({
    attempts: sql14`${webhookDeliveries.attempts} + 1`,
    nextAttemptAt: sql14`now() + ${leaseMs} * interval '1 millisecond'`,
    updatedAt: sql14`now()`
  }).where(inArray3(webhookDeliveries.id, due)).returning({
    id: webhookDeliveries.id,
    eventSeq: webhookDeliveries.eventSeq,
    eventId: webhookDeliveries.eventId,
    subscriptionId: webhookDeliveries.subscriptionId,
    attempts: webhookDeliveries.attempts
  });
}
async function deliverDue(db, opts) {
  const claimed = await claim2(db, opts);
  if (claimed.length === 0) return 0;
  const seqs = [...new Set(claimed.map((c) => c.eventSeq))];
  const subIds = [...new Set(claimed.map((c) => c.subscriptionId))];
  const [evs, subs] = await Promise.all([
    db.select().from(events).where(inArray3(events.seq, seqs)),
    db.select().from(webhookSubscriptions).where(inArray3(webhookSubscriptions.id, subIds))
  ]);
  const evBySeq = new Map(evs.map((e) => [e.seq, e]));
  const subById = new Map(subs.map((s) => [s.id, s]));
  const outcomes = await Promise.all(
    claimed.map(async (d) => {
      const at = /* @__PURE__ */ new Date();
      const ev = evBySeq.get(d.eventSeq);
      const sub = subById.get(d.subscriptionId);
      if (!ev || !sub || sub.deletedAt || sub.disabledAt) return { d, at, result: null, cancelled: true };
      let secret;
      try {
        secret = openKey(sub.hmacKey, opts.masterKey);
      } catch (e) {
        return { d, at, result: { status: null, durationMs: 0, error: e instanceof Error ? e.message : "cannot read signing key" } };
      }
      const result = await sendDelivery({
        url: sub.url,
        eventId: ev.id,
        deliveryId: d.id,
        rawBody: eventBody(ev),
        secret,
        allowInsecure: opts.allowInsecure,
        timeoutMs: opts.timeoutMs,
        signal: opts.stopSignal
      });
      return { d, at, result };
    })
  );
  const interrupted = opts.stopSignal?.aborted ? outcomes.filter((o) => !o.cancelled && o.result !== null && o.result.status === null) : [];
  const finished2 = interrupted.length ? outcomes.filter((o) => !interrupted.includes(o)) : outcomes;
  if (finished2.length) await record(db, opts, finished2);
  if (interrupted.length) await release(db, interrupted.map((o) => o.d));
  return claimed.length;
}
async function release(db, list) {
  const values = sql14.join(
    list.map((c) => sql14`(${c.id}, ${c.attempts}::int)`),
    sql14`, `
  );
  await db.execute(sql14`
    update ${webhookDeliveries} as d set attempts = d.attempts - 1, next_attempt_at = now(), updated_at = now()
    from (values ${values}) as v(id, attempts)
    where d.id = v.id and d.attempts = v.attempts and d.state = 'pending'`);
  noteWebhookAttempt("released", list.length);
  log().info({ deliveries: list.length }, "webhook worker: claims released at shutdown");
}
function settlementOf(o, opts) {
  const base = { id: o.d.id, attempts: o.d.attempts, delayMs: 0 };
  const status = o.result?.status ?? null;
  if (o.cancelled) return { ...base, state: "cancelled" };
  if (status !== null && status >= 200 && status < 300) return { ...base, state: "delivered" };
  if (status === 410 || o.d.attempts >= opts.maxAttempts) return { ...base, state: "failed" };
  return { ...base, state: "pending", delayMs: retryDelayMs(opts.retryBaseMs, o.d.attempts) };
}
async function record(db, opts, outcomes) {
  const settles = outcomes.map((o) => settlementOf(o, opts));
  for (const x of settles) noteWebhookAttempt(x.state === "pending" ? "retry" : x.state);
  const gone = [...new Set(outcomes.filter((o) => o.result?.status === 410).map((o) => o.d.subscriptionId))];
  const values = sql14.join(
    settles.map((x) => sql14`(${x.id}, ${x.attempts}::int, ${x.state}, ${x.delayMs}::int)`),
    sql14`, `
  );
  await db.transaction(async (tx) => {
    const attempts = outcomes.filter((o) => o.result !== null).map((o) => ({
      deliveryId: o.d.id,
      attemptedAt: o.at,
      status: o.result?.status ?? null,
      durationMs: o.result?.durationMs ?? 0,
      error: o.result?.error ?? null
    }));
    if (attempts.length) await tx.insert(webhookAttempts).values(attempts);
    await tx.execute(sql14`
      update ${webhookDeliveries} as d set
        state = v.state,
        delivered_at = case when v.state = 'delivered' then now() else d.delivered_at end,
        next_attempt_at = case when v.state = 'pending' then now() + v.delay_ms * interval '1 millisecond' else d.next_attempt_at end,
        updated_at = now()
      from (values ${values}) as v(id, attempts, state, delay_ms)
      where d.id = v.id and d.attempts = v.attempts and d.state = 'pending'`);
    if (gone.length) {
      await tx.update(webhookSubscriptions).set({ disabledAt: sql14`now()`, disabledReason: "receiver answered 410 Gone" }).where(inArray3(webhookSubscriptions.id, gone));
      await cancelPending(tx, gone);
    }
  });
}
function wakers() {
  wakeHolder.__svcWebhookWake ??= /* @__PURE__ */ new Set();
  return wakeHolder.__svcWebhookWake;
}
function nudgeWebhookWorker() {
  for (const w2 of wakers()) w2();
}
function startWebhookWorker(db, overrides = {}) {
  const stopping = new AbortController();
  const opts = { ...workerOptionsFromConfig(), ...overrides, stopSignal: stopping.signal };
  const state3 = newFanoutState();
  let stopped = false;
  const fanWaiter = new Waiter();
  const laneWaiters = Array.from({ length: opts.lanes }, () => new Waiter());
  const wakeAll = /* @__PURE__ */ __name(() => {
    fanWaiter.notify();
    for (const w2 of laneWaiters) w2.notify();
  }, "wakeAll");
  wakers().add(wakeAll);
  const unsubscribe = onSignal(db, OUTBOX_CHANNEL, () => fanWaiter.notify());
  const warn = /* @__PURE__ */ __name((what, e) => {
    if (!stopped) log().warn({ err: e instanceof Error ? e.message : String(e) }, `webhook worker: ${what} failed`);
  }, "warn");
  const fanLoop = (async () => {
    let ready = false;
    while (!stopped) {
      let more = false;
      try {
        if (!ready) {
          await ensureCursor(db);
          ready = true;
        }
        const n = await fanOut(db, state3);
        if (n > 0) for (const w2 of laneWaiters) w2.notify();
        more = n > 0;
      } catch (e) {
        warn("fan-out", e);
      }
      if (!more && !stopped) await fanWaiter.sleep(state3.gaps.size > 0 ? Math.min(opts.pollMs, GAP_MIN_MS) : opts.pollMs);
    }
  })();
  const laneLoops = laneWaiters.map(async (waiter, i) => {
    while (!stopped) {
      let n = 0;
      try {
        n = await deliverDue(db, opts);
      } catch (e) {
        warn("delivery round", e);
      }
      if (i === 0 && n > 0) for (const w2 of laneWaiters.slice(1)) w2.notify();
      if (n < opts.batchSize && !stopped) await waiter.sleep(i === 0 ? opts.pollMs : IDLE_LANE_MS);
    }
  });
  return async () => {
    stopped = true;
    stopping.abort();
    unsubscribe();
    wakers().delete(wakeAll);
    wakeAll();
    await Promise.all([fanLoop, ...laneLoops]);
  };
}
var MAX_DELAY_MS, wakeHolder, IDLE_LANE_MS, Waiter;
var init_worker = __esm({
  "server/webhooks/worker.ts"() {
    "use strict";
    init_config();
    init_schema();
    init_signal();
    init_outbox();
    init_log();
    init_metrics();
    init_fanout();
    init_secret();
    init_send();
    init_subscriptions();
    MAX_DELAY_MS = 6 * 36e5;
    __name(workerOptionsFromConfig, "workerOptionsFromConfig");
    __name(retryDelayMs, "retryDelayMs");
    __name(eventBody, "eventBody");
    __name(claim2, "claim");
    __name(deliverDue, "deliverDue");
    __name(release, "release");
    __name(settlementOf, "settlementOf");
    __name(record, "record");
    wakeHolder = globalThis;
    __name(wakers, "wakers");
    __name(nudgeWebhookWorker, "nudgeWebhookWorker");
    IDLE_LANE_MS = 3e4;
    Waiter = class {
      static {
        __name(this, "Waiter");
      }
      wake = null;
      pending = false;
      sleep(ms) {
        if (this.pending) {
          this.pending = false;
          return Promise.resolve();
        }
        return new Promise((resolve) => {
          const t = setTimeout(() => {
            this.wake = null;
            resolve();
          }, ms);
          this.wake = () => {
            clearTimeout(t);
            this.wake = null;
            resolve();
          };
        });
      }
      notify() {
        if (this.wake) this.wake();
        else this.pending = true;
      }
    };
    __name(startWebhookWorker, "startWebhookWorker");
  }
});

// server/jobs.ts
var JOBS;
var init_jobs = __esm({
  "server/jobs.ts"() {
    "use strict";
    init_refresh();
    init_config();
    init_reconcile();
    init_worker();
    JOBS = {
      "yields-refresh": yieldsRefreshJob,
      webhooks: /* @__PURE__ */ __name((db) => startWebhookWorker(db), "webhooks"),
      reconcile: /* @__PURE__ */ __name((db) => reconcileJob(config().SVC_RECONCILE_INTERVAL_S)(db), "reconcile")
    };
  }
});

// server/venues/navi/warmup.ts
import { normalizeSuiAddress as normalizeSuiAddress6 } from "@mysten/sui/utils";
function warmNaviWalks() {
  return warmWith(
    async (signal) => {
      await Promise.all([readNaviOracleState(NO_OWNER, Number(navi.onchain.usdcAssetId), signal), readNaviSuppliedMicros(NO_OWNER, signal)]);
    },
    Math.ceil(config().SVC_RPC_TIMEOUT_MS / 2)
  );
}
var NO_OWNER;
var init_warmup = __esm({
  "server/venues/navi/warmup.ts"() {
    "use strict";
    init_config();
    init_descriptor4();
    init_oracle();
    init_prefetch();
    init_read7();
    NO_OWNER = normalizeSuiAddress6("0x0");
    __name(warmNaviWalks, "warmNaviWalks");
  }
});

// server/boot.ts
var boot_exports = {};
__export(boot_exports, {
  ensureBooted: () => ensureBooted,
  shutdown: () => shutdown,
  stopJobs: () => stopJobs
});
async function boot() {
  const cfg = config();
  const handle = await dbHandle();
  loadBootstrapKeys(cfg.SVC_API_KEYS ?? []);
  if (!cfg.SVC_DISABLE_JOBS) {
    holder15.__svcJobStops = Object.entries(JOBS).map(([name, start]) => {
      log().info({ job: name }, "job started");
      return start(handle.db);
    });
  }
  warmUp();
  log().info({ database: handle.kind, executionMode: cfg.SVC_EXECUTION_MODE }, "svc ready");
  return handle;
}
function warmUp() {
  warmNaviWalks().then(
    () => log().info({ warmup: "navi" }, "warm-up walk done"),
    (e) => log().warn({ warmup: "navi", err: e instanceof Error ? e.message.split("\n")[0] : String(e) }, "warm-up walk failed; plans walk cold")
  );
}
function ensureBooted() {
  if (!holder15.__svcBoot) {
    holder15.__svcBoot = boot();
    holder15.__svcBoot.catch(() => {
      holder15.__svcBoot = void 0;
    });
  }
  return holder15.__svcBoot;
}
async function stopJobs() {
  const stops = holder15.__svcJobStops ?? [];
  holder15.__svcJobStops = [];
  const results = await Promise.allSettled(stops.map((stop) => stop()));
  for (const r of results) if (r.status === "rejected") log().warn({ err: String(r.reason) }, "a job did not stop cleanly");
}
async function shutdown() {
  await stopJobs();
  holder15.__svcBoot = void 0;
  await closeDb();
}
var holder15;
var init_boot = __esm({
  "server/boot.ts"() {
    "use strict";
    init_config();
    init_client();
    init_auth();
    init_jobs();
    init_log();
    init_warmup();
    holder15 = globalThis;
    __name(boot, "boot");
    __name(warmUp, "warmUp");
    __name(ensureBooted, "ensureBooted");
    __name(stopJobs, "stopJobs");
    __name(shutdown, "shutdown");
  }
});

// server/start-hook.ts
var start_hook_exports = {};
__export(start_hook_exports, {
  startServer: () => startServer
});
async function startServer() {
  try {
    config();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}
`);
      process.exit(1);
    }
    throw e;
  }
  try {
    await ensureBooted();
  } catch (e) {
    const reason = e instanceof Error ? e.message.split("\n")[0] : String(e);
    process.stderr.write(`Cannot start: database: ${reason}
`);
    process.exit(1);
  }
}
var init_start_hook = __esm({
  "server/start-hook.ts"() {
    "use strict";
    init_boot();
    init_config();
    __name(startServer, "startServer");
  }
});

// server/catalog/apy.ts
import { eq as eq9 } from "drizzle-orm";
function unavailable(reason, pool2 = null, asOf = null) {
  return {
    grossApyBps: null,
    apy30dBps: null,
    tvlUsd: null,
    source: asOf ? SOURCE : null,
    asOf: asOf ? asOf.toISOString() : null,
    status: "unavailable",
    reason,
    pool: pool2
  };
}
function classify(v, row, meta, now = Date.now()) {
  if (!row) return unavailable(snapshotReason(meta, now) ?? `no yields value for ${v.id} yet`);
  if (!isFresh(row.asOf, now)) {
    return {
      grossApyBps: null,
      apy30dBps: null,
      tvlUsd: null,
      source: row.source,
      asOf: row.asOf.toISOString(),
      status: "stale",
      reason: snapshotReason({ ...meta, asOf: row.asOf }, now) ?? "the last value is older than SVC_APY_MAX_AGE_S",
      pool: row.pool
    };
  }
  if (!row.pool) {
    const u2 = v.upstream;
    return unavailable(`the upstream has no pool for project ${u2.project}, symbol ${u2.symbol} on ${u2.chain}`, null, row.asOf);
  }
  return {
    grossApyBps: row.grossApyBps,
    apy30dBps: row.apy30dBps,
    tvlUsd: row.tvlUsd,
    source: row.source,
    asOf: row.asOf.toISOString(),
    status: row.grossApyBps === null ? "unavailable" : "live",
    reason: row.grossApyBps === null ? `the upstream pool ${row.pool} has no apy value` : null,
    pool: row.pool
  };
}
async function liveApy(db, venueId) {
  const v = getVenue(venueId);
  if (!v) return unavailable(`unknown venue ${venueId}`);
  const [row] = await db.select().from(venueApys).where(eq9(venueApys.venueId, venueId));
  return classify(v, row, await getSnapshot(db));
}
async function allLiveApys(db) {
  const rows = await db.select().from(venueApys);
  const byId2 = new Map(rows.map((r) => [r.venueId, r]));
  const meta = await getSnapshot(db);
  const now = Date.now();
  return new Map(VENUES.map((v) => [v.id, classify(v, byId2.get(v.id), meta, now)]));
}
var init_apy = __esm({
  "server/catalog/apy.ts"() {
    "use strict";
    init_schema();
    init_venues();
    init_snapshot();
    init_upstream();
    __name(unavailable, "unavailable");
    __name(classify, "classify");
    __name(liveApy, "liveApy");
    __name(allLiveApys, "allLiveApys");
  }
});

// server/http/endpoint.ts
function endpoint(def) {
  return def;
}
function publicRoute(operationId, method, path7, summary, tags) {
  return { operationId, method, path: path7, summary, tags, access: "public" };
}
var METHODS, ok2, created, accepted, unprocessable;
var init_endpoint = __esm({
  "server/http/endpoint.ts"() {
    "use strict";
    METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    __name(endpoint, "endpoint");
    __name(publicRoute, "publicRoute");
    ok2 = /* @__PURE__ */ __name((body) => ({ status: 200, body }), "ok");
    created = /* @__PURE__ */ __name((body) => ({ status: 201, body }), "created");
    accepted = /* @__PURE__ */ __name((body) => ({ status: 202, body }), "accepted");
    unprocessable = /* @__PURE__ */ __name((body) => ({ status: 422, body }), "unprocessable");
  }
});

// server/http/schemas.ts
import { z as z5 } from "zod";
var errorBody, blockedEnvelope, blockerCode, blockerSchema, addressParams, pageQuery, isoTime;
var init_schemas = __esm({
  "server/http/schemas.ts"() {
    "use strict";
    init_address();
    init_codes();
    errorBody = z5.object({
      code: z5.enum(Object.keys(ERROR_CODES)),
      message: z5.string(),
      requestId: z5.string(),
      details: z5.unknown().optional()
    }).meta({ id: "Error", description: "Every non-2xx answer. `code` is listed by GET /svc/errors." });
    blockedEnvelope = {
      code: z5.literal("BLOCKED").meta({ description: "Always BLOCKED on a 422; the reasons are blockers[].code." }),
      message: z5.string().meta({ description: "The blockers' messages, joined." }),
      requestId: z5.string()
    };
    blockerCode = z5.enum(Object.keys(BLOCKER_CODES));
    blockerSchema = z5.object({ code: blockerCode, message: z5.string() }).meta({ id: "Blocker", description: "Why a plan or money action is blocked. Codes are listed by GET /svc/errors." });
    addressParams = z5.object({ address: walletAddress });
    pageQuery = z5.object({
      cursor: z5.string().max(200).optional(),
      limit: z5.string().regex(/^[0-9]+$/, { error: "must be a whole number from 1 to 200" }).transform(Number).refine((n) => n >= 1 && n <= 200, { error: "must be a whole number from 1 to 200" }).optional()
    });
    isoTime = z5.string().meta({ description: "ISO 8601 timestamp", example: "2026-11-22T10:00:00.000Z" });
  }
});

// server/http/wallet-routes.ts
function walletRoute(operationId, method, rest, summary, tags, access) {
  const wallets = /* @__PURE__ */ __name(({ params: params4 }) => params4.address, "wallets");
  return { operationId, method, path: `/api/v1/wallets/{address}/${rest}`, summary, tags, access, params: addressParams, wallets };
}
function walletRead(operationId, rest, summary, tags, example, schema, read) {
  return endpoint({
    ...walletRoute(operationId, "GET", rest, summary, tags, "wallet.read"),
    example: { params: { address: example } },
    responses: { 200: schema },
    // `read` answers the schema's input (checked where it is passed); TypeScript cannot resolve BodyOf<200, S> for an open S.
    handler: /* @__PURE__ */ __name(async ({ db, params: p }) => ok2(await read(db, normalizeAddress(p.address))), "handler")
  });
}
var init_wallet_routes = __esm({
  "server/http/wallet-routes.ts"() {
    "use strict";
    init_address();
    init_endpoint();
    init_schemas();
    __name(walletRoute, "walletRoute");
    __name(walletRead, "walletRead");
  }
});

// server/autopilot/store.ts
import { and as and7, desc, eq as eq10, lt, sql as sql15 } from "drizzle-orm";
async function settingsOf(db, wallet) {
  const [row] = await db.select().from(autopilotSettings).where(eq10(autopilotSettings.wallet, wallet));
  return row ?? null;
}
async function setEnabled(db, wallet, chain, enabled) {
  const now = /* @__PURE__ */ new Date();
  const set = enabled ? { chain, enabled: true, enabledAt: now, updatedAt: now } : { enabled: false, disabledAt: now, updatedAt: now };
  const [row] = await db.insert(autopilotSettings).values({ wallet, chain, enabled, enabledAt: enabled ? now : null, disabledAt: enabled ? null : now }).onConflictDoUpdate({ target: autopilotSettings.wallet, set }).returning();
  if (!row) throw new Error("autopilot settings upsert returned nothing");
  return row;
}
async function lockTick(tx, wallet, chain) {
  await tx.execute(sql15`select pg_advisory_xact_lock(${TICK_LOCK_SPACE}, hashtext(${`${wallet}|${chain}`}))`);
}
async function lastDecision(db, wallet, chain) {
  const where = chain ? and7(eq10(autopilotDecisions.wallet, wallet), eq10(autopilotDecisions.chain, chain)) : eq10(autopilotDecisions.wallet, wallet);
  const [row] = await db.select().from(autopilotDecisions).where(where).orderBy(desc(autopilotDecisions.seq)).limit(1);
  return row ?? null;
}
function decisionFields(d, trigger, asOf, plan2) {
  return {
    wallet: d.wallet,
    chain: d.chain,
    trigger,
    action: d.action,
    currentVenueId: d.currentVenueId,
    currentApy30dBps: d.currentApy30dBps,
    pickVenueId: d.pickVenueId,
    pickApy30dBps: d.pickApy30dBps,
    deltaBps: d.deltaBps,
    thresholdBps: d.thresholdBps,
    targetVenueId: d.targetVenueId,
    source: d.source,
    asOf,
    reason: d.reason,
    plan: plan2
  };
}
async function recordDecision(db, d, trigger, at) {
  const [row] = await db.insert(autopilotDecisions).values({ id: newId("apd"), ...decisionFields(d, trigger, d.asOf, d.plan ? { ...d.plan } : null), decidedAt: at }).returning();
  if (!row) throw new Error("decision insert returned nothing");
  noteAutopilotDecision(d.action, trigger);
  return row;
}
function decodeCursor(c) {
  if (c === void 0) return null;
  const m = /^s([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m?.[1]) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return BigInt(m[1]);
}
async function history(db, wallet, cursor, limit) {
  const before = decodeCursor(cursor);
  const where = before === null ? eq10(autopilotDecisions.wallet, wallet) : and7(eq10(autopilotDecisions.wallet, wallet), lt(autopilotDecisions.seq, before));
  const rows = await db.select().from(autopilotDecisions).where(where).orderBy(desc(autopilotDecisions.seq)).limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? Buffer.from(`s${last.seq}`).toString("base64url") : null;
  return { rows: page, nextCursor };
}
function decisionWire(r) {
  return {
    id: r.id,
    ...decisionFields(r, r.trigger, r.asOf?.toISOString() ?? null, r.plan ?? null),
    decidedAt: r.decidedAt.toISOString()
  };
}
function dryDecisionWire(d, trigger, at) {
  return { id: null, ...decisionFields(d, trigger, d.asOf?.toISOString() ?? null, d.plan ? { ...d.plan } : null), decidedAt: at.toISOString() };
}
var TICK_LOCK_SPACE;
var init_store = __esm({
  "server/autopilot/store.ts"() {
    "use strict";
    init_schema();
    init_errors();
    init_ids2();
    init_metrics();
    __name(settingsOf, "settingsOf");
    __name(setEnabled, "setEnabled");
    TICK_LOCK_SPACE = 7340223;
    __name(lockTick, "lockTick");
    __name(lastDecision, "lastDecision");
    __name(decisionFields, "decisionFields");
    __name(recordDecision, "recordDecision");
    __name(decodeCursor, "decodeCursor");
    __name(history, "history");
    __name(decisionWire, "decisionWire");
    __name(dryDecisionWire, "dryDecisionWire");
  }
});

// server/autopilot/decide.ts
function pickOn(chain, apys) {
  let best = null;
  for (const v of venuesOn(chain)) {
    const a = apys.get(v.id);
    if (!v.ready || !a || a.status !== "live" || a.apy30dBps === null) continue;
    const top = best?.apy.apy30dBps ?? null;
    if (!best || top === null || a.apy30dBps > top || a.apy30dBps === top && v.id < best.venueId) best = { venueId: v.id, apy: a };
  }
  return best;
}
async function heldOn(db, wallet, chain) {
  let best = null;
  for (const r of await walletRows(db, wallet)) {
    if (r.chain !== chain || r.venueId === LIQUID || r.stakedMicros <= 0n) continue;
    if (!best || r.stakedMicros > best.staked || r.stakedMicros === best.staked && r.venueId < best.venueId) best = { venueId: r.venueId, staked: r.stakedMicros };
  }
  return best;
}
async function computeDecision(db, wallet, chain) {
  const threshold = AUTOPILOT.switchThresholdBps;
  const apys = await allLiveApys(db);
  const pick = pickOn(chain, apys);
  const held = await heldOn(db, wallet, chain);
  const currentVenueId = held?.venueId ?? (await lastDecision(db, wallet, chain))?.targetVenueId ?? null;
  const current = currentVenueId ? apys.get(currentVenueId) : void 0;
  const currentApy = current && current.status === "live" ? current.apy30dBps : null;
  const base = {
    wallet,
    chain,
    currentVenueId,
    currentApy30dBps: currentApy,
    pickVenueId: pick?.venueId ?? null,
    pickApy30dBps: pick?.apy.apy30dBps ?? null,
    deltaBps: null,
    thresholdBps: threshold,
    source: pick?.apy.source ?? current?.source ?? null,
    asOf: pick?.apy.asOf ? new Date(pick.apy.asOf) : null,
    plan: null
  };
  if (!pick) {
    return { ...base, action: "none", targetVenueId: currentVenueId, reason: `no ready venue on ${chain} has a live 30-day APY; nothing is picked` };
  }
  if (!currentVenueId) {
    return { ...base, action: "select", targetVenueId: pick.venueId, reason: `nothing held on ${chain}: ${pick.venueId} (top live 30-day APY) becomes the target for new money` };
  }
  if (currentVenueId === pick.venueId) {
    return { ...base, action: "hold", deltaBps: 0, targetVenueId: currentVenueId, reason: `${currentVenueId} already has the top live 30-day APY on ${chain}` };
  }
  if (currentApy === null) {
    return {
      ...base,
      action: "hold",
      targetVenueId: currentVenueId,
      reason: `the current venue ${currentVenueId} has no live 30-day APY to compare; the autopilot does not switch on missing data`
    };
  }
  const pickApy = pick.apy.apy30dBps ?? 0;
  const delta = pickApy - currentApy;
  if (delta < threshold) {
    return {
      ...base,
      action: "hold",
      deltaBps: delta,
      targetVenueId: currentVenueId,
      reason: `${pick.venueId} beats ${currentVenueId} by ${delta} bps, below the ${threshold} bps switch threshold`
    };
  }
  const plan2 = {
    kind: "rebalance",
    status: "prepared",
    ownerMustSign: true,
    submitted: false,
    chain,
    fromStrategyId: currentVenueId,
    toStrategyId: pick.venueId,
    amountMicros: (held?.venueId === currentVenueId ? held.staked : 0n).toString(),
    endpoint: `POST /api/v1/wallets/${wallet}/rebalance`,
    body: { fromStrategyId: currentVenueId, toStrategyId: pick.venueId }
  };
  return {
    ...base,
    action: "switch",
    deltaBps: delta,
    targetVenueId: pick.venueId,
    plan: plan2,
    reason: `${pick.venueId} beats ${currentVenueId} by ${delta} bps (\u2265 ${threshold}): switch within ${chain}; the owner signs the rebalance`
  };
}
var MONTH_MS;
var init_decide = __esm({
  "server/autopilot/decide.ts"() {
    "use strict";
    init_apy();
    init_book();
    init_venues();
    init_store();
    MONTH_MS = 30 * 864e5;
    __name(pickOn, "pickOn");
    __name(heldOn, "heldOn");
    __name(computeDecision, "computeDecision");
  }
});

// lib/money.ts
function microsToUnits(micros2, decimals = 6) {
  const neg = micros2 < 0n;
  const abs = neg ? -micros2 : micros2;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}
var MAX_MICROS;
var init_money = __esm({
  "lib/money.ts"() {
    "use strict";
    MAX_MICROS = (1n << 63n) - 1n;
    __name(microsToUnits, "microsToUnits");
  }
});

// server/money/amount.ts
import { z as z6 } from "zod";
function parseMicros(value) {
  if (typeof value !== "string" || value.length === 0 || value.length > 19) return null;
  if (!MICROS_RE.test(value)) return null;
  const n = BigInt(value);
  return n > MAX_MICROS2 ? null : n;
}
var MAX_MICROS2, MICROS_RE, AMOUNT_MESSAGE, microsInput, microsOutput;
var init_amount = __esm({
  "server/money/amount.ts"() {
    "use strict";
    init_kinds();
    init_money();
    MAX_MICROS2 = (1n << 63n) - 1n;
    MICROS_RE = /^(0|[1-9][0-9]*)$/;
    __name(parseMicros, "parseMicros");
    AMOUNT_MESSAGE = "must be an integer-micros string: digits only, no sign, decimal point, exponent or leading zeros, at most 9223372036854775807";
    microsInput = markKind(
      z6.string({ error: AMOUNT_MESSAGE }).regex(MICROS_RE, { error: AMOUNT_MESSAGE }).refine((v) => parseMicros(v) !== null, { error: AMOUNT_MESSAGE }).meta({ description: "Integer micros as a string (1000000 = 1 USDC)", example: "1000000" }),
      "amount"
    ).transform((v) => BigInt(v));
    microsOutput = z6.string().regex(/^-?(0|[1-9][0-9]*)$/).meta({ description: "Integer micros as a string (1000000 = 1 USDC)", example: "1000000" });
  }
});

// server/svc/schemas.ts
import { z as z7 } from "zod";
var executionMode, chainId, chainLabel, feesSchema, chainStatus, statusSchema, errorCatalogSchema;
var init_schemas2 = __esm({
  "server/svc/schemas.ts"() {
    "use strict";
    init_amount();
    executionMode = z7.enum(["disabled", "owner_sign_prepare", "broadcast"]).meta({ id: "ExecutionMode" });
    chainId = z7.enum(["move-chain", "svm-chain", "evm-a", "evm-b"]).meta({ id: "ChainId" });
    chainLabel = z7.enum(["Executable", "Map"]).meta({ id: "ChainLabel" });
    feesSchema = z7.object({
      schemaVersion: z7.literal("svc-fees.v1"),
      principal: z7.object({ deposit: z7.number().int(), route: z7.number().int(), withdraw: z7.number().int() }).meta({
        description: "Fee in bps on deposit, route and withdraw of principal: always 0."
      }),
      profitFee: z7.object({
        bps: z7.number().int(),
        capMicros: microsOutput,
        enabled: z7.boolean(),
        note: z7.string()
      }),
      yieldSkim: z7.object({
        bps: z7.number().int(),
        defaultBps: z7.number().int(),
        maxBps: z7.number().int(),
        appliesTo: z7.literal("gross realized yield at harvest"),
        neverOn: z7.array(z7.string())
      }),
      swap: z7.object({ serviceFeeBps: z7.number().int(), poolFee: z7.literal("disclosed per plan from the quote") }),
      bridge: z7.object({ serviceFeeBps: z7.number().int(), railFee: z7.literal("disclosed per plan from the rail") }),
      recipients: z7.array(
        z7.object({
          chain: chainId,
          recipient: z7.string().nullable(),
          collected: z7.boolean(),
          reason: z7.string().nullable()
        })
      ).meta({
        description: "Per chain, where service swap and bridge fees are paid (SVC_FEE_RECIPIENT_MOVE, _SVM, _EVM_A, _EVM_B). Without a recipient a chain's plans take no service fee: their service fee line is 0 with that reason."
      }),
      evmRegistry: z7.object({ yieldFeeBps: z7.number().int(), depositFeeBps: z7.number().int(), maxYieldSkimBps: z7.number().int() })
    }).meta({ id: "Fees", description: "The live fee schedule (spec \xA71.3)." });
    chainStatus = z7.object({
      chain: chainId,
      label: chainLabel,
      broadcastEnabled: z7.boolean(),
      ownerSigning: z7.boolean().meta({
        description: "Whether the dashboard offers prepared plans on this chain to the owner's wallet: always on an Executable chain; on a Map chain only when the operator lists it in SVC_OWNER_SIGNING_CHAINS. The server never broadcasts on a Map chain, and Map-chain deposits are not recorded in the ledger (execute answers map_chain_prepare_only)."
      }),
      writeReady: z7.boolean()
    });
    statusSchema = z7.object({
      schemaVersion: z7.literal("svc-status.v1"),
      service: z7.literal("svc"),
      apiVersion: z7.literal("v1"),
      phase: z7.literal("phase-1"),
      executionMode,
      launchHomes: z7.array(chainId),
      mapChains: z7.array(chainId),
      execution: z7.object({
        ownerMustSign: z7.literal(true),
        serverHoldsKeys: z7.literal(false),
        serverMayBroadcast: z7.boolean(),
        chains: z7.array(chainStatus)
      }),
      fees: z7.object({
        principalFeeBps: z7.number().int(),
        yieldSkimBps: z7.number().int(),
        profitFeeBps: z7.number().int(),
        profitFeeEnabled: z7.boolean(),
        swapFeeBps: z7.number().int(),
        bridgeFeeBps: z7.number().int()
      }),
      database: z7.enum(["pglite", "postgres"]),
      time: z7.string()
    }).meta({ id: "Status", description: "Phase, execution mode, fee summary and execution flags." });
    errorCatalogSchema = z7.object({
      schemaVersion: z7.string(),
      errors: z7.array(
        z7.object({
          code: z7.string(),
          status: z7.number().int().meta({ description: "The code's usual status (the first of statuses)." }),
          statuses: z7.array(z7.number().int()).min(1).meta({ description: "Every status it is answered with (UNAUTHORIZED: 401 without a key, 403 for a role that may not); the server answers the code with no other." }),
          meaning: z7.string()
        })
      ),
      blockers: z7.array(
        z7.object({
          code: z7.string(),
          statuses: z7.array(z7.union([z7.literal(200), z7.literal(422)])).min(1).meta({
            description: 'Every status it is answered with, and no other: 200 inside an answer with status "blocked" (plans, discovery, bridge rescue, autopilot tick); 422 with code BLOCKED (money actions).'
          }),
          answeredAs: z7.string().meta({ description: "statuses in words." }),
          meaning: z7.string()
        })
      )
    }).meta({ id: "ErrorCatalog", description: "The one table the server answers from (server/http/codes.ts): each code with every HTTP status it is answered with." });
  }
});

// server/autopilot/schemas.ts
import { z as z8 } from "zod";
var chainBody, optionalChainBody, historyQuery, planSchema, decisionSchema, apyPick, autopilotSchema, historySchema, runSchema;
var init_schemas3 = __esm({
  "server/autopilot/schemas.ts"() {
    "use strict";
    init_schemas();
    init_amount();
    init_schemas2();
    chainBody = z8.strictObject({ chain: chainId }).meta({ id: "AutopilotChainRequest", description: "The one chain the autopilot works within." });
    optionalChainBody = z8.strictObject({ chain: chainId.optional().meta({ description: "Default: the chain the autopilot is enabled on." }) }).meta({ id: "AutopilotRunRequest" });
    historyQuery = pageQuery;
    planSchema = z8.object({
      kind: z8.literal("rebalance"),
      status: z8.literal("prepared"),
      ownerMustSign: z8.literal(true),
      submitted: z8.literal(false),
      chain: chainId,
      fromStrategyId: z8.string(),
      toStrategyId: z8.string(),
      amountMicros: microsOutput,
      endpoint: z8.string(),
      body: z8.object({ fromStrategyId: z8.string(), toStrategyId: z8.string() })
    }).meta({ id: "AutopilotSwitchPlan", description: "Within-chain rebalance the owner signs (POST \u2026/rebalance); never executed by the autopilot." });
    decisionSchema = z8.object({
      id: z8.string().nullable().meta({ description: "null for a dry run (preview), else the recorded decision id (apd_\u2026)" }),
      wallet: z8.string(),
      chain: chainId,
      trigger: z8.enum(["tick", "decide", "preview"]),
      action: z8.enum(["hold", "switch", "select", "none"]),
      currentVenueId: z8.string().nullable(),
      currentApy30dBps: z8.number().int().nullable(),
      pickVenueId: z8.string().nullable(),
      pickApy30dBps: z8.number().int().nullable(),
      deltaBps: z8.number().int().nullable(),
      thresholdBps: z8.number().int(),
      targetVenueId: z8.string().nullable().meta({ description: "Where new money on this chain goes (the route default while enabled)." }),
      source: z8.string().nullable(),
      asOf: isoTime.nullable(),
      reason: z8.string(),
      plan: planSchema.nullable(),
      decidedAt: isoTime
    }).meta({ id: "AutopilotDecision" });
    apyPick = z8.object({
      venueId: z8.string(),
      opportunityId: z8.string(),
      apy30dBps: z8.number().int().nullable(),
      grossApyBps: z8.number().int().nullable(),
      source: z8.string().nullable(),
      asOf: isoTime.nullable()
    });
    autopilotSchema = z8.object({
      schemaVersion: z8.literal("svc-autopilot.v1"),
      wallet: z8.string(),
      strategyId: z8.string(),
      rerank: z8.literal("monthly"),
      switchThresholdBps: z8.number().int(),
      enabled: z8.boolean(),
      chain: chainId.nullable().meta({ description: "null when the autopilot was never enabled" }),
      enabledAt: isoTime.nullable(),
      currentVenueId: z8.string().nullable(),
      currentPick: apyPick.nullable().meta({ description: "Top live 30-day APY among ready venues on the chain now; null when none" }),
      pickReason: z8.string().nullable(),
      lastDecision: decisionSchema.nullable(),
      nextTickDueAt: isoTime.nullable()
    }).meta({ id: "Autopilot" });
    historySchema = z8.object({
      schemaVersion: z8.literal("svc-autopilot-history.v1"),
      wallet: z8.string(),
      count: z8.number().int(),
      decisions: z8.array(decisionSchema),
      nextCursor: z8.string().nullable()
    }).meta({ id: "AutopilotHistory" });
    runSchema = z8.object({
      schemaVersion: z8.literal("svc-autopilot-run.v1"),
      wallet: z8.string(),
      chain: chainId,
      dryRun: z8.boolean(),
      recorded: z8.boolean(),
      due: z8.boolean().meta({ description: "tick: a month (30 days) has passed since the last decision on this chain, or there is none" }),
      nextTickDueAt: isoTime.nullable(),
      decision: decisionSchema.nullable(),
      blockers: z8.array(blockerSchema)
    }).meta({ id: "AutopilotRun" });
  }
});

// server/autopilot/endpoints.ts
function assertChainWallet(wallet, chain) {
  if (!isAddressOf(CHAIN_FAMILY[chain], wallet)) {
    throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf(CHAIN_FAMILY[chain], `to have an autopilot on ${chain}`));
  }
}
function chainWallet(address13, chain) {
  const wallet = normalizeAddress(address13);
  assertChainWallet(wallet, chain);
  return wallet;
}
function monthAfter(d) {
  return new Date(d.getTime() + MONTH_MS);
}
async function state2(db, wallet) {
  const s = await settingsOf(db, wallet);
  const chain = s?.chain ?? null;
  const last = chain ? await lastDecision(db, wallet, chain) : null;
  let currentPick = null;
  let pickReason = null;
  let currentVenueId = null;
  if (chain) {
    const pick = pickOn(chain, await allLiveApys(db));
    const v = pick ? getVenue(pick.venueId) : void 0;
    if (pick && v) {
      currentPick = {
        venueId: v.id,
        opportunityId: opportunityIdOf(v),
        apy30dBps: pick.apy.apy30dBps,
        grossApyBps: pick.apy.grossApyBps,
        source: pick.apy.source,
        asOf: pick.apy.asOf
      };
    } else {
      pickReason = `no ready venue on ${chain} has a live 30-day APY`;
    }
    const d = await computeDecision(db, wallet, chain);
    currentVenueId = d.currentVenueId;
  } else {
    pickReason = "the autopilot was never enabled; enable it on one chain";
  }
  return {
    schemaVersion: "svc-autopilot.v1",
    wallet,
    strategyId: AUTOPILOT.id,
    rerank: "monthly",
    switchThresholdBps: AUTOPILOT.switchThresholdBps,
    enabled: s?.enabled ?? false,
    chain,
    enabledAt: s?.enabledAt?.toISOString() ?? null,
    currentVenueId,
    currentPick,
    pickReason,
    lastDecision: lastWire(last),
    nextTickDueAt: s?.enabled ? last ? monthAfter(last.decidedAt).toISOString() : (/* @__PURE__ */ new Date()).toISOString() : null
  };
}
async function chainFor(db, wallet, chain) {
  const c = chain ?? (await settingsOf(db, wallet))?.chain;
  if (!c) throw fieldError("INVALID_REQUEST", "body.chain", "is required: the autopilot was never enabled on this wallet");
  assertChainWallet(wallet, c);
  return c;
}
function autopilotSwitch(kind, summary) {
  return endpoint({
    ...walletRoute(`${kind}WalletAutopilot`, "POST", `autopilot/${kind}`, summary, TAGS, "wallet.policy"),
    body: chainBody,
    example: { params, body: { chain: "move-chain" } },
    responses: { 200: autopilotSchema },
    handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
      const wallet = chainWallet(p.address, body.chain);
      if (kind === "enable") {
        await setEnabled(db, wallet, body.chain, true);
      } else {
        const s = await settingsOf(db, wallet);
        if (s && s.chain === body.chain && s.enabled) await setEnabled(db, wallet, body.chain, false);
      }
      return ok2(await state2(db, wallet));
    }, "handler")
  });
}
function run(kind) {
  const summaries = {
    preview: "Dry run of the monthly re-rank on one chain; records nothing",
    decide: "Run the re-rank now and record the decision (no money moves; a switch carries a rebalance plan the owner signs)",
    tick: "The monthly tick: records a decision when 30 days have passed since the last one on the enabled chain"
  };
  return endpoint({
    ...walletRoute(`${kind}WalletAutopilot`, "POST", `autopilot/${kind}`, summaries[kind], TAGS, "wallet.dryrun"),
    body: optionalChainBody.optional(),
    example: { params, body: { chain: "move-chain" } },
    responses: { 200: runSchema },
    handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
      const wallet = normalizeAddress(p.address);
      const chain = await chainFor(db, wallet, body?.chain);
      return ok2(await runOnce(db, kind, wallet, chain));
    }, "handler")
  });
}
async function gate(q, kind, wallet, chain, now) {
  const last = await lastDecision(q, wallet, chain);
  const dueAt = last ? monthAfter(last.decidedAt) : now;
  const due = now.getTime() >= dueAt.getTime();
  const out = { schemaVersion: "svc-autopilot-run.v1", wallet, chain, due, blockers: [] };
  if (kind !== "tick") return { out, dueAt, stop: null };
  const s = await settingsOf(q, wallet);
  if (!s?.enabled || s.chain !== chain) {
    const blockers = [blocker("autopilot_disabled", `The autopilot is not enabled on ${chain} for this wallet`)];
    return { out, dueAt, stop: { ...out, dryRun: false, recorded: false, nextTickDueAt: null, decision: lastWire(last), blockers } };
  }
  if (!due) return { out, dueAt, stop: { ...out, dryRun: false, recorded: false, nextTickDueAt: dueAt.toISOString(), decision: lastWire(last) } };
  return { out, dueAt, stop: null };
}
async function runOnce(db, kind, wallet, chain) {
  const now = /* @__PURE__ */ new Date();
  const g = await gate(db, kind, wallet, chain, now);
  if (g.stop) return g.stop;
  const d = await computeDecision(db, wallet, chain);
  if (kind === "preview") {
    return { ...g.out, dryRun: true, recorded: false, nextTickDueAt: g.dueAt.toISOString(), decision: dryDecisionWire(d, "preview", now) };
  }
  const recorded = /* @__PURE__ */ __name((row) => ({ ...g.out, dryRun: false, recorded: true, nextTickDueAt: monthAfter(now).toISOString(), decision: decisionWire(row) }), "recorded");
  if (kind === "decide") return recorded(await recordDecision(db, d, kind, now));
  return db.transaction(async (tx) => {
    await lockTick(tx, wallet, chain);
    const again = await gate(tx, kind, wallet, chain, now);
    return again.stop ?? recorded(await recordDecision(tx, d, kind, now));
  });
}
var TAGS, WALLET_EXAMPLE, params, lastWire, getAutopilot, getAutopilotHistory, postAutopilotEnable, postAutopilotDisable, postAutopilotPreview, postAutopilotDecide, postAutopilotTick, autopilotEndpoints;
var init_endpoints = __esm({
  "server/autopilot/endpoints.ts"() {
    "use strict";
    init_address();
    init_apy();
    init_codes();
    init_endpoint();
    init_errors();
    init_wallet_routes();
    init_venues();
    init_decide();
    init_schemas3();
    init_store();
    TAGS = ["autopilot"];
    WALLET_EXAMPLE = `0x${"3".repeat(64)}`;
    params = { address: WALLET_EXAMPLE };
    __name(assertChainWallet, "assertChainWallet");
    __name(chainWallet, "chainWallet");
    __name(monthAfter, "monthAfter");
    lastWire = /* @__PURE__ */ __name((last) => last ? decisionWire(last) : null, "lastWire");
    __name(state2, "state");
    __name(chainFor, "chainFor");
    getAutopilot = walletRead("getWalletAutopilot", "autopilot", "Autopilot state: enabled, chain, current venue, current pick (30-day APY, source, asOf), last decision", TAGS, WALLET_EXAMPLE, autopilotSchema, state2);
    getAutopilotHistory = endpoint({
      ...walletRoute("getWalletAutopilotHistory", "GET", "autopilot/history", "Recorded autopilot decisions, newest first (cursor-paginated)", TAGS, "wallet.read"),
      query: historyQuery,
      example: { params, query: { limit: "20" } },
      responses: { 200: historySchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, query }) => {
        const wallet = normalizeAddress(p.address);
        const h = await history(db, wallet, query.cursor, query.limit ?? 50);
        return ok2({
          schemaVersion: "svc-autopilot-history.v1",
          wallet,
          count: h.rows.length,
          decisions: h.rows.map(decisionWire),
          nextCursor: h.nextCursor
        });
      }, "handler")
    });
    __name(autopilotSwitch, "autopilotSwitch");
    postAutopilotEnable = autopilotSwitch("enable", "Enable the autopilot on one chain (owner); enabling on another chain moves it there");
    postAutopilotDisable = autopilotSwitch("disable", "Disable the autopilot (owner); nothing is unstaked or moved");
    __name(run, "run");
    __name(gate, "gate");
    __name(runOnce, "runOnce");
    postAutopilotPreview = run("preview");
    postAutopilotDecide = run("decide");
    postAutopilotTick = run("tick");
    autopilotEndpoints = [
      getAutopilot,
      getAutopilotHistory,
      postAutopilotEnable,
      postAutopilotDisable,
      postAutopilotPreview,
      postAutopilotDecide,
      postAutopilotTick
    ];
  }
});

// server/chains/tokens.ts
import { getMintDecoder, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS7 } from "@solana-program/token";
import { erc20Abi as erc20Abi5, getAddress as getAddress8 } from "viem";
function assertTokenAddress(chain, address13, field2) {
  const family = CHAIN_FAMILY[chain];
  const ok3 = family === "sui" ? SUI_COIN_TYPE.test(address13) : family === "solana" ? isSolanaAddress(address13) : isEvmAddress(address13);
  if (ok3) return;
  const want = family === "sui" ? "a Move coin type (0x\u2026::module::NAME)" : family === "solana" ? "a mint address (base58)" : "a token contract address (0x + 40 hex)";
  throw fieldError("INVALID_REQUEST", field2, `must be ${want} on ${chain}`);
}
async function readChain(chain, address13, signal) {
  const family = CHAIN_FAMILY[chain];
  if (family === "solana") {
    const data = await programAccount(address13, TOKEN_PROGRAM_ADDRESS7, "mint", signal, { minLength: MINT_SIZE });
    const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE));
    if (!mint.isInitialized) throw new Error("the mint account is not initialized");
    return { symbol: null, name: null, decimals: mint.decimals };
  }
  if (family === "sui") {
    const { coinMetadata } = await suiRpc().core.getCoinMetadata({ coinType: address13 });
    if (!coinMetadata) throw new Error("the chain has no coin metadata for this coin type");
    return { symbol: coinMetadata.symbol, name: coinMetadata.name, decimals: coinMetadata.decimals };
  }
  const client = evmRpc(chain);
  const token4 = getAddress8(address13);
  const [decimals, symbol] = await Promise.all([
    client.readContract({ address: token4, abi: erc20Abi5, functionName: "decimals" }),
    client.readContract({ address: token4, abi: erc20Abi5, functionName: "symbol" }).catch(() => null)
  ]);
  return { symbol, name: null, decimals };
}
async function tokenDetails(chain, address13) {
  assertTokenAddress(chain, address13, "query.address");
  const asOf = (/* @__PURE__ */ new Date()).toISOString();
  const known = knownToken(chain, address13);
  if (known) return { chain, address: known.address, symbol: known.symbol, name: known.name, decimals: known.decimals, source: "token-list", reason: null, asOf };
  try {
    const read = await withRpcTimeout((signal) => readChain(chain, address13, signal));
    return { chain, address: address13, ...read, source: "chain", reason: null, asOf };
  } catch (e) {
    return { chain, address: address13, symbol: null, name: null, decimals: null, source: null, reason: `The token's decimals could not be read from ${chain}: ${errorLine(e)}.`, asOf };
  }
}
function tokenList(chain) {
  return KNOWN_TOKENS[chain];
}
var MINT_SIZE;
var init_tokens2 = __esm({
  "server/chains/tokens.ts"() {
    "use strict";
    init_tokens();
    init_errors();
    init_accounts();
    init_address();
    init_clients();
    MINT_SIZE = 82;
    __name(assertTokenAddress, "assertTokenAddress");
    __name(readChain, "readChain");
    __name(tokenDetails, "tokenDetails");
    __name(tokenList, "tokenList");
  }
});

// server/fees/policy.ts
function feePolicy() {
  const cfg = config();
  return {
    principalFeeBps: 0,
    yieldSkimBps: cfg.SVC_YIELD_SKIM_BPS,
    profitFee: { ...PROFIT_FEE },
    swapFeeBps: cfg.SVC_SWAP_FEE_BPS,
    bridgeFeeBps: cfg.SVC_BRIDGE_FEE_BPS
  };
}
function skimOf(grossMicros, skimBps) {
  if (grossMicros <= 0n) return 0n;
  return grossMicros * BigInt(skimBps) / BPS;
}
function profitFeeOf(grossMicros, fee = PROFIT_FEE) {
  if (!fee.enabled || grossMicros <= 0n) return 0n;
  const f = grossMicros * BigInt(fee.bps) / BPS;
  return f > fee.capMicros ? fee.capMicros : f;
}
function bpsOf(amountMicros, bps2) {
  return amountMicros * BigInt(bps2) / BPS;
}
var BPS, PROFIT_FEE, EVM_REGISTRY;
var init_policy = __esm({
  "server/fees/policy.ts"() {
    "use strict";
    init_config();
    BPS = 10000n;
    PROFIT_FEE = { bps: 100, capMicros: 10000000n, enabled: false };
    EVM_REGISTRY = { yieldFeeBps: 500, depositFeeBps: 0, maxYieldSkimBps: 1e3 };
    __name(feePolicy, "feePolicy");
    __name(skimOf, "skimOf");
    __name(profitFeeOf, "profitFeeOf");
    __name(bpsOf, "bpsOf");
  }
});

// server/venues/adapters.ts
function getAdapter(venueId) {
  return VENUE_MODULES.find((m) => m.descriptor.id === venueId)?.build;
}
function builderFor(venueId, action) {
  const a = getAdapter(venueId);
  const build2 = a?.[action];
  if (build2) return { build: build2 };
  return { reason: a?.notBuilt?.[action] ?? `No ${action} builder for ${venueId} yet.` };
}
function actionBlockers(venue, action) {
  const out = [];
  if (venue.label === "Executable" && !venue.ready) out.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
  const b = builderFor(venue.id, action);
  if (!("build" in b)) out.push(blocker("adapter_not_ready", b.reason));
  return out;
}
function venueActions(venue) {
  const one = /* @__PURE__ */ __name((action) => {
    const blockers = actionBlockers(venue, action);
    return blockers.length === 0 ? { ready: true, reason: null } : { ready: false, reason: blockers.map((x) => x.message).join(" ") };
  }, "one");
  return { deposit: one("deposit"), withdraw: one("withdraw") };
}
function venueRowReady(venue) {
  const a = venueActions(venue);
  return venue.ready && a.deposit.ready && a.withdraw.ready;
}
async function runBuilder(build2, input) {
  try {
    return { ok: true, transactions: await build2(input) };
  } catch (e) {
    if (e instanceof BuildBlocked) return { ok: false, blocker: blocker(e.code, e.message) };
    if (e instanceof RpcUnavailable) return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
    throw e;
  }
}
var init_adapters = __esm({
  "server/venues/adapters.ts"() {
    "use strict";
    init_clients();
    init_codes();
    init_list();
    init_build();
    init_build();
    __name(getAdapter, "getAdapter");
    __name(builderFor, "builderFor");
    __name(actionBlockers, "actionBlockers");
    __name(venueActions, "venueActions");
    __name(venueRowReady, "venueRowReady");
    __name(runBuilder, "runBuilder");
  }
});

// server/catalog/estimates.ts
function netApyBps(grossApyBps, skimBps) {
  if (!Number.isInteger(grossApyBps) || !Number.isInteger(skimBps) || skimBps < 0 || skimBps > 1e4) {
    throw new RangeError("grossApyBps and skimBps must be integers, skim within 0..10000");
  }
  if (grossApyBps <= 0) return grossApyBps;
  return Number(BigInt(grossApyBps) * (BPS2 - BigInt(skimBps)) / BPS2);
}
function estimates(grossApyBps, stakedMicros, skimBps) {
  if (stakedMicros < 0n) throw new RangeError("stakedMicros cannot be negative");
  if (grossApyBps === null) {
    return { estimate: true, stakedMicros, skimBps, grossApyBps: null, netApyBps: null, estDailyYieldMicros: null, estMonthlyYieldMicros: null };
  }
  const net = netApyBps(grossApyBps, skimBps);
  const daily = stakedMicros * BigInt(net) / BPS2 / 365n;
  return {
    estimate: true,
    stakedMicros,
    skimBps,
    grossApyBps,
    netApyBps: net,
    estDailyYieldMicros: daily,
    estMonthlyYieldMicros: daily * 30n
  };
}
function estimatesCamelWire(e) {
  return {
    estimate: true,
    stakedMicros: e.stakedMicros.toString(),
    skimBps: e.skimBps,
    grossApyBps: e.grossApyBps,
    netApyBps: e.netApyBps,
    estDailyYieldMicros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
    estMonthlyYieldMicros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString()
  };
}
function estimatesWire(e) {
  return {
    estimate: true,
    staked_micros: e.stakedMicros.toString(),
    skim_bps: e.skimBps,
    gross_apy_bps: e.grossApyBps,
    net_apy_bps: e.netApyBps,
    est_daily_yield_micros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
    est_monthly_yield_micros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString()
  };
}
var BPS2;
var init_estimates = __esm({
  "server/catalog/estimates.ts"() {
    "use strict";
    BPS2 = 10000n;
    __name(netApyBps, "netApyBps");
    __name(estimates, "estimates");
    __name(estimatesCamelWire, "estimatesCamelWire");
    __name(estimatesWire, "estimatesWire");
  }
});

// server/catalog/views.ts
async function catalogState(db) {
  const apys = await allLiveApys(db);
  const snapshot = await getSnapshot(db);
  const reason = snapshotReason(snapshot);
  return { apys, snapshot, status: reason === null ? "ok" : "unavailable", reason, skimBps: feePolicy().yieldSkimBps };
}
function apyWire(a, skimBps) {
  return { ...a, netApyBps: a.grossApyBps === null ? null : netApyBps(a.grossApyBps, skimBps) };
}
function venueWire(v) {
  return {
    id: v.id,
    opportunityId: opportunityIdOf(v),
    protocol: v.protocol,
    name: v.name,
    chain: v.chain,
    family: v.family,
    kind: v.kind,
    token: v.token,
    label: v.label,
    // contract §8: readiness from the adapter registry that answers adapter_not_ready, per action.
    ready: venueRowReady(v),
    actions: venueActions(v),
    writeReady: v.writeReady,
    liveMoneyPath: v.liveMoneyPath,
    broadcastEnabled: v.broadcastEnabled,
    minDepositMicros: v.minDepositMicros.toString(),
    upstream: { ...v.upstream },
    onchain: { ...v.onchain }
  };
}
function venuesBody(live, state3) {
  return {
    schemaVersion: "svc-venues.v1",
    executionMode: config().SVC_EXECUTION_MODE,
    launchHomes: [...LAUNCH_HOMES],
    mapChains: [...MAP_CHAINS],
    count: VENUES.length,
    venues: VENUES.map(
      (v) => live && state3 ? { ...venueWire(v), apy: apyWire(state3.apys.get(v.id) ?? NO_APY, state3.skimBps) } : venueWire(v)
    )
  };
}
function venueApyBody(state3) {
  return {
    schemaVersion: "svc-venue-apy.v1",
    status: state3.status,
    source: SOURCE,
    asOf: state3.snapshot.asOf?.toISOString() ?? null,
    reason: state3.reason,
    skimBps: state3.skimBps,
    venues: VENUES.map((v) => ({
      venueId: v.id,
      opportunityId: opportunityIdOf(v),
      protocol: v.protocol,
      chain: v.chain,
      label: v.label,
      ready: venueRowReady(v),
      ...apyWire(state3.apys.get(v.id) ?? NO_APY, state3.skimBps)
    }))
  };
}
function autopilotPick(state3) {
  let best = null;
  for (const v of VENUES) {
    const a = state3.apys.get(v.id);
    if (!v.ready || !a || a.status !== "live" || a.apy30dBps === null) continue;
    if (!best || a.apy30dBps > best.apy30 || a.apy30dBps === best.apy30 && v.id < best.v.id) best = { v, apy30: a.apy30dBps };
  }
  return best?.v ?? null;
}
function autopilotApy(state3, pick) {
  if (pick) return state3.apys.get(pick.id) ?? NO_APY;
  return { ...NO_APY, reason: state3.reason ?? "no ready venue has a live 30-day APY" };
}
function strategyRows(state3) {
  const pick = autopilotPick(state3);
  const pickApy = pick ? state3.apys.get(pick.id) : void 0;
  const strategy = {
    opportunityId: AUTOPILOT.opportunityId,
    strategyId: AUTOPILOT.id,
    kind: "strategy",
    protocol: AUTOPILOT.protocol,
    name: AUTOPILOT.name,
    // Within-chain: it runs on the chain of its current pick; the first launch home until there is one.
    chain: pick?.chain ?? LAUNCH_HOMES[0],
    label: "Executable",
    ready: VENUES.some(venueRowReady),
    // The automated strategy has no deposit or withdraw plan of its own: it is turned on per wallet and chain.
    actions: null,
    writeReady: VENUES.some((v) => v.ready && v.writeReady),
    liveMoneyPath: VENUES.some((v) => v.ready && v.liveMoneyPath),
    broadcastEnabled: pick?.broadcastEnabled ?? false,
    minDepositMicros: (pick?.minDepositMicros ?? 1000000n).toString(),
    rerank: AUTOPILOT.rerank,
    switchThresholdBps: AUTOPILOT.switchThresholdBps,
    currentPick: pick && pickApy?.apy30dBps !== null && pickApy?.apy30dBps !== void 0 ? { venueId: pick.id, opportunityId: opportunityIdOf(pick), chain: pick.chain, apy30dBps: pickApy.apy30dBps } : null,
    apy: apyWire(autopilotApy(state3, pick), state3.skimBps)
  };
  const venues = VENUES.map((v) => {
    const w2 = venueWire(v);
    return {
      opportunityId: w2.opportunityId,
      strategyId: v.id,
      kind: "venue",
      protocol: v.protocol,
      name: v.name,
      chain: v.chain,
      label: v.label,
      ready: w2.ready,
      actions: w2.actions,
      writeReady: v.writeReady,
      liveMoneyPath: v.liveMoneyPath,
      broadcastEnabled: v.broadcastEnabled,
      minDepositMicros: w2.minDepositMicros,
      apy: apyWire(state3.apys.get(v.id) ?? NO_APY, state3.skimBps)
    };
  });
  return [strategy, ...venues];
}
function homeRow(r) {
  return {
    opportunityId: r.opportunityId,
    strategyId: r.strategyId,
    protocol: r.protocol,
    name: r.name,
    chain: r.chain,
    kind: r.kind,
    label: r.label,
    ready: r.ready,
    actions: r.actions,
    grossApyBps: r.apy.grossApyBps,
    netApyBps: r.apy.netApyBps,
    apy30dBps: r.apy.apy30dBps,
    tvlUsd: r.apy.tvlUsd,
    source: r.apy.source,
    asOf: r.apy.asOf,
    reason: r.apy.reason
  };
}
function matchesQ(q, ...fields) {
  if (!q) return true;
  const needle = q.trim().toLowerCase();
  return needle === "" || fields.some((f) => f.toLowerCase().includes(needle));
}
function compareRows(sort, dir) {
  return (a, b) => {
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) {
      if (x === y) return a.strategyId < b.strategyId ? -1 : 1;
      return x === null ? 1 : -1;
    }
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    if (c !== 0) return c * dir;
    return a.strategyId < b.strategyId ? -1 : a.strategyId > b.strategyId ? 1 : 0;
  };
}
function homeBody(state3, q) {
  const [strategy, ...venueRows] = strategyRows(state3);
  const keep = /* @__PURE__ */ __name((r) => (q.ready === void 0 || r.ready === q.ready) && matchesQ(q.q, r.protocol, r.name, r.strategyId), "keep");
  const sort = q.sort ?? "grossApyBps";
  const dir = (q.order ?? (sort === "protocol" || sort === "chain" ? "asc" : "desc")) === "asc" ? 1 : -1;
  const venues = venueRows.filter((r) => keep(r) && (q.chain === void 0 || r.chain === q.chain)).map(homeRow).sort(compareRows(sort, dir));
  const showStrategy = strategy && keep(strategy) && (q.chain === void 0 || LAUNCH_HOMES.includes(q.chain));
  const opportunities = showStrategy && strategy ? [homeRow(strategy), ...venues] : venues;
  const byProtocol = /* @__PURE__ */ new Map();
  for (const r of venues) {
    const p = byProtocol.get(r.protocol) ?? { protocol: r.protocol, name: r.name, chains: /* @__PURE__ */ new Set(), opportunities: 0 };
    p.chains.add(r.chain);
    p.opportunities++;
    byProtocol.set(r.protocol, p);
  }
  const protocols = [...byProtocol.values()].sort((a, b) => a.protocol.localeCompare(b.protocol)).map((p) => ({ protocol: p.protocol, name: p.name, chains: CHAIN_IDS.filter((c) => p.chains.has(c)), opportunities: p.opportunities }));
  return {
    schemaVersion: "svc-home.v1",
    status: state3.status,
    source: SOURCE,
    asOf: state3.snapshot.asOf?.toISOString() ?? null,
    opportunities,
    protocols,
    markets: state3.status === "ok" ? homeMarkets(state3.snapshot, venues, q) : []
  };
}
function homeMarkets(snapshot, venues, q) {
  const protocolOf = /* @__PURE__ */ new Map();
  const listed = new Set(venues.map((r) => r.strategyId));
  for (const v of VENUES) if (listed.has(v.id)) protocolOf.set(`${v.upstream.chain}|${v.upstream.project}`, v.protocol);
  const out = [];
  for (const p of snapshot.pools) {
    if (!p.stablecoin) continue;
    const protocol = protocolOf.get(`${p.chain}|${p.project}`);
    const chain = UPSTREAM_CHAINS[p.chain];
    if (!protocol || !chain) continue;
    if (q.chain !== void 0 && chain !== q.chain) continue;
    out.push({ chain, protocol, symbol: p.symbol, pool: p.pool, tvlUsd: p.tvlUsd, apyBps: p.apyBps, apy30dBps: p.apy30dBps });
    if (out.length >= MARKETS_LIMIT) break;
  }
  return out;
}
function decodeCursor2(c) {
  if (c === void 0) return 0;
  const m = /^o([0-9]{1,9})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return Number(m[1]);
}
function discoverBody(snapshot, q) {
  const reason = snapshotReason(snapshot);
  const fresh = reason === null && isFresh(snapshot.asOf);
  const offset = decodeCursor2(q.cursor);
  const limit = q.limit ?? 50;
  const upstreamChain = q.chain ? CHAIN_TO_UPSTREAM[q.chain] : void 0;
  const project = q.project?.toLowerCase();
  const matching = fresh ? snapshot.pools.filter(
    (p) => (upstreamChain === void 0 || p.chain === upstreamChain) && (q.stablecoin === void 0 || p.stablecoin === q.stablecoin) && (q.minTvlUsd === void 0 || p.tvlUsd !== null && p.tvlUsd >= q.minTvlUsd) && (project === void 0 || p.project.toLowerCase() === project)
  ) : [];
  const page = matching.slice(offset, offset + limit);
  const next = offset + limit < matching.length ? Buffer.from(`o${offset + limit}`).toString("base64url") : null;
  return {
    schemaVersion: "svc-discover.v1",
    executionTruth: false,
    note: "Market map from the yields upstream, for discovery and display ranking only; not execution truth.",
    status: fresh ? "ok" : "unavailable",
    source: SOURCE,
    asOf: snapshot.asOf?.toISOString() ?? null,
    reason,
    total: matching.length,
    count: page.length,
    nextCursor: next,
    pools: page.map((p) => ({
      pool: p.pool,
      chain: UPSTREAM_CHAINS[p.chain],
      network: p.chain,
      project: p.project,
      symbol: p.symbol,
      stablecoin: p.stablecoin,
      tvlUsd: p.tvlUsd,
      apyBps: p.apyBps,
      apyBaseBps: p.apyBaseBps,
      apyRewardBps: p.apyRewardBps,
      apy30dBps: p.apy30dBps
    }))
  };
}
var NO_APY, MARKETS_LIMIT;
var init_views = __esm({
  "server/catalog/views.ts"() {
    "use strict";
    init_address();
    init_config();
    init_policy();
    init_errors();
    init_launch();
    init_venues();
    init_adapters();
    init_apy();
    init_estimates();
    init_snapshot();
    init_upstream();
    __name(catalogState, "catalogState");
    NO_APY = {
      grossApyBps: null,
      apy30dBps: null,
      tvlUsd: null,
      source: null,
      asOf: null,
      status: "unavailable",
      reason: "no value",
      pool: null
    };
    __name(apyWire, "apyWire");
    __name(venueWire, "venueWire");
    __name(venuesBody, "venuesBody");
    __name(venueApyBody, "venueApyBody");
    __name(autopilotPick, "autopilotPick");
    __name(autopilotApy, "autopilotApy");
    __name(strategyRows, "strategyRows");
    MARKETS_LIMIT = 50;
    __name(homeRow, "homeRow");
    __name(matchesQ, "matchesQ");
    __name(compareRows, "compareRows");
    __name(homeBody, "homeBody");
    __name(homeMarkets, "homeMarkets");
    __name(decodeCursor2, "decodeCursor");
    __name(discoverBody, "discoverBody");
  }
});

// server/catalog/chart.ts
async function chartOf(pool2) {
  holder16.__svcCharts ??= /* @__PURE__ */ new Map();
  const cache2 = holder16.__svcCharts;
  const hit = cache2.get(pool2);
  if (hit && Date.now() - hit.at < (hit.points ? OK_TTL_MS : FAIL_TTL_MS)) return hit;
  const cfg = config();
  let entry;
  try {
    const points = await fetchChart(cfg.SVC_YIELDS_API_URL, pool2, cfg.SVC_YIELDS_TIMEOUT_MS);
    entry = { at: Date.now(), asOf: (/* @__PURE__ */ new Date()).toISOString(), points, error: null };
  } catch (e) {
    const error = e instanceof UpstreamError ? e.message : "upstream read failed";
    entry = { at: Date.now(), asOf: (/* @__PURE__ */ new Date()).toISOString(), points: null, error };
  }
  if (cache2.size >= MAX_ENTRIES) cache2.delete(cache2.keys().next().value);
  cache2.set(pool2, entry);
  return entry;
}
async function chartBody(db, id) {
  const r = resolveStrategyId(id, "path.id");
  let venueId = r.venue?.id ?? null;
  if (!r.venue) {
    const pick = autopilotPick(await catalogState(db));
    venueId = pick?.id ?? null;
  }
  const base = {
    schemaVersion: "svc-chart.v1",
    opportunityId: r.opportunityId,
    strategyId: r.id,
    source: SOURCE
  };
  if (!venueId) {
    return { ...base, pool: null, status: "unavailable", asOf: null, reason: "the automated strategy has no current pick", points: [] };
  }
  const apy = await liveApy(db, venueId);
  if (!apy.pool) {
    return { ...base, pool: null, status: "unavailable", asOf: null, reason: apy.reason ?? "no upstream pool for this venue", points: [] };
  }
  const c = await chartOf(apy.pool);
  if (!c.points) {
    return { ...base, pool: apy.pool, status: "unavailable", asOf: null, reason: `yields upstream chart: ${c.error}`, points: [] };
  }
  return { ...base, pool: apy.pool, status: "ok", asOf: c.asOf, reason: null, points: c.points };
}
var OK_TTL_MS, FAIL_TTL_MS, MAX_ENTRIES, holder16;
var init_chart = __esm({
  "server/catalog/chart.ts"() {
    "use strict";
    init_config();
    init_venues();
    init_apy();
    init_views();
    init_upstream();
    OK_TTL_MS = 6e4;
    FAIL_TTL_MS = 5e3;
    MAX_ENTRIES = 200;
    holder16 = globalThis;
    __name(chartOf, "chartOf");
    __name(chartBody, "chartBody");
  }
});

// server/catalog/packages.ts
function packagesBody() {
  const cfg = config();
  const entry = /* @__PURE__ */ __name((name, kind, id, network = "mainnet") => ({
    name,
    kind,
    network,
    id: id ?? null,
    upgradeAuthority: "held",
    note: id ? null : UNSET
  }), "entry");
  const chain = /* @__PURE__ */ __name((c, entries) => ({ chain: c, network: NETWORK[c], label: chainLabelOf(c), entries }), "chain");
  return {
    schemaVersion: "svc-packages.v1",
    upgradeAuthority: "held",
    chains: [
      chain("move-chain", [
        entry("svc vault package", "package", cfg.SVC_PACKAGE_MOVE),
        entry("svc vault package (testnet)", "package", void 0, "testnet")
      ]),
      chain("svm-chain", [entry("svc vault program", "program", cfg.SVC_PROGRAM_SVM)]),
      chain("evm-a", [entry("svc registry", "registry", cfg.SVC_REGISTRY_EVM_A)]),
      chain("evm-b", [entry("svc registry", "registry", cfg.SVC_REGISTRY_EVM_B)])
    ]
  };
}
function enablementBody(chain) {
  const cfg = config();
  const registryId = (chain === "evm-a" ? cfg.SVC_REGISTRY_EVM_A : cfg.SVC_REGISTRY_EVM_B) ?? null;
  const venues = venuesOn(chain);
  const writeReady = venues.some((v) => v.writeReady);
  return {
    schemaVersion: "svc-enablement.v1",
    chain,
    network: NETWORK[chain],
    label: chainLabelOf(chain),
    executionMode: cfg.SVC_EXECUTION_MODE,
    // Spec §1.2: a deployed registry does not mean live deposits; Map chains stay discovery + prepare.
    enabled: false,
    writeReady,
    liveMoneyPath: venues.some((v) => v.liveMoneyPath),
    broadcastEnabled: broadcastEnabled(chain),
    registry: { id: registryId, deployed: registryId !== null },
    venues: venues.map((v) => ({ id: v.id, protocol: v.protocol, ready: v.ready, writeReady: v.writeReady })),
    requires: ["write adapters ready for the chain's venues", "an explicit go to leave Map mode"],
    blockers: [blocker("map_chain_prepare_only")]
  };
}
var NETWORK, UNSET;
var init_packages2 = __esm({
  "server/catalog/packages.ts"() {
    "use strict";
    init_config();
    init_codes();
    init_launch();
    init_venues();
    NETWORK = {
      "move-chain": "Sui",
      "svm-chain": "Solana",
      "evm-a": "Base",
      "evm-b": "Arbitrum"
    };
    UNSET = "Not deployed yet: set by configuration when published.";
    __name(packagesBody, "packagesBody");
    __name(enablementBody, "enablementBody");
  }
});

// server/catalog/schemas.ts
import { z as z9 } from "zod";
var intOrNull, bps, nullableTime, flag01, apyStatus, liveApySchema, actionReadiness, venueActionsSchema, readiness, venueSchema, venuesQuery, venuesSchema, feedStatus, feedState, venueApyRow, venueApySchema, autopilotPick2, strategySchema, strategiesSchema, estimatesSchema, strategyDetailSchema, strategyParams, strategyQuery, chartSchema, poolSchema, discoverQuery, discoverSchema, HOME_SORTS, homeQuery, homeOpportunity, homeSchema, packageEntry, packagesSchema, enablementSchema, balanceQuery, balanceLeg, balanceSchema, autoYieldVenuesSchema;
var init_schemas4 = __esm({
  "server/catalog/schemas.ts"() {
    "use strict";
    init_amount();
    init_schemas();
    init_schemas2();
    intOrNull = z9.number().int().nullable();
    bps = /* @__PURE__ */ __name((description) => intOrNull.meta({ description }), "bps");
    nullableTime = isoTime.nullable();
    flag01 = z9.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true");
    apyStatus = z9.enum(["live", "stale", "unavailable"]).meta({
      id: "ApyStatus",
      description: "live: dated upstream value younger than SVC_APY_MAX_AGE_S; stale: older, so null; unavailable: no value."
    });
    liveApySchema = z9.object({
      grossApyBps: bps("Gross APY in bps from the upstream; null when not live."),
      netApyBps: bps("gross \xD7 (10000 \u2212 skim) / 10000 with the fee policy's skim; null when gross is null."),
      apy30dBps: bps("Upstream 30-day mean APY in bps; null when not live."),
      tvlUsd: z9.number().nullable().meta({ description: "Market TVL in USD (a market statistic, not user money)." }),
      pool: z9.string().nullable().meta({ description: "Upstream pool id the figures come from." }),
      source: z9.string().nullable(),
      asOf: nullableTime,
      status: apyStatus,
      reason: z9.string().nullable().meta({ description: "Why a value is null." })
    }).meta({ id: "LiveApy" });
    actionReadiness = z9.object({
      ready: z9.boolean().meta({ description: "The plan endpoint can build this action (no venue_not_ready or adapter_not_ready)." }),
      reason: z9.string().nullable().meta({ description: "Why it cannot (the blocker's message); null when ready." })
    }).meta({ id: "ActionReadiness" });
    venueActionsSchema = z9.object({ deposit: actionReadiness, withdraw: actionReadiness }).meta({
      id: "VenueActions",
      description: "contract \xA78: per action, from the adapter registry that answers adapter_not_ready on the plan endpoints. A row's `ready` is true only when both are."
    });
    readiness = {
      ready: z9.boolean().meta({ description: "Listed for execution and both actions buildable (actions.deposit.ready and actions.withdraw.ready)." }),
      writeReady: z9.boolean(),
      liveMoneyPath: z9.boolean(),
      broadcastEnabled: z9.boolean(),
      minDepositMicros: microsOutput
    };
    venueSchema = z9.object({
      id: z9.string().meta({ description: "Bare protocol id (the strategyId input)." }),
      opportunityId: z9.string(),
      protocol: z9.string(),
      name: z9.string(),
      chain: chainId,
      family: z9.enum(["sui", "solana", "evm"]),
      kind: z9.literal("lending"),
      token: z9.literal("USDC"),
      label: chainLabel,
      ...readiness,
      actions: venueActionsSchema,
      upstream: z9.object({ project: z9.string(), symbol: z9.string(), chain: z9.string() }),
      onchain: z9.record(z9.string(), z9.string()).meta({ description: "Published on-chain ids of the venue (third-party protocol ids)." }),
      apy: liveApySchema.optional().meta({ description: "Present with ?live=1." })
    }).meta({ id: "Venue" });
    venuesQuery = z9.object({ live: flag01.optional() });
    venuesSchema = z9.object({
      schemaVersion: z9.literal("svc-venues.v1"),
      executionMode,
      launchHomes: z9.array(chainId),
      mapChains: z9.array(chainId),
      count: z9.number().int(),
      venues: z9.array(venueSchema)
    }).meta({ id: "Venues" });
    feedStatus = z9.enum(["ok", "unavailable"]).meta({
      id: "FeedStatus",
      description: "unavailable when there is no yields snapshot younger than SVC_APY_MAX_AGE_S (the live read failed)."
    });
    feedState = {
      status: feedStatus,
      source: z9.literal("defillama"),
      asOf: nullableTime,
      reason: z9.string().nullable()
    };
    venueApyRow = z9.object({
      venueId: z9.string(),
      opportunityId: z9.string(),
      protocol: z9.string(),
      chain: chainId,
      label: chainLabel,
      ready: z9.boolean(),
      ...liveApySchema.shape
    });
    venueApySchema = z9.object({
      schemaVersion: z9.literal("svc-venue-apy.v1"),
      ...feedState,
      skimBps: z9.number().int(),
      venues: z9.array(venueApyRow)
    }).meta({ id: "VenueApyTable" });
    autopilotPick2 = z9.object({ venueId: z9.string(), opportunityId: z9.string(), chain: chainId, apy30dBps: z9.number().int() }).nullable().meta({ id: "AutopilotPick", description: "The ready venue with the top live 30-day APY; null when none has one." });
    strategySchema = z9.object({
      opportunityId: z9.string(),
      strategyId: z9.string().meta({ description: "Bare id; deprecated input alias of opportunityId." }),
      kind: z9.enum(["venue", "strategy"]),
      protocol: z9.string(),
      name: z9.string(),
      chain: chainId,
      label: chainLabel,
      ...readiness,
      actions: venueActionsSchema.nullable().meta({ description: "null for the automated strategy (it has no plan of its own)." }),
      rerank: z9.literal("monthly").optional(),
      switchThresholdBps: z9.number().int().optional(),
      currentPick: autopilotPick2.optional(),
      apy: liveApySchema
    }).meta({ id: "Strategy" });
    strategiesSchema = z9.object({
      schemaVersion: z9.literal("svc-strategies.v1"),
      status: feedStatus,
      count: z9.number().int(),
      strategies: z9.array(strategySchema)
    }).meta({ id: "Strategies" });
    estimatesSchema = z9.object({
      estimate: z9.literal(true),
      stakedMicros: microsOutput.meta({ description: "staked_micros of spec \xA71.4: the amount the estimate is for (query amountMicros)." }),
      skimBps: z9.number().int().meta({ description: "skim_bps: the protocol yield skim applied to gross yield." }),
      grossApyBps: intOrNull.meta({ description: "gross_apy_bps: the live gross APY; null when unknown." }),
      netApyBps: intOrNull.meta({ description: "net_apy_bps = gross_apy_bps \xD7 (10000 \u2212 skim_bps) / 10000." }),
      estDailyYieldMicros: microsOutput.nullable().meta({ description: "est_daily_yield_micros = staked_micros \xD7 net_apy_bps / 10000 / 365." }),
      estMonthlyYieldMicros: microsOutput.nullable().meta({ description: "est_monthly_yield_micros = est_daily_yield_micros \xD7 30." })
    }).meta({
      id: "YieldEstimates",
      description: "Spec \xA71.4, in camelCase (each field's description names its spec formula). Estimates, not guarantees; null when the gross APY is unknown."
    });
    strategyDetailSchema = z9.object({ schemaVersion: z9.literal("svc-strategy.v1"), strategy: strategySchema, estimates: estimatesSchema }).meta({ id: "StrategyDetail" });
    strategyParams = z9.object({ id: z9.string().min(1).max(200) });
    strategyQuery = z9.object({
      amountMicros: microsInput.optional().meta({ description: "Staked amount for the estimates; default 1000 USDC." })
    });
    chartSchema = z9.object({
      schemaVersion: z9.literal("svc-chart.v1"),
      opportunityId: z9.string(),
      strategyId: z9.string(),
      pool: z9.string().nullable(),
      ...feedState,
      points: z9.array(z9.object({ timestamp: isoTime, apyBps: intOrNull, tvlUsd: z9.number().nullable() }))
    }).meta({ id: "StrategyChart" });
    poolSchema = z9.object({
      pool: z9.string(),
      chain: chainId,
      network: z9.string(),
      project: z9.string(),
      symbol: z9.string(),
      stablecoin: z9.boolean(),
      tvlUsd: z9.number().nullable(),
      apyBps: intOrNull,
      apyBaseBps: intOrNull,
      apyRewardBps: intOrNull,
      apy30dBps: intOrNull
    });
    discoverQuery = pageQuery.extend({
      chain: chainId.optional(),
      stablecoin: flag01.optional(),
      minTvlUsd: z9.string().regex(/^[0-9]{1,15}(\.[0-9]+)?$/, { error: "must be a non-negative number of USD" }).transform(Number).optional(),
      project: z9.string().min(1).max(100).optional()
    });
    discoverSchema = z9.object({
      schemaVersion: z9.literal("svc-discover.v1"),
      executionTruth: z9.literal(false),
      note: z9.string(),
      ...feedState,
      total: z9.number().int(),
      count: z9.number().int(),
      nextCursor: z9.string().nullable(),
      pools: z9.array(poolSchema)
    }).meta({ id: "Discover", description: "Market map of upstream pools on the four chains. Not execution truth." });
    HOME_SORTS = ["grossApyBps", "netApyBps", "apy30dBps", "tvlUsd", "protocol", "chain"];
    homeQuery = z9.object({
      chain: chainId.optional(),
      ready: flag01.optional(),
      q: z9.string().max(100).optional(),
      sort: z9.enum(HOME_SORTS).optional(),
      order: z9.enum(["asc", "desc"]).optional()
    });
    homeOpportunity = z9.object({
      opportunityId: z9.string(),
      strategyId: z9.string(),
      protocol: z9.string(),
      name: z9.string(),
      chain: chainId,
      kind: z9.enum(["venue", "strategy"]),
      label: chainLabel,
      ready: z9.boolean(),
      actions: venueActionsSchema.nullable().meta({ description: "null for the automated strategy (it has no plan of its own)." }),
      grossApyBps: intOrNull,
      netApyBps: intOrNull,
      apy30dBps: intOrNull,
      tvlUsd: z9.number().nullable(),
      source: z9.string().nullable(),
      asOf: nullableTime,
      reason: z9.string().nullable()
    });
    homeSchema = z9.object({
      schemaVersion: z9.literal("svc-home.v1"),
      status: feedStatus,
      source: z9.literal("defillama"),
      asOf: nullableTime,
      opportunities: z9.array(homeOpportunity),
      protocols: z9.array(z9.object({ protocol: z9.string(), name: z9.string(), chains: z9.array(z9.string()), opportunities: z9.number().int() })),
      markets: z9.array(
        z9.object({
          chain: chainId,
          protocol: z9.string(),
          symbol: z9.string(),
          pool: z9.string(),
          tvlUsd: z9.number().nullable(),
          apyBps: intOrNull,
          apy30dBps: intOrNull
        })
      )
    }).meta({ id: "Home", description: "Dashboard table: filtered, sorted, trimmed rows. The featured strategy is the first opportunity." });
    packageEntry = z9.object({
      name: z9.string(),
      kind: z9.enum(["package", "program", "registry"]),
      network: z9.enum(["mainnet", "testnet"]),
      id: z9.string().nullable().meta({ description: "null until deployed (set by configuration)." }),
      upgradeAuthority: z9.literal("held"),
      note: z9.string().nullable()
    });
    packagesSchema = z9.object({
      schemaVersion: z9.literal("svc-packages.v1"),
      upgradeAuthority: z9.literal("held"),
      chains: z9.array(z9.object({ chain: chainId, network: z9.string(), label: chainLabel, entries: z9.array(packageEntry) }))
    }).meta({ id: "Packages" });
    enablementSchema = z9.object({
      schemaVersion: z9.literal("svc-enablement.v1"),
      chain: chainId,
      network: z9.string(),
      label: chainLabel,
      executionMode,
      enabled: z9.boolean(),
      writeReady: z9.boolean(),
      liveMoneyPath: z9.boolean(),
      broadcastEnabled: z9.boolean(),
      registry: z9.object({ id: z9.string().nullable(), deployed: z9.boolean() }),
      venues: z9.array(z9.object({ id: z9.string(), protocol: z9.string(), ready: z9.boolean(), writeReady: z9.boolean() })),
      requires: z9.array(z9.string()),
      blockers: z9.array(blockerSchema)
    }).meta({ id: "Enablement" });
    balanceQuery = z9.object({
      address: z9.string().min(1).max(100).optional().meta({ description: "The wallet address (spec \xA74.1). Required unless `wallet` is given." }),
      wallet: z9.string().min(1).max(100).optional().meta({ description: "Alias of `address` (the name /svc/portfolio and /svc/activity use)." })
    }).refine((q) => q.address !== void 0 || q.wallet !== void 0, { error: "is required (or its alias wallet)", path: ["address"] }).refine((q) => q.address === void 0 || q.wallet === void 0 || q.address === q.wallet, {
      error: "and its alias wallet name different wallets; send one",
      path: ["address"]
    });
    balanceLeg = z9.object({
      asset: z9.string(),
      kind: z9.enum(["native", "token"]),
      decimals: z9.number().int(),
      unit: z9.string().meta({ description: "micros for USDC, mist, lamports or wei for native assets" }),
      amount: microsOutput.nullable().meta({ description: "Integer base units; null when status is N/A." }),
      status: z9.enum(["ok", "N/A"]),
      reason: z9.string().nullable(),
      source: z9.string().nullable(),
      asOf: nullableTime
    });
    balanceSchema = z9.object({
      schemaVersion: z9.literal("svc-wallet-balance.v1"),
      chain: chainId,
      network: z9.string(),
      address: z9.string(),
      legs: z9.array(balanceLeg)
    }).meta({ id: "WalletBalance", description: "Native asset and USDC read through the chain RPC; an RPC failure makes that leg N/A." });
    autoYieldVenuesSchema = z9.object({
      schemaVersion: z9.literal("auto-yield-venues.v1"),
      status: feedStatus,
      source: z9.literal("defillama"),
      as_of: nullableTime,
      venues: z9.array(
        z9.object({
          venue: z9.string(),
          opportunity_id: z9.string(),
          protocol: z9.string(),
          chain: chainId,
          ready: z9.boolean(),
          adapter_ready: z9.boolean(),
          gross_apy_bps: intOrNull,
          net_apy_bps: intOrNull,
          apy_30d_bps: intOrNull,
          tvl_usd: z9.number().nullable(),
          source: z9.string().nullable(),
          as_of: nullableTime,
          reason: z9.string().nullable()
        })
      )
    }).meta({ id: "AutoYieldVenues", description: "Spec \xA74.9: public readiness and live APYs; gross_apy_bps is nullable." });
  }
});

// server/catalog/token-schemas.ts
import { z as z10 } from "zod";
var tokenListQuery, tokenQuery, tokenInfo, tokenSchema, tokenListSchema;
var init_token_schemas = __esm({
  "server/catalog/token-schemas.ts"() {
    "use strict";
    init_schemas2();
    tokenListQuery = z10.object({ chain: chainId });
    tokenQuery = z10.object({
      chain: chainId,
      address: z10.string().min(1).max(200).meta({ description: "Mint (svm), coin type (move) or token contract (evm-a, evm-b); or a known symbol such as USDC.", example: "USDC" })
    });
    tokenInfo = z10.object({
      chain: chainId,
      address: z10.string(),
      symbol: z10.string(),
      name: z10.string(),
      decimals: z10.number().int()
    });
    tokenSchema = z10.object({
      schemaVersion: z10.literal("svc-token.v1"),
      chain: chainId,
      address: z10.string(),
      symbol: z10.string().nullable(),
      name: z10.string().nullable(),
      decimals: z10.number().int().nullable().meta({ description: "null when the chain could not say; amounts of this token cannot be entered then." }),
      source: z10.enum(["token-list", "chain"]).nullable().meta({ description: "token-list: the service's shipped list; chain: the chain's own metadata read now." }),
      reason: z10.string().nullable(),
      asOf: z10.string()
    }).meta({ id: "Token", description: "A token's symbol and decimals, from the shipped list or the chain's own metadata; never guessed." });
    tokenListSchema = z10.object({ schemaVersion: z10.literal("svc-tokens.v1"), chain: chainId, tokens: z10.array(tokenInfo) }).meta({ id: "TokenList", description: "The tokens the service knows by name on a chain (others resolve through GET /svc/tokens/lookup)." });
  }
});

// server/catalog/endpoints.ts
function walletBalanceEndpoint(segment, operationId, example) {
  const chain = SEGMENT_TO_CHAIN[segment];
  return endpoint({
    operationId,
    method: "GET",
    path: `/api/v1/svc/${segment}/wallet-balance`,
    summary: `Native asset and USDC balance of a wallet on ${chain}, read through the chain's RPC (a failed leg is N/A)`,
    tags: TAGS2,
    access: "public",
    query: balanceQuery,
    example: { query: { address: example } },
    errors: ["INVALID_ADDRESS"],
    responses: { 200: balanceSchema },
    handler: /* @__PURE__ */ __name(async ({ query: q }) => {
      const family = CHAIN_FAMILY[chain];
      const query = { address: q.address ?? q.wallet ?? "" };
      const name = q.address === void 0 ? "wallet" : "address";
      if (!isAddressOf(family, query.address)) throw fieldError("INVALID_ADDRESS", `query.${name}`, mustBeAddressOf(family, `for ${NETWORK[chain]} (${chain})`));
      const address13 = family === "evm" ? query.address.toLowerCase() : query.address;
      return ok2({
        schemaVersion: "svc-wallet-balance.v1",
        chain,
        network: NETWORK[chain],
        address: address13,
        legs: await walletBalances(chain, address13)
      });
    }, "handler")
  });
}
var TAGS2, DEFAULT_ESTIMATE_MICROS, getVenues, getVenueApy, listStrategies, getStrategy, getStrategyChart, getDiscover, getHome, getPackages, getEvmAEnablement, getEvmBEnablement, EVM_EXAMPLE, getMoveWalletBalance, getSvmWalletBalance, getEvmAWalletBalance, getEvmBWalletBalance, getToken, listTokens, getAutoYieldVenues, catalogEndpoints;
var init_endpoints2 = __esm({
  "server/catalog/endpoints.ts"() {
    "use strict";
    init_address();
    init_balances2();
    init_tokens2();
    init_tokens();
    init_endpoint();
    init_errors();
    init_venues();
    init_chart();
    init_estimates();
    init_packages2();
    init_schemas4();
    init_token_schemas();
    init_home_answer();
    init_snapshot();
    init_views();
    TAGS2 = ["catalog"];
    DEFAULT_ESTIMATE_MICROS = 1000000000n;
    getVenues = endpoint({
      ...publicRoute("getVenues", "GET", "/api/v1/svc/venues", "Venues with readiness and execution labels; ?live=1 adds the live APY", TAGS2),
      query: venuesQuery,
      example: { query: { live: "1" } },
      responses: { 200: venuesSchema },
      handler: /* @__PURE__ */ __name(async ({ db, query }) => ok2(venuesBody(query.live === true, query.live ? await catalogState(db) : null)), "handler")
    });
    getVenueApy = endpoint({
      ...publicRoute("getVenueApy", "GET", "/api/v1/svc/venues/apy", "Per-venue APY table; null where unavailable, top-level status unavailable when the live read fails", TAGS2),
      responses: { 200: venueApySchema },
      handler: /* @__PURE__ */ __name(async ({ db }) => ok2(venueApyBody(await catalogState(db))), "handler")
    });
    listStrategies = endpoint({
      ...publicRoute("listStrategies", "GET", "/api/v1/svc/strategies", "Strategies: the automated strategy first, then every venue", TAGS2),
      responses: { 200: strategiesSchema },
      handler: /* @__PURE__ */ __name(async ({ db }) => {
        const state3 = await catalogState(db);
        const strategies = strategyRows(state3);
        return ok2({ schemaVersion: "svc-strategies.v1", status: state3.status, count: strategies.length, strategies });
      }, "handler")
    });
    getStrategy = endpoint({
      ...publicRoute("getStrategy", "GET", "/api/v1/svc/strategies/{id}", "One strategy by bare id, form-<id> alias or opportunityId, with yield estimates", TAGS2),
      description: "A composite market id (e.g. scallop-usdc) is a 400 naming the bare id; an unknown id is a 404 NOT_FOUND. Estimates follow spec \xA71.4 for `amountMicros` (default 1000 USDC).",
      params: strategyParams,
      query: strategyQuery,
      example: { params: { id: "scallop" } },
      errors: ["NOT_FOUND", "INVALID_AMOUNT"],
      responses: { 200: strategyDetailSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: params4, query }) => {
        const r = resolveStrategyId(params4.id, "path.id");
        const state3 = await catalogState(db);
        const row = strategyRows(state3).find((s) => s.strategyId === (r.kind === "strategy" ? AUTOPILOT_ID : r.id));
        if (!row) throw new ApiError("NOT_FOUND", `Unknown strategyId ${params4.id}`);
        const e = estimates(row.apy.grossApyBps, query.amountMicros ?? DEFAULT_ESTIMATE_MICROS, state3.skimBps);
        return ok2({ schemaVersion: "svc-strategy.v1", strategy: row, estimates: estimatesCamelWire(e) });
      }, "handler")
    });
    getStrategyChart = endpoint({
      ...publicRoute("getStrategyChart", "GET", "/api/v1/svc/strategies/{id}/chart", "APY and TVL history of the strategy's upstream pool (proxied, cached briefly)", TAGS2),
      example: { params: { id: "kamino" } },
      params: strategyParams,
      errors: ["NOT_FOUND"],
      responses: { 200: chartSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: params4 }) => ok2(await chartBody(db, params4.id)), "handler")
    });
    getDiscover = endpoint({
      ...publicRoute("getDiscover", "GET", "/api/v1/svc/discover", "Market map of upstream pools on the four chains (not execution truth), filterable and paginated", TAGS2),
      query: discoverQuery,
      example: { query: { chain: "svm-chain", minTvlUsd: "1000000" } },
      responses: { 200: discoverSchema },
      handler: /* @__PURE__ */ __name(async ({ db, query }) => ok2(discoverBody(await getSnapshot(db), query)), "handler")
    });
    getHome = endpoint({
      ...publicRoute("getHome", "GET", "/api/v1/svc/home", "Dashboard table: opportunities (automated strategy first), protocols and markets, filtered and sorted", TAGS2),
      query: homeQuery,
      example: { query: { sort: "grossApyBps", order: "desc" } },
      description: "Each answer carries a strong ETag, the same for as long as the catalog is unchanged (the answer is prepared once per change, rebuilt at most once a second): send it back in If-None-Match to get 304 Not Modified without a body.",
      responses: { 200: homeSchema },
      etag: true,
      handler: /* @__PURE__ */ __name(async ({ db, query }) => {
        const a = await preparedAnswer(db, queryKey("home", query), async () => homeBody(await catalogState(db), query));
        return { status: 200, body: a.body, headers: a.headers };
      }, "handler")
    });
    getPackages = endpoint({
      ...publicRoute("getPackages", "GET", "/api/v1/svc/packages", "Our package, program and registry ids per chain (svc-packages.v1); upgrade authorities held", TAGS2),
      responses: { 200: packagesSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(packagesBody()), "handler")
    });
    getEvmAEnablement = endpoint({
      ...publicRoute("getEvmAEnablement", "GET", "/api/v1/svc/evm-a/enablement", "Enablement state of evm-a (Map chain: discovery and prepare only)", TAGS2),
      responses: { 200: enablementSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(enablementBody("evm-a")), "handler")
    });
    getEvmBEnablement = endpoint({
      ...getEvmAEnablement,
      operationId: "getEvmBEnablement",
      path: "/api/v1/svc/evm-b/enablement",
      summary: "Enablement state of evm-b (Map chain: discovery and prepare only)",
      handler: /* @__PURE__ */ __name(async () => ok2(enablementBody("evm-b")), "handler")
    });
    __name(walletBalanceEndpoint, "walletBalanceEndpoint");
    EVM_EXAMPLE = `0x${"4".repeat(40)}`;
    getMoveWalletBalance = walletBalanceEndpoint("move", "getMoveWalletBalance", `0x${"3".repeat(64)}`);
    getSvmWalletBalance = walletBalanceEndpoint("svm", "getSvmWalletBalance", USDC["svm-chain"]);
    getEvmAWalletBalance = walletBalanceEndpoint("evm-a", "getEvmAWalletBalance", EVM_EXAMPLE);
    getEvmBWalletBalance = walletBalanceEndpoint("evm-b", "getEvmBWalletBalance", EVM_EXAMPLE);
    getToken = endpoint({
      ...publicRoute("getToken", "GET", "/api/v1/svc/tokens/lookup", "A token's symbol and decimals: the shipped token list, else the chain's own metadata (decimals null with a reason when unreadable)", TAGS2),
      query: tokenQuery,
      example: { query: { chain: "svm-chain", address: "USDC" } },
      errors: ["INVALID_REQUEST"],
      responses: { 200: tokenSchema },
      handler: /* @__PURE__ */ __name(async ({ query }) => {
        const chain = query.chain;
        const known = knownToken(chain, query.address);
        const details = known ? await tokenDetails(chain, known.address) : await tokenDetails(chain, query.address);
        return ok2({ schemaVersion: "svc-token.v1", ...details });
      }, "handler")
    });
    listTokens = endpoint({
      ...publicRoute("listTokens", "GET", "/api/v1/svc/tokens", "The tokens the service knows by name on a chain (symbol, name, decimals, address with its cited source)", TAGS2),
      query: tokenListQuery,
      example: { query: { chain: "move-chain" } },
      errors: ["INVALID_REQUEST"],
      responses: { 200: tokenListSchema },
      handler: /* @__PURE__ */ __name(async ({ query }) => {
        const chain = query.chain;
        return ok2({ schemaVersion: "svc-tokens.v1", chain, tokens: [...tokenList(chain)] });
      }, "handler")
    });
    getAutoYieldVenues = endpoint({
      ...publicRoute("getAutoYieldVenues", "GET", "/api/auto-yield/venues", "Public venue readiness and live APYs for the character auto-yield surface (gross_apy_bps nullable)", ["auto-yield"]),
      responses: { 200: autoYieldVenuesSchema },
      handler: /* @__PURE__ */ __name(async ({ db }) => {
        const state3 = await catalogState(db);
        const rows = strategyRows(state3).filter((r) => r.kind === "venue");
        return ok2({
          schemaVersion: "auto-yield-venues.v1",
          status: state3.status,
          source: "defillama",
          as_of: state3.snapshot.asOf?.toISOString() ?? null,
          venues: rows.map((r) => ({
            venue: r.strategyId,
            opportunity_id: r.opportunityId,
            protocol: r.protocol,
            chain: r.chain,
            ready: r.ready,
            adapter_ready: r.writeReady,
            gross_apy_bps: r.apy.grossApyBps,
            net_apy_bps: r.apy.netApyBps,
            apy_30d_bps: r.apy.apy30dBps,
            tvl_usd: r.apy.tvlUsd,
            source: r.apy.source,
            as_of: r.apy.asOf,
            reason: r.apy.reason
          }))
        });
      }, "handler")
    });
    catalogEndpoints = [
      getVenues,
      getVenueApy,
      listStrategies,
      getStrategy,
      getStrategyChart,
      getDiscover,
      getHome,
      getPackages,
      getEvmAEnablement,
      getEvmBEnablement,
      getMoveWalletBalance,
      getSvmWalletBalance,
      getEvmAWalletBalance,
      getEvmBWalletBalance,
      getToken,
      listTokens,
      getAutoYieldVenues
    ];
  }
});

// server/ledger/events.ts
function positionEvent(wallet, chain, token4, book, reason) {
  let liquid = 0n;
  const venues = [];
  for (const r of book.all()) {
    if (r.chain !== chain || r.token !== token4) continue;
    liquid += r.liquidMicros;
    if (r.venueId) venues.push({ venueId: r.venueId, stakedMicros: r.stakedMicros.toString() });
  }
  return {
    type: "position.updated",
    wallet,
    data: { wallet, chain, token: token4, reason, liquidMicros: liquid.toString(), venues }
  };
}
var init_events2 = __esm({
  "server/ledger/events.ts"() {
    "use strict";
    __name(positionEvent, "positionEvent");
  }
});

// server/ledger/harvest.ts
function compute(row, read, skimBps) {
  if (!read.ok) return { row, read, gross: 0n, skim: 0n, profit: 0n, reason: read.reason };
  if (row.indexRef === null) {
    return { row, read, gross: 0n, skim: 0n, profit: 0n, reason: `no ${row.venueId} index was recorded at stake time; the index now is recorded and yield counts from here` };
  }
  const value = valueNow(row.stakedMicros, row.indexRef, read.index) ?? row.stakedMicros;
  const gross = value > row.stakedMicros ? value - row.stakedMicros : 0n;
  const reason = value < row.stakedMicros ? `${row.venueId} reports a value below principal; no yield to harvest` : null;
  return { row, read, gross, skim: skimOf(gross, skimBps), profit: profitFeeOf(gross), reason };
}
function summarize(wallet, list, prepared) {
  let gross = 0n;
  let skim = 0n;
  let profit = 0n;
  const reasons = [];
  const positions2 = list.map((c) => {
    gross += c.gross;
    skim += c.skim;
    profit += c.profit;
    if (c.reason) reasons.push(c.reason);
    return {
      chain: c.row.chain,
      token: c.row.token,
      venueId: c.row.venueId,
      stakedMicros: c.row.stakedMicros,
      grossYieldMicros: c.gross,
      protocolFeeMicros: c.skim + c.profit,
      netYieldMicros: c.gross - c.skim - c.profit,
      indexSource: c.read.ok ? c.read.source : null,
      reason: c.reason
    };
  });
  const allUnavailable = list.every((c) => !c.read.ok);
  const outcome = prepared ? "prepared" : gross > 0n ? "done" : allUnavailable ? "unavailable" : "no_yield";
  const net = gross - skim - profit;
  return {
    schemaVersion: prepared ? "harvest-plan.v1" : "svc-harvest.v1",
    wallet,
    mode: prepared ? "prepare" : "harvest",
    outcome,
    reason: reasons.length ? [...new Set(reasons)].join("; ") : null,
    prepared,
    grossYieldMicros: gross,
    protocolFeeMicros: skim + profit,
    skimMicros: skim,
    profitFeeMicros: profit,
    netYieldMicros: net,
    compoundedMicros: prepared ? 0n : net,
    paidMicros: 0n,
    payouts: [],
    positions: positions2,
    actionId: null
  };
}
async function harvest(db, wallet, opts) {
  const staked = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && r.stakedMicros > 0n && (!opts.chain || r.chain === opts.chain));
  if (staked.length === 0) return empty(wallet);
  const venues = [...new Set(staked.map((r) => r.venueId))];
  const reads = new Map(await Promise.all(venues.map(async (v) => [v, await readVenueIndex(v)])));
  const skimBps = feePolicy().yieldSkimBps;
  if (!opts.execute) {
    return summarize(
      wallet,
      staked.map((r) => compute(r, reads.get(r.venueId) ?? { ok: false, reason: "not read" }, skimBps)),
      true
    );
  }
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const book = await Book.lock(
      tx,
      wallet,
      staked.flatMap((r) => [
        { chain: r.chain, token: r.token, venueId: r.venueId },
        { chain: r.chain, token: r.token, venueId: LIQUID }
      ])
    );
    const list = staked.map((r) => compute(book.row(r), reads.get(r.venueId) ?? { ok: false, reason: "not read" }, skimBps));
    const result = summarize(wallet, list, false);
    const meta = { actionId, planId: actionId, txId: null };
    const payees = opts.payees ?? [];
    const events2 = [];
    const chains = /* @__PURE__ */ new Set();
    let compounded = 0n;
    let leg2 = 0;
    const legs = [];
    for (const c of list) {
      const key = { chain: c.row.chain, token: c.row.token, venueId: c.row.venueId };
      const net = c.gross - c.skim - c.profit;
      if (c.read.ok) book.patch(key, { indexRef: c.read.index });
      if (net <= 0n) continue;
      chains.add(c.row.chain);
      book.change(key, "harvest", net, { ...meta, legIndex: null });
      let paid = 0n;
      for (const p of payees) {
        const amount = net * BigInt(p.bps) / 10000n;
        if (amount === 0n) continue;
        book.change(key, "payout", -amount, { ...meta, legIndex: leg2 }, p.address);
        legs.push({
          wallet,
          planId: actionId,
          legIndex: leg2++,
          kind: "withdraw",
          chain: c.row.chain,
          venueId: c.row.venueId,
          token: c.row.token,
          txId: null,
          amountInMicros: amount,
          amountOutMicros: amount,
          quotedAmountOutMicros: null,
          status: "settled"
        });
        result.payouts.push({ address: p.address, bps: p.bps, chain: c.row.chain, venueId: c.row.venueId, amountMicros: amount });
        paid += amount;
      }
      result.paidMicros += paid;
      compounded += net - paid;
      const r = book.row(key);
      book.patch(key, { realizedYieldMicros: r.realizedYieldMicros + net });
    }
    result.compoundedMicros = compounded;
    result.actionId = actionId;
    if (result.grossYieldMicros > 0n) {
      events2.push({
        type: "harvest.completed",
        wallet,
        data: {
          wallet,
          actionId,
          grossYieldMicros: result.grossYieldMicros.toString(),
          protocolFeeMicros: result.protocolFeeMicros.toString(),
          netYieldMicros: result.netYieldMicros.toString(),
          compoundedMicros: result.compoundedMicros.toString(),
          paidMicros: result.paidMicros.toString(),
          positions: result.positions.map((p) => ({ chain: p.chain, venueId: p.venueId, grossYieldMicros: p.grossYieldMicros.toString(), netYieldMicros: p.netYieldMicros.toString() }))
        }
      });
      for (const chain of chains) events2.push(positionEvent(wallet, chain, staked[0]?.token ?? "USDC", book, "harvest"));
    }
    await book.flush(tx, { activity: legs, events: events2 });
    return result;
  });
}
var empty;
var init_harvest = __esm({
  "server/ledger/harvest.ts"() {
    "use strict";
    init_policy();
    init_ids2();
    init_readers();
    init_book();
    init_events2();
    init_position();
    __name(compute, "compute");
    empty = /* @__PURE__ */ __name((wallet) => ({
      schemaVersion: "svc-harvest.v1",
      wallet,
      mode: "no_op_harvest",
      outcome: "no_op",
      reason: "nothing staked",
      prepared: false,
      grossYieldMicros: 0n,
      protocolFeeMicros: 0n,
      skimMicros: 0n,
      profitFeeMicros: 0n,
      netYieldMicros: 0n,
      compoundedMicros: 0n,
      paidMicros: 0n,
      payouts: [],
      positions: [],
      actionId: null
    }), "empty");
    __name(summarize, "summarize");
    __name(harvest, "harvest");
  }
});

// server/ledger/wire.ts
function wire(v) {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map((x) => wire(x));
  if (v && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = wire(x);
    return out;
  }
  return v;
}
var init_wire = __esm({
  "server/ledger/wire.ts"() {
    "use strict";
    __name(wire, "wire");
  }
});

// server/characters/rules.ts
function stakeableMicros(liquid, liability, tranches) {
  const locked = tranches.filter((t) => !t.stakeable).reduce((s, t) => s + t.amountMicros, 0n);
  const out = liquid - liability - locked;
  return out > 0n ? out : 0n;
}
function selectedAmount(stakeable, stakedNow, maxStake2, requested) {
  const room = maxStake2 === null ? null : maxStake2 > stakedNow ? maxStake2 - stakedNow : 0n;
  let amount = requested ?? stakeable;
  if (amount > stakeable) amount = stakeable;
  if (room !== null && amount > room) amount = room;
  return { amount, room };
}
function survival(i) {
  const shortfall = i.billMicros > i.liquidMicros ? i.billMicros - i.liquidMicros : 0n;
  if (i.dueAt === null || i.now.getTime() < i.dueAt.getTime()) {
    return { outcome: "not_due", shortfallMicros: shortfall, unstakeMicros: 0n, reason: i.dueAt ? `storage renewal is due at ${i.dueAt.toISOString()}` : "no storage renewal date is set" };
  }
  if (shortfall === 0n) return { outcome: "no_shortfall", shortfallMicros: 0n, unstakeMicros: 0n, reason: "liquid covers the storage bill" };
  if (i.stakedMicros === 0n) return { outcome: "nothing_staked", shortfallMicros: shortfall, unstakeMicros: 0n, reason: "nothing is staked to unstake" };
  const free = i.stakedMicros > i.liabilityMicros ? i.stakedMicros - i.liabilityMicros : 0n;
  const amount = shortfall < free ? shortfall : free;
  if (amount === 0n) {
    return { outcome: "held_by_liability", shortfallMicros: shortfall, unstakeMicros: 0n, reason: "the stake does not exceed the fan-credit liability; nothing is unstaked" };
  }
  return {
    outcome: "unstake",
    shortfallMicros: shortfall,
    unstakeMicros: amount,
    reason: amount < shortfall ? "unstaked down to the fan-credit liability; the shortfall is not fully covered" : "unstaked the storage shortfall"
  };
}
function normalizer(values) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return (v) => max === min ? 1 : (v - min) / (max - min);
}
function rank(cands) {
  if (cands.length === 0) return [];
  const nApy = normalizer(cands.map((c) => c.netApyBps));
  const nTvl = normalizer(cands.map((c) => Math.log10(Math.max(c.tvlUsd, 1))));
  const scored = cands.map((c) => {
    const raw = 0.55 * nApy(c.netApyBps) + 0.25 * nTvl(Math.log10(Math.max(c.tvlUsd, 1))) + 0.2 * (c.adapterReady ? 1 : 0);
    return { ...c, score: Math.round(raw * 1e6) / 1e6 };
  });
  return scored.sort((a, b) => b.score - a.score || (a.venueId < b.venueId ? -1 : a.venueId > b.venueId ? 1 : 0));
}
var init_rules = __esm({
  "server/characters/rules.ts"() {
    "use strict";
    __name(stakeableMicros, "stakeableMicros");
    __name(selectedAmount, "selectedAmount");
    __name(survival, "survival");
    __name(normalizer, "normalizer");
    __name(rank, "rank");
  }
});

// server/characters/discover.ts
function allowlist(envelope) {
  const service = config().SVC_AUTO_YIELD_VENUES;
  const base = VENUES.filter((v) => !service || service.includes(v.id)).map((v) => v.id);
  return new Set(envelope ? base.filter((id) => envelope.includes(id)) : base);
}
async function discover(db, o) {
  const cfg = config();
  const snapshot = await getSnapshot(db);
  const skimBps = feePolicy().yieldSkimBps;
  const floor = Math.max(cfg.SVC_AUTO_YIELD_MIN_TVL_USD, o.minTvlUsd ?? 0);
  const chains = cfg.SVC_AUTO_YIELD_CHAINS;
  const projects = cfg.SVC_AUTO_YIELD_PROJECTS ?? null;
  const filters = { stablecoinOnly: true, chains: [...chains], minTvlUsd: floor, projects };
  const head = {
    schemaVersion: "auto-yield-discovery.v1",
    characterId: o.characterId,
    source: SOURCE,
    asOf: snapshot.asOf?.toISOString() ?? null,
    filters
  };
  const reason = snapshotReason(snapshot);
  if (reason !== null || !isFresh(snapshot.asOf)) {
    const empty2 = /empty upstream/.test(snapshot.lastError ?? "") || snapshot.asOf !== null && snapshot.upstreamRows === 0;
    const b = empty2 ? blocker("empty_upstream", "The yields upstream returned no pools") : blocker("upstream_unavailable", reason ?? "no live yields snapshot");
    return { ...head, status: "blocked", reason, count: 0, pools: [], ranking: [], plan: plan(o, null, [], [b]), blockers: [b] };
  }
  if (snapshot.pools.length === 0 && snapshot.upstreamRows === 0) {
    const b = blocker("empty_upstream", "The yields upstream returned no pools");
    return { ...head, status: "blocked", reason: "empty upstream", count: 0, pools: [], ranking: [], plan: plan(o, null, [], [b]), blockers: [b] };
  }
  const allowed = allowlist(o.allowedVenues);
  const apys = await allLiveApys(db);
  const venueByPool = /* @__PURE__ */ new Map();
  for (const v of VENUES) {
    const p = poolForVenue(v, snapshot.pools);
    if (p) venueByPool.set(p.pool, v);
  }
  const upstreamChains = new Set(chains.map((c) => Object.entries(UPSTREAM_CHAINS).find(([, id]) => id === c)?.[0]));
  const pools = snapshot.pools.filter(
    (p) => p.stablecoin && upstreamChains.has(p.chain) && p.tvlUsd !== null && p.tvlUsd >= floor && (projects === null || projects.includes(p.project.toLowerCase()))
  ).map((p) => {
    const v = venueByPool.get(p.pool) ?? null;
    const live = v ? apys.get(v.id) : void 0;
    const gross = v ? live?.status === "live" ? live.grossApyBps : null : p.apyBps;
    const rejected = [];
    if (!v || !allowed.has(v.id)) rejected.push("venue_not_allowed");
    if (!v?.writeReady) rejected.push("adapter_not_ready");
    if (gross === null) rejected.push("apy_unavailable");
    return {
      pool: p.pool,
      chain: UPSTREAM_CHAINS[p.chain],
      project: p.project,
      symbol: p.symbol,
      tvlUsd: p.tvlUsd,
      grossApyBps: gross,
      netApyBps: gross === null ? null : netApyBps(gross, skimBps),
      venue: v?.id ?? null,
      adapterReady: v?.writeReady ?? false,
      eligible: rejected.length === 0,
      rejected,
      score: null
    };
  });
  const ranked = rank(
    pools.filter((p) => p.eligible && p.venue !== null && p.netApyBps !== null && p.tvlUsd !== null).map((p) => ({ venueId: p.venue, netApyBps: p.netApyBps, tvlUsd: p.tvlUsd, adapterReady: p.adapterReady, pool: p }))
  );
  for (const r of ranked) r.pool.score = r.score;
  const onChain = ranked.filter((r) => r.pool.chain === o.chain);
  const blockers = [];
  if (ranked.length === 0) blockers.push(blocker("no_eligible_pool"));
  else if (onChain.length === 0) blockers.push(blocker("no_eligible_pool", `No eligible pool on ${o.chain}; other chains need an explicit bridge plan`));
  const top = onChain[0]?.pool ?? null;
  const alternatives = ranked.filter((r) => r.pool !== top).map((r) => r.pool);
  return {
    ...head,
    status: "ok",
    reason: null,
    count: pools.length,
    pools,
    ranking: ranked.map((r) => r.venueId),
    plan: plan(o, top, alternatives, blockers),
    blockers
  };
}
function planItem(p, amount) {
  return { venue: p.venue, chain: p.chain, marketRef: p.pool, grossApyBps: p.grossApyBps, netApyBps: p.netApyBps, score: p.score, amountMicros: amount.toString() };
}
function plan(o, top, alternatives, given) {
  const blockers = [...given];
  if (top && o.stakeableMicros === 0n) blockers.push(blocker("stakeable_zero"));
  else if (top && o.selectedAmountMicros === 0n) blockers.push(blocker("max_stake_reached"));
  if (!o.autoYieldEnabled) blockers.push(blocker("auto_yield_disabled"));
  return {
    schemaVersion: "auto-yield-plan.v1",
    characterId: o.characterId,
    mode: "dry_run",
    selected: top && o.selectedAmountMicros > 0n ? planItem(top, o.selectedAmountMicros) : null,
    alternatives: alternatives.map((p) => planItem(p, 0n)),
    blockers
  };
}
var init_discover = __esm({
  "server/characters/discover.ts"() {
    "use strict";
    init_apy();
    init_estimates();
    init_refresh();
    init_snapshot();
    init_upstream();
    init_config();
    init_policy();
    init_codes();
    init_venues();
    init_rules();
    __name(allowlist, "allowlist");
    __name(discover, "discover");
    __name(planItem, "planItem");
    __name(plan, "plan");
  }
});

// server/characters/store.ts
import { eq as eq11 } from "drizzle-orm";
async function characterRow(db, id) {
  const [row] = id.startsWith("chr_") && id.length <= 64 ? await db.select().from(characters).where(eq11(characters.id, id)) : [];
  return row;
}
async function characterMissing(db, params4) {
  return await characterRow(db, params4.id) ? null : notFoundMessage(params4.id);
}
async function characterFor(db, id, principal) {
  const row = await characterRow(db, id);
  if (!row) throw new ApiError("NOT_FOUND", notFoundMessage(id));
  if (!principal || !inScope(principal, row.wallet)) throw new ApiError("WALLET_SCOPE", "This character's wallet is not in the API key's scope");
  return row;
}
async function createCharacter(db, wallet, name, chain) {
  const [row] = await db.insert(characters).values({ id: newId("chr"), wallet: normalizeAddress(wallet), name, chain }).onConflictDoNothing({ target: characters.wallet }).returning();
  if (!row) throw new ApiError("ALREADY_EXISTS", "This wallet already has a character (a character has its own wallet)");
  return row;
}
async function updateCharacter(db, id, set) {
  const [row] = await db.update(characters).set({ ...set, updatedAt: /* @__PURE__ */ new Date() }).where(eq11(characters.id, id)).returning();
  if (!row) throw new ApiError("NOT_FOUND", `Character ${id} not found`);
  return row;
}
function tranchesOf(row) {
  return row.conditionedTranches.map((t) => ({ amountMicros: BigInt(t.amountMicros), stakeable: t.stakeable }));
}
function characterWire(r) {
  return {
    id: r.id,
    wallet: r.wallet,
    name: r.name,
    chain: r.chain,
    fanCreditLiabilityMicros: r.fanCreditLiabilityMicros.toString(),
    conditionedTranches: r.conditionedTranches.map((t) => ({ amountMicros: t.amountMicros, stakeable: t.stakeable })),
    storageBillMicros: r.storageBillMicros.toString(),
    storageRenewalDueAt: r.storageRenewalDueAt?.toISOString() ?? null,
    auto_yield_enabled: r.autoYieldEnabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString()
  };
}
function chainForWallet(wallet, chain) {
  const family = addressFamily(wallet);
  if (!family) throw fieldError("INVALID_ADDRESS", "body.wallet", ADDRESS_MESSAGE);
  if (chain) {
    if (CHAIN_FAMILY[chain] !== family) throw fieldError("INVALID_ADDRESS", "body.wallet", mustBeAddressOf(CHAIN_FAMILY[chain], `for ${chain}`));
    return chain;
  }
  return family === "sui" ? "move-chain" : family === "solana" ? "svm-chain" : "evm-a";
}
function targetVenue(input, chain, field2 = "body.target_venue") {
  const v = resolveVenue(input, field2);
  if (chain && v.chain !== chain) {
    throw fieldError("INVALID_REQUEST", field2, `must be a venue on ${chain}: ${v.id} is on ${v.chain}, and this wallet's auto-yield works on ${chain} (never across chains)`);
  }
  return v;
}
async function walletAutoYieldOf(db, wallet) {
  const [row] = await db.select().from(walletAutoYield).where(eq11(walletAutoYield.wallet, wallet));
  return row ?? null;
}
async function putWalletAutoYield(db, wallet, input) {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(walletAutoYield).where(eq11(walletAutoYield.wallet, wallet)).for("update");
    const now = /* @__PURE__ */ new Date();
    const enabled = input.auto_yield_enabled ?? cur?.autoYieldEnabled ?? false;
    const turningOn = enabled && !cur?.autoYieldEnabled;
    const values = {
      wallet,
      autoYieldEnabled: enabled,
      targetVenue: input.target_venue !== void 0 ? input.target_venue : cur?.targetVenue ?? null,
      maxStakeMicros: input.max_stake_micros !== void 0 ? input.max_stake_micros : cur?.maxStakeMicros ?? null,
      enabledAt: turningOn ? now : cur?.enabledAt ?? null,
      updatedAt: now
    };
    const [row] = await tx.insert(walletAutoYield).values(values).onConflictDoUpdate({ target: walletAutoYield.wallet, set: values }).returning();
    if (!row) throw new Error("wallet auto-yield upsert returned nothing");
    return row;
  });
}
function walletAutoYieldWire(wallet, r) {
  return {
    schemaVersion: "svc-wallet-auto-yield.v1",
    wallet,
    auto_yield_enabled: r?.autoYieldEnabled ?? false,
    target_venue: r?.targetVenue ?? null,
    max_stake_micros: r?.maxStakeMicros === null || r?.maxStakeMicros === void 0 ? null : r.maxStakeMicros.toString(),
    enabled_at: r?.enabledAt?.toISOString() ?? null,
    updated_at: r?.updatedAt.toISOString() ?? null
  };
}
var notFoundMessage;
var init_store2 = __esm({
  "server/characters/store.ts"() {
    "use strict";
    init_address();
    init_schema();
    init_auth();
    init_errors();
    init_ids2();
    init_venues();
    notFoundMessage = /* @__PURE__ */ __name((id) => `Character ${id} not found`, "notFoundMessage");
    __name(characterRow, "characterRow");
    __name(characterMissing, "characterMissing");
    __name(characterFor, "characterFor");
    __name(createCharacter, "createCharacter");
    __name(updateCharacter, "updateCharacter");
    __name(tranchesOf, "tranchesOf");
    __name(characterWire, "characterWire");
    __name(chainForWallet, "chainForWallet");
    __name(targetVenue, "targetVenue");
    __name(walletAutoYieldOf, "walletAutoYieldOf");
    __name(putWalletAutoYield, "putWalletAutoYield");
    __name(walletAutoYieldWire, "walletAutoYieldWire");
  }
});

// server/characters/money.ts
import { and as and8, desc as desc2, eq as eq12 } from "drizzle-orm";
async function lockCharacter(tx, id) {
  const [row] = await tx.select().from(characters).where(eq12(characters.id, id)).for("update");
  if (!row) throw new ApiError("NOT_FOUND", `Character ${id} not found`);
  return row;
}
function totals(rows, chain) {
  let liquid = 0n;
  let staked = 0n;
  const positions2 = [];
  for (const r of rows) {
    if (r.chain !== chain || r.token !== TOKEN) continue;
    if (r.venueId === LIQUID) liquid += r.liquidMicros;
    else if (r.stakedMicros > 0n) {
      staked += r.stakedMicros;
      positions2.push({ venueId: r.venueId, stakedMicros: r.stakedMicros });
    }
  }
  positions2.sort((a, b) => b.stakedMicros > a.stakedMicros ? 1 : b.stakedMicros < a.stakedMicros ? -1 : a.venueId < b.venueId ? -1 : 1);
  return { liquid, staked, positions: positions2 };
}
async function characterBalances(db, c) {
  const t = totals(await walletRows(db, c.wallet), c.chain);
  const stakeable = stakeableMicros(t.liquid, c.fanCreditLiabilityMicros, tranchesOf(c));
  const locked = tranchesOf(c).filter((x) => !x.stakeable).reduce((s, x) => s + x.amountMicros, 0n);
  const { amount } = selectedAmount(stakeable, t.staked, c.maxStakeMicros);
  return { ...t, stakeable, locked, selectable: amount };
}
async function autoYieldStatus(db, c) {
  const b = await characterBalances(db, c);
  const venueId = c.targetVenue ?? b.positions[0]?.venueId ?? null;
  const apy = venueId ? (await allLiveApys(db)).get(venueId) : void 0;
  const live = apy && apy.status === "live" ? apy : null;
  const skim = feePolicy().yieldSkimBps;
  const est = estimates(live?.grossApyBps ?? null, b.staked, skim);
  const [h] = await db.select().from(ledgerEntries).where(and8(eq12(ledgerEntries.wallet, c.wallet), eq12(ledgerEntries.chain, c.chain), eq12(ledgerEntries.kind, "harvest"))).orderBy(desc2(ledgerEntries.seq)).limit(1);
  return {
    schemaVersion: "auto-yield-status.v1",
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain,
    auto_yield_enabled: c.autoYieldEnabled,
    target_venue: c.targetVenue,
    max_stake_micros: c.maxStakeMicros === null ? null : c.maxStakeMicros.toString(),
    enabled_at: c.enabledAt?.toISOString() ?? null,
    risk_envelope: { allowed_venues: c.allowedVenues, min_tvl_usd: c.minTvlUsd },
    venue: venueId,
    liquidMicros: b.liquid.toString(),
    stakedMicros: b.staked.toString(),
    stakeableMicros: b.stakeable.toString(),
    fanCreditLiabilityMicros: c.fanCreditLiabilityMicros.toString(),
    lockedTrancheMicros: b.locked.toString(),
    positions: b.positions.map((p) => ({ venueId: p.venueId, stakedMicros: p.stakedMicros.toString() })),
    grossApyBps: live?.grossApyBps ?? null,
    netApyBps: est.netApyBps,
    apySource: apy?.source ?? null,
    apyAsOf: apy?.asOf ?? null,
    apyReason: venueId ? live ? null : apy?.reason ?? "no live APY" : "no venue chosen and nothing staked",
    lastHarvest: h ? { at: h.createdAt.toISOString(), netYieldMicros: h.amountMicros.toString(), venueId: h.venueId } : null,
    estimates: { ...estimatesWire(est), label: "estimate, not a guarantee" }
  };
}
async function pickVenue(db, c, input, selectable, stakeable) {
  const named = input.venue ?? c.targetVenue;
  if (named) return resolveVenue(named, "body.venue");
  const d = await discover(db, {
    characterId: c.id,
    chain: c.chain,
    allowedVenues: c.allowedVenues,
    minTvlUsd: c.minTvlUsd,
    stakeableMicros: stakeable,
    selectedAmountMicros: selectable,
    autoYieldEnabled: c.autoYieldEnabled
  });
  const v = d.plan.selected ? getVenue(d.plan.selected.venue) : void 0;
  return v ?? d.plan.blockers[0] ?? blocker("no_eligible_pool");
}
function nothingStakeable(liquid, c) {
  const locked = tranchesOf(c).filter((x) => !x.stakeable).reduce((s, x) => s + x.amountMicros, 0n);
  return blocker(
    "stakeable_zero",
    `Nothing is stakeable: liquid ${liquid} \u2212 fan-credit liability ${c.fanCreditLiabilityMicros} \u2212 non-stakeable tranches ${locked} micro-USDC leaves nothing to stake`
  );
}
async function stake(db, c, input) {
  const blocked4 = /* @__PURE__ */ __name((b) => ({ status: "blocked", characterId: c.id, wallet: c.wallet, blockers: [b] }), "blocked");
  if (!c.autoYieldEnabled) return blocked4(blocker("auto_yield_disabled"));
  if (input.amountMicros === 0n) return blocked4(blocker("amount_zero"));
  const pre = await characterBalances(db, c);
  const v = await pickVenue(db, c, input, pre.selectable, pre.stakeable);
  if (!("id" in v)) return blocked4(v.code === "stakeable_zero" ? nothingStakeable(pre.liquid, c) : v);
  if (v.chain !== c.chain) return blocked4(blocker("venue_wrong_chain", `${v.id} is on ${v.chain}, not ${c.chain}`));
  if (!allowlist(c.allowedVenues).has(v.id)) return blocked4(blocker("venue_not_allowed", `${v.id} is not on the auto-yield allowlist`));
  if (!v.ready) return blocked4(blocker("venue_not_ready", `${v.id} is not ready`));
  if (!v.writeReady) return blocked4(blocker("adapter_not_ready", `${v.id}'s adapter is not ready`));
  const apy = (await allLiveApys(db)).get(v.id);
  if (apy?.status !== "live" || apy.grossApyBps === null) return blocked4(blocker("apy_unavailable", `${v.id} has no live gross APY`));
  const read = await readVenueIndex(v.id);
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const cur = await lockCharacter(tx, c.id);
    if (!cur.autoYieldEnabled) return blocked4(blocker("auto_yield_disabled"));
    const liquid = { chain: c.chain, token: TOKEN, venueId: LIQUID };
    const vk = { ...liquid, venueId: v.id };
    await Book.lock(tx, c.wallet, [liquid, vk]);
    const book = await Book.lockAll(tx, c.wallet, TOKEN, c.chain);
    const t = totals(book.all(), c.chain);
    const stakeable = stakeableMicros(t.liquid, cur.fanCreditLiabilityMicros, tranchesOf(cur));
    if (stakeable === 0n) return blocked4(nothingStakeable(t.liquid, cur));
    const { amount, room } = selectedAmount(stakeable, t.staked, cur.maxStakeMicros, input.amountMicros);
    if (amount === 0n) return blocked4(blocker("max_stake_reached"));
    const before = book.row(vk);
    const meta = { actionId, planId: actionId, legIndex: 0, txId: null };
    book.patch(vk, {
      costBasisMicros: before.costBasisMicros + amount,
      indexRef: mergedIndex(before.stakedMicros, before.indexRef, amount, read.ok ? read.index : null),
      openedAt: before.openedAt ?? /* @__PURE__ */ new Date()
    });
    book.change(liquid, "stake", -amount, meta);
    const venueStaked = book.change(vk, "stake", amount, meta);
    const pos = positionEvent(c.wallet, c.chain, TOKEN, book, "auto_yield_stake");
    await book.flush(tx, {
      activity: [
        { wallet: c.wallet, planId: actionId, legIndex: 0, kind: "deposit", chain: c.chain, venueId: v.id, token: TOKEN, txId: null, amountInMicros: amount, amountOutMicros: amount, quotedAmountOutMicros: null, status: "settled" }
      ],
      events: [
        { type: "deposit.settled", wallet: c.wallet, data: { wallet: c.wallet, characterId: c.id, chain: c.chain, token: TOKEN, venueId: v.id, amountMicros: amount.toString(), planId: actionId, legIndex: 0, txId: null } },
        { ...pos, data: { ...pos.data, characterId: c.id } }
      ]
    });
    return {
      status: "done",
      characterId: c.id,
      wallet: c.wallet,
      chain: c.chain,
      venue: v.id,
      requestedMicros: input.amountMicros === void 0 ? null : input.amountMicros.toString(),
      amountMicros: amount.toString(),
      capped: input.amountMicros !== void 0 && amount < input.amountMicros,
      stakeableMicros: stakeable.toString(),
      maxStakeRoomMicros: room === null ? null : room.toString(),
      feeMicros: "0",
      actionId,
      position: { liquidMicros: book.row(liquid).liquidMicros.toString(), venueStakedMicros: venueStaked.toString() }
    };
  });
}
function unstakeLegs(positions2, amount) {
  const legs = [];
  let left = amount;
  for (const p of positions2) {
    if (left === 0n) break;
    const take2 = p.stakedMicros < left ? p.stakedMicros : left;
    if (take2 > 0n) legs.push({ venueId: p.venueId, amount: take2 });
    left -= take2;
  }
  return legs;
}
async function applyUnstake(db, c, decide2, reason, extra) {
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const cur = await lockCharacter(tx, c.id);
    const book = await Book.lockAll(tx, c.wallet, TOKEN, c.chain);
    const t = totals(book.all(), c.chain);
    const d = decide2(t, cur);
    if ("code" in d) return { blocked: d, t, cur, legs: [], actionId: null };
    const from = d.venue ? t.positions.filter((p) => p.venueId === d.venue) : t.positions;
    const legs = unstakeLegs(from, d.amount);
    if (legs.length === 0) return { blocked: null, t, cur, legs, actionId: null };
    const liquid = { chain: c.chain, token: TOKEN, venueId: LIQUID };
    const lockedLiquid = book.has(liquid) ? book : await Book.lock(tx, c.wallet, [liquid, ...legs.map((l) => ({ ...liquid, venueId: l.venueId }))]);
    const meta = { actionId, planId: actionId, txId: null };
    legs.forEach((l, i) => {
      const vk = { ...liquid, venueId: l.venueId };
      const r = lockedLiquid.row(vk);
      lockedLiquid.patch(vk, { costBasisMicros: basisAfter(r.costBasisMicros, r.stakedMicros, l.amount) });
      lockedLiquid.change(vk, "unstake", -l.amount, { ...meta, legIndex: i });
      lockedLiquid.change(liquid, "unstake", l.amount, { ...meta, legIndex: i });
      if (lockedLiquid.row(vk).stakedMicros === 0n) lockedLiquid.patch(vk, { indexRef: null, openedAt: null });
    });
    const activity2 = legs.map((l, i) => ({
      wallet: c.wallet,
      planId: actionId,
      legIndex: i,
      kind: "withdraw",
      chain: c.chain,
      venueId: l.venueId,
      token: TOKEN,
      txId: null,
      amountInMicros: l.amount,
      amountOutMicros: l.amount,
      quotedAmountOutMicros: null,
      status: "settled"
    }));
    const pos = positionEvent(c.wallet, c.chain, TOKEN, lockedLiquid, reason);
    const total = legs.reduce((s, l) => s + l.amount, 0n);
    const ev = {
      ...pos,
      data: { ...pos.data, characterId: c.id, unstakedMicros: total.toString(), legs: legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })), ...extra(t, cur) }
    };
    await lockedLiquid.flush(tx, { activity: activity2, events: [ev] });
    return { blocked: null, t, cur, legs, actionId, after: totals(lockedLiquid.all(), c.chain) };
  });
}
async function unstake(db, c, input) {
  const blocked4 = /* @__PURE__ */ __name((b) => ({ status: "blocked", characterId: c.id, wallet: c.wallet, blockers: [b] }), "blocked");
  if (!c.autoYieldEnabled) return blocked4(blocker("auto_yield_disabled"));
  if (input.amountMicros === 0n) return blocked4(blocker("amount_zero"));
  const venue = input.venue ? resolveVenue(input.venue, "body.venue").id : void 0;
  const r = await applyUnstake(
    db,
    c,
    (t, cur) => {
      if (!cur.autoYieldEnabled) return blocker("auto_yield_disabled");
      const from = venue ? t.positions.filter((p) => p.venueId === venue) : t.positions;
      const staked = from.reduce((s, p) => s + p.stakedMicros, 0n);
      if (staked === 0n) return blocker("nothing_staked", venue ? `Nothing is staked at ${venue}` : "Nothing is staked");
      const amount = input.amountMicros ?? staked;
      if (amount > staked) return blocker("insufficient_balance", `Unstake of ${amount} is above the ${staked} staked`);
      return { amount, venue };
    },
    "auto_yield_unstake",
    () => ({})
  );
  if (r.blocked) return blocked4(r.blocked);
  const after = r.after ?? r.t;
  return {
    status: "done",
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain,
    amountMicros: r.legs.reduce((s, l) => s + l.amount, 0n).toString(),
    legs: r.legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })),
    feeMicros: "0",
    actionId: r.actionId,
    position: { liquidMicros: after.liquid.toString(), stakedMicros: after.staked.toString() }
  };
}
async function survivalUnstake(db, c, now = /* @__PURE__ */ new Date()) {
  let outcome = null;
  const r = await applyUnstake(
    db,
    c,
    (t, cur) => {
      outcome = survival({ now, dueAt: cur.storageRenewalDueAt, billMicros: cur.storageBillMicros, liquidMicros: t.liquid, stakedMicros: t.staked, liabilityMicros: cur.fanCreditLiabilityMicros });
      return { amount: outcome.unstakeMicros };
    },
    "survival_storage",
    (t, cur) => ({
      billMicros: cur.storageBillMicros.toString(),
      liquidBeforeMicros: t.liquid.toString(),
      fanCreditLiabilityMicros: cur.fanCreditLiabilityMicros.toString(),
      storageRenewalDueAt: cur.storageRenewalDueAt?.toISOString() ?? null
    })
  );
  const o = outcome;
  const after = r.after ?? r.t;
  return {
    schemaVersion: "auto-yield-survival.v1",
    characterId: c.id,
    wallet: c.wallet,
    chain: c.chain,
    outcome: r.legs.length ? "unstaked" : o && o.outcome !== "unstake" ? o.outcome : "not_due",
    reason: o?.reason ?? "",
    eventReason: r.legs.length ? "survival_storage" : null,
    storageRenewalDueAt: r.cur.storageRenewalDueAt?.toISOString() ?? null,
    billMicros: r.cur.storageBillMicros.toString(),
    fanCreditLiabilityMicros: r.cur.fanCreditLiabilityMicros.toString(),
    liquidBeforeMicros: r.t.liquid.toString(),
    stakedBeforeMicros: r.t.staked.toString(),
    shortfallMicros: (o?.shortfallMicros ?? 0n).toString(),
    unstakedMicros: r.legs.reduce((s, l) => s + l.amount, 0n).toString(),
    legs: r.legs.map((l) => ({ venueId: l.venueId, amountMicros: l.amount.toString() })),
    liquidAfterMicros: after.liquid.toString(),
    stakedAfterMicros: after.staked.toString(),
    actionId: r.actionId
  };
}
var TOKEN;
var init_money2 = __esm({
  "server/characters/money.ts"() {
    "use strict";
    init_apy();
    init_estimates();
    init_schema();
    init_policy();
    init_codes();
    init_errors();
    init_ids2();
    init_book();
    init_events2();
    init_position();
    init_venues();
    init_readers();
    init_discover();
    init_rules();
    init_store2();
    TOKEN = "USDC";
    __name(lockCharacter, "lockCharacter");
    __name(totals, "totals");
    __name(characterBalances, "characterBalances");
    __name(autoYieldStatus, "autoYieldStatus");
    __name(pickVenue, "pickVenue");
    __name(nothingStakeable, "nothingStakeable");
    __name(stake, "stake");
    __name(unstakeLegs, "unstakeLegs");
    __name(applyUnstake, "applyUnstake");
    __name(unstake, "unstake");
    __name(survivalUnstake, "survivalUnstake");
  }
});

// server/ledger/schemas.ts
import { z as z11 } from "zod";
var WALLET_EXAMPLE2, token2, txId, nullableMicros, currentFields, proofSchema, walletQuery, activityQuery, routeBody, previewBody, withdrawBody, harvestBody, payeeSchema, autoPayBody, rebalanceBody, batchBody, blocked, chainPosition, positionSchema, batchSchema, portfolioSchema, performanceSchema, fundingSchema, routeDoneSchema, routeBlockedSchema, withdrawDoneSchema, withdrawBlockedSchema, harvestSchema, rebalanceDoneSchema, rebalanceBlockedSchema, publicPortfolioSchema, publicActivitySchema;
var init_schemas5 = __esm({
  "server/ledger/schemas.ts"() {
    "use strict";
    init_address();
    init_schemas();
    init_amount();
    init_schemas2();
    WALLET_EXAMPLE2 = `0x${"3".repeat(64)}`;
    token2 = z11.enum(["USDC"]).meta({ description: "Token of the amounts; USDC (6 decimals: micros are base units)." });
    txId = z11.string().min(1).max(200).meta({ description: "On-chain proof (transaction digest / signature / hash)." });
    nullableMicros = microsOutput.nullable();
    currentFields = {
      currentMicros: nullableMicros.meta({ description: "Worth now on chain: the owner's share balance times the venue's rate; null when the chain could not be read (currentReason says why)." }),
      currentAsOf: isoTime.nullable().meta({ description: "When currentMicros was read from the chain." }),
      currentSource: z11.string().nullable().meta({ description: "The chain and what was read, e.g. `chain:svm-chain Kamino cUSDC balance \xD7 USDC reserve exchange rate`." }),
      currentReason: z11.string().nullable().meta({ description: "Why currentMicros is null; null when it was read." }),
      recordedMicros: microsOutput.meta({ description: "The ledger's figure for the position (staked principal), shown beside the chain's." }),
      roiPct: z11.number().nullable().meta({ description: "ROI of currentMicros over the cost basis; null when unknown (chain unreadable, no cost basis); 0 is break-even." })
    };
    proofSchema = z11.object({
      txId: z11.string().nullable().meta({ description: "null: a ledger credit with no on-chain transaction." }),
      chain: z11.string().meta({ description: "The chain the transaction is on." }),
      confirmed: z11.boolean().meta({ description: "true only when the service confirmed the transaction through the chain's RPC (execute, bridge delivery); an id given to route is false." }),
      confirmedAt: isoTime.nullable(),
      note: z11.string(),
      confirmedMicros: microsOutput.optional().meta({ description: "Positions: how much of the staked amount transactions confirmed on chain put there; `confirmed` is true only when that is all of it." })
    }).meta({ id: "Proof", description: "On-chain proof of a position or activity leg, and whether it was checked." });
    walletQuery = z11.object({ wallet: walletAddress });
    activityQuery = walletQuery.extend(pageQuery.shape);
    routeBody = z11.strictObject({
      amountMicros: microsInput,
      token: token2.default("USDC"),
      stake: z11.boolean().default(false),
      chain: chainId,
      strategyId: z11.string().min(1).max(200).optional().meta({ description: "Bare venue id; default: the autopilot pick on that chain, else the top live APY." }),
      txId: txId.optional()
    }).meta({ id: "RouteRequest", example: { amountMicros: "1000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend" } });
    previewBody = routeBody.extend({
      chain: chainId.optional().meta({
        description: "Default: the address's chain (Sui \u2192 move-chain, Solana \u2192 svm-chain); an EVM address uses the wallet's home (its autopilot's chain, else the one EVM chain it holds money on), else 400 naming evm-a and evm-b."
      })
    }).meta({ id: "PreviewRequest", example: { amountMicros: "1000000", stake: true } });
    withdrawBody = z11.strictObject({
      amountMicros: microsInput,
      token: token2.default("USDC"),
      chain: chainId.optional().meta({ description: "Only this chain's balances; default: every chain (liquid first, then stakes)." }),
      txId: txId.optional()
    }).meta({ id: "WithdrawRequest" });
    harvestBody = z11.strictObject({
      execute: z11.boolean().default(true).meta({ description: "false: prepare only (202, harvest-plan.v1), nothing is written." }),
      chain: chainId.optional()
    }).meta({ id: "HarvestRequest" });
    payeeSchema = z11.strictObject({
      address: z11.string().min(1).max(100),
      bps: z11.number().int().min(1).max(1e4)
    });
    autoPayBody = z11.strictObject({
      chain: chainId,
      payees: z11.array(payeeSchema).min(1).max(20).refine((p) => p.reduce((s, x) => s + x.bps, 0) <= 1e4, { error: "payees' bps must sum to at most 10000" }).refine((p) => new Set(p.map((x) => x.address.toLowerCase())).size === p.length, { error: "payees must be distinct" })
    }).meta({ id: "AutoPayRequest" });
    rebalanceBody = z11.strictObject({
      fromStrategyId: z11.string().min(1).max(200),
      toStrategyId: z11.string().min(1).max(200),
      amountMicros: microsInput.optional().meta({ description: "Default: everything staked at the source venue." })
    }).meta({ id: "RebalanceRequest" });
    batchBody = z11.strictObject({ wallets: z11.array(walletAddress).min(1).max(50).meta({ description: "Up to 50 wallets, each in the key's scope." }) }).meta({ id: "BatchPositionsRequest" });
    blocked = /* @__PURE__ */ __name((id, extra = {}) => z11.object({ ...blockedEnvelope, status: z11.literal("blocked"), wallet: z11.string(), blockers: z11.array(blockerSchema).min(1), ...extra }).meta({ id }), "blocked");
    chainPosition = z11.object({
      chain: z11.string(),
      token: z11.string(),
      liquidMicros: microsOutput,
      stakedMicros: microsOutput,
      venues: z11.array(z11.object({ venueId: z11.string(), opportunityId: z11.string().nullable(), stakedMicros: microsOutput }))
    });
    positionSchema = z11.object({ wallet: z11.string(), liquidMicros: microsOutput, stakedMicros: microsOutput, byChain: z11.array(chainPosition) }).meta({ id: "WalletPosition", description: "Liquid, staked and by-chain amounts (spec \xA72.3)." });
    batchSchema = z11.object({ count: z11.number().int(), positions: z11.array(positionSchema) }).meta({ id: "BatchPositions" });
    portfolioSchema = z11.object({
      wallet: z11.string(),
      liquidMicros: microsOutput,
      stakedMicros: microsOutput,
      balances: z11.array(z11.object({ chain: z11.string(), token: z11.string(), liquidMicros: microsOutput })),
      venues: z11.array(
        z11.object({
          venueId: z11.string(),
          opportunityId: z11.string().nullable(),
          protocol: z11.string(),
          chain: z11.string(),
          token: z11.string(),
          stakedMicros: microsOutput,
          costBasisMicros: microsOutput,
          realizedYieldMicros: microsOutput,
          ...currentFields,
          txId: z11.string().nullable(),
          proof: proofSchema,
          drift: z11.object({ driftMicros: z11.string().regex(/^-?[0-9]+$/), chainMicros: microsOutput, expectedMicros: microsOutput, checkedAt: isoTime }).nullable().meta({ description: "The last reconciliation's finding when the chain differed from what the ledger expects (driftMicros = chain \u2212 expected, signed); null when it agreed or was not checked. The ledger is never changed by it." }),
          openedAt: isoTime.nullable()
        })
      )
    }).meta({ id: "WalletPortfolio" });
    performanceSchema = z11.object({
      wallet: z11.string(),
      realizedYieldMicros: microsOutput,
      costBasisMicros: microsOutput,
      realizedApyBps: z11.number().int().nullable().meta({ description: "Realized yield over cost basis and holding time, annualized; null if unknown." }),
      since: isoTime.nullable(),
      positions: z11.array(
        z11.object({
          venueId: z11.string(),
          opportunityId: z11.string().nullable(),
          protocol: z11.string(),
          chain: z11.string(),
          costBasisMicros: microsOutput,
          realizedYieldMicros: microsOutput,
          realizedApyBps: z11.number().int().nullable(),
          since: isoTime.nullable()
        })
      )
    }).meta({ id: "WalletPerformance" });
    fundingSchema = z11.object({
      wallet: z11.string(),
      asOf: isoTime,
      totalMicros: microsOutput,
      liquidMicros: microsOutput,
      stakedMicros: microsOutput,
      chains: z11.array(z11.object({ chain: z11.string(), token: z11.string(), liquidMicros: microsOutput, stakedMicros: microsOutput, stakeableMicros: microsOutput }))
    }).meta({ id: "WalletFunding" });
    routeDoneSchema = z11.object({
      status: z11.literal("done"),
      dryRun: z11.boolean(),
      wallet: z11.string(),
      chain: chainId,
      token: z11.string(),
      amountMicros: microsOutput,
      feeMicros: microsOutput,
      stake: z11.boolean(),
      stakedMicros: microsOutput,
      venueId: z11.string().nullable(),
      opportunityId: z11.string().nullable(),
      venueChoice: z11.enum(["strategyId", "autopilot", "top_live_apy"]).nullable(),
      txId: z11.string().nullable(),
      actionId: z11.string().nullable().meta({ description: "Also the planId of the activity row; null on a preview." }),
      position: z11.object({ chain: chainId, liquidMicros: microsOutput, venueStakedMicros: nullableMicros })
    }).meta({ id: "RouteResult" });
    routeBlockedSchema = blocked("RouteBlocked", { dryRun: z11.boolean(), chain: chainId, amountMicros: microsOutput });
    withdrawDoneSchema = z11.object({
      status: z11.literal("done"),
      wallet: z11.string(),
      token: z11.string(),
      amountMicros: microsOutput,
      feeMicros: microsOutput,
      unstakedMicros: microsOutput,
      legs: z11.array(
        z11.object({
          chain: z11.string(),
          amountMicros: microsOutput,
          fromLiquidMicros: microsOutput,
          unstaked: z11.array(z11.object({ venueId: z11.string(), amountMicros: microsOutput }))
        })
      ),
      actionId: z11.string(),
      position: z11.object({ liquidMicros: microsOutput, stakedMicros: microsOutput })
    }).meta({ id: "WithdrawResult" });
    withdrawBlockedSchema = blocked("WithdrawBlocked", { amountMicros: microsOutput, availableMicros: microsOutput });
    harvestSchema = z11.object({
      schemaVersion: z11.enum(["svc-harvest.v1", "harvest-plan.v1"]),
      wallet: z11.string(),
      mode: z11.enum(["harvest", "no_op_harvest", "prepare"]),
      outcome: z11.enum(["done", "no_op", "no_yield", "unavailable", "prepared"]),
      reason: z11.string().nullable(),
      prepared: z11.boolean(),
      grossYieldMicros: microsOutput,
      protocolFeeMicros: microsOutput.meta({ description: "Protocol skim plus profit fee, on gross yield only." }),
      skimMicros: microsOutput,
      profitFeeMicros: microsOutput,
      netYieldMicros: microsOutput,
      compoundedMicros: microsOutput,
      paidMicros: microsOutput,
      payouts: z11.array(z11.object({ address: z11.string(), bps: z11.number().int(), chain: z11.string(), venueId: z11.string(), amountMicros: microsOutput })),
      positions: z11.array(
        z11.object({
          chain: z11.string(),
          token: z11.string(),
          venueId: z11.string(),
          stakedMicros: microsOutput,
          grossYieldMicros: microsOutput,
          protocolFeeMicros: microsOutput,
          netYieldMicros: microsOutput,
          indexSource: z11.string().nullable(),
          reason: z11.string().nullable()
        })
      ),
      actionId: z11.string().nullable()
    }).meta({ id: "HarvestResult", description: "Amounts come from the venue's on-chain index, never from the request." });
    rebalanceDoneSchema = z11.object({
      status: z11.literal("done"),
      wallet: z11.string(),
      chain: z11.string(),
      fromVenueId: z11.string(),
      toVenueId: z11.string(),
      amountMicros: microsOutput,
      feeMicros: microsOutput,
      actionId: z11.string(),
      position: z11.object({ fromStakedMicros: microsOutput, toStakedMicros: microsOutput })
    }).meta({ id: "RebalanceResult" });
    rebalanceBlockedSchema = blocked("RebalanceBlocked");
    publicPortfolioSchema = z11.object({
      schemaVersion: z11.literal("svc-wallet-portfolio.v1"),
      wallet: z11.string(),
      count: z11.number().int(),
      positions: z11.array(
        z11.object({
          opportunityId: z11.string(),
          protocol: z11.string(),
          venueId: z11.string(),
          chain: z11.string(),
          token: z11.string(),
          depositedMicros: microsOutput.meta({ description: "Cost basis: principal in plus swap and bridge leg costs." }),
          ...currentFields,
          txId: z11.string().meta({ description: "The position's latest transaction id; see proof.confirmed before taking it as proof." }),
          proof: proofSchema,
          drift: z11.object({ driftMicros: z11.string().regex(/^-?[0-9]+$/), chainMicros: microsOutput, expectedMicros: microsOutput, checkedAt: isoTime }).nullable().meta({ description: "The last reconciliation's finding when the chain differed from what the ledger expects (driftMicros = chain \u2212 expected, signed); null when it agreed or was not checked. The ledger is never changed by it." })
        })
      ),
      totalDepositedUsd: z11.string().meta({ description: "USD as a decimal string (USDC at 1:1)." }),
      totalCurrentUsd: z11.string().nullable().meta({ description: "Sum of the positions' currentMicros in USD; null when any position's worth could not be read from the chain." }),
      totalCurrentReason: z11.string().nullable().meta({ description: "Which positions were not read and why, when totalCurrentUsd is null." }),
      totalRecordedUsd: z11.string().meta({ description: "Sum of the positions' recordedMicros (the ledger's figures) in USD." })
    }).meta({ id: "PublicWalletPortfolio" });
    publicActivitySchema = z11.object({
      schemaVersion: z11.literal("svc-wallet-activity.v1"),
      wallet: z11.string(),
      count: z11.number().int(),
      activity: z11.array(
        z11.object({
          id: z11.string(),
          planId: z11.string().nullable(),
          legIndex: z11.number().int(),
          kind: z11.enum(["swap", "bridge", "deposit", "withdraw"]),
          chain: z11.string(),
          destChain: z11.string().nullable(),
          venueId: z11.string().nullable(),
          token: z11.string().meta({ description: "The asset of amountIn: USDC, or a swap's input token id." }),
          outToken: z11.string().nullable().meta({ description: "A swap's output token id (the asset of amountOut and quotedAmountOut); null: the same as token." }),
          txId: z11.string().nullable(),
          proof: proofSchema,
          amountIn: microsOutput,
          amountOut: nullableMicros.meta({ description: "Settled amount from the receipt; null when not settled." }),
          quotedAmountOut: nullableMicros,
          status: z11.enum(["settled", "failed", "pending"]),
          error: z11.string().nullable(),
          createdAt: isoTime
        })
      ),
      nextCursor: z11.string().nullable()
    }).meta({ id: "PublicWalletActivity" });
  }
});

// server/characters/schemas.ts
import { z as z12 } from "zod";
var WALLET_EXAMPLE3, CHARACTER_EXAMPLE, idParams, venueInput, maxStake, createCharacterBody, trancheInput, updateCharacterBody, characterSchema, putAutoYieldBody, estimatesSchema2, autoYieldStatusSchema, planItem2, autoYieldPlanSchema, discoverySchema, moneyBody, blockedSchema, stakeDoneSchema, unstakeDoneSchema, harvestPlanBody, characterHarvestPlanSchema, survivalSchema, walletAutoYieldBody, walletAutoYieldSchema;
var init_schemas6 = __esm({
  "server/characters/schemas.ts"() {
    "use strict";
    init_address();
    init_schemas5();
    init_schemas();
    init_amount();
    init_schemas2();
    init_config();
    WALLET_EXAMPLE3 = `0x${"3".repeat(64)}`;
    CHARACTER_EXAMPLE = "chr_0000000000000000example";
    idParams = z12.object({ id: z12.string().min(1).max(64).meta({ description: "Character id (chr_\u2026)" }) });
    venueInput = z12.string().min(1).max(200).meta({ description: "Bare venue id (e.g. scallop)" });
    maxStake = microsInput.nullable().meta({ description: "Integer-micros string; null = no cap. Negative or non-integer \u2192 400." });
    createCharacterBody = z12.strictObject({ wallet: walletAddress, name: z12.string().trim().min(1).max(100), chain: chainId.optional() }).meta({ id: "CreateCharacterRequest" });
    trancheInput = z12.strictObject({ amountMicros: microsInput, stakeable: z12.boolean() });
    updateCharacterBody = z12.strictObject({
      name: z12.string().trim().min(1).max(100).optional(),
      fanCreditLiabilityMicros: microsInput.optional(),
      conditionedTranches: z12.array(trancheInput).max(100).optional(),
      storageBillMicros: microsInput.optional(),
      storageRenewalDueAt: z12.iso.datetime({ offset: true }).nullable().optional()
    }).meta({ id: "UpdateCharacterRequest" });
    characterSchema = z12.object({
      id: z12.string(),
      wallet: z12.string(),
      name: z12.string(),
      chain: chainId,
      fanCreditLiabilityMicros: microsOutput,
      conditionedTranches: z12.array(z12.object({ amountMicros: microsOutput, stakeable: z12.boolean() })),
      storageBillMicros: microsOutput,
      storageRenewalDueAt: isoTime.nullable(),
      auto_yield_enabled: z12.boolean(),
      createdAt: isoTime,
      updatedAt: isoTime
    }).meta({ id: "Character" });
    putAutoYieldBody = z12.strictObject({
      auto_yield_enabled: z12.boolean().optional(),
      target_venue: venueInput.nullable().optional(),
      max_stake_micros: maxStake.optional(),
      allowed_venues: z12.array(venueInput).max(50).nullable().optional(),
      // The bound SVC_AUTO_YIELD_MIN_TVL_USD has (server/config.ts), and what the column holds (bigint).
      min_tvl_usd: z12.number().int().min(0).max(MAX_MIN_TVL_USD).nullable().optional()
    }).meta({ id: "CharacterAutoYieldRequest" });
    estimatesSchema2 = z12.object({
      estimate: z12.literal(true),
      label: z12.string(),
      staked_micros: microsOutput,
      skim_bps: z12.number().int(),
      gross_apy_bps: z12.number().int().nullable(),
      net_apy_bps: z12.number().int().nullable(),
      est_daily_yield_micros: microsOutput.nullable(),
      est_monthly_yield_micros: microsOutput.nullable()
    });
    autoYieldStatusSchema = z12.object({
      schemaVersion: z12.literal("auto-yield-status.v1"),
      characterId: z12.string(),
      wallet: z12.string(),
      chain: chainId,
      auto_yield_enabled: z12.boolean(),
      target_venue: z12.string().nullable(),
      max_stake_micros: microsOutput.nullable(),
      enabled_at: isoTime.nullable(),
      risk_envelope: z12.object({ allowed_venues: z12.array(z12.string()).nullable(), min_tvl_usd: z12.number().int().nullable() }),
      venue: z12.string().nullable(),
      liquidMicros: microsOutput,
      stakedMicros: microsOutput,
      stakeableMicros: microsOutput,
      fanCreditLiabilityMicros: microsOutput,
      lockedTrancheMicros: microsOutput,
      positions: z12.array(z12.object({ venueId: z12.string(), stakedMicros: microsOutput })),
      grossApyBps: z12.number().int().nullable(),
      netApyBps: z12.number().int().nullable(),
      apySource: z12.string().nullable(),
      apyAsOf: isoTime.nullable(),
      apyReason: z12.string().nullable(),
      lastHarvest: z12.object({ at: isoTime, netYieldMicros: microsOutput, venueId: z12.string().nullable() }).nullable(),
      estimates: estimatesSchema2
    }).meta({ id: "CharacterAutoYield" });
    planItem2 = z12.object({
      venue: z12.string(),
      chain: chainId,
      marketRef: z12.string(),
      grossApyBps: z12.number().int().nullable(),
      netApyBps: z12.number().int().nullable(),
      score: z12.number().nullable(),
      amountMicros: microsOutput
    });
    autoYieldPlanSchema = z12.object({
      schemaVersion: z12.literal("auto-yield-plan.v1"),
      characterId: z12.string(),
      mode: z12.literal("dry_run"),
      selected: planItem2.nullable(),
      alternatives: z12.array(planItem2),
      blockers: z12.array(blockerSchema)
    }).meta({ id: "AutoYieldPlan" });
    discoverySchema = z12.object({
      schemaVersion: z12.literal("auto-yield-discovery.v1"),
      characterId: z12.string(),
      status: z12.enum(["ok", "blocked"]),
      source: z12.string(),
      asOf: isoTime.nullable(),
      reason: z12.string().nullable(),
      filters: z12.object({ stablecoinOnly: z12.literal(true), chains: z12.array(chainId), minTvlUsd: z12.number(), projects: z12.array(z12.string()).nullable() }),
      count: z12.number().int(),
      pools: z12.array(
        z12.object({
          pool: z12.string(),
          chain: chainId,
          project: z12.string(),
          symbol: z12.string(),
          tvlUsd: z12.number().nullable(),
          grossApyBps: z12.number().int().nullable(),
          netApyBps: z12.number().int().nullable(),
          venue: z12.string().nullable(),
          adapterReady: z12.boolean(),
          eligible: z12.boolean(),
          rejected: z12.array(z12.string()),
          score: z12.number().nullable()
        })
      ),
      ranking: z12.array(z12.string()).meta({ description: "Eligible venues by score desc, ties by venue id asc" }),
      plan: autoYieldPlanSchema,
      blockers: z12.array(blockerSchema)
    }).meta({ id: "AutoYieldDiscovery" });
    moneyBody = z12.strictObject({ amountMicros: microsInput.optional(), venue: venueInput.optional() }).meta({ id: "CharacterMoneyRequest", description: "Default amount: stake all selectable (min(stakeable, max allocation)) / unstake all; default venue: target_venue, else the discovery pick." });
    blockedSchema = z12.object({ ...blockedEnvelope, status: z12.literal("blocked"), characterId: z12.string(), wallet: z12.string(), blockers: z12.array(blockerSchema) }).meta({ id: "CharacterMoneyBlocked" });
    stakeDoneSchema = z12.object({
      status: z12.literal("done"),
      characterId: z12.string(),
      wallet: z12.string(),
      chain: chainId,
      venue: z12.string(),
      requestedMicros: microsOutput.nullable(),
      amountMicros: microsOutput,
      capped: z12.boolean(),
      stakeableMicros: microsOutput,
      maxStakeRoomMicros: microsOutput.nullable(),
      feeMicros: microsOutput,
      actionId: z12.string(),
      position: z12.object({ liquidMicros: microsOutput, venueStakedMicros: microsOutput })
    }).meta({ id: "CharacterStakeDone" });
    unstakeDoneSchema = z12.object({
      status: z12.literal("done"),
      characterId: z12.string(),
      wallet: z12.string(),
      chain: chainId,
      amountMicros: microsOutput,
      legs: z12.array(z12.object({ venueId: z12.string(), amountMicros: microsOutput })),
      feeMicros: microsOutput,
      actionId: z12.string().nullable(),
      position: z12.object({ liquidMicros: microsOutput, stakedMicros: microsOutput })
    }).meta({ id: "CharacterUnstakeDone" });
    harvestPlanBody = z12.strictObject({}).meta({ id: "CharacterHarvestPlanRequest", description: "No amounts: they come from the venue adapter." });
    characterHarvestPlanSchema = harvestSchema.extend({ characterId: z12.string() }).meta({ id: "CharacterHarvestPlan" });
    survivalSchema = z12.object({
      schemaVersion: z12.literal("auto-yield-survival.v1"),
      characterId: z12.string(),
      wallet: z12.string(),
      chain: chainId,
      outcome: z12.enum(["unstaked", "not_due", "no_shortfall", "nothing_staked", "held_by_liability"]),
      reason: z12.string(),
      eventReason: z12.literal("survival_storage").nullable(),
      storageRenewalDueAt: isoTime.nullable(),
      billMicros: microsOutput,
      fanCreditLiabilityMicros: microsOutput,
      liquidBeforeMicros: microsOutput,
      stakedBeforeMicros: microsOutput,
      shortfallMicros: microsOutput,
      unstakedMicros: microsOutput,
      legs: z12.array(z12.object({ venueId: z12.string(), amountMicros: microsOutput })),
      liquidAfterMicros: microsOutput,
      stakedAfterMicros: microsOutput,
      actionId: z12.string().nullable()
    }).meta({ id: "CharacterSurvival" });
    walletAutoYieldBody = z12.strictObject({
      auto_yield_enabled: z12.boolean().optional(),
      target_venue: venueInput.nullable().optional(),
      max_stake_micros: maxStake.optional()
    }).meta({ id: "WalletAutoYieldRequest" });
    walletAutoYieldSchema = z12.object({
      schemaVersion: z12.literal("svc-wallet-auto-yield.v1"),
      wallet: z12.string(),
      auto_yield_enabled: z12.boolean(),
      target_venue: z12.string().nullable(),
      max_stake_micros: microsOutput.nullable(),
      enabled_at: isoTime.nullable(),
      updated_at: isoTime.nullable()
    }).meta({ id: "WalletAutoYield" });
  }
});

// server/characters/endpoints.ts
function characterRoute(operationId, method, rest, summary, access) {
  return { operationId, method, path: `/api/characters/{id}${rest}`, summary, tags: TAGS3, access, params: idParams, missing: characterMissing, errors: ERRORS };
}
function characterPost(operationId, rest, summary, access) {
  return { ...characterRoute(operationId, "POST", rest, summary, access), body: harvestPlanBody.optional(), example: { params: params2, body: {} } };
}
function patchOf(v, f) {
  return v === void 0 ? void 0 : v === null ? null : f(v);
}
function moneyHandler(move) {
  return async ({ db, params: p, principal, body }) => {
    const r = await move(db, await characterFor(db, p.id, principal), body ?? {});
    return r.status === "done" ? ok2(r) : unprocessable(r);
  };
}
function characterMoney(kind, summary) {
  return endpoint({
    ...characterRoute(`${kind}CharacterAutoYield`, "POST", `/auto-yield/${kind}`, summary, "wallet.move"),
    idempotent: true,
    body: moneyBody.optional(),
    example: { params: params2, body: { amountMicros: "1000000" } },
    responses: { 200: kind === "stake" ? stakeDoneSchema : unstakeDoneSchema, 422: blockedSchema },
    handler: kind === "stake" ? moneyHandler(stake) : moneyHandler(unstake)
  });
}
var TAGS3, params2, ERRORS, postCharacter, getCharacter, putCharacter, getCharacterAutoYield, putCharacterAutoYield, postCharacterDiscover, postCharacterStake, postCharacterUnstake, postCharacterHarvestPlan, postCharacterSurvival, getWalletAutoYield, putWalletAutoYieldEndpoint, characterEndpoints;
var init_endpoints3 = __esm({
  "server/characters/endpoints.ts"() {
    "use strict";
    init_address();
    init_endpoint();
    init_errors();
    init_wallet_routes();
    init_harvest();
    init_wire();
    init_discover();
    init_money2();
    init_schemas6();
    init_store2();
    TAGS3 = ["characters"];
    params2 = { id: CHARACTER_EXAMPLE };
    ERRORS = ["NOT_FOUND"];
    __name(characterRoute, "characterRoute");
    __name(characterPost, "characterPost");
    __name(patchOf, "patchOf");
    __name(moneyHandler, "moneyHandler");
    postCharacter = endpoint({
      operationId: "createCharacter",
      method: "POST",
      path: "/api/characters",
      summary: "Register a character for a wallet in the owner key's scope (auto-yield OFF)",
      tags: TAGS3,
      access: "wallet.policy",
      body: createCharacterBody,
      wallets: /* @__PURE__ */ __name(({ body }) => body.wallet, "wallets"),
      errors: ["ALREADY_EXISTS"],
      example: { body: { wallet: WALLET_EXAMPLE3, name: "Example character" } },
      responses: { 201: characterSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => {
        const wallet = normalizeAddress(body.wallet);
        const row = await createCharacter(db, wallet, body.name, chainForWallet(wallet, body.chain));
        return created(characterWire(row));
      }, "handler")
    });
    getCharacter = endpoint({
      ...characterRoute("getCharacter", "GET", "", "A character (owner or agent in scope)", "wallet.read"),
      example: { params: params2 },
      responses: { 200: characterSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal }) => ok2(characterWire(await characterFor(db, p.id, principal))), "handler")
    });
    putCharacter = endpoint({
      ...characterRoute("updateCharacter", "PUT", "", "Set the fan-credit liability, conditioned tranches and storage bill (owner)", "wallet.policy"),
      body: updateCharacterBody,
      example: { params: params2, body: { fanCreditLiabilityMicros: "1000000", conditionedTranches: [{ amountMicros: "500000", stakeable: false }], storageBillMicros: "2000000", storageRenewalDueAt: "2026-12-01T00:00:00.000Z" } },
      responses: { 200: characterSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal, body }) => {
        const c = await characterFor(db, p.id, principal);
        const row = await updateCharacter(db, c.id, {
          name: body.name,
          fanCreditLiabilityMicros: body.fanCreditLiabilityMicros,
          conditionedTranches: body.conditionedTranches?.map((t) => ({ amountMicros: t.amountMicros.toString(), stakeable: t.stakeable })),
          storageBillMicros: body.storageBillMicros,
          storageRenewalDueAt: patchOf(body.storageRenewalDueAt, (at) => new Date(at))
        });
        return ok2(characterWire(row));
      }, "handler")
    });
    getCharacterAutoYield = endpoint({
      ...characterRoute("getCharacterAutoYield", "GET", "/auto-yield", "Auto-yield status: enabled, venue, staked, APY (null when the read fails), last harvest, labeled estimates", "wallet.read"),
      example: { params: params2 },
      responses: { 200: autoYieldStatusSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal }) => ok2(await autoYieldStatus(db, await characterFor(db, p.id, principal))), "handler")
    });
    putCharacterAutoYield = endpoint({
      ...characterRoute("putCharacterAutoYield", "PUT", "/auto-yield", "Owner toggle plus amount cap and risk envelope; disabling does not unstake", "wallet.policy"),
      body: putAutoYieldBody,
      example: { params: params2, body: { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" } },
      responses: { 200: autoYieldStatusSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal, body }) => {
        const c = await characterFor(db, p.id, principal);
        if (body.target_venue) targetVenue(body.target_venue, c.chain);
        const envelope = patchOf(body.allowed_venues, (vs) => vs.map((v, i) => targetVenue(v, null, `body.allowed_venues.${i}`).id));
        const on = body.auto_yield_enabled;
        const row = await updateCharacter(db, c.id, {
          autoYieldEnabled: on,
          enabledAt: on && !c.autoYieldEnabled ? /* @__PURE__ */ new Date() : void 0,
          targetVenue: patchOf(body.target_venue, (v) => targetVenue(v, c.chain).id),
          maxStakeMicros: body.max_stake_micros,
          allowedVenues: envelope,
          minTvlUsd: body.min_tvl_usd
        });
        return ok2(await autoYieldStatus(db, row));
      }, "handler")
    });
    postCharacterDiscover = endpoint({
      ...characterPost("discoverCharacterAutoYield", "/auto-yield/discover", "Discovery intersected with the allowlist and scored (auto-yield-discovery.v1 with an auto-yield-plan.v1 dry run); an outage is 200 blocked", "wallet.dryrun"),
      responses: { 200: discoverySchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal }) => {
        const c = await characterFor(db, p.id, principal);
        const b = await characterBalances(db, c);
        return ok2(
          await discover(db, {
            characterId: c.id,
            chain: c.chain,
            allowedVenues: c.allowedVenues,
            minTvlUsd: c.minTvlUsd,
            stakeableMicros: b.stakeable,
            selectedAmountMicros: b.selectable,
            autoYieldEnabled: c.autoYieldEnabled
          })
        );
      }, "handler")
    });
    __name(characterMoney, "characterMoney");
    postCharacterStake = characterMoney("stake", "Owner-initiated stake of min(requested, stakeable, max allocation); blocked auto_yield_disabled while off");
    postCharacterUnstake = characterMoney("unstake", "Owner-initiated unstake (default: everything, largest stake first); blocked auto_yield_disabled while off");
    postCharacterHarvestPlan = endpoint({
      ...characterPost("planCharacterHarvest", "/auto-yield/harvest/plan", "Dry-run harvest (harvest-plan.v1): amounts read from the venue adapter, never from the caller", "harvest.plan"),
      responses: { 200: characterHarvestPlanSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal }) => {
        const c = await characterFor(db, p.id, principal);
        const r = await harvest(db, c.wallet, { execute: false, chain: c.chain });
        return ok2({ ...wire(r), characterId: c.id });
      }, "handler")
    });
    postCharacterSurvival = endpoint({
      ...characterPost("survivalCharacterAutoYield", "/auto-yield/survival", "Keeper survival unstake: when storage renewal is due and liquid < bill, unstake min(shortfall, staked \u2212 liability)", "keeper.ops"),
      responses: { 200: survivalSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, principal }) => ok2(await survivalUnstake(db, await characterFor(db, p.id, principal))), "handler")
    });
    getWalletAutoYield = walletRead(
      "getWalletAutoYield",
      "auto-yield",
      "The wallet's auto-yield policy (OFF by default)",
      ["wallets"],
      WALLET_EXAMPLE3,
      walletAutoYieldSchema,
      async (db, w2) => walletAutoYieldWire(w2, await walletAutoYieldOf(db, w2))
    );
    putWalletAutoYieldEndpoint = endpoint({
      ...walletRoute("putWalletAutoYield", "PUT", "auto-yield", "Set the wallet's auto-yield policy (owner); omitted fields are kept; unknown venue \u2192 404", ["wallets"], "wallet.policy"),
      body: walletAutoYieldBody,
      errors: ERRORS,
      example: { params: { address: WALLET_EXAMPLE3 }, body: { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" } },
      responses: { 200: walletAutoYieldSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const wallet = normalizeAddress(p.address);
        const target = body.target_venue ? targetVenue(body.target_venue, null) : null;
        if (target && !isAddressOf(target.family, wallet)) {
          throw fieldError("INVALID_REQUEST", "body.target_venue", `must be a venue on this wallet's chains: ${target.id} is on ${target.chain}, and this wallet is not ${FAMILY_NAME[target.family]} address`);
        }
        const row = await putWalletAutoYield(db, wallet, {
          auto_yield_enabled: body.auto_yield_enabled,
          target_venue: body.target_venue === void 0 ? void 0 : target?.id ?? null,
          max_stake_micros: body.max_stake_micros
        });
        return ok2(walletAutoYieldWire(wallet, row));
      }, "handler")
    });
    characterEndpoints = [
      postCharacter,
      getCharacter,
      putCharacter,
      getCharacterAutoYield,
      putCharacterAutoYield,
      postCharacterDiscover,
      postCharacterStake,
      postCharacterUnstake,
      postCharacterHarvestPlan,
      postCharacterSurvival,
      getWalletAutoYield,
      putWalletAutoYieldEndpoint
    ];
  }
});

// server/ledger/record.ts
import { and as and9, eq as eq13 } from "drizzle-orm";
async function recordDeposit(tx, d) {
  if (d.amountMicros <= 0n) throw new RangeError("amountMicros must be positive");
  const actionId = newId("act");
  const meta = { actionId, planId: d.planId, legIndex: d.legIndex, txId: d.txId };
  const liquid = { chain: d.chain, token: d.token, venueId: LIQUID };
  const venue = { chain: d.chain, token: d.token, venueId: d.venueId };
  const book = await Book.lock(tx, d.wallet, [liquid, venue]);
  const before = book.row(venue);
  const index12 = mergedIndex(before.stakedMicros, before.indexRef, d.amountMicros, d.index ?? null);
  if (!d.fromLiquid) book.change(liquid, "credit", d.amountMicros, meta);
  else {
    const short = d.amountMicros - book.row(liquid).liquidMicros;
    if (short > 0n) book.change(liquid, "credit", short, meta);
  }
  book.change(liquid, "stake", -d.amountMicros, meta);
  const routing = d.planId ? await routingCostOf(tx, d.wallet, d.planId) : 0n;
  const basis = before.costBasisMicros + d.amountMicros + routing;
  book.patch(venue, { costBasisMicros: basis, indexRef: index12, txId: d.txId, txConfirmedAt: d.confirmedAt ?? null, openedAt: before.openedAt ?? /* @__PURE__ */ new Date() });
  const staked = book.change(venue, "stake", d.amountMicros, meta);
  if (d.confirmedAt) book.patch(venue, { confirmedMicros: book.row(venue).confirmedMicros + d.amountMicros });
  const {
    activityIds: [activityId = ""]
  } = await book.flush(tx, {
    activity: [
      {
        wallet: d.wallet,
        planId: d.planId,
        legIndex: d.legIndex,
        kind: "deposit",
        chain: d.chain,
        venueId: d.venueId,
        token: d.token,
        txId: d.txId,
        txConfirmedAt: d.confirmedAt ?? null,
        amountInMicros: d.amountMicros,
        amountOutMicros: d.amountMicros,
        quotedAmountOutMicros: d.quotedAmountOutMicros ?? null,
        status: "settled"
      }
    ],
    events: [
      {
        type: "deposit.settled",
        wallet: d.wallet,
        data: { wallet: d.wallet, chain: d.chain, token: d.token, venueId: d.venueId, amountMicros: d.amountMicros.toString(), planId: d.planId, legIndex: d.legIndex, txId: d.txId }
      },
      positionEvent(d.wallet, d.chain, d.token, book, "deposit")
    ]
  });
  const liquidAfter = book.row(liquid).liquidMicros;
  return { actionId, activityId, liquidMicros: liquidAfter, stakedMicros: staked, costBasisMicros: basis };
}
async function recordLegs(tx, legs) {
  const ids11 = await insertActivity(
    tx,
    legs.map((l) => ({
      wallet: l.wallet,
      planId: l.planId,
      legIndex: l.legIndex,
      kind: l.kind,
      chain: l.chain,
      destChain: l.destChain ?? null,
      token: l.token ?? "USDC",
      outToken: l.outToken ?? null,
      txId: l.txId,
      txConfirmedAt: l.confirmedAt ?? null,
      amountInMicros: l.amountInMicros,
      amountOutMicros: l.amountOutMicros,
      quotedAmountOutMicros: l.quotedAmountOutMicros,
      status: l.status,
      error: l.error ?? null
    }))
  );
  for (const l of legs) {
    if (l.kind !== "swap" && l.kind !== "bridge") continue;
    if (l.outToken) continue;
    if (l.status !== "settled" || l.amountOutMicros === null || l.amountInMicros <= l.amountOutMicros) continue;
    const [dep] = await tx.select({ chain: activity.chain, token: activity.token, venueId: activity.venueId }).from(activity).where(and9(eq13(activity.wallet, l.wallet), eq13(activity.planId, l.planId), eq13(activity.kind, "deposit"), eq13(activity.status, "settled"))).limit(1);
    if (!dep?.venueId) continue;
    const key = { chain: dep.chain, token: dep.token, venueId: dep.venueId };
    const book = await Book.lock(tx, l.wallet, [key]);
    book.patch(key, { costBasisMicros: book.row(key).costBasisMicros + (l.amountInMicros - l.amountOutMicros) });
    await book.flush(tx);
  }
  return ids11;
}
async function creditLiquid(tx, c) {
  if (c.amountMicros <= 0n) throw new RangeError("amountMicros must be positive");
  const actionId = newId("act");
  const liquid = { chain: c.chain, token: c.token, venueId: LIQUID };
  const book = await Book.lock(tx, c.wallet, [liquid]);
  const after = book.change(liquid, "credit", c.amountMicros, { actionId, planId: c.planId, legIndex: c.legIndex, txId: c.txId });
  await book.flush(tx, { events: [positionEvent(c.wallet, c.chain, c.token, book, "credit")] });
  return { actionId, liquidMicros: after };
}
async function recordWithdrawal(tx, w2) {
  if (w2.arrivedMicros <= 0n) throw new RangeError("arrivedMicros must be positive");
  const actionId = newId("act");
  const meta = { actionId, planId: w2.planId, legIndex: 0, txId: w2.txId };
  const liquid = { chain: w2.chain, token: w2.token, venueId: LIQUID };
  const venue = { chain: w2.chain, token: w2.token, venueId: w2.venueId };
  const book = await Book.lock(tx, w2.wallet, [liquid, venue]);
  const before = book.row(venue);
  const principal = w2.arrivedMicros < before.stakedMicros ? w2.arrivedMicros : before.stakedMicros;
  const earned = w2.arrivedMicros - principal;
  if (principal > 0n) {
    book.change(venue, "unstake", -principal, meta);
    book.change(liquid, "unstake", principal, meta);
    const emptied = principal === before.stakedMicros;
    book.patch(venue, {
      costBasisMicros: basisAfter(before.costBasisMicros, before.stakedMicros, principal),
      indexRef: emptied ? null : before.indexRef,
      openedAt: emptied ? null : before.openedAt
    });
  }
  if (earned > 0n) book.change(liquid, before.stakedMicros > 0n ? "harvest" : "credit", earned, meta);
  book.change(liquid, "debit", -w2.arrivedMicros, meta);
  await book.flush(tx, {
    activity: [
      {
        wallet: w2.wallet,
        planId: w2.planId,
        legIndex: 0,
        kind: "withdraw",
        chain: w2.chain,
        venueId: w2.venueId,
        token: w2.token,
        txId: w2.txId,
        txConfirmedAt: w2.confirmedAt,
        amountInMicros: w2.plannedMicros,
        amountOutMicros: w2.arrivedMicros,
        quotedAmountOutMicros: w2.plannedMicros,
        status: "settled"
      }
    ],
    events: [
      {
        type: "withdraw.settled",
        wallet: w2.wallet,
        data: {
          wallet: w2.wallet,
          chain: w2.chain,
          token: w2.token,
          amountMicros: w2.arrivedMicros.toString(),
          unstaked: principal > 0n ? [{ venueId: w2.venueId, amountMicros: principal.toString() }] : [],
          planId: w2.planId,
          legIndex: 0,
          txId: w2.txId
        }
      },
      positionEvent(w2.wallet, w2.chain, w2.token, book, "withdraw")
    ]
  });
  return { liquidMicros: book.row(liquid).liquidMicros, stakedMicros: book.row(venue).stakedMicros, principalMicros: principal, yieldMicros: earned };
}
var init_record = __esm({
  "server/ledger/record.ts"() {
    "use strict";
    init_schema();
    init_ids2();
    init_activity2();
    init_book();
    init_events2();
    init_position();
    __name(recordDeposit, "recordDeposit");
    __name(recordLegs, "recordLegs");
    __name(creditLiquid, "creditLiquid");
    __name(recordWithdrawal, "recordWithdrawal");
  }
});

// server/rails/cctp/domains.ts
import { address as solAddress2, getAddressEncoder as getAddressEncoder5 } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda6, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS8 } from "@solana-program/token";
import { bytesToHex } from "viem";
async function mintRecipientFor(destChain, destAddress) {
  const family = CHAIN_FAMILY[destChain];
  if (family === "evm") return addressToBytes32(destAddress);
  if (family === "sui") return destAddress.toLowerCase();
  const [ata] = await findAssociatedTokenPda6({ owner: solAddress2(destAddress), mint: solAddress2(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS8 });
  return bytesToHex(new Uint8Array(getAddressEncoder5().encode(ata)));
}
var CCTP_DOMAIN, CCTP_V2_CHAINS;
var init_domains = __esm({
  "server/rails/cctp/domains.ts"() {
    "use strict";
    init_address();
    init_balances2();
    init_evm();
    CCTP_DOMAIN = { "evm-a": 6, "evm-b": 3, "svm-chain": 5, "move-chain": 8 };
    CCTP_V2_CHAINS = /* @__PURE__ */ new Set(["evm-a", "evm-b", "svm-chain"]);
    __name(mintRecipientFor, "mintRecipientFor");
  }
});

// server/chains/solana/changes.ts
import { getAddressDecoder as getAddressDecoder2 } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS9 } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { createHash as createHash4 } from "node:crypto";
import { bytesToHex as bytesToHex2 } from "viem";
function holdingOf(a) {
  if (!a || a.owner !== TOKEN_PROGRAM_ADDRESS9 && a.owner !== TOKEN_2022_PROGRAM_ADDRESS) return null;
  const bytes = Buffer.from(String(a.data[0] ?? ""), "base64");
  if (bytes.length < 165) return null;
  const addr4 = getAddressDecoder2();
  return { mint: addr4.decode(bytes.subarray(0, 32)), owner: addr4.decode(bytes.subarray(32, 64)), amount: bytes.readBigUInt64LE(64) };
}
function burnOfAccount(a) {
  const at = a ? MESSAGE_AT[a.owner] : void 0;
  if (!a || at === void 0) return null;
  const bytes = Buffer.from(String(a.data[0] ?? ""), "base64");
  if (bytes.length < at + 4 || !bytes.subarray(0, 8).equals(MESSAGE_SENT_DISCRIMINATOR)) return null;
  const len = bytes.readUInt32LE(at);
  if (bytes.length < at + 4 + len) return null;
  const b = sentBurnOf(bytesToHex2(bytes.subarray(at + 4, at + 4 + len)));
  return b && { transmitter: a.owner, destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount.toString() };
}
function solanaChanges(addresses, before, after, feePayer, source) {
  if (before.length !== addresses.length || after.length !== addresses.length) return changesUnavailable("The svm-chain RPC did not give every watched account's state before and after.");
  const net = /* @__PURE__ */ new Map();
  const add2 = /* @__PURE__ */ __name((owner, asset, amount) => {
    const key = `${owner}|${asset}`;
    const prior = net.get(key) ?? { owner, asset, sum: 0n };
    prior.sum += amount;
    net.set(key, prior);
  }, "add");
  addresses.forEach((address13, i) => {
    const pre = holdingOf(before[i]);
    const post = holdingOf(after[i]);
    if (pre) add2(pre.owner, pre.mint, -pre.amount);
    if (post) add2(post.owner, post.mint, post.amount);
    if (address13 === feePayer) add2(feePayer, "native", BigInt(after[i]?.lamports ?? 0) - BigInt(before[i]?.lamports ?? 0));
  });
  const balanceChanges = [...net.values()].filter((c) => c.sum !== 0n).map((c) => ({ owner: c.owner, asset: changedAsset("svm-chain", c.asset), amount: c.sum.toString() }));
  const burns = after.flatMap((a, i) => {
    const b = burnOfAccount(before[i]) ? null : burnOfAccount(a);
    return b ? [b] : [];
  });
  const rent = after.reduce((sum, a, i) => {
    const len = a ? Buffer.from(String(a.data[0] ?? ""), "base64").length : 0;
    const opened = a && len > 0 && !(before[i] && BigInt(before[i]?.lamports ?? 0) > 0n);
    if (!a || !opened) return sum;
    const held = BigInt(a.lamports);
    return sum + (held < rentExempt(len) ? held : rentExempt(len));
  }, 0n);
  return { status: "ok", balanceChanges, approvals: null, burns, rent: rent.toString(), source, reason: null };
}
var MAX_WATCHED, MESSAGE_SENT_DISCRIMINATOR, MESSAGE_AT, rentExempt;
var init_changes2 = __esm({
  "server/chains/solana/changes.ts"() {
    "use strict";
    init_cctp_ids();
    init_cctp_messages();
    init_changes();
    MAX_WATCHED = 100;
    __name(holdingOf, "holdingOf");
    MESSAGE_SENT_DISCRIMINATOR = createHash4("sha256").update("account:MessageSent").digest().subarray(0, 8);
    MESSAGE_AT = { [SOLANA_CCTP_PROGRAMS.messageTransmitterV2]: 8 + 32 + 8, [SOLANA_CCTP_PROGRAMS.messageTransmitterV1]: 8 + 32 };
    __name(burnOfAccount, "burnOfAccount");
    rentExempt = /* @__PURE__ */ __name((dataLen) => (128n + BigInt(dataLen)) * 6960n, "rentExempt");
    __name(solanaChanges, "solanaChanges");
  }
});

// server/chains/solana/simulate.ts
import { address as address8 } from "@solana/kit";
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction, MAX_COMPUTE_UNIT_LIMIT } from "@solana-program/compute-budget";
function unitLimitFor(consumed) {
  const withMargin = consumed + (consumed * MARGIN_PCT + 99n) / 100n;
  return Number(withMargin > BigInt(MAX_COMPUTE_UNIT_LIMIT) ? BigInt(MAX_COMPUTE_UNIT_LIMIT) : withMargin);
}
function withBudget(p, unitLimit, microLamports) {
  const budget = [getSetComputeUnitLimitInstruction({ units: unitLimit }), ...microLamports === null ? [] : [getSetComputeUnitPriceInstruction({ microLamports })]];
  return compileSolanaPayload(
    p.feePayer,
    [...budget, ...p.instructions.map(instructionFromJson)],
    { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) },
    p.lookupTables
  );
}
function writableAccounts(p) {
  const w2 = /* @__PURE__ */ new Set();
  for (const ix of p.instructions) for (const a of ix.accounts) if (a.role === "writable" || a.role === "writable_signer") w2.add(address8(a.address));
  return [...w2].slice(0, 128);
}
async function priorityFee(p) {
  try {
    const rpc = solanaRpc();
    const accounts = writableAccounts(p);
    const fees = await withRpcTimeout((abortSignal) => rpc.getRecentPrioritizationFees(accounts).send({ abortSignal }));
    if (fees.length === 0) return { basis: "No priority fee: the RPC reported no recent prioritization fees for these accounts." };
    const sorted = fees.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
    const fee = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * FEE_PERCENTILE))] ?? 0n;
    return {
      microLamports: fee,
      basis: `Priority fee: the 75th percentile of the RPC's getRecentPrioritizationFees over ${fees.length} recent slots for the transaction's writable accounts.`
    };
  } catch (e) {
    return { basis: `No priority fee: the RPC's getRecentPrioritizationFees did not answer (${errorLine(e, 160)}).` };
  }
}
function probeOf(p) {
  return p.presigned?.length ? p : withBudget(p, MAX_COMPUTE_UNIT_LIMIT, 0n);
}
function answered(call) {
  return call.then(
    (value) => ({ ok: true, value }),
    (e) => ({ ok: false, reason: errorLine(e, 200) })
  );
}
function fromResult(p, probe2, result, fee, changes) {
  const logs = result.logs ? [...result.logs] : null;
  const programs = probe2.instructions.map((i) => i.programAddress);
  const offset = probe2.instructions.length - p.instructions.length;
  if (result.err) return { simulation: simulationFailed(describeSolanaError(result.err, programs, logs, offset), logs), payload: p };
  const consumed = result.unitsConsumed;
  if (consumed === void 0 || consumed === null) {
    return { simulation: simulationUnavailable("Not simulated: the svm-chain RPC's simulation did not report the compute units consumed."), payload: p };
  }
  const unitLimit = unitLimitFor(BigInt(consumed));
  const microLamports = "microLamports" in fee ? fee.microLamports : null;
  const priced = p.presigned?.length ? null : microLamports;
  const lamports = networkFeeLamports(p, unitLimit, priced);
  const simulation = { status: "ok", gasEstimate: BigInt(consumed).toString(), fee: { amount: lamports.toString(), asset: "SOL", decimals: 9 }, logs, error: null, at: (/* @__PURE__ */ new Date()).toISOString(), changes };
  if (p.presigned?.length) return { simulation, payload: p };
  const computeBudget = {
    unitLimit,
    microLamportsPerUnit: microLamports === null ? null : microLamports.toString(),
    basis: `Unit limit: ${consumed} compute units consumed in simulation plus ${MARGIN_PCT} %. ${fee.basis}`
  };
  return { simulation, payload: { ...withBudget(p, unitLimit, microLamports), computeBudget } };
}
function networkFeeLamports(p, unitLimit, microLamports) {
  const signers = /* @__PURE__ */ new Set([p.feePayer, ...p.instructions.flatMap((i) => i.accounts.filter((a) => a.role === "readonly_signer" || a.role === "writable_signer").map((a) => a.address))]);
  const priority = microLamports ? (BigInt(unitLimit) * microLamports + 999999n) / 1000000n : 0n;
  return BigInt(signers.size) * LAMPORTS_PER_SIGNATURE + priority;
}
async function simulateOne(p, fee = priorityFee(p)) {
  const probe2 = probeOf(p);
  const rpc = solanaRpc();
  const watched = watchedOf(p);
  const [answer3, before, f] = await Promise.all([
    answered(
      withRpcTimeout(
        (abortSignal) => rpc.simulateTransaction(probe2.transaction, {
          encoding: "base64",
          sigVerify: false,
          replaceRecentBlockhash: true,
          commitment: "confirmed",
          accounts: { encoding: "base64", addresses: watched }
        }).send({ abortSignal })
      )
    ),
    answered(withRpcTimeout((abortSignal) => rpc.getMultipleAccounts(watched, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal }))),
    fee
  ]);
  if (!answer3.ok) return { simulation: simulationUnavailable(`Not simulated: the svm-chain RPC's simulateTransaction did not answer (${answer3.reason}).`), payload: p };
  const after = answer3.value.value.accounts;
  const changes = !before.ok ? changesUnavailable(`The svm-chain RPC's getMultipleAccounts did not answer (${before.reason}), so the accounts' states before the transaction are not known.`) : !after ? changesUnavailable("The svm-chain RPC's simulation gave no accounts' states after the transaction.") : solanaChanges(watched, before.value.value, after, p.feePayer, "svm-chain RPC: simulateTransaction accounts (after) against getMultipleAccounts (before)");
  return fromResult(p, probe2, answer3.value.value, f, changes);
}
async function simulateSolana(txs) {
  const payloads = txs.map((t) => t.payload);
  const [first, ...later] = payloads;
  if (!first) return [];
  if (later.length === 0 && noBundle.has(rpcUrlOf("svm-chain"))) return [await simulateOne(first)];
  const probes = payloads.map(probeOf);
  const fees = payloads.map(priorityFee);
  const watched = payloads.map(watchedOf);
  const configs = watched.map((addresses) => ({ addresses, encoding: "base64" }));
  const bundle = await answered(
    withRpcTimeout(
      (abortSignal) => jitoRpc().simulateBundle(
        { encodedTransactions: probes.map((q) => q.transaction) },
        { preExecutionAccountsConfigs: configs, postExecutionAccountsConfigs: configs, transactionEncoding: "base64", skipSigVerify: true, replaceRecentBlockhash: true }
      ).send({ abortSignal })
    )
  );
  if (!bundle.ok) {
    if (/-32601|method not found/i.test(bundle.reason)) noBundle.add(rpcUrlOf("svm-chain"));
    if (later.length === 0) return [await simulateOne(first, fees[0])];
    const reason = `Not simulated: it runs on the state the transactions before it leave, and the svm-chain RPC did not simulate them in order with simulateBundle (${bundle.reason}).`;
    return [await simulateOne(first, fees[0]), ...later.map((p) => ({ simulation: simulationUnavailable(reason), payload: p }))];
  }
  const { summary, transactionResults } = bundle.value.value;
  const feesRead = await Promise.all(fees);
  let failedBefore = null;
  return payloads.map((p, i) => {
    const result = transactionResults[i];
    if (failedBefore !== null) return { simulation: simulationUnavailable(`Not simulated: an earlier transaction of the plan fails (${failedBefore}).`), payload: p };
    if (!result) {
      const why = summary === "succeeded" ? "succeeded" : `failed: ${JSON.stringify(summary.failed.error)}`;
      return { simulation: simulationUnavailable(`Not simulated: the svm-chain RPC's simulateBundle gave no result for it (summary ${why}).`), payload: p };
    }
    const pre = result.preExecutionAccounts;
    const post = result.postExecutionAccounts;
    const changes = pre && post ? solanaChanges(watched[i] ?? [], pre, post, p.feePayer, "svm-chain RPC: simulateBundle pre- and postExecutionAccounts") : changesUnavailable("The svm-chain RPC's simulateBundle gave no accounts' states for it.");
    const r = fromResult(p, probes[i], result, feesRead[i], changes);
    if (r.simulation.status === "failed") failedBefore = (r.simulation.error ?? "").replace(/\.+$/, "");
    return r;
  });
}
var MARGIN_PCT, FEE_PERCENTILE, LAMPORTS_PER_SIGNATURE, watchedOf, noBundle;
var init_simulate2 = __esm({
  "server/chains/solana/simulate.ts"() {
    "use strict";
    init_clients();
    init_simulation();
    init_solana();
    init_program_errors();
    init_changes();
    init_changes2();
    MARGIN_PCT = 10n;
    FEE_PERCENTILE = 0.75;
    __name(unitLimitFor, "unitLimitFor");
    __name(withBudget, "withBudget");
    __name(writableAccounts, "writableAccounts");
    __name(priorityFee, "priorityFee");
    __name(probeOf, "probeOf");
    __name(answered, "answered");
    __name(fromResult, "fromResult");
    LAMPORTS_PER_SIGNATURE = 5000n;
    __name(networkFeeLamports, "networkFeeLamports");
    watchedOf = /* @__PURE__ */ __name((p) => writableAccounts(p).slice(0, MAX_WATCHED), "watchedOf");
    __name(simulateOne, "simulateOne");
    noBundle = /* @__PURE__ */ new Set();
    __name(simulateSolana, "simulateSolana");
  }
});

// server/chains/sui/aborts.ts
function knownAbortMeaning(abort) {
  if (!abort) return null;
  const hit = KNOWN.find((k) => k.code === abort.abortCode && k.module === abort.location?.module && k.functionName === abort.location?.functionName);
  return hit?.meaning ?? null;
}
var KNOWN;
var init_aborts = __esm({
  "server/chains/sui/aborts.ts"() {
    "use strict";
    KNOWN = [
      {
        // naviprotocol/navi-smart-contracts lending_core/sources/calculator.move `calculate_value` asserts
        // `error::invalid_price()` = 1502 (lending_core/sources/error.move) when oracle/sources/oracle.move `get_token_price`
        // finds a price zero or older than the PriceOracle's `update_interval` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
        module: "calculator",
        functionName: "calculate_value",
        code: "1502",
        meaning: "NAVI invalid_price: a price NAVI's PriceOracle holds for the owner's collateral is older than its update interval, so the health check aborts. A fresh price update is needed first: oracle_pro::update_single_price_v2 in the same transaction, from a Pyth, Supra or Switchboard source younger than the feed's max_timestamp_diff (NAVI's app also pushes Pyth data from Hermes; this service does not); try again once NAVI's oracle sources have been updated."
      }
    ];
    __name(knownAbortMeaning, "knownAbortMeaning");
  }
});

// server/chains/sui/calls.ts
import { RpcError } from "@mysten/sui/grpc";
async function suiCall(what, call) {
  const ms = config().SVC_RPC_TIMEOUT_MS;
  const signal = AbortSignal.timeout(ms);
  try {
    return { ok: true, result: await call(suiRpc(), signal) };
  } catch (e) {
    if (signal.aborted) return { ok: false, unreachable: true, notFound: false, message: `the move-chain RPC did not answer within ${ms} ms` };
    const rpc = e instanceof RpcError ? e : e instanceof Error && e.cause instanceof RpcError ? e.cause : null;
    const code = rpc ? String(rpc.code) : "";
    const notFound2 = code === "NOT_FOUND" || e instanceof Error && /notFound|not found/i.test(e.message);
    const unreachable = !rpc ? !notFound2 : NO_ANSWER.has(code) || /fetch failed|ECONNREFUSED|socket|network/i.test(rpc.message);
    return { ok: false, unreachable, notFound: notFound2, message: unreachable ? "the move-chain RPC is unreachable" : `${what}: ${errorLine(e)}` };
  }
}
var NO_ANSWER;
var init_calls = __esm({
  "server/chains/sui/calls.ts"() {
    "use strict";
    init_config();
    init_clients();
    NO_ANSWER = /* @__PURE__ */ new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "UNKNOWN"]);
    __name(suiCall, "suiCall");
  }
});

// server/chains/sui/cctp-burns.ts
import { bcs as bcs5 } from "@mysten/sui/bcs";
import { normalizeStructTag as normalizeStructTag4, normalizeSuiAddress as normalizeSuiAddress7 } from "@mysten/sui/utils";
import { bytesToHex as bytesToHex3, keccak256 as keccak2562, toBytes } from "viem";
function suiCctpTokenId(coinType) {
  const name = normalizeStructTag4(coinType).replace(/0x([0-9a-f]{64})/g, "$1");
  return keccak2562(toBytes(name));
}
function suiBurnsOf(events2) {
  return events2.flatMap((e) => {
    if (!sameType(e.eventType, DEPOSIT_FOR_BURN_EVENT_TYPE)) return [];
    try {
      const d = DEPOSIT_FOR_BURN.parse(e.bcs);
      return [
        {
          transmitter: SUI_TOKEN_MESSENGER_MINTER,
          destinationDomain: d.destination_domain,
          mintRecipient: normalizeSuiAddress7(d.mint_recipient),
          burnToken: normalizeSuiAddress7(d.burn_token),
          amount: BigInt(d.amount).toString()
        }
      ];
    } catch {
      return [];
    }
  });
}
function suiMessagesSentOf(events2) {
  return events2.flatMap((e) => {
    if (!sameType(e.eventType, MESSAGE_SENT_EVENT_TYPE)) return [];
    try {
      return [bytesToHex3(Uint8Array.from(MESSAGE_SENT.parse(e.bcs).message))];
    } catch {
      return [];
    }
  });
}
async function readSuiBurn(digest) {
  const r = await suiCall("GetTransaction", (client, signal) => client.core.getTransaction({ digest, include: { effects: true, events: true }, signal }));
  if (!r.ok) return r.unreachable ? { state: "unreachable", reason: r.message } : { state: "not_found", reason: `move-chain does not know ${digest}: ${r.message}` };
  const tx = r.result.Transaction ?? r.result.FailedTransaction;
  if (!tx) return { state: "not_found", reason: `the move-chain node answered without ${digest}` };
  if (!tx.status.success) return { state: "not_found", reason: `${digest} failed on move-chain: ${String(tx.status.error?.message ?? "failure").slice(0, 200)}` };
  if (tx.checkpoint === null) return { state: "not_found", reason: `${digest} is not in a checkpoint yet (not final)` };
  const events2 = tx.events ?? [];
  return { state: "ok", messages: suiMessagesSentOf(events2), burns: suiBurnsOf(events2) };
}
var DEPOSIT_FOR_BURN, MESSAGE_SENT, MESSAGE_SENT_EVENT_TYPE, DEPOSIT_FOR_BURN_EVENT_TYPE, sameType;
var init_cctp_burns = __esm({
  "server/chains/sui/cctp-burns.ts"() {
    "use strict";
    init_cctp_ids();
    init_calls();
    DEPOSIT_FOR_BURN = bcs5.struct("DepositForBurn", {
      nonce: bcs5.u64(),
      burn_token: bcs5.Address,
      amount: bcs5.u64(),
      depositor: bcs5.Address,
      mint_recipient: bcs5.Address,
      destination_domain: bcs5.u32(),
      destination_token_messenger: bcs5.Address,
      destination_caller: bcs5.Address
    });
    MESSAGE_SENT = bcs5.struct("MessageSent", { message: bcs5.vector(bcs5.u8()) });
    MESSAGE_SENT_EVENT_TYPE = `${SUI_MESSAGE_TRANSMITTER}::send_message::MessageSent`;
    DEPOSIT_FOR_BURN_EVENT_TYPE = `${SUI_TOKEN_MESSENGER_MINTER}::deposit_for_burn::DepositForBurn`;
    __name(suiCctpTokenId, "suiCctpTokenId");
    sameType = /* @__PURE__ */ __name((a, b) => {
      try {
        return normalizeStructTag4(a) === normalizeStructTag4(b);
      } catch {
        return false;
      }
    }, "sameType");
    __name(suiBurnsOf, "suiBurnsOf");
    __name(suiMessagesSentOf, "suiMessagesSentOf");
    __name(readSuiBurn, "readSuiBurn");
  }
});

// server/chains/sui/simulate.ts
import { RpcError as RpcError2 } from "@mysten/sui/grpc";
import { Transaction as Transaction2 } from "@mysten/sui/transactions";
import { normalizeSuiAddress as normalizeSuiAddress8 } from "@mysten/sui/utils";
function noAnswer(e) {
  for (let cur = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (NO_ANSWER_TEXT.test(cur.message)) return true;
    if (cur instanceof RpcError2 && NO_ANSWER_CODES.has(String(cur.code))) return true;
  }
  return false;
}
function nodeError(e) {
  for (let cur = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (cur instanceof RpcError2) return cur;
  }
  return null;
}
async function simulateOne2(t) {
  const at = (/* @__PURE__ */ new Date()).toISOString();
  let tx;
  try {
    tx = Transaction2.from(t.payload);
  } catch (e) {
    return simulationFailed(`the transaction does not decode: ${errorLine(e)}`);
  }
  try {
    const r = await withRpcTimeout(async (signal) => {
      await tx.prepareForSerialization({ client: coinReadingClient() });
      return suiRpc().simulateTransaction({ transaction: tx, include: { effects: true, balanceChanges: true, events: true }, signal });
    });
    const result = r.Transaction ?? r.FailedTransaction;
    if (!result?.status.success) {
      const error = result?.status.error;
      const meaning = knownAbortMeaning(error?.$kind === "MoveAbort" ? error.MoveAbort : void 0);
      const message2 = error?.message ?? "the node's simulation failed without an error";
      return simulationFailed(meaning ? `${message2} \u2014 ${meaning}` : message2);
    }
    const used = result.effects?.gasUsed;
    if (!used?.computationCost || !used.storageCost || !used.storageRebate) return { ...simulationUnavailable("the node's simulation gave no gas figures"), at };
    const charged = BigInt(used.computationCost) + BigInt(used.storageCost);
    const net = charged - BigInt(used.storageRebate);
    return {
      status: "ok",
      // The gas budget the transaction needs (computation + storage, MIST): what the wallet must set aside.
      gasEstimate: charged.toString(),
      // What the owner pays net of the storage rebate; a rebate larger than the charge pays the owner, shown as 0.
      fee: { amount: (net > 0n ? net : 0n).toString(), asset: "SUI", decimals: 9 },
      logs: null,
      error: null,
      at,
      changes: suiChanges(result.balanceChanges, result.events)
    };
  } catch (e) {
    if (noAnswer(e)) return simulationUnavailable(`Not simulated: the move-chain node did not answer (${errorLine(e)}).`);
    const refused = nodeError(e);
    return simulationFailed(refused ? `the move-chain node refused the transaction: ${errorLine(refused)}` : errorLine(e));
  }
}
function suiChanges(reported, events2) {
  if (!reported?.length) return changesUnavailable("The move-chain node's simulation reported no balance changes (every transaction pays gas, so they are missing, not zero).");
  return {
    status: "ok",
    balanceChanges: reported.map((c) => ({
      owner: normalizeSuiAddress8(c.address),
      asset: changedAsset("move-chain", sameSuiCoinType(c.coinType, SUI_COIN_TYPE2) ? "native" : c.coinType),
      amount: c.amount
    })),
    approvals: null,
    ...events2 ? { burns: suiBurnsOf(events2) } : {},
    source: events2 ? "move-chain node: SimulateTransaction balance_changes and events (gRPC)" : "move-chain node: SimulateTransaction balance_changes (gRPC)",
    reason: null
  };
}
async function simulateSuiTransactions(txs) {
  return Promise.all(txs.map(simulateOne2));
}
var NO_ANSWER_CODES, NO_ANSWER_TEXT;
var init_simulate3 = __esm({
  "server/chains/sui/simulate.ts"() {
    "use strict";
    init_simulation();
    init_clients();
    init_aborts();
    init_cctp_burns();
    init_coin_reads();
    init_changes();
    NO_ANSWER_CODES = /* @__PURE__ */ new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "UNKNOWN"]);
    NO_ANSWER_TEXT = /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|other side closed|did not answer within/i;
    __name(noAnswer, "noAnswer");
    __name(nodeError, "nodeError");
    __name(simulateOne2, "simulateOne");
    __name(suiChanges, "suiChanges");
    __name(simulateSuiTransactions, "simulateSuiTransactions");
  }
});

// server/chains/simulate.ts
async function simulateTransactions(txs, signer2, skip) {
  const out = txs.map((t) => ({ ...t }));
  const byEncoding = /* @__PURE__ */ new Map();
  out.forEach((t, i) => {
    byEncoding.set(t.encoding, [...byEncoding.get(t.encoding) ?? [], i]);
  });
  await Promise.all(
    [...byEncoding].map(async ([encoding, idx]) => {
      const simulate = skip === void 0 ? SIMULATORS[encoding] : void 0;
      const sims = simulate ? await simulate(idx.map((i) => out[i]), signer2) : idx.map(() => simulationUnavailable(skip ?? NOT_YET[encoding]));
      idx.forEach((i, k) => {
        const t = out[i];
        const s = sims[k];
        if (s && "simulation" in s) {
          t.simulation = s.simulation;
          t.payload = s.payload;
        } else t.simulation = s ?? simulationUnavailable("The simulator gave no answer for this transaction.");
      });
    })
  );
  const failed = out.find((t) => t.simulation?.status === "failed");
  return {
    transactions: out,
    blocker: failed ? blocker("simulation_failed", `${failed.description}: ${failed.simulation?.error ?? "rejected by the chain's simulation"}`) : null
  };
}
var SIMULATORS, NOT_YET;
var init_simulate4 = __esm({
  "server/chains/simulate.ts"() {
    "use strict";
    init_simulate();
    init_simulation();
    init_simulate2();
    init_simulate3();
    init_codes();
    SIMULATORS = {
      "solana-v0-message-base64": simulateSolana,
      "evm-call": simulateEvm,
      "sui-transaction-json": simulateSuiTransactions
    };
    NOT_YET = {
      "sui-transaction-json": "Not simulated: the service does not dry-run move-chain transactions yet; your wallet's own dry run is the check.",
      "solana-v0-message-base64": "Not simulated: the service does not simulate svm-chain transactions yet; your wallet's own simulation is the check.",
      "evm-call": "Not simulated: the service does not simulate EVM transactions yet; your wallet's own estimate is the check."
    };
    __name(simulateTransactions, "simulateTransactions");
  }
});

// server/rails/cctp/abi.ts
var TOKEN_MESSENGER_ABI, TOKEN_MESSENGER_V2_ABI, MESSAGE_TRANSMITTER_ABI;
var init_abi4 = __esm({
  "server/rails/cctp/abi.ts"() {
    "use strict";
    TOKEN_MESSENGER_ABI = [
      { inputs: [{ internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "uint32", name: "destinationDomain", type: "uint32" }, { internalType: "bytes32", name: "mintRecipient", type: "bytes32" }, { internalType: "address", name: "burnToken", type: "address" }], name: "depositForBurn", outputs: [{ internalType: "uint64", name: "_nonce", type: "uint64" }], stateMutability: "nonpayable", type: "function" }
    ];
    TOKEN_MESSENGER_V2_ABI = [
      { type: "function", name: "depositForBurn", inputs: [{ name: "amount", type: "uint256", internalType: "uint256" }, { name: "destinationDomain", type: "uint32", internalType: "uint32" }, { name: "mintRecipient", type: "bytes32", internalType: "bytes32" }, { name: "burnToken", type: "address", internalType: "address" }, { name: "destinationCaller", type: "bytes32", internalType: "bytes32" }, { name: "maxFee", type: "uint256", internalType: "uint256" }, { name: "minFinalityThreshold", type: "uint32", internalType: "uint32" }], outputs: [], stateMutability: "nonpayable" }
    ];
    MESSAGE_TRANSMITTER_ABI = [
      { type: "function", name: "receiveMessage", inputs: [{ name: "message", type: "bytes", internalType: "bytes" }, { name: "attestation", type: "bytes", internalType: "bytes" }], outputs: [{ name: "success", type: "bool", internalType: "bool" }], stateMutability: "nonpayable" },
      { type: "event", name: "MessageSent", inputs: [{ name: "message", type: "bytes", indexed: false, internalType: "bytes" }], anonymous: false }
    ];
  }
});

// server/chains/rpc.ts
async function rpcCall(chain, method, params4) {
  const r = await rpcCallOnce(chain, method, params4);
  noteUpstream(`rpc:${chain}`, r.ok || !r.unreachable);
  return r;
}
async function rpcCallOnce(chain, method, params4) {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res;
  try {
    res = await fetch(rpcUrlOf(chain), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params4 }),
      signal: AbortSignal.timeout(timeoutMs)
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, unreachable: true, message: /abort|timeout/i.test(msg) ? `the ${chain} RPC did not answer within ${timeoutMs} ms` : `the ${chain} RPC is unreachable` };
  }
  if (!res.ok) return { ok: false, unreachable: true, message: `the ${chain} RPC answered HTTP ${res.status}` };
  let body;
  try {
    body = await res.json();
  } catch {
    return { ok: false, unreachable: true, message: `the ${chain} RPC answered something that is not JSON-RPC` };
  }
  if (body.error) return { ok: false, unreachable: false, message: `${method}: ${String(body.error.message ?? "error").slice(0, 200)}` };
  return { ok: true, result: body.result };
}
var init_rpc2 = __esm({
  "server/chains/rpc.ts"() {
    "use strict";
    init_config();
    init_metrics();
    init_clients();
    __name(rpcCall, "rpcCall");
    __name(rpcCallOnce, "rpcCallOnce");
  }
});

// server/rails/cctp/messages.ts
async function readBurnMessages(source, txHash, transmitterAddress) {
  const transmitter = (transmitterAddress ?? MESSAGE_TRANSMITTER[source])?.toLowerCase();
  if (!transmitter) return { state: "not_found", reason: `no CCTP MessageTransmitter is known on ${source}` };
  const r = await rpcCall(source, "eth_getTransactionReceipt", [txHash]);
  if (!r.ok) return r.unreachable ? { state: "unreachable", reason: r.message } : { state: "not_found", reason: r.message };
  if (!r.result) return { state: "not_found", reason: `no receipt for ${txHash} on ${source} yet` };
  if (r.result.status !== "0x1") return { state: "not_found", reason: `${txHash} reverted on ${source}` };
  const messages = [];
  for (const l of r.result.logs ?? []) {
    const message2 = messageSentOf(l, transmitter);
    if (message2) messages.push(message2);
  }
  if (messages.length === 0) return { state: "not_found", reason: `${txHash} on ${source} emitted no CCTP MessageSent` };
  return { state: "ok", messages };
}
var init_messages = __esm({
  "server/rails/cctp/messages.ts"() {
    "use strict";
    init_rpc2();
    init_cctp_ids();
    init_cctp_messages();
    __name(readBurnMessages, "readBurnMessages");
  }
});

// server/rails/cctp/plan.ts
import { erc20Abi as erc20Abi6 } from "viem";
function evmBurnTransactions(req, source, messenger, messengerName, burn, how) {
  const usdc2 = USDC[source];
  const { burnAmount, serviceFee } = req;
  const transactions = [
    approveTransaction(source, usdc2, messenger, burnAmount, `Approve Circle's ${messengerName} to burn ${burnAmount} micro-USDC`)
  ];
  if (serviceFee.collected && serviceFee.amount > 0n) {
    transactions.push({
      chain: source,
      kind: "fee",
      description: `Pay the service bridge fee: transfer ${serviceFee.amount} micro-USDC to the service's fee recipient ${serviceFee.recipient} on ${source}`,
      encoding: "evm-call",
      // ERC-20 transfer(address,uint256): viem 2.57 `erc20Abi`.
      payload: evmCall(source, usdc2, erc20Abi6, "transfer", [serviceFee.recipient, serviceFee.amount])
    });
  }
  transactions.push({ chain: source, kind: "burn", description: burnDescription(req, `${how} depositForBurn`), encoding: "evm-call", payload: burn });
  return transactions;
}
var COMMON_RISKS, feeTransferOf, feeClause, burnDescription;
var init_plan = __esm({
  "server/rails/cctp/plan.ts"() {
    "use strict";
    init_evm();
    init_balances2();
    init_domains();
    COMMON_RISKS = [
      "The burn is irreversible once signed and confirmed. Funds are minted only to the owner-locked destination recorded in this plan; the service never redirects them.",
      "Minting on the destination needs a receiveMessage transaction with Circle's attestation; its network fee is paid on the destination chain.",
      "If Circle's attestation service or the destination chain is unavailable, delivery is delayed; a failed delivery can only be rescued to the same owner-locked destination.",
      "Smart-contract risk of Circle's CCTP contracts and of USDC itself applies. Evm-a and evm-b are Map chains: prepare only, the service does not broadcast."
    ];
    feeTransferOf = /* @__PURE__ */ __name((f) => f.collected && f.amount > 0n ? { recipient: f.recipient, amount: f.amount } : null, "feeTransferOf");
    feeClause = /* @__PURE__ */ __name((f) => f.collected && f.amount > 0n ? `, and in the same transaction the ${f.amount} micro-USDC service fee to the fee recipient ${f.recipient}` : "", "feeClause");
    burnDescription = /* @__PURE__ */ __name((req, how) => `Burn ${req.burnAmount} micro-USDC on ${req.source} with ${how} to domain ${CCTP_DOMAIN[req.dest]} (${req.dest}), minted to ${req.destAddress}`, "burnDescription");
    __name(evmBurnTransactions, "evmBurnTransactions");
  }
});

// server/rails/cctp/rescue.ts
async function lockedRoute(p, planRecipient) {
  const locked = (await mintRecipientFor(p.dest, p.destAddress)).toLowerCase();
  if (planRecipient !== null && planRecipient.toLowerCase() !== locked) {
    return noRescue(blocker("recipient_mismatch", "The plan's stored mint recipient does not match its owner-locked destination; nothing is built."));
  }
  return { locked, sourceDomain: CCTP_DOMAIN[p.source], destDomain: CCTP_DOMAIN[p.dest] };
}
var noRescue;
var init_rescue = __esm({
  "server/rails/cctp/rescue.ts"() {
    "use strict";
    init_codes();
    init_domains();
    noRescue = /* @__PURE__ */ __name((...blockers) => ({ blockers, transactions: [], burn: null }), "noRescue");
    __name(lockedRoute, "lockedRoute");
  }
});

// server/rails/cctp/idl.ts
var CCTP_TOKEN_MESSENGER_MINTER_V1_IDL, CCTP_MESSAGE_TRANSMITTER_V1_IDL, CCTP_TOKEN_MESSENGER_MINTER_V2_IDL, CCTP_MESSAGE_TRANSMITTER_V2_IDL;
var init_idl5 = __esm({
  "server/rails/cctp/idl.ts"() {
    "use strict";
    CCTP_TOKEN_MESSENGER_MINTER_V1_IDL = {
      instructions: {
        "deposit_for_burn": {
          discriminator: [215, 60, 61, 46, 114, 55, 128, 176],
          // source: circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/token_messenger_minter_031.json (tests/fixtures/cctp/token_messenger_minter_031.json), instruction deposit_for_burn.
          accounts: [{ "name": "owner", "signer": true }, { "name": "event_rent_payer", "writable": true, "signer": true }, { "name": "sender_authority_pda" }, { "name": "burn_token_account", "writable": true }, { "name": "message_transmitter", "writable": true }, { "name": "token_messenger" }, { "name": "remote_token_messenger" }, { "name": "token_minter" }, { "name": "local_token", "writable": true }, { "name": "burn_token_mint", "writable": true }, { "name": "message_sent_event_data", "writable": true, "signer": true }, { "name": "message_transmitter_program" }, { "name": "token_messenger_minter_program" }, { "name": "token_program" }, { "name": "system_program" }, { "name": "event_authority" }, { "name": "program" }],
          args: [{ "name": "params", "type": { "struct": [{ "name": "amount", "type": "u64" }, { "name": "destination_domain", "type": "u32" }, { "name": "mint_recipient", "type": "pubkey" }] } }]
        }
      },
      accounts: {}
    };
    CCTP_MESSAGE_TRANSMITTER_V1_IDL = {
      instructions: {
        "receive_message": {
          discriminator: [38, 144, 127, 225, 31, 225, 238, 25],
          // source: circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/message_transmitter_031.json (tests/fixtures/cctp/message_transmitter_031.json), instruction receive_message.
          accounts: [{ "name": "payer", "writable": true, "signer": true }, { "name": "caller", "signer": true }, { "name": "authority_pda" }, { "name": "message_transmitter" }, { "name": "used_nonces", "writable": true }, { "name": "receiver" }, { "name": "system_program" }, { "name": "event_authority" }, { "name": "program" }],
          args: [{ "name": "params", "type": { "struct": [{ "name": "message", "type": "bytes" }, { "name": "attestation", "type": "bytes" }] } }]
        }
      },
      accounts: {}
    };
    CCTP_TOKEN_MESSENGER_MINTER_V2_IDL = {
      instructions: {
        "deposit_for_burn": {
          discriminator: [215, 60, 61, 46, 114, 55, 128, 176],
          // source: circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/token_messenger_minter_v2.json (tests/fixtures/cctp/token_messenger_minter_v2.json), instruction deposit_for_burn.
          accounts: [{ "name": "owner", "signer": true }, { "name": "event_rent_payer", "writable": true, "signer": true }, { "name": "sender_authority_pda" }, { "name": "burn_token_account", "writable": true }, { "name": "denylist_account" }, { "name": "message_transmitter", "writable": true }, { "name": "token_messenger" }, { "name": "remote_token_messenger" }, { "name": "token_minter" }, { "name": "local_token", "writable": true }, { "name": "burn_token_mint", "writable": true }, { "name": "message_sent_event_data", "writable": true, "signer": true }, { "name": "message_transmitter_program", "address": "CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC" }, { "name": "token_messenger_minter_program", "address": "CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe" }, { "name": "token_program", "address": "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" }, { "name": "system_program", "address": "11111111111111111111111111111111" }, { "name": "event_authority" }, { "name": "program" }],
          args: [{ "name": "params", "type": { "struct": [{ "name": "amount", "type": "u64" }, { "name": "destination_domain", "type": "u32" }, { "name": "mint_recipient", "type": "pubkey" }, { "name": "destination_caller", "type": "pubkey" }, { "name": "max_fee", "type": "u64" }, { "name": "min_finality_threshold", "type": "u32" }] } }]
        }
      },
      accounts: {}
    };
    CCTP_MESSAGE_TRANSMITTER_V2_IDL = {
      instructions: {
        "receive_message": {
          discriminator: [38, 144, 127, 225, 31, 225, 238, 25],
          // source: circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/message_transmitter_v2.json (tests/fixtures/cctp/message_transmitter_v2.json), instruction receive_message.
          accounts: [{ "name": "payer", "writable": true, "signer": true }, { "name": "caller", "signer": true }, { "name": "authority_pda" }, { "name": "message_transmitter" }, { "name": "used_nonce", "writable": true }, { "name": "receiver" }, { "name": "system_program", "address": "11111111111111111111111111111111" }, { "name": "event_authority" }, { "name": "program" }],
          args: [{ "name": "params", "type": { "struct": [{ "name": "message", "type": "bytes" }, { "name": "attestation", "type": "bytes" }] } }]
        }
      },
      accounts: {}
    };
  }
});

// server/rails/cctp/solana.ts
import {
  AccountRole as AccountRole5,
  createNoopSigner as createNoopSigner5,
  address as address9,
  generateKeyPair,
  getAddressEncoder as getAddressEncoder6,
  getAddressFromPublicKey,
  getProgramDerivedAddress as getProgramDerivedAddress4,
  getUtf8Encoder as getUtf8Encoder3
} from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS as SYSTEM_PROGRAM_ADDRESS2 } from "@solana-program/system";
import { findAssociatedTokenPda as findAssociatedTokenPda7, getCreateAssociatedTokenIdempotentInstruction as getCreateAssociatedTokenIdempotentInstruction5, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS10 } from "@solana-program/token";
import { hexToBytes } from "viem";
async function pda(program, ...seeds) {
  const [a] = await getProgramDerivedAddress4({ programAddress: program, seeds: seeds.map((s) => typeof s === "string" ? utf83.encode(s) : s) });
  return a;
}
async function depositForBurnPdas(owner, destinationDomain, cctp = SOLANA_CCTP_V2) {
  const mint = address9(USDC["svm-chain"]);
  const tmm = cctp.tokenMessengerMinter;
  return {
    senderAuthority: await pda(tmm, "sender_authority"),
    denylist: cctp.version === 2 ? await pda(tmm, "denylist_account", addr3.encode(address9(owner))) : null,
    messageTransmitter: await pda(cctp.messageTransmitter, "message_transmitter"),
    tokenMessenger: await pda(tmm, "token_messenger"),
    remoteTokenMessenger: await pda(tmm, "remote_token_messenger", String(destinationDomain)),
    tokenMinter: await pda(tmm, "token_minter"),
    localToken: await pda(tmm, "local_token", addr3.encode(mint)),
    eventAuthority: await pda(tmm, "__event_authority")
  };
}
async function depositForBurnIx(cctp, owner, eventAccount, destinationDomain, params4) {
  const o = address9(owner);
  const mint = address9(USDC["svm-chain"]);
  const p = await depositForBurnPdas(owner, destinationDomain, cctp);
  const [burnTokenAccount] = await findAssociatedTokenPda7({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS10 });
  const accounts = {
    owner: o,
    event_rent_payer: o,
    sender_authority_pda: p.senderAuthority,
    burn_token_account: burnTokenAccount,
    ...p.denylist ? { denylist_account: p.denylist } : {},
    message_transmitter: p.messageTransmitter,
    token_messenger: p.tokenMessenger,
    remote_token_messenger: p.remoteTokenMessenger,
    token_minter: p.tokenMinter,
    local_token: p.localToken,
    burn_token_mint: mint,
    message_sent_event_data: eventAccount,
    message_transmitter_program: cctp.messageTransmitter,
    token_messenger_minter_program: cctp.tokenMessengerMinter,
    token_program: TOKEN_PROGRAM_ADDRESS10,
    system_program: SYSTEM_PROGRAM_ADDRESS2,
    event_authority: p.eventAuthority,
    program: cctp.tokenMessengerMinter
    // Anchor's event CPI
  };
  return anchorInstruction(cctp.tokenMessengerMinter, cctp.depositForBurn, accounts, { params: params4 });
}
async function feeTransfer(owner, fee) {
  if (!fee || fee.amount === 0n) return [];
  const mint = address9(USDC["svm-chain"]);
  const o = address9(owner);
  const [source] = await findAssociatedTokenPda7({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS10 });
  const [destination] = await findAssociatedTokenPda7({ owner: address9(fee.recipient), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS10 });
  return [getTransferCheckedInstruction({ source, mint, destination, authority: createNoopSigner5(o), amount: fee.amount, decimals: USDC_DECIMALS })];
}
function usdcAccountOf(owner, signal) {
  return splTokenAccountOf(owner, USDC["svm-chain"], signal);
}
async function receiveMessagePdas(remoteDomain, remoteToken, nonce, cctp = SOLANA_CCTP_V2) {
  const mint = address9(USDC["svm-chain"]);
  const mt = cctp.messageTransmitter;
  const tmm = cctp.tokenMessengerMinter;
  return {
    authority: await pda(mt, "message_transmitter_authority", addr3.encode(tmm)),
    messageTransmitter: await pda(mt, "message_transmitter"),
    usedNonce: typeof nonce === "bigint" ? await usedNoncesV1(remoteDomain, nonce) : await pda(mt, "used_nonce", hexToBytes(nonce, { size: 32 })),
    mtEventAuthority: await pda(mt, "__event_authority"),
    tokenMessenger: await pda(tmm, "token_messenger"),
    remoteTokenMessenger: await pda(tmm, "remote_token_messenger", String(remoteDomain)),
    tokenMinter: await pda(tmm, "token_minter"),
    localToken: await pda(tmm, "local_token", addr3.encode(mint)),
    tokenPair: await pda(tmm, "token_pair", String(remoteDomain), hexToBytes(remoteToken, { size: 32 })),
    custody: await pda(tmm, "custody", addr3.encode(mint)),
    tmmEventAuthority: await pda(tmm, "__event_authority")
  };
}
async function usedNoncesV1(sourceDomain, nonce) {
  if (nonce <= 0n) throw new Error("a CCTP V1 nonce is at least 1");
  const first = (nonce - 1n) / MAX_NONCES * MAX_NONCES + 1n;
  return pda(MESSAGE_TRANSMITTER_V1_PROGRAM, "used_nonces", String(sourceDomain), sourceDomain < 11 ? "" : "-", first.toString());
}
async function withRecipientAccount(owner, recipientTokenAccount, receive) {
  const o = address9(owner);
  const mint = address9(USDC["svm-chain"]);
  const [ata] = await findAssociatedTokenPda7({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS10 });
  if (ata !== recipientTokenAccount) return [receive];
  return [getCreateAssociatedTokenIdempotentInstruction5({ payer: createNoopSigner5(o), ata, owner: o, mint }), receive];
}
function receiveIx(cctp, payer, message2, attestation, p, recipientTokenAccount, feeRecipientAta) {
  const R = AccountRole5;
  const o = address9(payer);
  const accounts = {
    payer: o,
    caller: o,
    authority_pda: p.authority,
    message_transmitter: p.messageTransmitter,
    // V1 keeps a set of 6400 nonces per account (`used_nonces`), V2 one account per nonce (`used_nonce`).
    [cctp.version === 1 ? "used_nonces" : "used_nonce"]: p.usedNonce,
    receiver: cctp.tokenMessengerMinter,
    system_program: SYSTEM_PROGRAM_ADDRESS2,
    event_authority: p.mtEventAuthority,
    program: cctp.messageTransmitter
    // Anchor's event CPI
  };
  const remaining = [
    { address: p.tokenMessenger, role: R.READONLY },
    { address: p.remoteTokenMessenger, role: R.READONLY },
    { address: p.tokenMinter, role: R.WRITABLE },
    { address: p.localToken, role: R.WRITABLE },
    { address: p.tokenPair, role: R.READONLY },
    ...feeRecipientAta ? [{ address: feeRecipientAta, role: R.WRITABLE }] : [],
    { address: address9(recipientTokenAccount), role: R.WRITABLE },
    { address: p.custody, role: R.WRITABLE },
    { address: TOKEN_PROGRAM_ADDRESS10, role: R.READONLY },
    { address: p.tmmEventAuthority, role: R.READONLY },
    { address: cctp.tokenMessengerMinter, role: R.READONLY }
  ];
  return anchorInstruction(cctp.messageTransmitter, cctp.receiveMessage, accounts, { params: { message: hexToBytes(message2), attestation: hexToBytes(attestation) } }, remaining);
}
async function burnWithEventAccount(owner, burn, fee) {
  const event = await generateKeyPair();
  const eventAccount = await getAddressFromPublicKey(event.publicKey);
  const ix = await burn(eventAccount);
  return { payload: await solanaPayload(owner, [ix, ...await feeTransfer(owner, fee)], [event]), eventAccount };
}
var TOKEN_MESSENGER_MINTER_V2, MESSAGE_TRANSMITTER_V2_PROGRAM, TOKEN_MESSENGER_MINTER_V1, MESSAGE_TRANSMITTER_V1_PROGRAM, SOLANA_CCTP_V1, SOLANA_CCTP_V2, utf83, addr3, USDC_DECIMALS, MAX_NONCES;
var init_solana2 = __esm({
  "server/rails/cctp/solana.ts"() {
    "use strict";
    init_cctp_ids();
    init_balances2();
    init_solana();
    init_idl2();
    init_idl5();
    TOKEN_MESSENGER_MINTER_V2 = address9(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2);
    MESSAGE_TRANSMITTER_V2_PROGRAM = address9(SOLANA_CCTP_PROGRAMS.messageTransmitterV2);
    TOKEN_MESSENGER_MINTER_V1 = address9(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1);
    MESSAGE_TRANSMITTER_V1_PROGRAM = address9(SOLANA_CCTP_PROGRAMS.messageTransmitterV1);
    SOLANA_CCTP_V1 = {
      version: 1,
      tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V1,
      messageTransmitter: MESSAGE_TRANSMITTER_V1_PROGRAM,
      depositForBurn: CCTP_TOKEN_MESSENGER_MINTER_V1_IDL.instructions.deposit_for_burn,
      receiveMessage: CCTP_MESSAGE_TRANSMITTER_V1_IDL.instructions.receive_message
    };
    SOLANA_CCTP_V2 = {
      version: 2,
      tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V2,
      messageTransmitter: MESSAGE_TRANSMITTER_V2_PROGRAM,
      depositForBurn: CCTP_TOKEN_MESSENGER_MINTER_V2_IDL.instructions.deposit_for_burn,
      receiveMessage: CCTP_MESSAGE_TRANSMITTER_V2_IDL.instructions.receive_message
    };
    utf83 = getUtf8Encoder3();
    addr3 = getAddressEncoder6();
    __name(pda, "pda");
    __name(depositForBurnPdas, "depositForBurnPdas");
    __name(depositForBurnIx, "depositForBurnIx");
    USDC_DECIMALS = 6;
    __name(feeTransfer, "feeTransfer");
    __name(usdcAccountOf, "usdcAccountOf");
    __name(receiveMessagePdas, "receiveMessagePdas");
    MAX_NONCES = 6400n;
    __name(usedNoncesV1, "usedNoncesV1");
    __name(withRecipientAccount, "withRecipientAccount");
    __name(receiveIx, "receiveIx");
    __name(burnWithEventAccount, "burnWithEventAccount");
  }
});

// server/rails/cctp-v1/attestation.ts
async function fetchAttestationsV1(sourceDomain, txId3) {
  const root3 = config().SVC_CCTP_ATTESTATION_URL.replace(/\/+$/, "");
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res;
  try {
    res = await countedFetch("cctp-attestation")(`${root3}/v1/messages/${sourceDomain}/${encodeURIComponent(txId3)}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { state: "unavailable", reason: /abort|timeout/i.test(msg) ? `the attestation service did not answer within ${timeoutMs} ms` : "the attestation service is unreachable" };
  }
  if (res.status === 404) return { state: "pending", reason: "the attestation service does not know the burn yet (not indexed)" };
  if (!res.ok) return { state: "unavailable", reason: `the attestation service answered HTTP ${res.status}` };
  let body;
  try {
    body = await res.json();
  } catch {
    return { state: "unavailable", reason: "the attestation service answered something that is not JSON" };
  }
  const list = Array.isArray(body?.messages) ? body.messages : Array.isArray(body?.data?.messages) ? body.data.messages : null;
  if (!list) return { state: "unavailable", reason: "the attestation service's answer has no messages[]" };
  const hex2 = /* @__PURE__ */ __name((v) => typeof v === "string" && /^0x([0-9a-fA-F]{2})+$/.test(v) ? v : null, "hex");
  const odd = list.some((m) => typeof m?.attestation === "string" && m.attestation !== "PENDING" && !hex2(m.attestation));
  if (odd) return { state: "unavailable", reason: "the attestation service's attestation is not hex" };
  return {
    state: "ok",
    messages: list.map((m) => ({ message: hex2(m?.message), attestation: m?.status === "pending_confirmations" ? null : hex2(m?.attestation) }))
  };
}
async function fetchAttestation(sourceDomain, txHash, message2) {
  const r = await fetchAttestationsV1(sourceDomain, txHash);
  if (r.state !== "ok") return r;
  const hit = r.messages.find((m) => m.message !== null && m.message.toLowerCase() === message2.toLowerCase());
  if (!hit) return { state: "pending", reason: "the attestation service does not list this burn message yet" };
  if (hit.attestation) return { state: "ok", attestation: hit.attestation };
  return { state: "pending", reason: "Circle has not attested the burn yet (waiting for source-chain finality)" };
}
var init_attestation = __esm({
  "server/rails/cctp-v1/attestation.ts"() {
    "use strict";
    init_config();
    init_metrics();
    init_cctp_messages();
    __name(fetchAttestationsV1, "fetchAttestationsV1");
    __name(fetchAttestation, "fetchAttestation");
  }
});

// server/rails/cctp-v1/evm.ts
function depositForBurnV1(source, messenger, destinationDomain, amount, mintRecipient) {
  return evmCall(source, messenger, TOKEN_MESSENGER_ABI, "depositForBurn", [amount, destinationDomain, mintRecipient, USDC[source]]);
}
var init_evm3 = __esm({
  "server/rails/cctp-v1/evm.ts"() {
    "use strict";
    init_balances2();
    init_evm();
    init_cctp_ids();
    init_abi4();
    __name(depositForBurnV1, "depositForBurnV1");
  }
});

// server/rails/cctp-v1/solana.ts
import { hexToBytes as hexToBytes2 } from "viem";
async function depositForBurnInstructionV1(owner, eventAccount, amount, destinationDomain, mintRecipient) {
  return depositForBurnIx(SOLANA_CCTP_V1, owner, eventAccount, destinationDomain, { amount, destination_domain: destinationDomain, mint_recipient: hexToBytes2(mintRecipient, { size: 32 }) });
}
async function solanaBurnV1(owner, amount, destinationDomain, mintRecipient, fee = null) {
  return burnWithEventAccount(owner, (eventAccount) => depositForBurnInstructionV1(owner, eventAccount, amount, destinationDomain, mintRecipient), fee);
}
async function receiveMessageInstructionV1(payer, message2, attestation, remoteDomain, remoteToken, nonce, recipientTokenAccount) {
  return receiveIx(SOLANA_CCTP_V1, payer, message2, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce, SOLANA_CCTP_V1), recipientTokenAccount, null);
}
var init_solana3 = __esm({
  "server/rails/cctp-v1/solana.ts"() {
    "use strict";
    init_solana2();
    init_solana2();
    __name(depositForBurnInstructionV1, "depositForBurnInstructionV1");
    __name(solanaBurnV1, "solanaBurnV1");
    __name(receiveMessageInstructionV1, "receiveMessageInstructionV1");
  }
});

// server/rails/cctp-v1/retirement.ts
function estimatedV1End() {
  const start = /* @__PURE__ */ new Date(`${CCTP_V1_RETIREMENT.phaseOutStarts}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + CCTP_V1_RETIREMENT.phaseOutMonths, start.getUTCDate()));
}
function retirementRisk() {
  return `Circle is retiring CCTP V1: announced ${CCTP_V1_RETIREMENT.announced}, its phase-out began ${CCTP_V1_RETIREMENT.phaseOutStarts} and runs about ${CCTP_V1_RETIREMENT.phaseOutMonths} months (to about ${day(estimatedV1End())}, an estimate: Circle has published no last burn date), with burn limits tightening until no new burn can be made; burns already made stay redeemable (${CCTP_V1_RETIREMENT.sources.join(", ")}).`;
}
function retirementBlocker(now) {
  const end = estimatedV1End();
  const cutoff = new Date(end.getTime() - RETIRING_BLOCK_DAYS * DAY_MS);
  if (now < cutoff) return null;
  return blocker(
    "rail_retiring",
    `CCTP V1 is being retired by Circle (phase-out since ${CCTP_V1_RETIREMENT.phaseOutStarts}, ending about ${day(end)}): from ${day(cutoff)} this service no longer offers V1 burns, which might not be attested before V1 stops. This route has no CCTP V2 today (Circle runs only V1 on move-chain: its bridge kit, @circle-fin/bridge-kit 1.15.1, lists only V1 contracts for Sui).`
  );
}
var CCTP_V1_RETIREMENT, RETIRING_BLOCK_DAYS, DAY_MS, day;
var init_retirement = __esm({
  "server/rails/cctp-v1/retirement.ts"() {
    "use strict";
    init_codes();
    CCTP_V1_RETIREMENT = {
      announced: "2025-11-14",
      phaseOutStarts: "2026-07-31",
      phaseOutMonths: 10,
      sources: ["https://www.circle.com/blog/cctp-version-updates", "https://developers.circle.com/cctp/migration-from-v1-to-v2"]
    };
    RETIRING_BLOCK_DAYS = 30;
    DAY_MS = 864e5;
    __name(estimatedV1End, "estimatedV1End");
    day = /* @__PURE__ */ __name((d) => d.toISOString().slice(0, 10), "day");
    __name(retirementRisk, "retirementRisk");
    __name(retirementBlocker, "retirementBlocker");
  }
});

// server/rails/cctp-v1/sui.ts
import { normalizeSuiAddress as normalizeSuiAddress9 } from "@mysten/sui/utils";
import { hexToBytes as hexToBytes3 } from "viem";
async function suiCctpPackages(signal) {
  const [tokenMessengerMinter, messageTransmitter] = await Promise.all([latestPackageVersion(SUI_TOKEN_MESSENGER_MINTER, signal), latestPackageVersion(SUI_MESSAGE_TRANSMITTER, signal)]);
  return { tokenMessengerMinter, messageTransmitter };
}
async function ownerUsdcCoins(owner, signal) {
  const out = [];
  let cursor = null;
  for (let page = 0; page < 20; page++) {
    const r = await suiRpc().listCoins({ owner, coinType: USDC["move-chain"], cursor, signal });
    for (const c of r.objects) out.push({ objectId: c.objectId, version: c.version, digest: c.digest, balance: BigInt(c.balance ?? "0") });
    if (!r.hasNextPage || !r.cursor) break;
    cursor = r.cursor;
  }
  return out;
}
function depositForBurnPtb(owner, pkg, coins, amount, destinationDomain, mintRecipient, fee = null) {
  const feeAmount = fee?.amount ?? 0n;
  const held = coins.reduce((s, c) => s + c.balance, 0n);
  if (held < amount + feeAmount || coins.length === 0) throw new SuiInsufficientUsdc(held, amount + feeAmount);
  const tx = newSuiTransaction(owner);
  const [primary, ...rest] = coins.map((c) => tx.objectRef({ objectId: c.objectId, version: c.version, digest: c.digest }));
  if (!primary) throw new SuiInsufficientUsdc(held, amount + feeAmount);
  if (rest.length > 0) tx.mergeCoins(primary, rest);
  const [coin, feeCoin] = tx.splitCoins(primary, feeAmount > 0n ? [amount, feeAmount] : [amount]);
  if (!coin) throw new Error("splitCoins returned no coin");
  if (fee && feeAmount > 0n) {
    if (!feeCoin) throw new Error("splitCoins returned no fee coin");
    tx.transferObjects([feeCoin], tx.pure.address(fee.recipient));
  }
  tx.moveCall({
    target: `${pkg}::deposit_for_burn::deposit_for_burn`,
    typeArguments: [USDC["move-chain"]],
    arguments: [
      coin,
      tx.pure.u32(destinationDomain),
      tx.pure.address(mintRecipient),
      tx.object(SUI_TOKEN_MESSENGER_MINTER_STATE),
      tx.object(SUI_MESSAGE_TRANSMITTER_STATE),
      tx.object(SUI_DENY_LIST),
      tx.object(SUI_USDC_TREASURY)
    ]
  });
  return tx;
}
async function suiBurnV1(owner, amount, destinationDomain, mintRecipient, signal, fee = null) {
  const [{ tokenMessengerMinter }, coins] = await Promise.all([suiCctpPackages(signal), ownerUsdcCoins(owner, signal)]);
  return suiPayload(depositForBurnPtb(owner, tokenMessengerMinter, coins, amount, destinationDomain, mintRecipient, fee));
}
function receiveMessagePtb(sender, pkgs, message2, attestation) {
  const tx = newSuiTransaction(sender);
  const [receipt] = tx.moveCall({
    target: `${pkgs.messageTransmitter}::receive_message::receive_message`,
    arguments: [tx.pure.vector("u8", hexToBytes3(message2)), tx.pure.vector("u8", hexToBytes3(attestation)), tx.object(SUI_MESSAGE_TRANSMITTER_STATE)]
  });
  if (!receipt) throw new Error("receive_message returned no receipt");
  const [ticketWithBurn] = tx.moveCall({
    target: `${pkgs.tokenMessengerMinter}::handle_receive_message::handle_receive_message`,
    typeArguments: [USDC["move-chain"]],
    arguments: [receipt, tx.object(SUI_TOKEN_MESSENGER_MINTER_STATE), tx.object(SUI_DENY_LIST), tx.object(SUI_USDC_TREASURY)]
  });
  if (!ticketWithBurn) throw new Error("handle_receive_message returned no ticket");
  const [ticket] = tx.moveCall({
    target: `${pkgs.tokenMessengerMinter}::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message`,
    arguments: [ticketWithBurn]
  });
  if (!ticket) throw new Error("deconstruct_stamp_receipt_ticket_with_burn_message returned no ticket");
  const [stamped] = tx.moveCall({
    target: `${pkgs.messageTransmitter}::receive_message::stamp_receipt`,
    typeArguments: [MESSAGE_TRANSMITTER_AUTHENTICATOR],
    arguments: [ticket, tx.object(SUI_MESSAGE_TRANSMITTER_STATE)]
  });
  if (!stamped) throw new Error("stamp_receipt returned nothing");
  tx.moveCall({ target: `${pkgs.messageTransmitter}::receive_message::complete_receive_message`, arguments: [stamped, tx.object(SUI_MESSAGE_TRANSMITTER_STATE)] });
  return tx;
}
async function suiReceiveV1(sender, message2, attestation, signal) {
  return suiPayload(receiveMessagePtb(sender, await suiCctpPackages(signal), message2, attestation));
}
var SUI_DENY_LIST, MESSAGE_TRANSMITTER_AUTHENTICATOR, SuiInsufficientUsdc;
var init_sui2 = __esm({
  "server/rails/cctp-v1/sui.ts"() {
    "use strict";
    init_balances2();
    init_sui();
    init_package_versions();
    init_clients();
    init_cctp_ids();
    SUI_DENY_LIST = normalizeSuiAddress9("0x403");
    MESSAGE_TRANSMITTER_AUTHENTICATOR = `${SUI_TOKEN_MESSENGER_MINTER}::message_transmitter_authenticator::MessageTransmitterAuthenticator`;
    __name(suiCctpPackages, "suiCctpPackages");
    SuiInsufficientUsdc = class extends Error {
      constructor(held, needed) {
        super(`the owner holds ${held} micro-USDC on move-chain, less than the ${needed} to burn`);
        this.held = held;
        this.needed = needed;
      }
      static {
        __name(this, "SuiInsufficientUsdc");
      }
    };
    __name(ownerUsdcCoins, "ownerUsdcCoins");
    __name(depositForBurnPtb, "depositForBurnPtb");
    __name(suiBurnV1, "suiBurnV1");
    __name(receiveMessagePtb, "receiveMessagePtb");
    __name(suiReceiveV1, "suiReceiveV1");
  }
});

// server/rails/cctp-v1/index.ts
import { getAddressDecoder as getAddressDecoder3 } from "@solana/kit";
import { hexToBytes as hexToBytes4 } from "viem";
async function burnV1(req) {
  const retiring = retirementBlocker(/* @__PURE__ */ new Date());
  if (retiring) return { ok: false, blocker: retiring };
  const { source, sourceAddress, burnAmount, mintRecipient, serviceFee } = req;
  const domain = CCTP_DOMAIN[req.dest];
  if (isEvmChain(source)) {
    const messenger = TOKEN_MESSENGER[source];
    if (!messenger) throw new Error(`no CCTP V1 TokenMessenger known on ${source}`);
    const burn = depositForBurnV1(source, messenger, domain, burnAmount, mintRecipient);
    return { ok: true, transactions: evmBurnTransactions(req, source, messenger, "TokenMessenger", burn, "CCTP V1") };
  }
  if (source === "svm-chain") {
    try {
      const { payload, eventAccount } = await solanaBurnV1(sourceAddress, burnAmount, domain, mintRecipient, feeTransferOf(serviceFee));
      const description = `${burnDescription(req, "CCTP V1 deposit_for_burn")}${feeClause(serviceFee)}; the MessageSent event account ${eventAccount} has already signed (its rent is yours to reclaim)`;
      return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "solana-v0-message-base64", payload }] };
    } catch (e) {
      if (!(e instanceof RpcUnavailable)) throw e;
      return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
    }
  }
  try {
    const payload = await withRpcTimeout((signal) => suiBurnV1(sourceAddress, burnAmount, domain, mintRecipient, signal, feeTransferOf(serviceFee)));
    const description = `${burnDescription(req, "CCTP V1 deposit_for_burn")}${feeClause(serviceFee)}`;
    return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "sui-transaction-json", payload }] };
  } catch (e) {
    if (e instanceof SuiInsufficientUsdc) return { ok: false, blocker: blocker("insufficient_balance", `The burn needs ${e.needed} micro-USDC on move-chain; ${sourceAddress} holds ${e.held}.`) };
    return { ok: false, blocker: blocker("rpc_unavailable", `The move-chain state the Sui burn is built from (the owner's USDC coins, the CCTP packages' versions) could not be read: ${errorLine(e)}.`) };
  }
}
async function attestationOfEmitted(source, sourceDomain, sourceTxId, message2) {
  const att = await fetchAttestationsV1(sourceDomain, sourceTxId);
  if (att.state === "pending") return { blocker: blocker("attestation_pending", `${att.reason}; try again later.`) };
  if (att.state === "unavailable") return { blocker: blocker("attestation_unavailable", `${att.reason}; try again later.`) };
  const listed = att.messages.flatMap((x) => x.message ? [{ message: x.message, attestation: x.attestation }] : []);
  const same = listed.find((x) => x.message.toLowerCase() === message2.toLowerCase());
  if (same) return { attestation: same.attestation };
  if (listed.length === 0) return { blocker: blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later.") };
  const others = listed.map((x) => x.message).join(", ");
  return {
    blocker: blocker(
      "burn_not_found",
      `Circle's attestation service lists for ${sourceTxId} a message other than the one ${source}'s transaction emitted (emitted ${message2}; listed ${others}); no transaction is built.`
    )
  };
}
async function rescueV1(p, planRecipient, sourceTxId) {
  const none = noRescue;
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const route = await lockedRoute(p, planRecipient);
  if ("blockers" in route) return route;
  const { locked, sourceDomain, destDomain } = route;
  const routed = /* @__PURE__ */ __name((m) => {
    const b2 = parseBurnMessage(m);
    return b2 && b2.sourceDomain === sourceDomain && b2.destinationDomain === destDomain ? [{ m, b: b2 }] : [];
  }, "routed");
  const lockedBurn = /* @__PURE__ */ __name((ours) => ours.find((x) => x.b.mintRecipient.toLowerCase() === locked) ?? {
    blocker: blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`)
  }, "lockedBurn");
  let message2;
  let b;
  let attestation = null;
  if (isEvmChain(p.source)) {
    const read = await readBurnMessages(p.source, sourceTxId);
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap(routed);
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine2 = lockedBurn(ours);
    if ("blocker" in mine2) return none(mine2.blocker);
    ({ m: message2, b } = mine2);
  } else if (p.source === "move-chain") {
    const read = await readSuiBurn(sourceTxId);
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap(routed);
    if (ours.length === 0) {
      return none(blocker("burn_not_found", `${sourceTxId} emitted no CCTP MessageSent event from domain ${sourceDomain} to domain ${destDomain} (${p.dest}) on ${p.source}.`));
    }
    const mine2 = lockedBurn(ours);
    if ("blocker" in mine2) return none(mine2.blocker);
    const stated = read.burns.find((e) => e.destinationDomain === mine2.b.destinationDomain && e.mintRecipient.toLowerCase() === mine2.b.mintRecipient.toLowerCase() && BigInt(e.amount) === mine2.b.amount);
    if (!stated) {
      const seen = read.burns.map((e) => `${e.amount} to ${e.mintRecipient} on domain ${e.destinationDomain}`).join("; ") || "none";
      return none(
        blocker(
          "burn_not_found",
          `${sourceTxId}'s MessageSent burns ${mine2.b.amount} micro-USDC to ${mine2.b.mintRecipient} on domain ${mine2.b.destinationDomain}, but no DepositForBurn event of Circle's TokenMessengerMinter states that burn (events: ${seen}).`
        )
      );
    }
    ({ m: message2, b } = mine2);
  } else {
    const att = await fetchAttestationsV1(sourceDomain, sourceTxId);
    if (att.state === "pending") return none(blocker("attestation_pending", `${att.reason}; try again later.`));
    if (att.state === "unavailable") return none(blocker("attestation_unavailable", `${att.reason}; try again later.`));
    const ours = att.messages.flatMap((x) => x.message ? routed(x.message).map((r) => ({ ...r, a: x.attestation })) : []);
    if (ours.length === 0) return none(blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later."));
    const mine2 = lockedBurn(ours);
    if ("blocker" in mine2) return none(mine2.blocker);
    ({ m: message2, b } = mine2);
    attestation = mine2.a;
  }
  const burn = { sourceTxId, nonce: b.nonce.toString(), amountMicros: b.amount.toString(), mintRecipient: b.mintRecipient, message: message2, attestation: null };
  const settled = p.source === "svm-chain" ? {} : { settledBurn: { amount: b.amount } };
  if (isEvmChain(p.source)) {
    const att = await fetchAttestation(sourceDomain, sourceTxId, message2);
    if (att.state === "pending") return { blockers: [blocker("attestation_pending", `${att.reason}; try again later.`)], transactions: [], burn, ...settled };
    if (att.state === "unavailable") return { blockers: [blocker("attestation_unavailable", `${att.reason}; try again later.`)], transactions: [], burn, ...settled };
    attestation = att.attestation;
  }
  if (p.source === "move-chain") {
    const att = await attestationOfEmitted(p.source, sourceDomain, sourceTxId, message2);
    if ("blocker" in att) return { blockers: [att.blocker], transactions: [], burn, ...settled };
    attestation = att.attestation;
  }
  if (!attestation) return { blockers: [blocker("attestation_pending", "Circle has not attested the burn yet (waiting for source-chain finality); try again later.")], transactions: [], burn, ...settled };
  burn.attestation = attestation;
  const mint = { amount: b.amount, fee: 0n };
  const description = `Mint ${b.amount} micro-USDC on ${p.dest} with CCTP V1 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${b.nonce}); the message fixes the recipient ${p.destAddress}`;
  if (isEvmChain(p.dest)) {
    const transmitter = MESSAGE_TRANSMITTER[p.dest];
    if (!transmitter) return none(blocker("adapter_not_ready", `No CCTP V1 MessageTransmitter is known on ${p.dest}.`));
    const payload = evmCall(p.dest, transmitter, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [message2, attestation]);
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload }], burn, mint, ...settled };
  }
  try {
    if (p.dest === "svm-chain") {
      const recipientAccount = getAddressDecoder3().decode(hexToBytes4(b.mintRecipient));
      const ix = await receiveMessageInstructionV1(p.destAddress, message2, attestation, sourceDomain, b.burnToken, b.nonce, recipientAccount);
      const payload2 = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
      return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload: payload2 }], burn, mint, ...settled };
    }
    const payload = await withRpcTimeout((signal) => suiReceiveV1(p.destAddress, message2, attestation, signal));
    const sim = await simulateTransactions([{ chain: p.dest, kind: "receive", description, encoding: "sui-transaction-json", payload }], p.destAddress);
    if (sim.blocker) return { blockers: [sim.blocker], transactions: [], burn, ...settled };
    return { blockers: [], transactions: sim.transactions, burn, mint, ...settled };
  } catch (e) {
    if (e instanceof RpcUnavailable) return { blockers: [blocker("rpc_unavailable", e.message)], transactions: [], burn, ...settled };
    return { blockers: [blocker("rpc_unavailable", `The ${p.dest} state the receive is built from could not be read: ${errorLine(e)}.`)], transactions: [], burn, ...settled };
  }
}
var cctpV1;
var init_cctp_v1 = __esm({
  "server/rails/cctp-v1/index.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_solana();
    init_codes();
    init_errors();
    init_simulate4();
    init_abi4();
    init_messages();
    init_domains();
    init_plan();
    init_rescue();
    init_solana2();
    init_attestation();
    init_evm3();
    init_solana3();
    init_retirement();
    init_sui2();
    init_cctp_burns();
    __name(burnV1, "burnV1");
    __name(attestationOfEmitted, "attestationOfEmitted");
    __name(rescueV1, "rescueV1");
    cctpV1 = {
      id: "circle-cctp-v1",
      label: "Circle CCTP V1",
      speeds: [],
      attestationApi: "CCTP V1: /v1/messages",
      // Every chain with a CCTP domain runs V1; the registry asks V2 first.
      supports: /* @__PURE__ */ __name((source, dest) => source in CCTP_DOMAIN && dest in CCTP_DOMAIN, "supports"),
      speedFor(source, dest, requested) {
        if (requested === "fast") {
          throw fieldError(
            "INVALID_REQUEST",
            "body.speed",
            `"fast" is only offered on CCTP V2 routes, and ${source} \u2192 ${dest} runs on CCTP V1 (${CCTP_V2_CHAINS.has(source) ? dest : source} has no V2)`
          );
        }
        return null;
      },
      domain: /* @__PURE__ */ __name((chain) => CCTP_DOMAIN[chain], "domain"),
      mintRecipient: mintRecipientFor,
      fee: /* @__PURE__ */ __name(async () => ({ fee: { amountMicros: 0n, bps: "0", maxFeeMicros: null, source: null, reason: "CCTP V1 takes no protocol fee" }, blocker: null }), "fee"),
      feeLabel: /* @__PURE__ */ __name(() => "Rail fee: Circle CCTP V1 (no protocol fee)", "feeLabel"),
      risks: /* @__PURE__ */ __name(() => [
        "Cross-chain transfers are not instant: Circle attests the burn after source-chain finality (minutes on Base and Arbitrum), then the USDC is minted on the destination chain.",
        "This route uses CCTP V1 because one end (move-chain) has no CCTP V2: Circle runs only V1 on move-chain today (its bridge kit, @circle-fin/bridge-kit 1.15.1, lists only V1 contracts for Sui), and a V1 burn can only be received by V1, so sign the burn only if it can also be received before V1 stops attesting.",
        retirementRisk(),
        ...COMMON_RISKS
      ], "risks"),
      burn: burnV1,
      rescue: rescueV1,
      receiver: /* @__PURE__ */ __name((dest) => dest === "svm-chain" ? MESSAGE_TRANSMITTER_V1_PROGRAM : dest === "move-chain" ? SUI_MESSAGE_TRANSMITTER : MESSAGE_TRANSMITTER[dest] ?? null, "receiver"),
      burner: /* @__PURE__ */ __name((source) => isEvmChain(source) ? TOKEN_MESSENGER[source] ?? null : null, "burner")
    };
  }
});

// server/rails/cctp-v2/attestation.ts
async function irisGet(path7) {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res;
  try {
    res = await countedFetch("cctp-attestation")(`${root()}${path7}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: /abort|timeout/i.test(msg) ? `Circle's API did not answer within ${timeoutMs} ms` : "Circle's API is unreachable" };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) return { ok: false, reason: "Circle's API answered something that is not JSON" };
  }
  return { ok: true, status: res.status, body };
}
async function fetchBurnFees(sourceDomain, destDomain) {
  const r = await irisGet(`/v2/burn/USDC/fees/${sourceDomain}/${destDomain}`);
  if (!r.ok) return r;
  if (r.status !== 200) return { ok: false, reason: `Circle's fee API answered HTTP ${r.status}` };
  const list = r.body;
  if (!Array.isArray(list)) return { ok: false, reason: "Circle's fee API answer is not a list of fee tiers" };
  const tiers = [];
  for (const t of list) {
    const fee = typeof t?.minimumFee === "number" ? String(t.minimumFee) : t?.minimumFee;
    if (typeof t?.finalityThreshold !== "number" || typeof fee !== "string" || !/^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/.test(fee)) {
      return { ok: false, reason: "Circle's fee API answer has a tier without a numeric finalityThreshold and minimumFee" };
    }
    tiers.push({ finalityThreshold: t.finalityThreshold, minimumFeeBps: fee });
  }
  return { ok: true, tiers };
}
function feeOf(amount, bps2) {
  const [whole = "0", frac = ""] = bps2.split(".");
  const scale = 10n ** BigInt(frac.length);
  const num = amount * BigInt(whole + frac);
  const den = 10000n * scale;
  return (num + den - 1n) / den;
}
function maxFeeFor(speed, fee) {
  return speed === "standard" ? 0n : fee + fee / 10n;
}
async function fetchAttestationsV2(sourceDomain, txHash) {
  const r = await irisGet(`/v2/messages/${sourceDomain}?transactionHash=${encodeURIComponent(txHash)}`);
  if (!r.ok) return { state: "unavailable", reason: r.reason.replace("Circle's API", "the attestation service") };
  if (r.status === 404) return { state: "pending", reason: "the attestation service does not know the burn yet (not indexed)" };
  if (r.status !== 200) return { state: "unavailable", reason: `the attestation service answered HTTP ${r.status}` };
  const list = r.body?.messages;
  if (!Array.isArray(list)) return { state: "unavailable", reason: "the attestation service's answer has no messages[]" };
  const hex2 = /* @__PURE__ */ __name((v) => typeof v === "string" && /^0x([0-9a-fA-F]{2})+$/.test(v) ? v : null, "hex");
  return {
    state: "ok",
    messages: list.map((m) => ({
      message: hex2(m?.message),
      attestation: hex2(m?.attestation),
      status: typeof m?.status === "string" ? m.status : "unknown"
    }))
  };
}
var root;
var init_attestation2 = __esm({
  "server/rails/cctp-v2/attestation.ts"() {
    "use strict";
    init_config();
    init_metrics();
    init_cctp_messages();
    root = /* @__PURE__ */ __name(() => config().SVC_CCTP_ATTESTATION_URL.replace(/\/+$/, ""), "root");
    __name(irisGet, "irisGet");
    __name(fetchBurnFees, "fetchBurnFees");
    __name(feeOf, "feeOf");
    __name(maxFeeFor, "maxFeeFor");
    __name(fetchAttestationsV2, "fetchAttestationsV2");
  }
});

// server/rails/cctp-v2/evm.ts
function depositForBurnV2(source, destinationDomain, amount, mintRecipient, maxFee, speed) {
  return evmCall(source, TOKEN_MESSENGER_V2, TOKEN_MESSENGER_V2_ABI, "depositForBurn", [amount, destinationDomain, mintRecipient, USDC[source], ANY_CALLER, maxFee, FINALITY_THRESHOLD[speed]]);
}
function receiveMessageV2(dest, message2, attestation) {
  return evmCall(dest, MESSAGE_TRANSMITTER_V2, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [message2, attestation]);
}
var FINALITY_THRESHOLD, ANY_CALLER;
var init_evm4 = __esm({
  "server/rails/cctp-v2/evm.ts"() {
    "use strict";
    init_balances2();
    init_evm();
    init_cctp_ids();
    init_abi4();
    FINALITY_THRESHOLD = { fast: 1e3, standard: 2e3 };
    ANY_CALLER = `0x${"0".repeat(64)}`;
    __name(depositForBurnV2, "depositForBurnV2");
    __name(receiveMessageV2, "receiveMessageV2");
  }
});

// server/rails/cctp-v2/solana.ts
import { address as address10 } from "@solana/kit";
import { findAssociatedTokenPda as findAssociatedTokenPda8, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS11 } from "@solana-program/token";
import { hexToBytes as hexToBytes5 } from "viem";
async function depositForBurnInstruction(owner, eventAccount, amount, destinationDomain, mintRecipient, maxFee, speed) {
  return depositForBurnIx(SOLANA_CCTP_V2, owner, eventAccount, destinationDomain, {
    amount,
    destination_domain: destinationDomain,
    mint_recipient: hexToBytes5(mintRecipient, { size: 32 }),
    destination_caller: new Uint8Array(32),
    // Pubkey::default(): anyone may receive
    max_fee: maxFee,
    min_finality_threshold: FINALITY_THRESHOLD[speed]
  });
}
async function solanaBurnV2(owner, amount, destinationDomain, mintRecipient, maxFee, speed, fee = null) {
  return burnWithEventAccount(owner, (eventAccount) => depositForBurnInstruction(owner, eventAccount, amount, destinationDomain, mintRecipient, maxFee, speed), fee);
}
async function receiveMessageInstruction(payer, message2, attestation, remoteDomain, remoteToken, nonce, recipientTokenAccount, feeRecipient3) {
  const mint = address10(USDC["svm-chain"]);
  const [feeRecipientAta] = await findAssociatedTokenPda8({ owner: address10(feeRecipient3), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS11 });
  return receiveIx(SOLANA_CCTP_V2, payer, message2, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce), recipientTokenAccount, feeRecipientAta);
}
async function readFeeRecipient(signal) {
  const { tokenMessenger } = await receiveMessagePdas(0, `0x${"00".repeat(32)}`, `0x${"00".repeat(32)}`);
  const data = await programAccount(tokenMessenger, TOKEN_MESSENGER_MINTER_V2, "CCTP V2 TokenMessenger", signal, {
    discriminator: TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR,
    minLength: TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET + 32
  });
  return pubkeyAt(data, TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET);
}
var TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR, TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET;
var init_solana4 = __esm({
  "server/rails/cctp-v2/solana.ts"() {
    "use strict";
    init_balances2();
    init_accounts();
    init_solana2();
    init_evm4();
    init_solana2();
    __name(depositForBurnInstruction, "depositForBurnInstruction");
    __name(solanaBurnV2, "solanaBurnV2");
    TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR = new Uint8Array([162, 4, 242, 52, 147, 243, 221, 96]);
    TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET = 109;
    __name(receiveMessageInstruction, "receiveMessageInstruction");
    __name(readFeeRecipient, "readFeeRecipient");
  }
});

// server/rails/cctp-v2/index.ts
import { getAddressDecoder as getAddressDecoder4 } from "@solana/kit";
import { hexToBytes as hexToBytes6 } from "viem";
async function railFeeOf(sourceChain, destChain, amount, speed) {
  const source = `${config().SVC_CCTP_ATTESTATION_URL}/v2/burn/USDC/fees/${CCTP_DOMAIN[sourceChain]}/${CCTP_DOMAIN[destChain]}`;
  const read = amount > 0n ? await fetchBurnFees(CCTP_DOMAIN[sourceChain], CCTP_DOMAIN[destChain]) : { ok: false, reason: "nothing to burn" };
  const tier = read.ok ? read.tiers.find((t) => t.finalityThreshold === FINALITY_THRESHOLD[speed]) : void 0;
  if (tier) {
    const fee = feeOf(amount, tier.minimumFeeBps);
    return { fee: { amountMicros: fee, bps: tier.minimumFeeBps, maxFeeMicros: maxFeeFor(speed, fee), source, reason: null }, blocker: null };
  }
  const reason = read.ok ? `Circle's fee API lists no tier for finality threshold ${FINALITY_THRESHOLD[speed]}` : read.reason;
  if (speed === "standard") {
    return { fee: { amountMicros: null, bps: null, maxFeeMicros: 0n, source, reason: `${reason}; the burn's maxFee is 0, so no rail fee can be taken` }, blocker: null };
  }
  return {
    fee: { amountMicros: null, bps: null, maxFeeMicros: null, source, reason },
    blocker: blocker("quote_unavailable", `The fast transfer's fee is unknown (${reason}), so its maxFee cannot be set; try again or choose speed "standard".`)
  };
}
async function burnV2(req) {
  const { source, sourceAddress, burnAmount, mintRecipient, serviceFee } = req;
  const speed = req.speed ?? "standard";
  const maxFee = req.railFee.maxFeeMicros ?? 0n;
  const domain = CCTP_DOMAIN[req.dest];
  if (isEvmChain(source)) {
    const burn = depositForBurnV2(source, domain, burnAmount, mintRecipient, maxFee, speed);
    const how = `CCTP V2 ${speed} transfer (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${maxFee})`;
    return { ok: true, transactions: evmBurnTransactions(req, source, TOKEN_MESSENGER_V2, "TokenMessengerV2", burn, how) };
  }
  if (source !== "svm-chain") throw new Error(`${source} has no CCTP V2 (a V2 plan cannot start there)`);
  try {
    const { payload, eventAccount } = await solanaBurnV2(sourceAddress, burnAmount, domain, mintRecipient, maxFee, speed, feeTransferOf(serviceFee));
    const how = `CCTP V2 ${speed} transfer deposit_for_burn (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${maxFee})`;
    const description = `${burnDescription(req, how)}${feeClause(serviceFee)}; the MessageSent event account ${eventAccount} has already signed (its rent is yours to reclaim)`;
    return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "solana-v0-message-base64", payload }] };
  } catch (e) {
    if (!(e instanceof RpcUnavailable)) throw e;
    return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
  }
}
async function rescueV2(p, planRecipient, sourceTxId) {
  const none = noRescue;
  if (!isEvmChain(p.dest) && p.dest !== "svm-chain") return none(blocker("adapter_not_ready", `${p.dest} has no CCTP V2 (a V2 plan cannot end there); no receive is built.`));
  if (!isEvmChain(p.source) && p.source !== "svm-chain") return none(blocker("adapter_not_ready", `Reading a CCTP V2 burn on ${p.source} is not built yet.`));
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const route = await lockedRoute(p, planRecipient);
  if ("blockers" in route) return route;
  const { locked, sourceDomain, destDomain } = route;
  let onchain = null;
  let burn = null;
  if (isEvmChain(p.source)) {
    const read = await readBurnMessages(p.source, sourceTxId, MESSAGE_TRANSMITTER_V2);
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap((m) => {
      const b = parseBurnMessageV2(m);
      return b && b.sourceDomain === sourceDomain && b.destinationDomain === destDomain ? [{ m, b }] : [];
    });
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP V2 burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine2 = ours.find((x) => x.b.mintRecipient.toLowerCase() === locked);
    if (!mine2) {
      return none(blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`));
    }
    onchain = mine2.b;
    burn = { sourceTxId, nonce: onchain.nonce, amountMicros: onchain.amount.toString(), mintRecipient: onchain.mintRecipient, message: mine2.m, attestation: null };
  }
  const att = await fetchAttestationsV2(sourceDomain, sourceTxId);
  if (att.state === "pending") return { blockers: [blocker("attestation_pending", `${att.reason}; try again later.`)], transactions: [], burn };
  if (att.state === "unavailable") return { blockers: [blocker("attestation_unavailable", `${att.reason}; try again later.`)], transactions: [], burn };
  const same = /* @__PURE__ */ __name((a, b) => a.sourceDomain === b.sourceDomain && a.destinationDomain === b.destinationDomain && a.mintRecipient.toLowerCase() === b.mintRecipient.toLowerCase() && a.burnToken.toLowerCase() === b.burnToken.toLowerCase() && a.amount === b.amount && a.messageSender.toLowerCase() === b.messageSender.toLowerCase() && a.maxFee === b.maxFee && a.minFinalityThreshold === b.minFinalityThreshold && a.destinationCaller.toLowerCase() === b.destinationCaller.toLowerCase(), "same");
  const routed = att.messages.flatMap((m) => {
    const parsed = m.message ? parseBurnMessageV2(m.message) : null;
    return parsed && m.message && parsed.sourceDomain === sourceDomain && parsed.destinationDomain === destDomain ? [{ ...m, message: m.message, parsed }] : [];
  });
  const listed = routed.filter((m) => onchain ? same(m.parsed, onchain) : m.parsed.mintRecipient.toLowerCase() === locked);
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
  const mint = { amount: minted, fee: done.parsed.feeExecuted };
  const description = `Mint ${minted} micro-USDC (${done.parsed.amount} burned, fee ${done.parsed.feeExecuted}) on ${p.dest} with CCTP V2 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${done.parsed.nonce}); the message fixes the recipient ${p.destAddress}`;
  if (isEvmChain(p.dest)) {
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload: receiveMessageV2(p.dest, done.message, done.attestation) }], burn, mint };
  }
  try {
    const feeRecipient3 = await withRpcTimeout((signal) => readFeeRecipient(signal));
    const recipientAccount = getAddressDecoder4().decode(hexToBytes6(done.parsed.mintRecipient));
    const ix = await receiveMessageInstruction(p.destAddress, done.message, done.attestation, sourceDomain, done.parsed.burnToken, done.parsed.nonce, recipientAccount, feeRecipient3);
    const payload = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload }], burn, mint };
  } catch (e) {
    if (e instanceof RpcUnavailable) return { blockers: [blocker("rpc_unavailable", e.message)], transactions: [], burn };
    return { blockers: [blocker("rpc_unavailable", `The svm-chain CCTP TokenMessenger could not be read: ${errorLine(e)}.`)], transactions: [], burn };
  }
}
var cctpV2;
var init_cctp_v2 = __esm({
  "server/rails/cctp-v2/index.ts"() {
    "use strict";
    init_clients();
    init_evm();
    init_solana();
    init_config();
    init_codes();
    init_messages();
    init_domains();
    init_plan();
    init_rescue();
    init_solana2();
    init_attestation2();
    init_evm4();
    init_solana4();
    __name(railFeeOf, "railFeeOf");
    __name(burnV2, "burnV2");
    __name(rescueV2, "rescueV2");
    cctpV2 = {
      id: "circle-cctp-v2",
      label: "Circle CCTP V2",
      speeds: ["standard", "fast"],
      attestationApi: "CCTP V2: /v2/messages",
      /** V2 where both ends run it; a route with one V1-only end is V1 end to end (V1 and V2 do not interoperate). */
      supports: /* @__PURE__ */ __name((source, dest) => CCTP_V2_CHAINS.has(source) && CCTP_V2_CHAINS.has(dest), "supports"),
      speedFor: /* @__PURE__ */ __name((_source, _dest, requested) => requested ?? "standard", "speedFor"),
      domain: /* @__PURE__ */ __name((chain) => CCTP_DOMAIN[chain], "domain"),
      mintRecipient: mintRecipientFor,
      fee: /* @__PURE__ */ __name((source, dest, burnAmount, speed) => railFeeOf(source, dest, burnAmount, speed ?? "standard"), "fee"),
      feeLabel(speed, fee) {
        const s = speed ?? "standard";
        return fee.amountMicros !== null ? `Rail fee: Circle CCTP V2 ${s} transfer, ${fee.bps} bps from Circle's fee API${s === "fast" ? ` (taken from the minted amount, at most maxFee ${fee.maxFeeMicros})` : ""}` : `Rail fee: Circle CCTP V2 ${s} transfer: unknown (${fee.reason})`;
      },
      risks: /* @__PURE__ */ __name((speed) => [
        speed === "fast" ? "Fast transfer (CCTP V2, finality threshold 1000): Circle attests after soft finality on the source chain (seconds), for a fee taken from the minted amount (at most maxFee)." : "Standard transfer (CCTP V2, finality threshold 2000): Circle attests after hard finality on the source chain (about 15\u201320 minutes on Base and Arbitrum); no rail fee (maxFee 0).",
        ...COMMON_RISKS
      ], "risks"),
      burn: burnV2,
      rescue: rescueV2,
      receiver: /* @__PURE__ */ __name((dest) => isEvmChain(dest) ? MESSAGE_TRANSMITTER_V2 : dest === "svm-chain" ? MESSAGE_TRANSMITTER_V2_PROGRAM : null, "receiver"),
      burner: /* @__PURE__ */ __name((source) => isEvmChain(source) ? TOKEN_MESSENGER_V2 : null, "burner")
    };
  }
});

// server/rails/registry.ts
function railFor(source, dest) {
  const rail = RAILS.find((r) => r.supports(source, dest));
  if (!rail) throw new Error(`no rail carries USDC from ${source} to ${dest}`);
  return rail;
}
function storedRail(stored) {
  return RAILS.find((r) => r.id === stored) ?? cctpV1;
}
var RAILS, RAIL_IDS, BRIDGE_CHAINS;
var init_registry = __esm({
  "server/rails/registry.ts"() {
    "use strict";
    init_domains();
    init_cctp_v1();
    init_cctp_v2();
    RAILS = [cctpV2, cctpV1];
    RAIL_IDS = RAILS.map((r) => r.id);
    BRIDGE_CHAINS = Object.keys(CCTP_DOMAIN);
    __name(railFor, "railFor");
    __name(storedRail, "storedRail");
  }
});

// server/fees/recipient.ts
function feeRecipientVariable(chain) {
  return VARIABLE[chain];
}
function feeRecipient2(chain) {
  return config()[VARIABLE[chain]] ?? null;
}
function serviceFeeOn(chain, amount, bps2) {
  const recipient = feeRecipient2(chain);
  if (recipient === null) {
    return { collected: false, recipient: null, bps: 0, amount: 0n, reason: `no fee recipient is configured on ${chain} (${VARIABLE[chain]}), so no service fee is taken` };
  }
  return { collected: true, recipient, bps: bps2, amount: bpsOf(amount, bps2), reason: null };
}
var VARIABLE;
var init_recipient = __esm({
  "server/fees/recipient.ts"() {
    "use strict";
    init_config();
    init_policy();
    VARIABLE = {
      "move-chain": "SVC_FEE_RECIPIENT_MOVE",
      "svm-chain": "SVC_FEE_RECIPIENT_SVM",
      "evm-a": "SVC_FEE_RECIPIENT_EVM_A",
      "evm-b": "SVC_FEE_RECIPIENT_EVM_B"
    };
    __name(feeRecipientVariable, "feeRecipientVariable");
    __name(feeRecipient2, "feeRecipient");
    __name(serviceFeeOn, "serviceFeeOn");
  }
});

// server/plans/common.ts
function executionBlockers() {
  return config().SVC_EXECUTION_MODE === "disabled" ? [blocker("execution_disabled", "SVC_EXECUTION_MODE is disabled: the plan is computed and stored, but nothing is offered for signing.")] : [];
}
function executionFlags(chain) {
  return { broadcastEnabled: broadcastEnabled(chain), ownerSigning: ownerSigningEnabled(chain), executionMode: config().SVC_EXECUTION_MODE };
}
var NETWORK_FEE;
var init_common = __esm({
  "server/plans/common.ts"() {
    "use strict";
    init_config();
    init_codes();
    init_launch();
    __name(executionBlockers, "executionBlockers");
    __name(executionFlags, "executionFlags");
    NETWORK_FEE = {
      // Sized by POST /svc/gas-sponsor/plan (said in the OpenAPI document, not in a label users read).
      label: "Network fee (gas), paid by the owner's wallet",
      kind: "network",
      amountMicros: null,
      bps: null,
      estimate: true,
      asset: null
    };
  }
});

// server/chains/check-changes.ts
import { normalizeSuiAddress as normalizeSuiAddress10 } from "@mysten/sui/utils";
import { getAddressDecoder as getAddressDecoder5 } from "@solana/kit";
import { hexToBytes as hexToBytes7, zeroAddress } from "viem";
function inUnits(c, amount) {
  const { symbol, decimals, id } = c.asset;
  if (symbol === null || decimals === null) return `${amount} base units of ${id}`;
  const neg = amount < 0n;
  const abs = neg ? -amount : amount;
  const scale = 10n ** BigInt(decimals);
  const frac = decimals ? `.${(abs % scale).toString().padStart(decimals, "0")}` : "";
  return `${neg ? "-" : ""}${abs / scale}${frac} ${symbol}`;
}
function checkChanges(txs, expect) {
  const mine2 = txs.filter((t) => t.chain === expect.chain && t.simulation?.status === "ok");
  if (mine2.length === 0 || mine2.some((t) => t.simulation?.changes?.status !== "ok")) return null;
  const net = /* @__PURE__ */ new Map();
  let gasCharged = 0n;
  for (const t of mine2) {
    gasCharged += BigInt(t.simulation?.gasEstimate ?? "0");
    for (const c of t.simulation?.changes?.balanceChanges ?? []) {
      const key = `${c.owner}|${c.asset.id}`;
      const prior = net.get(key);
      net.set(key, { change: c, amount: (prior?.amount ?? 0n) + BigInt(c.amount) });
    }
  }
  const problems = [];
  const isOwner = /* @__PURE__ */ __name((a) => sameAddress2(expect.chain, a, expect.owner), "isOwner");
  const owned = /* @__PURE__ */ __name((asset) => [...net.values()].filter((n) => isOwner(n.change.owner) && sameAsset(expect.chain, n.change.asset.id, asset)), "owned");
  const native = /* @__PURE__ */ __name((asset) => asset === "native", "native");
  const svmCost = expect.chain === "svm-chain" && mine2.every((t) => t.simulation?.fee) ? mine2.reduce((sum, t) => sum + BigInt(t.simulation?.fee?.amount ?? "0") + BigInt(t.simulation?.changes?.rent ?? "0"), 0n) : null;
  const networkCost = expect.chain === "svm-chain" ? svmCost : gasCharged;
  for (const s of expect.spends) {
    const simulated = owned(s.asset).reduce((sum, n) => sum + n.amount, 0n);
    const sample = owned(s.asset)[0]?.change ?? { asset: changedAsset(expect.chain, s.asset) };
    const agrees = !native(s.asset) ? simulated === -s.amount : simulated <= -s.amount && (networkCost === null || simulated >= -s.amount - networkCost);
    if (!agrees) problems.push(`you send ${inUnits(sample, s.amount)}${native(s.asset) ? " and the network fee" : ""} by the plan, the simulation sends ${inUnits(sample, -simulated)}`);
  }
  const named = /* @__PURE__ */ __name((a) => isOwner(a) || [...expect.recipients ?? [], ...(expect.pays ?? []).map((p) => p.to)].some((r) => sameAddress2(expect.chain, r, a)), "named");
  const isVenue = /* @__PURE__ */ __name((a) => (expect.venues ?? []).some((v) => sameAddress2(expect.chain, v, a)), "isVenue");
  const spent = /* @__PURE__ */ __name((asset) => expect.spends.find((x) => sameAsset(expect.chain, x.asset, asset)), "spent");
  const received = /* @__PURE__ */ __name((asset) => (expect.receives ?? []).some((r) => sameAsset(expect.chain, r.asset, asset)), "received");
  const transfers = mine2.flatMap((t) => t.simulation?.changes?.transfers ?? []);
  const byTransfers = mine2.some((t) => t.simulation?.changes?.transfers !== void 0);
  const unit = /* @__PURE__ */ __name((token4) => ({ asset: changedAssetLike(expect.chain, token4, net) }), "unit");
  const burnsIt = /* @__PURE__ */ __name((at, token4) => expect.burn !== void 0 && sameAsset(expect.chain, token4, expect.burn.asset) && transfers.some((u2) => sameAddress2(expect.chain, u2.from, at) && sameAddress2(expect.chain, u2.to, zeroAddress) && sameAsset(expect.chain, u2.token, token4)), "burnsIt");
  const railFeeOf2 = /* @__PURE__ */ __name((asset, amount) => expect.railFee !== void 0 && expect.railFee.amount > 0n && amount === expect.railFee.amount && sameAsset(expect.chain, asset, expect.railFee.asset), "railFeeOf");
  const burn = expect.burn;
  if (burn) problems.push(...burnProblems(mine2, expect, burn, (a) => inUnits(unit(burn.asset), a)));
  for (const t of transfers) {
    const amount = BigInt(t.amount);
    const burned = expect.sharesMayLeave && sameAddress2(expect.chain, t.to, zeroAddress) && !received(t.token);
    const anywhere = expect.spentToAnyAddress && spent(t.token) || burnsIt(t.to, t.token);
    if (isOwner(t.from) && !burned && !anywhere && !isVenue(t.to) && !named(t.to)) problems.push(`${inUnits(unit(t.token), amount)} goes from your wallet to ${t.to}, which is not the venue's`);
    if (sameAddress2(expect.chain, t.from, zeroAddress) && !named(t.to) && !railFeeOf2(t.token, amount)) problems.push(`${inUnits(unit(t.token), amount)} is minted to ${t.to}, not to you`);
  }
  for (const t of mine2) {
    const target = t.encoding === "evm-call" ? t.payload.to : void 0;
    for (const a of t.simulation?.changes?.approvals ?? []) {
      const amount = BigInt(a.amount);
      if (amount === 0n || target !== void 0 && !sameAddress2(expect.chain, target, a.token)) continue;
      const s = spent(a.token);
      const approves = burn && s && sameAsset(expect.chain, a.token, burn.asset) ? burn.amount : s?.amount;
      if (!s || !isVenue(a.spender) || amount !== approves) {
        problems.push(`an approval of ${inUnits(unit(a.token), amount)} to ${a.spender}; the plan approves ${approves !== void 0 ? inUnits(unit(a.token), approves) : "nothing"} of it${s ? " to the contract it calls" : ""}`);
      }
    }
  }
  for (const { change, amount } of net.values()) {
    if (amount === 0n) continue;
    const asset = change.asset.id;
    if (sameAddress2(expect.chain, change.owner, zeroAddress)) continue;
    if (isOwner(change.owner)) {
      if (amount > 0n || spent(asset)) continue;
      if (expect.sharesMayLeave && asset !== "native" && !received(asset)) continue;
      if (asset === "native" && (networkCost === null || -amount <= networkCost)) continue;
      const disclosed = asset === "native" && networkCost !== null ? `; the plan discloses ${inUnits(change, networkCost)} of network fee${expect.chain === "svm-chain" ? " and rent" : ""}` : "";
      problems.push(`${inUnits(change, -amount)} leaves your wallet that the plan does not spend${disclosed}`);
      continue;
    }
    if (byTransfers && !named(change.owner)) continue;
    if (amount < 0n && received(asset)) continue;
    if (amount < 0n) {
      problems.push(`${inUnits(change, -amount)} leaves ${change.owner}, which the plan does not name`);
      continue;
    }
    if ((expect.recipients ?? []).some((r) => sameAddress2(expect.chain, r, change.owner))) continue;
    if (railFeeOf2(asset, amount)) continue;
    if (expect.venueTakesSpent && spent(asset) && !(expect.pays ?? []).some((p) => sameAddress2(expect.chain, p.to, change.owner))) continue;
    const fee = (expect.pays ?? []).find((p) => sameAddress2(expect.chain, p.to, change.owner) && sameAsset(expect.chain, p.asset, asset));
    if (fee && fee.amount === amount) continue;
    problems.push(
      fee ? `${change.owner} receives ${inUnits(change, amount)}; the plan discloses ${inUnits(change, fee.amount)}` : `${inUnits(change, amount)} goes to ${change.owner}, which the plan does not name`
    );
  }
  for (const r of expect.receives ?? []) {
    const got = owned(r.asset).reduce((sum, n) => sum + n.amount, 0n);
    const gas = native(r.asset) && expect.chain !== "svm-chain" ? gasCharged : 0n;
    if (got + gas < r.atLeast || expect.receivesExactly && got !== r.atLeast) problems.push(`you receive ${inUnits(unit(r.asset), r.atLeast)} by the plan, the simulation gives you ${inUnits(unit(r.asset), got)}`);
    else if (expect.sharesMayLeave && got > 0n) problems.push(...overRedeemed(expect, [...net.values()].filter((n) => isOwner(n.change.owner)), r, got, inUnits(unit(r.asset), r.atLeast)));
  }
  for (const fee of expect.pays ?? []) {
    const got = [...net.values()].find((n) => sameAddress2(expect.chain, n.change.owner, fee.to) && sameAsset(expect.chain, n.change.asset.id, fee.asset));
    if (!got || got.amount === 0n) problems.push(`the plan pays ${inUnits(unit(fee.asset), fee.amount)} to ${fee.to}, who receives nothing`);
  }
  if (problems.length === 0) return null;
  return blocker("simulation_mismatch", `The chain's simulation on ${expect.chain} differs from the plan: ${problems.join("; ")}. Nothing is offered for signing.`);
}
function overRedeemed(expect, owners, r, got, asked) {
  const sameAs = /* @__PURE__ */ __name((a, b) => expect.chain === "move-chain" ? sameSuiCoinType(a, b) : sameAddress(a, b), "sameAs");
  const out = [];
  const left = owners.filter(({ change, amount }) => amount < 0n && change.asset.id !== "native" && !sameAs(change.asset.id, r.asset) && !expect.spends.some((x) => sameAs(x.asset, change.asset.id)));
  for (const { change, amount } of left) {
    const shares = -amount;
    const needed = (r.atLeast * shares + got - 1n) / got;
    if (shares > needed + needed / 10000n + 1n) out.push(`${inUnits(change, shares)} leave your wallet; at the simulation's rate ${inUnits(change, needed)} pay the ${asked} the plan withdraws`);
  }
  const got1 = owners.find(({ change }) => sameAs(change.asset.id, r.asset))?.change;
  if (left.length === 0 && got > r.atLeast + r.atLeast / 10000n + 1n && got1) out.push(`you withdraw ${asked} by the plan, the simulation withdraws ${inUnits(got1, got)}`);
  return out;
}
function burnProblems(mine2, expect, burn, units) {
  if (!mine2.some((t) => t.simulation?.changes?.burns !== void 0)) return [];
  const burns = mine2.flatMap((t) => t.simulation?.changes?.burns ?? []);
  const ok3 = /* @__PURE__ */ __name((b) => BigInt(b.amount) === burn.amount && b.destinationDomain === burn.destinationDomain && b.mintRecipient.toLowerCase() === burn.mintRecipient.toLowerCase() && sameAsset(expect.chain, burnTokenOf(expect.chain, b.burnToken), burn.asset), "ok");
  if (burns.length === 1 && burns.every(ok3)) return [];
  const plan2 = `the plan burns ${units(burn.amount)} minted to the owner-locked destination ${burn.mintRecipient} on domain ${burn.destinationDomain}`;
  if (burns.length === 0) return [`${plan2}; the simulation sends no burn message`];
  return [`${plan2}; the simulation's burn message${burns.length > 1 ? "s" : ""}: ${burns.map((b) => `${units(BigInt(b.amount))} minted to ${b.mintRecipient} on domain ${b.destinationDomain}`).join(", ")}`];
}
function burnTokenOf(chain, bytes32) {
  if (chain === "svm-chain") return getAddressDecoder5().decode(hexToBytes7(bytes32));
  if (chain === "move-chain") return bytes32.toLowerCase() === suiCctpTokenId(USDC["move-chain"]) ? USDC["move-chain"] : bytes32;
  return `0x${bytes32.slice(-40)}`;
}
function changedAssetLike(chain, token4, net) {
  for (const { change } of net.values()) if (sameAsset(chain, change.asset.id, token4)) return change.asset;
  return changedAsset(chain, token4);
}
var sameAddress2, sameAsset;
var init_check_changes = __esm({
  "server/chains/check-changes.ts"() {
    "use strict";
    init_codes();
    init_address();
    init_changes();
    init_balances2();
    init_cctp_burns();
    sameAddress2 = /* @__PURE__ */ __name((chain, a, b) => chain === "move-chain" ? normalizeSuiAddress10(a) === normalizeSuiAddress10(b) : sameAddress(a, b), "sameAddress");
    sameAsset = /* @__PURE__ */ __name((chain, a, b) => chain === "move-chain" ? sameSuiCoinType(a, b) : sameAddress(a, b), "sameAsset");
    __name(inUnits, "inUnits");
    __name(checkChanges, "checkChanges");
    __name(overRedeemed, "overRedeemed");
    __name(burnProblems, "burnProblems");
    __name(burnTokenOf, "burnTokenOf");
    __name(changedAssetLike, "changedAssetLike");
  }
});

// server/plans/bridge-changes.ts
function burnExpectation(leg2) {
  const usdc2 = USDC[leg2.source];
  const { serviceFee } = leg2;
  return {
    chain: leg2.source,
    owner: leg2.owner,
    spends: [{ asset: usdc2, amount: leg2.amount }],
    pays: serviceFee.collected && serviceFee.amount > 0n ? [{ to: serviceFee.recipient, asset: usdc2, amount: serviceFee.amount }] : [],
    venues: leg2.burner ? [leg2.burner] : [],
    burn: { asset: usdc2, amount: leg2.burnAmount, destinationDomain: leg2.destinationDomain, mintRecipient: leg2.mintRecipient }
  };
}
function receiveExpectation(dest, destAddress, mint) {
  const usdc2 = USDC[dest];
  return { chain: dest, owner: destAddress, spends: [], receives: [{ asset: usdc2, atLeast: mint.amount }], receivesExactly: true, railFee: { asset: usdc2, amount: mint.fee } };
}
var init_bridge_changes = __esm({
  "server/plans/bridge-changes.ts"() {
    "use strict";
    init_balances2();
    __name(burnExpectation, "burnExpectation");
    __name(receiveExpectation, "receiveExpectation");
  }
});

// lib/destination.ts
import {
  MOVE_STDLIB_ADDRESS,
  normalizeSuiAddress as normalizeSuiAddress11,
  SUI_CLOCK_OBJECT_ID,
  SUI_COIN_REGISTRY_OBJECT_ID,
  SUI_DENY_LIST_OBJECT_ID,
  SUI_FRAMEWORK_ADDRESS,
  SUI_RANDOM_OBJECT_ID,
  SUI_SYSTEM_ADDRESS,
  SUI_SYSTEM_STATE_OBJECT_ID
} from "@mysten/sui/utils";
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from "@solana-program/compute-budget";
import { SYSTEM_PROGRAM_ADDRESS as SYSTEM_PROGRAM_ADDRESS3 } from "@solana-program/system";
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS as ASSOCIATED_TOKEN_PROGRAM_ADDRESS2, TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM_ADDRESS12 } from "@solana-program/token";
import { address as address11, isOffCurveAddress } from "@solana/kit";
import {
  AddressLookupTableProgram,
  BPF_LOADER_DEPRECATED_PROGRAM_ID,
  BPF_LOADER_PROGRAM_ID,
  Ed25519Program,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_EPOCH_SCHEDULE_PUBKEY,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  SYSVAR_RECENT_BLOCKHASHES_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  SYSVAR_REWARDS_PUBKEY,
  SYSVAR_SLOT_HASHES_PUBKEY,
  SYSVAR_SLOT_HISTORY_PUBKEY,
  SYSVAR_STAKE_HISTORY_PUBKEY,
  Secp256k1Program,
  StakeProgram,
  VOTE_PROGRAM_ID
} from "@solana/web3.js";
import { getAddress as getAddress9, zeroAddress as zeroAddress2 } from "viem";
function wellFormed(family, a) {
  if (family === "sui") return /^0x[0-9a-fA-F]{64}$/.test(a);
  if (family === "evm") return /^0x[0-9a-fA-F]{40}$/.test(a);
  if (!B582.test(a)) return false;
  try {
    address11(a);
    return true;
  } catch {
    return false;
  }
}
function comparable(family, a) {
  return family === "sui" ? /^0x[0-9a-fA-F]{1,64}$/.test(a) : wellFormed(family, a);
}
function canonical2(family, a) {
  if (family === "sui") return normalizeSuiAddress11(a);
  if (family === "evm") return a.toLowerCase();
  return a;
}
function tokenAddresses(chain) {
  const family = RECIPIENT_FAMILY[chain];
  return KNOWN_TOKENS[chain].map((t) => ({
    address: family === "sui" ? t.address.split("::")[0] ?? t.address : t.address,
    label: `the ${t.symbol} ${TOKEN_KIND[family]} on ${chain}`
  }));
}
function systemAddresses(family) {
  if (family === "solana") {
    const programs = [
      [SYSTEM_PROGRAM_ADDRESS3, "the Solana System Program (the all-zero address)"],
      [TOKEN_PROGRAM_ADDRESS12, "the SPL Token program"],
      [ASSOCIATED_TOKEN_PROGRAM_ADDRESS2, "the Associated Token Account program"],
      [COMPUTE_BUDGET_PROGRAM_ADDRESS, "the Compute Budget program"],
      [StakeProgram.programId.toBase58(), "the Stake program"],
      [VOTE_PROGRAM_ID.toBase58(), "the Vote program"],
      [AddressLookupTableProgram.programId.toBase58(), "the Address Lookup Table program"],
      [Ed25519Program.programId.toBase58(), "the Ed25519 signature program"],
      [Secp256k1Program.programId.toBase58(), "the Secp256k1 signature program"],
      [BPF_LOADER_PROGRAM_ID.toBase58(), "the BPF loader"],
      [BPF_LOADER_DEPRECATED_PROGRAM_ID.toBase58(), "the deprecated BPF loader"],
      [SYSVAR_CLOCK_PUBKEY.toBase58(), "the Clock sysvar"],
      [SYSVAR_EPOCH_SCHEDULE_PUBKEY.toBase58(), "the EpochSchedule sysvar"],
      [SYSVAR_INSTRUCTIONS_PUBKEY.toBase58(), "the Instructions sysvar"],
      [SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBase58(), "the RecentBlockhashes sysvar"],
      [SYSVAR_RENT_PUBKEY.toBase58(), "the Rent sysvar"],
      [SYSVAR_REWARDS_PUBKEY.toBase58(), "the Rewards sysvar"],
      [SYSVAR_SLOT_HASHES_PUBKEY.toBase58(), "the SlotHashes sysvar"],
      [SYSVAR_SLOT_HISTORY_PUBKEY.toBase58(), "the SlotHistory sysvar"],
      [SYSVAR_STAKE_HISTORY_PUBKEY.toBase58(), "the StakeHistory sysvar"],
      [SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2, "Circle's CCTP token_messenger_minter_v2 program"],
      [SOLANA_CCTP_PROGRAMS.messageTransmitterV2, "Circle's CCTP message_transmitter_v2 program"],
      [SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1, "Circle's CCTP token_messenger_minter program"],
      [SOLANA_CCTP_PROGRAMS.messageTransmitterV1, "Circle's CCTP message_transmitter program"]
    ];
    return programs.map(([a, label]) => ({ address: a, label }));
  }
  if (family === "sui") {
    const ids11 = [
      [MOVE_STDLIB_ADDRESS, "the Move standard library package (0x1)"],
      [SUI_FRAMEWORK_ADDRESS, "the Sui framework package (0x2)"],
      [SUI_SYSTEM_ADDRESS, "the Sui system package (0x3)"],
      [SUI_SYSTEM_STATE_OBJECT_ID, "the Sui system state object (0x5)"],
      [SUI_CLOCK_OBJECT_ID, "the Sui clock object (0x6)"],
      [SUI_RANDOM_OBJECT_ID, "the Sui randomness object (0x8)"],
      [SUI_COIN_REGISTRY_OBJECT_ID, "the Sui coin registry object (0xc)"],
      [SUI_DENY_LIST_OBJECT_ID, "the Sui deny list object (0x403)"],
      [SUI_TOKEN_MESSENGER_MINTER, "Circle's CCTP token_messenger_minter package"],
      [SUI_MESSAGE_TRANSMITTER, "Circle's CCTP message_transmitter package"],
      [SUI_TOKEN_MESSENGER_MINTER_STATE, "Circle's CCTP token_messenger_minter state object"],
      [SUI_MESSAGE_TRANSMITTER_STATE, "Circle's CCTP message_transmitter state object"],
      [SUI_USDC_TREASURY, "Circle's USDC treasury object"]
    ];
    return ids11.map(([a, label]) => ({ address: a, label }));
  }
  return [
    { address: TOKEN_MESSENGER_V2, label: "Circle's CCTP TokenMessengerV2 contract" },
    { address: MESSAGE_TRANSMITTER_V2, label: "Circle's CCTP MessageTransmitterV2 contract" }
  ];
}
function knownAddresses(chain) {
  const family = RECIPIENT_FAMILY[chain];
  const evmV1 = [];
  const tm = TOKEN_MESSENGER[chain];
  const mt = MESSAGE_TRANSMITTER[chain];
  if (tm) evmV1.push({ address: tm, label: `Circle's CCTP TokenMessenger contract on ${chain}` });
  if (mt) evmV1.push({ address: mt, label: `Circle's CCTP MessageTransmitter contract on ${chain}` });
  return [...systemAddresses(family), ...tokenAddresses(chain), ...evmV1];
}
function notAWallet(label) {
  return `This is ${label}, not a wallet: funds sent there are lost.`;
}
function badChecksum(a) {
  const hex2 = a.slice(2);
  if (hex2 === hex2.toLowerCase() || hex2 === hex2.toUpperCase()) return false;
  return getAddress9(a) !== a;
}
function recipientProblem(chain, a, more = []) {
  const family = RECIPIENT_FAMILY[chain];
  if (!wellFormed(family, a)) return FORMAT[family];
  const c = canonical2(family, a);
  if (family !== "solana" && c === canonical2(family, ZERO[family])) return ZERO_ADDRESS_REASON;
  const known = [...knownAddresses(chain), ...more].find((k) => comparable(family, k.address) && canonical2(family, k.address) === c);
  if (known) return notAWallet(known.label);
  if (family === "evm" && badChecksum(a)) return CHECKSUM_REASON;
  if (family === "solana" && isOffCurveAddress(address11(a))) return OFF_CURVE_REASON;
  return null;
}
function contractCodeReason(chain) {
  return `This address holds contract code on ${chain}: funds sent to a contract that cannot move them are lost. If this contract can receive USDC (a multisig, for example), confirm it with destIsContract: true.`;
}
var RECIPIENT_FAMILY, FORMAT, B582, ZERO, TOKEN_KIND, ZERO_ADDRESS_REASON, CHECKSUM_REASON, OFF_CURVE_REASON;
var init_destination = __esm({
  "lib/destination.ts"() {
    "use strict";
    init_cctp_ids();
    init_tokens();
    RECIPIENT_FAMILY = { "move-chain": "sui", "svm-chain": "solana", "evm-a": "evm", "evm-b": "evm" };
    FORMAT = {
      sui: "This is not a Sui address (0x + 64 hex).",
      evm: "This is not an EVM address (0x + 40 hex).",
      solana: "This is not a Solana address (base58, 32 bytes)."
    };
    B582 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
    __name(wellFormed, "wellFormed");
    __name(comparable, "comparable");
    __name(canonical2, "canonical");
    ZERO = {
      // viem constants/address.ts `zeroAddress`.
      evm: zeroAddress2,
      // @mysten/sui utils normalizeSuiAddress("0x0"): 0x + 64 zeros.
      sui: normalizeSuiAddress11("0x0"),
      // 32 zero bytes in base58 is the System Program's id (@solana-program/system SYSTEM_PROGRAM_ADDRESS), named below.
      solana: SYSTEM_PROGRAM_ADDRESS3
    };
    TOKEN_KIND = { sui: "coin package", solana: "mint", evm: "token contract" };
    __name(tokenAddresses, "tokenAddresses");
    __name(systemAddresses, "systemAddresses");
    __name(knownAddresses, "knownAddresses");
    __name(notAWallet, "notAWallet");
    ZERO_ADDRESS_REASON = "This is the zero address: nobody holds its key, so funds sent there are lost.";
    CHECKSUM_REASON = "This EVM address mixes upper and lower case but its EIP-55 checksum is wrong, so it is probably mistyped: copy it again from the wallet that will receive.";
    OFF_CURVE_REASON = "This Solana address is off the ed25519 curve (a program-derived address): no key can sign for it, so nobody can receive there.";
    __name(badChecksum, "badChecksum");
    __name(recipientProblem, "recipientProblem");
    __name(contractCodeReason, "contractCodeReason");
  }
});

// server/plans/recipient.ts
function venueAddresses(chain) {
  return VENUES.filter((v) => v.chain === chain).flatMap(
    (v) => Object.entries(v.onchain).map(([key, id]) => ({
      // A Move type (package::module::Name) names its package.
      address: id.split("::")[0] ?? id,
      label: `the ${key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()} of ${v.name} (venue ${v.id})`
    }))
  );
}
function recipientReason(chain, address13) {
  return recipientProblem(chain, address13, venueAddresses(chain));
}
function assertRecipient(chain, address13, field2, label) {
  const reason = recipientReason(chain, address13);
  if (reason) throw new ApiError("INVALID_REQUEST", label ? `${label}: ${reason}` : reason, [{ field: `body.${field2}`, message: reason }]);
}
async function destinationCodeBlocker(chain, address13, field2, destIsContract) {
  if (!isEvmChain(chain)) return null;
  const r = await rpcCall(chain, "eth_getCode", [address13, "latest"]);
  if (!r.ok) return blocker("rpc_unavailable", `Whether ${field2} holds contract code on ${chain} could not be read (eth_getCode: ${r.message}); nothing is built until it can.`);
  const code = typeof r.result === "string" ? r.result : "";
  if (!/^0x[0-9a-f]*$/i.test(code)) return blocker("rpc_unavailable", `The ${chain} RPC answered eth_getCode for ${field2} with something that is not bytecode.`);
  const hasCode = code.length > 2 && !/^0x0*$/.test(code) && !DELEGATION.test(code);
  if (hasCode && !destIsContract) {
    const reason = contractCodeReason(chain);
    throw new ApiError("INVALID_REQUEST", reason, [{ field: `body.${field2}`, message: reason }]);
  }
  return null;
}
var DELEGATION;
var init_recipient2 = __esm({
  "server/plans/recipient.ts"() {
    "use strict";
    init_evm();
    init_rpc2();
    init_codes();
    init_errors();
    init_venues();
    init_destination();
    __name(venueAddresses, "venueAddresses");
    __name(recipientReason, "recipientReason");
    __name(assertRecipient, "assertRecipient");
    DELEGATION = /^0xef0100[0-9a-f]{40}$/i;
    __name(destinationCodeBlocker, "destinationCodeBlocker");
  }
});

// server/plans/store.ts
import { and as and10, desc as desc3, eq as eq14 } from "drizzle-orm";
function jsonSafe(v) {
  return JSON.parse(JSON.stringify(v, (_k, x) => typeof x === "bigint" ? x.toString() : x));
}
function rowOf(p) {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    chain: p.chain,
    owner: p.owner === null ? null : normalizeAddress(p.owner),
    strategyId: p.strategyId ?? null,
    amountMicros: p.amountMicros,
    destChain: p.destChain ?? null,
    destAddress: p.destAddress === void 0 || p.destAddress === null ? null : normalizeAddress(p.destAddress),
    payload: jsonSafe(p.payload)
  };
}
async function insertPlan(db, p) {
  await db.insert(plans).values(rowOf(p));
}
async function upsertPlan(db, p) {
  const row = rowOf(p);
  await db.insert(plans).values(row).onConflictDoUpdate({ target: plans.id, set: { status: row.status, amountMicros: row.amountMicros, payload: row.payload } });
}
async function getPlan(db, id) {
  const [row] = await db.select().from(plans).where(eq14(plans.id, id));
  return row;
}
async function listPlansByOwner(db, params4) {
  const where = [eq14(plans.owner, normalizeAddress(params4.owner))];
  if (params4.kind) where.push(eq14(plans.kind, params4.kind));
  if (params4.chain) where.push(eq14(plans.chain, params4.chain));
  return db.select().from(plans).where(and10(...where)).orderBy(desc3(plans.createdAt)).limit(params4.limit ?? 50);
}
var init_store3 = __esm({
  "server/plans/store.ts"() {
    "use strict";
    init_address();
    init_schema();
    __name(jsonSafe, "jsonSafe");
    __name(rowOf, "rowOf");
    __name(insertPlan, "insertPlan");
    __name(upsertPlan, "upsertPlan");
    __name(getPlan, "getPlan");
    __name(listPlansByOwner, "listPlansByOwner");
  }
});

// server/chains/evm/fees.ts
function quoteFromFeeHistory(r) {
  if (!r) return { ok: false, reason: "eth_feeHistory gave no reply" };
  if (!r.ok) return { ok: false, reason: `eth_feeHistory was refused (${r.code}: ${errorLine(r.message, 160)})` };
  const h = r.result;
  const bases = Array.isArray(h?.baseFeePerGas) ? h.baseFeePerGas : [];
  const next = bases[bases.length - 1];
  if (typeof next !== "string") return { ok: false, reason: "eth_feeHistory gave no base fee (a chain without EIP-1559?)" };
  const tips = (Array.isArray(h?.reward) ? h.reward : []).map((row) => Array.isArray(row) && typeof row[0] === "string" ? BigInt(row[0]) : null).filter((t) => t !== null).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  const baseFeePerGas = BigInt(next);
  const maxPriorityFeePerGas = tips.length ? tips[Math.floor(tips.length / 2)] ?? 0n : 0n;
  return { ok: true, quote: { baseFeePerGas, maxPriorityFeePerGas, maxFeePerGas: 2n * baseFeePerGas + maxPriorityFeePerGas } };
}
async function evmFeeQuote(url, signal) {
  try {
    const [r] = await rpcBatch(url, [{ method: "eth_feeHistory", params: [`0x${FEE_HISTORY_BLOCKS.toString(16)}`, "latest", [50]] }], signal);
    return quoteFromFeeHistory(r);
  } catch (e) {
    return { ok: false, reason: e instanceof RpcUnreachable ? e.message : errorLine(e) };
  }
}
function evmGasFee(txs, quote) {
  const q = quote?.ok ? quote.quote : null;
  const fields = {
    asset: "ETH",
    decimals: 18,
    baseFeePerGas: q ? q.baseFeePerGas.toString() : null,
    maxPriorityFeePerGas: q ? q.maxPriorityFeePerGas.toString() : null,
    maxFeePerGas: q ? q.maxFeePerGas.toString() : null,
    usd: null,
    usdReason: NO_USD
  };
  const missing = txs.find((t) => t.simulation?.status !== "ok" || t.simulation.gasEstimate === null);
  if (txs.length === 0 || missing) {
    const why = txs.length === 0 ? "the plan has no transactions" : `"${missing?.description}" has no simulated gas (${missing?.simulation?.error ?? "not simulated"})`;
    return { ...fields, gas: null, maxCostWei: null, expectedCostWei: null, reason: `Gas cost not known: ${why}.` };
  }
  const gas = txs.reduce((s, t) => s + BigInt(t.simulation?.gasEstimate ?? "0"), 0n);
  if (!q) return { ...fields, gas: gas.toString(), maxCostWei: null, expectedCostWei: null, reason: `Gas price not known: ${quote && !quote.ok ? quote.reason : "eth_feeHistory was not asked"}.` };
  return {
    ...fields,
    gas: gas.toString(),
    maxCostWei: (gas * q.maxFeePerGas).toString(),
    expectedCostWei: (gas * (q.baseFeePerGas + q.maxPriorityFeePerGas)).toString(),
    reason: null
  };
}
async function evmFeeQuoteFor(chain) {
  try {
    return await withRpcTimeout((signal) => evmFeeQuote(rpcUrlOf(chain), signal));
  } catch (e) {
    return { ok: false, reason: errorLine(e) };
  }
}
function withStepFees(txs, quote) {
  if (!quote.ok) return txs;
  const q = quote.quote;
  return txs.map((t) => {
    const s = t.simulation;
    if (s?.status !== "ok" || s.gasEstimate === null) return t;
    return {
      ...t,
      simulation: {
        ...s,
        fee: {
          amount: (BigInt(s.gasEstimate) * q.maxFeePerGas).toString(),
          asset: "ETH",
          decimals: 18,
          maxFeePerGas: q.maxFeePerGas.toString(),
          maxPriorityFeePerGas: q.maxPriorityFeePerGas.toString()
        }
      }
    };
  });
}
var FEE_HISTORY_BLOCKS, NO_USD;
var init_fees = __esm({
  "server/chains/evm/fees.ts"() {
    "use strict";
    init_clients();
    init_rpc();
    FEE_HISTORY_BLOCKS = 10;
    __name(quoteFromFeeHistory, "quoteFromFeeHistory");
    __name(evmFeeQuote, "evmFeeQuote");
    NO_USD = "No ETH/USD price source is configured in the service.";
    __name(evmGasFee, "evmGasFee");
    __name(evmFeeQuoteFor, "evmFeeQuoteFor");
    __name(withStepFees, "withStepFees");
  }
});

// server/plans/vault.ts
function venueContracts(onchain, txs) {
  const cited = Object.values(onchain).filter((v) => typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v));
  return [...cited, ...txs.flatMap((t) => t.encoding === "evm-call" ? [t.payload.to] : [])];
}
function vaultExpectedChanges(action, venue, owner, amount, txs) {
  const { chain } = venue;
  const venues = venueContracts(venue.onchain, txs);
  return action === "deposit" ? { chain, owner, spends: [{ asset: USDC[chain], amount }], venues, venueTakesSpent: true } : { chain, owner, spends: [], venues, receives: [{ asset: USDC[chain], atLeast: amount }], sharesMayLeave: true };
}
async function vaultPlan(db, action, input) {
  const venue = resolveVenue(input.strategyId);
  const owner = input.owner ?? null;
  if (owner !== null && !isAddressOf(venue.family, owner)) {
    throw fieldError("INVALID_ADDRESS", "body.owner", mustBeAddressOf(venue.family, `for ${venue.id} on ${venue.chain}`));
  }
  const amount = input.amountMicros;
  const blockers = [];
  blockers.push(...actionBlockers(venue, action));
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  else if (action === "deposit" && amount < venue.minDepositMicros) {
    blockers.push(blocker("below_minimum", `The minimum deposit for ${venue.id} is ${venue.minDepositMicros} micros.`));
  }
  const b = builderFor(venue.id, action);
  blockers.push(...executionBlockers());
  let transactions = [];
  const chain = venue.chain;
  let feeQuote = null;
  if (blockers.length === 0 && owner !== null && "build" in b) {
    const built = await runBuilder(b.build, { owner, amountMicros: amount });
    if (!built.ok) blockers.push(built.blocker);
    else {
      const [sim, quote] = await Promise.all([simulateTransactions(built.transactions, owner), isEvmChain(chain) ? evmFeeQuoteFor(chain) : null]);
      feeQuote = quote;
      const mismatch = checkChanges(sim.transactions, vaultExpectedChanges(action, venue, owner, amount, sim.transactions));
      if (sim.blocker) blockers.push(sim.blocker);
      else if (mismatch) blockers.push(mismatch);
      else transactions = quote ? withStepFees(sim.transactions, quote) : sim.transactions;
    }
  }
  const gasFee = isEvmChain(chain) && owner !== null ? evmGasFee(transactions, feeQuote) : void 0;
  const planId2 = newId("pln");
  const body = await vaultPlanBody(db, { action, planId: planId2, venue, amount, owner, blockers, transactions, gasFee });
  const status = body.status;
  await insertPlan(db, {
    id: planId2,
    kind: action,
    status,
    chain: venue.chain,
    owner,
    strategyId: venue.id,
    amountMicros: amount,
    payload: body
  });
  return body;
}
async function vaultPlanBody(db, x) {
  const { action, planId: planId2, venue, amount, owner, blockers, transactions, gasFee } = x;
  const apy = await liveApy(db, venue.id);
  const e = estimates(apy.grossApyBps, amount, feePolicy().yieldSkimBps);
  const status = blockers.length ? "blocked" : "prepared";
  return {
    schemaVersion: "svc-vault-plan.v1",
    action,
    status,
    planId: planId2,
    submitted: false,
    ownerMustSign: true,
    feeMicros: "0",
    strategyId: venue.id,
    opportunityId: opportunityIdOf(venue),
    chain: venue.chain,
    amountMicros: amount.toString(),
    owner,
    ...blockers.length ? { blockers } : {},
    fees: [
      { label: `Service fee on ${action} of principal`, kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: USDC[venue.chain] },
      NETWORK_FEE
    ],
    // A withdraw earns nothing: it answers what leaves the venue (amountMicros, principal fee 0), never a yield estimate.
    estimates: action === "deposit" ? {
      estimate: true,
      grossApyBps: e.grossApyBps,
      netApyBps: e.netApyBps,
      estDailyYieldMicros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
      estMonthlyYieldMicros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString()
    } : null,
    onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null,
    transactions,
    ...gasFee ? { gasFee } : {},
    ...executionFlags(venue.chain)
  };
}
var init_vault = __esm({
  "server/plans/vault.ts"() {
    "use strict";
    init_address();
    init_evm();
    init_fees();
    init_balances2();
    init_estimates();
    init_apy();
    init_policy();
    init_codes();
    init_errors();
    init_ids2();
    init_venues();
    init_adapters();
    init_common();
    init_simulate4();
    init_check_changes();
    init_store3();
    __name(venueContracts, "venueContracts");
    __name(vaultExpectedChanges, "vaultExpectedChanges");
    __name(vaultPlan, "vaultPlan");
    __name(vaultPlanBody, "vaultPlanBody");
  }
});

// server/plans/bridge.ts
function continuationVenue(destChain, strategyId) {
  const r = resolveStrategyId(strategyId, "body.continueTo.strategyId");
  const field2 = "body.continueTo.strategyId";
  if (!r.venue) {
    throw fieldError("INVALID_REQUEST", field2, `must be a venue on ${destChain}; ${AUTOPILOT_ID} is the automated strategy`);
  }
  if (r.venue.chain !== destChain) {
    throw fieldError("INVALID_REQUEST", field2, `must be a venue on ${destChain}; ${r.venue.id} is on ${r.venue.chain}`);
  }
  return r.venue;
}
function burnNotBuilt(sourceChain, destChain) {
  if (sourceChain === destChain) return "Source and destination are the same chain.";
  return null;
}
function bridgePaths() {
  return BRIDGE_CHAINS.flatMap(
    (sourceChain) => BRIDGE_CHAINS.filter((destChain) => destChain !== sourceChain).map((destChain) => {
      const rail = railFor(sourceChain, destChain);
      const reason = burnNotBuilt(sourceChain, destChain);
      return { sourceChain, destChain, rail: rail.id, speeds: [...rail.speeds], ready: reason === null, reason };
    })
  );
}
async function bridgePlan(db, input) {
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
  assertBridgeRequest(input);
  const venue = input.continueTo ? continuationVenue(destChain, input.continueTo.strategyId) : null;
  const rail = railFor(sourceChain, destChain);
  const speed = rail.speedFor(sourceChain, destChain, input.speed);
  const destCodeBlocker = await destinationCodeBlocker(destChain, destAddress, "destAddress", input.destIsContract === true);
  const blockers = destCodeBlocker ? [destCodeBlocker] : [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  const fee = await collectableFee(sourceChain, amount);
  if (fee.blocker) blockers.push(fee.blocker);
  const serviceFee = fee.fee;
  const burnAmount = amount - serviceFee.amount;
  const { fee: railFee, blocker: railFeeBlocker } = await rail.fee(sourceChain, destChain, burnAmount, speed);
  if (railFeeBlocker) blockers.push(railFeeBlocker);
  const expected = speed !== "fast" ? burnAmount : railFee.amountMicros === null ? null : burnAmount - railFee.amountMicros;
  const expectedReason = expected === null ? `The fast transfer's rail fee is unknown (${railFee.reason}), so the amount minted on ${destChain} is not known.` : null;
  const notBuilt = burnNotBuilt(sourceChain, destChain);
  if (notBuilt) blockers.push(blocker("adapter_not_ready", notBuilt));
  const depositBuilder = venue ? builderFor(venue.id, "deposit") : null;
  if (venue) blockers.push(...continuationBlockers(venue, depositBuilder, amount, expected));
  blockers.push(...executionBlockers());
  const mintRecipient = await rail.mintRecipient(destChain, destAddress);
  const transactions = [];
  let continuation = [];
  if (blockers.length === 0 && expected !== null && venue) {
    const skip = `Not simulated yet: the funds reach ${destChain} only after the bridge delivers; the delivery answer carries the deposit rebuilt and simulated then.`;
    const built = await continuationDeposit(venue.id, destAddress, expected, skip);
    if (built.blocker && built.transactions.length === 0) blockers.push(built.blocker);
    else continuation = built.transactions;
  }
  if (blockers.length === 0) {
    const burn = await rail.burn({ source: sourceChain, dest: destChain, sourceAddress, destAddress, burnAmount, mintRecipient, speed, railFee, serviceFee });
    if (!burn.ok) blockers.push(burn.blocker);
    else {
      const burnSim = await simulateTransactions(burn.transactions, sourceAddress);
      const leg2 = { source: sourceChain, owner: sourceAddress, amount, burnAmount, serviceFee, destinationDomain: rail.domain(destChain), mintRecipient, burner: rail.burner(sourceChain) };
      const mismatch = checkChanges(burnSim.transactions, burnExpectation(leg2));
      if (burnSim.blocker) blockers.push(burnSim.blocker);
      else if (mismatch) blockers.push(mismatch);
      else transactions.push(...burnSim.transactions, ...continuation);
    }
  }
  const bridgeFees = bridgeFeeItems(sourceChain, destChain, serviceFee, rail.feeLabel(speed, railFee), railFee, speed);
  const legs = continuationLegs(sourceChain, destChain, amount, expected, bridgeFees, venue);
  const planId2 = newId("pln");
  const status = blockers.length ? "blocked" : "prepared";
  const body = bridgePlanBody({ input, planId: planId2, status, rail, speed, railFee, mintRecipient, burnAmount, expected, expectedReason, venue, legs, blockers, transactions });
  await insertPlan(db, {
    id: planId2,
    kind: "bridge",
    status,
    chain: sourceChain,
    owner: sourceAddress,
    strategyId: venue?.id ?? null,
    amountMicros: amount,
    destChain,
    destAddress,
    payload: body
  });
  return body;
}
async function continuationDeposit(strategyId, owner, amount, skip) {
  const depositBuilder = builderFor(strategyId, "deposit");
  if (!depositBuilder || !("build" in depositBuilder)) return { transactions: [], blocker: blocker("adapter_not_ready", `${strategyId} has no deposit builder.`) };
  const built = await runBuilder(depositBuilder.build, { owner, amountMicros: amount });
  if (!built.ok) return { transactions: [], blocker: built.blocker };
  return checkedContinuation(strategyId, owner, amount, built.transactions, skip);
}
async function checkedContinuation(strategyId, owner, amount, txs, skip) {
  const sim = await simulateTransactions(txs, owner, skip);
  if (sim.blocker) return { transactions: sim.transactions, blocker: sim.blocker };
  const venue = resolveVenue(strategyId);
  const mismatch = checkChanges(sim.transactions, vaultExpectedChanges("deposit", venue, owner, amount, sim.transactions));
  return { transactions: sim.transactions, blocker: mismatch };
}
function assertBridgeRequest({ sourceChain, destChain, sourceAddress, destAddress }) {
  if (sourceChain === destChain) {
    throw fieldError("INVALID_REQUEST", "body.destChain", "must differ from body.sourceChain");
  }
  for (const [field2, chain, a] of [
    ["sourceAddress", sourceChain, sourceAddress],
    ["destAddress", destChain, destAddress]
  ]) {
    const fam = CHAIN_FAMILY[chain];
    if (!isAddressOf(fam, a)) throw fieldError("INVALID_ADDRESS", `body.${field2}`, mustBeAddressOf(fam, `on ${chain}`));
  }
  assertRecipient(destChain, destAddress, "destAddress");
}
function continuationBlockers(venue, depositBuilder, amount, expected) {
  const blockers = [];
  if (venue.label === "Executable" && !venue.ready) blockers.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
  if (amount > 0n && expected !== null && expected < venue.minDepositMicros) {
    blockers.push(blocker("below_minimum", `The minimum deposit for ${venue.id} is ${venue.minDepositMicros} micros; ${expected} is expected to arrive.`));
  }
  if (depositBuilder && !("build" in depositBuilder)) blockers.push(blocker("adapter_not_ready", depositBuilder.reason));
  return blockers;
}
function bridgeFeeItems(sourceChain, destChain, serviceFee, railLabel, railFee, speed) {
  return [
    {
      label: serviceFee.collected ? `Service bridge fee (GET /svc/fees), paid to ${serviceFee.recipient} on ${sourceChain}` : "Service bridge fee (GET /svc/fees): not collected",
      kind: "service",
      amountMicros: serviceFee.amount.toString(),
      bps: serviceFee.bps,
      estimate: false,
      asset: USDC[sourceChain],
      reason: serviceFee.reason
    },
    {
      label: railLabel,
      kind: "rail",
      amountMicros: railFee.amountMicros === null ? null : railFee.amountMicros.toString(),
      bps: speed === null ? 0 : null,
      estimate: speed === "fast",
      asset: USDC[sourceChain]
    },
    NETWORK_FEE,
    { ...NETWORK_FEE, label: `Destination mint gas on ${destChain} (receiveMessage), paid by whoever submits the attestation` }
  ];
}
function bridgePlanBody(p) {
  const { input, planId: planId2, status, rail, speed, railFee, mintRecipient, burnAmount, expected, expectedReason, venue, legs, blockers, transactions } = p;
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
  return {
    schemaVersion: "svc-bridge-plan.v1",
    status,
    planId: planId2,
    submitted: false,
    ownerMustSign: true,
    rail: rail.id,
    speed,
    railFee: {
      amountMicros: railFee.amountMicros === null ? null : railFee.amountMicros.toString(),
      bps: railFee.bps,
      maxFeeMicros: railFee.maxFeeMicros === null ? null : railFee.maxFeeMicros.toString(),
      source: railFee.source,
      reason: railFee.reason
    },
    sourceChain,
    destChain,
    amountMicros: amount.toString(),
    sourceAddress,
    destAddress,
    mintRecipient,
    destinationDomain: rail.domain(destChain),
    // The burned amount (amountMicros less the service fee taken on the source chain), less the rail fee of a fast
    // transfer; null with the reason when that fee is unknown.
    burnAmountMicros: burnAmount.toString(),
    expectedReceivedMicros: expected === null ? null : expected.toString(),
    expectedReceivedReason: expectedReason,
    continueTo: venue ? { strategyId: venue.id, opportunityId: opportunityIdOf(venue), chain: venue.chain, onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null } : null,
    legs,
    ...blockers.length ? { blockers } : {},
    fees: legs.flatMap((l) => l.fees),
    risk: { summary: `Irreversible burn-and-mint through ${rail.label} to an owner-locked destination.`, items: rail.risks(speed) },
    transactions,
    ...executionFlags(sourceChain)
  };
}
async function collectableFee(chain, amount) {
  const fee = serviceFeeOn(chain, amount, feePolicy().bridgeFeeBps);
  if (chain !== "svm-chain" || !fee.collected || fee.amount === 0n) return { fee, blocker: null };
  try {
    const acc = await withRpcTimeout((signal) => usdcAccountOf(fee.recipient, signal));
    if (acc.exists) return { fee, blocker: null };
    const reason = `the fee recipient ${fee.recipient} has no USDC token account (${acc.account}) on svm-chain, so no service fee is taken (the service does not make you pay its account's rent)`;
    return { fee: { collected: false, recipient: null, bps: 0, amount: 0n, reason }, blocker: null };
  } catch (e) {
    return { fee, blocker: blocker("rpc_unavailable", `The fee recipient's USDC account on svm-chain could not be read: ${errorLine(e)}.`) };
  }
}
function continuationLegs(sourceChain, destChain, amount, expectedMicros, bridgeFees, venue) {
  const usdcDest = USDC[destChain];
  const expected = expectedMicros === null ? null : expectedMicros.toString();
  const legs = [
    {
      legIndex: 0,
      kind: "bridge",
      chain: sourceChain,
      destChain,
      inputToken: USDC[sourceChain],
      outputToken: usdcDest,
      amountInMicros: amount.toString(),
      quotedAmountOutMicros: expected,
      passThrough: false,
      strategyId: null,
      fees: bridgeFees
    }
  ];
  if (!venue) return legs;
  const destLeg = /* @__PURE__ */ __name((legIndex, kind, passThrough, strategyId, fees) => {
    const dest = { chain: destChain, destChain: null, inputToken: usdcDest, outputToken: usdcDest, amountInMicros: expected, quotedAmountOutMicros: expected };
    return { legIndex, kind, ...dest, passThrough, strategyId, fees };
  }, "destLeg");
  legs.push(
    destLeg(1, "swap", true, null, [
      { label: `Swap on ${destChain}: pass-through (CCTP delivers native USDC and ${venue.id} takes USDC): no swap, no service swap fee, no pool fee`, kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: usdcDest }
    ]),
    destLeg(2, "deposit", false, venue.id, [
      { label: "Service fee on deposit of principal", kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: null },
      { ...NETWORK_FEE, label: `Network fee (gas) of the deposit into ${venue.id} on ${destChain}, paid by the owner's wallet` }
    ])
  );
  return legs;
}
var init_bridge = __esm({
  "server/plans/bridge.ts"() {
    "use strict";
    init_address();
    init_balances2();
    init_clients();
    init_policy();
    init_recipient();
    init_codes();
    init_errors();
    init_ids2();
    init_solana2();
    init_registry();
    init_venues();
    init_adapters();
    init_common();
    init_simulate4();
    init_check_changes();
    init_bridge_changes();
    init_recipient2();
    init_store3();
    init_vault();
    __name(continuationVenue, "continuationVenue");
    __name(burnNotBuilt, "burnNotBuilt");
    __name(bridgePaths, "bridgePaths");
    __name(bridgePlan, "bridgePlan");
    __name(continuationDeposit, "continuationDeposit");
    __name(checkedContinuation, "checkedContinuation");
    __name(assertBridgeRequest, "assertBridgeRequest");
    __name(continuationBlockers, "continuationBlockers");
    __name(bridgeFeeItems, "bridgeFeeItems");
    __name(bridgePlanBody, "bridgePlanBody");
    __name(collectableFee, "collectableFee");
    __name(continuationLegs, "continuationLegs");
  }
});

// server/execute/confirm.ts
import { normalizeStructTag as normalizeStructTag5 } from "@mysten/sui/utils";
function add(m, owner, d) {
  const k = normalizeAddress(owner);
  m.set(k, (m.get(k) ?? 0n) + d);
}
function addAsset(m, owner, asset, d) {
  const k = normalizeAddress(owner);
  const per = m.get(k) ?? /* @__PURE__ */ new Map();
  per.set(asset, (per.get(asset) ?? 0n) + d);
  m.set(k, per);
}
function pendingFrom(r) {
  return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
}
async function confirmSui(digest) {
  const r = await suiCall(
    "GetTransaction",
    (client, signal) => client.core.getTransaction({ digest, include: { effects: true, balanceChanges: true, transaction: true }, signal })
  );
  if (!r.ok) return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
  const tx = r.result.Transaction ?? r.result.FailedTransaction;
  if (!tx) return { state: "pending", reason: "not_found_yet: the node answered without the transaction" };
  if (!tx.status.success) return { state: "failed", reason: `the transaction failed on move-chain: ${String(tx.status.error?.message ?? "failure").slice(0, 200)}` };
  if (tx.checkpoint === null) return { state: "pending", reason: "not_final: the transaction is not in a checkpoint yet" };
  const usdc2 = /* @__PURE__ */ new Map();
  const assets = /* @__PURE__ */ new Map();
  for (const c of tx.balanceChanges ?? []) {
    if (!c.address || !/^-?[0-9]+$/.test(c.amount ?? "")) continue;
    addAsset(assets, c.address, normalizeStructTag5(c.coinType), BigInt(c.amount));
    if (c.coinType === USDC["move-chain"]) add(usdc2, c.address, BigInt(c.amount));
  }
  const sender = tx.transaction?.sender ?? null;
  const gas = tx.effects?.gasUsed;
  if (sender && gas) {
    const net = BigInt(gas.computationCost ?? "0") + BigInt(gas.storageCost ?? "0") - BigInt(gas.storageRebate ?? "0");
    addAsset(assets, sender, normalizeStructTag5("0x2::sui::SUI"), net);
  }
  return { state: "final", sender, usdc: usdc2, assets };
}
async function confirmSolana(signature) {
  const s = await rpcCall("svm-chain", "getSignatureStatuses", [[signature], { searchTransactionHistory: true }]);
  if (!s.ok) return pendingFrom(s);
  const st = s.result?.value?.[0];
  if (!st) return { state: "pending", reason: "not_found_yet: the signature is not known to the svm-chain RPC yet" };
  if (st.err) return { state: "failed", reason: `the transaction failed on svm-chain: ${JSON.stringify(st.err).slice(0, 200)}` };
  if (st.confirmationStatus !== "confirmed" && st.confirmationStatus !== "finalized") {
    return { state: "pending", reason: `not_final: confirmation status ${String(st.confirmationStatus ?? "unknown")}` };
  }
  const t = await rpcCall("svm-chain", "getTransaction", [
    signature,
    { encoding: "jsonParsed", commitment: "confirmed", maxSupportedTransactionVersion: 0 }
  ]);
  if (!t.ok) return pendingFrom(t);
  if (!t.result?.meta) return { state: "pending", reason: "not_found_yet: getTransaction has no result yet" };
  if (t.result.meta.err) return { state: "failed", reason: `the transaction failed on svm-chain: ${JSON.stringify(t.result.meta.err).slice(0, 200)}` };
  const first = t.result.transaction?.message?.accountKeys?.[0];
  const sender = typeof first === "string" ? first : first?.pubkey ?? null;
  const usdc2 = /* @__PURE__ */ new Map();
  const assets = /* @__PURE__ */ new Map();
  const mint = USDC["svm-chain"];
  const meta = t.result.meta;
  for (const [list, sign] of [
    [meta.preTokenBalances ?? [], -1n],
    [meta.postTokenBalances ?? [], 1n]
  ]) {
    for (const b of list) {
      if (!b.mint || !b.owner || !/^[0-9]+$/.test(b.uiTokenAmount?.amount ?? "")) continue;
      addAsset(assets, b.owner, b.mint, sign * BigInt(b.uiTokenAmount?.amount));
      if (b.mint === mint) add(usdc2, b.owner, sign * BigInt(b.uiTokenAmount?.amount));
    }
  }
  const pre = meta.preBalances?.[0];
  const post = meta.postBalances?.[0];
  if (sender && pre !== void 0 && post !== void 0) addAsset(assets, sender, WRAPPED_SOL_MINT, BigInt(post) - BigInt(pre) + BigInt(meta.fee ?? 0));
  return { state: "final", sender, usdc: usdc2, assets };
}
async function confirmEvm(chain, hash) {
  const r = await rpcCall(chain, "eth_getTransactionReceipt", [hash]);
  if (!r.ok) return pendingFrom(r);
  if (!r.result) return { state: "pending", reason: "not_found_yet: no receipt yet" };
  if (r.result.status !== "0x1") return { state: "failed", reason: `the transaction reverted on ${chain}` };
  const token4 = USDC[chain].toLowerCase();
  const usdc2 = /* @__PURE__ */ new Map();
  const assets = /* @__PURE__ */ new Map();
  for (const l of r.result.logs ?? []) {
    if (!l.address || l.topics?.[0]?.toLowerCase() !== TRANSFER_TOPIC || l.topics.length !== 3) continue;
    const value = BigInt(l.data && l.data !== "0x" ? l.data : "0x0");
    const [from, to] = [`0x${(l.topics[1] ?? "").slice(-40)}`, `0x${(l.topics[2] ?? "").slice(-40)}`];
    addAsset(assets, from, l.address.toLowerCase(), -value);
    addAsset(assets, to, l.address.toLowerCase(), value);
    if (l.address.toLowerCase() !== token4) continue;
    add(usdc2, from, -value);
    add(usdc2, to, value);
  }
  return { state: "final", sender: r.result.from ?? null, usdc: usdc2, assets };
}
function confirmTx(chain, txId3) {
  const family = CHAIN_FAMILY[chain];
  if (family === "sui") return confirmSui(txId3);
  if (family === "solana") return confirmSolana(txId3);
  return confirmEvm(chain, txId3);
}
function isTxIdOf(chain, txId3) {
  const family = CHAIN_FAMILY[chain];
  if (family === "evm") return /^0x[0-9a-fA-F]{64}$/.test(txId3);
  if (txId3.length > 100) return false;
  const bytes = base58Decode(txId3);
  return bytes !== null && bytes.length === (family === "sui" ? 32 : 64);
}
var TRANSFER_TOPIC;
var init_confirm = __esm({
  "server/execute/confirm.ts"() {
    "use strict";
    init_address();
    init_tokens();
    init_balances2();
    init_calls();
    init_rpc2();
    TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    __name(add, "add");
    __name(addAsset, "addAsset");
    __name(pendingFrom, "pendingFrom");
    __name(confirmSui, "confirmSui");
    __name(confirmSolana, "confirmSolana");
    __name(confirmEvm, "confirmEvm");
    __name(confirmTx, "confirmTx");
    __name(isTxIdOf, "isTxIdOf");
  }
});

// server/execute/bridge.ts
import { and as and11, eq as eq15, or as or2, sql as sql16 } from "drizzle-orm";
async function loadBridgePlan(db, planId2, principal, scope2) {
  const [row] = await db.select().from(plans).where(eq15(plans.id, planId2));
  if (!row) throw new ApiError("NOT_FOUND", `plan ${planId2} not found`);
  if (row.kind !== "bridge" || row.status !== "prepared" || !row.destChain || !row.destAddress || !row.owner) {
    return blocked2(row.id, blocker("plan_not_executable", `Plan ${row.id} is a ${row.status} ${row.kind} plan, not a prepared bridge plan.`));
  }
  if (principal) {
    const allowed = scope2 === "owner" ? inScope(principal, row.owner) : inScope(principal, row.owner) || inScope(principal, row.destAddress);
    if (!allowed) throw new ApiError("WALLET_SCOPE", "The plan's wallet is not in the API key's scope");
  }
  const payload = row.payload;
  const rail = storedRail(payload.rail);
  const quoted = microsOf(payload.expectedReceivedMicros) ?? row.amountMicros;
  const depositLeg = payload.legs?.find((l) => l.kind === "deposit");
  const quotedDeposit = microsOf(depositLeg?.amountInMicros) ?? quoted;
  const burned = microsOf(payload.sourceBurn?.amountMicros);
  const fee = row.amountMicros - (microsOf(payload.burnAmountMicros) ?? row.amountMicros);
  const amountIn = burned === null ? row.amountMicros : burned + (fee > 0n ? fee : 0n);
  return { row, source: row.chain, dest: row.destChain, owner: row.owner, destAddress: row.destAddress, quoted, strategyId: row.strategyId, quotedDeposit, rail, amountIn };
}
function answer(p, x) {
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
    // A delivery stakes nothing: the continuing deposit is its own transaction (continuation.planId).
    deposit: null,
    error: x.error ?? null,
    reason: x.reason ?? null
  };
}
function bridgeLegs(p, leg2) {
  const wallets = [.../* @__PURE__ */ new Set([normalizeAddress(p.destAddress), normalizeAddress(p.owner)])];
  return wallets.map((wallet) => ({
    wallet,
    planId: p.row.id,
    legIndex: 0,
    kind: "bridge",
    chain: p.source,
    destChain: p.dest,
    amountInMicros: p.amountIn,
    quotedAmountOutMicros: p.quoted,
    ...leg2
  }));
}
async function reportFailure(db, p, error, destTxId) {
  const reply = await db.transaction(async (tx) => {
    await tx.select({ id: plans.id }).from(plans).where(eq15(plans.id, p.row.id)).for("update");
    const [prior] = await tx.select().from(planExecutions).where(eq15(planExecutions.planId, p.row.id));
    if (prior?.status === "settled") return blocked2(p.row.id, blocker("already_delivered", "The plan was delivered already; a failure cannot be reported for it."));
    if (prior) return { status: 200, body: prior.result };
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
async function deliverBridge(db, principal, input) {
  const p = await loadBridgePlan(db, input.planId, principal, "either");
  if ("status" in p) return p;
  const destTxId = input.destTxId ?? null;
  if (destTxId !== null && !isTxIdOf(p.dest, destTxId)) {
    throw fieldError("INVALID_REQUEST", "body.destTxId", `must be a ${p.dest} transaction id`);
  }
  if ("error" in input) return reportFailure(db, p, input.error, destTxId);
  const txId3 = input.destTxId;
  const rows = await db.select().from(planExecutions).where(or2(eq15(planExecutions.planId, p.row.id), and11(eq15(planExecutions.chain, p.dest), eq15(planExecutions.txId, txId3))));
  const prior = rows.find((r) => r.planId === p.row.id);
  if (prior?.status === "settled") return withContinuation(db, p, repeat(prior));
  const used = rows.find((r) => r.planId !== p.row.id);
  if (used) return blocked2(p.row.id, blocker("digest_already_used", `Transaction ${txId3} already proves plan ${used.planId}.`));
  const c = await confirmTx(p.dest, txId3);
  if (c.state === "pending") return { status: 202, body: answer(p, { status: "pending", destTxId: txId3, credited: false, creditedMicros: null, liquid: null, reason: c.reason }) };
  if (c.state === "failed") return blocked2(p.row.id, blocker("tx_failed", c.reason));
  const minted = c.usdc.get(normalizeAddress(p.destAddress)) ?? 0n;
  if (minted <= 0n) {
    return blocked2(p.row.id, blocker("not_credited_to_destination", `Transaction ${txId3} credits no USDC to the locked destination ${p.destAddress} on ${p.dest}.`));
  }
  const dest = normalizeAddress(p.destAddress);
  let reply;
  try {
    reply = await settleDelivery(db, p, dest, txId3, minted);
  } catch (e) {
    if (e instanceof Rollback) return e.reply;
    throw e;
  }
  if (reply.status === 200 && reply.body.credited) nudgeWebhookWorker();
  return reply.status === 200 ? withContinuation(db, p, reply) : reply;
}
function continuationPlanId(bridgePlanId) {
  return `${bridgePlanId}-deposit`;
}
async function withContinuation(db, p, reply) {
  const minted = reply.body.creditedMicros === null ? 0n : BigInt(reply.body.creditedMicros);
  const amount = minted < p.quotedDeposit ? minted : p.quotedDeposit;
  if (reply.body.status !== "delivered" || !p.strategyId || amount <= 0n) return { ...reply, body: { ...reply.body, continuation: null } };
  const planId2 = continuationPlanId(p.row.id);
  const base = { planId: planId2, strategyId: p.strategyId, amountMicros: amount.toString() };
  const [done] = await db.select().from(planExecutions).where(eq15(planExecutions.planId, planId2));
  if (done) return { ...reply, body: { ...reply.body, continuation: { ...base, depositTxId: done.txId, transactions: [], blockers: [] } } };
  const built = await continuationDeposit(p.strategyId, p.destAddress, amount);
  const blockers = built.blocker ? [built.blocker] : [];
  const body = await vaultPlanBody(db, { action: "deposit", planId: planId2, venue: resolveVenue(p.strategyId), amount, owner: p.destAddress, blockers, transactions: built.transactions });
  await upsertPlan(db, {
    id: planId2,
    kind: "deposit",
    status: body.status,
    chain: p.dest,
    owner: p.destAddress,
    strategyId: p.strategyId,
    amountMicros: amount,
    payload: { ...body, continuationOf: p.row.id, legIndex: 2, quotedDeposit: p.quotedDeposit.toString() }
  });
  return { ...reply, body: { ...reply.body, continuation: { ...base, depositTxId: null, transactions: built.transactions, blockers } } };
}
function settleDelivery(db, p, dest, txId3, minted) {
  return db.transaction(async (tx) => {
    await tx.select({ id: plans.id }).from(plans).where(eq15(plans.id, p.row.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq15(planExecutions.planId, p.row.id));
    if (again?.status === "settled") return repeat(again);
    if (again) await tx.delete(planExecutions).where(eq15(planExecutions.planId, p.row.id));
    const inserted = await tx.insert(planExecutions).values({ planId: p.row.id, kind: "bridge", chain: p.dest, txId: txId3, status: "settled", result: {} }).onConflictDoNothing().returning({ planId: planExecutions.planId });
    if (inserted.length === 0) throw new Rollback(blocked2(p.row.id, blocker("digest_already_used", `Transaction ${txId3} already proves another plan.`)));
    const credit = await creditLiquid(tx, { wallet: dest, chain: p.dest, token: "USDC", amountMicros: minted, planId: p.row.id, legIndex: 0, txId: txId3 });
    const confirmedAt = /* @__PURE__ */ new Date();
    const legs = bridgeLegs(p, { txId: txId3, confirmedAt, amountOutMicros: minted, status: "settled" });
    const continuing = p.strategyId ? minted < p.quotedDeposit ? minted : p.quotedDeposit : 0n;
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
        status: "settled"
      });
    }
    await recordLegs(tx, legs);
    const liquid = credit.liquidMicros;
    const body = answer(p, { status: "delivered", destTxId: txId3, credited: true, creditedMicros: minted, liquid });
    await tx.update(planExecutions).set({ result: body, updatedAt: /* @__PURE__ */ new Date() }).where(eq15(planExecutions.planId, p.row.id));
    const data = { planId: p.row.id, sourceChain: p.source, destChain: p.dest, destAddress: p.destAddress, amountMicros: p.row.amountMicros.toString(), creditedMicros: minted.toString(), destTxId: txId3 };
    await emitEvents(tx, [{ type: "bridge.delivered", wallet: dest, data }]);
    return { status: 200, body };
  });
}
async function simulateReceives(destAddress, txs) {
  const pending2 = txs.filter((t) => !t.simulation);
  if (pending2.length === 0) return txs;
  const sim = await simulateTransactions(pending2, destAddress);
  if (sim.blocker) return { blocker: sim.blocker };
  return txs.map((t) => {
    const k = pending2.indexOf(t);
    return k >= 0 ? sim.transactions[k] ?? t : t;
  });
}
async function rescueBridge(db, principal, planId2, sourceTxId) {
  const p = await loadBridgePlan(db, planId2, principal, "owner");
  if ("status" in p) return p;
  if (sourceTxId !== void 0 && !isTxIdOf(p.source, sourceTxId)) {
    throw fieldError("INVALID_REQUEST", "body.sourceTxId", `must be a ${p.source} transaction id`);
  }
  const [prior] = await db.select().from(planExecutions).where(eq15(planExecutions.planId, p.row.id));
  const blockers = [];
  if (prior?.status === "settled") blockers.push(blocker("already_delivered", `The plan was delivered by ${prior.txId}; there is nothing to rescue.`));
  if (config().SVC_EXECUTION_MODE === "disabled") blockers.push(blocker("execution_disabled"));
  const stored = p.row.payload.mintRecipient;
  const mintRecipient = typeof stored === "string" ? stored : null;
  const built = blockers.length ? { blockers: [], transactions: [], burn: null } : await p.rail.rescue(p, mintRecipient, sourceTxId);
  blockers.push(...built.blockers);
  if (built.settledBurn && built.burn) {
    const sourceBurn = { txId: built.burn.sourceTxId, amountMicros: built.settledBurn.amount.toString(), readAt: (/* @__PURE__ */ new Date()).toISOString() };
    await db.update(plans).set({ payload: sql16`${plans.payload} || ${JSON.stringify({ sourceBurn })}::jsonb` }).where(eq15(plans.id, p.row.id));
  }
  const receives = blockers.length ? [] : await simulateReceives(p.destAddress, built.transactions);
  if ("blocker" in receives) blockers.push(receives.blocker);
  const mismatch = "blocker" in receives || !built.mint ? null : checkChanges(receives, receiveExpectation(p.dest, p.destAddress, built.mint));
  if (mismatch) blockers.push(mismatch);
  const body = {
    schemaVersion: "svc-bridge-rescue.v1",
    status: blockers.length ? "blocked" : "prepared",
    planId: p.row.id,
    submitted: false,
    ownerMustSign: true,
    rail: p.rail.id,
    sourceChain: p.source,
    destChain: p.dest,
    destAddress: p.destAddress,
    mintRecipient,
    sourceDomain: p.rail.domain(p.source),
    destinationDomain: p.rail.domain(p.dest),
    method: "receiveMessage",
    messageTransmitter: p.rail.receiver(p.dest),
    burn: built.burn,
    steps: [
      `The service reads the MessageSent message of your burn on ${p.source} (${isEvmChain(p.source) ? "sourceTxId's receipt" : p.source === "move-chain" ? "sourceTxId's MessageSent and DepositForBurn events, which Circle's attested message must equal" : "as Circle's attestation service lists it for sourceTxId"}) and Circle's attestation for it (${config().SVC_CCTP_ATTESTATION_URL}, ${p.rail.attestationApi}).`,
      `Sign and submit receiveMessage(message, attestation) to the CCTP MessageTransmitter on ${p.dest}. The burn message fixes the mint recipient, so the USDC can only be minted to ${p.destAddress} (mint recipient ${mintRecipient ?? "n/a"}).`,
      "Then post the mint transaction to POST /svc/bridge/delivery { planId, destTxId } to credit it. The service never builds replaceDepositForBurn, the only CCTP call that could change the recipient."
    ],
    transactions: blockers.length || "blocker" in receives ? [] : receives,
    ...blockers.length ? { blockers } : {},
    broadcastEnabled: broadcastEnabled(p.dest),
    executionMode: config().SVC_EXECUTION_MODE
  };
  return { status: 200, body };
}
var SCHEMA, blocked2, microsOf, repeat, Rollback;
var init_bridge2 = __esm({
  "server/execute/bridge.ts"() {
    "use strict";
    init_address();
    init_config();
    init_schema();
    init_outbox();
    init_auth();
    init_codes();
    init_errors();
    init_record();
    init_evm();
    init_registry();
    init_launch();
    init_worker();
    init_simulate4();
    init_bridge();
    init_bridge_changes();
    init_check_changes();
    init_store3();
    init_vault();
    init_venues();
    init_confirm();
    SCHEMA = "svc-bridge-delivery.v1";
    blocked2 = /* @__PURE__ */ __name((planId2, ...blockers) => ({ status: 422, body: { schemaVersion: SCHEMA, status: "blocked", planId: planId2, blockers } }), "blocked");
    microsOf = /* @__PURE__ */ __name((v) => typeof v === "string" && /^[0-9]+$/.test(v) ? BigInt(v) : null, "microsOf");
    __name(loadBridgePlan, "loadBridgePlan");
    __name(answer, "answer");
    __name(bridgeLegs, "bridgeLegs");
    repeat = /* @__PURE__ */ __name((row) => ({ status: 200, body: { ...row.result, credited: false } }), "repeat");
    __name(reportFailure, "reportFailure");
    __name(deliverBridge, "deliverBridge");
    __name(continuationPlanId, "continuationPlanId");
    __name(withContinuation, "withContinuation");
    Rollback = class extends Error {
      constructor(reply) {
        super("rollback");
        this.reply = reply;
      }
      static {
        __name(this, "Rollback");
      }
    };
    __name(settleDelivery, "settleDelivery");
    __name(simulateReceives, "simulateReceives");
    __name(rescueBridge, "rescueBridge");
  }
});

// server/execute/submit.ts
import { Transaction as Transaction3 } from "@mysten/sui/transactions";
import { getBase58Decoder, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
function senderOfSigned(chain, signedTransaction) {
  try {
    if (CHAIN_FAMILY[chain] === "sui") {
      const sender = Transaction3.from(signedTransaction).getData().sender;
      if (sender) return sender;
    } else {
      const tx = getTransactionDecoder().decode(getBase64Encoder().encode(signedTransaction));
      const msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
      const payer = msg.staticAccounts[0];
      if (payer) return payer;
    }
  } catch {
  }
  throw fieldError("INVALID_REQUEST", "body.signedTransaction", `must be a signed ${chain} transaction (base64 transaction bytes of the plan's chain)`);
}
function solanaSignature(signedTransaction) {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(signedTransaction));
  const first = Object.values(tx.signatures)[0];
  return first ? getBase58Decoder().decode(first) : null;
}
async function submitSigned(chain, signedTransaction, signatures) {
  if (CHAIN_FAMILY[chain] === "sui") {
    if (signatures.length === 0) {
      throw fieldError("INVALID_REQUEST", "body.signatures", "is required for a move-chain transaction");
    }
    const r2 = await suiCall(
      "ExecuteTransaction",
      (client, signal) => client.core.executeTransaction({ transaction: Buffer.from(signedTransaction, "base64"), signatures: [...signatures], signal })
    );
    if (!r2.ok) return { ok: false, unreachable: r2.unreachable, message: r2.message };
    const digest2 = (r2.result.Transaction ?? r2.result.FailedTransaction)?.digest;
    if (!digest2) return { ok: false, unreachable: false, message: "ExecuteTransaction answered without a digest" };
    return { ok: true, digest: digest2 };
  }
  const expected = solanaSignature(signedTransaction);
  const r = await rpcCall(chain, "sendTransaction", [signedTransaction, { encoding: "base64", preflightCommitment: "confirmed" }]);
  if (!r.ok) return r;
  const digest = typeof r.result === "string" ? r.result : expected;
  if (!digest) return { ok: false, unreachable: false, message: "sendTransaction answered without a signature" };
  return { ok: true, digest };
}
var init_submit = __esm({
  "server/execute/submit.ts"() {
    "use strict";
    init_address();
    init_errors();
    init_calls();
    init_rpc2();
    __name(senderOfSigned, "senderOfSigned");
    __name(solanaSignature, "solanaSignature");
    __name(submitSigned, "submitSigned");
  }
});

// server/execute/deposit.ts
import { normalizeStructTag as normalizeStructTag6 } from "@mysten/sui/utils";
import { and as and12, eq as eq16 } from "drizzle-orm";
function waiting(plan2, status, digest, submitted, reason) {
  const chain = plan2.chain;
  return {
    status: 202,
    body: {
      schemaVersion: SCHEMA2,
      status,
      planId: plan2.id,
      chain,
      strategyId: plan2.strategyId,
      amountMicros: plan2.amountMicros.toString(),
      digest,
      submitted,
      settled: false,
      ownerMustSign: status === "prepared",
      broadcastEnabled: broadcastEnabled(chain),
      executionMode: config().SVC_EXECUTION_MODE,
      reason
    }
  };
}
function replay(planId2, row, digest) {
  if (digest !== null && row.txId === digest) return { status: 200, body: row.result };
  return blocked3(planId2, digest, blocker("plan_already_executed", `The plan was already executed by transaction ${row.txId}.`));
}
function executeDeposit(db, input) {
  return executePlan(db, input, "deposit");
}
function executeSwap(db, input) {
  return executePlan(db, input, "swap");
}
function executeWithdraw(db, input) {
  return executePlan(db, input, "withdraw");
}
async function executePlan(db, input, kind) {
  const [plan2] = await db.select().from(plans).where(eq16(plans.id, input.planId));
  if (!plan2) throw new ApiError("NOT_FOUND", `plan ${input.planId} not found`);
  const chain = plan2.chain;
  const asked = "digest" in input ? input.digest : null;
  if (plan2.kind !== kind || plan2.status !== "prepared" || kind !== "swap" && !plan2.strategyId) {
    return blocked3(plan2.id, asked, blocker("plan_not_executable", `Plan ${plan2.id} is a ${plan2.status} ${plan2.kind} plan, not a prepared ${kind} plan.`));
  }
  if (chainLabelOf(chain) === "Map") return blocked3(plan2.id, asked, blocker("map_chain_prepare_only"));
  if (!plan2.owner) return blocked3(plan2.id, asked, blocker("owner_required", `The ${kind} plan has no owner; prepare it again with owner to execute it.`));
  if (asked !== null && !isTxIdOf(chain, asked)) {
    throw fieldError("INVALID_REQUEST", "body.digest", `must be a ${chain} transaction id`);
  }
  const [done] = await db.select().from(planExecutions).where(eq16(planExecutions.planId, plan2.id));
  if (done) return replay(plan2.id, done, asked);
  let digest;
  let submitted = false;
  if ("signedTransaction" in input) {
    const sender = senderOfSigned(chain, input.signedTransaction);
    if (!sameAddress(sender, plan2.owner)) return blocked3(plan2.id, null, blocker("sender_not_owner", `The signed transaction's sender ${sender} is not the plan's owner.`));
    if (!broadcastEnabled(chain)) {
      return waiting(plan2, "prepared", null, false, `The server does not broadcast (SVC_EXECUTION_MODE=${config().SVC_EXECUTION_MODE}): execute the signed transaction from the wallet and post its digest.`);
    }
    const sub = await submitSigned(chain, input.signedTransaction, input.signatures ?? []);
    if (!sub.ok) {
      if (sub.unreachable) return waiting(plan2, "pending", null, false, `rpc_unavailable: ${sub.message}; nothing was submitted or credited`);
      return blocked3(plan2.id, null, blocker("submit_rejected", `The ${chain} RPC refused the transaction: ${sub.message}`));
    }
    digest = sub.digest;
    submitted = true;
  } else {
    digest = input.digest;
  }
  const [used] = await db.select().from(planExecutions).where(and12(eq16(planExecutions.chain, chain), eq16(planExecutions.txId, digest)));
  if (used?.planId === plan2.id) return replay(plan2.id, used, asked);
  if (used) return blocked3(plan2.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves plan ${used.planId}.`));
  const c = await confirmTx(chain, digest);
  if (c.state === "pending") return waiting(plan2, "pending", digest, submitted, c.reason);
  if (c.state === "failed") return blocked3(plan2.id, digest, blocker("tx_failed", c.reason));
  if (!c.sender || !sameAddress(c.sender, plan2.owner)) {
    return blocked3(plan2.id, digest, blocker("sender_not_owner", `The transaction's sender ${c.sender ?? "(unknown)"} is not the plan's owner ${plan2.owner}.`));
  }
  if (kind === "swap") return settleSwap(db, plan2, plan2.owner, digest, submitted, c.assets);
  const change = c.usdc.get(normalizeAddress(plan2.owner)) ?? 0n;
  const fees = kind === "deposit" ? disclosedUsdcFees(plan2) : 0n;
  const arrived = -change - fees;
  const deposited = arrived < plan2.amountMicros ? arrived : plan2.amountMicros;
  if (kind === "deposit" && arrived < plan2.amountMicros) {
    const disclosed = fees > 0n ? ` and discloses ${fees} micro-USDC of fees` : "";
    return blocked3(
      plan2.id,
      digest,
      blocker("tx_amount_mismatch", `The transaction moves ${-change > 0n ? -change : 0n} micro-USDC out of the owner's wallet; the plan deposits ${plan2.amountMicros}${disclosed}.`)
    );
  }
  if (kind === "withdraw" && change <= 0n) {
    return blocked3(plan2.id, digest, blocker("tx_amount_mismatch", `The transaction brings no USDC to the owner's wallet (${change} micro-USDC); the plan withdraws ${plan2.amountMicros}.`));
  }
  const strategyId = plan2.strategyId ?? "";
  const owner = plan2.owner;
  const idx = kind === "deposit" ? await readVenueIndex(strategyId) : null;
  const reply = await db.transaction(async (tx) => {
    await tx.select({ id: plans.id }).from(plans).where(eq16(plans.id, plan2.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq16(planExecutions.planId, plan2.id));
    if (again) return replay(plan2.id, again, digest);
    const inserted = await tx.insert(planExecutions).values({ planId: plan2.id, kind, chain, txId: digest, status: "settled", result: {} }).onConflictDoNothing().returning({ planId: planExecutions.planId });
    if (inserted.length === 0) return { rollback: blocked3(plan2.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves another plan.`)) };
    const rec = kind === "deposit" ? await recordDeposit(tx, {
      wallet: owner,
      chain,
      token: "USDC",
      venueId: strategyId,
      amountMicros: deposited,
      txId: digest,
      confirmedAt: /* @__PURE__ */ new Date(),
      index: idx?.ok ? idx.index : null,
      ...continuationLeg(plan2)
    }) : await recordWithdrawal(tx, { wallet: owner, chain, token: "USDC", venueId: strategyId, arrivedMicros: change, plannedMicros: plan2.amountMicros, planId: plan2.id, txId: digest, confirmedAt: /* @__PURE__ */ new Date() });
    const body = {
      schemaVersion: SCHEMA2,
      status: "done",
      planId: plan2.id,
      chain,
      strategyId,
      amountMicros: plan2.amountMicros.toString(),
      settledMicros: (kind === "deposit" ? deposited : change).toString(),
      digest,
      submitted,
      settled: true,
      position: { liquidMicros: rec.liquidMicros.toString(), stakedMicros: rec.stakedMicros.toString() }
    };
    await tx.update(planExecutions).set({ result: body, updatedAt: /* @__PURE__ */ new Date() }).where(eq16(planExecutions.planId, plan2.id));
    return { status: 200, body };
  });
  if ("rollback" in reply) return reply.rollback;
  forgetWorth(strategyId, owner);
  if (reply.status === 200) nudgeWebhookWorker();
  return reply;
}
function disclosedUsdcFees(plan2) {
  const chain = plan2.chain;
  const fees = plan2.payload?.fees ?? [];
  return fees.filter((f) => f.kind !== "network" && typeof f.amountMicros === "string" && /^[0-9]+$/.test(f.amountMicros) && f.asset !== void 0 && sameUsdc(chain, f.asset)).reduce((sum, f) => sum + BigInt(f.amountMicros), 0n);
}
function continuationLeg(plan2) {
  const p = plan2.payload;
  if (!p.continuationOf) return { planId: plan2.id, legIndex: 0 };
  return { planId: p.continuationOf, legIndex: p.legIndex ?? 2, fromLiquid: true, quotedAmountOutMicros: p.quotedDeposit ? BigInt(p.quotedDeposit) : void 0 };
}
function assetKey(chain, id) {
  if (chain === "move-chain") return normalizeStructTag6(id);
  return id.startsWith("0x") ? id.toLowerCase() : id;
}
async function settleSwap(db, plan2, owner, digest, submitted, assets) {
  const chain = plan2.chain;
  const p = plan2.payload;
  const mine2 = assets.get(normalizeAddress(owner)) ?? /* @__PURE__ */ new Map();
  const sent = -(mine2.get(assetKey(chain, p.inputToken)) ?? 0n);
  const got = mine2.get(assetKey(chain, p.outputToken)) ?? 0n;
  const min = p.minAmountOut === null ? null : BigInt(p.minAmountOut);
  const wrong = sent <= 0n || sent > plan2.amountMicros ? `The transaction moves ${sent > 0n ? sent : 0n} base units of ${p.inputToken} out of the owner's wallet; the plan swaps ${plan2.amountMicros}.` : got <= 0n || min !== null && got < min ? `The transaction brings ${got > 0n ? got : 0n} base units of ${p.outputToken} to the owner's wallet; the plan's minimum is ${min ?? "above 0"}.` : null;
  if (wrong) return blocked3(plan2.id, digest, blocker("tx_amount_mismatch", wrong));
  const reply = await db.transaction(async (tx) => {
    await tx.select({ id: plans.id }).from(plans).where(eq16(plans.id, plan2.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq16(planExecutions.planId, plan2.id));
    if (again) return replay(plan2.id, again, digest);
    const inserted = await tx.insert(planExecutions).values({ planId: plan2.id, kind: "swap", chain, txId: digest, status: "settled", result: {} }).onConflictDoNothing().returning({ planId: planExecutions.planId });
    if (inserted.length === 0) return { rollback: blocked3(plan2.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves another plan.`)) };
    const quoted = p.quote ? BigInt(p.quote.outAmount) : null;
    await recordLegs(tx, [
      { wallet: owner, planId: plan2.id, legIndex: 0, kind: "swap", chain, txId: digest, confirmedAt: /* @__PURE__ */ new Date(), amountInMicros: sent, amountOutMicros: got, quotedAmountOutMicros: quoted, status: "settled", token: p.inputToken, outToken: p.outputToken }
    ]);
    const body = {
      schemaVersion: SCHEMA2,
      status: "done",
      planId: plan2.id,
      chain,
      strategyId: null,
      amountMicros: plan2.amountMicros.toString(),
      settledMicros: sent.toString(),
      digest,
      submitted,
      settled: true,
      position: null,
      swap: { inputToken: p.inputToken, outputToken: p.outputToken, amountIn: sent.toString(), amountOut: got.toString(), quotedAmountOut: quoted === null ? null : quoted.toString(), minAmountOut: p.minAmountOut }
    };
    await tx.update(planExecutions).set({ result: body, updatedAt: /* @__PURE__ */ new Date() }).where(eq16(planExecutions.planId, plan2.id));
    return { status: 200, body };
  });
  return "rollback" in reply ? reply.rollback : reply;
}
var SCHEMA2, blocked3, sameUsdc;
var init_deposit = __esm({
  "server/execute/deposit.ts"() {
    "use strict";
    init_address();
    init_balances2();
    init_config();
    init_schema();
    init_codes();
    init_errors();
    init_record();
    init_launch();
    init_readers();
    init_worth7();
    init_worker();
    init_confirm();
    init_submit();
    SCHEMA2 = "svc-execute.v1";
    blocked3 = /* @__PURE__ */ __name((planId2, digest, ...blockers) => ({
      status: 422,
      body: { schemaVersion: SCHEMA2, status: "blocked", planId: planId2, digest, blockers }
    }), "blocked");
    __name(waiting, "waiting");
    __name(replay, "replay");
    __name(executeDeposit, "executeDeposit");
    __name(executeSwap, "executeSwap");
    __name(executeWithdraw, "executeWithdraw");
    __name(executePlan, "executePlan");
    __name(disclosedUsdcFees, "disclosedUsdcFees");
    sameUsdc = /* @__PURE__ */ __name((chain, asset) => {
      if (chain !== "move-chain") return sameAddress(asset, USDC[chain]);
      try {
        return normalizeStructTag6(asset) === normalizeStructTag6(USDC[chain]);
      } catch {
        return false;
      }
    }, "sameUsdc");
    __name(continuationLeg, "continuationLeg");
    __name(assetKey, "assetKey");
    __name(settleSwap, "settleSwap");
  }
});

// server/execute/key-material.ts
import { createPrivateKey, createPublicKey } from "node:crypto";
function secretName(name) {
  const n = name.toLowerCase().replace(/[^a-z]/g, "");
  return n === "seed" || n.startsWith("seed") || NAME_PARTS.some((p) => n.includes(p));
}
function isEd25519Keypair(bytes) {
  if (bytes.length !== 64) return false;
  try {
    const priv = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, bytes.subarray(0, 32)]), format: "der", type: "pkcs8" });
    const pub = createPublicKey(priv).export({ format: "der", type: "spki" });
    return Buffer.from(pub.subarray(pub.length - 32)).equals(Buffer.from(bytes.subarray(32)));
  } catch {
    return false;
  }
}
function secretValue(v) {
  const s = v.trim();
  if (/^suiprivkey1[0-9a-z]+$/i.test(s)) return true;
  const words = s.split(/\s+/);
  if (words.length >= 12 && words.length <= 24 && words.every((w2) => /^[a-z]{2,12}$/.test(w2))) return true;
  if (/^(0x)?[0-9a-fA-F]{128}$/.test(s)) return true;
  if (/^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(s)) {
    const bytes = base58Decode(s);
    if (bytes && isEd25519Keypair(bytes)) return true;
  }
  return false;
}
function secretArray(a) {
  return a.length === 64 && a.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 255);
}
function findKeyMaterial(value, path7 = "body", depth = 0) {
  if (depth > 32) return path7;
  if (typeof value === "string") return secretValue(value) ? path7 : null;
  if (Array.isArray(value)) {
    if (secretArray(value)) return path7;
    for (let i = 0; i < value.length; i++) {
      const hit = findKeyMaterial(value[i], `${path7}.${i}`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const p = `${path7}.${k}`;
      if (secretName(k)) return p;
      const hit = findKeyMaterial(v, p, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}
function refuseKeyMaterial(raw) {
  const at = findKeyMaterial(raw);
  if (at) {
    throw fieldError(
      "INVALID_REQUEST",
      at,
      "looks like key material; refused and not stored: the service never accepts private keys, secret keys or mnemonics, send owner-signed transaction bytes or an on-chain digest"
    );
  }
}
var NAME_PARTS, ED25519_PKCS8_PREFIX;
var init_key_material = __esm({
  "server/execute/key-material.ts"() {
    "use strict";
    init_address();
    init_errors();
    NAME_PARTS = ["privatekey", "secretkey", "privkey", "secret", "mnemonic", "seedphrase", "keypair", "recoveryphrase"];
    ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
    __name(secretName, "secretName");
    __name(isEd25519Keypair, "isEd25519Keypair");
    __name(secretValue, "secretValue");
    __name(secretArray, "secretArray");
    __name(findKeyMaterial, "findKeyMaterial");
    __name(refuseKeyMaterial, "refuseKeyMaterial");
  }
});

// server/plans/schemas.ts
import { z as z13 } from "zod";
var feeItem, planTransaction, wei, gasFeeSchema, estimatesSchema3, planBase, vaultPlanSchema, vaultPlanBody2, slippageBps, token3, swapBody, evmSwapBody, swapPlanSchema, bridgeBody, planLeg, bridgePlanSchema, gasBody, gasLeg, gasPlanSchema, bridgePathsSchema, planIdParams, planRecordQuery, planRecordSchema;
var init_schemas7 = __esm({
  "server/plans/schemas.ts"() {
    "use strict";
    init_address();
    init_simulation();
    init_schemas();
    init_amount();
    init_schemas2();
    init_registry();
    feeItem = z13.object({
      label: z13.string(),
      kind: z13.enum(["service", "pool", "rail", "network"]),
      amountMicros: microsOutput.nullable().meta({ description: "Base units of `asset` (micros for USDC); null when not known before signing." }),
      bps: z13.number().int().nullable(),
      estimate: z13.boolean(),
      asset: z13.string().nullable().optional().meta({ description: "Token the amount is in (mint, coin type or address); null for the chain's native asset." }),
      reason: z13.string().nullable().optional().meta({
        description: "Why the amount is what it is when not the schedule's: a service fee of 0 because no fee recipient is configured on the chain (GET /svc/fees `recipients`) or because it rounds to nothing; null when the fee is taken."
      })
    }).meta({ id: "PlanFee" });
    planTransaction = z13.object({
      chain: chainId,
      kind: z13.enum(["approve", "deposit", "withdraw", "swap", "burn", "receive", "fee"]).meta({ description: "fee: an EVM plan's disclosed USDC.transfer of the service fee to the chain's fee recipient (elsewhere the fee is inside the plan's own transaction)." }),
      description: z13.string(),
      encoding: z13.enum(["sui-transaction-json", "solana-v0-message-base64", "evm-call"]),
      payload: z13.unknown().meta({
        description: "sui-transaction-json: the string for `Transaction.from()` (dapp-kit signs it; the wallet resolves coins, object versions and gas). solana-v0-message-base64: { feePayer, instructions[], transaction (unsigned v0 wire transaction, base64), message, recentBlockhash, lastValidBlockHeight }; the wallet signs `transaction` as is, or when the blockhash expired, compiles `instructions` with its own recent blockhash. A plan is `prepared` only when every transaction is complete; when the RPC gives no blockhash the plan is `blocked` with rpc_unavailable. evm-call: { chainId, to, data, value } for eth_sendTransaction."
      }),
      simulation: simulationSchema.optional().meta({ description: "Present on every transaction of a plan with an owner (contract \xA78)." })
    }).meta({ id: "PlanTransaction" });
    wei = z13.string().regex(/^[0-9]+$/);
    gasFeeSchema = z13.object({
      asset: z13.literal("ETH"),
      decimals: z13.literal(18),
      gas: wei.nullable().meta({ description: "Sum of the steps' simulated gas; null when a step has none." }),
      baseFeePerGas: wei.nullable().meta({ description: "The next block's base fee (eth_feeHistory), wei per gas." }),
      maxPriorityFeePerGas: wei.nullable().meta({ description: "Tip for the wallet's EIP-1559 transaction: median of recent blocks' 50th-percentile tips." }),
      maxFeePerGas: wei.nullable().meta({ description: "maxFeePerGas for the wallet's EIP-1559 transaction: 2 \xD7 base fee + tip." }),
      maxCostWei: wei.nullable().meta({ description: "gas \xD7 maxFeePerGas: the most the wallet can be charged for the whole plan." }),
      expectedCostWei: wei.nullable().meta({ description: "gas \xD7 (base fee + tip): the cost at the next block's base fee." }),
      usd: z13.null(),
      usdReason: z13.string(),
      reason: z13.string().nullable().meta({ description: "Why the cost is null; null when it is known." })
    }).meta({ id: "PlanGasFee", description: "EVM plans with an owner: the network fee the wallet will ask for, from eth_feeHistory and the simulation." });
    estimatesSchema3 = z13.object({
      estimate: z13.literal(true),
      grossApyBps: z13.number().int().nullable(),
      netApyBps: z13.number().int().nullable(),
      estDailyYieldMicros: microsOutput.nullable(),
      estMonthlyYieldMicros: microsOutput.nullable()
    });
    planBase = {
      status: z13.enum(["prepared", "blocked"]),
      planId: z13.string().meta({ example: "pln_0123456789abcdefghjk" }),
      submitted: z13.literal(false),
      ownerMustSign: z13.literal(true),
      blockers: z13.array(blockerSchema).optional().meta({ description: "Present when status is blocked." }),
      fees: z13.array(feeItem),
      transactions: z13.array(planTransaction),
      broadcastEnabled: z13.boolean(),
      ownerSigning: z13.boolean().meta({
        description: "Whether the owner may sign this plan in the dashboard: always on an Executable chain; on a Map chain (evm-a, evm-b) only when the operator lists it in SVC_OWNER_SIGNING_CHAINS (spec \xA71.2: an explicit go). false while SVC_EXECUTION_MODE is disabled. It never means the server broadcasts: on a Map chain the execute endpoint still answers map_chain_prepare_only, so the ledger does not record the signed transactions."
      }),
      executionMode
    };
    vaultPlanSchema = z13.object({
      schemaVersion: z13.literal("svc-vault-plan.v1"),
      action: z13.enum(["deposit", "withdraw"]),
      ...planBase,
      feeMicros: z13.literal("0"),
      strategyId: z13.string(),
      opportunityId: z13.string(),
      chain: chainId,
      amountMicros: microsOutput,
      owner: z13.string().nullable(),
      estimates: estimatesSchema3.nullable().meta({
        description: "Deposit plans: the spec \xA71.4 yield estimates on the amount (labeled estimates). null on withdraw plans: a withdraw earns nothing; amountMicros is what leaves the venue and, with the principal fee 0, what the owner receives."
      }),
      onchainInterface: z13.string().nullable(),
      gasFee: gasFeeSchema.optional().meta({ description: "Present on EVM plans with an owner." })
    }).meta({ id: "VaultPlan", description: "Deposit or withdraw plan (spec \xA72.2): identical shape for every venue." });
    vaultPlanBody2 = z13.strictObject({
      strategyId: z13.string().min(1).max(200).meta({ description: "Bare protocol id (or form-<id>, or an opportunityId)", example: "scallop" }),
      amountMicros: microsInput,
      owner: walletAddress.optional().meta({ description: "The owner's wallet on the venue's chain; with it the plan carries the unsigned transactions." })
    }).meta({ id: "VaultPlanRequest" });
    slippageBps = z13.number().int().min(0).max(500, { error: "must be at most 500" }).default(100).meta({ description: "Slippage bound in bps: default 100, maximum 500." });
    token3 = z13.string().min(1).max(300).meta({ description: "Token: mint / coin type / address, or the symbol USDC." });
    swapBody = z13.strictObject({
      inputToken: token3,
      outputToken: token3,
      amountIn: microsInput.meta({ description: "Input amount in the input token's base units (micros for USDC)." }),
      slippageBps: slippageBps.optional(),
      owner: walletAddress.optional()
    });
    evmSwapBody = swapBody.extend({ chain: z13.enum(["evm-a", "evm-b"]) });
    swapPlanSchema = z13.object({
      schemaVersion: z13.literal("svc-swap-plan.v1"),
      ...planBase,
      chain: chainId,
      owner: z13.string().nullable(),
      inputToken: z13.string(),
      outputToken: z13.string(),
      amountIn: microsOutput,
      slippageBps: z13.number().int(),
      quote: z13.object({
        source: z13.string(),
        format: z13.string(),
        asOf: z13.string(),
        inAmount: microsOutput,
        outAmount: microsOutput,
        sourceMinAmountOut: microsOutput.nullable(),
        priceImpactPct: z13.string().nullable(),
        route: z13.array(z13.string())
      }).nullable(),
      minAmountOut: microsOutput.nullable().meta({ description: "outAmount \xD7 (10000 \u2212 slippageBps) / 10000, rounded down; null without a quote." }),
      custody: z13.literal("none")
    }).meta({ id: "SwapPlan" });
    bridgeBody = z13.strictObject({
      sourceChain: chainId,
      destChain: chainId,
      amountMicros: microsInput,
      sourceAddress: walletAddress,
      destAddress: walletAddress,
      continueTo: z13.strictObject({
        strategyId: z13.string().min(1).max(200).meta({ description: "A venue on destChain (bare id, form-<id> or opportunityId).", example: "kamino" })
      }).optional().meta({
        description: "Optional continuation on the destination chain: the arriving USDC is deposited into this venue (a cross-chain deposit: bridge, swap and deposit legs). A venue on another chain than destChain is 400."
      }),
      speed: z13.enum(["fast", "standard"]).optional().meta({
        description: "CCTP V2 transfer speed (default standard): fast = finality threshold 1000, attested after soft finality for Circle's fee; standard = 2000, no fee. A route with a V1-only end (move-chain) has no fast transfer: fast there is 400."
      }),
      destIsContract: z13.boolean().optional().meta({
        description: "On an EVM destChain, the destination's contract code is read at plan time (eth_getCode): an address holding code is 400 INVALID_REQUEST unless this is true (the owner confirms the contract can move USDC, e.g. a multisig). When the code cannot be read the plan is blocked rpc_unavailable. Ignored on other chains."
      })
    }).meta({ id: "BridgePlanRequest" });
    planLeg = z13.object({
      legIndex: z13.number().int(),
      kind: z13.enum(["bridge", "swap", "deposit"]),
      chain: chainId,
      destChain: chainId.nullable().meta({ description: "Set for the bridge leg." }),
      inputToken: z13.string(),
      outputToken: z13.string(),
      amountInMicros: microsOutput.nullable().meta({ description: "null when what arrives is not known (a fast transfer whose rail fee is unknown)." }),
      quotedAmountOutMicros: microsOutput.nullable().meta({ description: "The quote; the settled amount is read from the destination proof at delivery. null when not known (see expectedReceivedReason)." }),
      passThrough: z13.boolean().meta({ description: "true for a swap leg whose input and output token are the same (USDC arrives, the venue takes USDC): no swap transaction, no cost." }),
      strategyId: z13.string().nullable().meta({ description: "The venue of the deposit leg." }),
      fees: z13.array(feeItem)
    }).meta({ id: "PlanLeg" });
    bridgePlanSchema = z13.object({
      schemaVersion: z13.literal("svc-bridge-plan.v1"),
      ...planBase,
      rail: z13.enum(RAIL_IDS).meta({ description: "CCTP V2 where both ends run it (evm-a, evm-b, svm-chain); V1 end to end when one end has only V1 (move-chain)." }),
      speed: z13.enum(["fast", "standard"]).nullable().meta({ description: "The V2 transfer speed; null on V1." }),
      railFee: z13.object({
        amountMicros: microsOutput.nullable().meta({ description: "Circle's fee for this burn (fee API tier \xD7 amount, rounded up); null when the fee API could not be read." }),
        bps: z13.string().nullable().meta({ description: "Circle's minimumFee of the tier, in basis points as Circle writes it (a decimal)." }),
        maxFeeMicros: microsOutput.nullable().meta({ description: "The burn's maxFee argument (V2): 0 for standard; for fast the fee plus 10%. null on V1." }),
        source: z13.string().nullable(),
        reason: z13.string().nullable()
      }).meta({ description: "The rail's fee from Circle's fee API (GET /v2/burn/USDC/fees/{src}/{dst}) when reachable, else null with a reason." }),
      sourceChain: chainId,
      destChain: chainId,
      amountMicros: microsOutput,
      sourceAddress: z13.string(),
      destAddress: z13.string().meta({ description: "Owner-locked destination: the mint recipient of the burn; delivery and rescue only ever pay here." }),
      mintRecipient: z13.string().nullable().meta({ description: "bytes32 hex given to depositForBurn (for svm-chain: the destination's USDC token account)." }),
      destinationDomain: z13.number().int(),
      burnAmountMicros: microsOutput.meta({ description: "What the burn burns: amountMicros less the service bridge fee taken on the source chain (the owner's USDC outflow is amountMicros)." }),
      expectedReceivedMicros: microsOutput.nullable().meta({ description: "What is minted to destAddress: burnAmountMicros less the rail fee of a fast transfer; null when that fee is unknown (Circle's fee API unreachable), with expectedReceivedReason." }),
      expectedReceivedReason: z13.string().nullable(),
      continueTo: z13.object({ strategyId: z13.string(), opportunityId: z13.string(), chain: chainId, onchainInterface: z13.string().nullable() }).nullable().meta({ description: "The destination venue the arriving USDC is deposited into, or null for a plain bridge." }),
      legs: z13.array(planLeg).meta({ description: "Each leg with its fees, in legIndex order: bridge, then (with continueTo) swap and deposit." }),
      risk: z13.object({ summary: z13.string(), items: z13.array(z13.string()) })
    }).meta({ id: "BridgePlan" });
    gasBody = z13.strictObject({ planId: z13.string().min(1).max(64) });
    gasLeg = z13.object({
      chain: chainId,
      transactions: z13.number().int(),
      asset: z13.string(),
      unit: z13.string(),
      gasPrice: z13.string().nullable(),
      gasUnits: z13.string().nullable(),
      amount: z13.string().nullable().meta({ description: "Estimated network fee in `unit`; null when the RPC could not be read." }),
      status: z13.enum(["ok", "N/A"]),
      reason: z13.string().nullable(),
      source: z13.string().nullable(),
      asOf: z13.string().nullable()
    });
    gasPlanSchema = z13.object({
      schemaVersion: z13.literal("svc-gas-plan.v1"),
      status: z13.enum(["prepared", "blocked"]),
      planId: z13.string(),
      estimate: z13.literal(true),
      submitted: z13.literal(false),
      ownerMustSign: z13.literal(true),
      sponsored: z13.literal(false),
      blockers: z13.array(blockerSchema).optional(),
      chains: z13.array(gasLeg),
      note: z13.string()
    }).meta({ id: "GasPlan" });
    bridgePathsSchema = z13.object({
      schemaVersion: z13.literal("svc-bridge-paths.v1"),
      paths: z13.array(
        z13.object({
          sourceChain: chainId,
          destChain: chainId,
          rail: z13.enum(RAIL_IDS),
          speeds: z13.array(z13.enum(["standard", "fast"])),
          ready: z13.boolean(),
          reason: z13.string().nullable()
        })
      )
    }).meta({ id: "BridgePaths", description: "Which bridge paths the service can build, from the check that blocks bridge plans." });
    planIdParams = z13.object({ planId: z13.string().min(1).max(64).meta({ description: "Plan id (pln_\u2026)" }) });
    planRecordQuery = z13.object({
      sourceTxId: z13.string().min(1).max(200).optional().meta({ description: "A bridge's burn transaction on the source chain, as a hint: the service checks it on chain against the plan and answers what it found (bridge.burn)." })
    });
    planRecordSchema = z13.object({
      schemaVersion: z13.literal("svc-plan-record.v1"),
      planId: z13.string(),
      kind: z13.enum(["deposit", "withdraw", "swap", "bridge", "cage"]),
      status: z13.enum(["prepared", "blocked"]).meta({ description: "The plan's status when it was prepared." }),
      chain: chainId,
      owner: z13.string().nullable(),
      strategyId: z13.string().nullable(),
      amountMicros: microsOutput,
      destChain: chainId.nullable(),
      destAddress: z13.string().nullable().meta({ description: "Bridges: the owner-locked destination." }),
      createdAt: z13.string(),
      plan: z13.record(z13.string(), z13.unknown()).meta({ description: "The plan body as it was answered when prepared (fees, blockers, transactions)." }),
      bridge: z13.object({
        rail: z13.enum(RAIL_IDS),
        burn: z13.object({
          txId: z13.string().nullable().meta({ description: "The sourceTxId checked, or null when none was given." }),
          state: z13.enum(["not_reported", "invalid", "not_confirmed", "confirmed", "failed", "not_this_plan"]).meta({
            description: "not_reported: no sourceTxId given (the service records no burn before delivery). invalid: not a transaction id of the source chain. not_confirmed: the source chain does not know it yet, it is not final, or the RPC could not be read (ask again). failed: it failed on chain. not_this_plan: final, but not sent by the plan's owner or not moving the plan's amount of USDC out of the owner's wallet. confirmed: final, sent by the owner, and taking at least the plan's amount of USDC from the owner. The burn message's recipient is checked against the locked destination by POST /svc/bridge/rescue."
          }),
          reason: z13.string().nullable()
        }),
        attestation: z13.object({
          state: z13.enum(["attested", "not_read"]),
          reason: z13.string().nullable().meta({ description: "Why it is not read here: POST /svc/bridge/rescue reads Circle's attestation for a burn." })
        }),
        delivery: z13.object({
          state: z13.enum(["none", "delivered", "failed"]).meta({ description: "What the service recorded: a delivery proven on the destination chain, a reported failure, or nothing yet." }),
          destTxId: z13.string().nullable().meta({ description: "The destination transaction that proved the delivery." }),
          creditedMicros: microsOutput.nullable(),
          error: z13.string().nullable(),
          recordedAt: z13.string().nullable()
        })
      }).nullable().meta({ description: "Bridge plans only (null for other kinds): the burn hint as the source chain confirms it, and the delivery the service recorded." })
    }).meta({ id: "PlanRecord" });
  }
});

// server/execute/schemas.ts
import { z as z14 } from "zod";
var planId, txId2, executeBody, executePosition, executeBase, executeDoneSchema, executeWaitingSchema, executeBlockedSchema, deliveryBody, deliverySchema, deliveryBlockedSchema, rescueBody, rescueSchema;
var init_schemas8 = __esm({
  "server/execute/schemas.ts"() {
    "use strict";
    init_schemas();
    init_amount();
    init_schemas7();
    init_schemas2();
    init_registry();
    planId = z14.string().min(1).max(64).meta({ example: "pln_0123456789abcdefghjk" });
    txId2 = z14.string().min(1).max(100).regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]+)$/, { error: "must be a transaction id: base58 (Sui digest, Solana signature) or 0x + 64 hex (EVM)" });
    executeBody = z14.union([
      z14.strictObject({ planId, digest: txId2.meta({ description: "The digest (Sui) or signature (Solana) of the transaction the owner's wallet already executed." }) }),
      z14.strictObject({
        planId,
        signedTransaction: z14.string().min(1).max(3e5).regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "must be base64" }).meta({ description: "Owner-signed transaction bytes, base64 (Sui: BCS TransactionData; Solana: the signed wire transaction)." }),
        signatures: z14.array(z14.string().min(1).max(1e3)).max(8).optional().meta({ description: "Sui: the owner's serialized signatures (base64)." })
      })
    ]).meta({
      id: "ExecuteRequest",
      description: "Owner-signed bytes or an on-chain digest, never a private key or mnemonic (a body that carries one is refused with 400)."
    });
    executePosition = z14.object({ liquidMicros: microsOutput, stakedMicros: microsOutput });
    executeBase = {
      schemaVersion: z14.literal("svc-execute.v1"),
      planId: z14.string(),
      chain: chainId,
      strategyId: z14.string().nullable(),
      amountMicros: microsOutput
    };
    executeDoneSchema = z14.object({
      ...executeBase,
      status: z14.literal("done"),
      digest: z14.string(),
      submitted: z14.boolean().meta({ description: "true when this server broadcast the signed bytes; false when the wallet did." }),
      settled: z14.literal(true),
      settledMicros: microsOutput.optional().meta({
        description: "What the ledger recorded, from the confirmed transaction: a deposit stakes the plan's amount once the owner's USDC outflow less the USDC fees the plan disclosed covers it (never more: an excess is not proven to be in the position); a withdraw records the USDC that arrived in the owner's wallet."
      }),
      position: executePosition.nullable().meta({ description: "The wallet's ledger position after the deposit or withdraw; null for a swap (the ledger holds no swapped tokens)." }),
      swap: z14.object({
        inputToken: z14.string(),
        outputToken: z14.string(),
        amountIn: z14.string().regex(/^[0-9]+$/).meta({ description: "Base units of inputToken that left the owner's wallet, read from the transaction." }),
        amountOut: z14.string().regex(/^[0-9]+$/).meta({ description: "Base units of outputToken that arrived in the owner's wallet, read from the transaction (never the quote)." }),
        quotedAmountOut: z14.string().nullable(),
        minAmountOut: z14.string().nullable()
      }).optional().meta({ description: "A swap's settled amounts (POST /svc/swap/execute)." })
    }).meta({ id: "ExecuteDone" });
    executeWaitingSchema = z14.object({
      ...executeBase,
      status: z14.enum(["pending", "prepared"]),
      digest: z14.string().nullable(),
      submitted: z14.boolean(),
      settled: z14.literal(false),
      ownerMustSign: z14.boolean(),
      broadcastEnabled: z14.boolean(),
      executionMode,
      reason: z14.string()
    }).meta({
      id: "ExecuteWaiting",
      description: "pending: the RPC is unreachable or the transaction is not final yet; nothing is credited, post again. prepared: the server does not broadcast in this mode; the wallet executes and posts the digest."
    });
    executeBlockedSchema = z14.object({ ...blockedEnvelope, schemaVersion: z14.literal("svc-execute.v1"), status: z14.literal("blocked"), planId: z14.string(), digest: z14.string().nullable(), blockers: z14.array(blockerSchema) }).meta({ id: "ExecuteBlocked" });
    deliveryBody = z14.union([
      z14.strictObject({ planId, destTxId: txId2.meta({ description: "The transaction that minted the USDC on the destination chain (CCTP receiveMessage)." }) }),
      z14.strictObject({
        planId,
        status: z14.literal("failed"),
        error: z14.string().min(1).max(500),
        destTxId: txId2.optional()
      })
    ]).meta({ id: "BridgeDeliveryRequest" });
    deliverySchema = z14.object({
      schemaVersion: z14.literal("svc-bridge-delivery.v1"),
      status: z14.enum(["delivered", "failed", "pending"]),
      planId: z14.string(),
      sourceChain: chainId,
      destChain: chainId,
      destAddress: z14.string().meta({ description: "The owner-locked destination recorded in the bridge plan." }),
      destTxId: z14.string().nullable(),
      credited: z14.boolean().meta({ description: "true only on the request that credited the destination; a repeat answers the first result with false." }),
      amountMicros: microsOutput.meta({ description: "Burned on the source chain (the plan amount)." }),
      creditedMicros: microsOutput.nullable().meta({ description: "Minted to the destination, read from the proof; null when not delivered." }),
      quotedAmountOutMicros: microsOutput,
      liquidMicros: microsOutput.nullable().meta({ description: "The destination wallet's liquid balance on destChain after the credit (and the continuing deposit)." }),
      continueTo: z14.string().nullable().meta({ description: "The plan's continuing venue on destChain (cross-chain deposit), or null." }),
      deposit: z14.object({
        strategyId: z14.string(),
        stakedMicros: microsOutput.meta({ description: "Staked into the venue (deposit leg, legIndex 2). A delivery no longer stakes: see continuation." }),
        positionStakedMicros: microsOutput.meta({ description: "The venue position's staked amount after it." }),
        txId: z14.string().meta({ description: "The destination transaction recorded as the position's proof." })
      }).nullable().meta({ description: "Always null since a delivery credits the destination's liquid balance only; the continuing deposit is staked when its own transaction is executed (continuation.planId)." }),
      continuation: z14.object({
        planId: z14.string().meta({
          description: "The continuation's deposit plan: sign its transactions with the locked destination, then report them with POST /svc/strategies/deposit/execute { planId, digest }; that stakes it (deposit leg 2 of this bridge plan)."
        }),
        strategyId: z14.string(),
        amountMicros: microsOutput.meta({ description: "What the deposit deposits: the minted amount, at most the quoted arrival; it stays liquid on destChain until the deposit is executed." }),
        depositTxId: z14.string().nullable().meta({ description: "The continuation deposit's transaction once executed and recorded (then nothing more is offered to sign); null before." }),
        transactions: z14.array(planTransaction).meta({
          description: "The destination deposit for the owner-locked destination to sign, built for this answer and simulated now that the minted USDC is on destChain (each with its simulation)."
        }),
        blockers: z14.array(blockerSchema).meta({ description: "Why it could not be built (no transactions) or why its simulation failed (simulation_failed); empty when it is ready to sign." })
      }).nullable().optional().meta({ description: "A delivered cross-chain deposit's continuation, rebuilt and simulated for each answer until it is executed, and stored as the deposit plan continuation.planId (its answer: GET /svc/plans/{planId}); null otherwise." }),
      error: z14.string().nullable(),
      reason: z14.string().nullable()
    }).meta({ id: "BridgeDelivery" });
    deliveryBlockedSchema = z14.object({ ...blockedEnvelope, schemaVersion: z14.literal("svc-bridge-delivery.v1"), status: z14.literal("blocked"), planId: z14.string(), blockers: z14.array(blockerSchema) }).meta({ id: "BridgeDeliveryBlocked" });
    rescueBody = z14.strictObject({
      planId,
      sourceTxId: z14.string().regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,88})$/, { error: "must be an EVM transaction hash (0x + 64 hex), a Solana signature or a Sui digest (base58)" }).optional().meta({
        description: "The burn (depositForBurn) transaction on the source chain: an EVM hash, a Solana signature for a svm-chain burn or a Sui digest for a move-chain burn (checked against the plan's source chain); its message is what receiveMessage mints."
      })
    }).meta({
      id: "BridgeRescueRequest",
      description: "The plan id and the burn transaction: the destination is never taken from the request (any other field is 400); the mint recipient comes from the burn message and must be the plan's locked destination."
    });
    rescueSchema = z14.object({
      schemaVersion: z14.literal("svc-bridge-rescue.v1"),
      status: z14.enum(["prepared", "blocked"]),
      planId: z14.string(),
      submitted: z14.literal(false),
      ownerMustSign: z14.literal(true),
      rail: z14.enum(RAIL_IDS),
      sourceChain: chainId,
      destChain: chainId,
      destAddress: z14.string().meta({ description: "The owner-locked destination from the bridge plan: the only address a rescue can pay." }),
      mintRecipient: z14.string().nullable(),
      sourceDomain: z14.number().int(),
      destinationDomain: z14.number().int(),
      method: z14.literal("receiveMessage"),
      messageTransmitter: z14.string().nullable().meta({ description: "CCTP MessageTransmitter on the destination (EVM destinations); null where not confirmed." }),
      burn: z14.object({
        sourceTxId: z14.string(),
        nonce: z14.string(),
        amountMicros: microsOutput,
        mintRecipient: z14.string().meta({ description: "From the burn message; always the plan's locked destination when a transaction is built." }),
        message: z14.string().meta({ description: "The MessageSent bytes (hex) read from the source transaction's receipt." }),
        attestation: z14.string().nullable().meta({ description: "Circle's attestation (hex); null while pending or unreadable." })
      }).nullable(),
      steps: z14.array(z14.string()),
      transactions: z14.array(planTransaction).meta({ description: "receiveMessage(message, attestation) on the destination MessageTransmitter, when prepared; empty when blocked." }),
      blockers: z14.array(blockerSchema).optional(),
      broadcastEnabled: z14.boolean(),
      executionMode
    }).meta({ id: "BridgeRescuePlan" });
  }
});

// server/execute/endpoints.ts
import { getBase58Decoder as getBase58Decoder2 } from "@solana/kit";
function executeEndpoint(action, summary, description, run2) {
  const operationId = { deposit: "executeDeposit", withdraw: "executeWithdraw", swap: "executeSwap" }[action];
  const path7 = action === "swap" ? "/api/v1/svc/swap/execute" : `/api/v1/svc/strategies/${action}/execute`;
  return endpoint({
    ...publicRoute(operationId, "POST", path7, summary, TAGS4),
    description,
    body: executeBody,
    screen: refuseKeyMaterial,
    idempotent: true,
    errors: ["NOT_FOUND"],
    example: { body: { planId: "pln_0000000000000000000a", digest: getBase58Decoder2().decode(new Uint8Array(32).fill(7)) } },
    responses: { 200: executeDoneSchema, 202: executeWaitingSchema, 422: executeBlockedSchema },
    handler: /* @__PURE__ */ __name(async ({ db, body }) => run2(db, body), "handler")
  });
}
var TAGS4, executeDepositEndpoint, executeWithdrawEndpoint, executeSwapEndpoint, bridgeDeliveryEndpoint, bridgeRescueEndpoint, executeEndpoints;
var init_endpoints4 = __esm({
  "server/execute/endpoints.ts"() {
    "use strict";
    init_endpoint();
    init_bridge2();
    init_deposit();
    init_key_material();
    init_schemas8();
    TAGS4 = ["execute"];
    __name(executeEndpoint, "executeEndpoint");
    executeDepositEndpoint = executeEndpoint(
      "deposit",
      "Record a deposit plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and credit once",
      "Body { planId, digest } after the wallet executed, or { planId, signedTransaction, signatures? } (submitted only when SVC_EXECUTION_MODE=broadcast on an Executable chain; otherwise 202 prepared, submitted false). 200 done once confirmed and recorded: the position stakes the plan's amount once the owner's USDC outflow read from the transaction, less the USDC fees the plan disclosed, covers it (never more; `settledMicros`; a repeat with the same digest answers the same and credits nothing); 202 pending when the RPC is unreachable or the transaction is not final (nothing credited; post again); 422 blocked for a failed transaction, a sender that is not the plan's owner, an outflow that does not cover the plan's amount and its disclosed fees (tx_amount_mismatch), a plan that is not a prepared deposit, a Map chain, or a digest used by another plan. Private keys, secret keys and mnemonics are refused with 400 whatever field carries them, and never logged.",
      executeDeposit
    );
    executeWithdrawEndpoint = executeEndpoint(
      "withdraw",
      "Record a withdraw plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and record what arrived once",
      "Body { planId, digest } after the wallet executed the withdraw plan's transaction, or { planId, signedTransaction, signatures? } (as for deposits). 200 done once confirmed and recorded: the venue position gives up the USDC that arrived in the owner's wallet (read from the transaction, `settledMicros`), up to its staked principal, the rest recorded as yield; a repeat with the same digest answers the same and records nothing. 202 pending when the RPC is unreachable or the transaction is not final; 422 blocked for a failed transaction, a sender that is not the plan's owner, a transaction that brings the owner no USDC, a plan that is not a prepared withdraw, a Map chain, or a digest used by another plan.",
      executeWithdraw
    );
    executeSwapEndpoint = executeEndpoint(
      "swap",
      "Record a swap plan's on-chain execution: confirm the digest (or, in broadcast mode, submit owner-signed bytes) and write the settled swap leg once",
      "Body { planId, digest } after the wallet executed the swap plan's transaction, or { planId, signedTransaction, signatures? } (as for deposits). 200 done once confirmed: what left the owner's wallet of the input token and arrived of the output token, read from the transaction (`swap.amountIn`, `swap.amountOut`; never the quote), is written to the activity log as a settled swap leg beside the quote; the ledger's USDC balances are not changed. 202 pending when the RPC is unreachable or the transaction is not final; 422 blocked for a failed transaction, a sender that is not the plan's owner, a transaction that takes more than the plan's amount or brings less than its minimum (tx_amount_mismatch), a plan that is not a prepared swap, a Map chain, or a digest used by another plan.",
      executeSwap
    );
    bridgeDeliveryEndpoint = endpoint({
      operationId: "deliverBridge",
      method: "POST",
      path: "/api/v1/svc/bridge/delivery",
      summary: "Credit a bridge plan's owner-locked destination once, only with the destination chain's proof",
      description: "Body { planId, destTxId }: the destination transaction is confirmed through the destination chain's RPC and must mint USDC to the locked destination; then, in one transaction, the destination's liquid balance is credited with the minted amount, the bridge leg is written and bridge.delivered emitted. When the plan continues into a venue (continueTo), the same transaction also writes the pass-through swap leg (legIndex 1); the continuing amount stays liquid, and the answer's `continuation` carries the destination deposit, built and simulated now, as a deposit plan (`continuation.planId`) for the locked destination to sign and report with POST /svc/strategies/deposit/execute: that stakes it (deposit leg 2 of the bridge plan; deposit.settled, position.updated) with its own transaction as the position's proof and a cost basis that includes the settled routing legs' cost. A second delivery answers the first result with credited false. Body { planId, status: \"failed\", error } records a failed bridge leg and emits bridge.failed (no credit). The key's scope must hold the plan's owner or its destination wallet.",
      tags: TAGS4,
      access: "bridge.deliver",
      body: deliveryBody,
      screen: refuseKeyMaterial,
      idempotent: true,
      errors: ["NOT_FOUND"],
      example: { body: { planId: "pln_0000000000000000000a", destTxId: `0x${"ab".repeat(32)}` } },
      responses: { 200: deliverySchema, 202: deliverySchema, 422: deliveryBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, body }) => deliverBridge(db, principal, body), "handler")
    });
    bridgeRescueEndpoint = endpoint({
      operationId: "rescueBridge",
      method: "POST",
      path: "/api/v1/svc/bridge/rescue",
      summary: "Prepared CCTP rescue of an undelivered bridge: it can only pay the plan's owner-locked destination",
      description: "Body { planId, sourceTxId }: the service reads the burn's CCTP MessageSent message from the source transaction's receipt (source chain RPC) and Circle's attestation (SVC_CCTP_ATTESTATION_URL, GET /v1/messages/{sourceDomain}/{txHash}), and prepares receiveMessage(message, attestation) on the destination MessageTransmitter for the owner to sign. The message's mint recipient must be the plan's owner-locked destination (else blocked recipient_mismatch, no transaction). A destination in the body is 400 (it is never taken from the request). HTTP 200 with status prepared, or blocked: already_delivered, source_tx_required, burn_not_found, source_rpc_unavailable, attestation_pending, attestation_unavailable, adapter_not_ready (svm-chain and move-chain destinations). The key's scope must hold the plan's owner.",
      tags: TAGS4,
      access: "bridge.rescue",
      body: rescueBody,
      screen: refuseKeyMaterial,
      errors: ["NOT_FOUND"],
      example: { body: { planId: "pln_0000000000000000000a", sourceTxId: `0x${"cd".repeat(32)}` } },
      responses: { 200: rescueSchema, 422: deliveryBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, body }) => rescueBridge(db, principal, body.planId, body.sourceTxId), "handler")
    });
    executeEndpoints = [executeDepositEndpoint, executeWithdrawEndpoint, executeSwapEndpoint, bridgeDeliveryEndpoint, bridgeRescueEndpoint];
  }
});

// server/http/roles.ts
function roleMay(role, access) {
  if (access === "public" || access === "permissionless") return true;
  return CAPABILITIES[access].includes(role);
}
var CAPABILITIES;
var init_roles = __esm({
  "server/http/roles.ts"() {
    "use strict";
    CAPABILITIES = {
      /** position, portfolio, performance, funding, batch positions, auto-yield and autopilot reads, cage state. */
      "wallet.read": ["owner", "agent"],
      /** preview and other dry runs (autopilot preview, tick, decide). */
      "wallet.dryrun": ["owner", "agent"],
      /** route, withdraw, auto-pay, rebalance: moves the wallet's money. */
      "wallet.move": ["owner"],
      /** PUT auto-yield, autopilot enable/disable, cage policy, characters: changes the wallet's policy. */
      "wallet.policy": ["owner"],
      /** bridge rescue: funds only ever go to the owner-locked destination. */
      "bridge.rescue": ["owner"],
      /** bridge delivery: credit after proof. */
      "bridge.deliver": ["owner", "keeper"],
      /** webhook subscriptions. */
      "webhooks.manage": ["owner"],
      /** the event log. */
      "events.read": ["owner", "agent"],
      /** keeper harvest plans (owner may dry-run too). */
      "harvest.plan": ["owner", "keeper"],
      /** keeper operations: harvest batch, survival, ops health, map and stats refresh, the Prometheus metrics (GET /metrics). */
      "keeper.ops": ["keeper"]
    };
    __name(roleMay, "roleMay");
  }
});

// server/ledger/home.ts
async function chainFor2(db, wallet, field2 = "body.chain") {
  const family = addressFamily(wallet);
  const candidates = CHAIN_IDS.filter((c) => CHAIN_FAMILY[c] === family);
  const only = candidates.length === 1 ? candidates[0] : void 0;
  if (only) return only;
  const settings = await settingsOf(db, wallet);
  if (settings?.enabled && candidates.includes(settings.chain)) return settings.chain;
  const held = /* @__PURE__ */ new Set();
  for (const r of await walletRows(db, wallet)) {
    const chain = candidates.find((c) => c === r.chain);
    if (chain && (r.liquidMicros > 0n || r.stakedMicros > 0n)) held.add(chain);
  }
  const home = held.size === 1 ? [...held][0] : void 0;
  if (home) return home;
  const why = held.size > 1 ? "the wallet holds money on each of them" : "the wallet has no balance or autopilot on any of them";
  throw fieldError("INVALID_REQUEST", field2, `is required for this address: it can be on ${candidates.join(" or ")}, and ${why}`, { choices: candidates });
}
var init_home = __esm({
  "server/ledger/home.ts"() {
    "use strict";
    init_address();
    init_store();
    init_errors();
    init_book();
    __name(chainFor2, "chainFor");
  }
});

// server/ledger/current.ts
async function currentOf(wallet, r) {
  const w2 = await readPositionWorth(r.venueId, wallet);
  const currentMicros = w2.ok ? w2.micros : null;
  return {
    currentMicros,
    currentAsOf: w2.ok ? w2.asOf : null,
    currentSource: w2.ok ? w2.source : null,
    currentReason: w2.ok ? null : w2.reason,
    recordedMicros: r.stakedMicros,
    roiPct: roiPct(currentMicros, r.costBasisMicros)
  };
}
function totalUsd(values) {
  let sum = 0n;
  for (const v of values) {
    if (v === null) return null;
    sum += v;
  }
  return microsToUnits(sum);
}
var init_current = __esm({
  "server/ledger/current.ts"() {
    "use strict";
    init_amount();
    init_worth7();
    init_position();
    __name(currentOf, "currentOf");
    __name(totalUsd, "totalUsd");
  }
});

// server/ledger/proof.ts
function proofOf(txId3, chain, confirmedAt) {
  if (txId3 === null) return { txId: null, chain, confirmed: false, confirmedAt: null, note: "Ledger credit: no on-chain transaction." };
  if (confirmedAt === null) {
    return { txId: txId3, chain, confirmed: false, confirmedAt: null, note: "Given with the request; not checked on chain." };
  }
  return { txId: txId3, chain, confirmed: true, confirmedAt: confirmedAt.toISOString(), note: "Confirmed through the chain's RPC." };
}
function txChainOf(row) {
  return row.kind === "bridge" && row.destChain ? row.destChain : row.chain;
}
function positionProof(r) {
  const base = proofOf(r.txId, r.chain, r.txConfirmedAt);
  const confirmedMicros = r.confirmedMicros < r.stakedMicros ? r.confirmedMicros : r.stakedMicros;
  if (!base.confirmed || confirmedMicros === r.stakedMicros) return { ...base, confirmedMicros };
  return {
    ...base,
    confirmed: false,
    confirmedMicros,
    note: `Confirmed through the chain's RPC for ${confirmedMicros} of the ${r.stakedMicros} micros staked; the rest came from ledger credits or ids not checked on chain.`
  };
}
var init_proof = __esm({
  "server/ledger/proof.ts"() {
    "use strict";
    __name(proofOf, "proofOf");
    __name(txChainOf, "txChainOf");
    __name(positionProof, "positionProof");
  }
});

// server/ledger/reads.ts
import { and as and13, eq as eq17, or as or3, sql as sql17, lt as lt2, gt as gt3, lte as lte2 } from "drizzle-orm";
function venueInfo(venueId) {
  const v = getVenue(venueId);
  return { opportunityId: v ? opportunityIdOf(v) : null, protocol: v?.protocol ?? venueId };
}
function positionOf(wallet, rows) {
  const chains = /* @__PURE__ */ new Map();
  let liquid = 0n;
  let staked = 0n;
  for (const r of rows) {
    const k = `${r.chain}|${r.token}`;
    let c = chains.get(k);
    if (!c) {
      c = { chain: r.chain, token: r.token, liquidMicros: 0n, stakedMicros: 0n, venues: [] };
      chains.set(k, c);
    }
    c.liquidMicros += r.liquidMicros;
    c.stakedMicros += r.stakedMicros;
    liquid += r.liquidMicros;
    staked += r.stakedMicros;
    if (r.venueId !== LIQUID && r.stakedMicros > 0n) c.venues.push({ venueId: r.venueId, opportunityId: venueInfo(r.venueId).opportunityId, stakedMicros: r.stakedMicros });
  }
  return { wallet, liquidMicros: liquid, stakedMicros: staked, byChain: [...chains.values()] };
}
async function position(db, wallet) {
  return positionOf(wallet, await walletRows(db, wallet));
}
async function positions(db, wallets) {
  const rows = await walletRows(db, "", wallets);
  return wallets.map((w2) => positionOf(w2, rows.filter((r) => r.wallet === w2)));
}
async function portfolio(db, wallet) {
  const rows = await walletRows(db, wallet);
  const balances2 = rows.filter((r) => r.venueId === LIQUID).map((r) => ({ chain: r.chain, token: r.token, liquidMicros: r.liquidMicros }));
  const drifts = await driftsOf(db, wallet);
  const venues = await Promise.all(
    rows.filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.realizedYieldMicros > 0n)).map(async (r) => ({
      venueId: r.venueId,
      ...venueInfo(r.venueId),
      chain: r.chain,
      token: r.token,
      stakedMicros: r.stakedMicros,
      costBasisMicros: r.costBasisMicros,
      realizedYieldMicros: r.realizedYieldMicros,
      ...await currentOf(wallet, r),
      txId: r.txId,
      proof: positionProof(r),
      drift: drifts.get(`${r.chain}|${r.token}|${r.venueId}`) ?? null,
      openedAt: r.openedAt?.toISOString() ?? null
    }))
  );
  const p = positionOf(wallet, rows);
  return { wallet, liquidMicros: p.liquidMicros, stakedMicros: p.stakedMicros, balances: balances2, venues };
}
function realizedApyBps(realized, basis, since, now) {
  if (!since || basis <= 0n || realized <= 0n) return null;
  const ms = BigInt(now - since.getTime());
  if (ms <= 0n) return null;
  return Number(realized * 10000n * YEAR_MS / (basis * ms));
}
async function performance2(db, wallet) {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.realizedYieldMicros > 0n));
  const now = Date.now();
  let realized = 0n;
  let basis = 0n;
  let since = null;
  const list = rows.map((r) => {
    realized += r.realizedYieldMicros;
    basis += r.costBasisMicros;
    if (r.openedAt && (!since || r.openedAt < since)) since = r.openedAt;
    return {
      venueId: r.venueId,
      ...venueInfo(r.venueId),
      chain: r.chain,
      costBasisMicros: r.costBasisMicros,
      realizedYieldMicros: r.realizedYieldMicros,
      realizedApyBps: realizedApyBps(r.realizedYieldMicros, r.costBasisMicros, r.openedAt, now),
      since: r.openedAt?.toISOString() ?? null
    };
  });
  return {
    wallet,
    realizedYieldMicros: realized,
    costBasisMicros: basis,
    realizedApyBps: realizedApyBps(realized, basis, since, now),
    since: since?.toISOString() ?? null,
    positions: list
  };
}
async function funding(db, wallet) {
  const p = await position(db, wallet);
  return {
    wallet,
    asOf: (/* @__PURE__ */ new Date()).toISOString(),
    totalMicros: p.liquidMicros + p.stakedMicros,
    liquidMicros: p.liquidMicros,
    stakedMicros: p.stakedMicros,
    chains: p.byChain.map((c) => ({
      chain: c.chain,
      token: c.token,
      liquidMicros: c.liquidMicros,
      stakedMicros: c.stakedMicros,
      /** What a route with stake could put to work now without new money: the liquid balance. */
      stakeableMicros: c.liquidMicros
    }))
  };
}
async function publicPortfolio(db, wallet) {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && r.txId !== null);
  const drifts = await driftsOf(db, wallet);
  const list = await Promise.all(
    rows.map(async (r) => {
      const info = venueInfo(r.venueId);
      return {
        opportunityId: info.opportunityId ?? r.venueId,
        protocol: info.protocol,
        venueId: r.venueId,
        chain: r.chain,
        token: r.token,
        depositedMicros: r.costBasisMicros,
        ...await currentOf(wallet, r),
        txId: r.txId,
        proof: positionProof(r),
        drift: drifts.get(`${r.chain}|${r.token}|${r.venueId}`) ?? null
      };
    })
  );
  const current = list.map((p) => p.currentMicros);
  const unknown = list.filter((p) => p.currentMicros === null).map((p) => `${p.venueId}: ${p.currentReason}`);
  return {
    schemaVersion: "svc-wallet-portfolio.v1",
    wallet,
    count: list.length,
    positions: list,
    totalDepositedUsd: microsToUnits(list.reduce((a, p) => a + p.depositedMicros, 0n)),
    totalCurrentUsd: totalUsd(current),
    totalCurrentReason: unknown.length ? `Not read from the chain: ${unknown.join("; ")}` : null,
    totalRecordedUsd: microsToUnits(list.reduce((a, p) => a + p.recordedMicros, 0n))
  };
}
function encodeCursor(g, leg2, seq) {
  return Buffer.from(`${g}.${leg2}.${seq}`).toString("base64url");
}
function decodeCursor3(c) {
  const m = /^([0-9]{1,19})\.([0-9]{1,9})\.([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return { g: BigInt(m[1] ?? "0"), leg: Number(m[2]), seq: BigInt(m[3] ?? "0") };
}
async function publicActivity(db, wallet, cursor, limit) {
  const after = cursor ? decodeCursor3(cursor) : null;
  const where = after ? and13(
    eq17(activity.wallet, wallet),
    // Implied by the condition below, but only this form bounds the index scan (activity_wallet_page_idx): without
    // it the scan starts at the wallet's newest row and filters out every row before the cursor (bench/scale.ts).
    lte2(activity.groupSeq, after.g),
    or3(
      lt2(activity.groupSeq, after.g),
      and13(eq17(activity.groupSeq, after.g), or3(gt3(activity.legIndex, after.leg), and13(eq17(activity.legIndex, after.leg), gt3(activity.seq, after.seq))))
    )
  ) : eq17(activity.wallet, wallet);
  const rows = await db.select().from(activity).where(where).orderBy(sql17`${activity.groupSeq} desc`, activity.legIndex, activity.seq).limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    schemaVersion: "svc-wallet-activity.v1",
    wallet,
    count: page.length,
    activity: page.map((r) => ({
      id: r.id,
      planId: r.planId,
      legIndex: r.legIndex,
      kind: r.kind,
      chain: r.chain,
      destChain: r.destChain,
      venueId: r.venueId,
      token: r.token,
      outToken: r.outToken,
      txId: r.txId,
      proof: proofOf(r.txId, txChainOf(r), r.txConfirmedAt),
      amountIn: r.amountInMicros,
      amountOut: r.amountOutMicros,
      quotedAmountOut: r.quotedAmountOutMicros,
      status: r.status,
      error: r.error,
      createdAt: r.createdAt.toISOString()
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.groupSeq, last.legIndex, last.seq) : null
  };
}
var YEAR_MS;
var init_reads = __esm({
  "server/ledger/reads.ts"() {
    "use strict";
    init_schema();
    init_errors();
    init_amount();
    init_venues();
    init_book();
    init_current();
    init_reconcile();
    init_proof();
    YEAR_MS = 365n * 24n * 3600n * 1000n;
    __name(venueInfo, "venueInfo");
    __name(positionOf, "positionOf");
    __name(position, "position");
    __name(positions, "positions");
    __name(portfolio, "portfolio");
    __name(realizedApyBps, "realizedApyBps");
    __name(performance2, "performance");
    __name(funding, "funding");
    __name(publicPortfolio, "publicPortfolio");
    __name(encodeCursor, "encodeCursor");
    __name(decodeCursor3, "decodeCursor");
    __name(publicActivity, "publicActivity");
  }
});

// server/ledger/rebalance.ts
async function rebalance(db, wallet, input) {
  const from = resolveVenue(input.fromStrategyId, "body.fromStrategyId");
  const to = resolveVenue(input.toStrategyId, "body.toStrategyId");
  const blocked4 = /* @__PURE__ */ __name((b) => ({ status: "blocked", wallet, blockers: [b] }), "blocked");
  if (from.chain !== to.chain) {
    return blocked4(
      blocker(
        "cross_chain_rebalance",
        `${from.id} is on ${from.chain} and ${to.id} on ${to.chain}: rebalance stays within one chain; move funds across chains with a bridge plan (POST /api/v1/svc/bridge/plan), then route`
      )
    );
  }
  if (from.id === to.id) return blocked4(blocker("venue_not_allowed", "The source and destination venue are the same"));
  if (!to.ready) return blocked4(blocker("venue_not_ready", `${to.id} is not ready for deposits`));
  if (input.amountMicros === 0n) return blocked4(blocker("amount_zero"));
  const read = await readVenueIndex(to.id);
  const actionId = newId("act");
  const chain = from.chain;
  const token4 = from.token;
  return db.transaction(async (tx) => {
    const liquid = { chain, token: token4, venueId: LIQUID };
    const fk = { ...liquid, venueId: from.id };
    const tk = { ...liquid, venueId: to.id };
    const book = await Book.lock(tx, wallet, [liquid, fk, tk]);
    const f = book.row(fk);
    const amount = input.amountMicros ?? f.stakedMicros;
    if (f.stakedMicros === 0n) return blocked4(blocker("nothing_staked", `Nothing is staked at ${from.id}`));
    if (amount > f.stakedMicros) {
      return blocked4(blocker("insufficient_balance", `Rebalance of ${amount} is above the ${f.stakedMicros} staked at ${from.id}`));
    }
    const t = book.row(tk);
    const movedBasis = f.costBasisMicros - basisAfter(f.costBasisMicros, f.stakedMicros, amount);
    const meta = { actionId, planId: actionId, txId: null };
    book.patch(fk, { costBasisMicros: f.costBasisMicros - movedBasis });
    book.change(fk, "unstake", -amount, { ...meta, legIndex: 0 });
    book.change(liquid, "unstake", amount, { ...meta, legIndex: 0 });
    if (f.stakedMicros === 0n) book.patch(fk, { indexRef: null, openedAt: null });
    book.patch(tk, {
      costBasisMicros: t.costBasisMicros + movedBasis,
      indexRef: mergedIndex(t.stakedMicros, t.indexRef, amount, read.ok ? read.index : null),
      txId: t.txId ?? f.txId,
      txConfirmedAt: t.txId ? t.txConfirmedAt : f.txConfirmedAt,
      openedAt: t.openedAt ?? /* @__PURE__ */ new Date()
    });
    book.change(liquid, "stake", -amount, { ...meta, legIndex: 1 });
    const toStaked = book.change(tk, "stake", amount, { ...meta, legIndex: 1 });
    const leg2 = { wallet, planId: actionId, chain, token: token4, txId: null, amountInMicros: amount, amountOutMicros: amount, quotedAmountOutMicros: null, status: "settled" };
    await book.flush(tx, {
      activity: [
        { ...leg2, legIndex: 0, kind: "withdraw", venueId: from.id },
        { ...leg2, legIndex: 1, kind: "deposit", venueId: to.id }
      ],
      events: [positionEvent(wallet, chain, token4, book, "rebalance")]
    });
    return {
      status: "done",
      wallet,
      chain,
      fromVenueId: from.id,
      toVenueId: to.id,
      amountMicros: amount,
      feeMicros: 0n,
      actionId,
      position: { fromStakedMicros: f.stakedMicros, toStakedMicros: toStaked }
    };
  });
}
var init_rebalance = __esm({
  "server/ledger/rebalance.ts"() {
    "use strict";
    init_codes();
    init_ids2();
    init_venues();
    init_readers();
    init_book();
    init_events2();
    init_position();
    __name(rebalance, "rebalance");
  }
});

// server/ledger/choose.ts
async function walletAutopilotTarget(db, wallet, chain) {
  const s = await settingsOf(db, wallet);
  if (!s?.enabled || s.chain !== chain) return null;
  const target = (await lastDecision(db, wallet, chain))?.targetVenueId;
  const v = target ? getVenue(target) : void 0;
  return v?.ready && v.chain === chain ? v : null;
}
async function defaultOn(db, chain, wallet) {
  const mine2 = wallet ? await walletAutopilotTarget(db, wallet, chain) : null;
  if (mine2) return { venue: mine2, how: "autopilot" };
  const ready = venuesOn(chain).filter((v) => v.ready);
  if (ready.length === 0) return { blocker: blocker("no_ready_venue", `No ready venue on ${chain} to stake into`) };
  const apys = await allLiveApys(db);
  const best = /* @__PURE__ */ __name((pick) => {
    let top2 = null;
    for (const v of ready) {
      const n = pick(v.id);
      if (n === null) continue;
      if (!top2 || n > top2.n || n === top2.n && v.id < top2.v.id) top2 = { v, n };
    }
    return top2?.v ?? null;
  }, "best");
  const live = /* @__PURE__ */ __name((id) => {
    const a = apys.get(id);
    return a && a.status === "live" ? a : null;
  }, "live");
  const auto = best((id) => live(id)?.apy30dBps ?? null);
  if (auto) return { venue: auto, how: "autopilot" };
  const top = best((id) => live(id)?.grossApyBps ?? null);
  if (top) return { venue: top, how: "top_live_apy" };
  return { blocker: blocker("no_ready_venue", `No ready venue on ${chain} has a live APY to choose by; pass a strategyId`) };
}
async function chooseVenue(db, chain, strategyId, wallet) {
  if (strategyId === void 0) return defaultOn(db, chain, wallet);
  const r = resolveStrategyId(strategyId);
  if (!r.venue) return defaultOn(db, chain, wallet);
  const v = r.venue;
  if (v.chain !== chain) return { blocker: blocker("venue_wrong_chain", `${v.id} is on ${v.chain}, not ${chain}`) };
  if (!v.ready) return { blocker: blocker("venue_not_ready", `${v.id} is not ready for deposits`) };
  return { venue: v, how: "strategyId" };
}
var init_choose = __esm({
  "server/ledger/choose.ts"() {
    "use strict";
    init_store();
    init_apy();
    init_codes();
    init_venues();
    __name(walletAutopilotTarget, "walletAutopilotTarget");
    __name(defaultOn, "defaultOn");
    __name(chooseVenue, "chooseVenue");
  }
});

// server/ledger/route.ts
async function routeMoney(db, wallet, input, dryRun) {
  const blocked4 = /* @__PURE__ */ __name((b) => ({ status: "blocked", dryRun, wallet, chain: input.chain, amountMicros: input.amountMicros, blockers: [b] }), "blocked");
  if (input.amountMicros === 0n) return blocked4(blocker("amount_zero"));
  let venue = null;
  let how = null;
  if (input.stake) {
    const choice = await chooseVenue(db, input.chain, input.strategyId, wallet);
    if ("blocker" in choice) return blocked4(choice.blocker);
    venue = choice.venue;
    how = choice.how;
  }
  const liquid = { chain: input.chain, token: input.token, venueId: LIQUID };
  const base = {
    status: "done",
    dryRun,
    wallet,
    chain: input.chain,
    token: input.token,
    amountMicros: input.amountMicros,
    feeMicros: 0n,
    stake: input.stake,
    stakedMicros: venue ? input.amountMicros : 0n,
    venueId: venue?.id ?? null,
    opportunityId: venue ? opportunityIdOf(venue) : null,
    venueChoice: how,
    txId: input.txId ?? null
  };
  if (dryRun) {
    const rows = await walletRows(db, wallet);
    const find = /* @__PURE__ */ __name((venueId) => rows.find((r) => r.chain === input.chain && r.token === input.token && r.venueId === venueId), "find");
    const liquidNow = find(LIQUID)?.liquidMicros ?? 0n;
    const stakedNow = venue ? find(venue.id)?.stakedMicros ?? 0n : null;
    return {
      ...base,
      actionId: null,
      position: {
        chain: input.chain,
        liquidMicros: venue ? liquidNow : liquidNow + input.amountMicros,
        venueStakedMicros: stakedNow === null ? null : stakedNow + input.amountMicros
      }
    };
  }
  const read = venue ? await readVenueIndex(venue.id) : null;
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const meta = { actionId, planId: actionId, legIndex: 0, txId: input.txId ?? null };
    const keys2 = venue ? [liquid, { ...liquid, venueId: venue.id }] : [liquid];
    const book = await Book.lock(tx, wallet, keys2);
    book.change(liquid, "credit", input.amountMicros, meta);
    let venueStaked = null;
    if (venue) {
      const vk = { ...liquid, venueId: venue.id };
      const before = book.row(vk);
      book.patch(vk, {
        costBasisMicros: before.costBasisMicros + input.amountMicros,
        indexRef: mergedIndex(before.stakedMicros, before.indexRef, input.amountMicros, read?.ok ? read.index : null),
        // A given txId is not checked on chain: the position's proof becomes unconfirmed.
        txId: input.txId ?? before.txId,
        txConfirmedAt: input.txId ? null : before.txConfirmedAt,
        openedAt: before.openedAt ?? /* @__PURE__ */ new Date()
      });
      book.change(liquid, "stake", -input.amountMicros, meta);
      venueStaked = book.change(vk, "stake", input.amountMicros, meta);
    }
    const events2 = [positionEvent(wallet, input.chain, input.token, book, "route")];
    if (venue) {
      events2.unshift({
        type: "deposit.settled",
        wallet,
        data: {
          wallet,
          chain: input.chain,
          token: input.token,
          venueId: venue.id,
          amountMicros: input.amountMicros.toString(),
          planId: actionId,
          legIndex: 0,
          txId: input.txId ?? null
        }
      });
    }
    const activity2 = [
      {
        wallet,
        planId: actionId,
        legIndex: 0,
        kind: "deposit",
        chain: input.chain,
        venueId: venue?.id ?? null,
        token: input.token,
        txId: input.txId ?? null,
        amountInMicros: input.amountMicros,
        amountOutMicros: input.amountMicros,
        quotedAmountOutMicros: null,
        status: "settled"
      }
    ];
    await book.flush(tx, { activity: activity2, events: events2 });
    return {
      ...base,
      actionId,
      position: { chain: input.chain, liquidMicros: book.row(liquid).liquidMicros, venueStakedMicros: venueStaked }
    };
  });
}
var init_route = __esm({
  "server/ledger/route.ts"() {
    "use strict";
    init_codes();
    init_ids2();
    init_venues();
    init_readers();
    init_book();
    init_choose();
    init_events2();
    init_position();
    __name(routeMoney, "routeMoney");
  }
});

// server/ledger/withdraw.ts
function planWithdraw(rows, amount) {
  const legs = /* @__PURE__ */ new Map();
  const leg2 = /* @__PURE__ */ __name((chain) => {
    let l = legs.get(chain);
    if (!l) {
      l = { chain, amountMicros: 0n, fromLiquidMicros: 0n, unstaked: [] };
      legs.set(chain, l);
    }
    return l;
  }, "leg");
  let left = amount;
  for (const r of rows) {
    if (left === 0n) break;
    if (r.venueId !== LIQUID || r.liquidMicros === 0n) continue;
    const take2 = r.liquidMicros < left ? r.liquidMicros : left;
    const l = leg2(r.chain);
    l.fromLiquidMicros += take2;
    l.amountMicros += take2;
    left -= take2;
  }
  const stakes = rows.filter((r) => r.venueId !== LIQUID && r.stakedMicros > 0n).sort((a, b) => a.stakedMicros === b.stakedMicros ? a.venueId < b.venueId ? -1 : 1 : a.stakedMicros > b.stakedMicros ? -1 : 1);
  for (const r of stakes) {
    if (left === 0n) break;
    const take2 = r.stakedMicros < left ? r.stakedMicros : left;
    const l = leg2(r.chain);
    l.unstaked.push({ venueId: r.venueId, amountMicros: take2 });
    l.amountMicros += take2;
    left -= take2;
  }
  return legs;
}
async function withdrawMoney(db, wallet, input) {
  if (input.amountMicros === 0n) {
    return { status: "blocked", wallet, amountMicros: 0n, availableMicros: 0n, blockers: [blocker("amount_zero")] };
  }
  const actionId = newId("act");
  return db.transaction(async (tx) => {
    const book = await Book.lockAll(tx, wallet, input.token, input.chain);
    const rows = book.all();
    let available = 0n;
    for (const r of rows) available += r.liquidMicros + r.stakedMicros;
    if (input.amountMicros > available) {
      const where = input.chain ? ` on ${input.chain}` : "";
      return {
        status: "blocked",
        wallet,
        amountMicros: input.amountMicros,
        availableMicros: available,
        blockers: [blocker("insufficient_balance", `Withdraw of ${input.amountMicros} is above the ${input.token} balance of ${available}${where}`)]
      };
    }
    const legs = [...planWithdraw(rows, input.amountMicros).values()];
    const meta = { actionId, planId: actionId, txId: input.txId ?? null };
    let unstakedTotal = 0n;
    legs.forEach((l, i) => {
      const m = { ...meta, legIndex: i };
      const liquid = { chain: l.chain, token: input.token, venueId: LIQUID };
      for (const u2 of l.unstaked) {
        const vk = { ...liquid, venueId: u2.venueId };
        const r = book.row(vk);
        const basis = basisAfter(r.costBasisMicros, r.stakedMicros, u2.amountMicros);
        book.change(vk, "unstake", -u2.amountMicros, m);
        book.change(liquid, "unstake", u2.amountMicros, m);
        const emptied = r.stakedMicros === 0n;
        book.patch(vk, { costBasisMicros: basis, indexRef: emptied ? null : r.indexRef, openedAt: emptied ? null : r.openedAt });
        unstakedTotal += u2.amountMicros;
      }
      book.change(liquid, "debit", -l.amountMicros, m);
    });
    const activity2 = legs.map((l, i) => ({
      wallet,
      planId: actionId,
      legIndex: i,
      kind: "withdraw",
      chain: l.chain,
      venueId: l.unstaked[0]?.venueId ?? null,
      token: input.token,
      txId: input.txId ?? null,
      amountInMicros: l.amountMicros,
      amountOutMicros: l.amountMicros,
      quotedAmountOutMicros: null,
      status: "settled"
    }));
    const events2 = legs.map((l, i) => ({
      type: "withdraw.settled",
      wallet,
      data: {
        wallet,
        chain: l.chain,
        token: input.token,
        amountMicros: l.amountMicros.toString(),
        unstaked: l.unstaked.map((u2) => ({ venueId: u2.venueId, amountMicros: u2.amountMicros.toString() })),
        planId: actionId,
        legIndex: i,
        txId: input.txId ?? null
      }
    }));
    for (const l of legs) events2.push(positionEvent(wallet, l.chain, input.token, book, "withdraw"));
    await book.flush(tx, { activity: activity2, events: events2 });
    let liquidAfter = 0n;
    let stakedAfter = 0n;
    for (const r of book.all()) {
      liquidAfter += r.liquidMicros;
      stakedAfter += r.stakedMicros;
    }
    return {
      status: "done",
      wallet,
      token: input.token,
      amountMicros: input.amountMicros,
      feeMicros: 0n,
      unstakedMicros: unstakedTotal,
      legs,
      actionId,
      position: { liquidMicros: liquidAfter, stakedMicros: stakedAfter }
    };
  });
}
var init_withdraw = __esm({
  "server/ledger/withdraw.ts"() {
    "use strict";
    init_codes();
    init_ids2();
    init_book();
    init_events2();
    init_position();
    __name(planWithdraw, "planWithdraw");
    __name(withdrawMoney, "withdrawMoney");
  }
});

// server/ledger/endpoints.ts
function assertChainWallet2(wallet, chain) {
  if (!isAddressOf(CHAIN_FAMILY[chain], wallet)) {
    throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf(CHAIN_FAMILY[chain], `to hold anything on ${chain}`));
  }
}
function assertTxId(txId3, chains) {
  if (txId3 === void 0 || chains.some((c) => isTxIdOf(c, txId3))) return;
  const shapes = [...new Set(chains.map((c) => `${TX_SHAPE[CHAIN_FAMILY[c]]} for ${c}`))].join(", or ");
  const message2 = `must be ${shapes}`;
  throw fieldError("INVALID_REQUEST", "body.txId", message2);
}
var TAGS5, SUI_DIGEST_EXAMPLE, params3, TX_SHAPE, familyChains, getPosition, getPortfolio, getPerformance, getFunding, postPreview, postRoute, postWithdraw, postHarvest, postAutoPay, postRebalance, postBatchPositions, getPublicPortfolio, getPublicActivity, ledgerEndpoints;
var init_endpoints5 = __esm({
  "server/ledger/endpoints.ts"() {
    "use strict";
    init_address();
    init_confirm();
    init_endpoint();
    init_errors();
    init_schemas();
    init_wallet_routes();
    init_harvest();
    init_home();
    init_reads();
    init_recipient2();
    init_rebalance();
    init_route();
    init_schemas5();
    init_wire();
    init_withdraw();
    TAGS5 = ["wallets"];
    SUI_DIGEST_EXAMPLE = "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi";
    params3 = { address: WALLET_EXAMPLE2 };
    __name(assertChainWallet2, "assertChainWallet");
    TX_SHAPE = { sui: "a Sui digest (base58 of 32 bytes)", solana: "a Solana signature (base58 of 64 bytes)", evm: "an EVM transaction hash (0x + 64 hex)" };
    __name(assertTxId, "assertTxId");
    familyChains = /* @__PURE__ */ __name((wallet) => CHAIN_IDS.filter((c) => CHAIN_FAMILY[c] === addressFamily(wallet)), "familyChains");
    getPosition = walletRead("getWalletPosition", "position", "Liquid, staked and by-chain amounts of a wallet", TAGS5, WALLET_EXAMPLE2, positionSchema, async (db, w2) => wire(await position(db, w2)));
    getPortfolio = walletRead("getWalletPortfolio", "portfolio", "Balances and venue positions of a wallet, with cost basis and ROI", TAGS5, WALLET_EXAMPLE2, portfolioSchema, async (db, w2) => wire(await portfolio(db, w2)));
    getPerformance = walletRead("getWalletPerformance", "performance", "Realized yield and realized APY (null if unknown)", TAGS5, WALLET_EXAMPLE2, performanceSchema, async (db, w2) => wire(await performance2(db, w2)));
    getFunding = walletRead("getWalletFunding", "funding", "Funding snapshot: liquid, staked and stakeable per chain", TAGS5, WALLET_EXAMPLE2, fundingSchema, async (db, w2) => wire(await funding(db, w2)));
    postPreview = endpoint({
      ...walletRoute("previewWalletRoute", "POST", "preview", "Dry run of route: the same answer route would give, nothing written", TAGS5, "wallet.dryrun"),
      body: previewBody,
      example: { params: params3, body: { amountMicros: "1000000", stake: true } },
      errors: ["NOT_FOUND"],
      responses: { 200: routeDoneSchema, 422: routeBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const wallet = normalizeAddress(p.address);
        const chain = body.chain ?? await chainFor2(db, wallet);
        assertChainWallet2(wallet, chain);
        assertTxId(body.txId, [chain]);
        const r = await routeMoney(db, wallet, { ...body, chain }, true);
        return r.status === "done" ? ok2(wire(r)) : unprocessable(wire(r));
      }, "handler")
    });
    postRoute = endpoint({
      ...walletRoute("routeWalletMoney", "POST", "route", "Credit liquid and optionally stake into the chosen venue; fee 0", TAGS5, "wallet.move"),
      description: "Venue: strategyId when given; else the autopilot pick on that chain (top live 30-day APY among ready venues); else the ready venue with the highest live APY; else blocked no_ready_venue.",
      body: routeBody,
      idempotent: true,
      example: { params: params3, body: { amountMicros: "2000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: SUI_DIGEST_EXAMPLE } },
      errors: ["NOT_FOUND"],
      responses: { 200: routeDoneSchema, 422: routeBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const wallet = normalizeAddress(p.address);
        assertChainWallet2(wallet, body.chain);
        assertTxId(body.txId, [body.chain]);
        const r = await routeMoney(db, wallet, body, false);
        return r.status === "done" ? ok2(wire(r)) : unprocessable(wire(r));
      }, "handler")
    });
    postWithdraw = endpoint({
      ...walletRoute("withdrawWalletMoney", "POST", "withdraw", "Exit principal (liquid first, then unstake); fee 0; above the balance is blocked", TAGS5, "wallet.move"),
      body: withdrawBody,
      idempotent: true,
      example: { params: params3, body: { amountMicros: "1000000", token: "USDC" } },
      responses: { 200: withdrawDoneSchema, 422: withdrawBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const wallet = normalizeAddress(p.address);
        assertTxId(body.txId, body.chain ? [body.chain] : familyChains(wallet));
        const r = await withdrawMoney(db, wallet, body);
        return r.status === "done" ? ok2(wire(r)) : unprocessable(wire(r));
      }, "handler")
    });
    postHarvest = endpoint({
      operationId: "harvestWallet",
      method: "POST",
      path: "/api/v1/wallets/{address}/harvest",
      summary: "Harvest realized yield read from the venue; skim on gross only; residual compounds",
      description: "Nothing staked: 200 no_op_harvest. Yield unavailable (venue RPC down or no reader): 200 with grossYieldMicros 0 and reason. execute:false: 202 prepared harvest-plan.v1.",
      tags: TAGS5,
      access: "permissionless",
      params: addressParams,
      body: harvestBody.optional(),
      example: { params: params3, body: {} },
      responses: { 200: harvestSchema, 202: harvestSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const r = await harvest(db, normalizeAddress(p.address), { execute: body?.execute ?? true, chain: body?.chain });
        return r.prepared ? accepted(wire(r)) : ok2(wire(r));
      }, "handler")
    });
    postAutoPay = endpoint({
      ...walletRoute("autoPayWallet", "POST", "auto-pay", "Harvest and pay residual yield to the given payees by bps (sum \u2264 10000); the rest compounds", TAGS5, "wallet.move"),
      body: autoPayBody,
      idempotent: true,
      example: { params: params3, body: { chain: "move-chain", payees: [{ address: `0x${"4".repeat(64)}`, bps: 2500 }] } },
      responses: { 200: harvestSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const family = CHAIN_FAMILY[body.chain];
        body.payees.forEach((x, i) => {
          if (!isAddressOf(family, x.address)) {
            throw fieldError("INVALID_ADDRESS", `body.payees.${i}.address`, mustBeAddressOf(family, `for ${body.chain}`));
          }
          assertRecipient(body.chain, x.address, `payees.${i}.address`, `payees[${i}].address`);
        });
        const payees = body.payees.map((x) => ({ address: normalizeAddress(x.address), bps: x.bps }));
        return ok2(wire(await harvest(db, normalizeAddress(p.address), { execute: true, chain: body.chain, payees })));
      }, "handler")
    });
    postRebalance = endpoint({
      ...walletRoute("rebalanceWallet", "POST", "rebalance", "Move staked principal between two venues of one chain; cross-chain is blocked (use a bridge plan)", TAGS5, "wallet.move"),
      body: rebalanceBody,
      example: { params: params3, body: { fromStrategyId: "suilend", toStrategyId: "navi", amountMicros: "500000" } },
      errors: ["NOT_FOUND"],
      responses: { 200: rebalanceDoneSchema, 422: rebalanceBlockedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: p, body }) => {
        const r = await rebalance(db, normalizeAddress(p.address), body);
        return r.status === "done" ? ok2(wire(r)) : unprocessable(wire(r));
      }, "handler")
    });
    postBatchPositions = endpoint({
      operationId: "batchWalletPositions",
      method: "POST",
      path: "/api/v1/wallets/batch/positions",
      summary: "Positions of up to 50 wallets, each in the key's scope",
      tags: TAGS5,
      access: "wallet.read",
      body: batchBody,
      wallets: /* @__PURE__ */ __name(({ body }) => body.wallets, "wallets"),
      example: { body: { wallets: [WALLET_EXAMPLE2] } },
      responses: { 200: batchSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => {
        const list = [...new Set(body.wallets.map(normalizeAddress))];
        const out = await positions(db, list);
        return ok2(wire({ count: out.length, positions: out }));
      }, "handler")
    });
    getPublicPortfolio = endpoint({
      ...publicRoute("getPublicPortfolio", "GET", "/api/v1/svc/portfolio", "A wallet's own positions with on-chain proof, cost basis net of routing legs, and ROI", ["public", ...TAGS5]),
      query: walletQuery,
      example: { query: { wallet: WALLET_EXAMPLE2 } },
      responses: { 200: publicPortfolioSchema },
      handler: /* @__PURE__ */ __name(async ({ db, query }) => ok2(wire(await publicPortfolio(db, normalizeAddress(query.wallet)))), "handler")
    });
    getPublicActivity = endpoint({
      ...publicRoute("getPublicActivity", "GET", "/api/v1/svc/activity", "A wallet's activity: one row per leg, newest group first, legs by legIndex; cursor pages", ["public", ...TAGS5]),
      query: activityQuery,
      example: { query: { wallet: WALLET_EXAMPLE2, limit: "20" } },
      responses: { 200: publicActivitySchema },
      handler: /* @__PURE__ */ __name(async ({ db, query }) => ok2(wire(await publicActivity(db, normalizeAddress(query.wallet), query.cursor, query.limit ?? 50))), "handler")
    });
    ledgerEndpoints = [
      getPosition,
      getPortfolio,
      getPerformance,
      getFunding,
      postPreview,
      postRoute,
      postWithdraw,
      postHarvest,
      postAutoPay,
      postRebalance,
      postBatchPositions,
      getPublicPortfolio,
      getPublicActivity
    ];
  }
});

// server/ledger/reconcile-endpoint.ts
import { z as z15 } from "zod";
var reconcileBody, findingSchema, reconcileSchema, postReconcile;
var init_reconcile_endpoint = __esm({
  "server/ledger/reconcile-endpoint.ts"() {
    "use strict";
    init_address();
    init_endpoint();
    init_schemas();
    init_amount();
    init_reconcile();
    init_schemas5();
    init_wire();
    reconcileBody = z15.strictObject({ wallet: walletAddress.optional().meta({ description: "Reconcile only this wallet and answer its findings; omitted: every wallet with positions." }) }).meta({ id: "ReconcileRequest" });
    findingSchema = z15.object({
      wallet: z15.string(),
      chain: z15.string(),
      token: z15.string(),
      venueId: z15.string(),
      status: z15.enum(["agrees", "drift", "unreadable"]).meta({ description: "agrees within the tolerance (10 micros + 10 ppm); drift; unreadable: the chain did not answer, nothing concluded." }),
      recordedMicros: microsOutput.meta({ description: "The ledger's staked principal." }),
      expectedMicros: microsOutput.nullable().meta({ description: "What the ledger expects on chain: the principal grown by the venue's index since it was staked (the principal when the index is unknown)." }),
      chainMicros: microsOutput.nullable().meta({ description: "The owner's share balance on chain \xD7 the venue's rate; null when unreadable." }),
      driftMicros: z15.string().regex(/^-?[0-9]+$/).nullable().meta({ description: "chain \u2212 expected, signed integer micros; null when unreadable." }),
      reason: z15.string().nullable(),
      source: z15.string().nullable(),
      checkedAt: isoTime,
      notified: z15.boolean().meta({ description: "A position.drift event was emitted for this finding (new drift, or its amount moved)." })
    }).meta({ id: "ReconcileFinding" });
    reconcileSchema = z15.object({
      wallets: z15.number().int(),
      positions: z15.number().int(),
      drifts: z15.number().int(),
      unreadable: z15.number().int(),
      findings: z15.array(findingSchema).nullable().meta({ description: "The wallet's findings when one wallet was asked for; null for a pass over every wallet." })
    }).meta({ id: "ReconcileResult", description: "The ledger is never changed by a reconciliation: drifts are recorded and sent as position.drift." });
    postReconcile = endpoint({
      operationId: "reconcilePositions",
      method: "POST",
      path: "/api/v1/svc/reconcile",
      summary: "Compare ledger positions with the chain now; record drifts and emit position.drift (the ledger is not changed)",
      tags: ["wallets"],
      access: "keeper.ops",
      body: reconcileBody,
      example: { body: { wallet: WALLET_EXAMPLE2 } },
      responses: { 200: reconcileSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => {
        if (body.wallet === void 0) return ok2({ ...await reconcileAll(db), findings: null });
        const findings = await reconcileWallet(db, normalizeAddress(body.wallet));
        const count = /* @__PURE__ */ __name((s) => findings.filter((f) => f.status === s).length, "count");
        return ok2(wire({ wallets: 1, positions: findings.length, drifts: count("drift"), unreadable: count("unreadable"), findings }));
      }, "handler")
    });
  }
});

// lib/security-headers.ts
var SECURITY_HEADERS, HSTS, PAGE_CSP_FIXED, API_CSP;
var init_security_headers = __esm({
  "lib/security-headers.ts"() {
    "use strict";
    SECURITY_HEADERS = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      // Denied: what the app never uses. WebHID/WebUSB stay allowed for this origin (hardware wallets sign through them).
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), display-capture=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()" },
      // No site may frame the pages where people sign (clickjacking a "Sign" click): the old header and the CSP form.
      { key: "X-Frame-Options", value: "DENY" },
      // Wallet pop-ups (WalletConnect, Coinbase) keep their opener; any other cross-origin window gets none.
      { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" }
    ];
    HSTS = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };
    PAGE_CSP_FIXED = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";
    API_CSP = { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" };
  }
});

// server/http/unavailable.ts
function unavailable2() {
  return new ApiError("UNAVAILABLE", "The database is not reachable right now; retry after the Retry-After seconds", void 0, void 0, {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S)
  });
}
var UNAVAILABLE_RETRY_AFTER_S;
var init_unavailable2 = __esm({
  "server/http/unavailable.ts"() {
    "use strict";
    init_errors();
    init_unavailable();
    UNAVAILABLE_RETRY_AFTER_S = 2;
    __name(unavailable2, "unavailable");
  }
});

// server/http/deferred-commit.ts
function deferredCommit(db) {
  let open = null;
  const transaction = /* @__PURE__ */ __name(async (fn) => {
    if (open) return fn(open.tx);
    return new Promise((resolve, reject) => {
      let finish = /* @__PURE__ */ __name(() => {
      }, "finish");
      const gate2 = new Promise((r) => {
        finish = r;
      });
      let returned = false;
      const done = db.transaction(async (tx) => {
        const result = await fn(tx);
        open = { tx, done, finish };
        returned = true;
        resolve(result);
        const write = await gate2;
        if (write === null) throw new Aborted();
        await write(tx);
      });
      done.catch((e) => {
        if (!returned) reject(e);
      });
    });
  }, "transaction");
  const proxy = new Proxy(db, {
    get: /* @__PURE__ */ __name((target, p) => {
      if (p === "transaction") return transaction;
      const on = open ? open.tx : target;
      const v = Reflect.get(on, p, on);
      return typeof v === "function" ? v.bind(on) : v;
    }, "get")
  });
  return {
    db: proxy,
    commit: /* @__PURE__ */ __name(async (write) => {
      const o = open;
      if (!o) return write(db);
      o.finish(write);
      await o.done;
    }, "commit"),
    abort: /* @__PURE__ */ __name(async () => {
      const o = open;
      if (!o) return;
      o.finish(null);
      await o.done.catch((e) => {
        if (!(e instanceof Aborted)) throw e;
      });
    }, "abort")
  };
}
var Aborted;
var init_deferred_commit = __esm({
  "server/http/deferred-commit.ts"() {
    "use strict";
    Aborted = class extends Error {
      static {
        __name(this, "Aborted");
      }
    };
    __name(deferredCommit, "deferredCommit");
  }
});

// server/http/idempotency.ts
import { createHash as createHash5 } from "node:crypto";
import { and as and14, eq as eq18, lt as lt3 } from "drizzle-orm";
function canonical3(value) {
  if (Array.isArray(value)) return `[${value.map(canonical3).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical3(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function requestFingerprint(method, path7, body) {
  return createHash5("sha256").update(`${method} ${path7}
${canonical3(body)}`).digest("hex");
}
function validateIdempotencyKey(key) {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH2 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError("INVALID_REQUEST", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH2} visible ASCII characters`);
  }
}
async function withIdempotency(db, opts, action) {
  const { scope: scope2, key, fingerprint } = opts;
  const waitMs = opts.waitMs ?? 5e3;
  const leaseMs = opts.leaseMs ?? 3e4;
  const where = and14(eq18(idempotencyKeys.scope, scope2), eq18(idempotencyKeys.key, key));
  await db.delete(idempotencyKeys).where(and14(where, lt3(idempotencyKeys.expiresAt, /* @__PURE__ */ new Date())));
  const claim3 = new Date(Date.now() + leaseMs);
  const inserted = await db.insert(idempotencyKeys).values({ scope: scope2, key, requestHash: fingerprint, state: "in_flight", expiresAt: claim3 }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    const release2 = /* @__PURE__ */ __name(() => db.delete(idempotencyKeys).where(and14(where, eq18(idempotencyKeys.state, "in_flight"), eq18(idempotencyKeys.expiresAt, claim3))), "release");
    const run2 = deferredCommit(db);
    let result;
    try {
      result = await action(run2.db);
    } catch (e) {
      await run2.abort().catch(() => {
      });
      await release2().catch(() => {
      });
      throw e;
    }
    if (result.status >= 500) {
      await run2.abort().catch(() => {
      });
      await release2().catch(() => {
      });
      return { status: result.status, body: result.body, headers: result.headers ?? {}, replayed: false };
    }
    const store2 = /* @__PURE__ */ __name(async (tx) => {
      const done = await tx.update(idempotencyKeys).set({ state: "done", responseStatus: result.status, responseBody: result.body, responseHeaders: result.headers ?? {}, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) }).where(and14(where, eq18(idempotencyKeys.state, "in_flight"), eq18(idempotencyKeys.expiresAt, claim3))).returning({ key: idempotencyKeys.key });
      if (done.length === 0) throw new ApiError("IDEMPOTENCY_KEY_IN_FLIGHT", "This request's claim on its Idempotency-Key lapsed and another request took it over; nothing was applied", void 0, void 0, { "Retry-After": "1" });
    }, "store");
    try {
      await run2.commit(store2);
    } catch (e) {
      await release2().catch(() => {
      });
      throw e;
    }
    return { status: result.status, body: result.body, headers: result.headers ?? {}, replayed: false };
  }
  const deadline = Date.now() + waitMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row || row.state === "in_flight" && row.expiresAt.getTime() < Date.now()) {
      return withIdempotency(db, { ...opts, waitMs: Math.max(0, deadline - Date.now()) }, action);
    }
    if (row.requestHash !== fingerprint) {
      throw new ApiError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
    }
    if (row.state === "done" && row.responseStatus !== null && row.responseBody !== null) {
      return { status: row.responseStatus, body: row.responseBody, headers: row.responseHeaders ?? {}, replayed: true };
    }
    if (Date.now() >= deadline) {
      throw new ApiError("IDEMPOTENCY_KEY_IN_FLIGHT", "A request with this Idempotency-Key is still in progress; retry later", void 0, void 0, {
        "Retry-After": "1"
      });
    }
    await sleep(delay);
  }
}
var IDEMPOTENCY_TTL_MS, MAX_KEY_LENGTH2, sleep;
var init_idempotency = __esm({
  "server/http/idempotency.ts"() {
    "use strict";
    init_deferred_commit();
    init_schema();
    init_errors();
    IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1e3;
    MAX_KEY_LENGTH2 = 255;
    __name(canonical3, "canonical");
    __name(requestFingerprint, "requestFingerprint");
    __name(validateIdempotencyKey, "validateIdempotencyKey");
    sleep = /* @__PURE__ */ __name((ms) => new Promise((r) => setTimeout(r, ms)), "sleep");
    __name(withIdempotency, "withIdempotency");
  }
});

// server/http/conditional.ts
function etagMatches(ifNoneMatch, etag) {
  if (ifNoneMatch === null) return false;
  const own = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const raw of ifNoneMatch.split(",")) {
    const t = raw.trim();
    if (t === "*" || (t.startsWith("W/") ? t.slice(2) : t) === own) return true;
  }
  return false;
}
var init_conditional = __esm({
  "server/http/conditional.ts"() {
    "use strict";
    __name(etagMatches, "etagMatches");
  }
});

// server/http/validate.ts
function valueAt(input, path7) {
  let v = input;
  for (const k of path7) {
    if (v === null || typeof v !== "object") return void 0;
    v = v[k];
  }
  return v;
}
function withoutField(message2, path7) {
  const last = path7[path7.length - 1];
  const name = typeof last === "string" ? last : null;
  return name && message2.startsWith(`${name} `) ? message2.slice(name.length + 1) : message2;
}
function parseInput(where, schema, input) {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  let code = "INVALID_REQUEST";
  if (first) {
    const missing = valueAt(input, first.path) === void 0;
    const kind = missing ? void 0 : kindAt(schema, first.path);
    if (kind === "amount") code = "INVALID_AMOUNT";
    if (kind === "address") code = "INVALID_ADDRESS";
  }
  const describe = /* @__PURE__ */ __name((i) => {
    const field2 = [where, ...i.path.map(String)].join(".");
    const missing = i.code === "invalid_type" && valueAt(input, i.path) === void 0;
    return { field: field2, message: missing ? "is required" : withoutField(i.message, i.path) };
  }, "describe");
  const seen = /* @__PURE__ */ new Set();
  const details = issues.map(describe).filter((d) => {
    const k = `${d.field}\0${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const head = details[0];
  throw new ApiError(code, head ? fieldMessage(head.field, head.message) : `invalid ${where}`, details);
}
var init_validate = __esm({
  "server/http/validate.ts"() {
    "use strict";
    init_errors();
    init_kinds();
    __name(valueAt, "valueAt");
    __name(withoutField, "withoutField");
    __name(parseInput, "parseInput");
  }
});

// server/http/rate-limit.ts
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getTableColumns as getTableColumns3, sql as sql18 } from "drizzle-orm";
function limiterFor(handle, points) {
  const { db } = handle;
  const h = holder17.__svcLimiter;
  if (h && h.db === db && h.points === points) return h.limiter;
  const limiter = new PreparedRateLimiter(handle.countersDb ?? db, {
    storeClient: handle.countersDb ?? db,
    schema: rateLimits,
    points,
    duration: WINDOW_S,
    keyPrefix: "rl",
    clearExpiredByTimeout: true,
    // If the database cannot answer, fall back to a per-process budget rather than failing requests.
    insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_S })
  });
  holder17.__svcLimiter = { db, points, limiter };
  return limiter;
}
function policyOf(points) {
  if (policy.points !== points) policy = { points, value: `"${POLICY}";q=${points};w=${WINDOW_S}` };
  return policy.value;
}
function headersFor(points, res) {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1e3));
  return {
    "RateLimit-Policy": policyOf(points),
    RateLimit: `"${POLICY}";r=${res.remainingPoints};t=${reset}`
  };
}
function decide(points, res) {
  if (res.consumedPoints <= points) return { allowed: true, headers: headersFor(points, res) };
  const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1e3));
  return { allowed: false, headers: { ...headersFor(points, res), "Retry-After": String(retry) } };
}
function unavailable3(e) {
  log().warn({ err: e instanceof Error ? e.message : String(e) }, "rate limiter unavailable; request allowed");
  return { allowed: true, headers: {} };
}
async function drain(limiter, points, identity, lane, lanes) {
  while (lane.waiting.length > 0) {
    const group = lane.waiting.splice(0);
    const n = group.length;
    let total = null;
    let failure3 = null;
    try {
      total = await limiter.consume(identity, n);
    } catch (e) {
      if (e instanceof RateLimiterRes) total = e;
      else failure3 = e;
    }
    for (const [i, answer3] of group.entries()) {
      if (!total) {
        answer3(unavailable3(failure3));
        continue;
      }
      const consumed = total.consumedPoints - n + i + 1;
      answer3(decide(points, new RateLimiterRes(Math.max(points - consumed, 0), total.msBeforeNext, consumed, total.isFirstInDuration && i === 0)));
    }
  }
  lanes.delete(identity);
}
function consumeRateNow(handle, points, identity) {
  if (handle.kind !== "pglite") return null;
  let h = holder17.__svcMemoryWindows;
  if (!h || h.db !== handle.db || h.points !== points) {
    h = { db: handle.db, points, windows: new MemoryWindows() };
    holder17.__svcMemoryWindows = h;
  }
  return decide(points, h.windows.consume(identity, points, Date.now()));
}
async function consumeRate(handle, points, identity) {
  const now = consumeRateNow(handle, points, identity);
  if (now) return now;
  const limiter = limiterFor(handle, points);
  let lanes = lanesOf.get(limiter);
  if (!lanes) {
    lanes = /* @__PURE__ */ new Map();
    lanesOf.set(limiter, lanes);
  }
  const mine2 = lanes;
  return new Promise((resolve) => {
    let lane = mine2.get(identity);
    if (lane) {
      lane.waiting.push(resolve);
      return;
    }
    lane = { waiting: [resolve] };
    mine2.set(identity, lane);
    void drain(limiter, points, identity, lane, mine2);
  });
}
var WINDOW_S, POLICY, expired, upsertSql, UPSERT, UPSERT_FORCE, PreparedRateLimiter, MemoryWindows, holder17, policy, lanesOf;
var init_rate_limit = __esm({
  "server/http/rate-limit.ts"() {
    "use strict";
    init_batch();
    init_schema();
    init_log();
    WINDOW_S = 60;
    POLICY = "per-minute";
    expired = sql18`${rateLimits.expire} <= ${sql18.placeholder("now")}`;
    upsertSql = /* @__PURE__ */ __name((forceExpire) => () => sql18`insert into ${rateLimits} (${sql18.identifier(colName(rateLimits.key))}, ${sql18.identifier(colName(rateLimits.points))}, ${sql18.identifier(colName(rateLimits.expire))})
    values (${sql18.placeholder("key")}, ${sql18.placeholder("points")}, ${sql18.placeholder("expire")})
    on conflict (${sql18.identifier(colName(rateLimits.key))}) do update set ${forceExpire ? sql18`${sql18.identifier(colName(rateLimits.points))} = ${sql18.placeholder("points")}, ${sql18.identifier(colName(rateLimits.expire))} = ${sql18.placeholder("expire")}` : sql18`${sql18.identifier(colName(rateLimits.points))} = case when ${expired} then ${sql18.placeholder("points")} else ${rateLimits.points} + ${sql18.placeholder("points")} end,
          ${sql18.identifier(colName(rateLimits.expire))} = case when ${expired} then ${sql18.placeholder("expire")} else ${rateLimits.expire} end`}
    returning ${sql18.join(Object.values(getTableColumns3(rateLimits)), sql18`, `)}`, "upsertSql");
    UPSERT = new Statement("rl_upsert", upsertSql(false), tableFields(rateLimits));
    UPSERT_FORCE = new Statement("rl_upsert_force", upsertSql(true), tableFields(rateLimits));
    PreparedRateLimiter = class extends RateLimiterDrizzle {
      constructor(counters, opts) {
        super(opts);
        this.counters = counters;
      }
      static {
        __name(this, "PreparedRateLimiter");
      }
      async _upsert(key, points, msDuration, forceExpire = false) {
        const now = /* @__PURE__ */ new Date();
        const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
        const [row] = await (forceExpire ? UPSERT_FORCE : UPSERT).execute(this.counters, {
          key,
          points,
          // timestamptz parameters as drizzle's timestamp column would send them
          expire: expire === null ? null : rateLimits.expire.mapToDriverValue(expire),
          now: rateLimits.expire.mapToDriverValue(now)
        });
        return row;
      }
    };
    MemoryWindows = class {
      static {
        __name(this, "MemoryWindows");
      }
      windows = /* @__PURE__ */ new Map();
      sweepAt = 0;
      consume(identity, points, now) {
        if (now >= this.sweepAt) {
          for (const [k, w3] of this.windows) if (w3.endsAt <= now) this.windows.delete(k);
          this.sweepAt = now + WINDOW_S * 1e3;
        }
        let w2 = this.windows.get(identity);
        const first = !w2 || w2.endsAt <= now;
        if (!w2 || first) {
          w2 = { consumed: 0, endsAt: now + WINDOW_S * 1e3 };
          this.windows.set(identity, w2);
        }
        w2.consumed += 1;
        return new RateLimiterRes(Math.max(points - w2.consumed, 0), w2.endsAt - now, w2.consumed, first);
      }
    };
    holder17 = globalThis;
    __name(limiterFor, "limiterFor");
    policy = { points: -1, value: "" };
    __name(policyOf, "policyOf");
    __name(headersFor, "headersFor");
    __name(decide, "decide");
    __name(unavailable3, "unavailable");
    lanesOf = /* @__PURE__ */ new WeakMap();
    __name(drain, "drain");
    __name(consumeRateNow, "consumeRateNow");
    __name(consumeRate, "consumeRate");
  }
});

// server/http/handler.ts
import { performance as performance3 } from "node:perf_hooks";
function jsonReply(status, body, requestId, extra, more) {
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId
  };
  if (extra) for (const k in extra) headers[k] = extra[k];
  if (more) for (const k in more) headers[k] = more[k];
  return { status, headers, body: status === 204 ? null : body };
}
function errorReply(err, requestId) {
  const body = { code: err.code, message: err.message, requestId };
  if (err.details !== void 0) body.details = err.details;
  return jsonReply(err.status, toJson(body), requestId, err.headers);
}
function asError(status, body, requestId) {
  const b = body ?? {};
  const blockers = Array.isArray(b.blockers) ? b.blockers : null;
  if (blockers && (b.status === "blocked" || status >= 300)) {
    const off = uncatalogued(status, blockers);
    if (off.length > 0) throw new Error(`blocker ${off.join(", ")} answered with HTTP ${status}, which GET /svc/errors does not list for it (server/http/codes.ts)`);
  }
  if (status < 300) return body;
  if (typeof b.code === "string" && b.code in ERROR_CODES && typeof b.message === "string") {
    if (!ERROR_CODES[b.code].statuses.includes(status)) throw new Error(`${b.code} answered with HTTP ${status}, which the catalog does not list for it`);
    return { ...b, requestId };
  }
  if (b.status === "blocked" && blockers && blockers.length > 0 && status === 422) {
    const message2 = blockers.map((x) => String(x.message)).join("; ");
    return { code: "BLOCKED", message: message2, requestId, ...b };
  }
  throw new Error(`handler answered ${status} without the error shape`);
}
function tooLarge() {
  return new ApiError("PAYLOAD_TOO_LARGE", `Request body is over ${MAX_BODY_BYTES} bytes`, void 0, void 0, CLOSE);
}
function checkDeclaredLength(declared) {
  if (declared && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
}
function isJsonType(ct) {
  if (!ct) return false;
  const base = ct.split(";")[0]?.trim().toLowerCase() ?? "";
  return base === "application/json" || base.startsWith("application/") && base.endsWith("+json");
}
async function readJsonBody(req) {
  const raw = await req.readBody();
  if (raw.trim().length === 0) return void 0;
  if (!isJsonType(req.header("content-type"))) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request bodies must be JSON (Content-Type: application/json)");
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_REQUEST", "Request body is not valid JSON");
  }
}
function authorize(def, rawKey, principal) {
  if (rawKey !== null && !principal) throw new ApiError("INVALID_API_KEY", "Unknown or revoked API key");
  if (def.access === "public" || def.access === "permissionless") return;
  if (!principal) throw new ApiError("UNAUTHORIZED", "This route needs an X-API-Key");
  if (!roleMay(principal.role, def.access)) {
    throw new ApiError("UNAUTHORIZED", `The ${principal.role} role may not do this`, void 0, 403);
  }
}
function splitUrl(url) {
  const q = url.indexOf("?");
  return q === -1 ? { pathname: url, search: "" } : { pathname: url.slice(0, q), search: url.slice(q + 1) };
}
async function serveProbe(def, requestId) {
  const r = await def.handler({ requestId, db: NO_DB, principal: null, params: void 0, query: void 0, body: void 0 });
  return jsonReply(r.status, bodyBytes(asError(r.status, r.body, requestId)), requestId, r.headers);
}
function textReply(def, r, requestId, extra) {
  if (!def.produces || r.status >= 300 || typeof r.body !== "string") return null;
  return { status: r.status, headers: { "content-type": def.produces, "cache-control": "no-store", "x-request-id": requestId, ...extra, ...r.headers }, body: r.body };
}
async function bootedHandle(requestId) {
  try {
    const promise = ensureBooted();
    const handle = await promise;
    booted = { promise, handle };
    return handle;
  } catch (e) {
    log().error({ requestId, err: e instanceof Error ? e.message : String(e) }, "database unavailable");
    throw unavailable2();
  }
}
function preparedQuery(def, search) {
  let m = parsedQueries.get(def);
  if (!m) {
    m = /* @__PURE__ */ new Map();
    parsedQueries.set(def, m);
  }
  if (m.has(search)) return m.get(search);
  const q = parseInput("query", def.query, search === "" ? {} : Object.fromEntries(new URLSearchParams(search)));
  if (m.size > 500) m.clear();
  m.set(search, q);
  return q;
}
async function serve(def, req, pathname, search, requestId) {
  if (def.probe) return serveProbe(def, requestId);
  const b = booted;
  const handle = b !== null && b.promise === ensureBooted() ? b.handle : await bootedHandle(requestId);
  const db = handle.db;
  const cfg = config();
  const rawKey = req.header("x-api-key");
  const principal = rawKey === null ? null : await authenticate(db, rawKey);
  const identity = principal ? `k:${principal.keyId}` : `a:${req.clientAddress}`;
  const rate = consumeRateNow(handle, cfg.SVC_RATE_LIMIT_PER_MIN, identity) ?? await consumeRate(handle, cfg.SVC_RATE_LIMIT_PER_MIN, identity);
  if (!rate.allowed) {
    throw new ApiError("RATE_LIMITED", "Too many requests; see Retry-After", void 0, void 0, rate.headers);
  }
  if (rawKey === null && def.missing) {
    const named = def.params ? parseInput("path", def.params, req.params) : void 0;
    const message2 = await def.missing(db, named);
    if (message2 !== null) throw new ApiError("NOT_FOUND", message2);
  }
  authorize(def, rawKey, principal);
  const params4 = def.params ? parseInput("path", def.params, req.params) : void 0;
  const query = !def.query ? void 0 : def.etag ? preparedQuery(def, search) : parseInput("query", def.query, search === "" ? {} : Object.fromEntries(new URLSearchParams(search)));
  const rawBody = def.body ? await readJsonBody(req) : void 0;
  if (def.screen) def.screen(rawBody);
  const body = def.body ? parseInput("body", def.body, rawBody) : void 0;
  if (principal && def.access !== "public" && def.access !== "permissionless" && def.wallets) {
    const touched = def.wallets({ params: params4, query, body });
    const list = touched === void 0 ? [] : typeof touched === "string" ? [touched] : touched;
    for (const w2 of list) {
      if (!inScope(principal, w2)) throw new ApiError("WALLET_SCOPE", "This wallet is not in the API key's scope");
    }
  }
  const ctx = { requestId, db, principal, params: params4, query, body };
  const idemKey = def.idempotent ? req.header("idempotency-key") : null;
  if (idemKey !== null) {
    validateIdempotencyKey(idemKey);
    const stored = await withIdempotency(
      db,
      {
        scope: principal?.keyId ?? identity,
        key: idemKey,
        fingerprint: requestFingerprint(def.method, pathname, rawBody ?? null),
        waitMs: cfg.SVC_IDEMPOTENCY_WAIT_MS,
        leaseMs: cfg.SVC_IDEMPOTENCY_LEASE_MS
      },
      async (actionDb) => {
        const r2 = await def.handler({ ...ctx, db: actionDb });
        return { status: r2.status, body: bodyBytes(asError(r2.status, r2.body, requestId)).toString(), headers: r2.headers };
      }
    );
    const extra = stored.replayed ? { "idempotency-replayed": "true" } : {};
    return jsonReply(stored.status, stored.body, requestId, { ...rate.headers, ...stored.headers, ...extra });
  }
  const r = await def.handler(ctx);
  if (def.etag && r.status === 200 && r.headers?.etag !== void 0 && etagMatches(req.header("if-none-match"), r.headers.etag)) {
    return { status: 304, headers: { "x-request-id": requestId, "cache-control": "no-store", ...rate.headers, ...r.headers }, body: null };
  }
  const text22 = textReply(def, r, requestId, rate.headers);
  if (text22) return text22;
  return jsonReply(r.status, bodyBytes(asError(r.status, r.body, requestId)), requestId, rate.headers, r.headers);
}
function handleApi(def, allow, req) {
  const requestId = newId("req");
  return inRequest(requestId, () => answer2(def, allow, req, requestId));
}
async function answer2(def, allow, req, requestId) {
  const started2 = performance3.now();
  const { pathname, search } = splitUrl(req.url);
  let reply;
  try {
    checkDeclaredLength(req.header("content-length"));
    if (allow === null) throw new ApiError("NOT_FOUND", `No route ${req.method} ${pathname}`);
    if (!def) {
      throw new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not allowed here; allowed: ${allow}`, void 0, void 0, { Allow: allow });
    }
    reply = await serve(def, req, pathname, search, requestId);
  } catch (e) {
    if (e instanceof ApiError) {
      reply = errorReply(e, requestId);
    } else if (isDatabaseUnavailable(e)) {
      log().warn({ requestId, err: e instanceof Error ? e.message : String(e) }, "database unavailable");
      reply = errorReply(unavailable2(), requestId);
    } else {
      log().error({ err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, "unhandled error");
      reply = errorReply(new ApiError("INTERNAL", "Internal error; report the requestId"), requestId);
    }
  }
  for (const h of SECURITY_HEADERS) reply.headers[h.key] = h.value;
  reply.headers[API_CSP.key] = API_CSP.value;
  if (req.header("x-forwarded-proto") === "https") reply.headers[HSTS.key] = HSTS.value;
  const seconds = (performance3.now() - started2) / 1e3;
  observeRequest(def?.operationId ?? (allow === null ? "not_found" : "method_not_allowed"), reply.status, seconds);
  const logger = log();
  if (logger.isLevelEnabled("info")) {
    logger.info({ method: req.method, path: pathname, status: reply.status, ms: Math.round(seconds * 1e3) }, "request");
  }
  return reply;
}
function methodTable(defs) {
  const byMethod = new Map(defs.map((d) => [d.method, d]));
  return { byMethod, allow: [...byMethod.keys()].join(", ") };
}
var MAX_BODY_BYTES, CLOSE, NO_DB, booted, parsedQueries;
var init_handler = __esm({
  "server/http/handler.ts"() {
    "use strict";
    init_boot();
    init_config();
    init_ids2();
    init_security_headers();
    init_log();
    init_metrics();
    init_auth();
    init_endpoint();
    init_codes();
    init_errors();
    init_json();
    init_unavailable2();
    init_idempotency();
    init_conditional();
    init_validate();
    init_rate_limit();
    init_roles();
    init_json();
    MAX_BODY_BYTES = 1024 * 1024;
    __name(jsonReply, "jsonReply");
    __name(errorReply, "errorReply");
    __name(asError, "asError");
    CLOSE = { connection: "close" };
    __name(tooLarge, "tooLarge");
    __name(checkDeclaredLength, "checkDeclaredLength");
    __name(isJsonType, "isJsonType");
    __name(readJsonBody, "readJsonBody");
    __name(authorize, "authorize");
    __name(splitUrl, "splitUrl");
    NO_DB = new Proxy({}, {
      get: /* @__PURE__ */ __name(() => {
        throw new Error("a probe has no ctx.db: it reaches the database itself, bounded in time");
      }, "get")
    });
    __name(serveProbe, "serveProbe");
    __name(textReply, "textReply");
    booted = null;
    __name(bootedHandle, "bootedHandle");
    parsedQueries = /* @__PURE__ */ new WeakMap();
    __name(preparedQuery, "preparedQuery");
    __name(serve, "serve");
    __name(handleApi, "handleApi");
    __name(answer2, "answer");
    __name(methodTable, "methodTable");
  }
});

// server/openapi/document.ts
import { z as z16 } from "zod";
import {
  createDocument
} from "zod-openapi";
function errorCodesOf(def) {
  const codes = new Set(
    def.probe ? ["PAYLOAD_TOO_LARGE", "HEADERS_TOO_LARGE", "INTERNAL"] : ["INVALID_API_KEY", "PAYLOAD_TOO_LARGE", "HEADERS_TOO_LARGE", "RATE_LIMITED", "INTERNAL", "UNAVAILABLE"]
  );
  if (def.params || def.query || def.body) codes.add("INVALID_REQUEST");
  if (def.body) codes.add("UNSUPPORTED_MEDIA_TYPE");
  if (def.access !== "public" && def.access !== "permissionless") {
    codes.add("UNAUTHORIZED");
    if (def.wallets) codes.add("WALLET_SCOPE");
  }
  if (def.idempotent) {
    codes.add("IDEMPOTENCY_KEY_IN_FLIGHT");
    codes.add("IDEMPOTENCY_KEY_REUSED");
  }
  for (const c of def.errors ?? []) codes.add(c);
  return [...codes];
}
function operation(def) {
  const responses = {};
  for (const [status, schema] of Object.entries(def.responses)) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? "OK",
      // The media type without its parameters (text/plain, not "text/plain; version=0.0.4"): what a client matches on.
      content: { [Number(status) < 300 && def.produces ? (def.produces.split(";")[0] ?? def.produces).trim() : "application/json"]: { schema } }
    };
  }
  if (def.etag) {
    const etag = z16.string().meta({ description: "Strong validator of this answer's bytes; the same while the data is unchanged." });
    const ok3 = responses["200"];
    if (ok3) ok3.headers = z16.object({ ETag: etag });
    responses["304"] = {
      description: "Not modified: If-None-Match names the current ETag. No body; the ETag and Cache-Control of the 200.",
      headers: z16.object({ ETag: etag })
    };
  }
  const byStatus = /* @__PURE__ */ new Map();
  for (const code of errorCodesOf(def)) {
    for (const status of ERROR_CODES[code].statuses) byStatus.set(status, [...byStatus.get(status) ?? [], code]);
  }
  for (const [status, codes] of byStatus) {
    const own = responses[String(status)];
    const others = codes.filter((c) => c !== "BLOCKED");
    if (own && others.length > 0) {
      const schema = def.responses[status];
      responses[String(status)] = {
        description: `${own.description}; or Error: ${[...new Set(others)].join(", ")}`,
        content: { "application/json": { schema: z16.union([schema, errorBody]) } }
      };
      continue;
    }
    if (own) continue;
    const limit = status === 413 ? ` (a request body over ${MAX_BODY_BYTES} bytes; the connection is closed after the answer)` : "";
    responses[String(status)] = {
      description: `Error: ${[...new Set(codes)].join(", ")}${limit}`,
      content: { "application/json": { schema: errorBody } }
    };
  }
  const roles = def.access === "public" || def.access === "permissionless" ? [] : [...CAPABILITIES[def.access]];
  const op = {
    operationId: def.operationId,
    summary: def.summary,
    description: [def.description, roles.length ? `Roles: ${roles.join(", ")}.` : `Access: ${def.access}.`].filter(Boolean).join("\n\n"),
    tags: def.tags,
    responses,
    "x-svc-access": def.access,
    "x-svc-roles": roles
  };
  op.security = roles.length ? [{ apiKey: [] }] : [];
  const requestParams = {};
  if (def.params) requestParams.path = def.params;
  if (def.query) requestParams.query = def.query;
  if (def.etag) {
    requestParams.header = z16.object({
      "If-None-Match": z16.string().optional().meta({ description: "An ETag of an earlier answer: 304 without a body while it is still current." })
    });
  }
  if (def.idempotent) {
    requestParams.header = z16.object({
      // As the wrapper checks it (server/http/idempotency.ts validateIdempotencyKey): 1 to 255 visible ASCII characters.
      "Idempotency-Key": z16.string().min(1).max(255).regex(/^[\x21-\x7e]+$/).optional().meta({ description: "Replays return the first answer; kept 24 hours, scoped to the API key." })
    });
  }
  if (Object.keys(requestParams).length) op.requestParams = requestParams;
  if (def.body) {
    op.requestBody = {
      required: true,
      description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB); larger is 413 PAYLOAD_TOO_LARGE.`,
      content: { "application/json": { schema: def.body, ...def.example?.body === void 0 ? {} : { example: def.example.body } } }
    };
  }
  return op;
}
function addParameterExamples(paths, endpoints) {
  for (const def of endpoints) {
    const params4 = paths[def.path]?.[def.method.toLowerCase()]?.parameters ?? [];
    for (const p of params4) {
      const value = p.in === "path" ? def.example?.params?.[p.name] : p.in === "query" ? def.example?.query?.[p.name] : void 0;
      if (value !== void 0) p.example = value;
    }
  }
}
function buildDocument(endpoints) {
  const paths = {};
  for (const def of endpoints) {
    paths[def.path] ??= {};
    paths[def.path][def.method.toLowerCase()] = operation(def);
  }
  const doc = createDocument({
    openapi: "3.1.0",
    info: {
      title: "svc yield routing API",
      version: "1.0.0",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: `Stablecoin yield opportunities, owner-signed plans and per-wallet ledger. Amounts are integer micros as strings (1000000 = 1 USDC). The service never holds keys. Request bodies are JSON of at most ${MAX_BODY_BYTES} bytes (1 MiB) on every route: a larger one is answered 413 PAYLOAD_TOO_LARGE, then the connection is closed.`
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } }
    },
    paths
  });
  addParameterExamples(doc.paths, endpoints);
  return doc;
}
var STATUS_TEXT;
var init_document = __esm({
  "server/openapi/document.ts"() {
    "use strict";
    init_codes();
    init_roles();
    init_handler();
    init_schemas();
    __name(errorCodesOf, "errorCodesOf");
    STATUS_TEXT = {
      200: "OK",
      201: "Created",
      202: "Accepted: prepared, the owner must sign",
      204: "No content",
      422: "Blocked: see blockers[]"
    };
    __name(operation, "operation");
    __name(addParameterExamples, "addParameterExamples");
    __name(buildDocument, "buildDocument");
  }
});

// server/ops/metrics.ts
import { eq as eq19, sql as sql19 } from "drizzle-orm";
import { Gauge as Gauge2 } from "prom-client";
function dbGauges() {
  const { registry } = metrics();
  const existing = registry.getSingleMetric("svc_webhook_queue_depth");
  if (existing) {
    return {
      queue: existing,
      yieldsAge: registry.getSingleMetric("svc_yields_snapshot_age_seconds"),
      yieldsAttemptAge: registry.getSingleMetric("svc_yields_last_attempt_age_seconds"),
      yieldsFailing: registry.getSingleMetric("svc_yields_last_attempt_failed")
    };
  }
  return {
    queue: new Gauge2({
      name: "svc_webhook_queue_depth",
      help: "Webhook deliveries by state: due (pending, to send now), scheduled (pending: a retry later or an attempt in flight), failed (gave up).",
      labelNames: ["state"],
      registers: [registry]
    }),
    yieldsAge: new Gauge2({ name: "svc_yields_snapshot_age_seconds", help: "Age of the yields catalog's last good snapshot (absent: none yet).", registers: [registry] }),
    yieldsAttemptAge: new Gauge2({ name: "svc_yields_last_attempt_age_seconds", help: "Seconds since the last yields refresh attempt.", registers: [registry] }),
    yieldsFailing: new Gauge2({ name: "svc_yields_last_attempt_failed", help: "1 when the last yields refresh failed (the last good snapshot is kept), else 0.", registers: [registry] })
  };
}
async function readDbGauges(db) {
  const g = dbGauges();
  const [[queue], [snap]] = await Promise.all([
    rowsOf(
      db,
      sql19`select
        count(*) filter (where ${webhookDeliveries.state} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= now())::int as due,
        count(*) filter (where ${webhookDeliveries.state} = 'pending' and ${webhookDeliveries.nextAttemptAt} > now())::int as scheduled,
        count(*) filter (where ${webhookDeliveries.state} = 'failed')::int as failed
      from ${webhookDeliveries} where ${webhookDeliveries.state} in ('pending', 'failed')`
    ),
    db.select().from(yieldSnapshots).where(eq19(yieldSnapshots.source, SOURCE))
  ]);
  g.queue.set({ state: "due" }, Number(queue?.due ?? 0));
  g.queue.set({ state: "scheduled" }, Number(queue?.scheduled ?? 0));
  g.queue.set({ state: "failed" }, Number(queue?.failed ?? 0));
  const now = Date.now();
  g.yieldsAge.reset();
  g.yieldsAttemptAge.reset();
  g.yieldsFailing.reset();
  if (snap?.asOf) g.yieldsAge.set((now - snap.asOf.getTime()) / 1e3);
  if (snap) {
    g.yieldsAttemptAge.set((now - snap.lastAttemptAt.getTime()) / 1e3);
    g.yieldsFailing.set(snap.lastError === null ? 0 : 1);
  }
}
async function exposition(db) {
  await readDbGauges(db);
  return metrics().registry.metrics();
}
var init_metrics2 = __esm({
  "server/ops/metrics.ts"() {
    "use strict";
    init_upstream();
    init_schema();
    init_metrics();
    init_sql();
    __name(dbGauges, "dbGauges");
    __name(readDbGauges, "readDbGauges");
    __name(exposition, "exposition");
  }
});

// server/ops/dashboard.ts
function dashboardStatus() {
  return holder18.__svcDashboard ?? READY;
}
function setDashboardStatus(next) {
  const status = { ...dashboardStatus(), ...next };
  holder18.__svcDashboard = status;
  return status;
}
function dashboardReport(now = Date.now()) {
  const s = dashboardStatus();
  return {
    state: s.state,
    phase: s.phase,
    elapsedSeconds: s.state === "building" && s.startedAt !== null ? Math.max(0, Math.round((now - s.startedAt) / 1e3)) : null,
    error: s.error,
    log: s.log
  };
}
function buildPhaseOf(line) {
  const pages = /Generating static pages[^(]*\((\d+)\/(\d+)\)/.exec(line);
  if (pages) return `Generating static pages (${pages[1]}/${pages[2]})`;
  if (line.includes("Generating static pages")) return "Generating static pages";
  if (line.includes("Creating an optimized production build")) return "Creating an optimized production build";
  if (/Compiled successfully|Compiled with warnings/.test(line)) return "Compiled";
  if (/Running TypeScript|Skipping validation of types|Linting/.test(line)) return "Checking types";
  if (line.includes("Collecting page data")) return "Collecting page data";
  if (line.includes("Finalizing page optimization")) return "Finalizing page optimization";
  if (line.includes("Collecting build traces")) return "Collecting build traces";
  return null;
}
var READY, holder18;
var init_dashboard = __esm({
  "server/ops/dashboard.ts"() {
    "use strict";
    READY = { state: "ready", phase: null, startedAt: null, error: null, log: null };
    holder18 = globalThis;
    __name(dashboardStatus, "dashboardStatus");
    __name(setDashboardStatus, "setDashboardStatus");
    __name(dashboardReport, "dashboardReport");
    __name(buildPhaseOf, "buildPhaseOf");
  }
});

// server/ops/ready.ts
import { readFileSync as readFileSync2 } from "node:fs";
import path2 from "node:path";
import { eq as eq20, sql as sql20 } from "drizzle-orm";
function journal() {
  const file = path2.join(process.cwd(), "drizzle", "meta", "_journal.json");
  const entries = JSON.parse(readFileSync2(file, "utf8")).entries;
  return { count: entries.length, lastWhen: entries[entries.length - 1]?.when ?? 0 };
}
function bounded(work, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_MS} ms`)), CHECK_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
async function timed(what, work) {
  const started2 = Date.now();
  try {
    const value = await bounded(work(), what);
    return { value, check: { ok: true, ms: Date.now() - started2, error: null } };
  } catch (e) {
    return { value: null, check: { ok: false, ms: Date.now() - started2, error: message(e) } };
  }
}
async function appliedMigrations(db, expected) {
  const [first] = await rowsOf(
    db,
    sql20`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`
  );
  const n = Number(first?.n ?? 0);
  if (n < expected.count || first?.last !== String(expected.lastWhen)) {
    throw new Error(`${n} of ${expected.count} migrations applied; the newest this build ships is not`);
  }
  return n;
}
async function yieldsAge(db, now) {
  const [row] = await db.select().from(yieldSnapshots).where(eq20(yieldSnapshots.source, SOURCE));
  const asOf = row?.asOf ?? null;
  return {
    name: "yields",
    asOf: asOf?.toISOString() ?? null,
    ageSeconds: asOf ? Math.round((now - asOf.getTime()) / 1e3) : null,
    lastAttemptAt: row?.lastAttemptAt.toISOString() ?? null,
    error: row ? row.lastError : "no refresh has run yet"
  };
}
function rpcAges(now) {
  const lastOk = metrics().lastOk;
  return [...CHAIN_IDS.map((c) => `rpc:${c}`), "rpc:evm"].map((name) => {
    const at = lastOk.get(name);
    return {
      name,
      asOf: at === void 0 ? null : new Date(at).toISOString(),
      ageSeconds: at === void 0 ? null : Math.round((now - at) / 1e3),
      lastAttemptAt: null,
      error: at === void 0 ? "no good answer since this instance started" : null
    };
  });
}
async function measure() {
  const expected = journal();
  const boot2 = await timed("the database", async () => {
    const h = await ensureBooted();
    await h.db.execute(sql20`select 1`);
    return h;
  });
  const handle = boot2.value;
  const migrations = handle ? await timed("the migrations table", () => appliedMigrations(handle.db, expected)) : { value: null, check: { ok: false, ms: 0, error: "the database is not reachable" } };
  const now = Date.now();
  const yields = handle ? await timed("the yields snapshot", () => yieldsAge(handle.db, now)) : null;
  const upstreams = [
    yields?.value ?? { name: "yields", asOf: null, ageSeconds: null, lastAttemptAt: null, error: yields?.check.error ?? "the database is not reachable" },
    ...rpcAges(now)
  ];
  return {
    schemaVersion: "svc-ready.v1",
    ready: boot2.check.ok && migrations.check.ok,
    checks: {
      database: { ...boot2.check, kind: handle?.kind ?? null },
      migrations: { ...migrations.check, applied: migrations.value, expected: expected.count }
    },
    upstreams,
    time: new Date(now).toISOString()
  };
}
async function readiness2() {
  const now = Date.now();
  const last = holder19.__svcReady;
  const fresh = last && now - last.at < CACHE_MS ? last : { at: now, answer: measure() };
  holder19.__svcReady = fresh;
  const { time, ...rest } = await fresh.answer;
  return { ...rest, dashboard: dashboardReport(), time };
}
var CHECK_MS, CACHE_MS, message, holder19;
var init_ready = __esm({
  "server/ops/ready.ts"() {
    "use strict";
    init_boot();
    init_upstream();
    init_address();
    init_schema();
    init_metrics();
    init_sql();
    init_dashboard();
    CHECK_MS = 2e3;
    CACHE_MS = 1e3;
    __name(journal, "journal");
    __name(bounded, "bounded");
    message = /* @__PURE__ */ __name((e) => (e instanceof Error ? e.message.split("\n")[0] ?? "" : String(e)).slice(0, 300), "message");
    __name(timed, "timed");
    __name(appliedMigrations, "appliedMigrations");
    __name(yieldsAge, "yieldsAge");
    __name(rpcAges, "rpcAges");
    __name(measure, "measure");
    holder19 = globalThis;
    __name(readiness2, "readiness");
  }
});

// server/ops/schemas.ts
import { z as z17 } from "zod";
var healthSchema, check5, upstream, dashboard, readySchema, metricsText;
var init_schemas9 = __esm({
  "server/ops/schemas.ts"() {
    "use strict";
    init_schemas();
    healthSchema = z17.object({
      schemaVersion: z17.literal("svc-health.v1"),
      status: z17.literal("ok"),
      uptimeSeconds: z17.number().meta({ description: "Seconds since this process started." }),
      time: isoTime
    }).meta({ id: "Health", description: "The process answers. Nothing else is checked (see /api/v1/readyz)." });
    check5 = z17.object({
      ok: z17.boolean(),
      ms: z17.number().int().meta({ description: "How long the check took." }),
      error: z17.string().nullable().meta({ description: "Why it failed; null when ok." })
    });
    upstream = z17.object({
      name: z17.string().meta({ description: "yields (the yields catalog), or rpc:<chain> for a chain's RPC (rpc:evm: EVM simulation batches)." }),
      asOf: isoTime.nullable().meta({ description: "When the last good answer was had; null with `error` when none." }),
      ageSeconds: z17.number().int().nullable(),
      lastAttemptAt: isoTime.nullable().meta({ description: "yields: the last refresh attempt. RPCs are called on demand: null." }),
      error: z17.string().nullable().meta({ description: "yields: the last refresh's error (the last good snapshot is kept); RPCs: why there is no age." })
    });
    dashboard = z17.object({
      state: z17.enum(["building", "ready", "failed"]).meta({
        description: "building: the pages answer 503 with Retry-After until the production build is done; ready: served; failed: the build failed, the pages answer 503 until a restart builds again."
      }),
      phase: z17.string().nullable().meta({ description: 'What the build is doing, in `next build`\'s words ("Generating static pages (3/12)"); null when ready.' }),
      elapsedSeconds: z17.number().int().nullable().meta({ description: "Seconds since this instance began building (or waiting for another start's build); null unless building." }),
      error: z17.string().nullable().meta({ description: "Why the pages cannot be served; null unless failed." }),
      log: z17.string().nullable().meta({ description: "The build's output, relative to the service's folder; null when this instance ran no build." })
    }).meta({
      description: "The dashboard (the pages), reported, never a reason to be not ready: the API is served from the start. A load balancer that routes pages to this instance can wait for state ready."
    });
    readySchema = z17.object({
      schemaVersion: z17.literal("svc-ready.v1"),
      ready: z17.boolean(),
      checks: z17.object({
        database: check5.extend({ kind: z17.enum(["pglite", "postgres"]).nullable() }),
        migrations: check5.extend({
          applied: z17.number().int().nullable(),
          expected: z17.number().int().meta({ description: "Migrations this build ships." })
        })
      }),
      upstreams: z17.array(upstream).meta({ description: "Ages of the outside sources: reported, never a reason to be not ready." }),
      dashboard,
      time: isoTime
    }).meta({
      id: "Readiness",
      description: "Ready when the database answers and holds every migration this build ships; 503 NOT_READY otherwise, with this same body as the error's details. Measured at most once a second."
    });
    metricsText = z17.string().meta({ description: "Prometheus text exposition format 0.0.4." });
  }
});

// server/ops/endpoints.ts
var probe, getHealthz, getReadyz, getMetrics, opsEndpoints;
var init_endpoints6 = __esm({
  "server/ops/endpoints.ts"() {
    "use strict";
    init_errors();
    init_endpoint();
    init_metrics();
    init_metrics2();
    init_ready();
    init_schemas9();
    probe = { tags: ["ops"], access: "public", probe: true };
    getHealthz = endpoint({
      ...probe,
      operationId: "getHealthz",
      method: "GET",
      path: "/api/v1/healthz",
      summary: "Liveness: the process answers",
      description: "Answered without the database, a key or the rate limit: for a liveness probe.",
      responses: { 200: healthSchema },
      handler: /* @__PURE__ */ __name(async () => ok2({ schemaVersion: "svc-health.v1", status: "ok", uptimeSeconds: Math.round(process.uptime()), time: (/* @__PURE__ */ new Date()).toISOString() }), "handler")
    });
    getReadyz = endpoint({
      ...probe,
      operationId: "getReadyz",
      method: "GET",
      path: "/api/v1/readyz",
      summary: "Readiness: database reachable, migrations applied, upstream ages, dashboard build",
      description: "For a readiness probe or a load balancer's health check: 503 NOT_READY (details: the same body) takes the instance out of rotation. The dashboard's build is reported (`dashboard`), not checked: the API is served while the pages build.",
      responses: { 200: readySchema },
      errors: ["NOT_READY"],
      handler: /* @__PURE__ */ __name(async () => {
        const r = await readiness2();
        if (!r.ready) {
          const failing = Object.entries(r.checks).filter(([, c]) => !c.ok).map(([name, c]) => `${name}: ${c.error}`);
          throw new ApiError("NOT_READY", `Not ready: ${failing.join("; ")}`, r);
        }
        return ok2(r);
      }, "handler")
    });
    getMetrics = endpoint({
      operationId: "getMetrics",
      method: "GET",
      path: "/api/v1/metrics",
      summary: "Prometheus metrics of this instance",
      description: "Requests and latency per operation and status (svc_http_request_duration_seconds), webhook queue depth and attempts, upstream and RPC errors and ages, autopilot decisions, and the process's own figures (svc_process_*, svc_nodejs_*).",
      tags: ["ops"],
      access: "keeper.ops",
      produces: METRICS_CONTENT_TYPE,
      responses: { 200: metricsText },
      handler: /* @__PURE__ */ __name(async ({ db }) => ok2(await exposition(db)), "handler")
    });
    opsEndpoints = [getHealthz, getReadyz, getMetrics];
  }
});

// server/plans/cage.ts
import { getAddress as getAddress10, hashTypedData, zeroAddress as zeroAddress3 } from "viem";
function registryOf(chain) {
  const c = config();
  return (chain === "evm-a" ? c.SVC_REGISTRY_EVM_A : c.SVC_REGISTRY_EVM_B) ?? null;
}
function cageVenues(chain) {
  return venuesOn(chain).filter((v) => getAdapter(v.id)?.deposit).map((v) => ({ venueId: v.id, protocol: v.protocol, address: getAddress10(v.onchain.pool ?? v.onchain.cUSDCv3 ?? v.onchain.vault ?? zeroAddress3) }));
}
function cageBody(chain) {
  const registry = registryOf(chain);
  return {
    schemaVersion: "svc-cage.v1",
    chain,
    label: "Map",
    registry,
    deployed: registry !== null,
    broadcastEnabled: false,
    writeReady: false,
    liveMoneyPath: false,
    ownerMustSign: true,
    serverHoldsKeys: false,
    actions: CAGE_ACTIONS.map((a) => ({ ...a })),
    lockedDestinations: {
      venues: cageVenues(chain),
      payees: "set by the owner in the signed policy; AUTOPAY can pay no one else",
      owner: "the policy signer; EXIT always pays the owner"
    },
    registryFees: { ...EVM_REGISTRY },
    prepare: chain === "evm-b" ? "POST /api/v1/svc/evm-b/cage/prepare" : null
  };
}
async function prepareCagePolicy(db, chain, input) {
  const allowed = cageVenues(chain);
  const wanted = input.venues ?? allowed.map((v) => v.venueId);
  const venues = wanted.map((id) => {
    const v = allowed.find((a) => a.venueId === id);
    if (!v) throw fieldError("INVALID_REQUEST", `body.venues.${wanted.indexOf(id)}`, `must be a cage destination on ${chain} (${allowed.map((a) => a.venueId).join(", ")}); ${id} is not`);
    return v;
  });
  const payees = input.payees ?? [];
  payees.forEach((p, i) => {
    assertRecipient(chain, p.account, `payees.${i}.account`, `payees[${i}].account`);
  });
  const bpsSum = payees.reduce((s, p) => s + p.bps, 0);
  if (bpsSum > 1e4) throw fieldError("INVALID_REQUEST", "body.payees", `must add up to at most 10000 bps; they add up to ${bpsSum}`);
  const actions = input.actions ?? CAGE_ACTIONS.map((a) => a.action);
  if (actions.includes("AUTOPAY") && payees.length === 0) throw fieldError("INVALID_REQUEST", "body.payees", "must name at least one payee when body.actions includes AUTOPAY");
  const registry = registryOf(chain);
  const nowS = Math.floor(Date.now() / 1e3);
  const nonce = BigInt(`0x${newId("pln").slice(4, 16).replace(/[^0-9a-f]/g, "0")}`);
  const message2 = {
    owner: getAddress10(input.owner),
    actions: [...actions],
    venues: venues.map((v) => v.address),
    payees: payees.map((p) => ({ account: getAddress10(p.account), bps: p.bps })),
    maxAmountMicros: input.maxAmountMicros,
    nonce,
    deadline: BigInt(nowS + (input.validForSeconds ?? 30 * 86400))
  };
  const domain = {
    name: "svc-cage",
    version: "1",
    chainId: EVM_CHAIN_IDS[chain],
    ...registry ? { verifyingContract: getAddress10(registry) } : {}
  };
  const digest = hashTypedData({ domain, types: TYPES, primaryType: "CagePolicy", message: message2 });
  const planId2 = newId("pln");
  const typedData = { domain, types: { ...TYPES }, primaryType: "CagePolicy", message: message2 };
  const body = {
    schemaVersion: "svc-cage-policy.v1",
    status: "prepared",
    planId: planId2,
    chain,
    submitted: false,
    ownerMustSign: true,
    broadcastEnabled: false,
    signWith: "eth_signTypedData_v4",
    typedData: JSON.parse(JSON.stringify(typedData, (_k, v) => typeof v === "bigint" ? v.toString() : v)),
    digest,
    lockedDestinations: { venues, payees: message2.payees, owner: message2.owner }
  };
  await insertPlan(db, { id: planId2, kind: "cage", status: "prepared", chain, owner: input.owner, amountMicros: input.maxAmountMicros, payload: body });
  return body;
}
async function walletCageState(db, chain, wallet) {
  const rows = await listPlansByOwner(db, { owner: wallet, chain, limit: 50 });
  const policies = rows.filter((r) => r.kind === "cage");
  const actions = rows.filter((r) => r.kind !== "cage");
  const cage = cageBody(chain);
  return {
    schemaVersion: "svc-wallet-cage.v1",
    wallet: normalizeAddress(wallet),
    chain,
    registry: cage.registry,
    deployed: cage.deployed,
    broadcastEnabled: false,
    policy: policies[0] ? { planId: policies[0].id, status: "prepared_unsigned", createdAt: policies[0].createdAt.toISOString(), digest: String(policies[0].payload.digest ?? "") } : null,
    preparedActions: actions.map((r) => ({
      planId: r.id,
      kind: r.kind,
      status: r.status,
      strategyId: r.strategyId,
      amountMicros: r.amountMicros.toString(),
      createdAt: r.createdAt.toISOString()
    }))
  };
}
var CAGE_ACTIONS, TYPES;
var init_cage = __esm({
  "server/plans/cage.ts"() {
    "use strict";
    init_address();
    init_evm();
    init_config();
    init_policy();
    init_errors();
    init_ids2();
    init_venues();
    init_adapters();
    init_recipient2();
    init_store3();
    CAGE_ACTIONS = [
      { action: "ROUTE", description: "Deposit idle USDC into one of the locked venues.", destinations: "venues" },
      { action: "EXIT", description: "Withdraw principal from a venue back to the owner.", destinations: "owner" },
      { action: "REBALANCE", description: "Move a position between locked venues on the same chain.", destinations: "venues" },
      { action: "HARVEST", description: "Claim realized yield from a venue into the cage.", destinations: "venues" },
      { action: "COMPOUND", description: "Re-deposit harvested yield into the same venue.", destinations: "venues" },
      { action: "AUTOPAY", description: "Pay residual yield to the owner's locked payees.", destinations: "payees" }
    ];
    __name(registryOf, "registryOf");
    __name(cageVenues, "cageVenues");
    __name(cageBody, "cageBody");
    TYPES = {
      Payee: [
        { name: "account", type: "address" },
        { name: "bps", type: "uint16" }
      ],
      CagePolicy: [
        { name: "owner", type: "address" },
        { name: "actions", type: "string[]" },
        { name: "venues", type: "address[]" },
        { name: "payees", type: "Payee[]" },
        { name: "maxAmountMicros", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" }
      ]
    };
    __name(prepareCagePolicy, "prepareCagePolicy");
    __name(walletCageState, "walletCageState");
  }
});

// server/plans/gas.ts
async function legFor(chain, txs) {
  const base = { chain, transactions: txs.length, ...NATIVE3[chain], source: `rpc:${chain}` };
  try {
    let price;
    let units;
    let amount;
    if (chain === "move-chain") {
      const client = suiRpc();
      price = BigInt((await withRpcTimeout((signal) => client.getReferenceGasPrice({ signal }))).referenceGasPrice);
      units = SUI_UNITS * BigInt(txs.length);
      amount = price * units;
    } else if (chain === "svm-chain") {
      const rpc = solanaRpc();
      const fees = await withRpcTimeout((abortSignal) => rpc.getRecentPrioritizationFees().send({ abortSignal }));
      const sorted = fees.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
      price = sorted.length ? sorted[Math.floor(sorted.length / 2)] ?? 0n : 0n;
      units = SOLANA_CU * BigInt(txs.length);
      amount = SOLANA_BASE_LAMPORTS * BigInt(txs.length) + price * units / 1000000n;
    } else {
      const client = evmRpc(chain);
      price = await withRpcTimeout(() => client.getGasPrice());
      units = txs.reduce((s, t) => s + (EVM_GAS[t.kind] ?? 300000n), 0n);
      amount = price * units;
    }
    return { ...base, gasPrice: price.toString(), gasUnits: units.toString(), amount: amount.toString(), status: "ok", reason: null, asOf: (/* @__PURE__ */ new Date()).toISOString() };
  } catch (e) {
    return { ...base, gasPrice: null, gasUnits: null, amount: null, status: "N/A", reason: `gas price unavailable: ${errorLine(e, 160)}`, asOf: null };
  }
}
async function gasPlan(db, planId2) {
  const plan2 = await getPlan(db, planId2);
  if (!plan2 || plan2.kind === "cage") throw new ApiError("NOT_FOUND", `Unknown planId ${planId2}`);
  const txs = Array.isArray(plan2.payload.transactions) ? plan2.payload.transactions : [];
  const blockers = [];
  if (txs.length === 0) {
    const own = Array.isArray(plan2.payload.blockers) ? plan2.payload.blockers : [];
    if (own.length) blockers.push(...own);
    else if (plan2.owner === null) blockers.push(blocker("owner_required", "The plan was made without an owner, so it has no transactions to size; ask again with owner."));
    else blockers.push(blocker("adapter_not_ready", "The plan carries no transactions to size."));
  }
  const chains = [...new Set(txs.map((t) => t.chain))];
  const legs = await Promise.all(chains.map((c) => legFor(c, txs.filter((t) => t.chain === c))));
  return {
    schemaVersion: "svc-gas-plan.v1",
    status: blockers.length ? "blocked" : "prepared",
    planId: planId2,
    estimate: true,
    submitted: false,
    ownerMustSign: true,
    sponsored: false,
    ...blockers.length ? { blockers } : {},
    chains: legs,
    note: "Estimates from each chain RPC's current gas price and typical usage per transaction kind; the wallet's own simulation decides the final fee."
  };
}
var EVM_GAS, SUI_UNITS, SOLANA_CU, SOLANA_BASE_LAMPORTS, NATIVE3;
var init_gas = __esm({
  "server/plans/gas.ts"() {
    "use strict";
    init_codes();
    init_errors();
    init_store3();
    init_clients();
    EVM_GAS = { approve: 60000n, deposit: 300000n, withdraw: 300000n, burn: 200000n, swap: 400000n, receive: 200000n };
    SUI_UNITS = 10000n;
    SOLANA_CU = 200000n;
    SOLANA_BASE_LAMPORTS = 5000n;
    NATIVE3 = {
      "move-chain": { asset: "SUI", unit: "mist" },
      "svm-chain": { asset: "SOL", unit: "lamports" },
      "evm-a": { asset: "ETH", unit: "wei" },
      "evm-b": { asset: "ETH", unit: "wei" }
    };
    __name(legFor, "legFor");
    __name(gasPlan, "gasPlan");
  }
});

// server/plans/cage-schemas.ts
import { z as z18 } from "zod";
var evmOwner, cageActionName, cageVenue, cageSchema, cagePrepareBody, cagePolicySchema, walletCageSchema;
var init_cage_schemas = __esm({
  "server/plans/cage-schemas.ts"() {
    "use strict";
    init_address();
    init_amount();
    evmOwner = addressOf("evm");
    cageActionName = z18.enum(["ROUTE", "EXIT", "REBALANCE", "HARVEST", "COMPOUND", "AUTOPAY"]);
    cageVenue = z18.object({ venueId: z18.string(), protocol: z18.string(), address: z18.string() });
    cageSchema = z18.object({
      schemaVersion: z18.literal("svc-cage.v1"),
      chain: z18.enum(["evm-a", "evm-b"]),
      label: z18.literal("Map"),
      registry: z18.string().nullable(),
      deployed: z18.boolean(),
      broadcastEnabled: z18.literal(false),
      writeReady: z18.literal(false),
      liveMoneyPath: z18.literal(false),
      ownerMustSign: z18.literal(true),
      serverHoldsKeys: z18.literal(false),
      actions: z18.array(z18.object({ action: cageActionName, description: z18.string(), destinations: z18.enum(["venues", "owner", "payees"]) })),
      lockedDestinations: z18.object({ venues: z18.array(cageVenue), payees: z18.string(), owner: z18.string() }),
      registryFees: z18.object({ yieldFeeBps: z18.number().int(), depositFeeBps: z18.number().int(), maxYieldSkimBps: z18.number().int() }),
      prepare: z18.string().nullable()
    }).meta({ id: "Cage" });
    cagePrepareBody = z18.strictObject({
      owner: evmOwner,
      actions: z18.array(cageActionName).min(1).max(6).optional(),
      venues: z18.array(z18.string().min(1).max(100)).min(1).max(20).optional(),
      payees: z18.array(z18.strictObject({ account: evmOwner, bps: z18.number().int().min(1).max(1e4) })).max(10).optional(),
      maxAmountMicros: microsInput,
      validForSeconds: z18.number().int().min(60).max(366 * 86400).optional()
    }).meta({ id: "CagePrepareRequest" });
    cagePolicySchema = z18.object({
      schemaVersion: z18.literal("svc-cage-policy.v1"),
      status: z18.literal("prepared"),
      planId: z18.string(),
      chain: z18.enum(["evm-a", "evm-b"]),
      submitted: z18.literal(false),
      ownerMustSign: z18.literal(true),
      broadcastEnabled: z18.literal(false),
      signWith: z18.literal("eth_signTypedData_v4"),
      typedData: z18.record(z18.string(), z18.unknown()).meta({ description: "EIP-712 { domain, types, primaryType, message } (uint256 values as decimal strings)." }),
      digest: z18.string(),
      lockedDestinations: z18.object({ venues: z18.array(cageVenue), payees: z18.array(z18.object({ account: z18.string(), bps: z18.number().int() })), owner: z18.string() })
    }).meta({ id: "CagePolicy" });
    walletCageSchema = z18.object({
      schemaVersion: z18.literal("svc-wallet-cage.v1"),
      wallet: z18.string(),
      chain: z18.enum(["evm-a", "evm-b"]),
      registry: z18.string().nullable(),
      deployed: z18.boolean(),
      broadcastEnabled: z18.literal(false),
      policy: z18.object({ planId: z18.string(), status: z18.literal("prepared_unsigned"), createdAt: z18.string(), digest: z18.string() }).nullable(),
      preparedActions: z18.array(
        z18.object({ planId: z18.string(), kind: z18.string(), status: z18.string(), strategyId: z18.string().nullable(), amountMicros: microsOutput, createdAt: z18.string() })
      )
    }).meta({ id: "WalletCage" });
  }
});

// server/plans/record.ts
import { eq as eq21 } from "drizzle-orm";
function burnAmountOf(row) {
  const stated = row.payload.burnAmountMicros;
  return typeof stated === "string" && /^[0-9]+$/.test(stated) ? BigInt(stated) : row.amountMicros;
}
async function checkBurn(row, txId3) {
  if (txId3 === void 0) return { txId: null, state: "not_reported", reason: "No burn transaction was given; the service records a bridge's burn only through its delivery." };
  const chain = row.chain;
  if (!isTxIdOf(chain, txId3)) return { txId: txId3, state: "invalid", reason: `${txId3} is not a transaction id on ${chain}.` };
  const c = await confirmTx(chain, txId3);
  if (c.state === "pending") return { txId: txId3, state: "not_confirmed", reason: `${chain} has not confirmed it: ${c.reason}` };
  if (c.state === "failed") return { txId: txId3, state: "failed", reason: c.reason };
  const owner = row.owner ? normalizeAddress(row.owner) : null;
  if (owner === null || c.sender === null || normalizeAddress(c.sender) !== owner) {
    return { txId: txId3, state: "not_this_plan", reason: `The transaction was sent by ${c.sender ?? "an unknown sender"}, not by the plan's owner ${row.owner ?? "(none)"}.` };
  }
  const taken = -(c.usdc.get(owner) ?? 0n);
  const least = burnAmountOf(row);
  if (taken < least) {
    return {
      txId: txId3,
      state: "not_this_plan",
      reason: `The transaction takes ${taken > 0n ? taken : 0n} micro-USDC from the owner, not the plan's ${least}: it is not this plan's burn.`
    };
  }
  return { txId: txId3, state: "confirmed", reason: null };
}
function answered2(payload) {
  const { sourceBurn: _recorded, ...body } = payload;
  return body;
}
async function planRecord(db, principal, planId2, sourceTxId) {
  const row = await getPlan(db, planId2);
  if (!row) throw new ApiError("NOT_FOUND", `plan ${planId2} not found`);
  const wallets = [row.owner, row.destAddress].filter((w2) => w2 !== null);
  if (principal && !wallets.some((w2) => inScope(principal, w2))) throw new ApiError("WALLET_SCOPE", "The plan's wallet is not in the API key's scope");
  let bridge = null;
  if (row.kind === "bridge") {
    const [done] = await db.select().from(planExecutions).where(eq21(planExecutions.planId, row.id));
    const result = done?.result ?? {};
    const delivery = done ? {
      state: done.status === "settled" ? "delivered" : "failed",
      destTxId: done.txId,
      creditedMicros: typeof result.creditedMicros === "string" ? result.creditedMicros : null,
      error: typeof result.error === "string" ? result.error : null,
      recordedAt: done.createdAt.toISOString()
    } : { state: "none", destTxId: null, creditedMicros: null, error: null, recordedAt: null };
    const rail = storedRail(row.payload.rail).id;
    bridge = {
      rail,
      burn: await checkBurn(row, sourceTxId),
      attestation: delivery.state === "delivered" ? { state: "attested", reason: null } : { state: "not_read", reason: "Circle's attestation is read by POST /svc/bridge/rescue { planId, sourceTxId }." },
      delivery
    };
  }
  return {
    schemaVersion: "svc-plan-record.v1",
    planId: row.id,
    kind: row.kind,
    status: row.status,
    chain: row.chain,
    owner: row.owner,
    strategyId: row.strategyId,
    amountMicros: row.amountMicros.toString(),
    destChain: row.destChain,
    destAddress: row.destAddress,
    createdAt: row.createdAt.toISOString(),
    plan: answered2(row.payload),
    bridge
  };
}
var init_record2 = __esm({
  "server/plans/record.ts"() {
    "use strict";
    init_address();
    init_schema();
    init_auth();
    init_errors();
    init_confirm();
    init_store3();
    init_registry();
    __name(burnAmountOf, "burnAmountOf");
    __name(checkBurn, "checkBurn");
    __name(answered2, "answered");
    __name(planRecord, "planRecord");
  }
});

// server/quotes/http.ts
import { z as z19 } from "zod";
function missingKey(variable, api) {
  return { ok: false, reason: `${variable} is not set, and ${api} answers only requests with an API key; set ${variable} to quote` };
}
async function getJson2(url, headers = {}) {
  const r = await countedFetch("quotes")(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
  if (r.status === 401 || r.status === 403) throw new Error(`the quote source refused the API key (HTTP ${r.status})`);
  if (!r.ok) throw new Error(`the quote source answered HTTP ${r.status}`);
  return r.json();
}
function fail(e) {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout/i.test(msg)) return { ok: false, reason: "the quote source did not answer in time" };
  return { ok: false, reason: `quote source unavailable: ${errorLine(e)}` };
}
var uint, uintLike;
var init_http = __esm({
  "server/quotes/http.ts"() {
    "use strict";
    init_clients();
    init_config();
    init_metrics();
    uint = z19.string().regex(/^[0-9]+$/);
    uintLike = z19.union([uint, z19.number().int().nonnegative()]).transform((v) => BigInt(v));
    __name(missingKey, "missingKey");
    __name(getJson2, "getJson");
    __name(fail, "fail");
  }
});

// server/quotes/cetus.ts
import {
  AggregatorClient,
  completionCoin,
  Env,
  filterProvidersBySlippage,
  getProvidersExcluding,
  OBRIC,
  PACKAGE_NAMES,
  PYTH_ORACLE_BASED_DEXES,
  SEVENK,
  STEAMM_OMM,
  ZERO as ZERO2
} from "@cetusprotocol/aggregator-sdk";
import { coinWithBalance as coinWithBalance4 } from "@mysten/sui/transactions";
import { normalizeStructTag as normalizeStructTag7 } from "@mysten/sui/utils";
import { z as z20 } from "zod";
function cetusProviders(slippageBps2) {
  const providers = getProvidersExcluding([...CETUS_PYTH_PROVIDERS]);
  return filterProvidersBySlippage({ providers, slippage: slippageBps2 / 1e4 }).params.providers ?? providers;
}
function cetusRouterData(data) {
  return {
    quoteID: data.request_id ?? "",
    amountIn: new BN(data.amount_in.toString()),
    amountOut: new BN(data.amount_out.toString()),
    byAmountIn: true,
    insufficientLiquidity: false,
    deviationRatio: Number(data.deviation_ratio ?? 0),
    packages: new Map(Object.entries(data.packages ?? {})),
    paths: data.paths.map((p) => ({
      id: p.id,
      direction: p.direction,
      provider: p.provider,
      from: p.from,
      target: p.target,
      feeRate: Number(p.fee_rate),
      amountIn: p.amount_in.toString(),
      amountOut: p.amount_out.toString(),
      version: p.version,
      publishedAt: p.published_at,
      extendedDetails: p.extended_details
    }))
  };
}
async function cetusSwapPayload(owner, inputToken, outputToken, amount, router, slippageBps2, fee) {
  const first = router.paths[0];
  const last = router.paths.at(-1);
  if (!first || !last) throw new CetusRouteRefused("the router's answer holds no path");
  if (!sameType2(first.from, inputToken) || !sameType2(last.target, outputToken)) {
    throw new CetusRouteRefused(`the router's route goes from ${first.from} to ${last.target}, not from ${inputToken} to ${outputToken}`);
  }
  const swapped = amount - (fee?.amount ?? 0n);
  if (router.amountIn.toString() !== swapped.toString()) throw new CetusRouteRefused(`the router quoted ${router.amountIn.toString()} in, not the ${swapped} asked`);
  const pyth = router.paths.find((p) => CETUS_PYTH_PROVIDERS.includes(p.provider));
  if (pyth) {
    throw new CetusRouteRefused(`the route goes through ${pyth.provider}, whose swap needs a Pyth price update fetched from a web API when it is built; this service does not build it`);
  }
  if (!router.packages?.get(PACKAGE_NAMES.AGGREGATOR_V3)) throw new CetusRouteRefused("the router's answer names no aggregator_v3 package");
  const sdk = new AggregatorClient({ client: suiRpc(), endpoint: config().SVC_QUOTE_MOVE_URL, env: Env.Mainnet, pythUrls: [] });
  const tx = newSuiTransaction(owner);
  const input = tx.add(coinWithBalance4({ type: inputToken, balance: amount }));
  if (fee) {
    const [feeCoin] = tx.splitCoins(input, [fee.amount]);
    tx.transferObjects([feeCoin], fee.recipient);
  }
  const output = await sdk.routerSwap({ router, inputCoin: input, slippage: slippageBps2 / 1e4, txb: tx });
  tx.transferObjects([output], owner);
  return suiPayload(tx);
}
function timesDecimal(amount, rate) {
  const m = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,18}))?$/.exec(rate.trim());
  if (!m) return null;
  const frac = m[2] ?? "";
  const scaled = BigInt((m[1] ?? "0") + frac);
  return amount * scaled / 10n ** BigInt(frac.length);
}
function parseExact(text22) {
  return JSON.parse(text22.replace(/([:[,]\s*)(-?[0-9]{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}
async function cetusQuoteFor(from, target, amount, slippageBps2) {
  const base = config().SVC_QUOTE_MOVE_URL;
  const providers = cetusProviders(slippageBps2);
  if (providers.length === 0) return { ok: false, reason: "no Cetus router v3 provider can fill this slippage bound" };
  const qs = new URLSearchParams({ from: completionCoin(from), target: completionCoin(target), amount: amount.toString(), by_amount_in: "true", providers: providers.join(","), v: CETUS_SDK_VERSION });
  try {
    const res = await countedFetch("quotes")(`${base}/find_routes?${qs}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`the quote source answered HTTP ${res.status}`);
    const r = cetusRoutes.parse(parseExact(await res.text()));
    if (r.code !== 200 || !r.data) return { ok: false, reason: `quote source has no route: ${r.msg ?? `code ${r.code}`}` };
    if (r.data.paths.length === 0) return { ok: false, reason: "quote source has no route: the answer holds no path" };
    const steps = r.data.paths;
    return {
      ok: true,
      quote: {
        source: base,
        format: "cetus-router-v3",
        asOf: (/* @__PURE__ */ new Date()).toISOString(),
        inAmount: r.data.amount_in,
        outAmount: r.data.amount_out,
        sourceMinAmountOut: null,
        priceImpactPct: null,
        route: steps.map((s) => s.provider),
        poolFees: steps.map((s) => ({ label: `Pool fee (${s.provider}, rate ${s.fee_rate})`, amount: timesDecimal(s.amount_in, s.fee_rate), asset: s.from })),
        move: cetusRouterData(r.data)
      }
    };
  } catch (e) {
    return fail(e);
  }
}
var CETUS_PYTH_PROVIDERS, BN, CetusRouteRefused, sameType2, decimal, cetusPath, cetusData, cetusRoutes, CETUS_SDK_VERSION, cetusQuoter;
var init_cetus = __esm({
  "server/quotes/cetus.ts"() {
    "use strict";
    init_clients();
    init_sui();
    init_config();
    init_metrics();
    init_http();
    CETUS_PYTH_PROVIDERS = [.../* @__PURE__ */ new Set([...PYTH_ORACLE_BASED_DEXES, OBRIC, STEAMM_OMM, SEVENK])];
    __name(cetusProviders, "cetusProviders");
    BN = ZERO2.constructor;
    __name(cetusRouterData, "cetusRouterData");
    CetusRouteRefused = class extends Error {
      static {
        __name(this, "CetusRouteRefused");
      }
    };
    sameType2 = /* @__PURE__ */ __name((a, b) => {
      try {
        return normalizeStructTag7(completionCoin(a)) === normalizeStructTag7(completionCoin(b));
      } catch {
        return a === b;
      }
    }, "sameType");
    __name(cetusSwapPayload, "cetusSwapPayload");
    decimal = z20.union([z20.string(), z20.number()]).transform((v) => String(v));
    cetusPath = z20.object({
      id: z20.string(),
      direction: z20.boolean(),
      provider: z20.string(),
      from: z20.string(),
      target: z20.string(),
      fee_rate: decimal,
      amount_in: uintLike,
      amount_out: uintLike,
      version: z20.string().optional(),
      published_at: z20.string().optional(),
      extended_details: z20.record(z20.string(), z20.unknown()).optional()
    });
    cetusData = z20.object({
      request_id: z20.string().optional(),
      amount_in: uintLike,
      amount_out: uintLike,
      deviation_ratio: z20.union([z20.string(), z20.number()]).optional(),
      paths: z20.array(cetusPath),
      packages: z20.record(z20.string(), z20.string()).nullish()
    });
    cetusRoutes = z20.object({
      code: z20.number(),
      msg: z20.string().optional(),
      data: cetusData.nullable().optional()
    });
    __name(timesDecimal, "timesDecimal");
    CETUS_SDK_VERSION = "1010702";
    __name(parseExact, "parseExact");
    __name(cetusQuoteFor, "cetusQuoteFor");
    cetusQuoter = {
      id: "cetus",
      supports: /* @__PURE__ */ __name((chain) => chain === "move-chain", "supports"),
      quote: /* @__PURE__ */ __name((r) => cetusQuoteFor(r.inputToken, r.outputToken, r.amount - (r.fee?.amount ?? 0n), r.slippageBps), "quote")
    };
  }
});

// server/quotes/jupiter.ts
import { z as z21 } from "zod";
function jupiterQuoteOf(base, format, q) {
  return {
    source: base,
    format,
    asOf: (/* @__PURE__ */ new Date()).toISOString(),
    inAmount: BigInt(q.inAmount),
    outAmount: BigInt(q.outAmount),
    sourceMinAmountOut: BigInt(q.otherAmountThreshold),
    priceImpactPct: q.priceImpactPct === void 0 ? null : String(q.priceImpactPct),
    route: q.routePlan.map((r) => r.swapInfo.label ?? "unknown"),
    poolFees: q.routePlan.map((r) => ({
      label: `Pool fee (${r.swapInfo.label ?? "route step"})`,
      amount: r.swapInfo.feeAmount === void 0 ? null : BigInt(r.swapInfo.feeAmount),
      asset: r.swapInfo.feeMint ?? null
    }))
  };
}
async function jupiterQuoteFor(inputMint, outputMint, amount, slippageBps2, taker, fee) {
  const { SVC_QUOTE_SVM_URL: base, SVC_JUPITER_API_KEY: key } = config();
  if (!key) return missingKey("SVC_JUPITER_API_KEY", "Jupiter's Swap API (api.jup.ag)");
  const headers = { "x-api-key": key };
  const qs = new URLSearchParams({ inputMint, outputMint, amount: amount.toString() });
  try {
    if (!taker) {
      if (fee) qs.set("amount", (amount - fee.amount).toString());
      const q = jupiterQuote.parse(await getJson2(`${base}/order?${qs}`, headers));
      return { ok: true, quote: jupiterQuoteOf(base, "jupiter-swap-v2-order", q) };
    }
    qs.set("slippageBps", String(slippageBps2));
    qs.set("taker", taker);
    if (fee) {
      qs.set("platformFeeBps", String(fee.bps));
      qs.set("feeAccount", fee.recipient);
    }
    const b = jupiterBuild.parse(await getJson2(`${base}/build?${qs}`, headers));
    const instructions = [...b.computeBudgetInstructions, ...b.setupInstructions, ...b.otherInstructions ?? [], b.swapInstruction, ...b.cleanupInstruction ? [b.cleanupInstruction] : []];
    let serviceFee;
    if (fee) {
      const stated = b.platformFee;
      if (stated && (stated.feeBps !== fee.bps || BigInt(stated.amount) !== fee.amount)) {
        return { ok: false, reason: `the quote's platform fee (${stated.amount} at ${stated.feeBps} bps) is not the service fee asked for (${fee.amount} at ${fee.bps} bps)` };
      }
      serviceFee = {
        amount: fee.amount,
        asset: inputMint,
        source: stated ? "Jupiter /build platformFee" : `Jupiter /build platformFeeBps=${fee.bps} of the input into feeAccount ${fee.recipient}`
      };
    }
    return {
      ok: true,
      quote: {
        ...jupiterQuoteOf(base, "jupiter-swap-v2-build", b),
        svm: {
          instructions,
          lookupTables: b.addressesByLookupTableAddress ?? {},
          blockhash: Uint8Array.from(b.blockhashWithMetadata.blockhash),
          lastValidBlockHeight: b.blockhashWithMetadata.lastValidBlockHeight
        },
        ...serviceFee ? { serviceFee } : {}
      }
    };
  } catch (e) {
    return fail(e);
  }
}
var jupiterRoute, jupiterQuote, jupiterIx, jupiterBuild, jupiterQuoter;
var init_jupiter = __esm({
  "server/quotes/jupiter.ts"() {
    "use strict";
    init_config();
    init_http();
    jupiterRoute = z21.array(
      z21.object({ swapInfo: z21.object({ label: z21.string().optional(), feeAmount: uint.optional(), feeMint: z21.string().optional() }) })
    );
    jupiterQuote = z21.object({
      inAmount: uint,
      outAmount: uint,
      otherAmountThreshold: uint,
      priceImpactPct: z21.union([z21.string(), z21.number()]).optional(),
      routePlan: jupiterRoute,
      /** Metis's quote format (jup-ag/docs openapi-spec/swap/v1/swap.yaml QuoteResponse.platformFee); /build's schema does not list it. */
      platformFee: z21.object({ amount: uint, feeBps: z21.number().int() }).nullish()
    });
    jupiterIx = z21.object({
      programId: z21.string(),
      accounts: z21.array(z21.object({ pubkey: z21.string(), isSigner: z21.boolean(), isWritable: z21.boolean() })),
      data: z21.string()
    });
    jupiterBuild = jupiterQuote.extend({
      computeBudgetInstructions: z21.array(jupiterIx).default([]),
      setupInstructions: z21.array(jupiterIx).default([]),
      otherInstructions: z21.array(jupiterIx).nullish(),
      swapInstruction: jupiterIx,
      cleanupInstruction: jupiterIx.nullish(),
      addressesByLookupTableAddress: z21.record(z21.string(), z21.array(z21.string())).nullish(),
      blockhashWithMetadata: z21.object({ blockhash: z21.array(z21.number().int().min(0).max(255)).length(32), lastValidBlockHeight: uintLike })
    });
    __name(jupiterQuoteOf, "jupiterQuoteOf");
    __name(jupiterQuoteFor, "jupiterQuoteFor");
    jupiterQuoter = {
      id: "jupiter",
      supports: /* @__PURE__ */ __name((chain) => chain === "svm-chain", "supports"),
      quote: /* @__PURE__ */ __name((r) => jupiterQuoteFor(r.inputToken, r.outputToken, r.amount, r.slippageBps, r.owner ?? void 0, r.fee ?? void 0), "quote")
    };
  }
});

// server/quotes/zerox.ts
import { z as z22 } from "zod";
async function zeroExQuoteFor(chainId2, sellToken, buyToken, amount, slippageBps2, taker, fee) {
  const { SVC_QUOTE_EVM_URL: base, SVC_ZEROX_API_KEY: key } = config();
  if (!key) return missingKey("SVC_ZEROX_API_KEY", "0x's Swap API (api.0x.org)");
  const qs = new URLSearchParams({ chainId: String(chainId2), sellToken, buyToken, sellAmount: amount.toString(), slippageBps: String(slippageBps2) });
  if (taker) qs.set("taker", taker);
  if (fee) {
    qs.set("swapFeeRecipient", fee.recipient);
    qs.set("swapFeeBps", String(fee.bps));
    qs.set("swapFeeToken", sellToken);
  }
  try {
    const q = zeroExQuote.parse(await getJson2(`${base}/swap/allowance-holder/quote?${qs}`, { "0x-api-key": key, "0x-version": "v2" }));
    if (!q.liquidityAvailable || !q.buyAmount) return { ok: false, reason: "the quote source has no liquidity for this pair" };
    const zeroEx = q.fees?.zeroExFee;
    const integrator = q.fees?.integratorFee;
    if (fee && !integrator) return { ok: false, reason: "the quote does not carry the service fee it was asked to take (fees.integratorFee is null)" };
    if (fee && integrator && integrator.token.toLowerCase() !== sellToken.toLowerCase()) {
      return { ok: false, reason: `the quote takes the service fee in ${integrator.token}, not in the sell token ${sellToken}` };
    }
    const allowance = q.issues?.allowance;
    return {
      ok: true,
      quote: {
        source: base,
        format: "0x-swap-v2",
        asOf: (/* @__PURE__ */ new Date()).toISOString(),
        inAmount: BigInt(q.sellAmount ?? amount.toString()),
        outAmount: BigInt(q.buyAmount),
        sourceMinAmountOut: q.minBuyAmount ? BigInt(q.minBuyAmount) : null,
        priceImpactPct: null,
        route: (q.route?.fills ?? []).map((f) => f.source),
        poolFees: [
          { label: "Pool fees (included in the quoted price by the liquidity sources)", amount: null, asset: null },
          ...zeroEx ? [{ label: "Aggregator fee (0x)", amount: BigInt(zeroEx.amount), asset: zeroEx.token }] : []
        ],
        ...fee && integrator ? { serviceFee: { amount: BigInt(integrator.amount), asset: sellToken, source: "0x fees.integratorFee" } } : {},
        evm: q.transaction ? { to: q.transaction.to, data: q.transaction.data, value: q.transaction.value, allowance: allowance ? { spender: allowance.spender, actual: BigInt(allowance.actual) } : null } : void 0
      }
    };
  } catch (e) {
    return fail(e);
  }
}
var zeroExQuote, zeroExQuoter;
var init_zerox = __esm({
  "server/quotes/zerox.ts"() {
    "use strict";
    init_evm();
    init_config();
    init_http();
    zeroExQuote = z22.object({
      liquidityAvailable: z22.boolean(),
      buyAmount: uint.optional(),
      minBuyAmount: uint.optional(),
      sellAmount: uint.optional(),
      route: z22.object({ fills: z22.array(z22.object({ source: z22.string() })) }).optional(),
      fees: z22.object({
        zeroExFee: z22.object({ amount: uint, token: z22.string() }).nullable().optional(),
        integratorFee: z22.object({ amount: uint, token: z22.string(), type: z22.string().optional() }).nullable().optional()
      }).optional(),
      issues: z22.object({ allowance: z22.object({ actual: uint, spender: z22.string().regex(/^0x[0-9a-fA-F]{40}$/) }).nullable().optional() }).optional(),
      transaction: z22.object({ to: z22.string(), data: z22.string(), value: z22.union([uint, z22.number()]).transform(String) }).optional()
    });
    __name(zeroExQuoteFor, "zeroExQuoteFor");
    zeroExQuoter = {
      id: "0x",
      supports: /* @__PURE__ */ __name((chain) => isEvmChain(chain), "supports"),
      quote: /* @__PURE__ */ __name((r) => isEvmChain(r.chain) ? zeroExQuoteFor(EVM_CHAIN_IDS[r.chain], r.inputToken, r.outputToken, r.amount, r.slippageBps, r.owner ?? void 0, r.fee ?? void 0) : Promise.resolve({ ok: false, reason: `0x does not quote on ${r.chain}` }), "quote")
    };
  }
});

// server/quotes/registry.ts
function quoterFor(chain) {
  return SWAP_QUOTERS.find((q) => q.supports(chain)) ?? null;
}
var SWAP_QUOTERS;
var init_registry2 = __esm({
  "server/quotes/registry.ts"() {
    "use strict";
    init_cetus();
    init_jupiter();
    init_zerox();
    SWAP_QUOTERS = [jupiterQuoter, cetusQuoter, zeroExQuoter];
    __name(quoterFor, "quoterFor");
  }
});

// server/plans/swap.ts
import { normalizeStructTag as normalizeStructTag8 } from "@mysten/sui/utils";
import { AccountRole as AccountRole6, address as address12, getBase58Decoder as getBase58Decoder3, getBase64Encoder as getBase64Encoder2 } from "@solana/kit";
import { COMPUTE_BUDGET_PROGRAM_ADDRESS as COMPUTE_BUDGET_PROGRAM } from "@solana-program/compute-budget";
function tokenOf(chain, raw, field2) {
  if (raw.toUpperCase() === "USDC") return USDC[chain];
  assertTokenAddress(chain, raw, `body.${field2}`);
  return raw;
}
async function swapTransactions(chain, owner, inputToken, outputToken, amount, quote, minAmountOut, slippageBps2, fee) {
  const feeNote = fee ? `; ${fee.amount} base units of the input go to the service fee recipient ${fee.recipient}` : "";
  const min = quote.sourceMinAmountOut ?? minAmountOut;
  if (quote.evm && isEvmChain(chain)) {
    const { allowance } = quote.evm;
    return [
      ...allowance ? [
        approveTransaction(chain, inputToken, allowance.spender, amount, `Approve 0x AllowanceHolder ${allowance.spender} to move ${amount} base units of ${inputToken} (current allowance ${allowance.actual})`)
      ] : [],
      {
        chain,
        kind: "swap",
        description: `Swap ${amount} base units of ${inputToken} for at least ${min} of ${outputToken} through 0x${feeNote}`,
        encoding: "evm-call",
        payload: { chainId: EVM_CHAIN_IDS[chain], to: checksum(quote.evm.to), data: quote.evm.data, value: quote.evm.value }
      }
    ];
  }
  if (quote.svm && chain === "svm-chain") {
    const b = quote.svm;
    const instructions = b.instructions.filter((ix) => ix.programId !== COMPUTE_BUDGET_PROGRAM).map((ix) => ({
      programAddress: address12(ix.programId),
      accounts: ix.accounts.map((a) => ({
        address: address12(a.pubkey),
        role: a.isSigner ? a.isWritable ? AccountRole6.WRITABLE_SIGNER : AccountRole6.READONLY_SIGNER : a.isWritable ? AccountRole6.WRITABLE : AccountRole6.READONLY
      })),
      data: b642.encode(ix.data)
    }));
    const blockhash = b58.decode(b.blockhash);
    return [
      {
        chain,
        kind: "swap",
        description: `Swap ${amount} base units of ${inputToken} for at least ${min} of ${outputToken} through Jupiter (Swap API v2 /build, Metis routing)${feeNote}`,
        encoding: "solana-v0-message-base64",
        payload: compileSolanaPayload(owner, instructions, { blockhash, lastValidBlockHeight: b.lastValidBlockHeight }, b.lookupTables)
      }
    ];
  }
  if (quote.move && chain === "move-chain") {
    return [
      {
        chain,
        kind: "swap",
        description: `Swap ${fee ? amount - fee.amount : amount} base units of ${inputToken} for at least ${min} of ${outputToken} through the Cetus aggregator (router v3: ${quote.route.join(" \u2192 ")}), the output sent to ${owner}${fee ? `; ${fee.amount} base units split from the ${amount} taken and sent to the service fee recipient ${fee.recipient}` : ""}`,
        encoding: "sui-transaction-json",
        payload: await cetusSwapPayload(owner, inputToken, outputToken, amount, quote.move, slippageBps2, fee ? { amount: fee.amount, recipient: fee.recipient } : void 0)
      }
    ];
  }
  return [];
}
function serviceFeeLine(chain, fee, request, reason, quote, inputToken) {
  const base = { kind: "service", estimate: false, asset: inputToken };
  if (!request || !fee.collected) {
    return { ...base, label: `Service swap fee: none, ${reason ?? "not collected"} (GET /svc/fees)`, amountMicros: "0", bps: 0, reason };
  }
  const how = chain === "move-chain" ? `split from the input coin in the swap's transaction and sent to ${fee.recipient}` : chain === "svm-chain" ? `taken by Jupiter's platform fee into ${fee.recipient}'s token account ${request.recipient}` : `taken by 0x (swapFeeRecipient) for ${fee.recipient}`;
  const stated = quote?.serviceFee?.amount ?? request.amount;
  return { ...base, label: `Service swap fee, ${fee.bps} bps of the input, ${how} (GET /svc/fees)`, amountMicros: stated.toString(), bps: fee.bps, reason: null };
}
async function shortOf(held, amount, coinType, owner) {
  let balance;
  try {
    balance = await held;
  } catch (e) {
    return blocker("rpc_unavailable", `The owner's ${coinType} balance could not be read from the move-chain RPC (${errorLine(e)}).`);
  }
  if (balance >= amount) return null;
  const gas = normalizeStructTag8(coinType) === SUI_TYPE ? ", less the gas the transaction pays from the same SUI" : "";
  return blocker("insufficient_balance", `The swap needs ${amount} base units of ${coinType}; ${owner} holds ${balance}: swap at most that${gas}.`);
}
async function swapFee(chain, inputToken, amount) {
  const fee = serviceFeeOn(chain, amount, feePolicy().swapFeeBps);
  if (!fee.collected) return { fee, request: null, reason: fee.reason, blocker: null };
  if (fee.amount === 0n) return { fee, request: null, reason: `${fee.bps} bps of ${amount} base units rounds down to 0, so no service fee is taken`, blocker: null };
  if (chain !== "svm-chain") return { fee, request: { bps: fee.bps, recipient: fee.recipient, amount: fee.amount }, reason: null, blocker: null };
  if (!SPL_TOKEN_MINTS.has(inputToken)) {
    return {
      fee,
      request: null,
      reason: `the service fee on svm-chain is taken in the input mint into the recipient's SPL Token account; ${inputToken} is not a mint this service knows the token program of, so no service fee is taken`,
      blocker: null
    };
  }
  try {
    const acc = await withRpcTimeout((signal) => splTokenAccountOf(fee.recipient, inputToken, signal));
    if (acc.exists) return { fee, request: { bps: fee.bps, recipient: acc.account, amount: fee.amount }, reason: null, blocker: null };
    const reason = `the fee recipient ${fee.recipient} has no token account (${acc.account}) for ${inputToken} on svm-chain, so no service fee is taken`;
    return { fee: { collected: false, recipient: null, bps: 0, amount: 0n, reason }, request: null, reason, blocker: null };
  } catch (e) {
    return { fee, request: null, reason: null, blocker: blocker("rpc_unavailable", `The fee recipient's token account on svm-chain could not be read: ${errorLine(e)}.`) };
  }
}
function swapExpectation(chain, owner, inputToken, outputToken, amount, minAmountOut, quote, fee, request) {
  const input = changeId(chain, inputToken);
  const paid = request && fee.collected ? quote.serviceFee?.amount ?? request.amount : 0n;
  return {
    chain,
    owner,
    spends: [{ asset: input, amount }],
    pays: paid > 0n && fee.recipient ? [{ to: fee.recipient, asset: input, amount: paid }] : [],
    venues: quote.evm ? [quote.evm.to] : [],
    venueTakesSpent: true,
    spentToAnyAddress: true,
    receives: [{ asset: changeId(chain, outputToken), atLeast: minAmountOut }]
  };
}
async function swapPlan(db, chain, input) {
  const owner = input.owner ?? null;
  const family = CHAIN_FAMILY[chain];
  if (owner !== null && !isAddressOf(family, owner)) {
    throw fieldError("INVALID_ADDRESS", "body.owner", mustBeAddressOf(family, `on ${chain}`));
  }
  const inputToken = tokenOf(chain, input.inputToken, "inputToken");
  const outputToken = tokenOf(chain, input.outputToken, "outputToken");
  if (inputToken.toLowerCase() === outputToken.toLowerCase()) {
    throw fieldError("INVALID_REQUEST", "body.outputToken", "must differ from body.inputToken");
  }
  const slippageBps2 = input.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  const amount = input.amountIn;
  const blockers = [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  const { fee: serviceFee, request: feeRequest, reason: feeReason, blocker: feeBlocker } = await swapFee(chain, inputToken, amount);
  if (feeBlocker) blockers.push(feeBlocker);
  let q = null;
  let held = null;
  if (amount > 0n) {
    if (family === "sui" && owner !== null) {
      startCoinReads(owner, inputToken);
      held = withRpcTimeout((signal) => suiCoinBalance(owner, inputToken, signal));
      held.catch(() => {
      });
    }
    const quoter = quoterFor(chain);
    if (quoter) q = await quoter.quote({ chain, inputToken, outputToken, amount, slippageBps: slippageBps2, owner, fee: feeRequest });
    if (q && !q.ok) blockers.push(blocker("quote_unavailable", `No quote: ${q.reason}.`));
  }
  blockers.push(...executionBlockers());
  const quote = q?.ok ? q.quote : null;
  const minAmountOut = quote ? quote.outAmount * (BPS - BigInt(slippageBps2)) / BPS : null;
  const transactions = [];
  if (blockers.length === 0 && owner !== null && quote && held) {
    const short = await shortOf(held, amount, inputToken, owner);
    if (short) blockers.push(short);
  }
  if (blockers.length === 0 && owner !== null && quote) {
    try {
      transactions.push(...await swapTransactions(chain, owner, inputToken, outputToken, amount, quote, minAmountOut, slippageBps2, feeRequest));
    } catch (e) {
      blockers.push(blocker("quote_unavailable", `The quote's transaction could not be assembled: ${errorLine(e)}.`));
    }
    if (blockers.length === 0 && transactions.length === 0) {
      blockers.push(blocker("adapter_not_ready", `The quote is shown, but the swap transaction on ${chain} is not built yet (${quote.format}); nothing is offered for signing.`));
    }
  }
  const sim = await simulateTransactions(transactions.splice(0), owner ?? "");
  const mismatch = owner !== null && quote && minAmountOut !== null ? checkChanges(sim.transactions, swapExpectation(chain, owner, inputToken, outputToken, amount, minAmountOut, quote, serviceFee, feeRequest)) : null;
  if (sim.blocker) blockers.push(sim.blocker);
  else if (mismatch) blockers.push(mismatch);
  else transactions.push(...sim.transactions);
  const planId2 = newId("pln");
  const status = blockers.length ? "blocked" : "prepared";
  const body = {
    schemaVersion: "svc-swap-plan.v1",
    status,
    planId: planId2,
    submitted: false,
    ownerMustSign: true,
    custody: "none",
    chain,
    owner,
    inputToken,
    outputToken,
    amountIn: amount.toString(),
    slippageBps: slippageBps2,
    ...blockers.length ? { blockers } : {},
    quote: quote ? {
      source: quote.source,
      format: quote.format,
      asOf: quote.asOf,
      inAmount: quote.inAmount.toString(),
      outAmount: quote.outAmount.toString(),
      sourceMinAmountOut: quote.sourceMinAmountOut === null ? null : quote.sourceMinAmountOut.toString(),
      priceImpactPct: quote.priceImpactPct,
      route: quote.route
    } : null,
    minAmountOut: minAmountOut === null ? null : minAmountOut.toString(),
    fees: [
      serviceFeeLine(chain, serviceFee, feeRequest, feeReason, quote, inputToken),
      ...(quote?.poolFees ?? [{ label: "Pool fee (disclosed by the quote; no quote)", amount: null, asset: null }]).map((f) => ({
        label: f.label,
        kind: "pool",
        amountMicros: f.amount === null ? null : f.amount.toString(),
        bps: null,
        estimate: true,
        asset: f.asset
      })),
      NETWORK_FEE
    ],
    transactions,
    ...executionFlags(chain)
  };
  await insertPlan(db, { id: planId2, kind: "swap", status, chain, owner, amountMicros: amount, payload: body });
  return body;
}
var DEFAULT_SLIPPAGE_BPS, b642, b58, SUI_TYPE, SPL_TOKEN_MINTS, changeId;
var init_swap = __esm({
  "server/plans/swap.ts"() {
    "use strict";
    init_address();
    init_balances2();
    init_clients();
    init_evm();
    init_solana();
    init_coin_reads();
    init_tokens2();
    init_tokens();
    init_policy();
    init_recipient();
    init_codes();
    init_errors();
    init_ids2();
    init_common();
    init_cetus();
    init_registry2();
    init_simulate4();
    init_check_changes();
    init_changes();
    init_store3();
    DEFAULT_SLIPPAGE_BPS = 100;
    __name(tokenOf, "tokenOf");
    __name(swapTransactions, "swapTransactions");
    __name(serviceFeeLine, "serviceFeeLine");
    b642 = getBase64Encoder2();
    b58 = getBase58Decoder3();
    SUI_TYPE = normalizeStructTag8("0x2::sui::SUI");
    __name(shortOf, "shortOf");
    SPL_TOKEN_MINTS = new Set(KNOWN_TOKENS["svm-chain"].map((t) => t.address));
    __name(swapFee, "swapFee");
    changeId = /* @__PURE__ */ __name((chain, token4) => chain === "move-chain" && sameSuiCoinType(token4, SUI_COIN_TYPE2) ? "native" : token4, "changeId");
    __name(swapExpectation, "swapExpectation");
    __name(swapPlan, "swapPlan");
  }
});

// server/plans/endpoints.ts
function vaultPlanEndpoint(kind, summary, example) {
  return endpoint({
    ...publicRoute(kind === "deposit" ? "planDeposit" : "planWithdraw", "POST", `/api/v1/svc/strategies/${kind}/plan`, summary, TAGS6),
    description: PLAN_NOTE,
    body: vaultPlanBody2,
    errors: ["NOT_FOUND", "INVALID_AMOUNT", "INVALID_ADDRESS"],
    example: { body: example },
    responses: { 200: vaultPlanSchema },
    handler: /* @__PURE__ */ __name(async ({ db, body }) => ok2(await vaultPlan(db, kind, body)), "handler")
  });
}
function chainSwapPlan(chain, summary, outputSymbol) {
  const outputToken = knownToken(chain, outputSymbol)?.address;
  if (!outputToken) throw new Error(`lib/tokens.ts lists no ${outputSymbol} on ${chain}`);
  const segment = chain === "svm-chain" ? "Svm" : "Move";
  return endpoint({
    ...publicRoute(`planSwap${segment}`, "POST", `/api/v1/svc/swap-${segment.toLowerCase()}/plan`, summary, TAGS6),
    description: SWAP_NOTE,
    body: swapBody,
    errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
    example: { body: { inputToken: "USDC", outputToken, amountIn: "1000000" } },
    responses: { 200: swapPlanSchema },
    handler: /* @__PURE__ */ __name(async ({ db, body }) => ok2(await swapPlan(db, chain, body)), "handler")
  });
}
var EXAMPLE_EVM_ADDRESS, TAGS6, PLAN_NOTE, depositPlan, withdrawPlan, SWAP_NOTE, swapSvmPlan, swapMovePlan, swapEvmPlan, bridgePlanEndpoint, getBridgePaths, gasSponsorPlan, getPlanRecord, getEvmACage, getEvmBCage, prepareEvmBCage, getWalletEvmACage, planEndpoints;
var init_endpoints7 = __esm({
  "server/plans/endpoints.ts"() {
    "use strict";
    init_address();
    init_endpoint();
    init_errors();
    init_wallet_routes();
    init_tokens();
    init_bridge();
    init_cage();
    init_gas();
    init_schemas7();
    init_cage_schemas();
    init_record2();
    init_swap();
    init_vault();
    EXAMPLE_EVM_ADDRESS = `0x${"11".repeat(20)}`;
    TAGS6 = ["plans"];
    PLAN_NOTE = "HTTP 200 with status prepared or blocked (contract \xA74); blockers[] lists why. Nothing is signed or broadcast by the service.";
    __name(vaultPlanEndpoint, "vaultPlanEndpoint");
    depositPlan = vaultPlanEndpoint("deposit", "Deposit plan with fees, blockers and, with owner, the unsigned transactions", {
      strategyId: "scallop",
      amountMicros: "5000000",
      owner: `0x${"3".repeat(64)}`
    });
    withdrawPlan = vaultPlanEndpoint("withdraw", "Withdraw plan (principal fee 0), same shape and id rules as the deposit plan", {
      strategyId: "aave-v3-base",
      amountMicros: "5000000",
      owner: EXAMPLE_EVM_ADDRESS
    });
    SWAP_NOTE = "Slippage bound: default 100 bps, maximum 500 (above is 400). A quote source that cannot be read gives status blocked with quote_unavailable.";
    __name(chainSwapPlan, "chainSwapPlan");
    swapSvmPlan = chainSwapPlan("svm-chain", "Swap plan on svm-chain (Jupiter quote format)", "SOL");
    swapMovePlan = chainSwapPlan("move-chain", "Swap plan on move-chain (Cetus aggregator find_routes format)", "SUI");
    swapEvmPlan = endpoint({
      ...publicRoute("planSwapEvm", "POST", "/api/v1/svc/evm/swap/plan", "Swap plan on evm-a or evm-b (0x Swap API v2 format); prepare only", TAGS6),
      description: SWAP_NOTE,
      body: evmSwapBody,
      errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
      example: { body: { chain: "evm-a", inputToken: "USDC", outputToken: "0x4200000000000000000000000000000000000006", amountIn: "1000000" } },
      responses: { 200: swapPlanSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => {
        const { chain, ...rest } = body;
        return ok2(await swapPlan(db, chain, rest));
      }, "handler")
    });
    bridgePlanEndpoint = endpoint({
      ...publicRoute("planBridge", "POST", "/api/v1/svc/bridge/plan", "Cross-chain plan over Circle CCTP: service and rail fees, risk disclosure, the burn transaction", TAGS6),
      description: `${PLAN_NOTE} The destination address is stored with the plan and locked: delivery and rescue only pay there. A destination nobody can receive on is 400 INVALID_REQUEST with the reason as the message: a zero address, a system or program id, a token mint or contract or a venue id the service knows, a mixed-case EVM address with a wrong EIP-55 checksum, a Solana address off the ed25519 curve, or an EVM address holding contract code (read with eth_getCode) unless destIsContract is true. With continueTo { strategyId } (a venue on destChain; another chain is 400) the plan is a cross-chain deposit: legs bridge, swap (a zero-cost pass-through: CCTP delivers native USDC and every venue takes USDC) and deposit, each with its fees, and the destination deposit transaction for the owner to sign after the mint. The plan names its rail (CCTP V2 where both ends run it, V1 end to end otherwise), the V2 speed (\`speed\`: standard by default, or fast) and the rail fee from Circle's fee API.`,
      body: bridgeBody,
      errors: ["INVALID_AMOUNT", "INVALID_ADDRESS", "NOT_FOUND"],
      example: {
        body: {
          sourceChain: "evm-a",
          destChain: "evm-b",
          amountMicros: "10000000",
          sourceAddress: EXAMPLE_EVM_ADDRESS,
          destAddress: EXAMPLE_EVM_ADDRESS,
          continueTo: { strategyId: "aave-v3-arbitrum" },
          speed: "standard"
        }
      },
      responses: { 200: bridgePlanSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => ok2(await bridgePlan(db, body)), "handler")
    });
    getBridgePaths = endpoint({
      ...publicRoute("getBridgePaths", "GET", "/api/v1/svc/bridge/paths", "Every ordered pair of chains: its CCTP rail, the speeds it offers, and whether the service can build its burn (with the reason when not)", TAGS6),
      description: "The same check that blocks POST /svc/bridge/plan with adapter_not_ready; the dashboard shows unbuildable paths disabled with this reason.",
      responses: { 200: bridgePathsSchema },
      handler: /* @__PURE__ */ __name(async () => ok2({ schemaVersion: "svc-bridge-paths.v1", paths: bridgePaths() }), "handler")
    });
    gasSponsorPlan = endpoint({
      ...publicRoute("planGas", "POST", "/api/v1/svc/gas-sponsor/plan", "Gas sizing of a stored plan's transactions per chain (estimate from the RPC gas price; null when unreadable)", TAGS6),
      body: gasBody,
      errors: ["NOT_FOUND"],
      example: { body: { planId: "pln_0000000000000000000a" } },
      responses: { 200: gasPlanSchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => ok2(await gasPlan(db, body.planId)), "handler")
    });
    getPlanRecord = endpoint({
      operationId: "getPlan",
      method: "GET",
      path: "/api/v1/svc/plans/{planId}",
      summary: "A stored plan and what the service knows of it: for a bridge, the burn checked on chain and the delivery it recorded",
      description: "The plan as it was answered when prepared. For a bridge plan, `bridge` says what the service knows: `?sourceTxId=` is a hint the service checks on the source chain (final, sent by the plan's owner, taking the plan's amount of USDC from the owner; never taken as done on its own word), and the delivery is the one recorded with the destination chain's proof (POST /svc/bridge/delivery). Circle's attestation is read by POST /svc/bridge/rescue. The key's scope must hold the plan's owner or, for a bridge, its locked destination.",
      tags: TAGS6,
      access: "wallet.read",
      params: planIdParams,
      query: planRecordQuery,
      errors: ["NOT_FOUND"],
      example: { params: { planId: "pln_0000000000000000000a" } },
      responses: { 200: planRecordSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, params: params4, query }) => ok2(await planRecord(db, principal, params4.planId, query.sourceTxId)), "handler")
    });
    getEvmACage = endpoint({
      ...publicRoute("getEvmACage", "GET", "/api/v1/svc/evm-a/cage", "Cage policy on evm-a: the six actions and the locked destinations (Map chain, prepare only)", TAGS6),
      responses: { 200: cageSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(cageBody("evm-a")), "handler")
    });
    getEvmBCage = endpoint({
      ...publicRoute("getEvmBCage", "GET", "/api/v1/svc/evm-b/cage", "Cage policy on evm-b: the six actions and the locked destinations (Map chain, prepare only)", TAGS6),
      responses: { 200: cageSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(cageBody("evm-b")), "handler")
    });
    prepareEvmBCage = endpoint({
      operationId: "prepareEvmBCage",
      method: "POST",
      path: "/api/v1/svc/evm-b/cage/prepare",
      summary: "EIP-712 cage policy for the owner to sign (destinations locked); never broadcast",
      tags: TAGS6,
      access: "wallet.policy",
      body: cagePrepareBody,
      wallets: /* @__PURE__ */ __name(({ body }) => body.owner, "wallets"),
      errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
      example: { body: { owner: EXAMPLE_EVM_ADDRESS, actions: ["ROUTE", "EXIT"], maxAmountMicros: "100000000" } },
      responses: { 200: cagePolicySchema },
      handler: /* @__PURE__ */ __name(async ({ db, body }) => ok2(await prepareCagePolicy(db, "evm-b", body)), "handler")
    });
    getWalletEvmACage = endpoint({
      ...walletRoute("getWalletEvmACage", "GET", "evm-a/cage", "The wallet's cage state on evm-a and its prepared (unsigned) actions", TAGS6, "wallet.read"),
      errors: ["INVALID_ADDRESS"],
      example: { params: { address: EXAMPLE_EVM_ADDRESS } },
      responses: { 200: walletCageSchema },
      handler: /* @__PURE__ */ __name(async ({ db, params: params4 }) => {
        if (!isEvmAddress(params4.address)) throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf("evm", "for evm-a"));
        return ok2(await walletCageState(db, "evm-a", params4.address));
      }, "handler")
    });
    planEndpoints = [
      depositPlan,
      withdrawPlan,
      swapSvmPlan,
      swapMovePlan,
      swapEvmPlan,
      bridgePlanEndpoint,
      getBridgePaths,
      gasSponsorPlan,
      getPlanRecord,
      getEvmACage,
      getEvmBCage,
      prepareEvmBCage,
      getWalletEvmACage
    ];
  }
});

// server/svc/status.ts
function statusBody(database) {
  const cfg = config();
  const fees = feePolicy();
  return {
    schemaVersion: "svc-status.v1",
    service: "svc",
    apiVersion: "v1",
    phase: "phase-1",
    executionMode: cfg.SVC_EXECUTION_MODE,
    launchHomes: [...LAUNCH_HOMES],
    mapChains: [...MAP_CHAINS],
    execution: {
      ownerMustSign: true,
      serverHoldsKeys: false,
      serverMayBroadcast: cfg.SVC_EXECUTION_MODE === "broadcast",
      chains: CHAIN_IDS.map((chain) => ({
        chain,
        label: chainLabelOf(chain),
        broadcastEnabled: broadcastEnabled(chain),
        ownerSigning: ownerSigningEnabled(chain),
        writeReady: chainLabelOf(chain) === "Executable"
      }))
    },
    fees: {
      principalFeeBps: fees.principalFeeBps,
      yieldSkimBps: fees.yieldSkimBps,
      profitFeeBps: fees.profitFee.bps,
      profitFeeEnabled: fees.profitFee.enabled,
      swapFeeBps: fees.swapFeeBps,
      bridgeFeeBps: fees.bridgeFeeBps
    },
    database,
    time: (/* @__PURE__ */ new Date()).toISOString()
  };
}
function feesBody() {
  const fees = feePolicy();
  return {
    schemaVersion: "svc-fees.v1",
    principal: { deposit: 0, route: 0, withdraw: 0 },
    profitFee: {
      bps: PROFIT_FEE.bps,
      capMicros: PROFIT_FEE.capMicros.toString(),
      enabled: PROFIT_FEE.enabled,
      note: "1% of realized yield capped at 10 USD; currently off, so net equals gross."
    },
    yieldSkim: {
      bps: fees.yieldSkimBps,
      defaultBps: 500,
      maxBps: EVM_REGISTRY.maxYieldSkimBps,
      appliesTo: "gross realized yield at harvest",
      neverOn: ["deposits", "top-ups", "withdrawals", "principal"]
    },
    swap: { serviceFeeBps: fees.swapFeeBps, poolFee: "disclosed per plan from the quote" },
    bridge: { serviceFeeBps: fees.bridgeFeeBps, railFee: "disclosed per plan from the rail" },
    recipients: CHAIN_IDS.map((chain) => {
      const recipient = feeRecipient2(chain);
      return {
        chain,
        recipient,
        collected: recipient !== null,
        reason: recipient === null ? `no fee recipient is configured (${feeRecipientVariable(chain)}): swap and bridge plans on ${chain} take no service fee` : null
      };
    }),
    evmRegistry: { ...EVM_REGISTRY }
  };
}
var init_status = __esm({
  "server/svc/status.ts"() {
    "use strict";
    init_address();
    init_launch();
    init_config();
    init_policy();
    init_recipient();
    __name(statusBody, "statusBody");
    __name(feesBody, "feesBody");
  }
});

// server/svc/endpoints.ts
var getStatus, getFees, getErrors, svcEndpoints;
var init_endpoints8 = __esm({
  "server/svc/endpoints.ts"() {
    "use strict";
    init_boot();
    init_codes();
    init_endpoint();
    init_schemas2();
    init_status();
    getStatus = endpoint({
      ...publicRoute("getStatus", "GET", "/api/v1/svc/status", "Phase, execution mode, fee summary and execution flags", ["svc"]),
      responses: { 200: statusSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(statusBody((await ensureBooted()).kind)), "handler")
    });
    getFees = endpoint({
      ...publicRoute("getFees", "GET", "/api/v1/svc/fees", "Live fee schedule", ["svc"]),
      responses: { 200: feesSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(feesBody()), "handler")
    });
    getErrors = endpoint({
      ...publicRoute("getErrors", "GET", "/api/v1/svc/errors", "Catalog of every error and blocker code with its HTTP status and meaning", ["svc"]),
      responses: { 200: errorCatalogSchema },
      // The table the wrapper answers from (handler.ts checks every answer against it), listed as it is.
      handler: /* @__PURE__ */ __name(async () => ok2({
        schemaVersion: CATALOG_VERSION,
        errors: Object.entries(ERROR_CODES).map(([code, v]) => ({ code, status: v.statuses[0], statuses: [...v.statuses], meaning: v.meaning })),
        blockers: Object.entries(BLOCKER_CODES).map(([code, v]) => ({
          code,
          statuses: [...v.answered],
          answeredAs: v.answered.map((s) => s === 200 ? '200 with status "blocked" (plans, discovery, bridge rescue, autopilot tick)' : "422 BLOCKED (money actions)").join("; "),
          meaning: v.meaning
        }))
      }), "handler")
    });
    svcEndpoints = [getStatus, getFees, getErrors];
  }
});

// server/webhooks/event-log.ts
import { and as and15, asc as asc4, desc as desc4, eq as eq22, inArray as inArray4, isNull as isNull3, lt as lt4, or as or4, sql as sql21 } from "drizzle-orm";
function encodeCursor2(seq) {
  return Buffer.from(`e:${seq}`, "utf8").toString("base64url");
}
function decodeCursor4(c) {
  const m = /^e:([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  return m?.[1] ? BigInt(m[1]) : null;
}
function eventScope(owner) {
  if (owner.wallets === "*") return void 0;
  const list = [...owner.wallets];
  if (list.length === 0) return isNull3(events.wallet);
  return or4(isNull3(events.wallet), inArray4(normalizedWallet, list));
}
function deliveryVisible(keyId) {
  return sql21`(${webhookSubscriptions.keyId} = ${keyId} or ${events.wallet} is not null)`;
}
async function findVisibleEvent(db, owner, eventId) {
  const [e] = await db.select().from(events).where(and15(eq22(events.id, eventId), eventScope(owner)));
  return e ?? null;
}
async function listEvents(db, owner, q) {
  const conds = [eventScope(owner)];
  if (q.type) conds.push(eq22(events.type, q.type));
  if (q.before !== void 0) conds.push(lt4(events.seq, q.before));
  if (q.state) {
    conds.push(
      sql21`exists (select 1 from ${webhookDeliveries} join ${webhookSubscriptions} on ${webhookSubscriptions.id} = ${webhookDeliveries.subscriptionId}
        where ${webhookDeliveries.eventSeq} = ${events.seq} and ${webhookDeliveries.state} = ${q.state} and ${deliveryVisible(owner.keyId)})`
    );
  }
  const rows = await db.select().from(events).where(and15(...conds)).orderBy(desc4(events.seq)).limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const next = rows.length > q.limit ? page[page.length - 1]?.seq ?? null : null;
  if (page.length === 0) return { events: [], next };
  const dels = await db.select({
    id: webhookDeliveries.id,
    eventSeq: webhookDeliveries.eventSeq,
    subscriptionId: webhookDeliveries.subscriptionId,
    state: webhookDeliveries.state,
    attempts: webhookDeliveries.attempts,
    nextAttemptAt: webhookDeliveries.nextAttemptAt,
    deliveredAt: webhookDeliveries.deliveredAt
  }).from(webhookDeliveries).innerJoin(webhookSubscriptions, eq22(webhookSubscriptions.id, webhookDeliveries.subscriptionId)).innerJoin(events, eq22(events.seq, webhookDeliveries.eventSeq)).where(and15(inArray4(webhookDeliveries.eventSeq, page.map((e) => e.seq)), deliveryVisible(owner.keyId))).orderBy(asc4(webhookDeliveries.createdAt), asc4(webhookDeliveries.id));
  const atts = dels.length ? await db.select().from(webhookAttempts).where(inArray4(webhookAttempts.deliveryId, dels.map((d) => d.id))).orderBy(asc4(webhookAttempts.seq)) : [];
  const attsBy = /* @__PURE__ */ new Map();
  for (const a of atts) attsBy.set(a.deliveryId, [...attsBy.get(a.deliveryId) ?? [], a]);
  const delsBy = /* @__PURE__ */ new Map();
  for (const d of dels) {
    const list = delsBy.get(d.eventSeq) ?? [];
    list.push({
      id: d.id,
      subscriptionId: d.subscriptionId,
      state: d.state,
      attemptCount: (attsBy.get(d.id) ?? []).length,
      nextAttemptAt: d.state === "pending" ? d.nextAttemptAt : null,
      deliveredAt: d.deliveredAt,
      attempts: (attsBy.get(d.id) ?? []).map((a) => ({ at: a.attemptedAt, status: a.status, durationMs: a.durationMs, error: a.error }))
    });
    delsBy.set(d.eventSeq, list);
  }
  return {
    events: page.map((e) => ({
      id: e.id,
      type: e.type,
      createdAt: e.createdAt,
      wallet: e.wallet,
      data: e.data,
      deliveries: delsBy.get(e.seq) ?? []
    })),
    next
  };
}
async function redeliverEvent(db, owner, eventId) {
  const ev = await findVisibleEvent(db, owner, eventId);
  if (!ev) return null;
  const subs = db.select({ id: webhookSubscriptions.id }).from(webhookSubscriptions).where(
    and15(
      eq22(webhookSubscriptions.keyId, owner.keyId),
      isNull3(webhookSubscriptions.deletedAt),
      isNull3(webhookSubscriptions.disabledAt)
    )
  );
  const rows = await db.update(webhookDeliveries).set({ state: "pending", attempts: 0, nextAttemptAt: sql21`now()`, updatedAt: sql21`now()` }).where(
    and15(
      eq22(webhookDeliveries.eventSeq, ev.seq),
      eq22(webhookDeliveries.state, "failed"),
      inArray4(webhookDeliveries.subscriptionId, subs)
    )
  ).returning({ id: webhookDeliveries.id });
  return { requeued: rows.map((r) => r.id) };
}
var normalizedWallet;
var init_event_log = __esm({
  "server/webhooks/event-log.ts"() {
    "use strict";
    init_schema();
    __name(encodeCursor2, "encodeCursor");
    __name(decodeCursor4, "decodeCursor");
    normalizedWallet = sql21`(case when ${events.wallet} like '0x%' then lower(${events.wallet}) else ${events.wallet} end)`;
    __name(eventScope, "eventScope");
    __name(deliveryVisible, "deliveryVisible");
    __name(findVisibleEvent, "findVisibleEvent");
    __name(listEvents, "listEvents");
    __name(redeliverEvent, "redeliverEvent");
  }
});

// server/webhooks/schemas.ts
import { z as z23 } from "zod";
var eventType, deliveryState, EVENT_DESCRIPTIONS, createWebhookBody, webhookBase, webhookCreatedSchema, webhookSchema, webhookListSchema, webhookRotatedSchema, webhookDeletedSchema, webhookIdParams, eventIdParams, eventTypesSchema, eventLogQuery, attemptSchema, deliverySchema2, loggedEventSchema, eventLogSchema, redeliverSchema;
var init_schemas10 = __esm({
  "server/webhooks/schemas.ts"() {
    "use strict";
    init_outbox();
    init_schemas();
    eventType = z23.enum(EVENT_TYPES).meta({ id: "EventType", description: "Webhook event type (spec \xA76)." });
    deliveryState = z23.enum(["pending", "delivered", "failed", "cancelled"]).meta({ id: "DeliveryState", description: "pending (queued or retrying), delivered (a 2xx), failed (attempts used up or 410 Gone), cancelled (subscription deleted or disabled)." });
    EVENT_DESCRIPTIONS = {
      "deposit.settled": "A route staked funds into a venue.",
      "withdraw.settled": "A withdraw completed.",
      "harvest.completed": "A harvest realized yield.",
      "bridge.delivered": "A bridge delivery was confirmed.",
      "bridge.failed": "A bridge delivery was reported failed.",
      "position.updated": "A wallet's position changed (route, withdraw, harvest).",
      "apy.updated": "A venue's live APY changed (sent to every subscription that asks for it).",
      "position.drift": "Reconciliation found a position's worth on chain (share balance \xD7 the venue's rate) differing from what the ledger expects; data: venueId, chain, recordedMicros, expectedMicros, chainMicros, driftMicros (chain \u2212 expected), source, checkedAt. The ledger is not changed."
    };
    createWebhookBody = z23.strictObject({
      url: z23.string().max(2048).meta({ description: "https:// URL of a public address", example: "https://example.com/hooks/svc" }),
      events: z23.array(eventType).min(1).max(EVENT_TYPES.length)
    }).meta({ id: "CreateWebhook" });
    webhookBase = {
      id: z23.string().meta({ example: "whk_0123456789abcdefghjk" }),
      url: z23.string(),
      events: z23.array(eventType),
      createdAt: isoTime
    };
    webhookCreatedSchema = z23.object({ ...webhookBase, hmacKey: z23.string().meta({ description: "Signing key; shown only here and in the rotate answer." }) }).meta({ id: "WebhookCreated" });
    webhookSchema = z23.object({
      ...webhookBase,
      rotatedAt: isoTime.nullable(),
      status: z23.enum(["active", "disabled"]),
      disabledReason: z23.string().nullable()
    }).meta({ id: "Webhook", description: "A subscription, without its key." });
    webhookListSchema = z23.object({ webhooks: z23.array(webhookSchema) }).meta({ id: "WebhookList" });
    webhookRotatedSchema = z23.object({ id: z23.string(), hmacKey: z23.string(), rotatedAt: isoTime }).meta({ id: "WebhookRotated", description: "The new signing key, shown once. The old key stops signing at once." });
    webhookDeletedSchema = z23.object({ id: z23.string(), deleted: z23.literal(true) }).meta({ id: "WebhookDeleted" });
    webhookIdParams = z23.object({ id: z23.string().max(100) });
    eventIdParams = z23.object({ id: z23.string().max(100) });
    eventTypesSchema = z23.object({ types: z23.array(z23.object({ type: eventType, description: z23.string() })) }).meta({ id: "EventTypes" });
    eventLogQuery = pageQuery.extend({ type: eventType.optional(), state: deliveryState.optional() });
    attemptSchema = z23.object({
      at: isoTime,
      status: z23.number().int().nullable().meta({ description: "Receiver's HTTP status; null when it did not answer." }),
      durationMs: z23.number().int(),
      error: z23.string().nullable()
    });
    deliverySchema2 = z23.object({
      id: z23.string(),
      subscriptionId: z23.string(),
      state: deliveryState,
      attemptCount: z23.number().int(),
      nextAttemptAt: isoTime.nullable(),
      deliveredAt: isoTime.nullable(),
      attempts: z23.array(attemptSchema)
    }).meta({ id: "WebhookDelivery" });
    loggedEventSchema = z23.object({
      id: z23.string().meta({ example: "evt_0123456789abcdefghjk" }),
      type: eventType,
      createdAt: isoTime,
      wallet: z23.string().nullable(),
      data: z23.record(z23.string(), z23.unknown()),
      deliveries: z23.array(deliverySchema2)
    }).meta({ id: "LoggedEvent" });
    eventLogSchema = z23.object({ events: z23.array(loggedEventSchema), nextCursor: z23.string().nullable() }).meta({ id: "EventLog", description: "Stored events, newest first." });
    redeliverSchema = z23.object({ eventId: z23.string(), requeued: z23.array(z23.string()).meta({ description: "Delivery ids queued again." }) }).meta({ id: "Redelivery" });
  }
});

// server/webhooks/endpoints.ts
function ownerOf(p) {
  if (!p) throw new ApiError("UNAUTHORIZED", "This route needs an X-API-Key");
  return { keyId: p.keyId, wallets: p.wallets };
}
function subscriptionRoute(operationId, method, rest, summary) {
  const example = { params: { id: "whk_0000000000000000000a" } };
  return { operationId, method, path: `/api/v1/svc/webhooks/{id}${rest}`, example, summary, tags: ["webhooks"], access: "webhooks.manage", params: webhookIdParams, errors: ["NOT_FOUND"] };
}
var iso, listEventTypes, createWebhook, listWebhooks, rotateWebhook, deleteWebhook, listWebhookEvents, redeliverWebhookEvent, webhookEndpoints;
var init_endpoints9 = __esm({
  "server/webhooks/endpoints.ts"() {
    "use strict";
    init_config();
    init_outbox();
    init_endpoint();
    init_errors();
    init_event_log();
    init_schemas10();
    init_subscriptions();
    init_url_safety();
    init_worker();
    __name(ownerOf, "ownerOf");
    iso = /* @__PURE__ */ __name((d) => d.toISOString(), "iso");
    listEventTypes = endpoint({
      ...publicRoute("listWebhookEventTypes", "GET", "/api/v1/svc/webhooks/events/types", "The webhook event types", ["webhooks"]),
      responses: { 200: eventTypesSchema },
      handler: /* @__PURE__ */ __name(async () => ok2({ types: EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })) }), "handler")
    });
    createWebhook = endpoint({
      operationId: "createWebhook",
      method: "POST",
      path: "/api/v1/svc/webhooks",
      summary: "Subscribe a URL to events; the answer shows the signing key once",
      description: 'Only https:// URLs that resolve to public addresses are accepted (unless the server runs with SVC_WEBHOOK_ALLOW_INSECURE=1). The subscription receives the chosen events of the wallets in this key\'s scope, and apy.updated. Deliveries are POSTs signed with `X-SVC-Signature: t=<unix>,v1=<hex HMAC-SHA256(hmacKey, "<t>.<raw body>")>`.',
      tags: ["webhooks"],
      access: "webhooks.manage",
      body: createWebhookBody,
      example: { body: { url: "https://hooks.example.com/svc", events: ["deposit.settled", "apy.updated"] } },
      responses: { 201: webhookCreatedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, body }) => {
        const cfg = config();
        const problem = await urlProblem(body.url, cfg.SVC_WEBHOOK_ALLOW_INSECURE);
        if (problem) throw fieldError("INVALID_REQUEST", "body.url", problem);
        const s = await createSubscription(db, ownerOf(principal), body, cfg.SVC_WEBHOOK_SECRET_KEY);
        return created({ id: s.id, url: s.url, events: s.events, hmacKey: s.hmacKey, createdAt: iso(s.createdAt) });
      }, "handler")
    });
    listWebhooks = endpoint({
      operationId: "listWebhooks",
      method: "GET",
      path: "/api/v1/svc/webhooks",
      summary: "This key's subscriptions (without keys)",
      tags: ["webhooks"],
      access: "webhooks.manage",
      responses: { 200: webhookListSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal }) => {
        const list = await listSubscriptions(db, ownerOf(principal).keyId);
        return ok2({
          webhooks: list.map((s) => ({
            id: s.id,
            url: s.url,
            events: s.events,
            createdAt: iso(s.createdAt),
            rotatedAt: s.rotatedAt ? iso(s.rotatedAt) : null,
            status: s.status,
            disabledReason: s.disabledReason
          }))
        });
      }, "handler")
    });
    __name(subscriptionRoute, "subscriptionRoute");
    rotateWebhook = endpoint({
      ...subscriptionRoute("rotateWebhook", "POST", "/rotate", "Replace the signing key; the new key is shown once"),
      responses: { 200: webhookRotatedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, params: params4 }) => {
        const s = await rotateSubscription(db, ownerOf(principal).keyId, params4.id, config().SVC_WEBHOOK_SECRET_KEY);
        if (!s?.rotatedAt) throw notFound("Subscription");
        return ok2({ id: s.id, hmacKey: s.hmacKey, rotatedAt: iso(s.rotatedAt) });
      }, "handler")
    });
    deleteWebhook = endpoint({
      ...subscriptionRoute("deleteWebhook", "DELETE", "", "Delete a subscription; its pending deliveries are cancelled"),
      responses: { 200: webhookDeletedSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, params: params4 }) => {
        if (!await deleteSubscription(db, ownerOf(principal).keyId, params4.id)) throw notFound("Subscription");
        return ok2({ id: params4.id, deleted: true });
      }, "handler")
    });
    listWebhookEvents = endpoint({
      operationId: "listWebhookEvents",
      method: "GET",
      path: "/api/v1/svc/webhooks/events",
      summary: "Event log: stored events of the key's wallets (and apy.updated), newest first, with delivery attempts",
      description: "Filter by `type` and by delivery `state` (events with at least one delivery in that state). Deliveries of wallet events are shown to every key that may see the event; deliveries of apy.updated only to the key owning the subscription.",
      tags: ["webhooks"],
      access: "events.read",
      query: eventLogQuery,
      example: { query: { type: "apy.updated", limit: "10" } },
      responses: { 200: eventLogSchema },
      handler: /* @__PURE__ */ __name(async ({ db, principal, query }) => {
        let before;
        if (query.cursor !== void 0) {
          const c = decodeCursor4(query.cursor);
          if (c === null) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from this endpoint");
          before = c;
        }
        const page = await listEvents(db, ownerOf(principal), { type: query.type, state: query.state, before, limit: query.limit ?? 50 });
        return ok2({
          events: page.events.map((e) => ({
            ...e,
            createdAt: iso(e.createdAt),
            deliveries: e.deliveries.map((d) => ({
              ...d,
              nextAttemptAt: d.nextAttemptAt ? iso(d.nextAttemptAt) : null,
              deliveredAt: d.deliveredAt ? iso(d.deliveredAt) : null,
              attempts: d.attempts.map((a) => ({ ...a, at: iso(a.at) }))
            }))
          })),
          nextCursor: page.next === null ? null : encodeCursor2(page.next)
        });
      }, "handler")
    });
    redeliverWebhookEvent = endpoint({
      operationId: "redeliverWebhookEvent",
      method: "POST",
      path: "/api/v1/svc/webhooks/events/{id}/redeliver",
      example: { params: { id: "evt_0000000000000000000a" } },
      summary: "Queue the failed deliveries of an event to this key's active subscriptions again",
      tags: ["webhooks"],
      access: "webhooks.manage",
      params: eventIdParams,
      responses: { 200: redeliverSchema },
      errors: ["NOT_FOUND", "NOTHING_TO_REDELIVER"],
      handler: /* @__PURE__ */ __name(async ({ db, principal, params: params4 }) => {
        const r = await redeliverEvent(db, ownerOf(principal), params4.id);
        if (!r) throw notFound("Event");
        if (r.requeued.length === 0) {
          throw new ApiError("NOTHING_TO_REDELIVER", "This event has no failed delivery to an active subscription of this key");
        }
        nudgeWebhookWorker();
        return ok2({ eventId: params4.id, requeued: r.requeued });
      }, "handler")
    });
    webhookEndpoints = [
      listEventTypes,
      createWebhook,
      listWebhooks,
      rotateWebhook,
      deleteWebhook,
      listWebhookEvents,
      redeliverWebhookEvent
    ];
  }
});

// server/api.ts
var api_exports = {};
__export(api_exports, {
  allEndpoints: () => allEndpoints,
  documentJson: () => documentJson,
  getOpenapi: () => getOpenapi,
  getOpenapiRoot: () => getOpenapiRoot,
  getRoutes: () => getRoutes,
  openapiEndpoints: () => openapiEndpoints
});
import { z as z24 } from "zod";
function allEndpoints() {
  return [...svcEndpoints, ...catalogEndpoints, ...planEndpoints, ...executeEndpoints, ...ledgerEndpoints, postReconcile, ...autopilotEndpoints, ...characterEndpoints, ...webhookEndpoints, ...opsEndpoints, ...openapiEndpoints];
}
function documentJson() {
  holder20.__svcOpenapi ??= JSON.stringify(buildDocument(allEndpoints()));
  return holder20.__svcOpenapi;
}
var holder20, openapiSchema, getOpenapi, getOpenapiRoot, routeSchema, getRoutes, openapiEndpoints;
var init_api = __esm({
  "server/api.ts"() {
    "use strict";
    init_endpoints();
    init_endpoints2();
    init_endpoints3();
    init_endpoints4();
    init_endpoint();
    init_roles();
    init_endpoints5();
    init_reconcile_endpoint();
    init_document();
    init_endpoints6();
    init_endpoints7();
    init_endpoints8();
    init_endpoints9();
    __name(allEndpoints, "allEndpoints");
    holder20 = globalThis;
    __name(documentJson, "documentJson");
    openapiSchema = z24.looseObject({ openapi: z24.string(), info: z24.looseObject({}), paths: z24.looseObject({}) }).meta({
      id: "OpenApiDocument",
      description: "This document."
    });
    getOpenapi = endpoint({
      ...publicRoute("getOpenapi", "GET", "/api/v1/openapi.json", "OpenAPI 3.1 description of this API (also at /openapi.json)", ["svc"]),
      responses: { 200: openapiSchema },
      handler: /* @__PURE__ */ __name(async () => ok2(JSON.parse(documentJson())), "handler")
    });
    getOpenapiRoot = endpoint({
      ...getOpenapi,
      operationId: "getOpenapiRoot",
      path: "/openapi.json",
      summary: "The same document at the service root (for tools that look there)"
    });
    routeSchema = z24.object({
      method: z24.string(),
      path: z24.string(),
      operationId: z24.string(),
      summary: z24.string(),
      tags: z24.array(z24.string()),
      access: z24.string(),
      roles: z24.array(z24.string()),
      idempotent: z24.boolean()
    });
    getRoutes = endpoint({
      ...publicRoute("getRoutes", "GET", "/api/v1/svc/routes", "Machine-readable list of every route", ["svc"]),
      responses: {
        200: z24.object({ schemaVersion: z24.literal("svc-routes.v1"), count: z24.number().int(), routes: z24.array(routeSchema) }).meta({ id: "RouteCatalog" })
      },
      handler: /* @__PURE__ */ __name(async () => {
        const routes = allEndpoints().map((d) => ({
          method: d.method,
          path: d.path,
          operationId: d.operationId,
          summary: d.summary,
          tags: d.tags,
          access: d.access,
          roles: d.access === "public" || d.access === "permissionless" ? [] : [...CAPABILITIES[d.access]],
          idempotent: Boolean(d.idempotent)
        }));
        return ok2({ schemaVersion: "svc-routes.v1", count: routes.length, routes });
      }, "handler")
    });
    openapiEndpoints = [getOpenapi, getOpenapiRoot, getRoutes];
  }
});

// server/http/node-bridge.ts
var node_bridge_exports = {};
__export(node_bridge_exports, {
  NodeApiRequest: () => NodeApiRequest,
  answerClientError: () => answerClientError,
  apiDispatcher: () => apiDispatcher,
  isRouteMethod: () => isRouteMethod,
  sendReply: () => sendReply
});
import { maxHeaderSize, STATUS_CODES } from "node:http";
function readNodeBody(req) {
  checkDeclaredLength(req.headers["content-length"] ?? null);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = /* @__PURE__ */ __name((chunk) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        req.off("data", onData);
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    }, "onData");
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}
function sendReply(res, reply, req) {
  if (!req || req.complete || reply.body === null) {
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? void 0);
    return;
  }
  const body = typeof reply.body === "string" ? Buffer.from(reply.body, "utf8") : reply.body;
  res.writeHead(reply.status, { ...reply.headers, "content-length": String(body.byteLength), connection: "close" });
  res.write(body);
  let drained = 0;
  const cut = /* @__PURE__ */ __name(() => {
    clearTimeout(timer);
    req.socket.destroy();
  }, "cut");
  const timer = setTimeout(cut, DRAIN_MAX_MS);
  timer.unref();
  req.on("data", (chunk) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_MAX_BYTES) cut();
  });
  req.once("end", () => {
    clearTimeout(timer);
    res.end();
  });
  req.once("error", cut);
  req.resume();
}
function isRouteMethod(method) {
  return METHODS.includes(method ?? "");
}
function moreSpecific(a, b) {
  const n = Math.min(a.statics.length, b.statics.length);
  for (let i = 0; i < n; i++) {
    if (a.statics[i] !== b.statics[i]) return a.statics[i] ? -1 : 1;
  }
  return 0;
}
function apiDispatcher(defs) {
  const byPath = /* @__PURE__ */ new Map();
  for (const d of defs) byPath.set(d.path, [...byPath.get(d.path) ?? [], d]);
  const exact = /* @__PURE__ */ new Map();
  const templated = [];
  for (const [p, list] of byPath) {
    const handlers = methodTable(list);
    if (!p.includes("{")) {
      exact.set(p, handlers);
      continue;
    }
    const names = [];
    const re = new RegExp(
      `^${p.replace(/\{([^}]+)\}/g, (_m, n) => {
        names.push(n);
        return "([^/]+)";
      })}$`
    );
    const statics = p.split("/").slice(1).map((s) => !s.startsWith("{"));
    templated.push({ re, names, statics, ...handlers });
  }
  templated.sort(moreSpecific);
  return async (req, res) => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const pathname = q === -1 ? raw : raw.slice(0, q);
    let found = exact.get(pathname);
    let params4 = NO_PARAMS;
    if (!found) {
      for (const t of templated) {
        const m = t.re.exec(pathname);
        if (!m) continue;
        params4 = Object.fromEntries(t.names.map((n, i) => [n, safeDecode(m[i + 1] ?? "")]));
        found = t;
        break;
      }
    }
    const reply = await handleApi(found?.byMethod.get(req.method ?? ""), found ? found.allow : null, new NodeApiRequest(req, params4));
    sendReply(res, reply, reply.status === 413 ? req : void 0);
  };
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
function answerClientError(err, socket) {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const error = err.code === "HPE_HEADER_OVERFLOW" ? new ApiError("HEADERS_TOO_LARGE", `The request line and headers are over ${maxHeaderSize} bytes`) : new ApiError("INVALID_REQUEST", "Malformed HTTP request");
  const reply = errorReply(error, newId("req"));
  for (const h of SECURITY_HEADERS) reply.headers[h.key] = h.value;
  reply.headers[API_CSP.key] = API_CSP.value;
  const body = Buffer.from(typeof reply.body === "string" ? reply.body : reply.body ?? "");
  const headers = { ...reply.headers, connection: "close", "content-length": String(body.byteLength) };
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ""}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join("\r\n");
  socket.end(Buffer.concat([Buffer.from(`${head}\r
\r
`), body]));
}
var NodeApiRequest, DRAIN_MAX_BYTES, DRAIN_MAX_MS, NO_PARAMS;
var init_node_bridge = __esm({
  "server/http/node-bridge.ts"() {
    "use strict";
    init_security_headers();
    init_ids2();
    init_endpoint();
    init_errors();
    init_handler();
    __name(readNodeBody, "readNodeBody");
    NodeApiRequest = class {
      constructor(req, params4) {
        this.req = req;
        this.params = params4;
        this.method = req.method ?? "GET";
        this.url = req.url ?? "/";
        this.clientAddress = req.socket.remoteAddress ?? "unknown";
      }
      static {
        __name(this, "NodeApiRequest");
      }
      method;
      url;
      clientAddress;
      header(name) {
        const v = this.req.headers[name];
        if (v === void 0) return null;
        return Array.isArray(v) ? v.join(", ") : v;
      }
      readBody() {
        return readNodeBody(this.req);
      }
    };
    DRAIN_MAX_BYTES = 64 * MAX_BODY_BYTES;
    DRAIN_MAX_MS = 1e4;
    __name(sendReply, "sendReply");
    __name(isRouteMethod, "isRouteMethod");
    __name(moreSpecific, "moreSpecific");
    NO_PARAMS = Object.freeze({});
    __name(apiDispatcher, "apiDispatcher");
    __name(safeDecode, "safeDecode");
    __name(answerClientError, "answerClientError");
  }
});

// server/http/https-redirect.ts
var https_redirect_exports = {};
__export(https_redirect_exports, {
  httpsRedirectHeaders: () => httpsRedirectHeaders,
  httpsRedirectLocation: () => httpsRedirectLocation
});
function httpsRedirectLocation(headers, url) {
  const raw = headers["x-forwarded-proto"];
  const proto = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim().toLowerCase();
  if (proto !== "http") return null;
  const host = headers.host;
  if (!host || !HOST.test(host) || !url.startsWith("/")) return null;
  return `https://${host}${url}`;
}
function httpsRedirectHeaders(location) {
  const headers = { Location: location, "Content-Length": "0" };
  for (const h of SECURITY_HEADERS) headers[h.key] = h.value;
  return headers;
}
var HOST;
var init_https_redirect = __esm({
  "server/http/https-redirect.ts"() {
    "use strict";
    init_security_headers();
    HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
    __name(httpsRedirectLocation, "httpsRedirectLocation");
    __name(httpsRedirectHeaders, "httpsRedirectHeaders");
  }
});

// scripts/server-bundle.ts
import path3 from "node:path";
import { buildSync } from "esbuild";
var ENTRY;
var init_server_bundle = __esm({
  "scripts/server-bundle.ts"() {
    "use strict";
    ENTRY = path3.join("scripts", "serve.ts");
  }
});

// scripts/build-state.ts
import { createHash as createHash6 } from "node:crypto";
import { existsSync as existsSync2, readdirSync, readFileSync as readFileSync3, statSync, writeFileSync as writeFileSync2 } from "node:fs";
import path4 from "node:path";
function walk(dir, out) {
  if (!existsSync2(dir)) return;
  for (const entry of readdirSync(dir)) {
    const p = path4.join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
}
function sourceFingerprint(root3) {
  const files = [];
  for (const d of SOURCE_DIRS) walk(path4.join(root3, d), files);
  for (const f of SOURCE_FILES) if (existsSync2(path4.join(root3, f))) files.push(path4.join(root3, f));
  files.sort();
  const h = createHash6("sha256");
  for (const f of files) {
    h.update(path4.relative(root3, f));
    h.update("\0");
    h.update(readFileSync3(f));
    h.update("\0");
  }
  return h.digest("hex");
}
function buildIsCurrent(root3) {
  const stamp = path4.join(root3, ".next", "svc-source.sha256");
  if (!existsSync2(path4.join(root3, ".next", "BUILD_ID")) || !existsSync2(stamp)) return false;
  return readFileSync3(stamp, "utf8").trim() === sourceFingerprint(root3);
}
var SOURCE_DIRS, SOURCE_FILES;
var init_build_state = __esm({
  "scripts/build-state.ts"() {
    "use strict";
    init_server_bundle();
    SOURCE_DIRS = ["app", "components", "server", "public", "drizzle", "lib", "client/src"];
    SOURCE_FILES = ["package-lock.json", "next.config.ts", "tsconfig.json", "instrumentation.ts"];
    __name(walk, "walk");
    __name(sourceFingerprint, "sourceFingerprint");
    __name(buildIsCurrent, "buildIsCurrent");
  }
});

// scripts/dashboard-build.ts
import { spawn } from "node:child_process";
import { createWriteStream, existsSync as existsSync3, mkdirSync as mkdirSync2, readFileSync as readFileSync4, rmSync as rmSync2, statSync as statSync2, writeFileSync as writeFileSync3 } from "node:fs";
import path5 from "node:path";
function buildCommand(root3) {
  const fake = process.env.SVC_TEST_BUILD_COMMAND;
  if (fake) return JSON.parse(fake);
  return [process.execPath, path5.join(root3, "node_modules", "next", "dist", "bin", "next"), "build"];
}
function takeLock(lock) {
  try {
    mkdirSync2(lock);
  } catch {
    return false;
  }
  writeFileSync3(path5.join(lock, "pid"), String(process.pid));
  return true;
}
function lockReleased(lock) {
  try {
    let dead = false;
    const pidFile = path5.join(lock, "pid");
    const pid = existsSync3(pidFile) ? Number(readFileSync4(pidFile, "utf8")) : 0;
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (e) {
        dead = e.code === "ESRCH";
      }
    }
    if (dead || Date.now() - statSync2(lock).mtimeMs > STALE_LOCK_MS) rmSync2(lock, { recursive: true, force: true });
    return !existsSync3(lock);
  } catch {
    return !existsSync3(lock);
  }
}
function lastPhaseIn(log2) {
  let text22 = "";
  try {
    text22 = readFileSync4(log2, "utf8");
  } catch {
    return null;
  }
  let phase = null;
  for (const line of text22.split(/[\r\n]+/)) phase = buildPhaseOf(line) ?? phase;
  return phase;
}
function failureOf(code, signal, lines) {
  const said = lines.find((l) => /^\s*(?:[A-Z]\w*)?Error:|Type error:/.test(l)) ?? lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? "";
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  return `next build ${how}${said ? `: ${said.trim()}` : ""}`.slice(0, 300);
}
var BUILD_LOCK, BUILD_LOG, STALE_LOCK_MS, POLL_MS, sleep2, DashboardBuild;
var init_dashboard_build = __esm({
  "scripts/dashboard-build.ts"() {
    "use strict";
    init_dashboard();
    init_build_state();
    BUILD_LOCK = ".next-build.lock";
    BUILD_LOG = ".next-build.log";
    STALE_LOCK_MS = 15 * 6e4;
    POLL_MS = 1e3;
    __name(buildCommand, "buildCommand");
    sleep2 = /* @__PURE__ */ __name((ms) => new Promise((r) => setTimeout(r, ms).unref()), "sleep");
    __name(takeLock, "takeLock");
    __name(lockReleased, "lockReleased");
    __name(lastPhaseIn, "lastPhaseIn");
    __name(failureOf, "failureOf");
    DashboardBuild = class {
      constructor(root3, onPhase) {
        this.root = root3;
        this.onPhase = onPhase;
        this.lock = path5.join(root3, BUILD_LOCK);
        this.log = path5.join(root3, BUILD_LOG);
        process.once("exit", () => this.killChild("SIGKILL"));
      }
      static {
        __name(this, "DashboardBuild");
      }
      child = null;
      ownsLock = false;
      stopped = false;
      lock;
      log;
      /** Ends with a current build in .next (built here or by another start), or the reason there is none. */
      async run() {
        for (; ; ) {
          if (this.stopped) return { ok: false, error: "stopped" };
          if (takeLock(this.lock)) {
            this.ownsLock = true;
            try {
              return buildIsCurrent(this.root) ? { ok: true } : await this.build();
            } finally {
              this.releaseLock();
            }
          }
          while (!this.stopped && !lockReleased(this.lock)) {
            this.onPhase(`Waiting for another start's build: ${lastPhaseIn(this.log) ?? "starting"}`);
            await sleep2(POLL_MS);
          }
          if (!this.stopped && buildIsCurrent(this.root)) return { ok: true };
        }
      }
      /** Stops the build (SIGTERM to its whole process group: next build's workers too) and releases the lock. */
      stop() {
        this.stopped = true;
        this.killChild("SIGTERM");
        const child = this.child;
        if (child) setTimeout(() => this.killChild("SIGKILL"), 3e3).unref();
        this.releaseLock();
      }
      killChild(signal) {
        const pid = this.child?.pid;
        if (pid === void 0 || this.child?.exitCode !== null || this.child?.signalCode !== null) return;
        try {
          process.kill(-pid, signal);
        } catch {
        }
      }
      releaseLock() {
        if (!this.ownsLock) return;
        this.ownsLock = false;
        rmSync2(this.lock, { recursive: true, force: true });
      }
      build() {
        const fingerprint = sourceFingerprint(this.root);
        const out = createWriteStream(this.log);
        const [cmd = process.execPath, ...args] = buildCommand(this.root);
        this.onPhase("Starting next build");
        const child = spawn(cmd, args, {
          cwd: this.root,
          env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
          stdio: ["ignore", "pipe", "pipe"],
          detached: true
        });
        this.child = child;
        const lines = [];
        let partial = "";
        const onData = /* @__PURE__ */ __name((chunk) => {
          out.write(chunk);
          const parts = (partial + chunk.toString("utf8")).split(/[\r\n]+/);
          partial = parts.pop() ?? "";
          for (const line of parts) {
            if (line.trim()) lines.push(line);
            const phase = buildPhaseOf(line);
            if (phase) this.onPhase(phase);
          }
          if (lines.length > 200) lines.splice(0, lines.length - 200);
        }, "onData");
        child.stdout?.on("data", onData);
        child.stderr?.on("data", onData);
        return new Promise((resolve) => {
          child.once("error", (e) => {
            out.end();
            resolve({ ok: false, error: `next build could not start: ${e.message}` });
          });
          child.once("close", (code, signal) => {
            if (partial.trim()) lines.push(partial);
            out.end();
            if (code === 0 && !this.stopped && existsSync3(path5.join(this.root, ".next", "BUILD_ID"))) {
              writeFileSync3(path5.join(this.root, ".next", "svc-source.sha256"), fingerprint);
              resolve({ ok: true });
            } else resolve({ ok: false, error: this.stopped ? "stopped" : failureOf(code, signal, lines) });
          });
        });
      }
    };
  }
});

// scripts/dashboard-page.ts
import { createHash as createHash7 } from "node:crypto";
function duration(seconds) {
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}
function dashboardPageHtml(d) {
  const building = d.state === "building";
  const title = building ? "The dashboard is being built" : "The dashboard's build failed";
  const rows = building ? [
    ["Step", d.phase ?? "Starting"],
    ["Elapsed", duration(d.elapsedSeconds ?? 0)]
  ] : [
    ["Error", d.error ?? "unknown"],
    ["Build output", d.log ?? "not written"]
  ];
  const text22 = building ? `This takes a few minutes on a first start or after the sources changed. The API already answers (<a href="/api/v1/svc/status">/api/v1/svc/status</a>). This page reloads every ${BUILDING_RETRY_AFTER_S} seconds.` : `The API still answers (<a href="/api/v1/svc/status">/api/v1/svc/status</a>). The build's output is in <code>${escapeHtml(d.log ?? ".next-build.log")}</code> in the service's folder: fix the cause and start the service again.`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    building ? `<meta http-equiv="refresh" content="${BUILDING_RETRY_AFTER_S}">` : "",
    `<title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><dl>`,
    ...rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v ?? "")}</dd>`),
    `</dl><p>${text22}</p></main></body></html>`
  ].join("");
}
function wantsJson(req, pathname) {
  if (pathname.startsWith("/api/") || pathname === "/openapi.json") return true;
  const accept = String(req.headers.accept ?? "");
  return accept.includes("application/json") && !accept.includes("text/html");
}
function answerDashboardUnavailable(req, res, pathname, requestId) {
  const d = dashboardReport();
  const building = d.state === "building";
  const headers = {};
  for (const h of SECURITY_HEADERS) headers[h.key] = h.value;
  if (req.headers["x-forwarded-proto"] === "https") headers[HSTS.key] = HSTS.value;
  if (building) headers["retry-after"] = String(BUILDING_RETRY_AFTER_S);
  let body;
  if (wantsJson(req, pathname)) {
    const message2 = building ? "The dashboard is being built; retry after the Retry-After seconds" : "The dashboard's build failed; the API still answers";
    const reply = errorReply(new ApiError("UNAVAILABLE", message2, { dashboard: d }), requestId);
    Object.assign(headers, reply.headers, { [API_CSP.key]: API_CSP.value });
    body = String(reply.body);
  } else {
    body = dashboardPageHtml(d);
    Object.assign(headers, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": PAGE_CSP, "x-request-id": requestId });
  }
  headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(503, headers);
  res.end(req.method === "HEAD" ? void 0 : body);
}
var BUILDING_RETRY_AFTER_S, STYLE, STYLE_HASH, PAGE_CSP, escapeHtml;
var init_dashboard_page = __esm({
  "scripts/dashboard-page.ts"() {
    "use strict";
    init_security_headers();
    init_errors();
    init_handler();
    init_dashboard();
    BUILDING_RETRY_AFTER_S = 5;
    STYLE = "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#0b1020;color:#e6e9f2}main{max-width:34rem;padding:2rem}h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#9aa3b8}dd{margin:0}code{font-size:.9em}a{color:#8ab4ff}";
    STYLE_HASH = createHash7("sha256").update(STYLE).digest("base64");
    PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; ${PAGE_CSP_FIXED}`;
    escapeHtml = /* @__PURE__ */ __name((s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`), "escapeHtml");
    __name(duration, "duration");
    __name(dashboardPageHtml, "dashboardPageHtml");
    __name(wantsJson, "wantsJson");
    __name(answerDashboardUnavailable, "answerDashboardUnavailable");
  }
});

// scripts/dashboard.ts
var dashboard_exports = {};
__export(dashboard_exports, {
  startPages: () => startPages
});
function startPages(opts) {
  const { root: root3, hostname, port, say } = opts;
  let app = null;
  let handler = null;
  let preparing = null;
  let builder = null;
  let closed = false;
  const startedAt = Date.now();
  const lazy = process.env.SVC_TEST_LAZY_PAGES === "1";
  let deferred = false;
  const fail2 = /* @__PURE__ */ __name((error) => {
    setDashboardStatus({ state: "failed", phase: null, error });
    say(`dashboard not served: ${error}`);
  }, "fail");
  const prepare = /* @__PURE__ */ __name(async () => {
    setDashboardStatus({ state: "building", phase: "Starting the page server", startedAt });
    const { default: createNext } = await import("next");
    const created2 = createNext({ dev: false, dir: root3, hostname, port });
    app = created2;
    await created2.prepare();
    if (closed) return;
    handler = created2.getRequestHandler();
    setDashboardStatus({ state: "ready", phase: null, error: null });
    say(`dashboard ready (${Math.round((Date.now() - startedAt) / 100) / 10} s after start)`);
  }, "prepare");
  const prepareNow = /* @__PURE__ */ __name(() => {
    preparing = prepare().catch((e) => fail2(e instanceof Error ? e.message.split("\n")[0] ?? "" : String(e))).finally(() => {
      preparing = null;
    });
  }, "prepareNow");
  if (opts.build && !buildIsCurrent(root3)) {
    setDashboardStatus({ state: "building", phase: "Starting next build", startedAt, error: null, log: BUILD_LOG });
    say(`dashboard: building in the background (output: ${BUILD_LOG}); pages answer 503 until it is done`);
    let last = "";
    const b = new DashboardBuild(root3, (phase) => {
      if (phase === last) return;
      last = phase;
      setDashboardStatus({ state: "building", phase });
      say(`dashboard build: ${phase}`);
    });
    builder = b;
    void b.run().then((r) => {
      if (closed) return;
      if (r.ok) prepareNow();
      else fail2(r.error);
    });
  } else if (lazy) deferred = true;
  else prepareNow();
  return {
    async handle(req, res, pathname, requestId) {
      if (deferred) {
        deferred = false;
        prepareNow();
      }
      if (!handler && preparing) await preparing;
      if (handler) return handler(req, res);
      answerDashboardUnavailable(req, res, pathname, requestId);
    },
    stopBuild() {
      closed = true;
      builder?.stop();
    },
    async close() {
      closed = true;
      builder?.stop();
      await app?.close();
    }
  };
}
var init_dashboard2 = __esm({
  "scripts/dashboard.ts"() {
    "use strict";
    init_dashboard();
    init_build_state();
    init_dashboard_build();
    init_dashboard_page();
    __name(startPages, "startPages");
  }
});

// scripts/serve.ts
import { createServer } from "node:http";
import path6 from "node:path";
import "dotenv/config";
var root2 = path6.resolve(import.meta.dirname, "..");
function arg(long, short) {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === long || a === short) return argv[i + 1];
    if (a?.startsWith(`${long}=`)) return a.slice(long.length + 1);
  }
  return void 0;
}
__name(arg, "arg");
async function main() {
  process.chdir(root2);
  Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  const portArg = arg("--port", "-p");
  if (portArg !== void 0) process.env.PORT = portArg;
  const { startServer: startServer2 } = await Promise.resolve().then(() => (init_start_hook(), start_hook_exports));
  await startServer2();
  const { config: config2 } = await Promise.resolve().then(() => (init_config(), config_exports));
  const { allEndpoints: allEndpoints2 } = await Promise.resolve().then(() => (init_api(), api_exports));
  const { answerClientError: answerClientError2, apiDispatcher: apiDispatcher2, isRouteMethod: isRouteMethod2 } = await Promise.resolve().then(() => (init_node_bridge(), node_bridge_exports));
  const { httpsRedirectHeaders: httpsRedirectHeaders2, httpsRedirectLocation: httpsRedirectLocation2 } = await Promise.resolve().then(() => (init_https_redirect(), https_redirect_exports));
  const { shutdown: shutdown2, stopJobs: stopJobs2 } = await Promise.resolve().then(() => (init_boot(), boot_exports));
  const { newId: newId2 } = await Promise.resolve().then(() => (init_ids2(), ids_exports));
  const { startPages: startPages2 } = await Promise.resolve().then(() => (init_dashboard2(), dashboard_exports));
  const port = config2().PORT;
  const hostname = arg("--hostname", "-H") ?? process.env.HOSTNAME ?? "0.0.0.0";
  const say = /* @__PURE__ */ __name((line) => process.stdout.write(`${line}
`), "say");
  const pages = startPages2({ root: root2, hostname, port, build: process.argv.includes("--build-if-needed"), say });
  const api = apiDispatcher2(allEndpoints2());
  const redirectToHttps = config2().SVC_HTTPS_REDIRECT;
  let stopping = false;
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const toHttps = redirectToHttps ? httpsRedirectLocation2(req.headers, url) : null;
    if (toHttps) {
      res.setHeader("x-request-id", newId2("req"));
      res.writeHead(308, httpsRedirectHeaders2(toHttps));
      res.end();
      return;
    }
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (stopping) res.setHeader("connection", "close");
    const ours = isRouteMethod2(req.method) && (pathname === "/openapi.json" || pathname.startsWith("/api/") && !pathname.endsWith("/"));
    let id = "";
    if (!ours) {
      id = newId2("req");
      req.headers["x-request-id"] = id;
      res.setHeader("x-request-id", id);
    }
    const done = ours ? api(req, res) : pages.handle(req, res, pathname, id);
    done.catch((e) => {
      process.stderr.write(`request failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}
`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.keepAliveTimeout = 65e3;
  server.on("clientError", answerClientError2);
  const DRAIN_MS = 7e3;
  const HARD_LIMIT_MS = 9500;
  const sleep3 = /* @__PURE__ */ __name((ms) => new Promise((r) => setTimeout(r, ms).unref()), "sleep");
  const stop = /* @__PURE__ */ __name(async (signal) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`svc: not stopped within ${HARD_LIMIT_MS} ms; exiting
`);
      process.exit(1);
    }, HARD_LIMIT_MS).unref();
    process.stdout.write(`svc stopping (${signal}): no new connections; finishing requests in flight
`);
    pages.stopBuild();
    const closed = new Promise((r) => server.close(() => r(true)));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const jobs = stopJobs2();
    const drained = await Promise.race([closed, sleep3(DRAIN_MS).then(() => false)]);
    clearInterval(sweep);
    if (!drained) server.closeAllConnections();
    await Promise.race([Promise.allSettled([jobs, pages.close()]), sleep3(1e3)]);
    await Promise.race([shutdown2(), sleep3(1e3)]);
    process.stdout.write(`svc stopped${drained ? "" : " (requests still in flight were cut off)"}
`);
    process.exit(0);
  }, "stop");
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void stop(sig));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  process.stdout.write(`svc listening on http://${hostname}:${port}
`);
}
__name(main, "main");
main().catch((e) => {
  const reason = e instanceof Error ? e.message.split("\n")[0] : String(e);
  process.stderr.write(`Cannot start: ${reason}
`);
  process.exit(1);
});
//# sourceMappingURL=serve.mjs.map
