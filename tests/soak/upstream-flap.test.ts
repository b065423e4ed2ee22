// The yields upstream and the chain RPC flapping under load (issue 26 item 4): each in turn refuses connections,
// stalls, answers errors and recovers, while clients read the catalog, the portfolios, wallet balances and harvest.
// No answer is a 5xx, every one comes within a bound (the configured timeouts plus a margin), a figure that could not
// be read is null with its reason (never a number), and once both are back the figures return.
import { randomBytes } from "node:crypto";
import { toBase58 } from "@mysten/sui/utils";
import { afterAll, describe, expect, it } from "vitest";
import { VENUES } from "../../server/venues";
import { type App, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { type FakeYields, startFakeYields, venueRows, type YieldsMode } from "../support/fake-yields";
import { call } from "../support/http";
import { soakWallets } from "../support/soak";
import { SOAK_KEYS, soakEnv, startRateDrift } from "../support/soak-stack";

const TIMEOUT_MS = 800;
/** Worst case: a yields read and an RPC read, each to its timeout, plus scheduling on a shared 2-core machine. */
const BOUND_MS = 2 * TIMEOUT_MS + 2500;
type J = Record<string, unknown>;

interface Phase {
  yields: YieldsMode;
  chain: "ok" | "down" | "stalled" | "failing";
}
const PHASES: Phase[] = [
  { yields: "ok", chain: "ok" },
  { yields: "hang", chain: "down" },
  { yields: "500", chain: "stalled" },
  { yields: "refuse", chain: "failing" },
  { yields: "ok", chain: "ok" },
];

function setChain(rpc: FakeRpc, mode: Phase["chain"]): void {
  rpc.down = mode === "down";
  rpc.stalled = mode === "stalled";
  for (const m of ["BatchGetObjects", "GetObject", "ListOwnedObjects", "GetBalance", "ListBalances"]) {
    if (mode === "failing") rpc.failing.add(m);
    else rpc.failing.delete(m);
  }
}

describe("yields upstream and chain RPC flapping under load", () => {
  let app: App | undefined;
  let rpc: FakeRpc | undefined;
  let yields: FakeYields | undefined;
  let drift: (() => void) | undefined;
  afterAll(async () => {
    drift?.();
    await app?.stop();
    await rpc?.close();
    await yields?.close();
  });

  it("answers without a 5xx, within a bound, with nulls and reasons while down, and with figures again after", { timeout: 120_000 }, async () => {
    rpc = await startFakeRpc();
    drift = startRateDrift(rpc);
    yields = await startFakeYields(venueRows(VENUES.map((v) => v.upstream)));
    const env = soakEnv(rpc.url, {
      SVC_YIELDS_API_URL: yields.url,
      SVC_DISABLE_JOBS: "0",
      SVC_YIELDS_REFRESH_S: "1",
      SVC_APY_MAX_AGE_S: "2",
      SVC_YIELDS_TIMEOUT_MS: String(TIMEOUT_MS),
      SVC_RPC_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    app = await startApp({ env });
    const url = app.url;
    // W's chain figures are read (and kept 15 s) before the outage; W2's only from the outage on.
    const [W, W2] = soakWallets(2, 9) as [string, string];
    for (const w of [W, W2]) {
      const staked = await call<J>(url, "POST", `/api/v1/wallets/${w}/route`, { key: SOAK_KEYS.owner, body: { amountMicros: "50000000", chain: "move-chain", stake: true, strategyId: "suilend", txId: toBase58(randomBytes(32)) } });
      expect(staked.status, staked.text).toBe(200);
    }

    const reads: Array<[string, string, string | undefined]> = [
      ["GET", "/api/v1/svc/venues?live=1", undefined],
      ["GET", "/api/v1/svc/venues/apy", undefined],
      ["GET", "/api/v1/svc/home", undefined],
      ["GET", "/api/v1/svc/strategies/suilend/chart", undefined],
      ["GET", `/api/v1/wallets/${W}/portfolio`, SOAK_KEYS.agent],
      ["GET", `/api/v1/svc/portfolio?wallet=${W}`, undefined],
      ["GET", `/api/v1/svc/portfolio?wallet=${W2}`, undefined],
      ["GET", `/api/v1/svc/move/wallet-balance?address=${W}`, undefined],
      ["POST", `/api/v1/wallets/${W}/harvest`, undefined],
    ];
    const seen: Array<{ phase: number; path: string; status: number; ms: number; json: J }> = [];
    let phase = 0;
    let stopped = false;
    const worker = async (id: number) => {
      for (let i = id; !stopped; i++) {
        const [method, path, key] = reads[i % reads.length] as [string, string, string | undefined];
        const at = phase;
        if (at === 0 && path.endsWith(W2)) continue;
        const t0 = performance.now();
        const a = await call<J>(url, method, path, { key, body: method === "POST" ? {} : undefined });
        seen.push({ phase: at, path, status: a.status, ms: performance.now() - t0, json: a.json });
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, i) => worker(i)));
    for (let p = 0; p < PHASES.length; p++) {
      phase = p;
      yields.setMode((PHASES[p] as Phase).yields);
      setChain(rpc, (PHASES[p] as Phase).chain);
      await new Promise((r) => setTimeout(r, p === PHASES.length - 1 ? 6000 : 3500));
    }
    stopped = true;
    await workers;

    console.log(`flap: ${seen.length} answers, slowest ${Math.round(Math.max(...seen.map((s) => s.ms)))} ms (bound ${BOUND_MS} ms)`);
    expect(seen.filter((s) => s.status !== 200).map((s) => `${s.path} ${s.status}`)).toEqual([]);
    const slow = seen.filter((s) => s.ms > BOUND_MS).map((s) => `${s.path} ${Math.round(s.ms)} ms`);
    expect(slow).toEqual([]);
    const during = seen.filter((s) => s.phase > 0 && s.phase < PHASES.length - 1);
    // While down: harvest says the yield is unavailable and why; the portfolio's chain figure is null with a reason.
    const harvestDown = during.filter((s) => s.path.endsWith("/harvest"));
    expect(harvestDown.some((s) => s.json.outcome === "unavailable" && typeof s.json.reason === "string")).toBe(true);
    for (const s of harvestDown) if (s.json.outcome === "unavailable") expect(s.json.grossYieldMicros).toBe("0");
    const portfolioDown = during.filter((s) => s.path.endsWith(`/portfolio?wallet=${W2}`)).flatMap((s) => s.json.positions as J[]);
    expect(portfolioDown.some((p) => p.currentMicros === null && typeof p.currentReason === "string")).toBe(true);
    for (const p of portfolioDown) if (p.currentMicros === null) expect(p.roiPct).toBeNull();
    const apyDown = during.filter((s) => s.path === "/api/v1/svc/venues/apy");
    expect(apyDown.some((s) => JSON.stringify(s.json).includes('"reason"'))).toBe(true);
    // Back: the last answers carry figures again.
    const last = seen.filter((s) => s.phase === PHASES.length - 1).slice(-40);
    expect(last.some((s) => s.path.endsWith("/harvest") && s.json.outcome !== "unavailable")).toBe(true);
    expect(last.some((s) => s.path.includes("/portfolio?wallet=") && (s.json.positions as J[]).some((p) => p.currentMicros !== null))).toBe(true);
  });
});
