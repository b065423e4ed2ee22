// /svc/webhooks… on the running app, on each database: subscriptions (owner only, own only), URL
// safety, event types, the event log (scoped, paginated, filtered) and redeliver, with real deliveries.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "../../server/webhooks/verify";
import { type App, dbKinds, startApp } from "../support/app";
import { emitInto } from "../support/events";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";

const WA = `0x${"a1".repeat(32)}`;
const WB = `0x${"b2".repeat(32)}`;
const KEYS = {
  ownerA: "owner-a-key-0123456789",
  ownerB: "owner-b-key-0123456789",
  agentA: "agent-a-key-0123456789",
  keeper: "keeper-key-0123456789x",
};
const API_KEYS = JSON.stringify([
  { key: KEYS.ownerA, role: "owner", wallets: [WA] },
  { key: KEYS.ownerB, role: "owner", wallets: [WB] },
  { key: KEYS.agentA, role: "agent", wallets: [WA] },
  { key: KEYS.keeper, role: "keeper", wallets: ["*"] },
]);
const P = "/api/v1/svc/webhooks";

interface Created {
  id: string;
  url: string;
  events: string[];
  hmacKey: string;
  createdAt: string;
}
interface LoggedEvent {
  id: string;
  type: string;
  wallet: string | null;
  data: Record<string, unknown>;
  deliveries: Array<{ subscriptionId: string; state: string; attempts: Array<{ status: number | null; durationMs: number }> }>;
}
interface Log {
  events: LoggedEvent[];
  nextCursor: string | null;
}

