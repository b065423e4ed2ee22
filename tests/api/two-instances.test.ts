// Two production servers on one PostgreSQL (issue 26 item 5; docs/deploy.md): what one instance does, the other sees.
// Rate limits and idempotency keys are shared, every webhook event is delivered once per subscription (the webhook
// poll is 60 s, so deliveries also prove the cross-instance wake on commit), autopilot ticks fired at both record one
// decision, and the scheduled jobs (yields refresh, reconciliation, every second on each server) run once per interval.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { type FakeYields, startFakeYields, venueRows } from "../support/fake-yields";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";
import { SUI, SUI_2 } from "../support/wallets";

type J = Record<string, unknown>;
const KEYS = { owner: "two-inst-owner-key-000001", limited: "two-inst-limited-key-0001" };
const LIMIT = 40;
const EVERY_S = 1;

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL", () => {
  let a: App;
  let b: App;
  let rx: Receiver;
  let yields: FakeYields;
  let pg: postgres.Sql;

  beforeAll(async () => {
    rx = await startReceiver();
    yields = await startFakeYields(venueRows([{ project: "suilend", symbol: "USDC", chain: "Sui" }]));
    const env = {
      SVC_API_KEYS: JSON.stringify([
        { key: KEYS.owner, role: "owner", wallets: [SUI, SUI_2] },
        { key: KEYS.limited, role: "owner", wallets: [SUI] },
      ]),
      SVC_DISABLE_JOBS: "0",
      SVC_YIELDS_API_URL: yields.url,
      SVC_YIELDS_REFRESH_S: String(EVERY_S),
      SVC_RECONCILE_INTERVAL_S: String(EVERY_S),
      SVC_RATE_LIMIT_PER_MIN: String(LIMIT),
      SVC_WEBHOOK_ALLOW_INSECURE: "1",
      SVC_WEBHOOK_POLL_MS: "60000",
    };
    a = await startApp({ db: "postgres", env });
    b = await startApp({ db: "postgres", reuseEnv: a.env });
    pg = postgres(a.env.DATABASE_URL as string, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await b?.stop();
    await pg?.end();
    await a?.stop(); // drops the database
    await rx?.close();
    await yields?.close();
  });

  it("share one rate limit: a key's budget spent half on each instance is spent on both", async () => {
    const get = (app: App) => call<J>(app.url, "GET", `/api/v1/wallets/${SUI}/position`, { key: KEYS.limited });
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await get(a)).status).toBe(200);
      expect((await get(b)).status).toBe(200);
    }
    // Each instance alone has served only half the budget; together they have served all of it.
    const overA = await get(a);
    const overB = await get(b);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(overB.json.code).toBe("RATE_LIMITED");
  });

  const route = (app: App, wallet: string, amountMicros: string, headers: Record<string, string> = {}) =>
    call<J>(app.url, "POST", `/api/v1/wallets/${wallet}/route`, {
      key: KEYS.owner,
      body: { amountMicros, token: "USDC", stake: false, chain: "move-chain" },
      headers,
    });

  it("share idempotency keys: a replay on the other instance returns the first answer and applies nothing", async () => {
    const first = await route(a, SUI_2, "1000000", { "Idempotency-Key": "two-inst-1" });
    expect(first.status).toBe(200);
    const again = await route(b, SUI_2, "1000000", { "Idempotency-Key": "two-inst-1" });
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    // The same key sent to both at once: one applies, the other waits for it and replays it.
    const both = await Promise.all([a, b].map((app) => route(app, SUI_2, "2000000", { "Idempotency-Key": "two-inst-2" })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]?.json).toEqual(both[1]?.json);
    expect(both.filter((r) => r.headers.get("idempotency-replayed") === "true")).toHaveLength(1);
    const pos = await call<J>(b.url, "GET", `/api/v1/wallets/${SUI_2}/position`, { key: KEYS.owner });
    expect(pos.json).toMatchObject({ liquidMicros: "3000000" });
  });

  it("deliver every webhook event exactly once per subscription, whichever instance committed it", async () => {
    const types = ["deposit.settled", "position.updated"];
    for (const path of ["/one", "/two"]) {
      const r = await call<J>(a.url, "POST", "/api/v1/svc/webhooks", { key: KEYS.owner, body: { url: `${rx.url}${path}`, events: types } });
      expect(r.status).toBe(201);
    }
    const [top] = await pg<{ seq: string }[]>`select coalesce(max(seq), 0)::text as seq from events`;
    const from = top?.seq ?? "0";
    // Six routes on each instance at once.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => route(i % 2 ? b : a, SUI, String(1000 + i))));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const ids = (await pg<{ id: string }[]>`select id from events where seq > ${from} and type in ${pg(types)}`).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    const pairs = (all: typeof rx.received) => all.filter((r) => ids.includes(r.eventId)).map((r) => `${r.eventId} ${r.path.replace(rx.url.replace(/^http:\/\/[^/]+/, ""), "")}`);
    // Well before the 60 s poll: the commits woke the workers.
    await rx.waitFor((all) => new Set(pairs(all)).size === ids.length * 2, 20_000);
    await new Promise((r) => setTimeout(r, 1000)); // a second delivery, if any, has time to arrive
    const got = pairs(rx.received);
    expect(got).toHaveLength(ids.length * 2);
    expect(new Set(got).size).toBe(ids.length * 2);
    const [attempts] = await pg<{ n: number }[]>`select count(*)::int as n from webhook_attempts`;
    expect(attempts?.n).toBe(ids.length * 2);
  });

  it("record one autopilot decision when both instances tick the same wallet at once", async () => {
    const post = (app: App, what: string) =>
      call<J>(app.url, "POST", `/api/v1/wallets/${SUI_2}/autopilot/${what}`, { key: KEYS.owner, body: { chain: "move-chain" } });
    expect((await post(a, "enable")).status).toBe(200);
    const ticks = await Promise.all([a, b, a, b, a, b].map((app) => post(app, "tick")));
    expect(ticks.map((t) => t.status)).toEqual(Array(6).fill(200));
    expect(ticks.filter((t) => t.json.recorded === true)).toHaveLength(1);
    const [d] = await pg<{ n: number }[]>`select count(*)::int as n from autopilot_decisions where wallet = ${SUI_2}`;
    expect(d?.n).toBe(1);
  });

  it("run each scheduled job once per interval between them, not once per instance", async () => {
    const runs = async () =>
      new Map((await pg<{ name: string; runs: string }[]>`select name, runs::text from job_runs`).map((r) => [r.name, Number(r.runs)]));
    // Both servers tick every second; over the window, one instance alone runs a job about windowS times, two unguarded
    // about twice that. Guarded, at most one run per 0.9 interval (server/db/job-lock.ts), plus one at the window's edge.
    const windowS = 4;
    const before = await runs();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, windowS * 1000));
    const after = await runs();
    const most = Math.floor((Date.now() - t0) / 1000 / (0.9 * EVERY_S)) + 1;
    for (const job of ["yields-refresh", "reconcile"]) {
      const ran = (after.get(job) ?? 0) - (before.get(job) ?? 0);
      expect(ran, job).toBeGreaterThanOrEqual(windowS - 1);
      expect(ran, job).toBeLessThanOrEqual(most);
    }
    // Every upstream fetch was a claimed run: the upstream was asked as often as runs were recorded (one fewer while a
    // run that has claimed its tick has not fetched yet).
    const claimed = after.get("yields-refresh") ?? 0;
    expect(yields.hits["/pools"] ?? 0).toBeLessThanOrEqual(claimed);
    expect(yields.hits["/pools"] ?? 0).toBeGreaterThanOrEqual(claimed - 1);
  });
});
