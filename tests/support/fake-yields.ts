// A local yields upstream speaking DefiLlama's format: GET /pools → { status, data: [row…] } and
// GET /chart/{pool} → { status, data: [point…] }. Tests switch it between healthy and broken modes.
import { createServer, type Server, type ServerResponse } from "node:http";

export interface LlamaPool {
  pool: string;
  chain: string;
  project: string;
  symbol: string;
  tvlUsd: number;
  apyBase: number | null;
  apyReward: number | null;
  apy: number | null;
  rewardTokens: string[] | null;
  apyPct1D: number | null;
  apyPct7D: number | null;
  apyPct30D: number | null;
  stablecoin: boolean;
  ilRisk: string;
  exposure: string;
  predictions: { predictedClass: string | null; predictedProbability: number | null; binnedConfidence: number | null };
  poolMeta: string | null;
  mu: number;
  sigma: number;
  count: number;
  outlier: boolean;
  underlyingTokens: string[] | null;
  il7d: number | null;
  apyBase7d: number | null;
  apyMean30d: number | null;
  volumeUsd1d: number | null;
  volumeUsd7d: number | null;
  apyBaseInception: number | null;
}

export type YieldsMode = "ok" | "500" | "hang" | "refuse" | "empty" | "malformed" | "wrong-shape";

export interface FakeYields {
  url: string;
  setMode: (m: YieldsMode) => void;
  setPools: (rows: LlamaPool[]) => void;
  /** Requests served per path prefix ("/pools", "/chart"). */
  hits: Record<string, number>;
  close: () => Promise<void>;
}

/** A deterministic pseudo-random generator, so fixtures are the same on every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join("");
const uuid = (r: () => number) => `${hex(r, 8)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 12)}`;

export function llamaRow(r: () => number, over: Partial<LlamaPool> & Pick<LlamaPool, "chain" | "project" | "symbol">): LlamaPool {
  const apyBase = Math.round(r() * 1500) / 100;
  const apyReward = r() < 0.3 ? Math.round(r() * 500) / 100 : null;
  return {
    pool: uuid(r),
    tvlUsd: Math.round(r() * 500_000_000),
    apyBase,
    apyReward,
    apy: apyBase + (apyReward ?? 0),
    rewardTokens: apyReward ? [`0x${hex(r, 40)}`] : null,
    apyPct1D: Math.round((r() - 0.5) * 100) / 100,
    apyPct7D: Math.round((r() - 0.5) * 200) / 100,
    apyPct30D: Math.round((r() - 0.5) * 400) / 100,
    stablecoin: over.symbol.includes("USD"),
    ilRisk: "no",
    exposure: "single",
    predictions: { predictedClass: "Stable/Up", predictedProbability: Math.round(r() * 100), binnedConfidence: 2 },
    poolMeta: r() < 0.5 ? "Main market" : null,
    mu: r() * 10,
    sigma: r(),
    count: Math.floor(r() * 900),
    outlier: false,
    underlyingTokens: [`0x${hex(r, 40)}`],
    il7d: null,
    apyBase7d: Math.round(r() * 1500) / 100,
    apyMean30d: Math.round(r() * 1500) / 100,
    volumeUsd1d: null,
    volumeUsd7d: null,
    apyBaseInception: null,
    ...over,
  };
}

const OTHER_CHAINS = ["Ethereum", "BSC", "Polygon", "Avalanche", "Optimism", "Fantom", "Tron", "Aptos", "Linea", "Scroll"];
const OUR_CHAINS = ["Sui", "Solana", "Base", "Arbitrum"];
const PROJECTS = ["uniswap-v3", "curve-dex", "aave-v3", "compound-v3", "morpho-blue", "pendle", "beefy", "yearn-finance", "balancer-v2"];
const SYMBOLS = ["USDC", "USDT", "DAI", "WETH", "WBTC", "USDC-USDT", "WETH-USDC", "SOL", "SUI"];

/**
 * A DefiLlama-like /pools payload: `total` rows, about a quarter on the four chains, plus the given
 * rows (venue pools) mixed in. 20k rows serialize to over 10 MB, like the real answer.
 */
export function makePools(total: number, include: LlamaPool[] = [], seed = 42): LlamaPool[] {
  const r = rng(seed);
  const rows: LlamaPool[] = [...include];
  while (rows.length < total) {
    const chain = r() < 0.25 ? (OUR_CHAINS[Math.floor(r() * 4)] as string) : (OTHER_CHAINS[Math.floor(r() * OTHER_CHAINS.length)] as string);
    rows.push(
      llamaRow(r, {
        chain,
        project: PROJECTS[Math.floor(r() * PROJECTS.length)] as string,
        symbol: SYMBOLS[Math.floor(r() * SYMBOLS.length)] as string,
      }),
    );
  }
  // The venue rows somewhere in the middle, as upstream order is not ours.
  for (let i = 0; i < include.length; i++) {
    const j = Math.floor(r() * rows.length);
    [rows[i], rows[j]] = [rows[j] as LlamaPool, rows[i] as LlamaPool];
  }
  return rows;
}

/** One USDC row per venue upstream mapping (project, chain), with distinct APYs. */
export function venueRows(map: Array<{ project: string; symbol: string; chain: string }>, seed = 7): LlamaPool[] {
  const r = rng(seed);
  return map.map((m, i) =>
    llamaRow(r, { ...m, tvlUsd: 900_000_000 + i, apyBase: 3 + i / 10, apyReward: 0.25, apy: 3.25 + i / 10, apyMean30d: 4 + i / 7, stablecoin: true }),
  );
}

export function chartPoints(n: number, seed = 3): Array<Record<string, unknown>> {
  const r = rng(seed);
  const start = Date.parse("2026-10-01T00:00:00.000Z");
  return Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(start + i * 86_400_000).toISOString(),
    tvlUsd: Math.round(r() * 1e8),
    apy: Math.round(r() * 1000) / 100,
    apyBase: Math.round(r() * 800) / 100,
    apyReward: null,
    il7d: null,
    apyBase7d: null,
  }));
}

export async function startFakeYields(initial: LlamaPool[] = [], mode: YieldsMode = "ok"): Promise<FakeYields> {
  let current = mode;
  let body = Buffer.from(JSON.stringify({ status: "success", data: initial }));
  const hits: Record<string, number> = {};
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const key = path.startsWith("/chart/") ? "/chart" : path;
    hits[key] = (hits[key] ?? 0) + 1;
    // The connection is cut before any answer, as a server that is going down or refusing does.
    if (current === "refuse") return void req.socket.destroy();
    if (current === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (current === "500") {
      res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
      return;
    }
    const json = (b: string | Buffer) => res.writeHead(200, { "content-type": "application/json" }).end(b);
    if (current === "malformed") return json('{"status":"success","data":[{"pool":"x",');
    if (current === "wrong-shape") return json('{"status":"success","data":{"pools":[]}}');
    if (current === "empty") return json('{"status":"success","data":[]}');
    if (path === "/pools") return json(body);
    const m = /^\/chart\/([^/]+)$/.exec(path);
    if (m) return json(JSON.stringify({ status: "success", data: chartPoints(30, (m[1] ?? "").length) }));
    res.writeHead(404, { "content-type": "application/json" }).end('{"status":"error"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (m) => {
      current = m;
      if (m !== "hang") for (const r of hanging) r.destroy();
    },
    setPools: (rows) => {
      body = Buffer.from(JSON.stringify({ status: "success", data: rows }));
    },
    hits,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
