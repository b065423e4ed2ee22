// Generic checks over every registered endpoint of the running app: the role table of spec §5 decides
// who may call what (every role × every protected route × in- and out-of-scope wallet), and the
// wrapper's error codes answer on real routes through Next.js.
import { beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../../server/http/endpoint";
import { allEndpoints } from "../../server/api";
import { CAPABILITIES, ROLES, type Capability, type Role } from "../../server/http/roles";
import { type DbKind, dbKinds, useSharedApp } from "../support/app";
import { call } from "../support/http";

const OTHER = `0x${"9".repeat(64)}`;
const star = (role: Role) => `contract-${role}-star-key-0001`;
const scoped = (role: Role) => `contract-${role}-other-key-001`;
const KEYS = JSON.stringify(
  ROLES.flatMap((role) => [
    { key: star(role), role, wallets: ["*"] },
    { key: scoped(role), role, wallets: [OTHER] },
  ]),
);

const protectedEndpoints = allEndpoints().filter((d) => d.access !== "public" && d.access !== "permissionless");

function pathOf(def: AnyEndpoint, params: Record<string, string> = {}): string {
  let p = def.path;
  for (const [k, v] of Object.entries({ ...def.example?.params, ...params })) p = p.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(def.example?.query ?? {}).toString();
  return qs ? `${p}?${qs}` : p;
}

/** The wallets the example request touches, as the wrapper computes them. */
function touched(def: AnyEndpoint): string[] {
  if (!def.wallets) return [];
  const parse = (schema: unknown, input: unknown) =>
    schema && typeof schema === "object" && "parse" in schema ? (schema as { parse: (x: unknown) => unknown }).parse(input) : undefined;
  const out = def.wallets({
    params: parse(def.params, def.example?.params ?? {}),
    query: parse(def.query, def.example?.query ?? {}),
    body: parse(def.body, def.example?.body),
  });
  return out === undefined ? [] : typeof out === "string" ? [out] : [...out];
}

/** Both blocks run on one app per database. */
const appOn = (db: DbKind) => useSharedApp(`contract-${db}`, { db, env: { SVC_API_KEYS: KEYS } });

describe.each(dbKinds())("role table on every protected route (%s)", (db) => {
  const app = appOn(db);
  beforeAll(async () => {
    // Routes that name a resource looked up before the key (`missing`: characters) are checked on one that exists.
    const c = await call<{ id: string }>(app.url, "POST", "/api/characters", { key: star("owner"), body: { wallet: `0x${"7".repeat(64)}`, name: "Contract" } });
    expect(c.status, c.text).toBe(201);
    characterId = c.json.id;
  });
  let characterId = "";

  const send = (def: AnyEndpoint, key?: string, headers: Record<string, string> = {}) =>
    call(app.url, def.method, pathOf(def, def.missing ? { id: characterId } : {}), {
      key,
      headers,
      body: def.method === "GET" ? undefined : (def.example?.body ?? {}),
    });

  it("a route that names a missing resource answers 404 NOT_FOUND without a key, 401 INVALID_API_KEY with an unknown one", async () => {
    const named = protectedEndpoints.filter((d) => d.missing);
    expect(named.length).toBeGreaterThan(0);
    for (const def of named) {
      const body = def.method === "GET" ? undefined : (def.example?.body ?? {});
      const none = await call(app.url, def.method, pathOf(def), { body });
      expect([none.status, none.json.code], `${def.method} ${def.path}`).toEqual([404, "NOT_FOUND"]);
      const unknown = await call(app.url, def.method, pathOf(def), { key: "unknown-contract-key-000000", body });
      expect([unknown.status, unknown.json.code], `${def.method} ${def.path}`).toEqual([401, "INVALID_API_KEY"]);
    }
  });

  it("there are protected routes of every capability", () => {
    const used = new Set(protectedEndpoints.map((d) => d.access));
    for (const c of ["wallet.read", "wallet.move", "webhooks.manage", "events.read", "bridge.deliver", "bridge.rescue"]) {
      expect(used).toContain(c);
    }
  });

  it.each(protectedEndpoints.map((d) => [`${d.method} ${d.path}`, d] as const))("%s", async (_name, def) => {
    const allowed = CAPABILITIES[def.access as Capability] as readonly Role[];
    const none = await send(def);
    expect(none.status, "no key").toBe(401);
    expect(none.json.code).toBe("UNAUTHORIZED");
    const unknown = await send(def, "unknown-contract-key-000000");
    expect(unknown.status, "unknown key").toBe(401);
    expect(unknown.json.code).toBe("INVALID_API_KEY");
    const wallets = touched(def);
    for (const role of ROLES) {
      const r = await send(def, star(role));
      if (!allowed.includes(role)) {
        expect(r.status, `${role} may not`).toBe(403);
        expect(r.json.code).toBe("UNAUTHORIZED");
        const spoof = await send(def, star(role), { "X-Role": "owner" });
        expect(spoof.status, `${role} with X-Role: owner`).toBe(403);
        continue;
      }
      expect([401, 403], `${role} in scope got ${r.status}: ${r.text.slice(0, 200)}`).not.toContain(r.status);
      if (wallets.length > 0) {
        const out = await send(def, scoped(role));
        expect(out.status, `${role} out of scope`).toBe(403);
        expect(out.json.code).toBe("WALLET_SCOPE");
      }
    }
  });
});

describe.each(dbKinds())("wrapper error codes on a real route through Next.js (%s)", (db) => {
  const W = `0x${"4".repeat(64)}`;
  const path = `/api/v1/wallets/${W}/route`;
  const owner = star("owner");
  const app = appOn(db);

  it("400 INVALID_REQUEST, INVALID_AMOUNT, INVALID_ADDRESS", async () => {
    const notJson = await call(app.url, "POST", path, { key: owner, body: "{", raw: true });
    expect(notJson.status).toBe(400);
    expect(notJson.json.code).toBe("INVALID_REQUEST");
    const missing = await call(app.url, "POST", path, { key: owner, body: { token: "USDC", stake: false, chain: "move-chain" } });
    expect(missing.json.code).toBe("INVALID_REQUEST");
    for (const amount of ["1.5", "1e6", "-1", "", "9223372036854775808", 7]) {
      const r = await call(app.url, "POST", path, { key: owner, body: { amountMicros: amount, token: "USDC", stake: false, chain: "move-chain" } });
      expect(r.status, String(amount)).toBe(400);
      expect(r.json.code).toBe("INVALID_AMOUNT");
    }
    const badWallet = await call(app.url, "POST", "/api/v1/wallets/0xnothex/route", {
      key: owner,
      body: { amountMicros: "1", token: "USDC", stake: false, chain: "move-chain" },
    });
    expect(badWallet.status).toBe(400);
    expect(badWallet.json.code).toBe("INVALID_ADDRESS");
  });

  it("413 for a body over 1 MiB and 415 for a non-JSON body", async () => {
    const big = JSON.stringify({ amountMicros: "1", token: "USDC", stake: false, chain: "move-chain", pad: "x".repeat(1_100_000) });
    const r413 = await call(app.url, "POST", path, { key: owner, body: big, raw: true });
    expect(r413.status).toBe(413);
    expect(r413.json.code).toBe("PAYLOAD_TOO_LARGE");
    const r415 = await call(app.url, "POST", path, { key: owner, body: "amountMicros=1", raw: true, headers: { "content-type": "text/plain" } });
    expect(r415.status).toBe(415);
    expect(r415.json.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const after = await call(app.url, "GET", "/api/v1/svc/status");
    expect(after.status).toBe(200);
  });

  it("idempotent replay through the real route: 30 concurrent requests apply once and answer the same", async () => {
    const body = { amountMicros: "3000000", token: "USDC", stake: false, chain: "move-chain" };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call(app.url, "POST", path, { key: owner, body, headers: { "Idempotency-Key": `contract-${db}` } })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[0]?.text);
    }
    const pos = await call<{ liquidMicros: string }>(app.url, "GET", `/api/v1/wallets/${W}/position`, { key: owner });
    expect(pos.json.liquidMicros).toBe("3000000");
    const reused = await call(app.url, "POST", path, { key: owner, body: { ...body, amountMicros: "1" }, headers: { "Idempotency-Key": `contract-${db}` } });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});
