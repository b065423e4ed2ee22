// The dashboard's only way to the service: fetch against our own /api/v1 (never a server/ import).
// Errors become ApiError carrying the service's { code, message, requestId } so pages can show words and a retry.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** The endpoint has not landed on this deployment yet (or the id is unknown). */
  get notFound(): boolean {
    return this.status === 404;
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  apiKey?: string | null;
  signal?: AbortSignal;
  /** Path root; the character routes live outside /api/v1. */
  root?: "/api/v1" | "/api";
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.apiKey) headers["x-api-key"] = opts.apiKey;
  let res: Response;
  try {
    res = await fetch(`${opts.root ?? "/api/v1"}${path}`, {
      method: opts.method ?? "GET",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      cache: "no-store",
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "NETWORK", "The service could not be reached. Check your connection and try again.");
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const b = (json ?? {}) as { code?: unknown; message?: unknown; requestId?: unknown };
    throw new ApiError(
      res.status,
      typeof b.code === "string" ? b.code : `HTTP_${res.status}`,
      typeof b.message === "string" ? b.message : `The service answered ${res.status}.`,
      typeof b.requestId === "string" ? b.requestId : undefined,
    );
  }
  return json as T;
}

/** TanStack Query retry policy: never retry a 4xx (a 404 means "not landed yet"), retry other failures twice. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

// ---- Wire shapes (spec §2, contract; the OpenAPI document is authoritative) ----

export type ChainId = "move-chain" | "svm-chain" | "evm-a" | "evm-b";
export const CHAIN_IDS: readonly ChainId[] = ["move-chain", "svm-chain", "evm-a", "evm-b"];
export const EXECUTABLE_CHAINS: readonly string[] = ["move-chain", "svm-chain"];

export interface Opportunity {
  opportunityId: string;
  strategyId: string;
  protocol: string;
  name: string;
  chain: ChainId;
  kind: "venue" | "strategy";
  label: "Executable" | "Map";
  ready: boolean;
  grossApyBps: number | null;
  netApyBps: number | null;
  apy30dBps: number | null;
  tvlUsd: number | null;
  source: string | null;
  asOf: string | null;
  reason: string | null;
}

export interface HomeBody {
  schemaVersion: "svc-home.v1";
  status: "ok" | "unavailable";
  source: string;
  asOf: string | null;
  opportunities: Opportunity[];
  protocols: { protocol: string; name: string; chains: string[]; opportunities: number }[];
  markets: {
    chain: string;
    protocol: string;
    symbol: string;
    pool: string;
    tvlUsd: number | null;
    apyBps: number | null;
    apy30dBps: number | null;
  }[];
}

export interface StrategyDetail extends Partial<Opportunity> {
  opportunityId: string;
  [key: string]: unknown;
}

export interface ChartBody {
  schemaVersion: "svc-chart.v1";
  opportunityId: string;
  status: "ok" | "unavailable";
  source: string | null;
  asOf: string | null;
  points: { timestamp: string; apyBps: number | null; tvlUsd: number | null }[];
}

export interface Blocker {
  code: string;
  message: string;
}

export interface PlanTransaction {
  chain: string;
  kind: string;
  description: string;
  payload: unknown;
}

export interface Plan {
  status: "prepared" | "blocked";
  planId?: string;
  submitted: boolean;
  ownerMustSign: boolean;
  feeMicros?: string;
  strategyId?: string;
  amountMicros?: string;
  blockers?: Blocker[];
  fees?: { label: string; amountMicros: string; bps?: number }[];
  estimates?: {
    estimate: boolean;
    grossApyBps: number | null;
    netApyBps: number | null;
    estDailyYieldMicros: string | null;
    estMonthlyYieldMicros: string | null;
  };
  transactions?: PlanTransaction[];
  riskDisclosure?: string | string[];
  slippageBps?: number;
  [key: string]: unknown;
}

export interface Position {
  opportunityId: string;
  protocol: string;
  depositedMicros: string;
  currentMicros: string;
  roiPct: number | null;
  txId: string;
}

export interface PortfolioBody {
  schemaVersion: "svc-wallet-portfolio.v1";
  wallet: string;
  count: number;
  positions: Position[];
  totalDepositedUsd: number | null;
  totalCurrentUsd: number | null;
}

export interface ActivityRow {
  planId: string;
  legIndex: number;
  kind: "swap" | "bridge" | "deposit" | "withdraw";
  txId: string | null;
  chain: string;
  destChain?: string | null;
  amountIn: string | null;
  amountOut: string | null;
  quotedAmountOut: string | null;
  status: string;
  error?: string | null;
  createdAt?: string;
}

export interface ActivityBody {
  schemaVersion: "svc-wallet-activity.v1";
  wallet: string;
  count: number;
  activity: ActivityRow[];
  nextCursor?: string | null;
}

export interface BalanceLeg {
  asset?: string;
  symbol?: string;
  amountMicros?: string | null;
  amount?: string | null;
  status?: string;
  reason?: string | null;
  [key: string]: unknown;
}

export interface BalanceBody {
  chain?: string;
  address?: string;
  status?: string;
  reason?: string | null;
  native?: BalanceLeg | "N/A" | null;
  usdc?: BalanceLeg | "N/A" | null;
  [key: string]: unknown;
}

/** GET /wallets/{address}/autopilot (svc-autopilot.v1). */
export interface AutopilotDecision {
  id: string | null;
  action: "hold" | "switch" | "select" | "none";
  currentVenueId: string | null;
  pickVenueId: string | null;
  pickApy30dBps: number | null;
  deltaBps: number | null;
  targetVenueId: string | null;
  reason: string;
  decidedAt: string;
  plan: { fromStrategyId: string; toStrategyId: string; amountMicros: string; ownerMustSign: true } | null;
}

export interface WalletAutopilot {
  schemaVersion: "svc-autopilot.v1";
  enabled: boolean;
  chain: string | null;
  enabledAt: string | null;
  switchThresholdBps: number;
  currentVenueId: string | null;
  currentPick: { venueId: string; apy30dBps: number | null; source: string | null; asOf: string | null } | null;
  pickReason: string | null;
  lastDecision: AutopilotDecision | null;
  nextTickDueAt: string | null;
}
