// The wallet ledger on the running app, on each database: scope on every wallet route, idempotent route
// replays, concurrency (40 routes with distinct keys, 40 withdraws on one wallet, 20×10 from 100), the
// harvest table of spec §3.2 against a local Sui JSON-RPC server, batch limits and the public views.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEndpoints } from "../../server/ledger/endpoints";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

type J = Record<string, unknown>;
const W = `0x${"5".repeat(64)}`;
const W2 = `0x${"6".repeat(64)}`;
const W3 = `0x${"7".repeat(64)}`;
const OTHER = `0x${"9".repeat(64)}`;
/** A well-formed Sui digest (base58 of 32 bytes); route checks the form only. */
const DIGEST_A = "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi";
const EXAMPLE_WALLET = `0x${"3".repeat(64)}`;
const KEYS = { owner: "ledger-owner-key-0000000001", agent: "ledger-agent-key-0000000001", keeper: "ledger-keeper-key-000000001" };
const bootstrap = JSON.stringify([
  { key: KEYS.owner, role: "owner", wallets: [W, W2, W3, EXAMPLE_WALLET] },
  { key: KEYS.agent, role: "agent", wallets: [W, W2, W3, EXAMPLE_WALLET] },
  { key: KEYS.keeper, role: "keeper", wallets: ["*"] },
]);
const SUILEND_MARKET = "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1";
const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";

function setRate(rpc: FakeRpc, num: bigint) {
  rpc.suilendMarkets.set(SUILEND_MARKET, [{ coinType: SUI_USDC, available: num, ctokens: 1_000_000n, borrowedWad: 0n, unclaimedWad: 0n }]);
}

const route = (app: App, w: string, body: J, headers: Record<string, string> = {}) =>
  call<J>(app.url, "POST", `/api/v1/wallets/${w}/route`, { key: KEYS.owner, body, headers });

