// Autopilot, wallet auto-yield and characters on the running app, on each database, against a local
// DefiLlama-format yields server: the 7-point switch threshold (6.99 stays, 7.00 switches), never across
// chains, a null 30-day APY never picked, the route default following the wallet's autopilot; auto-yield OFF
// by default and 400 for a negative max stake; character auth, 404, scoring order and tie-break, stakeable
// arithmetic with liability and tranches, stake blocked while off, survival unstake amounts and its event;
// an empty upstream gives blocker empty_upstream and a failing one 200 blocked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autopilotEndpoints } from "../../server/autopilot/endpoints";
import { characterEndpoints } from "../../server/characters/endpoints";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeYields, type LlamaPool, llamaRow, rng, startFakeYields } from "../support/fake-yields";
import { call } from "../support/http";

type J = Record<string, unknown>;
const W = `0x${"a1".repeat(32)}`;
const W2 = `0x${"a2".repeat(32)}`;
const W3 = `0x${"a3".repeat(32)}`;
const W4 = `0x${"a4".repeat(32)}`;
const CW = `0x${"c1".repeat(32)}`;
const OTHER = `0x${"99".repeat(32)}`;
const EXAMPLE_WALLET = `0x${"3".repeat(64)}`;
const KEYS = {
  owner: "ay-owner-key-000000000000001",
  agent: "ay-agent-key-000000000000001",
  keeper: "ay-keeper-key-00000000000001",
  otherOwner: "ay-other-owner-key-00000001",
  otherAgent: "ay-other-agent-key-00000001",
};
const MINE = [W, W2, W3, W4, CW, EXAMPLE_WALLET];
const bootstrap = JSON.stringify([
  { key: KEYS.owner, role: "owner", wallets: MINE },
  { key: KEYS.agent, role: "agent", wallets: MINE },
  { key: KEYS.keeper, role: "keeper", wallets: ["*"] },
  { key: KEYS.otherOwner, role: "owner", wallets: [OTHER] },
  { key: KEYS.otherAgent, role: "agent", wallets: [OTHER] },
]);

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const r = rng(11);
function row(chain: string, project: string, o: Partial<LlamaPool>): LlamaPool {
  return llamaRow(r, { chain, project, symbol: "USDC", stablecoin: true, tvlUsd: 900_000_000, apyReward: null, ...o });
}

/** Fixture A: suilend 4.00 vs navi 10.99 (30-day); scallop 20 % now but no 30-day value; kamino (svm) 50 % 30-day; scallop and kamino tie on gross and TVL. */
function fixture(naviApy30: number, kamino: Partial<LlamaPool>): LlamaPool[] {
  return [
    row("Sui", "suilend", { apy: 5, apyBase: 5, apyMean30d: 4 }),
    row("Sui", "navi-lending", { apy: 6, apyBase: 6, apyMean30d: naviApy30 }),
    row("Sui", "scallop-lend", { apy: 20, apyBase: 20, apyMean30d: null }),
    row("Solana", "kamino-lend", { apy: 20, apyBase: 20, apyMean30d: 50, ...kamino }),
    row("Solana", "marginfi-lending", { apy: 3, apyBase: 3, apyMean30d: 3 }),
    // A stablecoin pool no venue routes into, and one below the TVL floor.
    row("Sui", "some-dex", { symbol: "USDC-USDT", apy: 40, apyBase: 40, tvlUsd: 1_000_000_000 }),
    row("Sui", "tiny-lend", { apy: 30, apyBase: 30, tvlUsd: 10_000_000 }),
    row("Ethereum", "aave-v3", { apy: 4, apyBase: 4 }),
  ];
}

const venueApy = async (app: App, id: string) => {
  const a = await call<{ venues: J[] }>(app.url, "GET", "/api/v1/svc/venues/apy");
  return a.json.venues?.find((v) => v.venueId === id);
};

