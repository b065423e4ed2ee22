// The catalog on the running app, on each database: venues, APY table, strategies, home, discover,
// packages, enablement, wallet balances and /api/auto-yield/venues, against a local DefiLlama-format
// upstream (a 20k-row, >10 MB /pools) and local chain JSON-RPC servers; then with the upstream broken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, dbKinds, startApp } from "../support/app";
import { startFakeRpc, type FakeRpc } from "../support/fake-rpc";
import { type FakeYields, type LlamaPool, makePools, startFakeYields, venueRows } from "../support/fake-yields";
import { type Answer, call } from "../support/http";

type J = Record<string, unknown>;
type Row = Record<string, unknown> & { grossApyBps: number | null; status: string; reason: string | null };

const UPSTREAM = [
  { id: "scallop", project: "scallop-lend", symbol: "USDC", chain: "Sui" },
  { id: "navi", project: "navi-lending", symbol: "USDC", chain: "Sui" },
  { id: "suilend", project: "suilend", symbol: "USDC", chain: "Sui" },
  { id: "kamino", project: "kamino-lend", symbol: "USDC", chain: "Solana" },
  { id: "marginfi", project: "marginfi-lending", symbol: "USDC", chain: "Solana" },
  { id: "jupiter-lend", project: "jupiter-lend", symbol: "USDC", chain: "Solana" },
  { id: "save", project: "save", symbol: "USDC", chain: "Solana" },
  { id: "aave-v3-base", project: "aave-v3", symbol: "USDC", chain: "Base" },
  { id: "morpho-base", project: "morpho-blue", symbol: "USDC", chain: "Base" },
  { id: "compound-v3-base", project: "compound-v3", symbol: "USDC", chain: "Base" },
  { id: "aave-v3-arbitrum", project: "aave-v3", symbol: "USDC", chain: "Arbitrum" },
  { id: "morpho-arbitrum", project: "morpho-blue", symbol: "USDC", chain: "Arbitrum" },
  { id: "compound-v3-arbitrum", project: "compound-v3", symbol: "USDC", chain: "Arbitrum" },
];
/** Listed for execution on an Executable chain with both a deposit and a withdraw builder (contract §8). */
// Every venue on an Executable chain builds deposit and withdraw; Map-chain venues are never ready (spec §1.2).
const READY = new Set(["scallop", "suilend", "navi", "kamino", "jupiter-lend", "marginfi", "save"]);
/** Listed for execution (the venue files' `ready`): the autopilot picks among these. */
const LISTED = new Set(["scallop", "navi", "suilend", "kamino", "marginfi", "jupiter-lend", "save"]);
const SUI_ADDR = `0x${"ab".repeat(32)}`;
const SOL_ADDR = "Fm8iU5JFusdGKs6Lyjpa8Yoy399crzaNMq62XwLmBCDa";
const EVM_ADDR = `0x${"12".repeat(20)}`;
const OPP_KEYS = [
  "opportunityId", "strategyId", "protocol", "name", "chain", "kind", "label", "ready", "actions",
  "grossApyBps", "netApyBps", "apy30dBps", "tvlUsd", "source", "asOf", "reason",
].sort();

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await fn();
    if (last !== undefined) return last as T;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A GET that must answer within `ms` (no request waits on the upstream; generous so a loaded CI machine does not fail it). */
async function timed(app: App, path: string, ms = 8000): Promise<Answer<J>> {
  const t = Date.now();
  const r = await call<J>(app.url, "GET", path);
  expect(Date.now() - t, `${path} took too long`).toBeLessThan(ms);
  return r;
}

/** The row the venue's APY must come from: matching chain/project/symbol with the highest TVL. */
function expectedRow(rows: LlamaPool[], u: (typeof UPSTREAM)[number]): LlamaPool {
  const m = rows.filter((r) => r.chain === u.chain && r.project === u.project && r.symbol === u.symbol);
  m.sort((a, b) => b.tvlUsd - a.tvlUsd);
  const top = m[0];
  if (!top) throw new Error(`fixture lacks ${u.id}`);
  return top;
}

