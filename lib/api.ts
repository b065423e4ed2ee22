// The dashboard's only way to the service: fetch against our own /api/v1 (never a server/ runtime import).
// Errors become ApiError carrying the service's { code, message, requestId } so pages can show words and a retry.
// The rail enum is the rail registry's (server/rails/registry.ts), a type-only import erased from the client bundle.
import { isSvcApiError } from "@svc/client";
import type { RailId } from "../server/rails/registry";

export type { RailId };

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
    const b = (json ?? {}) as { code?: unknown; message?: unknown; requestId?: unknown; blockers?: unknown };
    // A blocked money action (422 `status: "blocked"`) carries its reasons as blockers, not as code/message.
    const blockers = Array.isArray(b.blockers) ? (b.blockers as Partial<Blocker>[]).filter((x) => typeof x?.message === "string") : [];
    throw new ApiError(
      res.status,
      typeof b.code === "string" ? b.code : (blockers[0]?.code ?? `HTTP_${res.status}`),
      typeof b.message === "string"
        ? b.message
        : blockers.length > 0
          ? blockers.map((x) => x.message).join(" ")
          : `The service answered ${res.status}.`,
      typeof b.requestId === "string" ? b.requestId : undefined,
    );
  }
  return json as T;
}

/** TanStack Query retry policy: never retry a 4xx (a 404 means "not landed yet"), retry other failures twice. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // The typed client's error (pages moved onto @svc/client); it has already retried 429 and 503 itself.
  if (isSvcApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

// ---- Wire shapes (spec §2, contract; the OpenAPI document is authoritative) ----

export type ChainId = "move-chain" | "svm-chain" | "evm-a" | "evm-b";
export const CHAIN_IDS: readonly ChainId[] = ["move-chain", "svm-chain", "evm-a", "evm-b"];
export const EXECUTABLE_CHAINS: readonly string[] = ["move-chain", "svm-chain"];

/** contract §8: whether a plan of this action can be built for the venue, and why not. */
export interface ActionReadiness {
  ready: boolean;
  reason: string | null;
}
export interface VenueActions {
  deposit: ActionReadiness;
  withdraw: ActionReadiness;
}

