// The yields upstream in DefiLlama's format (contract §1): GET {root}/pools → { status, data: [row…] }
// and GET {root}/chart/{pool} → { status, data: [point…] }. Called only by the background refresh and
// the chart proxy, always with a timeout; rows are validated by hand (20k rows, zod is too slow here).
import type { ChainId } from "../chains/address";
import type { StoredPool } from "../db/schema";

export const SOURCE = "defillama" as const;

export const UPSTREAM_CHAINS: Record<string, ChainId> = {
  Sui: "move-chain",
  Solana: "svm-chain",
  Base: "evm-a",
  Arbitrum: "evm-b",
};
export const CHAIN_TO_UPSTREAM: Record<ChainId, string> = {
  "move-chain": "Sui",
  "svm-chain": "Solana",
  "evm-a": "Base",
  "evm-b": "Arbitrum",
};

export class UpstreamError extends Error {}

const INT32 = 2_147_483_647;

/** DefiLlama percent float → integer bps; null for missing, non-finite or out-of-range values. */
export function percentToBps(v: unknown): number | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  const bps = Math.round(v * 100);
  return Math.abs(bps) > INT32 ? null : bps;
}

function finiteOrNull(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" } });
  } catch (e) {
    const timedOut = signal.aborted;
    throw new UpstreamError(timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamError(`HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new UpstreamError(signal.aborted ? `no complete answer within ${timeoutMs} ms` : "connection dropped mid-body");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError("malformed JSON");
  }
}

export interface PoolsResult {
  /** Rows on the four chains, valid and converted. */
  pools: StoredPool[];
  /** Every row the upstream sent (all chains). */
  upstreamRows: number;
}

/** Picks the four chains' rows out of a parsed /pools body; throws UpstreamError when it is not one. */
export function extractPools(body: unknown): PoolsResult {
  if (body === null || typeof body !== "object" || !Array.isArray((body as { data?: unknown }).data)) {
    throw new UpstreamError("malformed body: expected { status, data: [] }");
  }
  const data = (body as { data: unknown[] }).data;
  if (data.length === 0) throw new UpstreamError("empty upstream: no pools");
  const pools: StoredPool[] = [];
  let valid = 0;
  for (const r of data) {
    if (r === null || typeof r !== "object") continue;
    const row = r as Record<string, unknown>;
    const { pool, chain, project, symbol } = row;
    if (typeof pool !== "string" || typeof chain !== "string" || typeof project !== "string" || typeof symbol !== "string") continue;
    valid++;
    if (!(chain in UPSTREAM_CHAINS)) continue;
    pools.push({
      pool,
      chain,
      project,
      symbol,
      tvlUsd: finiteOrNull(row.tvlUsd),
      apyBps: percentToBps(row.apy),
      apyBaseBps: percentToBps(row.apyBase),
      apyRewardBps: percentToBps(row.apyReward),
      apy30dBps: percentToBps(row.apyMean30d),
      stablecoin: row.stablecoin === true,
    });
  }
  if (valid === 0) throw new UpstreamError("malformed rows: none has pool, chain, project and symbol");
  return { pools, upstreamRows: data.length };
}

export async function fetchPools(root: string, timeoutMs: number): Promise<PoolsResult> {
  return extractPools(await getJson(`${root}/pools`, timeoutMs));
}

export interface ChartPoint {
  timestamp: string;
  apyBps: number | null;
  tvlUsd: number | null;
}

export async function fetchChart(root: string, pool: string, timeoutMs: number): Promise<ChartPoint[]> {
  const body = await getJson(`${root}/chart/${encodeURIComponent(pool)}`, timeoutMs);
  if (body === null || typeof body !== "object" || !Array.isArray((body as { data?: unknown }).data)) {
    throw new UpstreamError("malformed body: expected { status, data: [] }");
  }
  const out: ChartPoint[] = [];
  for (const r of (body as { data: unknown[] }).data) {
    if (r === null || typeof r !== "object") continue;
    const p = r as Record<string, unknown>;
    if (typeof p.timestamp !== "string" || Number.isNaN(Date.parse(p.timestamp))) continue;
    out.push({ timestamp: new Date(p.timestamp).toISOString(), apyBps: percentToBps(p.apy), tvlUsd: finiteOrNull(p.tvlUsd) });
  }
  return out;
}