const bps = (v: number | null) => (v === null ? null : Math.round(v * 100));

describe.each(dbKinds())("catalog with a healthy upstream on %s", (db) => {
  let app: App;
  let yields: FakeYields;
  let rpc: FakeRpc;
  const rows = makePools(20_000, venueRows(UPSTREAM));

  beforeAll(async () => {
    yields = await startFakeYields(rows);
    rpc = await startFakeRpc();
    rpc.set(SUI_ADDR, "native", 12_345_678_901n);
    rpc.set(SUI_ADDR, "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC", 250_000_000n);
    rpc.set(SOL_ADDR, "native", 3_000_000_000n);
    rpc.set(SOL_ADDR, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 42_000_000n);
    rpc.set(EVM_ADDR, "native", 10n ** 18n + 7n);
    rpc.set(EVM_ADDR, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 99_000_001n);
    app = await startApp({
      db,
      env: {
        SVC_YIELDS_API_URL: yields.url,
        SVC_DISABLE_JOBS: "0",
        SVC_YIELDS_REFRESH_S: "2",
        SVC_RPC_MOVE: rpc.url,
        SVC_RPC_SVM: rpc.url,
        SVC_RPC_EVM_A: rpc.url,
        SVC_RATE_LIMIT_PER_MIN: "100000",
      },
    });
    await until("first snapshot", async () => {
      const r = await call<J>(app.url, "GET", "/api/v1/svc/venues/apy");
      return r.json?.status === "ok" ? true : undefined;
    });
  });
  afterAll(async () => {
    await app?.stop();
    await yields?.close();
    await rpc?.close();
  });

  it("the fixture is a real-size /pools answer (20k rows, over 10 MB)", () => {
    expect(rows.length).toBe(20_000);
    expect(Buffer.byteLength(JSON.stringify({ status: "success", data: rows }))).toBeGreaterThan(10 * 1024 * 1024);
  });

  it("venue APYs equal the upstream's, dated and sourced, with net from the fee policy", async () => {
    const r = await timed(app, "/api/v1/svc/venues/apy");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ schemaVersion: "svc-venue-apy.v1", status: "ok", source: "defillama", reason: null, skimBps: 500 });
    const venues = r.json.venues as Row[];
    expect(venues.map((v) => v.venueId)).toEqual(UPSTREAM.map((u) => u.id));
    for (const u of UPSTREAM) {
      const want = expectedRow(rows, u);
      const got = venues.find((v) => v.venueId === u.id);
      const gross = bps(want.apy);
      expect(got, u.id).toMatchObject({
        status: "live",
        grossApyBps: gross,
        apy30dBps: bps(want.apyMean30d),
        tvlUsd: want.tvlUsd,
        pool: want.pool,
        source: "defillama",
        reason: null,
        netApyBps: gross === null ? null : Math.floor((gross * 9500) / 10000),
      });
      expect(Date.parse(String(got?.asOf))).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("venues list readiness and labels; ?live=1 adds the live APY", async () => {
    const plain = await timed(app, "/api/v1/svc/venues");
    expect(plain.json).toMatchObject({ schemaVersion: "svc-venues.v1", executionMode: "owner_sign_prepare", launchHomes: ["move-chain", "svm-chain"] });
    const list = plain.json.venues as J[];
    expect(list).toHaveLength(13);
    for (const v of list) {
      expect(v.apy).toBeUndefined();
      expect(v.opportunityId).toMatch(/^opp_/);
      expect(v.broadcastEnabled).toBe(false);
      expect(v.label).toBe(v.chain === "evm-a" || v.chain === "evm-b" ? "Map" : "Executable");
      expect(v.ready).toBe(READY.has(String(v.id)));
    }
    // contract §8: per action, from the registry that answers adapter_not_ready; the row is ready only when both are.
    type Actions = Record<"deposit" | "withdraw", { ready: boolean; reason: string | null }>;
    const actionsOf = (id: string) => (list.find((v) => v.id === id)?.actions ?? {}) as Actions;
    expect(actionsOf("scallop")).toEqual({ deposit: { ready: true, reason: null }, withdraw: { ready: true, reason: null } });
    expect(actionsOf("navi")).toEqual({ deposit: { ready: true, reason: null }, withdraw: { ready: true, reason: null } });
    expect(actionsOf("jupiter-lend").withdraw).toEqual({ ready: true, reason: null });
    // A Map-chain venue builds both actions (prepare only) but its row is not ready.
    expect(actionsOf("aave-v3-base")).toEqual({ deposit: { ready: true, reason: null }, withdraw: { ready: true, reason: null } });
    expect(list.find((v) => v.id === "aave-v3-base")?.ready).toBe(false);
    for (const v of list) {
      const actions = v.actions as Actions;
      const wallet = v.chain === "move-chain" ? SUI_ADDR : v.chain === "svm-chain" ? SOL_ADDR : EVM_ADDR;
      expect(v.ready, String(v.id)).toBe(v.label === "Executable" && actions.deposit.ready && actions.withdraw.ready);
      for (const action of ["deposit", "withdraw"] as const) {
        // The plan endpoint answers adapter_not_ready / venue_not_ready exactly when the list says not ready, with its reason.
        const plan = await call<J>(app.url, "POST", `/api/v1/svc/strategies/${action}/plan`, {
          body: { strategyId: v.id, amountMicros: "5000000", owner: wallet },
        });
        const blockers = ((plan.json?.blockers ?? []) as { code: string; message: string }[]).filter((b) =>
          ["adapter_not_ready", "venue_not_ready"].includes(b.code),
        );
        expect(blockers.length === 0, `${v.id} ${action}`).toBe(actions[action].ready);
        expect(actions[action].reason).toBe(blockers.length ? blockers.map((b) => b.message).join(" ") : null);
      }
    }
    const live = await timed(app, "/api/v1/svc/venues?live=1");
    const scallop = (live.json.venues as J[]).find((v) => v.id === "scallop");
    expect(scallop?.apy).toMatchObject({ status: "live", grossApyBps: bps(expectedRow(rows, UPSTREAM[0] as (typeof UPSTREAM)[number]).apy) });
    expect((await timed(app, "/api/v1/svc/venues?live=yes")).status).toBe(400);
  });

  it("home: the automated strategy first with the top 30-day pick, trimmed rows, filters and sorts", async () => {
    const r = await timed(app, "/api/v1/svc/home");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ schemaVersion: "svc-home.v1", status: "ok", source: "defillama" });
    const opps = r.json.opportunities as Row[];
    expect(opps).toHaveLength(14);
    for (const o of opps) expect(Object.keys(o).sort()).toEqual(OPP_KEYS);
    const [first, ...rest] = opps;
    const ready = UPSTREAM.filter((u) => LISTED.has(u.id)).map((u) => ({ u, row: expectedRow(rows, u) }));
    ready.sort((a, b) => (b.row.apyMean30d ?? 0) - (a.row.apyMean30d ?? 0));
    const top = ready[0];
    expect(first).toMatchObject({ kind: "strategy", strategyId: "svc-autopilot-top-30d-monthly", apy30dBps: bps(top?.row.apyMean30d ?? null), grossApyBps: bps(top?.row.apy ?? null) });
    const gross = rest.map((o) => o.grossApyBps as number);
    expect(gross).toEqual([...gross].sort((a, b) => b - a));

    const evm = await timed(app, "/api/v1/svc/home?chain=evm-a");
    expect((evm.json.opportunities as Row[]).map((o) => o.chain)).toEqual(["evm-a", "evm-a", "evm-a"]);
    expect((evm.json.markets as J[]).every((m) => m.chain === "evm-a")).toBe(true);
    const notReady = await timed(app, "/api/v1/svc/home?ready=0");
    const notReadyRows = notReady.json.opportunities as Row[];
    expect(notReadyRows.every((o) => o.ready === false)).toBe(true);
    // Only Map-chain venues are not ready now that every Executable venue builds both actions.
    expect(notReadyRows.map((o) => o.strategyId)).toEqual(expect.arrayContaining(["aave-v3-base"]));
    expect(notReadyRows.every((o) => o.chain === "evm-a" || o.chain === "evm-b")).toBe(true);
    const readyRows = (await timed(app, "/api/v1/svc/home?ready=1")).json.opportunities as Row[];
    expect(readyRows.filter((o) => o.kind === "venue").map((o) => o.strategyId).sort()).toEqual([...READY].sort());
    const q = await timed(app, "/api/v1/svc/home?q=aave");
    expect((q.json.protocols as J[]).map((p) => p.protocol)).toEqual(["aave-v3"]);
    expect((q.json.protocols as J[])[0]).toMatchObject({ chains: ["evm-a", "evm-b"], opportunities: 2 });
    const byTvl = await timed(app, "/api/v1/svc/home?sort=tvlUsd&order=asc");
    const tvls = (byTvl.json.opportunities as Row[]).slice(1).map((o) => o.tvlUsd as number);
    expect(tvls).toEqual([...tvls].sort((a, b) => a - b));
    const markets = r.json.markets as J[];
    expect(markets.length).toBeGreaterThan(0);
    for (const m of markets) expect(Object.keys(m).sort()).toEqual(["apy30dBps", "apyBps", "chain", "pool", "protocol", "symbol", "tvlUsd"]);
    expect((await timed(app, "/api/v1/svc/home?sort=apy")).json).toMatchObject({ code: "INVALID_REQUEST" });
    expect((await timed(app, "/api/v1/svc/home?chain=ethereum")).status).toBe(400);
  });

  it("discover: the four chains' pools, filtered and paginated, labeled not execution truth", async () => {
    const want = rows.filter((p) => p.chain === "Sui" && p.stablecoin && p.tvlUsd >= 1_000_000);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/v1/svc/discover?chain=move-chain&stablecoin=1&minTvlUsd=1000000&limit=100${cursor ? `&cursor=${cursor}` : ""}`;
      const r = await timed(app, path);
      expect(r.json).toMatchObject({ schemaVersion: "svc-discover.v1", executionTruth: false, status: "ok", total: want.length });
      for (const p of r.json.pools as J[]) {
        expect(p).toMatchObject({ chain: "move-chain", network: "Sui", stablecoin: true });
        expect(p.tvlUsd as number).toBeGreaterThanOrEqual(1_000_000);
        seen.add(String(p.pool));
      }
      cursor = r.json.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 100);
    expect(seen).toEqual(new Set(want.map((p) => p.pool)));
    const all = await timed(app, "/api/v1/svc/discover?limit=1");
    expect(all.json.total).toBe(rows.filter((p) => ["Sui", "Solana", "Base", "Arbitrum"].includes(p.chain)).length);
    expect((await timed(app, "/api/v1/svc/discover?cursor=zzz")).status).toBe(400);
    expect((await timed(app, "/api/v1/svc/discover?minTvlUsd=-5")).status).toBe(400);
    expect((await timed(app, "/api/v1/svc/discover?limit=0")).status).toBe(400);
  });

  it("strategies: id rules, opportunityIds and estimates", async () => {
    const list = await timed(app, "/api/v1/svc/strategies");
    const strategies = list.json.strategies as J[];
    expect(strategies).toHaveLength(14);
    expect(strategies[0]).toMatchObject({ strategyId: "svc-autopilot-top-30d-monthly", kind: "strategy", switchThresholdBps: 700 });
    const bare = await timed(app, "/api/v1/svc/strategies/scallop?amountMicros=1000000000");
    expect(bare.status).toBe(200);
    const s = bare.json.strategy as J & { apy: Row & { netApyBps: number } };
    const gross = bps(expectedRow(rows, UPSTREAM[0] as (typeof UPSTREAM)[number]).apy) as number;
    const net = Math.floor((gross * 9500) / 10000);
    const daily = (1_000_000_000n * BigInt(net)) / 10_000n / 365n;
    expect(bare.json.estimates).toEqual({
      estimate: true,
      stakedMicros: "1000000000",
      skimBps: 500,
      grossApyBps: gross,
      netApyBps: net,
      estDailyYieldMicros: daily.toString(),
      estMonthlyYieldMicros: (daily * 30n).toString(),
    });
    const alias = await timed(app, "/api/v1/svc/strategies/form-scallop");
    expect((alias.json.strategy as J).opportunityId).toBe(s.opportunityId);
    const byOpp = await timed(app, `/api/v1/svc/strategies/${s.opportunityId}`);
    expect((byOpp.json.strategy as J).strategyId).toBe("scallop");
    const composite = await timed(app, "/api/v1/svc/strategies/scallop-usdc");
    expect(composite.status).toBe(400);
    expect(composite.json).toMatchObject({ code: "INVALID_REQUEST" });
    expect(String(composite.json.message)).toContain('"scallop"');
    const unknown = await timed(app, "/api/v1/svc/strategies/not-a-venue");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: "NOT_FOUND" });
    expect((await timed(app, "/api/v1/svc/strategies/scallop?amountMicros=1.5")).json).toMatchObject({ code: "INVALID_AMOUNT" });
    const auto = await timed(app, "/api/v1/svc/strategies/svc-autopilot-top-30d-monthly");
    expect((auto.json.strategy as J).currentPick).toMatchObject({ chain: expect.stringMatching(/move-chain|svm-chain/) });
  });

  it("chart: proxied from the upstream for the venue's pool", async () => {
    const r = await timed(app, "/api/v1/svc/strategies/kamino/chart", 5000);
    expect(r.json).toMatchObject({ schemaVersion: "svc-chart.v1", status: "ok", source: "defillama", pool: expectedRow(rows, UPSTREAM[3] as (typeof UPSTREAM)[number]).pool });
    expect(r.json.points as J[]).toHaveLength(30);
    expect((await timed(app, "/api/v1/svc/strategies/nope/chart")).status).toBe(404);
  });

  it("packages, enablement and /api/auto-yield/venues", async () => {
    const p = await timed(app, "/api/v1/svc/packages");
    expect(p.json).toMatchObject({ schemaVersion: "svc-packages.v1", upgradeAuthority: "held" });
    const chains = p.json.chains as Array<J & { entries: J[] }>;
    expect(chains.map((c) => [c.chain, c.label])).toEqual([["move-chain", "Executable"], ["svm-chain", "Executable"], ["evm-a", "Map"], ["evm-b", "Map"]]);
    expect(chains.flatMap((c) => c.entries).some((e) => e.network === "testnet" && e.id === null)).toBe(true);
    for (const chain of ["evm-a", "evm-b"]) {
      const e = await timed(app, `/api/v1/svc/${chain}/enablement`);
      expect(e.json).toMatchObject({ chain, label: "Map", enabled: false, broadcastEnabled: false, writeReady: false, liveMoneyPath: false });
    }
    const ay = await timed(app, "/api/auto-yield/venues");
    expect(ay.json).toMatchObject({ schemaVersion: "auto-yield-venues.v1", status: "ok" });
    const navi = (ay.json.venues as J[]).find((v) => v.venue === "navi");
    // NAVI builds both actions: ready here too (one source of readiness, contract §8).
    expect(navi).toMatchObject({ ready: true, adapter_ready: true, gross_apy_bps: bps(expectedRow(rows, UPSTREAM[1] as (typeof UPSTREAM)[number]).apy) });
  });

  it("wallet balances through each chain's RPC; a failed leg is N/A while the other answers", async () => {
    const sui = await timed(app, `/api/v1/svc/move/wallet-balance?address=${SUI_ADDR}`, 5000);
    expect(sui.status).toBe(200);
    expect(sui.json.legs).toMatchObject([
      { asset: "SUI", status: "ok", amount: "12345678901", unit: "mist" },
      { asset: "USDC", status: "ok", amount: "250000000", unit: "micros" },
    ]);
    const sol = await timed(app, `/api/v1/svc/svm/wallet-balance?address=${SOL_ADDR}`, 5000);
    expect(sol.json.legs).toMatchObject([
      { asset: "SOL", status: "ok", amount: "3000000000" },
      { asset: "USDC", status: "ok", amount: "42000000" },
    ]);
    const base = await timed(app, `/api/v1/svc/evm-a/wallet-balance?address=${EVM_ADDR}`, 5000);
    expect(base.json.legs).toMatchObject([
      { asset: "ETH", status: "ok", amount: "1000000000000000007" },
      { asset: "USDC", status: "ok", amount: "99000001" },
    ]);
    // evm-b points at a closed port: both legs N/A with a reason, never a number.
    const arb = await timed(app, `/api/v1/svc/evm-b/wallet-balance?address=${EVM_ADDR}`, 7000);
    expect(arb.status).toBe(200);
    for (const l of arb.json.legs as J[]) expect(l).toMatchObject({ status: "N/A", amount: null, reason: expect.any(String) });
    rpc.failing.add("eth_call");
    try {
      const half = await timed(app, `/api/v1/svc/evm-a/wallet-balance?address=${EVM_ADDR}`, 5000);
      expect(half.json.legs).toMatchObject([{ asset: "ETH", status: "ok" }, { asset: "USDC", status: "N/A", amount: null }]);
    } finally {
      rpc.failing.delete("eth_call");
    }
    expect((await timed(app, `/api/v1/svc/move/wallet-balance?address=${EVM_ADDR}`)).json).toMatchObject({ code: "INVALID_ADDRESS" });
    expect((await timed(app, "/api/v1/svc/svm/wallet-balance?address=0OIl")).json).toMatchObject({ code: "INVALID_ADDRESS" });
    expect((await timed(app, "/api/v1/svc/svm/wallet-balance")).status).toBe(400);
    // One concrete path per chain segment (docs/decisions.md "API contract"): another segment is no route.
    expect((await timed(app, `/api/v1/svc/ethereum/wallet-balance?address=${EVM_ADDR}`)).json).toMatchObject({ code: "NOT_FOUND" });
  });

  it("a changed upstream APY reaches the API on the next refresh", async () => {
    const u = UPSTREAM[2] as (typeof UPSTREAM)[number];
    const target = expectedRow(rows, u);
    const changed = rows.map((p) => (p.pool === target.pool ? { ...p, apy: 11.11 } : p));
    yields.setPools(changed);
    await until("suilend at 1111 bps", async () => {
      const r = await call<J>(app.url, "GET", "/api/v1/svc/venues/apy");
      const v = (r.json.venues as Row[]).find((x) => x.venueId === "suilend");
      return v?.grossApyBps === 1111 ? true : undefined;
    }, 20_000);
    yields.setPools(rows);
  });

  it("the OpenAPI document describes the catalog routes", async () => {
    const doc = await timed(app, "/api/v1/openapi.json", 5000);
    const paths = Object.keys(doc.json.paths as J);
    for (const p of ["/api/v1/svc/home", "/api/v1/svc/venues/apy", "/api/v1/svc/move/wallet-balance", "/api/v1/svc/svm/wallet-balance", "/api/v1/svc/evm-a/wallet-balance", "/api/v1/svc/evm-b/wallet-balance", "/api/auto-yield/venues", "/api/v1/svc/strategies/{id}/chart"]) {
      expect(paths).toContain(p);
    }
  });
});

describe.each(dbKinds())("catalog with the upstream down, slow, empty or malformed on %s", (db) => {
  let app: App;
  let yields: FakeYields;
  const small = makePools(300, venueRows(UPSTREAM), 99);

  beforeAll(async () => {
    yields = await startFakeYields(small, "500");
    app = await startApp({
      db,
      env: {
        SVC_YIELDS_API_URL: yields.url,
        SVC_DISABLE_JOBS: "0",
        SVC_YIELDS_REFRESH_S: "1",
        SVC_YIELDS_TIMEOUT_MS: "500",
        SVC_APY_MAX_AGE_S: "4",
        SVC_RATE_LIMIT_PER_MIN: "100000",
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await yields?.close();
  });

  async function expectUnavailable(reason: RegExp): Promise<void> {
    await until(`reason ${reason}`, async () => {
      const r = await timed(app, "/api/v1/svc/venues/apy");
      return reason.test(String(r.json.reason)) ? true : undefined;
    }, 15_000);
    const apy = await timed(app, "/api/v1/svc/venues/apy");
    expect(apy.status).toBe(200);
    expect(apy.json).toMatchObject({ status: "unavailable", asOf: null });
    for (const v of apy.json.venues as Row[]) expect(v).toMatchObject({ grossApyBps: null, netApyBps: null, apy30dBps: null, tvlUsd: null, status: "unavailable" });
    const home = await timed(app, "/api/v1/svc/home");
    expect(home.json).toMatchObject({ status: "unavailable", asOf: null, markets: [] });
    for (const o of home.json.opportunities as Row[]) {
      expect(o.grossApyBps).toBeNull();
      expect(o.reason).toEqual(expect.any(String));
    }
    expect((await timed(app, "/api/v1/svc/discover")).json).toMatchObject({ status: "unavailable", pools: [], total: 0 });
    const ay = await timed(app, "/api/auto-yield/venues");
    expect((ay.json.venues as J[]).every((v) => v.gross_apy_bps === null)).toBe(true);
    const s = await timed(app, "/api/v1/svc/strategies/scallop");
    expect(s.json.estimates).toMatchObject({ grossApyBps: null, netApyBps: null, estDailyYieldMicros: null, estMonthlyYieldMicros: null });
    const chart = await timed(app, "/api/v1/svc/strategies/scallop/chart");
    expect(chart.json).toMatchObject({ status: "unavailable", points: [] });
  }

  it("500, hang, empty and malformed upstreams give nulls and unavailable, fast; a stale snapshot turns null", async () => {
    await expectUnavailable(/HTTP 500/);
    yields.setMode("hang");
    await expectUnavailable(/no answer within 500 ms/);
    yields.setMode("empty");
    await expectUnavailable(/empty upstream/);
    yields.setMode("malformed");
    await expectUnavailable(/malformed JSON/);
    yields.setMode("wrong-shape");
    await expectUnavailable(/malformed body/);

    yields.setMode("ok");
    const live = await until("live values", async () => {
      const r = await timed(app, "/api/v1/svc/venues/apy");
      return r.json.status === "ok" ? r : undefined;
    });
    expect((live.json.venues as Row[]).every((v) => v.status === "live" && v.grossApyBps !== null)).toBe(true);

    // Upstream down again: the last good snapshot is kept while young, then turns stale → null.
    yields.setMode("500");
    const kept = await timed(app, "/api/v1/svc/venues/apy");
    expect((kept.json.venues as Row[])[0]?.grossApyBps).not.toBeNull();
    const stale = await until("stale", async () => {
      const r = await timed(app, "/api/v1/svc/venues/apy");
      return (r.json.venues as Row[])[0]?.status === "stale" ? r : undefined;
    }, 15_000);
    expect(stale.json.status).toBe("unavailable");
    expect(String(stale.json.reason)).toMatch(/older than 4 s; last refresh failed: HTTP 500/);
    for (const v of stale.json.venues as Row[]) {
      expect(v).toMatchObject({ status: "stale", grossApyBps: null, apy30dBps: null, tvlUsd: null, source: "defillama" });
      expect(v.asOf).toEqual(expect.any(String));
    }
  });

  it("wallet balances with every RPC on a closed port are N/A, not numbers", async () => {
    for (const [seg, addr] of [["move", SUI_ADDR], ["svm", SOL_ADDR], ["evm-a", EVM_ADDR], ["evm-b", EVM_ADDR]] as const) {
      const r = await timed(app, `/api/v1/svc/${seg}/wallet-balance?address=${addr}`, 7000);
      expect(r.status).toBe(200);
      for (const l of r.json.legs as J[]) expect(l).toMatchObject({ status: "N/A", amount: null, asOf: null, reason: expect.any(String) });
    }
  });
});
