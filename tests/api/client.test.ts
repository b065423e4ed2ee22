// The typed client (client/, issue 27) against the running production app: one call of each role, a typed 403
// WALLET_SCOPE and 422 BLOCKED, the Idempotency-Key it sends on money calls (and one set by the caller, replayed),
// the real server's 429 as a typed error, and verifyWebhook on a real signed delivery (and its refusal of a tampered
// body and of a stale timestamp). Retries are shown against a real HTTP server on loopback that answers 429/503.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSvcClient, type ErrorCode, type SvcApiError, toMicros, unwrap, verifyWebhook } from "../../client/src/index";
import { type App, startApp } from "../support/app";
import { type Receiver, startReceiver } from "../support/receiver";

const WA = `0x${"c1".repeat(32)}`;
const WB = `0x${"c2".repeat(32)}`;
const KEYS = { owner: "client-owner-key-000000001", agent: "client-agent-key-000000001", keeper: "client-keeper-key-00000001" };
const API_KEYS = JSON.stringify([
  { key: KEYS.owner, role: "owner", wallets: [WA] },
  { key: KEYS.agent, role: "agent", wallets: [WA] },
  { key: KEYS.keeper, role: "keeper", wallets: ["*"] },
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The client's own error, from a call that must fail. */
async function thrown(p: Promise<unknown>): Promise<SvcApiError> {
  try {
    await p;
  } catch (e) {
    return e as SvcApiError;
  }
  throw new Error("the call did not fail");
}

describe("the typed client on the running app", () => {
  let app: App;
  let limited: App;
  let rx: Receiver;
  /** Every request the owner's client sent, as sent (after its middleware). */
  const sent: Request[] = [];
  const owner = () =>
    createSvcClient({
      baseUrl: app.url,
      apiKey: KEYS.owner,
      fetch: (req) => {
        sent.push(req.clone());
        return fetch(req);
      },
    });

  beforeAll(async () => {
    rx = await startReceiver();
    const env = { SVC_API_KEYS: API_KEYS, SVC_DISABLE_JOBS: "0", SVC_WEBHOOK_ALLOW_INSECURE: "1", SVC_WEBHOOK_POLL_MS: "50" };
    [app, limited] = await Promise.all([startApp({ env }), startApp({ env: { SVC_API_KEYS: API_KEYS, SVC_RATE_LIMIT_PER_MIN: "2" } })]);
  });
  afterAll(async () => {
    await app?.stop();
    await limited?.stop();
    await rx?.close();
  });

  it("public, owner, agent and keeper calls; the owner's money call carries a generated Idempotency-Key", async () => {
    const status = await unwrap(createSvcClient({ baseUrl: app.url }).GET("/api/v1/svc/status"));
    expect(status.schemaVersion).toBe("svc-status.v1");

    const routed = await unwrap(owner().POST("/api/v1/wallets/{address}/route", { params: { path: { address: WA } }, body: { amountMicros: toMicros("2.5").toString(), chain: "move-chain" } }));
    expect(routed).toMatchObject({ status: "done", amountMicros: "2500000", feeMicros: "0" });
    const req = sent.find((r) => r.url.endsWith(`/api/v1/wallets/${WA}/route`));
    expect(req?.headers.get("idempotency-key")).toMatch(UUID);
    expect(req?.headers.get("x-api-key")).toBe(KEYS.owner);

    const agent = createSvcClient({ baseUrl: app.url, apiKey: KEYS.agent });
    const pos = await unwrap(agent.GET("/api/v1/wallets/{address}/position", { params: { path: { address: WA } } }));
    expect(pos.liquidMicros).toBe("2500000");

    const keeper = createSvcClient({ baseUrl: app.url, apiKey: KEYS.keeper });
    const rec = await unwrap(keeper.POST("/api/v1/svc/reconcile", { body: { wallet: WA } }));
    expect(rec).toMatchObject({ wallets: 1, findings: [] });
    // The keeper may not move money: a typed 403 UNAUTHORIZED.
    const denied = await keeper.POST("/api/v1/wallets/{address}/route", { params: { path: { address: WA } }, body: { amountMicros: "1", chain: "move-chain" } });
    expect({ status: denied.response.status, code: denied.error?.code }).toEqual({ status: 403, code: "UNAUTHORIZED" });
  });

  it("a key set by the caller is sent as is, and its replay applies once", async () => {
    const svc = owner();
    const call = () =>
      svc.POST("/api/v1/wallets/{address}/route", {
        params: { path: { address: WA }, header: { "Idempotency-Key": "client-test-once" } },
        body: { amountMicros: "1000", chain: "move-chain" },
      });
    const before = await unwrap(createSvcClient({ baseUrl: app.url, apiKey: KEYS.agent }).GET("/api/v1/wallets/{address}/position", { params: { path: { address: WA } } }));
    const first = await call();
    const again = await call();
    expect(again.response.headers.get("idempotency-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    expect(sent.filter((r) => r.headers.get("idempotency-key") === "client-test-once")).toHaveLength(2);
    const after = await unwrap(createSvcClient({ baseUrl: app.url, apiKey: KEYS.agent }).GET("/api/v1/wallets/{address}/position", { params: { path: { address: WA } } }));
    expect(BigInt(after.liquidMicros) - BigInt(before.liquidMicros)).toBe(1000n);
  });

  it("answers another wallet with a typed 403 WALLET_SCOPE, and a blocked money action with its blockers", async () => {
    const agent = createSvcClient({ baseUrl: app.url, apiKey: KEYS.agent });
    const r = await agent.GET("/api/v1/wallets/{address}/position", { params: { path: { address: WB } } });
    expect(r.data).toBeUndefined();
    const code: ErrorCode | undefined = r.error?.code;
    expect({ status: r.response.status, code }).toEqual({ status: 403, code: "WALLET_SCOPE" });
    const e = await thrown(unwrap(agent.GET("/api/v1/wallets/{address}/position", { params: { path: { address: WB } } })));
    expect(e.name).toBe("SvcApiError");
    expect({ code: e.code, status: e.status, blockers: e.blockers }).toEqual({ code: "WALLET_SCOPE", status: 403, blockers: [] });
    expect(e.message).toEqual(expect.any(String));
    expect(e.requestId).toEqual(expect.any(String));

    // Staking with no live APY on the chain: 422 BLOCKED, no_ready_venue.
    const b = await thrown(unwrap(owner().POST("/api/v1/wallets/{address}/route", { params: { path: { address: WA } }, body: { amountMicros: "1", chain: "move-chain", stake: true } })));
    expect({ code: b.code, status: b.status }).toEqual({ code: "BLOCKED", status: 422 });
    expect(b.blockers.map((x) => x.code)).toEqual(["no_ready_venue"]);
  });

  it("the real server's 429 is a typed RATE_LIMITED with Retry-After; a wait longer than maxDelayMs is not waited for", async () => {
    const svc = createSvcClient({ baseUrl: limited.url, retry: { attempts: 3, maxDelayMs: 200 } });
    const status = () => svc.GET("/api/v1/svc/status");
    let last: Awaited<ReturnType<typeof status>> | undefined;
    const started = Date.now();
    for (let i = 0; i < 4 && last?.response.status !== 429; i++) last = await status();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(last?.response.status).toBe(429);
    expect(last?.error?.code).toBe("RATE_LIMITED");
    expect(Number(last?.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("verifyWebhook accepts a real delivery and refuses a tampered body and a stale timestamp", async () => {
    const svc = owner();
    const sub = await unwrap(svc.POST("/api/v1/svc/webhooks", { body: { url: rx.url, events: ["position.updated"] } }));
    await unwrap(svc.POST("/api/v1/wallets/{address}/route", { params: { path: { address: WA } }, body: { amountMicros: "7", chain: "move-chain" } }));
    await rx.waitFor((all) => all.some((r) => r.rawBody.includes('"amountMicros":"7"') || r.rawBody.includes(WA)));
    const d = rx.received.find((r) => JSON.parse(r.rawBody).type === "position.updated");
    if (!d) throw new Error("no position.updated delivery");
    expect(await verifyWebhook(d.rawBody, d.signature, sub.hmacKey)).toEqual({ ok: true, timestamp: expect.any(Number) });
    expect(await verifyWebhook(new TextEncoder().encode(d.rawBody), d.signature, sub.hmacKey)).toMatchObject({ ok: true });

    const tampered = d.rawBody.replace(WA, WB);
    expect(tampered).not.toBe(d.rawBody);
    expect(await verifyWebhook(tampered, d.signature, sub.hmacKey)).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(await verifyWebhook(`${d.rawBody} `, d.signature, sub.hmacKey)).toEqual({ ok: false, reason: "signature_mismatch" });

    const t = Number(/t=(\d+)/.exec(d.signature)?.[1]);
    expect(await verifyWebhook(d.rawBody, d.signature, sub.hmacKey, { now: t + 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(await verifyWebhook(d.rawBody, d.signature, sub.hmacKey, { toleranceS: 10, now: t + 11 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });
});
