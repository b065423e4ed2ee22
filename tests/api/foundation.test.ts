// Foundation behaviour on the running app: OpenAPI contract, unknown paths and methods, keys from the
// database, rate limiting per key and per client address.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../../server/http/endpoint";
import { allEndpoints } from "../../server/api";
import { CAPABILITIES, type Role } from "../../server/http/roles";
import { errorBody } from "../../server/http/schemas";
import { type App, dbKinds, startApp, useApp } from "../support/app";
import { call } from "../support/http";

const root = path.resolve(import.meta.dirname, "..", "..");
const WALLET = `0x${"3".repeat(64)}`;
const KEYS: Record<Role, string> = {
  owner: "foundation-owner-key-000001",
  agent: "foundation-agent-key-000001",
  keeper: "foundation-keeper-key-00001",
};
const bootstrap = JSON.stringify(Object.entries(KEYS).map(([role, key]) => ({ key, role, wallets: [WALLET] })));

function requestFor(def: AnyEndpoint): { path: string; key?: string; body?: unknown } {
  const ex = def.example ?? {};
  let p = def.path;
  for (const [k, v] of Object.entries(ex.params ?? {})) p = p.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(ex.query ?? {}).toString();
  if (qs) p += `?${qs}`;
  let key: string | undefined;
  if (def.access !== "public" && def.access !== "permissionless") {
    const role = (CAPABILITIES[def.access] as readonly Role[])[0];
    key = role ? KEYS[role] : undefined;
  }
  return { path: p, key, body: def.method === "GET" ? undefined : (ex.body ?? {}) };
}

