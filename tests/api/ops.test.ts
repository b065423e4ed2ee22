// Contract §10 on the running production server, on each database: /healthz and /readyz (public, JSON), /metrics
// (keeper only, Prometheus text, a request counter that moves), X-Request-Id on every answer (API, errors, pages,
// 404s) equal to the error body's requestId, and the request id in the log lines written while serving.
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { type App, dbKinds, useApp } from "../support/app";
import { call } from "../support/http";

const SUI = `0x${"5e".repeat(32)}`;
const KEYS = {
  owner: "ops-owner-key-0123456789",
  agent: "ops-agent-key-0123456789",
  keeper: "ops-keeper-key-012345678",
};
const API_KEYS = JSON.stringify([
  { key: KEYS.owner, role: "owner", wallets: [SUI] },
  { key: KEYS.agent, role: "agent", wallets: [SUI] },
  { key: KEYS.keeper, role: "keeper", wallets: ["*"] },
]);
const REQ_ID = /^req_[0-9a-z]{20}$/;

interface Check {
  ok: boolean;
  error: string | null;
  kind?: string | null;
  applied?: number | null;
  expected?: number;
}
interface Ready {
  schemaVersion: string;
  ready: boolean;
  checks: { database: Check; migrations: Check };
  upstreams: Array<{ name: string; asOf: string | null; ageSeconds: number | null; error: string | null }>;
  // The error envelope, when 503.
  code?: string;
  message?: string;
  requestId?: string;
  details?: unknown;
}

