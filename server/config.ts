// The one place that reads the environment (contract §1). Everything else calls `config()`.
import { z } from "zod";

const ROLES = ["owner", "agent", "keeper"] as const;

/** The highest discovery TVL floor, in USD, the service and a character's risk envelope take. */
export const MAX_MIN_TVL_USD = 1_000_000_000_000;

const intIn = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, { error: `${name} must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be a whole number from ${min} to ${max}` });

const feeRecipient = (name: string, shape: RegExp, what: string) => z.string().regex(shape, { error: `${name} must be ${what}` });

const httpUrl = (name: string) =>
  z
    .string()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { error: `${name} must be an http:// or https:// URL` })
    .transform((v) => v.replace(/\/+$/, ""));

const bootstrapKey = z.object({
  key: z.string().min(16, { error: "each key must be at least 16 characters" }).max(256),
  role: z.enum(ROLES, { error: 'role must be "owner", "agent" or "keeper"' }),
  wallets: z.array(z.string().min(1)).min(1, { error: 'wallets must list addresses or ["*"]' }),
});

const apiKeysJson = z.string().transform((raw, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({
      code: "custom",
      message: 'SVC_API_KEYS must be JSON: [{"key":"…","role":"owner|agent|keeper","wallets":["<address>"] or ["*"]}]',
    });
    return z.NEVER;
  }
  const result = z.array(bootstrapKey).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    ctx.addIssue({
      code: "custom",
      message: `SVC_API_KEYS entry ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}; expected [{"key","role":"owner|agent|keeper","wallets":[…]}]`,
    });
    return z.NEVER;
  }
  return result.data;
});

const databaseUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/[^/]/.test(v) && URL.canParse(v), {
    error: "DATABASE_URL must be a postgres:// or postgresql:// URL",
  });

const flag = (name: string) =>
  z.enum(["0", "1", "true", "false"], { error: `${name} must be 1 or 0` }).transform((v) => v === "1" || v === "true");