describe.each(dbKinds())("autopilot, auto-yield and characters (%s)", (db) => {
  let app: App;
  let yields: FakeYields;
  let chr = "";
  beforeAll(async () => {
    yields = await startFakeYields(fixture(10.99, {}));
    app = await startApp({
      db,
      env: { SVC_API_KEYS: bootstrap, SVC_YIELDS_API_URL: yields.url, SVC_DISABLE_JOBS: "0", SVC_YIELDS_REFRESH_S: "1", SVC_RATE_LIMIT_PER_MIN: "1000000" },
    });
    await until("first snapshot", async () => ((await venueApy(app, "navi"))?.apy30dBps === 1099 ? true : undefined));
  });
  afterAll(async () => {
    await app?.stop();
    await yields?.close();
  });

  const post = (path: string, key: string | undefined, body?: unknown) => call<J>(app.url, "POST", path, { key, body });
  const put = (path: string, key: string, body?: unknown) => call<J>(app.url, "PUT", path, { key, body });
  const get = (path: string, key?: string) => call<J>(app.url, "GET", path, { key });

  it("every autopilot and character endpoint's example is answered per its declared schema (or a JSON 4xx)", async () => {
    for (const def of [...autopilotEndpoints, ...characterEndpoints]) {
      const ex = def.example ?? {};
      let p = def.path;
      for (const [k, v] of Object.entries(ex.params ?? {})) p = p.replace(`{${k}}`, v);
      const qs = new URLSearchParams(ex.query ?? {}).toString();
      if (qs) p += `?${qs}`;
      const key = def.access === "keeper.ops" ? KEYS.keeper : def.access === "wallet.read" || def.access === "wallet.dryrun" ? KEYS.agent : KEYS.owner;
      const a = await call<J>(app.url, def.method, p, { key, body: def.method === "GET" ? undefined : (ex.body ?? {}) });
      const schema = (def.responses as Record<number, { safeParse: (v: unknown) => { success: boolean; error?: unknown } }>)[a.status];
      if (schema) expect(schema.safeParse(a.json).success, `${def.method} ${def.path} → ${a.status}: ${a.text.slice(0, 300)}`).toBe(true);
      else {
        expect(a.status, `${def.method} ${def.path}: ${a.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(a.status).toBeLessThan(500);
        expect(typeof a.json.code).toBe("string");
      }
    }
  });

  it("autopilot: off by default; enable/disable are owner-only; 6.99 points → hold; route default follows the wallet's autopilot", async () => {
    const off = await get(`/api/v1/wallets/${W}/autopilot`, KEYS.agent);
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ schemaVersion: "svc-autopilot.v1", enabled: false, chain: null, lastDecision: null, switchThresholdBps: 700 });
    expect((await post(`/api/v1/wallets/${W}/autopilot/enable`, KEYS.agent, { chain: "move-chain" })).status).toBe(403);
    expect((await post(`/api/v1/wallets/${W}/autopilot/enable`, KEYS.otherOwner, { chain: "move-chain" })).json.code).toBe("WALLET_SCOPE");
    expect((await post(`/api/v1/wallets/${W}/autopilot/enable`, KEYS.owner, { chain: "svm-chain" })).json.code).toBe("INVALID_ADDRESS");

    const staked = await post(`/api/v1/wallets/${W}/route`, KEYS.owner, { amountMicros: "1000000", chain: "move-chain", stake: true, strategyId: "suilend" });
    expect(staked.status).toBe(200);
    const on = await post(`/api/v1/wallets/${W}/autopilot/enable`, KEYS.owner, { chain: "move-chain" });
    expect(on.json).toMatchObject({ enabled: true, chain: "move-chain", currentVenueId: "suilend", currentPick: { venueId: "navi", apy30dBps: 1099, source: "defillama" } });
    expect((on.json.currentPick as J).asOf).toEqual(expect.any(String));

    const pre = await post(`/api/v1/wallets/${W}/autopilot/preview`, KEYS.agent, {});
    expect(pre.status).toBe(200);
    expect(pre.json).toMatchObject({ dryRun: true, recorded: false, decision: { id: null, action: "hold", currentVenueId: "suilend", currentApy30dBps: 400, pickVenueId: "navi", pickApy30dBps: 1099, deltaBps: 699, plan: null } });
    expect((await get(`/api/v1/wallets/${W}/autopilot/history`, KEYS.agent)).json.count).toBe(0);

    const dec = await post(`/api/v1/wallets/${W}/autopilot/decide`, KEYS.agent, { chain: "move-chain" });
    expect(dec.json).toMatchObject({ recorded: true, decision: { action: "hold", targetVenueId: "suilend", trigger: "decide" } });
    expect(String((dec.json.decision as J).id)).toMatch(/^apd_/);

    // The route default is the wallet's autopilot target (suilend), not the global top 30-day APY (navi).
    const routed = await post(`/api/v1/wallets/${W}/route`, KEYS.owner, { amountMicros: "500000", chain: "move-chain", stake: true });
    expect(routed.json).toMatchObject({ status: "done", venueId: "suilend", venueChoice: "autopilot" });
    await post(`/api/v1/wallets/${W}/autopilot/disable`, KEYS.owner, { chain: "move-chain" });
    const pre2 = await post(`/api/v1/wallets/${W}/preview`, KEYS.agent, { amountMicros: "1", chain: "move-chain", stake: true });
    expect(pre2.json).toMatchObject({ venueId: "navi", venueChoice: "autopilot" });
    const after = await post(`/api/v1/wallets/${W}/autopilot/enable`, KEYS.owner, { chain: "move-chain" });
    expect(after.json).toMatchObject({ enabled: true, lastDecision: { action: "hold" } });
  });

  it("autopilot never picks a null 30-day APY nor another chain's venue; tick records once a month", async () => {
    // scallop has the top gross APY on move-chain but no 30-day value; kamino (svm-chain) has 50 %.
    await post(`/api/v1/wallets/${W3}/autopilot/enable`, KEYS.owner, { chain: "move-chain" });
    const t1 = await post(`/api/v1/wallets/${W3}/autopilot/tick`, KEYS.agent);
    expect(t1.json).toMatchObject({ recorded: true, due: true, decision: { action: "select", pickVenueId: "navi", targetVenueId: "navi", trigger: "tick" } });
    const t2 = await post(`/api/v1/wallets/${W3}/autopilot/tick`, KEYS.agent);
    expect(t2.json).toMatchObject({ recorded: false, due: false, decision: { id: (t1.json.decision as J).id } });
    expect(Date.parse(String(t2.json.nextTickDueAt)) - Date.parse(String((t1.json.decision as J).decidedAt))).toBe(30 * 86_400_000);
    const off = await post(`/api/v1/wallets/${W2}/autopilot/tick`, KEYS.agent, { chain: "move-chain" });
    expect(off.json).toMatchObject({ recorded: false, blockers: [{ code: "autopilot_disabled" }] });
    const h = await get(`/api/v1/wallets/${W3}/autopilot/history?limit=1`, KEYS.agent);
    expect(h.json).toMatchObject({ count: 1, nextCursor: null });
  });

  it("wallet auto-yield: OFF by default; negative or non-integer max stake → 400; unknown venue → 404; owner sets, agent reads", async () => {
    const d = await get(`/api/v1/wallets/${W2}/auto-yield`, KEYS.agent);
    expect(d.json).toMatchObject({ auto_yield_enabled: false, target_venue: null, max_stake_micros: null, enabled_at: null });
    for (const bad of ["-1", -1, "1.5", 1000]) {
      const a = await put(`/api/v1/wallets/${W2}/auto-yield`, KEYS.owner, { max_stake_micros: bad });
      expect(a.status, String(bad)).toBe(400);
      expect(a.json.code).toBe("INVALID_AMOUNT");
    }
    expect((await put(`/api/v1/wallets/${W2}/auto-yield`, KEYS.owner, { target_venue: "nosuchvenue" })).status).toBe(404);
    expect((await put(`/api/v1/wallets/${W2}/auto-yield`, KEYS.agent, { auto_yield_enabled: true })).status).toBe(403);
    const on = await put(`/api/v1/wallets/${W2}/auto-yield`, KEYS.owner, { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" });
    expect(on.json).toMatchObject({ auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" });
    expect(on.json.enabled_at).toEqual(expect.any(String));
  });

  it("characters: owner creates (201), non-owner 401/403, agent in scope reads, missing → 404", async () => {
    expect((await call<J>(app.url, "POST", "/api/characters", { body: { wallet: CW, name: "Ada" } })).status).toBe(401);
    expect((await post("/api/characters", KEYS.agent, { wallet: CW, name: "Ada" })).status).toBe(403);
    expect((await post("/api/characters", KEYS.otherOwner, { wallet: CW, name: "Ada" })).json.code).toBe("WALLET_SCOPE");
    const c = await post("/api/characters", KEYS.owner, { wallet: CW, name: "Ada" });
    expect(c.status).toBe(201);
    expect(c.json).toMatchObject({ wallet: CW, name: "Ada", chain: "move-chain", auto_yield_enabled: false });
    chr = String(c.json.id);
    expect(chr).toMatch(/^chr_/);
    expect((await post("/api/characters", KEYS.owner, { wallet: CW, name: "Again" })).status).toBe(409);
    expect((await get(`/api/characters/${chr}`, KEYS.agent)).status).toBe(200);
    expect((await get(`/api/characters/${chr}`, KEYS.otherAgent)).json.code).toBe("WALLET_SCOPE");
    expect((await get(`/api/characters/${chr}`)).status).toBe(401);
    expect((await put(`/api/characters/${chr}`, KEYS.agent, { storageBillMicros: "1" })).status).toBe(403);
    expect((await put(`/api/characters/${chr}/auto-yield`, KEYS.otherOwner, { auto_yield_enabled: true })).json.code).toBe("WALLET_SCOPE");
    const missing = await get("/api/characters/chr_doesnotexist0000000", KEYS.agent);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("NOT_FOUND");
    expect((await post("/api/characters/chr_doesnotexist0000000/auto-yield/stake", KEYS.owner, {})).status).toBe(404);
    // A missing character is 404 to every caller (any key already tells 404 from 403); one that exists is 401 keyless.
    const keyless = await get("/api/characters/chr_doesnotexist0000000");
    expect([keyless.status, keyless.json.code]).toEqual([404, "NOT_FOUND"]);
    expect((await get("/api/characters/chr_doesnotexist0000000/auto-yield")).status).toBe(404);
    expect((await post("/api/characters/chr_doesnotexist0000000/auto-yield/stake", undefined, {})).status).toBe(404);
    expect((await get(`/api/characters/${chr}/auto-yield`)).json.code).toBe("UNAUTHORIZED");
    expect((await post(`/api/characters/${chr}/auto-yield/stake`, undefined, {})).status).toBe(401);
    expect((await get("/api/characters/chr_doesnotexist0000000", "not-a-real-key")).json.code).toBe("INVALID_API_KEY");
    const ay = await get(`/api/characters/${chr}/auto-yield`, KEYS.agent);
    expect(ay.json).toMatchObject({ auto_yield_enabled: false, target_venue: null, stakedMicros: "0", estimates: { estimate: true } });
    expect(ay.text).not.toMatch(/ay-owner-key|ay-agent-key|hmacKey|privateKey/);
  });

  it("discovery: stablecoin pools on allowed chains above the TVL floor, TVL desc; scored; ties by venue id", async () => {
    const d = await post(`/api/characters/${chr}/auto-yield/discover`, KEYS.agent, {});
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ schemaVersion: "auto-yield-discovery.v1", status: "ok", filters: { minTvlUsd: 50_000_000 } });
    const pools = d.json.pools as J[];
    expect(pools.some((p) => p.project === "tiny-lend" || p.project === "aave-v3")).toBe(false);
    const tvls = pools.map((p) => Number(p.tvlUsd));
    expect([...tvls].sort((a, b) => b - a)).toEqual(tvls);
    expect(pools.find((p) => p.project === "some-dex")).toMatchObject({ eligible: false, rejected: ["venue_not_allowed", "adapter_not_ready"] });
    expect(pools.find((p) => p.venue === "navi")).toMatchObject({ eligible: true, rejected: [] });
    // scallop and kamino tie (same net APY, TVL, adapter): venue id ascending; navi (6 %) and suilend (5 %) after them;
    // marginfi (its builders landed, so its adapter is ready) has the lowest score of the fixture's pools.
    expect(d.json.ranking).toEqual(["kamino", "scallop", "navi", "suilend", "marginfi"]);
    expect(pools.find((p) => p.venue === "kamino")?.score).toBe(pools.find((p) => p.venue === "scallop")?.score);
    // Never across chains: the move-chain character's plan selects scallop; nothing is stakeable yet.
    expect(d.json.plan).toMatchObject({ schemaVersion: "auto-yield-plan.v1", mode: "dry_run", selected: null });
    expect((d.json.plan as J).blockers).toEqual(expect.arrayContaining([expect.objectContaining({ code: "stakeable_zero" }), expect.objectContaining({ code: "auto_yield_disabled" })]));
  });

  it("the risk envelope's TVL floor takes billions (a 500 past 2^31-1 before, found by tests/fuzz), up to 10^12; past it 400", async () => {
    const big = await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { min_tvl_usd: 3_000_000_000 });
    expect(big.status, big.text).toBe(200);
    expect((await get(`/api/characters/${chr}/auto-yield`, KEYS.agent)).json).toMatchObject({ risk_envelope: { min_tvl_usd: 3_000_000_000 } });
    const max = await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { min_tvl_usd: 1_000_000_000_000 });
    expect(max.status, max.text).toBe(200);
    const over = await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { min_tvl_usd: 1_000_000_000_001 });
    expect([over.status, over.json.code]).toEqual([400, "INVALID_REQUEST"]);
    expect((await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { min_tvl_usd: null })).status).toBe(200);
  });

  it("stake is blocked while off; stakeable = liquid − liability − non-stakeable tranches; amount capped at min(stakeable, max)", async () => {
    await post(`/api/v1/wallets/${CW}/route`, KEYS.owner, { amountMicros: "10000000", chain: "move-chain", stake: false });
    const off = await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.owner, { amountMicros: "1000000" });
    expect(off.status).toBe(422);
    expect(off.json).toMatchObject({ status: "blocked", blockers: [{ code: "auto_yield_disabled" }] });
    expect((await post(`/api/characters/${chr}/auto-yield/unstake`, KEYS.owner, {})).json).toMatchObject({ blockers: [{ code: "auto_yield_disabled" }] });
    const set = await put(`/api/characters/${chr}`, KEYS.owner, {
      fanCreditLiabilityMicros: "2000000",
      conditionedTranches: [
        { amountMicros: "1000000", stakeable: false },
        { amountMicros: "3000000", stakeable: true },
      ],
    });
    expect(set.status).toBe(200);
    expect((await get(`/api/characters/${chr}/auto-yield`, KEYS.agent)).json).toMatchObject({ liquidMicros: "10000000", stakeableMicros: "7000000" });
    for (const bad of ["-5", -5]) expect((await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { max_stake_micros: bad })).status).toBe(400);
    expect((await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { target_venue: "kamino" })).status).toBe(400);
    const on = await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" });
    expect(on.json).toMatchObject({ auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000", venue: "scallop", grossApyBps: 2000, netApyBps: 1900 });
    const s1 = await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.owner, { amountMicros: "9000000" });
    expect(s1.json).toMatchObject({ status: "done", venue: "scallop", amountMicros: "5000000", capped: true, stakeableMicros: "7000000", feeMicros: "0" });
    expect((await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.owner, {})).json).toMatchObject({ blockers: [{ code: "max_stake_reached" }] });
    await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { max_stake_micros: null });
    const s2 = await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.owner, {});
    expect(s2.json).toMatchObject({ status: "done", amountMicros: "2000000", position: { liquidMicros: "3000000", venueStakedMicros: "7000000" } });
    expect((await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.owner, {})).json).toMatchObject({ blockers: [{ code: "stakeable_zero" }] });
    expect((await post(`/api/characters/${chr}/auto-yield/stake`, KEYS.agent, {})).status).toBe(403);
    const st = await get(`/api/characters/${chr}/auto-yield`, KEYS.agent);
    expect(st.json).toMatchObject({ stakedMicros: "7000000", estimates: { gross_apy_bps: 2000, net_apy_bps: 1900, staked_micros: "7000000" } });
    // Disabling does not unstake.
    await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { auto_yield_enabled: false });
    expect((await get(`/api/characters/${chr}/auto-yield`, KEYS.agent)).json).toMatchObject({ auto_yield_enabled: false, stakedMicros: "7000000" });
  });

  it("harvest plan: keeper or owner, amounts from the venue (caller amounts refused)", async () => {
    const k = await post(`/api/characters/${chr}/auto-yield/harvest/plan`, KEYS.keeper, {});
    expect(k.json).toMatchObject({ schemaVersion: "harvest-plan.v1", characterId: chr, prepared: true });
    expect((await post(`/api/characters/${chr}/auto-yield/harvest/plan`, KEYS.keeper, { grossYieldMicros: "1000" })).status).toBe(400);
    expect((await post(`/api/characters/${chr}/auto-yield/harvest/plan`, KEYS.agent, {})).status).toBe(403);
  });

  it("survival unstake: only when due and liquid < bill; min(shortfall, staked − liability); event reason survival_storage", async () => {
    // liquid 3, staked 7, liability 2 (USDC). Bill 9 → shortfall 6, but only 5 may leave the stake.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await put(`/api/characters/${chr}`, KEYS.owner, { storageBillMicros: "9000000", storageRenewalDueAt: future });
    expect((await post(`/api/characters/${chr}/auto-yield/survival`, KEYS.owner, {})).status).toBe(403);
    const early = await post(`/api/characters/${chr}/auto-yield/survival`, KEYS.keeper, {});
    expect(early.json).toMatchObject({ outcome: "not_due", unstakedMicros: "0", shortfallMicros: "6000000" });
    await put(`/api/characters/${chr}`, KEYS.owner, { storageRenewalDueAt: "2026-01-01T00:00:00.000Z" });
    const s = await post(`/api/characters/${chr}/auto-yield/survival`, KEYS.keeper, {});
    expect(s.json).toMatchObject({
      outcome: "unstaked",
      eventReason: "survival_storage",
      shortfallMicros: "6000000",
      unstakedMicros: "5000000",
      liquidAfterMicros: "8000000",
      stakedAfterMicros: "2000000",
      legs: [{ venueId: "scallop", amountMicros: "5000000" }],
    });
    const again = await post(`/api/characters/${chr}/auto-yield/survival`, KEYS.keeper, {});
    expect(again.json).toMatchObject({ outcome: "held_by_liability", unstakedMicros: "0" });
    const ev = await get("/api/v1/svc/webhooks/events?type=position.updated&limit=50", KEYS.agent);
    const survivalEvents = (ev.json.events as J[]).filter((e) => (e.data as J).reason === "survival_storage");
    expect(survivalEvents).toHaveLength(1);
    expect(survivalEvents[0]?.data).toMatchObject({ characterId: chr, unstakedMicros: "5000000", billMicros: "9000000", wallet: CW });
  });

  it("owner unstake works while on; 7.00 points → switch with a within-chain rebalance plan; scoring follows net APY", async () => {
    await put(`/api/characters/${chr}/auto-yield`, KEYS.owner, { auto_yield_enabled: true });
    const u = await post(`/api/characters/${chr}/auto-yield/unstake`, KEYS.owner, { amountMicros: "1000000" });
    expect(u.json).toMatchObject({ status: "done", amountMicros: "1000000", position: { stakedMicros: "1000000", liquidMicros: "9000000" } });

    yields.setPools(fixture(11, { apy: 12, apyBase: 12, tvlUsd: 2_000_000_000 }));
    await until("navi 30-day 11.00", async () => ((await venueApy(app, "navi"))?.apy30dBps === 1100 ? true : undefined));
    const sw = await post(`/api/v1/wallets/${W}/autopilot/preview`, KEYS.agent, {});
    expect(sw.json).toMatchObject({
      decision: {
        action: "switch",
        currentVenueId: "suilend",
        pickVenueId: "navi",
        deltaBps: 700,
        targetVenueId: "navi",
        plan: { kind: "rebalance", chain: "move-chain", fromStrategyId: "suilend", toStrategyId: "navi", amountMicros: "1500000", ownerMustSign: true, submitted: false },
      },
    });
    // Nothing moved: the position is unchanged.
    expect((await get(`/api/v1/wallets/${W}/position`, KEYS.agent)).json).toMatchObject({ stakedMicros: "1500000" });

    const d = await post(`/api/characters/${chr}/auto-yield/discover`, KEYS.agent, {});
    expect(d.json.ranking).toEqual(["scallop", "kamino", "navi", "suilend", "marginfi"]);
    expect(d.json.plan).toMatchObject({ selected: { venue: "scallop", chain: "move-chain" }, alternatives: [{ venue: "kamino" }, { venue: "navi" }, { venue: "suilend" }, { venue: "marginfi" }] });
  });

  it("10 concurrent stakes of 1 USDC under a 5 USDC max: exactly 5 apply; a replayed Idempotency-Key applies once", async () => {
    await post(`/api/v1/wallets/${W2}/route`, KEYS.owner, { amountMicros: "20000000", chain: "move-chain", stake: false });
    const c = await post("/api/characters", KEYS.owner, { wallet: W2, name: "Cy" });
    const id = String(c.json.id);
    await put(`/api/characters/${id}/auto-yield`, KEYS.owner, { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" });
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(`/api/characters/${id}/auto-yield/stake`, KEYS.owner, { amountMicros: "1000000" })));
    expect(rs.filter((x) => x.status === 200)).toHaveLength(5);
    expect(rs.filter((x) => x.status === 422).every((x) => (x.json.blockers as J[])[0]?.code === "max_stake_reached")).toBe(true);
    expect((await get(`/api/characters/${id}/auto-yield`, KEYS.agent)).json).toMatchObject({ stakedMicros: "5000000", liquidMicros: "15000000" });
    const body = { amountMicros: "1000000" };
    const headers = { "Idempotency-Key": `unstake-once-${db}` };
    const u1 = await call<J>(app.url, "POST", `/api/characters/${id}/auto-yield/unstake`, { key: KEYS.owner, body, headers });
    const u2 = await call<J>(app.url, "POST", `/api/characters/${id}/auto-yield/unstake`, { key: KEYS.owner, body, headers });
    expect(u1.status).toBe(200);
    expect(u2.headers.get("idempotency-replayed")).toBe("true");
    expect(u2.json).toEqual(u1.json);
    expect((await get(`/api/characters/${id}/auto-yield`, KEYS.agent)).json).toMatchObject({ stakedMicros: "4000000" });
  });

  it("stake with nothing liquid and no target venue: blocked stakeable_zero (with the figures), not no_eligible_pool, while discovery lists eligible pools", async () => {
    const c = await post("/api/characters", KEYS.owner, { wallet: W4, name: "Dee" });
    const id = String(c.json.id);
    await put(`/api/characters/${id}/auto-yield`, KEYS.owner, { auto_yield_enabled: true });
    const d = await post(`/api/characters/${id}/auto-yield/discover`, KEYS.agent, {});
    expect((d.json.pools as J[]).filter((p) => p.eligible && p.chain === "move-chain").length).toBeGreaterThan(0);
    expect(d.json.plan).toMatchObject({ selected: null, blockers: [{ code: "stakeable_zero" }] });
    const s = await post(`/api/characters/${id}/auto-yield/stake`, KEYS.owner, {});
    expect(s.status).toBe(422);
    expect(s.json).toMatchObject({ code: "BLOCKED", status: "blocked", blockers: [{ code: "stakeable_zero", message: expect.stringContaining("liquid 0") }] });
    // With liquid, the same stake goes to discovery's pick.
    await post(`/api/v1/wallets/${W4}/route`, KEYS.owner, { amountMicros: "2000000", chain: "move-chain", stake: false });
    const picked = (await post(`/api/characters/${id}/auto-yield/discover`, KEYS.agent, {})).json.plan as { selected: { venue: string } | null };
    expect(picked.selected).not.toBeNull();
    const done = await post(`/api/characters/${id}/auto-yield/stake`, KEYS.owner, {});
    expect(done.json).toMatchObject({ status: "done", venue: picked.selected?.venue, amountMicros: "2000000" });
  });
});

describe.each(dbKinds())("character discovery with an empty or failing upstream (%s)", (db) => {
  let app: App;
  let yields: FakeYields;
  beforeAll(async () => {
    yields = await startFakeYields([], "empty");
    app = await startApp({
      db,
      env: { SVC_API_KEYS: bootstrap, SVC_YIELDS_API_URL: yields.url, SVC_DISABLE_JOBS: "0", SVC_YIELDS_REFRESH_S: "1", SVC_RATE_LIMIT_PER_MIN: "1000000" },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await yields?.close();
  });

  it("empty upstream → 200 with blocker empty_upstream; upstream down → 200 status blocked, never 500", async () => {
    const c = await call<J>(app.url, "POST", "/api/characters", { key: KEYS.owner, body: { wallet: CW, name: "Bo" } });
    const id = String(c.json.id);
    // Waits for the refresh to have seen the upstream's answer; every answer on the way must be a 200.
    const discoverUntil = (code: string) =>
      until(`blocker ${code}`, async () => {
        const a = await call<J>(app.url, "POST", `/api/characters/${id}/auto-yield/discover`, { key: KEYS.agent, body: {} });
        expect(a.status).toBe(200);
        return (a.json.blockers as J[])[0]?.code === code ? a : undefined;
      });
    const e = await discoverUntil("empty_upstream");
    expect(e.json).toMatchObject({ status: "blocked", pools: [], blockers: [{ code: "empty_upstream" }] });
    yields.setMode("500");
    await until("HTTP 500 seen", async () => {
      const a = await call<J>(app.url, "GET", "/api/v1/svc/venues/apy");
      return /HTTP 500/.test(String(a.json.reason)) ? true : undefined;
    });
    const f = await discoverUntil("upstream_unavailable");
    expect(f.json).toMatchObject({ status: "blocked", pools: [], blockers: [{ code: "upstream_unavailable" }] });
    expect(String(f.json.reason)).toMatch(/HTTP 500/);
    const s = await call<J>(app.url, "GET", `/api/characters/${id}/auto-yield`, { key: KEYS.agent });
    expect(s.json).toMatchObject({ grossApyBps: null, netApyBps: null, estimates: { gross_apy_bps: null, est_daily_yield_micros: null } });
  });
});