/** The value of a sample line `name{labels} value` whose labels include every given pair (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

describe.each(dbKinds())("operations endpoints on %s", (db) => {
  const app = useApp({ db, env: { SVC_API_KEYS: API_KEYS, SVC_LOG_LEVEL: "info" } });

  it("GET /api/v1/healthz: 200 JSON, public, no store", async () => {
    const r = await call(app.url, "GET", "/api/v1/healthz");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json).toMatchObject({ schemaVersion: "svc-health.v1", status: "ok" });
    expect(typeof r.json.uptimeSeconds).toBe("number");
    // A key, even an unknown one, never makes a probe fail: probes are answered before keys are read.
    expect((await call(app.url, "GET", "/api/v1/healthz", { key: "no-such-key-000000000000" })).status).toBe(200);
  });

  it("GET /api/v1/readyz: ready, the database and every migration checked, upstream ages listed", async () => {
    const r = await call<Ready>(app.url, "GET", "/api/v1/readyz");
    expect(r.status, r.text).toBe(200);
    expect(r.json.schemaVersion).toBe("svc-ready.v1");
    expect(r.json.ready).toBe(true);
    expect(r.json.checks.database).toMatchObject({ ok: true, kind: db, error: null });
    expect(r.json.checks.migrations.ok).toBe(true);
    expect(r.json.checks.migrations.applied).toBe(r.json.checks.migrations.expected);
    expect(r.json.checks.migrations.expected).toBeGreaterThan(5);
    const yields = r.json.upstreams.find((u) => u.name === "yields");
    // Jobs are off in these servers: no refresh ran, so no age, and the reason says so.
    expect(yields).toMatchObject({ asOf: null, ageSeconds: null });
    expect(typeof yields?.error).toBe("string");
    expect(r.json.upstreams.map((u) => u.name)).toEqual(expect.arrayContaining(["rpc:move-chain", "rpc:svm-chain", "rpc:evm-a", "rpc:evm-b"]));
  });

  it("GET /api/v1/metrics: 401 without a key, 403 for owner and agent, Prometheus text for the keeper", async () => {
    const none = await call(app.url, "GET", "/api/v1/metrics");
    expect(none.status).toBe(401);
    expect(none.json.code).toBe("UNAUTHORIZED");
    for (const key of [KEYS.owner, KEYS.agent]) {
      const r = await call(app.url, "GET", "/api/v1/metrics", { key });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ code: "UNAUTHORIZED", requestId: r.headers.get("x-request-id") });
    }
    const before = await call(app.url, "GET", "/api/v1/metrics", { key: KEYS.keeper });
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(before.headers.get("x-request-id")).toMatch(REQ_ID);
    const count = (text: string) => sample(text, "svc_http_request_duration_seconds_count", { operation: "getFees", status: "200" });
    for (let i = 0; i < 3; i++) expect((await call(app.url, "GET", "/api/v1/svc/fees")).status).toBe(200);
    const after = await call(app.url, "GET", "/api/v1/metrics", { key: KEYS.keeper });
    expect(count(after.text) - count(before.text)).toBe(3);
    // The 403s above were counted under their operation and status.
    expect(sample(after.text, "svc_http_request_duration_seconds_count", { operation: "getMetrics", status: "403" })).toBeGreaterThanOrEqual(2);
    for (const name of ["svc_http_request_duration_seconds_bucket", "svc_webhook_queue_depth", "svc_process_cpu_seconds_total"]) {
      expect(after.text).toContain(name);
    }
    expect(after.text).toMatch(/# TYPE svc_webhook_attempts_total counter/);
    expect(after.text).toMatch(/# TYPE svc_upstream_errors_total counter/);
    expect(after.text).toMatch(/# TYPE svc_autopilot_decisions_total counter/);
    expect(sample(after.text, "svc_webhook_queue_depth", { state: "due" })).toBe(0);
  });

  it("an RPC that does not answer is counted as an upstream error of its chain", async () => {
    const errors = async () => sample((await call(app.url, "GET", "/api/v1/metrics", { key: KEYS.keeper })).text, "svc_upstream_errors_total", { upstream: "rpc:move-chain" });
    const before = await errors();
    // A deposit plan with an owner reads the chain (Sui gRPC) to build the transaction; the RPC is a closed port here.
    const plan = await call(app.url, "POST", "/api/v1/svc/strategies/deposit/plan", { body: { strategyId: "scallop", amountMicros: "5000000", owner: `0x${"3".repeat(64)}` } });
    expect(plan.status, plan.text).toBe(200);
    expect(await errors()).toBeGreaterThan(before);
  });

  it("a quote API that does not answer is counted as an upstream error of the quotes", async () => {
    const errors = async () => sample((await call(app.url, "GET", "/api/v1/metrics", { key: KEYS.keeper })).text, "svc_upstream_errors_total", { upstream: "quotes" });
    const before = await errors();
    // The move-chain swap asks Cetus's router API for a route; SVC_QUOTE_MOVE_URL is a closed port here.
    const plan = await call(app.url, "POST", "/api/v1/svc/swap-move/plan", { body: { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "1000000" } });
    expect(plan.status, plan.text).toBeLessThan(500);
    expect(await errors()).toBeGreaterThan(before);
  });

  it("every answer carries X-Request-Id; an error body's requestId is the same id", async () => {
    const ok = await call(app.url, "GET", "/api/v1/svc/status");
    expect(ok.headers.get("x-request-id")).toMatch(REQ_ID);
    const errors = [
      await call(app.url, "GET", "/api/v1/svc/no-such-route"),
      await call(app.url, "DELETE", "/api/v1/healthz"),
      await call(app.url, "POST", `/api/v1/wallets/${SUI}/preview`, { key: KEYS.owner, body: { amountMicros: "1.5" } }),
      await call(app.url, "GET", "/api/v1/metrics", { key: "no-such-key-000000000000" }),
    ];
    expect(errors.map((e) => e.status)).toEqual([404, 405, 400, 401]);
    for (const e of errors) {
      expect(e.headers.get("x-request-id")).toMatch(REQ_ID);
      expect(e.json.requestId).toBe(e.headers.get("x-request-id"));
    }
    // Pages and a page 404 (Next.js) too.
    for (const path of ["/", "/no-such-page"]) {
      const r = await fetch(`${app.url}${path}`, { headers: { "x-request-id": "req_forged" } });
      await r.text();
      expect(r.headers.get("x-request-id"), path).toMatch(REQ_ID);
    }
  });

  it("every log line written while serving a request carries its request id", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/no-such-route");
    const id = String(r.headers.get("x-request-id"));
    await new Promise((done) => setTimeout(done, 100));
    const lines = app
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.requestId === id);
    expect(mine.map((l) => l.msg)).toContain("request");
    // Every request line has one (the wrapper's own line gets it from the request's scope, not from a field it passes).
    expect(lines.filter((l) => l.msg === "request" && typeof l.requestId !== "string")).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)("readyz when the database is not fit to serve (postgres)", () => {
  const app: App = useApp({ db: "postgres", env: { SVC_API_KEYS: API_KEYS } });
  const pause = () => new Promise((r) => setTimeout(r, 1_100)); // readyz measures at most once a second

  it("503 NOT_READY naming the migrations when the newest migration is missing; ready again once it is back", async () => {
    expect((await call(app.url, "GET", "/api/v1/readyz")).status).toBe(200);
    const sql = postgres(app.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
      await sql`delete from drizzle.__drizzle_migrations where id = ${row?.id}`;
      await pause();
      const r = await call<Ready>(app.url, "GET", "/api/v1/readyz");
      expect(r.status).toBe(503);
      expect(r.json.code).toBe("NOT_READY");
      expect(r.json.requestId).toBe(r.headers.get("x-request-id"));
      expect(r.json.message).toMatch(/^Not ready: migrations: /);
      expect(r.json.details).toMatchObject({ ready: false, checks: { database: { ok: true }, migrations: { ok: false } } });
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row?.id}, ${row?.hash}, ${row?.created_at})`;
      await pause();
      expect((await call(app.url, "GET", "/api/v1/readyz")).status).toBe(200);
    } finally {
      await sql.end();
    }
  });

  it("503 NOT_READY within the check's bound when the database is gone; healthz still 200", async () => {
    const url = new URL(app.env.DATABASE_URL ?? "");
    const name = url.pathname.slice(1);
    const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database ${name} with (force)`);
    await admin.end();
    await pause();
    const started = Date.now();
    const r = await call<Ready>(app.url, "GET", "/api/v1/readyz");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "NOT_READY", details: { ready: false, checks: { database: { ok: false } } } });
    expect(String(r.json.message)).toMatch(/database/);
    expect((await call(app.url, "GET", "/api/v1/healthz")).status).toBe(200);
  });
});