describe.each(dbKinds())("webhooks API on %s", (db) => {
  let app: App;
  let secure: App;
  let rx: Receiver;
  let firstEnv: Record<string, string>;

  beforeAll(async () => {
    rx = await startReceiver();
    const env = {
      SVC_API_KEYS: API_KEYS,
      SVC_DISABLE_JOBS: "0",
      SVC_WEBHOOK_ALLOW_INSECURE: "1",
      SVC_WEBHOOK_RETRY_BASE_MS: "50",
      SVC_WEBHOOK_MAX_ATTEMPTS: "2",
      SVC_WEBHOOK_POLL_MS: "50",
    };
    [app, secure] = await Promise.all([startApp({ db, env }), startApp({ db, env: { SVC_API_KEYS: API_KEYS } })]);
    firstEnv = app.env;
  });
  afterAll(async () => {
    await app?.stop();
    await secure?.stop();
    await rx?.close();
    if (db === "pglite" && firstEnv?.SVC_DATA_DIR) rmSync(firstEnv.SVC_DATA_DIR, { recursive: true, force: true });
  });

  /** Writes events as a domain would; on PGlite the app is crashed, written to, and started again. */
  async function emit(list: Parameters<typeof emitInto>[1]): Promise<string[]> {
    if (db === "postgres") return emitInto(app.env, list);
    await app.kill();
    const ids = await emitInto(app.env, list);
    app = await startApp({ db, reuseEnv: app.env });
    return ids;
  }

  it("lists the seven event types of the spec and position.drift publicly", async () => {
    const r = await call<{ types: Array<{ type: string; description: string }> }>(app.url, "GET", `${P}/events/types`);
    expect(r.status).toBe(200);
    expect(r.json.types.map((t) => t.type).sort()).toEqual(
      [
        "apy.updated",
        "bridge.delivered",
        "bridge.failed",
        "deposit.settled",
        "harvest.completed",
        "position.drift",
        "position.updated",
        "withdraw.settled",
      ].sort(),
    );
  });

  it("creates, lists without keys, rotates and deletes; another owner's id is 404", async () => {
    const c = await call<Created>(app.url, "POST", P, { key: KEYS.ownerA, body: { url: rx.url, events: ["deposit.settled"] } });
    expect(c.status).toBe(201);
    expect(c.json).toEqual({ id: expect.stringMatching(/^whk_/), url: rx.url, events: ["deposit.settled"], hmacKey: expect.any(String), createdAt: expect.any(String) });
    expect(Buffer.from(c.json.hmacKey.replace(/^whsec_/, ""), "base64url").length).toBeGreaterThanOrEqual(32);

    const list = await call<{ webhooks: Array<Record<string, unknown>> }>(app.url, "GET", P, { key: KEYS.ownerA });
    expect(list.status).toBe(200);
    const mine = list.json.webhooks.find((w) => w.id === c.json.id);
    expect(mine).toMatchObject({ id: c.json.id, url: rx.url, status: "active" });
    expect(list.text).not.toContain(c.json.hmacKey);
    expect(list.text).not.toContain("hmacKey");

    const other = await call<{ webhooks: unknown[] }>(app.url, "GET", P, { key: KEYS.ownerB });
    expect(other.text).not.toContain(c.json.id);
    expect((await call(app.url, "POST", `${P}/${c.json.id}/rotate`, { key: KEYS.ownerB })).json).toMatchObject({ code: "NOT_FOUND" });
    expect((await call(app.url, "DELETE", `${P}/${c.json.id}`, { key: KEYS.ownerB })).status).toBe(404);

    const rot = await call<{ id: string; hmacKey: string; rotatedAt: string }>(app.url, "POST", `${P}/${c.json.id}/rotate`, { key: KEYS.ownerA });
    expect(rot.status).toBe(200);
    expect(rot.json.id).toBe(c.json.id);
    expect(rot.json.hmacKey).not.toBe(c.json.hmacKey);

    const del = await call(app.url, "DELETE", `${P}/${c.json.id}`, { key: KEYS.ownerA });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: c.json.id, deleted: true });
    expect((await call(app.url, "DELETE", `${P}/${c.json.id}`, { key: KEYS.ownerA })).status).toBe(404);
    expect((await call(app.url, "POST", `${P}/whk_unknown/rotate`, { key: KEYS.ownerA })).status).toBe(404);
    const after = await call(app.url, "GET", P, { key: KEYS.ownerA });
    expect(after.text).not.toContain(c.json.id);
  });

  it("subscriptions are for owners only; the event log for owners and agents", async () => {
    const body = { url: rx.url, events: ["apy.updated"] };
    expect((await call(app.url, "POST", P, { body })).json).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await call(app.url, "POST", P, { body })).status).toBe(401);
    expect((await call(app.url, "POST", P, { body, key: "not-a-known-key-000" })).json).toMatchObject({ code: "INVALID_API_KEY" });
    for (const key of [KEYS.agentA, KEYS.keeper]) {
      for (const [m, path] of [
        ["POST", P],
        ["GET", P],
        ["POST", `${P}/whk_x/rotate`],
        ["DELETE", `${P}/whk_x`],
        ["POST", `${P}/events/evt_x/redeliver`],
      ] as const) {
        const r = await call(app.url, m, path, { key, body: m === "POST" ? body : undefined, headers: { "x-role": "owner" } });
        expect({ m, path, status: r.status, code: r.json.code }).toEqual({ m, path, status: 403, code: "UNAUTHORIZED" });
      }
    }
    expect((await call(app.url, "GET", `${P}/events`, { key: KEYS.agentA })).status).toBe(200);
    expect((await call(app.url, "GET", `${P}/events`, { key: KEYS.keeper })).status).toBe(403);
    expect((await call(app.url, "GET", `${P}/events`)).status).toBe(401);
  });

  it("rejects bad bodies and queries with 400", async () => {
    for (const body of [
      {},
      { url: rx.url },
      { url: rx.url, events: [] },
      { url: rx.url, events: ["deposit.created"] },
      { url: "ftp://example.com/x", events: ["apy.updated"] },
      { url: "not a url", events: ["apy.updated"] },
      { url: 42, events: ["apy.updated"] },
      { url: rx.url, events: ["apy.updated"], hmacKey: "whsec_chosen_by_the_caller" },
    ]) {
      const r = await call(app.url, "POST", P, { key: KEYS.ownerA, body });
      expect({ body, status: r.status, code: r.json.code }).toEqual({ body, status: 400, code: "INVALID_REQUEST" });
    }
    for (const q of ["type=nope", "state=lost", "cursor=%%%", "limit=0", "limit=201"]) {
      const r = await call(app.url, "GET", `${P}/events?${q}`, { key: KEYS.ownerA });
      expect({ q, status: r.status, code: r.json.code }).toEqual({ q, status: 400, code: "INVALID_REQUEST" });
    }
  });

  it("without SVC_WEBHOOK_ALLOW_INSECURE only https:// to public addresses is accepted", async () => {
    for (const url of [
      "http://example.com/hook",
      rx.url,
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://192.168.0.10/hook",
      "https://172.16.5.4/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://100.100.100.200/hook",
      "https://[::1]/hook",
      "https://[fd00:ec2::254]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://0.0.0.0/hook",
      "https://localhost/hook",
      "https://user:pass@8.8.8.8/hook",
    ]) {
      const r = await call(secure.url, "POST", P, { key: KEYS.ownerA, body: { url, events: ["apy.updated"] } });
      expect({ url, status: r.status, code: r.json.code }).toEqual({ url, status: 400, code: "INVALID_REQUEST" });
    }
    const ok = await call(secure.url, "POST", P, { key: KEYS.ownerA, body: { url: "https://8.8.8.8/hook", events: ["apy.updated"] } });
    expect(ok.status).toBe(201);
  });

  it("delivers signed events of the key's wallets; the event log is scoped, newest first, paginated and filtered", async () => {
    const a = await call<Created>(app.url, "POST", P, {
      key: KEYS.ownerA,
      body: { url: rx.url, events: ["deposit.settled", "position.updated", "apy.updated"] },
    });
    expect(a.status).toBe(201);
    const ids = await emit([
      { type: "deposit.settled", wallet: WA, data: { amountMicros: "2500000" } },
      { type: "deposit.settled", wallet: WB, data: { amountMicros: "1" } },
      { type: "apy.updated", wallet: null, data: { venue: "v1", apyBps: 420 } },
      { type: "position.updated", wallet: WA, data: { stakedMicros: "2500000" } },
    ]);
    const [depA, depB, apy, posA] = ids as [string, string, string, string];
    await rx.waitFor((all) => [depA, apy, posA].every((id) => all.some((r) => r.eventId === id)));
    for (const r of rx.received.filter((x) => [depA, apy, posA].includes(x.eventId))) {
      expect(verifySignature(r.rawBody, r.signature, a.json.hmacKey).ok).toBe(true);
      expect(JSON.parse(r.rawBody).id).toBe(r.eventId);
    }
    expect(JSON.parse(rx.received.find((r) => r.eventId === depA)?.rawBody ?? "{}")).toMatchObject({
      id: depA,
      type: "deposit.settled",
      wallet: WA,
      data: { amountMicros: "2500000" },
    });

    // Owner A's log: A's events and apy.updated, not B's; each delivery delivered with its attempt.
    let log!: Log;
    const seen = async () => {
      log = (await call<Log>(app.url, "GET", `${P}/events`, { key: KEYS.ownerA })).json;
      return log.events.filter((e) => [depA, apy, posA].includes(e.id)).every((e) => e.deliveries.some((d) => d.state === "delivered"));
    };
    for (let i = 0; i < 200 && !(await seen()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(log.events.map((e) => e.id)).toEqual([posA, apy, depA]);
    const d = log.events[0]?.deliveries.find((x) => x.subscriptionId === a.json.id);
    expect(d).toMatchObject({ state: "delivered", attempts: [{ status: 200 }] });

    const agent = await call<Log>(app.url, "GET", `${P}/events`, { key: KEYS.agentA });
    expect(agent.json.events.map((e) => e.id)).toEqual([posA, apy, depA]);
    // Deliveries of a global event are shown only to the subscription's key.
    expect(agent.json.events.find((e) => e.id === apy)?.deliveries).toEqual([]);
    const b = await call<Log>(app.url, "GET", `${P}/events`, { key: KEYS.ownerB });
    expect(b.json.events.map((e) => e.id)).toEqual([apy, depB]);

    const p1 = await call<Log>(app.url, "GET", `${P}/events?limit=2`, { key: KEYS.ownerA });
    expect(p1.json.events.map((e) => e.id)).toEqual([posA, apy]);
    expect(p1.json.nextCursor).toEqual(expect.any(String));
    const p2 = await call<Log>(app.url, "GET", `${P}/events?limit=2&cursor=${p1.json.nextCursor}`, { key: KEYS.ownerA });
    expect(p2.json.events.map((e) => e.id)).toEqual([depA]);
    expect(p2.json.nextCursor).toBeNull();

    const byType = await call<Log>(app.url, "GET", `${P}/events?type=deposit.settled`, { key: KEYS.ownerA });
    expect(byType.json.events.map((e) => e.id)).toEqual([depA]);
    const delivered = await call<Log>(app.url, "GET", `${P}/events?state=delivered`, { key: KEYS.ownerA });
    expect(delivered.json.events.map((e) => e.id)).toEqual([posA, apy, depA]);
    expect((await call<Log>(app.url, "GET", `${P}/events?state=failed`, { key: KEYS.ownerA })).json.events).toEqual([]);

    const again = await call(app.url, "POST", `${P}/events/${depA}/redeliver`, { key: KEYS.ownerA });
    expect({ status: again.status, code: again.json.code }).toEqual({ status: 409, code: "NOTHING_TO_REDELIVER" });
    expect((await call(app.url, "POST", `${P}/events/${depB}/redeliver`, { key: KEYS.ownerA })).status).toBe(404);
    expect((await call(app.url, "POST", `${P}/events/evt_unknown/redeliver`, { key: KEYS.ownerA })).status).toBe(404);
    await call(app.url, "DELETE", `${P}/${a.json.id}`, { key: KEYS.ownerA });
  });

  it("a failed event can be redelivered and then arrives", async () => {
    const failing = await startReceiver();
    let healthy = false;
    failing.respond = () => (healthy ? 200 : 500);
    const s = await call<Created>(app.url, "POST", P, { key: KEYS.ownerB, body: { url: failing.url, events: ["withdraw.settled"] } });
    const [id] = (await emit([{ type: "withdraw.settled", wallet: WB, data: { amountMicros: "7" } }])) as [string];
    let state = "";
    for (let i = 0; i < 300 && state !== "failed"; i++) {
      const r = await call<Log>(app.url, "GET", `${P}/events?state=failed&type=withdraw.settled`, { key: KEYS.ownerB });
      state = r.json.events.find((e) => e.id === id)?.deliveries[0]?.state ?? "";
      if (state !== "failed") await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe("failed");
    expect(failing.received.filter((r) => r.eventId === id)).toHaveLength(2);
    healthy = true;
    const r = await call<{ eventId: string; requeued: string[] }>(app.url, "POST", `${P}/events/${id}/redeliver`, { key: KEYS.ownerB });
    expect(r.status).toBe(200);
    expect(r.json.requeued).toHaveLength(1);
    await failing.waitFor((all) => all.filter((x) => x.eventId === id).length === 3);
    const last = failing.received.filter((x) => x.eventId === id)[2];
    expect(verifySignature(last?.rawBody ?? "", last?.signature, s.json.hmacKey).ok).toBe(true);
    await failing.close();
  });

  it("the OpenAPI document describes the webhook routes", async () => {
    const r = await call<{ paths: Record<string, Record<string, unknown>> }>(app.url, "GET", "/api/v1/openapi.json");
    for (const [path, method] of [
      [P, "post"],
      [P, "get"],
      [`${P}/{id}/rotate`, "post"],
      [`${P}/{id}`, "delete"],
      [`${P}/events`, "get"],
      [`${P}/events/types`, "get"],
      [`${P}/events/{id}/redeliver`, "post"],
    ] as const) {
      expect(r.json.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