export interface Opportunity {
  opportunityId: string;
  strategyId: string;
  protocol: string;
  name: string;
  chain: ChainId;
  kind: "venue" | "strategy";
  label: "Executable" | "Map";
  ready: boolean;
  /** null for the automated strategy (it has no deposit or withdraw plan of its own). */
  actions: VenueActions | null;
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

/** A strategy row (GET /svc/strategies, /svc/strategies/{id}): the live figures are nested under `apy`. */
export interface Strategy {
  opportunityId: string;
  strategyId: string;
  kind: "venue" | "strategy";
  protocol: string;
  name: string;
  chain: ChainId;
  label: "Executable" | "Map";
  ready: boolean;
  actions: VenueActions | null;
  writeReady: boolean;
  liveMoneyPath: boolean;
  broadcastEnabled: boolean;
  minDepositMicros: string;
  rerank?: "monthly";
  switchThresholdBps?: number;
  currentPick?: { venueId: string; opportunityId: string; chain: ChainId; apy30dBps: number } | null;
  apy: {
    grossApyBps: number | null;
    netApyBps: number | null;
    apy30dBps: number | null;
    tvlUsd: number | null;
    pool: string | null;
    source: string | null;
    asOf: string | null;
    status: "live" | "stale" | "unavailable";
    reason: string | null;
  };
}

/** GET /svc/strategies/{id} (`svc-strategy.v1`): the strategy plus the spec §1.4 estimates (camelCase names). */
export interface StrategyDetail {
  schemaVersion: "svc-strategy.v1";
  strategy: Strategy;
  estimates: {
    estimate: true;
    stakedMicros: string;
    skimBps: number;
    grossApyBps: number | null;
    netApyBps: number | null;
    estDailyYieldMicros: string | null;
    estMonthlyYieldMicros: string | null;
  };
}

/** GET /svc/venues (`svc-venues.v1`): where the venues' published on-chain ids live. */
export interface VenuesBody {
  schemaVersion: "svc-venues.v1";
  venues: {
    id: string;
    opportunityId: string;
    protocol: string;
    name: string;
    chain: ChainId;
    ready: boolean;
    actions: VenueActions;
    onchain: Record<string, string>;
  }[];
}

export interface ChartBody {
  schemaVersion: "svc-chart.v1";
  opportunityId: string;
  strategyId: string;
  pool: string | null;
  status: "ok" | "unavailable";
  source: string;
  asOf: string | null;
  reason: string | null;
  points: { timestamp: string; apyBps: number | null; tvlUsd: number | null }[];
}

export interface Blocker {
  code: string;
  message: string;
}

export type TxEncoding = "sui-transaction-json" | "solana-v0-message-base64" | "evm-call";

export interface SolanaPayload {
  feePayer: string;
  instructions: {
    programAddress: string;
    accounts: { address: string; role: "readonly" | "writable" | "readonly_signer" | "writable_signer" }[];
    /** base64 */
    data: string;
  }[];
  /** Unsigned v0 wire transaction, base64 (a prepared plan always carries it). */
  transaction: string;
  message: string;
  recentBlockhash: string;
  lastValidBlockHeight: string;
}

export interface EvmCallPayload {
  chainId: number;
  to: string;
  data: string;
  /** decimal wei */
  value: string;
}

/** The chain's own simulation of a transaction before signing (contract §8). */
export interface Simulation {
  status: "ok" | "failed" | "unavailable";
  gasEstimate: string | null;
  fee: { amount: string; asset: "SUI" | "SOL" | "ETH"; decimals: number } | null;
  logs: string[] | null;
  error: string | null;
  at: string;
  /** The balance changes the chain's simulation reported (issue 23); absent where not read yet. */
  changes?: SimulatedChanges;
}

/** What the chain's simulation says the transaction does to balances: signed base units per owner and asset. */
export interface SimulatedChanges {
  status: "ok" | "unavailable";
  balanceChanges: { owner: string; asset: { chain: string; id: string; symbol: string | null; decimals: number | null }; amount: string }[] | null;
  approvals: { token: string; spender: string; amount: string }[] | null;
  source: string | null;
  reason: string | null;
}

interface TxBase {
  chain: ChainId;
  kind: TxKind;
  description: string;
  simulation?: Simulation;
}

export type PlanTransaction =
  | (TxBase & { encoding: "sui-transaction-json"; payload: string })
  | (TxBase & { encoding: "solana-v0-message-base64"; payload: SolanaPayload })
  | (TxBase & { encoding: "evm-call"; payload: EvmCallPayload });
/** fee: an EVM plan's disclosed transfer of the service fee to the chain's fee recipient. */
export type TxKind = "approve" | "deposit" | "withdraw" | "swap" | "burn" | "receive" | "fee";

export interface PlanFee {
  label: string;
  kind: "service" | "pool" | "rail" | "network";
  /** Base units of `asset` (micros for USDC); null when not known before signing. */
  amountMicros: string | null;
  bps: number | null;
  estimate: boolean;
  /** Mint / coin type / address; null for the chain's native asset; absent means the plan's token. */
  asset?: string | null;
  /** Why the amount is what it is (a service fee of 0 where no fee recipient is configured). */
  reason?: string | null;
}

/** Fields every plan shares (deposit/withdraw, swap, bridge). */
interface PlanBase {
  status: "prepared" | "blocked";
  planId: string;
  submitted: false;
  ownerMustSign: true;
  blockers?: Blocker[];
  fees: PlanFee[];
  transactions: PlanTransaction[];
  broadcastEnabled: boolean;
  /** The owner may sign this plan here: always on an Executable chain; on a Map chain only with the operator's go
   * (SVC_OWNER_SIGNING_CHAINS). Absent from servers older than the field: read as false on Map chains. */
  ownerSigning?: boolean;
  executionMode: "disabled" | "owner_sign_prepare" | "broadcast";
}

export interface VaultPlan extends PlanBase {
  schemaVersion: "svc-vault-plan.v1";
  action: "deposit" | "withdraw";
  feeMicros: "0";
  strategyId: string;
  opportunityId: string;
  chain: ChainId;
  amountMicros: string;
  owner: string | null;
  /** Deposit plans only; null on withdraw plans (a withdraw earns nothing). */
  estimates: {
    estimate: true;
    grossApyBps: number | null;
    netApyBps: number | null;
    estDailyYieldMicros: string | null;
    estMonthlyYieldMicros: string | null;
  } | null;
  onchainInterface: string | null;
}

export interface SwapPlan extends PlanBase {
  schemaVersion: "svc-swap-plan.v1";
  chain: ChainId;
  owner: string | null;
  inputToken: string;
  outputToken: string;
  amountIn: string;
  slippageBps: number;
  quote: {
    source: string;
    format: string;
    asOf: string;
    inAmount: string;
    outAmount: string;
    sourceMinAmountOut: string | null;
    priceImpactPct: string | null;
    route: string[];
  } | null;
  minAmountOut: string | null;
  custody: "none";
}

export interface BridgePlan extends PlanBase {
  schemaVersion: "svc-bridge-plan.v1";
  rail: string;
  sourceChain: ChainId;
  destChain: ChainId;
  amountMicros: string;
  sourceAddress: string;
  destAddress: string;
  mintRecipient: string | null;
  destinationDomain: number;
  /** amountMicros less the service fee taken on the source chain. */
  burnAmountMicros: string;
  /** null when a fast transfer's rail fee is unknown, with the reason. */
  expectedReceivedMicros: string | null;
  expectedReceivedReason: string | null;
  risk: { summary: string; items: string[] };
}

export type Plan = VaultPlan | SwapPlan | BridgePlan;

/** POST /svc/swap-svm/plan, /svc/swap-move/plan, /svc/evm/swap/plan (+ chain on the EVM one). */
export interface SwapRequest {
  inputToken: string;
  outputToken: string;
  amountIn: string;
  slippageBps?: number;
  owner?: string;
  chain?: "evm-a" | "evm-b";
}

/** POST /svc/strategies/{deposit,withdraw}/execute: the wallet already executed the transaction; the service confirms it. */
export interface ExecuteRequest {
  planId: string;
  digest: string;
}

export type ExecuteBody =
  | {
      schemaVersion: "svc-execute.v1";
      status: "done";
      planId: string;
      chain: ChainId;
      digest: string;
      submitted: boolean;
      settled: true;
      amountMicros: string;
      /** What the ledger recorded, from the confirmed transaction (a withdraw: the USDC that arrived). */
      settledMicros?: string;
      strategyId: string | null;
      /** null for a swap (the ledger holds no swapped tokens). */
      position: { liquidMicros: string; stakedMicros: string } | null;
      /** A swap's settled amounts in base units, read from the transaction. */
      swap?: { inputToken: string; outputToken: string; amountIn: string; amountOut: string; quotedAmountOut: string | null; minAmountOut: string | null };
    }
  | {
      schemaVersion: "svc-execute.v1";
      /** pending: not final yet or the RPC is unreachable, post again; prepared: only for signed bytes the server will not broadcast. */
      status: "pending" | "prepared";
      planId: string;
      chain: ChainId;
      strategyId: string | null;
      amountMicros: string;
      digest: string | null;
      submitted: boolean;
      settled: false;
      reason: string;
    };

export interface Position {
  opportunityId: string;
  protocol: string;
  venueId: string;
  chain: string;
  token: string;
  depositedMicros: string;
  /** Worth now on chain (share balance × the venue's rate); null when unreadable, `currentReason` says why. */
  currentMicros: string | null;
  currentAsOf: string | null;
  currentSource: string | null;
  currentReason: string | null;
  /** The ledger's figure, shown beside the chain's as "recorded". */
  recordedMicros: string;
  roiPct: number | null;
  txId: string;
  proof: { confirmed: boolean; confirmedMicros?: string; note: string };
  /** The last reconciliation's finding when the chain differed from the ledger; null when it agreed or never ran. */
  drift?: { driftMicros: string; chainMicros: string; expectedMicros: string; checkedAt: string } | null;
}

export interface PortfolioBody {
  schemaVersion: "svc-wallet-portfolio.v1";
  wallet: string;
  count: number;
  positions: Position[];
  /** USD as decimal strings (USDC at 1:1). */
  totalDepositedUsd: string;
  /** null when any position's worth could not be read from the chain (`totalCurrentReason`). */
  totalCurrentUsd: string | null;
  totalCurrentReason: string | null;
  totalRecordedUsd: string;
}

export interface ActivityRow {
  id: string;
  planId: string | null;
  legIndex: number;
  kind: "swap" | "bridge" | "deposit" | "withdraw";
  chain: string;
  destChain: string | null;
  venueId: string | null;
  /** The asset of amountIn: USDC, or a swap's input token id. */
  token: string;
  /** A swap's output token id (the asset of amountOut); null: the same as token. */
  outToken: string | null;
  txId: string | null;
  amountIn: string;
  /** Settled amount from the receipt; null when not settled. */
  amountOut: string | null;
  quotedAmountOut: string | null;
  status: "settled" | "failed" | "pending";
  error: string | null;
  createdAt: string;
}

export interface ActivityBody {
  schemaVersion: "svc-wallet-activity.v1";
  wallet: string;
  count: number;
  activity: ActivityRow[];
  nextCursor: string | null;
}

/** One asset of GET /svc/{chain}/wallet-balance; amount is integer base units, null when status is N/A. */
export interface BalanceLeg {
  asset: string;
  kind: "native" | "token";
  decimals: number;
  unit: string;
  amount: string | null;
  status: "ok" | "N/A";
  reason: string | null;
  source: string | null;
  asOf: string | null;
}

export interface BalanceBody {
  schemaVersion: "svc-wallet-balance.v1";
  chain: ChainId;
  network: string;
  address: string;
  legs: BalanceLeg[];
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

export interface AutopilotHistory {
  schemaVersion: "svc-autopilot-history.v1";
  wallet: string;
  count: number;
  decisions: AutopilotDecision[];
  nextCursor: string | null;
}

export interface AutopilotRun {
  schemaVersion: "svc-autopilot-run.v1";
  wallet: string;
  chain: string;
  dryRun: boolean;
  recorded: boolean;
  due: boolean;
  nextTickDueAt: string | null;
  decision: AutopilotDecision | null;
  blockers: { code: string; message: string }[];
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

/** POST /svc/bridge/rescue (owner): the receive transaction on the destination once Circle's attestation is read, or blockers. */
export interface BridgeRescueBody {
  schemaVersion: "svc-bridge-rescue.v1";
  status: "prepared" | "blocked";
  planId: string;
  rail: RailId;
  sourceChain: ChainId;
  destChain: ChainId;
  /** The owner-locked destination recorded in the plan: the only address the receive can mint to. */
  destAddress: string;
  mintRecipient: string | null;
  burn: { sourceTxId: string; nonce: string; amountMicros: string; mintRecipient: string; message: string; attestation: string | null } | null;
  transactions: PlanTransaction[];
  blockers?: Blocker[];
  broadcastEnabled: boolean;
  executionMode: "disabled" | "owner_sign_prepare" | "broadcast";
}

/** GET /svc/plans/{planId}?sourceTxId= (owner or agent, scope: the plan's owner or destination): the stored plan and
 * what the service knows of it. A bridge's burn id is a hint the service checks on the source chain. */
export interface PlanRecordBody {
  schemaVersion: "svc-plan-record.v1";
  planId: string;
  kind: "deposit" | "withdraw" | "swap" | "bridge" | "cage";
  status: "prepared" | "blocked";
  chain: ChainId;
  owner: string | null;
  amountMicros: string;
  destChain: ChainId | null;
  destAddress: string | null;
  createdAt: string;
  bridge: {
    rail: RailId;
    burn: { txId: string | null; state: "not_reported" | "invalid" | "not_confirmed" | "confirmed" | "failed" | "not_this_plan"; reason: string | null };
    attestation: { state: "attested" | "not_read"; reason: string | null };
    delivery: { state: "none" | "delivered" | "failed"; destTxId: string | null; creditedMicros: string | null; error: string | null; recordedAt: string | null };
  } | null;
}

/** POST /svc/bridge/delivery (owner or keeper): 200 delivered/failed, 202 pending; a blocked delivery is a 422 (ApiError). */
export interface BridgeDeliveryBody {
  schemaVersion: "svc-bridge-delivery.v1";
  status: "delivered" | "failed" | "pending";
  planId: string;
  sourceChain: ChainId;
  destChain: ChainId;
  destAddress: string;
  destTxId: string | null;
  /** true only on the request that credited; a repeat answers the first result with false. */
  credited: boolean;
  amountMicros: string;
  creditedMicros: string | null;
  quotedAmountOutMicros: string;
  liquidMicros: string | null;
  error: string | null;
  reason: string | null;
}
