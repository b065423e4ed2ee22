// The route wrapper (server/http/handler.ts) through real HTTP on loopback, on a real database:
// every error code, the auth matrix from the role table, idempotency under concurrency.
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletAddress } from "../../server/chains/address";
import type { AnyEndpoint } from "../../server/http/endpoint";
import { endpoint, ok } from "../../server/http/endpoint";
import { cacheJson } from "../../server/http/handler";
import { ApiError } from "../../server/http/errors";
import { CAPABILITIES, type Capability, ROLES, type Role } from "../../server/http/roles";
import { microsInput } from "../../server/money/amount";
import { dbKinds, freshDatabase } from "../support/app";
import { type Answer, call } from "../support/http";
import { serveBooted } from "../support/serve";

const W1 = `0x${"1".repeat(64)}`;
const W2 = `0x${"2".repeat(64)}`;
const KEYS: Record<Role, string> = {
  owner: "owner-key-0123456789abcdef",
  agent: "agent-key-0123456789abcdef",
  keeper: "keeper-key-0123456789abcdef",
};

const PG_BASE = process.env.DATABASE_URL;
const OWNER2 = "second-owner-key-0123456789";
let applied = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An error answer: its HTTP status and its error code. */
const expectError = (r: Answer, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json.code).toBe(code);
};

const moneyBody = z.strictObject({
  amountMicros: microsInput,
  token: z.enum(["USDC"]),
  payee: walletAddress.optional(),
  legs: z.array(z.object({ amountMicros: microsInput })).optional(),
});

// A memoized read: the same object answered until `memoVersion` changes, serialized once per version.
let memoVersion = 1;
let memoBody: { version: number; total: bigint; rows: { id: string }[] } | null = null;
function memoRead() {
  if (memoBody?.version !== memoVersion) {
    memoBody = cacheJson({ version: memoVersion, total: 10n ** 20n + BigInt(memoVersion), rows: [{ id: "é—☃" }] });
  }
  return memoBody;
}

const defs: AnyEndpoint[] = [
  endpoint({
    operationId: "tMemo",
    method: "GET",
    path: "/t/memo",
    summary: "memoized read with cached bytes",
    tags: ["t"],
    access: "public",
    responses: { 200: z.object({ version: z.number(), total: z.unknown(), rows: z.array(z.object({ id: z.string() })) }) },
    handler: async () => ok(memoRead()),
  }),
  endpoint({
    operationId: "tMove",
    method: "POST",
    path: "/t/wallets/{address}/move",
    summary: "test money action",
    tags: ["t"],
    access: "wallet.move",
    params: z.object({ address: walletAddress }),
    body: moneyBody,
    wallets: ({ params }) => params.address,
    idempotent: true,
    responses: { 200: z.object({ applied: z.number(), amountMicros: z.string() }) },
    handler: async ({ body }) => {
      await sleep(30);
      applied += 1;
      return ok({ applied, amountMicros: body.amountMicros.toString() });
    },
  }),
  endpoint({
    operationId: "tSlow",
    method: "POST",
    path: "/t/slow",
    summary: "slow idempotent action",
    tags: ["t"],
    access: "wallet.move",
    body: z.object({ n: z.number() }),
    idempotent: true,
    responses: { 200: z.object({ n: z.number() }) },
    handler: async ({ body }) => {
      await sleep(1500);
      return ok({ n: body.n });
    },
  }),
  endpoint({
    operationId: "tBoom",
    method: "GET",
    path: "/t/boom",
    summary: "throws",
    tags: ["t"],
    access: "public",
    responses: { 200: z.object({}) },
    handler: async () => {
      throw new Error("secret internal detail at /srv/app.ts:12");
    },
  }),
  endpoint({
    operationId: "tBlocked",
    method: "GET",
    path: "/t/missing/{id}",
    summary: "not found",
    tags: ["t"],
    access: "public",
    params: z.object({ id: z.string() }),
    responses: { 200: z.object({}) },
    handler: async ({ params }) => {
      throw new ApiError("NOT_FOUND", `strategy ${params.id} not found`);
    },
  }),
  endpoint({
    operationId: "tAnswerBlocked",
    method: "GET",
    path: "/t/blocked/{code}/{status}",
    summary: "answers a blocked body with the given blocker code and HTTP status",
    tags: ["t"],
    access: "public",
    params: z.object({ code: z.string(), status: z.enum(["200", "422"]) }),
    responses: { 200: z.looseObject({}), 422: z.looseObject({}) },
    handler: async ({ params }) => {
      const body = { status: "blocked" as const, blockers: [{ code: params.code, message: `blocked: ${params.code}` }] };
      return params.status === "200" ? ok(body) : { status: 422 as const, body };
    },
  }),
  ...(["public", "permissionless", ...Object.keys(CAPABILITIES)] as const).map((access) =>
    endpoint({
      operationId: `tAccess_${access}`,
      method: "GET",
      path: `/t/access/${access}/{address}`,
      summary: `access ${access}`,
      tags: ["t"],
      access: access as Capability | "public" | "permissionless",
      params: z.object({ address: walletAddress }),
      wallets: ({ params }) => params.address,
      responses: { 200: z.object({ ok: z.literal(true) }) },
      handler: async () => ok({ ok: true as const }),
    }),
  ),
];