export const configSchema = z.object({
  PORT: intIn("PORT", 1, 65535).default(3000),
  DATABASE_URL: databaseUrl.optional(),
  SVC_DATA_DIR: z.string().min(1, { error: "SVC_DATA_DIR must be a folder path or memory://" }).default(".data"),
  SVC_API_KEYS: apiKeysJson.optional(),
  SVC_YIELDS_API_URL: httpUrl("SVC_YIELDS_API_URL").default("https://yields.llama.fi"),
  SVC_EXECUTION_MODE: z
    .enum(["disabled", "owner_sign_prepare", "broadcast"], {
      error: "SVC_EXECUTION_MODE must be disabled, owner_sign_prepare or broadcast",
    })
    .default("owner_sign_prepare"),
  SVC_RPC_MOVE: httpUrl("SVC_RPC_MOVE").default("https://fullnode.mainnet.sui.io:443"),
  SVC_RPC_SVM: httpUrl("SVC_RPC_SVM").default("https://api.mainnet-beta.solana.com"),
  /**
   * The operator's explicit go (spec §1.2) for OWNER signing on Map chains: a comma list of evm-a / evm-b on which the
   * dashboard offers a prepared plan to the owner's wallet. It never makes the server broadcast (SVC_EXECUTION_MODE is
   * unchanged), the chains stay labeled Map, and the execute endpoint still answers map_chain_prepare_only there.
   */
  SVC_OWNER_SIGNING_CHAINS: z
    .string()
    .transform((v) => v.split(",").map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(["evm-a", "evm-b"], { error: "SVC_OWNER_SIGNING_CHAINS must list Map chains only: evm-a, evm-b (comma-separated)" })))
    .default([]),
  SVC_RPC_EVM_A: httpUrl("SVC_RPC_EVM_A").default("https://mainnet.base.org"),
  SVC_RPC_EVM_B: httpUrl("SVC_RPC_EVM_B").default("https://arb1.arbitrum.io/rpc"),
  SVC_RATE_LIMIT_PER_MIN: intIn("SVC_RATE_LIMIT_PER_MIN", 1, 1_000_000_000).default(600),
  SVC_WEBHOOK_ALLOW_INSECURE: flag("SVC_WEBHOOK_ALLOW_INSECURE").default(false),
  SVC_WEBHOOK_RETRY_BASE_MS: intIn("SVC_WEBHOOK_RETRY_BASE_MS", 1, 86_400_000).default(30000),
  SVC_WEBHOOK_MAX_ATTEMPTS: intIn("SVC_WEBHOOK_MAX_ATTEMPTS", 1, 100).default(10),
  /** How often the webhook worker looks for new events and due retries (it is also nudged in-process). */
  SVC_WEBHOOK_POLL_MS: intIn("SVC_WEBHOOK_POLL_MS", 10, 60_000).default(250),
  /** Optional: 32 bytes as 64 hex chars; when set, subscription signing keys are stored AES-256-GCM encrypted. */
  SVC_WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "SVC_WEBHOOK_SECRET_KEY must be 64 hex characters (32 bytes)" })
    .optional(),
  SVC_APY_MAX_AGE_S: intIn("SVC_APY_MAX_AGE_S", 1, 31_536_000).default(3600),
  /** How often the background job fetches GET {SVC_YIELDS_API_URL}/pools. */
  SVC_YIELDS_REFRESH_S: intIn("SVC_YIELDS_REFRESH_S", 1, 86_400).default(300),
  /** How often the reconciliation job compares every position with the chain (issue 23); 0 turns the job off. */
  SVC_RECONCILE_INTERVAL_S: intIn("SVC_RECONCILE_INTERVAL_S", 0, 86_400).default(900),
  /** Upper bound on one upstream yields request (pools or chart), connection to last byte. */
  SVC_YIELDS_TIMEOUT_MS: intIn("SVC_YIELDS_TIMEOUT_MS", 100, 600_000).default(20_000),
  /** Upper bound on one chain RPC read (wallet balances). */
  SVC_RPC_TIMEOUT_MS: intIn("SVC_RPC_TIMEOUT_MS", 100, 120_000).default(5000),
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
  SVC_QUOTE_TIMEOUT_MS: intIn("SVC_QUOTE_TIMEOUT_MS", 100, 60_000).default(5000),
  SVC_YIELD_SKIM_BPS: intIn("SVC_YIELD_SKIM_BPS", 0, 1000).default(500),
  SVC_SWAP_FEE_BPS: intIn("SVC_SWAP_FEE_BPS", 0, 1000).default(10),
  SVC_BRIDGE_FEE_BPS: intIn("SVC_BRIDGE_FEE_BPS", 0, 1000).default(10),
  /**
   * Where service swap and bridge fees are paid, per chain (contract §11). A plan collects a service fee only on a chain
   * with a recipient; without one the fee line is 0 with that reason, and GET /svc/fees says so.
   */
  SVC_FEE_RECIPIENT_MOVE: feeRecipient("SVC_FEE_RECIPIENT_MOVE", /^0x[0-9a-fA-F]{64}$/, "a Sui address (0x + 64 hex)").optional(),
  SVC_FEE_RECIPIENT_SVM: feeRecipient("SVC_FEE_RECIPIENT_SVM", /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "a Solana address (base58 of 32 bytes)").optional(),
  SVC_FEE_RECIPIENT_EVM_A: feeRecipient("SVC_FEE_RECIPIENT_EVM_A", /^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex)").optional(),
  SVC_FEE_RECIPIENT_EVM_B: feeRecipient("SVC_FEE_RECIPIENT_EVM_B", /^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex)").optional(),
  /** How long a duplicate Idempotency-Key waits for the first request before 409 IDEMPOTENCY_KEY_IN_FLIGHT. */
  SVC_IDEMPOTENCY_WAIT_MS: intIn("SVC_IDEMPOTENCY_WAIT_MS", 0, 60_000).default(5000),
  /**
   * How long a request holds an Idempotency-Key it claimed before a duplicate may take the key over: a claim left by
   * a crashed server (its action was not applied, since the answer is stored with the action) stops blocking the key then.
   */
  SVC_IDEMPOTENCY_LEASE_MS: intIn("SVC_IDEMPOTENCY_LEASE_MS", 1000, 600_000).default(30_000),
  SVC_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "SVC_LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent",
    })
    .default("info"),
  /** Character auto-yield discovery (spec §2.8): TVL floor in USD, allowed chains, optional venue and project allowlists (comma lists). */
  SVC_AUTO_YIELD_MIN_TVL_USD: intIn("SVC_AUTO_YIELD_MIN_TVL_USD", 0, MAX_MIN_TVL_USD).default(50_000_000),
  SVC_AUTO_YIELD_CHAINS: z
    .string()
    .transform((v) => v.split(",").map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(["move-chain", "svm-chain", "evm-a", "evm-b"], { error: "SVC_AUTO_YIELD_CHAINS must list move-chain, svm-chain, evm-a or evm-b" })).min(1))
    .default(["move-chain", "svm-chain"]),
  SVC_AUTO_YIELD_VENUES: z
    .string()
    .transform((v) => v.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean))
    .optional(),
  SVC_AUTO_YIELD_PROJECTS: z
    .string()
    .transform((v) => v.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean))
    .optional(),
  /**
   * Behind a TLS front: answer a request the front says came over plain http (X-Forwarded-Proto: http) with 308 to the
   * same URL over https (server/http/https-redirect.ts; docs/security.md). Off by default: local http is served as is.
   */
  SVC_HTTPS_REDIRECT: flag("SVC_HTTPS_REDIRECT").default(false),
  /** Set by tests and start scripts to skip background jobs (yields refresh, webhook worker). */
  SVC_DISABLE_JOBS: flag("SVC_DISABLE_JOBS").default(false),
});

export type Config = z.output<typeof configSchema>;
export type BootstrapKey = z.output<typeof bootstrapKey>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/** Parses an environment; throws ConfigError naming the first bad variable. Values are never echoed (they may be secrets). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const relevant: Record<string, string> = {};
  for (const name of Object.keys(configSchema.shape)) {
    const value = env[name];
    // An empty variable counts as unset, as most process managers write it.
    if (value !== undefined && value !== "") relevant[name] = value;
  }
  const result = configSchema.safeParse(relevant);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  const text = issue?.message ?? "invalid value";
  throw new ConfigError(variable, `Invalid configuration: ${variable}: ${text.startsWith(variable) ? text.slice(variable.length).replace(/^\s+/, "") : text}`);
}

const holder = globalThis as unknown as { __svcConfig?: Config };

export function config(): Config {
  holder.__svcConfig ??= parseConfig(process.env);
  return holder.__svcConfig;
}

/** Tests and scripts that change the environment in-process call this. */
export function resetConfigForTests(): void {
  holder.__svcConfig = undefined;
}