describe.each(dbKinds())("wallet ledger on the running app (%s)", (db) => {
  let app: App;
  let rpc: FakeRpc;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    setRate(rpc, 1_000_000n);
    app = await startApp({
      db,
      env: { SVC_API_KEYS: bootstrap, SVC_RPC_MOVE: rpc.url, SVC_RATE_LIMIT_PER_MIN: "1000000", SVC_YIELD_SKIM_BPS: "500" },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
  });

  it("every ledger endpoint's example request is answered per its declared response schema", async () => {
    for (const def of ledgerEndpoints) {
      const ex = def.example ?? {};
      let p = def.path;
      for (const [k, v] of Object.entries(ex.params ?? {})) p = p.replace(`{${k}}`, v);
      const qs = new URLSearchParams(ex.query ?? {}).toString();
      if (qs) p += `?${qs}`;
      const key = def.access === "public" || def.access === "permissionless" ? undefined : def.access === "wallet.move" ? KEYS.owner : KEYS.agent;
      const r = await call<J>(app.url, def.method, p, { key, body: def.method === "GET" ? undefined : (ex.body ?? {}) });
      const schema = (def.responses as Record<number, { safeParse: (v: unknown) => { success: boolean; error?: unknown } }>)[r.status];
      expect(schema, `${def.method} ${def.path} answered undeclared ${r.status}: ${r.text.slice(0, 300)}`).toBeDefined();
      const parsed = schema?.safeParse(r.json);
      expect(parsed?.success, `${def.method} ${def.path} → ${r.status}: ${String(parsed?.error)}`).toBe(true);
    }
  });

  it("every wallet route with an out-of-scope key → 403 WALLET_SCOPE", async () => {
    for (const def of ledgerEndpoints) {
      if (def.access === "public" || def.access === "permissionless") continue;
      const path = def.path.replace("{address}", OTHER);
      const body = def.path.includes("batch") ? { wallets: [W, OTHER] } : def.method === "GET" ? undefined : def.example?.body;
      const key = def.access === "wallet.move" ? KEYS.owner : KEYS.agent;
      const r = await call<J>(app.url, def.method, path, { key, body });
      expect(r.status, `${def.method} ${def.path}`).toBe(403);
      expect(r.json.code, `${def.method} ${def.path}`).toBe("WALLET_SCOPE");
    }
  });

  it("roles: agent reads and previews but cannot route; route needs a key", async () => {
    expect((await call<J>(app.url, "GET", `/api/v1/wallets/${W}/position`, { key: KEYS.agent })).status).toBe(200);
    const body = { amountMicros: "1000000", chain: "move-chain", stake: false };
    expect((await call<J>(app.url, "POST", `/api/v1/wallets/${W}/preview`, { key: KEYS.agent, body })).status).toBe(200);
    expect((await call<J>(app.url, "POST", `/api/v1/wallets/${W}/route`, { key: KEYS.agent, body })).json.code).toBe("UNAUTHORIZED");
    expect((await call<J>(app.url, "POST", `/api/v1/wallets/${W}/route`, { body })).status).toBe(401);
  });

  it("route credits and stakes with fee 0; preview gives the same answer and writes nothing; replays apply once", async () => {
    const body = { amountMicros: "3000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: DIGEST_A };
    const pre = await call<J>(app.url, "POST", `/api/v1/wallets/${W}/preview`, { key: KEYS.agent, body });
    expect(pre.status).toBe(200);
    expect(pre.json).toMatchObject({ status: "done", dryRun: true, feeMicros: "0", venueId: "suilend", position: { venueStakedMicros: "3000000" } });
    const first = await route(app, W, body, { "Idempotency-Key": "route-once-1" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "done", dryRun: false, feeMicros: "0", stakedMicros: "3000000", venueId: "suilend", txId: DIGEST_A });
    const again = await route(app, W, body, { "Idempotency-Key": "route-once-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const pos = await call<J>(app.url, "GET", `/api/v1/wallets/${W}/position`, { key: KEYS.agent });
    expect(pos.json).toMatchObject({ liquidMicros: "0", stakedMicros: "3000000" });
    const reused = await route(app, W, { ...body, amountMicros: "1" }, { "Idempotency-Key": "route-once-1" });
    expect(reused.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("route blocks: no live APY → no_ready_venue; Map chain → no_ready_venue; wrong chain venue", async () => {
    const none = await route(app, W, { amountMicros: "1", chain: "move-chain", stake: true });
    expect(none.status).toBe(422);
    expect(none.json).toMatchObject({ status: "blocked", blockers: [{ code: "no_ready_venue" }] });
    const evm = await route(app, `0x${"5".repeat(40)}`, { amountMicros: "1", chain: "evm-a", stake: true });
    expect(evm.status).toBe(403); // not in scope: checked before the ledger answers
    const wrong = await route(app, W, { amountMicros: "1", chain: "move-chain", stake: true, strategyId: "kamino" });
    expect(wrong.json).toMatchObject({ status: "blocked", blockers: [{ code: "venue_wrong_chain" }] });
    const bad = await route(app, W, { amountMicros: "1.5", chain: "move-chain", stake: false });
    expect(bad.json.code).toBe("INVALID_AMOUNT");
  });

  it("40 concurrent routes with distinct keys, then 40 concurrent withdraws: exact, none negative", async () => {
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        route(app, W2, { amountMicros: "1000", chain: "move-chain", stake: i % 2 === 0, strategyId: "suilend" }, { "Idempotency-Key": `conc-${db}-${i}` }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(40).fill(200));
    let pos = await call<J>(app.url, "GET", `/api/v1/wallets/${W2}/position`, { key: KEYS.agent });
    expect(pos.json).toMatchObject({ liquidMicros: "20000", stakedMicros: "20000" });
    const ws = await Promise.all(
      Array.from({ length: 40 }, () => call<J>(app.url, "POST", `/api/v1/wallets/${W2}/withdraw`, { key: KEYS.owner, body: { amountMicros: "1500" } })),
    );
    const done = ws.filter((r) => r.status === 200).length;
    expect(ws.every((r) => r.status === 200 || (r.status === 422 && (r.json.blockers as J[])[0]?.code === "insufficient_balance"))).toBe(true);
    expect(done).toBe(26); // floor(40000 / 1500)
    pos = await call<J>(app.url, "GET", `/api/v1/wallets/${W2}/position`, { key: KEYS.agent });
    expect(BigInt(String(pos.json.liquidMicros)) + BigInt(String(pos.json.stakedMicros))).toBe(40_000n - 26n * 1500n);
  });

  it("20 withdraws of 10 from a balance of 100: exactly 10 succeed; above the balance nothing changes", async () => {
    await route(app, W3, { amountMicros: "100", chain: "move-chain", stake: false });
    const ws = await Promise.all(
      Array.from({ length: 20 }, () => call<J>(app.url, "POST", `/api/v1/wallets/${W3}/withdraw`, { key: KEYS.owner, body: { amountMicros: "10" } })),
    );
    expect(ws.filter((r) => r.status === 200)).toHaveLength(10);
    const over = await call<J>(app.url, "POST", `/api/v1/wallets/${W3}/withdraw`, { key: KEYS.owner, body: { amountMicros: "1" } });
    expect(over.status).toBe(422);
    expect(over.json).toMatchObject({ status: "blocked", availableMicros: "0", blockers: [{ code: "insufficient_balance" }] });
    const pos = await call<J>(app.url, "GET", `/api/v1/wallets/${W3}/position`, { key: KEYS.agent });
    expect(pos.json).toMatchObject({ liquidMicros: "0", stakedMicros: "0" });
  });

  it("harvest table (spec §3.2): nothing staked, yield unavailable, real yield, prepare-only", async () => {
    const h = (w: string, body: J = {}) => call<J>(app.url, "POST", `/api/v1/wallets/${w}/harvest`, { body });
    const none = await h(OTHER);
    expect(none.status).toBe(200);
    expect(none.json).toMatchObject({ mode: "no_op_harvest", outcome: "no_op", grossYieldMicros: "0" });
    const W4 = `0x${"8".repeat(64)}`;
    setRate(rpc, 1_000_000n);
    // keeper key has every wallet in scope
    const r = await call<J>(app.url, "POST", `/api/v1/wallets/${W}/route`, { key: KEYS.owner, body: { amountMicros: "97000000", chain: "move-chain", stake: true, strategyId: "suilend" } });
    expect(r.status).toBe(200);
    void W4;
    rpc.failing.add("BatchGetObjects");
    const down = await h(W);
    rpc.failing.delete("BatchGetObjects");
    expect(down.status).toBe(200);
    expect(down.json).toMatchObject({ grossYieldMicros: "0", outcome: "unavailable" });
    expect(String(down.json.reason)).toMatch(/RPC/);
    setRate(rpc, 1_000_200n); // +0.02 % on 100 USDC staked = 20000 micros
    const plan = await h(W, { execute: false });
    expect(plan.status).toBe(202);
    expect(plan.json).toMatchObject({ prepared: true, schemaVersion: "harvest-plan.v1", grossYieldMicros: "20000" });
    const real = await h(W, { grossYieldMicros: "999999" });
    expect(real.json.code).toBe("INVALID_REQUEST"); // amounts never come from the body
    const ok = await h(W);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ mode: "harvest", outcome: "done", grossYieldMicros: "20000", protocolFeeMicros: "1000", netYieldMicros: "19000", compoundedMicros: "19000", profitFeeMicros: "0" });
    const pos = await call<J>(app.url, "GET", `/api/v1/wallets/${W}/position`, { key: KEYS.agent });
    expect(pos.json.stakedMicros).toBe("100019000");
    const perf = await call<J>(app.url, "GET", `/api/v1/wallets/${W}/performance`, { key: KEYS.agent });
    expect(perf.json.realizedYieldMicros).toBe("19000");
  });

  it("rebalance within a chain moves principal; across chains is blocked with a bridge hint", async () => {
    const cross = await call<J>(app.url, "POST", `/api/v1/wallets/${W}/rebalance`, { key: KEYS.owner, body: { fromStrategyId: "suilend", toStrategyId: "kamino" } });
    expect(cross.status).toBe(422);
    expect(cross.json).toMatchObject({ status: "blocked", blockers: [{ code: "cross_chain_rebalance" }] });
    expect(String((cross.json.blockers as J[])[0]?.message)).toMatch(/bridge plan/);
    const ok = await call<J>(app.url, "POST", `/api/v1/wallets/${W}/rebalance`, { key: KEYS.owner, body: { fromStrategyId: "suilend", toStrategyId: "navi", amountMicros: "19000" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "done", amountMicros: "19000", position: { fromStakedMicros: "100000000", toStakedMicros: "19000" } });
  });

  it("batch positions: 50 in scope answer; 51 → 400", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => (i % 2 ? W : W2));
    const r = await call<J>(app.url, "POST", "/api/v1/wallets/batch/positions", { key: KEYS.keeper === "" ? "" : KEYS.agent, body: { wallets: fifty } });
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(2);
    const over = await call<J>(app.url, "POST", "/api/v1/wallets/batch/positions", { key: KEYS.agent, body: { wallets: [...fifty, W3] } });
    expect(over.status).toBe(400);
  });

  it("public portfolio and activity: proven positions only, one row per leg, newest first, cursor pages", async () => {
    const pf = await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${W}`);
    expect(pf.status).toBe(200);
    // suilend (proven by DIGEST_A) only: navi holds what a ledger rebalance moved there, with no transaction of its own,
    // and never borrows suilend's proof (issue 23 item 4); W3's credits had no proof.
    expect(pf.json).toMatchObject({ schemaVersion: "svc-wallet-portfolio.v1", count: 1 });
    expect((pf.json.positions as J[]).map((p) => `${p.protocol}:${p.txId}`).sort()).toEqual([`suilend:${DIGEST_A}`]);
    const unproven = await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${W2}`);
    expect(unproven.json).toMatchObject({ count: 0, positions: [] });
    const first = await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${W}&limit=2`);
    expect(first.json).toMatchObject({ schemaVersion: "svc-wallet-activity.v1", count: 2 });
    const rows = first.json.activity as J[];
    expect(rows.map((x) => `${x.kind}:${x.legIndex}`)).toEqual(["withdraw:0", "deposit:1"]); // the rebalance, legs in order
    const next = await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${W}&limit=50&cursor=${first.json.nextCursor}`);
    expect((next.json.activity as J[]).every((x) => x.kind === "deposit")).toBe(true);
    expect(next.json.count).toBe(2);
    // One row a page: the cursors land inside a group (the rebalance's two legs) and between groups; the pages join
    // into the same list as one page of all of it.
    const all = await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${W}&limit=50`);
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: J } = await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${W}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...(page.json.activity as J[]).map((x) => x.id));
      cursor = page.json.nextCursor as string | null;
    } while (cursor && paged.length <= 50);
    expect(paged).toEqual((all.json.activity as J[]).map((x) => x.id));
  });
});