describe.each(dbKinds())("route wrapper on %s", (db) => {
  let url = "";
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const env: Record<string, string> = {
      SVC_API_KEYS: JSON.stringify([
        ...ROLES.map((role) => ({ key: KEYS[role], role, wallets: [W1] })),
        { key: OWNER2, role: "owner", wallets: [W1] },
      ]),
      SVC_RATE_LIMIT_PER_MIN: "100000",
      SVC_IDEMPOTENCY_WAIT_MS: "10000",
      SVC_DISABLE_JOBS: "1",
      SVC_LOG_LEVEL: "silent",
    };
    // The PostgreSQL server is the one of DATABASE_URL as the file started with (a PGlite run before unsets it).
    if (db === "postgres") process.env.DATABASE_URL = PG_BASE;
    const fresh = await freshDatabase(db, "svc-wrapper-");
    if (db !== "postgres") delete process.env.DATABASE_URL;
    ({ url, stop } = await serveBooted(defs, { ...env, ...fresh.env }, fresh.drop));
  });

  afterAll(async () => {
    await stop();
  });

  const move = (body: unknown, headers: Record<string, string> = {}, key = KEYS.owner) =>
    call(url, "POST", `/t/wallets/${W1}/move`, { body, key, headers });

  describe("error codes", () => {
    it("400 INVALID_REQUEST for a body that is not JSON", async () => {
      const r = await call(url, "POST", `/t/wallets/${W1}/move`, { body: "{nope", raw: true, key: KEYS.owner });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: "INVALID_REQUEST" });
      expect(r.json.requestId).toBe(r.headers.get("x-request-id"));
    });

    it.each([
      ["missing field", { token: "USDC" }],
      ["unknown enum value", { amountMicros: "1", token: "DOGE" }],
      ["unknown field", { amountMicros: "1", token: "USDC", extra: 1 }],
      ["wrong type", ["array"]],
    ])("400 INVALID_REQUEST for %s", async (_n, body) => {
      const r = await move(body);
      expectError(r, 400, "INVALID_REQUEST");
    });

    it.each([["1.5"], ["1e6"], ["-1"], [""], ["9223372036854775808"], [" 1"], ["01"], [5]])(
      "400 INVALID_AMOUNT for amountMicros %j",
      async (amount) => {
        const r = await move({ amountMicros: amount, token: "USDC" });
        expectError(r, 400, "INVALID_AMOUNT");
        expect(String(r.json.message)).toContain("amountMicros");
      },
    );

    it("400 INVALID_AMOUNT inside a nested list", async () => {
      const r = await move({ amountMicros: "1", token: "USDC", legs: [{ amountMicros: "2.5" }] });
      expect(r.json.code).toBe("INVALID_AMOUNT");
    });

    it("400 INVALID_ADDRESS for a malformed wallet in the path or the body", async () => {
      const p = await call(url, "POST", "/t/wallets/0x1234/move", { body: { amountMicros: "1", token: "USDC" }, key: KEYS.owner });
      expectError(p, 400, "INVALID_ADDRESS");
      const b = await move({ amountMicros: "1", token: "USDC", payee: "not-an-address" });
      expectError(b, 400, "INVALID_ADDRESS");
    });

    it("401 UNAUTHORIZED without a key, 401 INVALID_API_KEY with an unknown one", async () => {
      const none = await call(url, "POST", `/t/wallets/${W1}/move`, { body: { amountMicros: "1", token: "USDC" } });
      expectError(none, 401, "UNAUTHORIZED");
      const bad = await move({ amountMicros: "1", token: "USDC" }, {}, "nope-nope-nope-nope");
      expectError(bad, 401, "INVALID_API_KEY");
    });

    it("403 UNAUTHORIZED for a role that may not, 403 WALLET_SCOPE for another wallet", async () => {
      const agent = await move({ amountMicros: "1", token: "USDC" }, {}, KEYS.agent);
      expectError(agent, 403, "UNAUTHORIZED");
      const other = await call(url, "POST", `/t/wallets/${W2}/move`, { body: { amountMicros: "1", token: "USDC" }, key: KEYS.owner });
      expectError(other, 403, "WALLET_SCOPE");
    });

    it("404 NOT_FOUND as JSON for an unknown path and an unknown id", async () => {
      const r = await call(url, "GET", "/t/nowhere");
      expectError(r, 404, "NOT_FOUND");
      const id = await call(url, "GET", "/t/missing/scallop-usdc");
      expectError(id, 404, "NOT_FOUND");
    });

    it("405 with Allow for a wrong method", async () => {
      const r = await call(url, "DELETE", `/t/wallets/${W1}/move`, { key: KEYS.owner });
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe("POST");
      expect(r.json.code).toBe("METHOD_NOT_ALLOWED");
    });

    it("413 for a body over 1 MiB", async () => {
      const big = JSON.stringify({ amountMicros: "1", token: "USDC", pad: "x".repeat(1024 * 1024) });
      const r = await call(url, "POST", `/t/wallets/${W1}/move`, { body: big, raw: true, key: KEYS.owner });
      expectError(r, 413, "PAYLOAD_TOO_LARGE");
    });

    it("415 for a body that is not JSON by content type", async () => {
      const r = await call(url, "POST", `/t/wallets/${W1}/move`, {
        body: "amountMicros=1",
        raw: true,
        key: KEYS.owner,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE");
    });

    it("500 INTERNAL without a stack trace or internal detail", async () => {
      const r = await call(url, "GET", "/t/boom");
      expectError(r, 500, "INTERNAL");
      expect(r.text).not.toContain("secret internal detail");
      expect(r.text).not.toMatch(/\bat \S+:\d+/);
    });
  });

  describe("answers only what GET /svc/errors lists (the table in server/http/codes.ts)", () => {
    it("a blocker answered with a status the catalog lists for it goes out as is, with BLOCKED on a 422", async () => {
      const plan = await call(url, "GET", "/t/blocked/insufficient_balance/200");
      expect(plan.status).toBe(200);
      expect(plan.json).toMatchObject({ status: "blocked", blockers: [{ code: "insufficient_balance" }] });
      const action = await call(url, "GET", "/t/blocked/insufficient_balance/422");
      expect(action.status).toBe(422);
      expect(action.json).toMatchObject({ code: "BLOCKED", status: "blocked", blockers: [{ code: "insufficient_balance" }] });
    });

    it("a blocker answered with a status the catalog does not list for it is a server fault (500 INTERNAL), never a silent drift", async () => {
      // below_minimum is a plan-only blocker (200) and tx_failed an action-only one (422).
      for (const path of ["/t/blocked/below_minimum/422", "/t/blocked/tx_failed/200", "/t/blocked/no_such_code/200"]) {
        const r = await call(url, "GET", path);
        expect(r.status, path).toBe(500);
        expect(r.json.code).toBe("INTERNAL");
      }
    });
  });

  describe("auth matrix (from the role table of spec §5)", () => {
    const kinds = ["public", "permissionless", ...Object.keys(CAPABILITIES)] as const;
    const cases: Array<[string, Role, "in" | "out"]> = [];
    for (const k of kinds) for (const role of ROLES) for (const scope of ["in", "out"] as const) cases.push([k, role, scope]);

    it.each(cases)("%s × %s × %s-of-scope wallet", async (kind, role, scope) => {
      const wallet = scope === "in" ? W1 : W2;
      const r = await call(url, "GET", `/t/access/${kind}/${wallet}`, { key: KEYS[role] });
      if (kind === "public" || kind === "permissionless") {
        expect(r.status).toBe(200);
        return;
      }
      const allowed = (CAPABILITIES[kind as Capability] as readonly Role[]).includes(role);
      if (!allowed) {
        expectError(r, 403, "UNAUTHORIZED");
      } else if (scope === "out") {
        expectError(r, 403, "WALLET_SCOPE");
      } else {
        expect(r.status).toBe(200);
      }
    });

    it.each(kinds)("%s without a key, with unknown, 10 KB and unicode keys, and with X-Role: owner", async (kind) => {
      const open = kind === "public" || kind === "permissionless";
      const path = `/t/access/${kind}/${W1}`;
      const none = await call(url, "GET", path);
      expect(none.status).toBe(open ? 200 : 401);
      if (!open) expect(none.json.code).toBe("UNAUTHORIZED");
      const role = await call(url, "GET", path, { headers: { "X-Role": "owner" } });
      expect(role.status).toBe(open ? 200 : 401);
      for (const key of ["unknown-key-000000000000", "k".repeat(10 * 1024), "ключ-🔑-key-ünïcode"]) {
        // What a client puts on the wire: the key's UTF-8 bytes (fetch only accepts byte strings in headers).
        const r = await fetch(`${url}${path}`, { headers: { "x-api-key": Buffer.from(key).toString("latin1") } });
        expect(r.status).toBe(401);
        expect(((await r.json()) as { code: string }).code).toBe("INVALID_API_KEY");
      }
      const agentAsOwner = await call(url, "GET", path, { key: KEYS.agent, headers: { "X-Role": "owner" } });
      if (!open) {
        const allowed = (CAPABILITIES[kind as Capability] as readonly Role[]).includes("agent");
        expect(agentAsOwner.status).toBe(allowed ? 200 : 403);
      }
    });
  });

  describe("cached response bytes (cacheJson)", () => {
    it("a memoized body answers the same JSON as a fresh one, bigint as a string, UTF-8 intact, new bytes when it changes", async () => {
      memoVersion = 1;
      const a = await call(url, "GET", "/t/memo");
      const b = await call(url, "GET", "/t/memo");
      expect(a.status).toBe(200);
      expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(a.json).toEqual({ version: 1, total: "100000000000000000001", rows: [{ id: "é—☃" }] });
      expect(b.json).toEqual(a.json);
      expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
      memoVersion = 2;
      const c = await call(url, "GET", "/t/memo");
      expect(c.json).toMatchObject({ version: 2, total: "100000000000000000002" });
    });
  });

  describe("Idempotency-Key", () => {
    it("30 concurrent requests with one key apply once and all answer the same", async () => {
      const before = applied;
      const key = `idem-${db}-${Date.now()}`;
      const body = { amountMicros: "250000", token: "USDC" };
      const answers = await Promise.all(Array.from({ length: 30 }, () => move(body, { "Idempotency-Key": key })));
      expect(applied - before).toBe(1);
      const first = answers[0];
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.text).toBe(first?.text);
      }
      expect(answers.filter((a) => a.headers.get("idempotency-replayed") === "true")).toHaveLength(29);
      const later = await move({ token: "USDC", amountMicros: "250000" }, { "Idempotency-Key": key });
      expect(later.text).toBe(first?.text);
      expect(applied - before).toBe(1);
    });

    it("the same key with another body → 422 IDEMPOTENCY_KEY_REUSED, nothing applied", async () => {
      const key = `idem-other-${db}-${Date.now()}`;
      await move({ amountMicros: "1", token: "USDC" }, { "Idempotency-Key": key });
      const before = applied;
      const r = await move({ amountMicros: "2", token: "USDC" }, { "Idempotency-Key": key });
      expectError(r, 422, "IDEMPOTENCY_KEY_REUSED");
      expect(applied).toBe(before);
    });

    it("keys are scoped to the API key", async () => {
      const key = `idem-scope-${db}-${Date.now()}`;
      const before = applied;
      const body = { amountMicros: "1", token: "USDC" };
      const first = await move(body, { "Idempotency-Key": key });
      const other = await move(body, { "Idempotency-Key": key }, OWNER2);
      expect(other.status).toBe(200);
      expect(other.headers.get("idempotency-replayed")).toBeNull();
      expect(applied - before).toBe(2);
      const replay = await move(body, { "Idempotency-Key": key });
      expect(replay.text).toBe(first.text);
      expect(applied - before).toBe(2);
    });

    it("409 IDEMPOTENCY_KEY_IN_FLIGHT while the first request still runs past the wait", async () => {
      process.env.SVC_IDEMPOTENCY_WAIT_MS = "100";
      const { resetConfigForTests } = await import("../../server/config");
      resetConfigForTests();
      try {
        const key = `idem-slow-${db}-${Date.now()}`;
        const first = call(url, "POST", "/t/slow", { body: { n: 1 }, key: KEYS.owner, headers: { "Idempotency-Key": key } });
        await sleep(300);
        const second = await call(url, "POST", "/t/slow", { body: { n: 1 }, key: KEYS.owner, headers: { "Idempotency-Key": key } });
        expectError(second, 409, "IDEMPOTENCY_KEY_IN_FLIGHT");
        expect((await first).status).toBe(200);
        const third = await call(url, "POST", "/t/slow", { body: { n: 1 }, key: KEYS.owner, headers: { "Idempotency-Key": key } });
        expect(third.status).toBe(200);
        expect(third.headers.get("idempotency-replayed")).toBe("true");
      } finally {
        process.env.SVC_IDEMPOTENCY_WAIT_MS = "10000";
        resetConfigForTests();
      }
    });
  });
});