describe.each(dbKinds())("foundation on the running app (%s)", (db) => {
  const app = useApp({ db, env: { SVC_API_KEYS: bootstrap } });

  it("serves an OpenAPI 3.1 document that validates and names every registered route", async () => {
    for (const p of ["/api/v1/openapi.json", "/openapi.json"]) {
      const r = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(app.url, "GET", p);
      expect(r.status).toBe(200);
      expect(r.json.openapi).toBe("3.1.0");
      const result = await new Validator().validate(r.json as unknown as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      for (const def of allEndpoints()) {
        expect(r.json.paths[def.path]?.[def.method.toLowerCase()], `${def.method} ${def.path}`).toBeDefined();
      }
    }
  });

  it("lists every registered route at /svc/routes", async () => {
    const r = await call<{ count: number; routes: Array<{ method: string; path: string }> }>(app.url, "GET", "/api/v1/svc/routes");
    expect(r.status).toBe(200);
    const listed = new Set(r.json.routes.map((x) => `${x.method} ${x.path}`));
    for (const def of allEndpoints()) expect(listed).toContain(`${def.method} ${def.path}`);
    expect(r.json.count).toBe(allEndpoints().length);
  });

  it("every route's real answer to its example request matches its declared response schema", async () => {
    for (const def of allEndpoints()) {
      const needsInput = Boolean(def.params || def.query || def.body);
      expect(!needsInput || def.example !== undefined, `${def.operationId} needs an example request`).toBe(true);
      const req = requestFor(def);
      const r = await call(app.url, def.method, req.path, { key: req.key, body: req.body });
      const declared = (def.responses as Record<number, z.ZodType>)[r.status];
      if (declared) {
        // An endpoint that `produces` another media type (the metrics text) answers its body as it is.
        const parsed = declared.safeParse(def.produces && r.status < 300 ? r.text : r.json);
        if (def.produces && r.status < 300) expect(r.headers.get("content-type")).toBe(def.produces);
        expect(parsed.success, `${def.method} ${def.path} → ${r.status}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
      } else {
        expect(r.status, `${def.method} ${def.path} answered an undeclared ${r.status}: ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(errorBody.safeParse(r.json).success).toBe(true);
      }
    }
  });

  it("answers unknown paths under /api with a JSON 404 and wrong methods with 405 + Allow", async () => {
    for (const p of ["/api/v1/nope", "/api/v1/svc/status/extra", "/api/characters/x/unknown", "/api/unknown"]) {
      const r = await call(app.url, "GET", p);
      expect(r.status, p).toBe(404);
      expect(r.json).toMatchObject({ code: "NOT_FOUND" });
      expect(r.headers.get("x-request-id")).toMatch(/^req_/);
    }
    const m = await call(app.url, "POST", "/api/v1/svc/fees", { body: {} });
    expect(m.status).toBe(405);
    expect(m.headers.get("allow")).toBe("GET");
    expect(m.json.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("never answers with HTML or a stack trace for a hostile request", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/status", { headers: { "x-api-key": "x".repeat(10_000) } });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe("INVALID_API_KEY");
    expect(r.text).not.toContain("<html");
  });
});

describe("keys created with npm run keys authenticate against the app (pglite)", () => {
  let app: App | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it("prints a key once; the stored key works; a revoked key does not", async () => {
    // One data folder the script and the app share, in turn (PGlite is one process at a time).
    const { mkdtempSync, cpSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { templateDir } = await import("../support/app");
    const dir = mkdtempSync(path.join(tmpdir(), "svc-keys-"));
    cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
    const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [tsx, "--conditions=react-server", "scripts/keys.ts", ...args], {
        cwd: root,
        env: { ...process.env, SVC_DATA_DIR: dir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const created = run("create", "--role", "agent", "--wallet", WALLET);
    expect(created.status, created.stderr).toBe(0);
    const key = /key:\s+(\S+)/.exec(created.stdout)?.[1] ?? "";
    const id = /id:\s+(\S+)/.exec(created.stdout)?.[1] ?? "";
    expect(key).toMatch(/^svc_/);
    const listed = run("list");
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).not.toContain(key);

    app = await startApp({ reuseEnv: { SVC_DATA_DIR: dir } });
    const ok = await call(app.url, "GET", "/api/v1/svc/status", { key });
    expect(ok.status).toBe(200);
    await app.stop();
    app = undefined;

    const revoked = run("revoke", id);
    expect(revoked.status, revoked.stderr).toBe(0);
    app = await startApp({ reuseEnv: { SVC_DATA_DIR: dir } });
    const denied = await call(app.url, "GET", "/api/v1/svc/status", { key });
    expect(denied.status).toBe(401);
    expect(denied.json.code).toBe("INVALID_API_KEY");
    // Two app starts and three script runs, each a process of its own: more than the default minute on a busy machine.
  }, 240_000);
});

describe.each(dbKinds())("rate limit (%s)", (db) => {
  const app = useApp({ db, env: { SVC_API_KEYS: bootstrap, SVC_RATE_LIMIT_PER_MIN: "5" } });

  it("the request after the limit gets 429 with Retry-After; another key is not affected", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(app.url, "GET", "/api/v1/svc/fees", { key: KEYS.agent }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[4]?.headers.get("ratelimit")).toMatch(/r=0/);
    expect(answers[0]?.headers.get("ratelimit-policy")).toBe('"per-minute";q=5;w=60');
    const limited = answers[5];
    expect(limited?.status).toBe(429);
    expect(limited?.json.code).toBe("RATE_LIMITED");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited?.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const other = await call(app.url, "GET", "/api/v1/svc/fees", { key: KEYS.keeper });
    expect(other.status).toBe(200);
  });

  it("without a key the budget is per client address", async () => {
    // The readiness probe of startApp already spent part of this address's budget.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(app.url, "GET", "/api/v1/svc/fees")).status);
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(0, firstLimited).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true);
    const withKey = await call(app.url, "GET", "/api/v1/svc/fees", { key: KEYS.owner });
    expect(withKey.status).toBe(200);
  });
});

describe("structured logs (pglite)", () => {
  const app = useApp({ db: "pglite", env: { SVC_API_KEYS: bootstrap, SVC_LOG_LEVEL: "info" } });

  it("log one JSON line per request and never contain a key", async () => {
    const wrongKey = "wrong-key-that-must-not-be-logged-123";
    await call(app.url, "GET", "/api/v1/svc/status", { key: KEYS.owner });
    await call(app.url, "GET", "/api/v1/svc/fees", { key: wrongKey });
    await new Promise((r) => setTimeout(r, 200));
    const lines = app
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests.some((l) => l.path === "/api/v1/svc/status" && l.status === 200)).toBe(true);
    expect(requests.some((l) => l.path === "/api/v1/svc/fees" && l.status === 401)).toBe(true);
    for (const secret of [...Object.values(KEYS), wrongKey]) expect(app.output()).not.toContain(secret);
  });
});
