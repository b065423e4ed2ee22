// The delivery worker in-process on a real database (PGlite and PostgreSQL), posting to real receivers
// on 127.0.0.1: signature, retries with the same event id, rotation, deletion, 410, failure and redelivery,
// timeouts, redirects, and the delivery-time address check.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookSubscriptions } from "../../server/db/schema";
import { emitEvents, type NewEvent } from "../../server/events/outbox";
import { listEvents, redeliverEvent } from "../../server/webhooks/event-log";
import { createSubscription, deleteSubscription, listSubscriptions, type Owner, rotateSubscription } from "../../server/webhooks/subscriptions";
import { verifySignature } from "../../server/webhooks/verify";
import { startWebhookWorker, type WorkerOptions } from "../../server/webhooks/worker";
import { dbKinds } from "../support/app";
import { openTestDb, type TestDb } from "../support/db";
import { type Receiver, startReceiver } from "../support/receiver";

const WALLET = `0x${"ab".repeat(32)}`;
const OTHER_WALLET = `0x${"cd".repeat(32)}`;
const OPTS: Partial<WorkerOptions> = { pollMs: 20, retryBaseMs: 50, maxAttempts: 3, allowInsecure: true, timeoutMs: 3000 };

let n = 0;
const owner = (wallets: Owner["wallets"] = new Set([WALLET])): Owner => ({ keyId: `key_test_${++n}`, wallets });
const ev = (type: NewEvent["type"], wallet: string | null = WALLET, data: Record<string, unknown> = { n: ++n }): NewEvent => ({
  type,
  wallet,
  data,
});

describe.each(dbKinds())("webhook delivery on %s", (kind) => {
  let t: TestDb;
  let rx: Receiver;
  let stop: (() => Promise<void>) | null = null;
  const start = (o: Partial<WorkerOptions> = {}) => {
    stop = startWebhookWorker(t.db, { ...OPTS, ...o });
  };

  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  afterEach(async () => {
    await stop?.();
    stop = null;
    await rx?.close();
  });

  it("posts the event body signed with the subscription key; the signature verifies", async () => {
    rx = await startReceiver();
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["deposit.settled", "apy.updated"] });
    expect(sub.hmacKey.length).toBeGreaterThanOrEqual(43);
    start();
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("deposit.settled", WALLET, { amountMicros: "1500000" })]));
    await rx.waitFor((all) => all.some((r) => r.eventId === id));
    const got = rx.received.find((r) => r.eventId === id);
    if (!got) throw new Error("not received");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(verifySignature(got.rawBody, got.signature, sub.hmacKey)).toMatchObject({ ok: true });
    expect(verifySignature(got.rawBody, got.signature, "whsec_wrong").ok).toBe(false);
    const body = JSON.parse(got.rawBody);
    expect(body).toEqual({ id, type: "deposit.settled", createdAt: expect.any(String), wallet: WALLET, data: { amountMicros: "1500000" } });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it("delivers only subscribed types of wallets in scope, and apy.updated without a wallet", async () => {
    rx = await startReceiver();
    const sub = await createSubscription(t.db, owner(), { url: rx.url, events: ["withdraw.settled", "apy.updated"] });
    start();
    const ids = await t.db.transaction((tx) =>
      emitEvents(tx, [
        ev("withdraw.settled", OTHER_WALLET),
        ev("position.updated", WALLET),
        ev("apy.updated", null),
        ev("withdraw.settled", WALLET.toUpperCase().replace("0X", "0x")),
      ]),
    );
    await rx.waitFor((all) => all.some((r) => r.eventId === ids[3]) && all.some((r) => r.eventId === ids[2]));
    // The last of the batch arrived; give nothing else a reason to arrive by checking the log of the subscription.
    const log = await listEvents(t.db, { keyId: "key_observer", wallets: "*" }, { limit: 50 });
    const deliveredTo = (id: string | undefined) =>
      log.events.find((e) => e.id === id)?.deliveries.filter((d) => d.subscriptionId === sub.id) ?? [];
    expect(deliveredTo(ids[0])).toHaveLength(0);
    expect(deliveredTo(ids[1])).toHaveLength(0);
    expect(rx.received.map((r) => r.eventId)).not.toContain(ids[0]);
    expect(rx.received.map((r) => r.eventId)).not.toContain(ids[1]);
    const apy = JSON.parse(rx.received.find((r) => r.eventId === ids[2])?.rawBody ?? "{}");
    expect(apy).not.toHaveProperty("wallet");
  });

  it("retries after 500s with the same event id, records every attempt, then delivers", async () => {
    rx = await startReceiver();
    let calls = 0;
    rx.respond = () => (++calls <= 2 ? 500 : 200);
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["harvest.completed"] });
    start();
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("harvest.completed")]));
    await rx.waitFor((all) => all.filter((r) => r.eventId === id).length >= 3);
    const got = rx.received.filter((r) => r.eventId === id);
    expect(new Set(got.map((r) => JSON.parse(r.rawBody).id))).toEqual(new Set([id]));
    for (const r of got) expect(verifySignature(r.rawBody, r.signature, sub.hmacKey).ok).toBe(true);
    await waitUntil(async () => (await deliveryOf(t, o, id, sub.id))?.state === "delivered");
    const d = await deliveryOf(t, o, id, sub.id);
    expect(d?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(d?.attempts.every((a) => a.durationMs >= 0 && a.at instanceof Date)).toBe(true);
    expect(d?.attempts[0]?.error).toBe("HTTP 500");
  });

  it("after rotate, deliveries verify with the new key and not with the old one", async () => {
    rx = await startReceiver();
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["position.updated"] });
    const rotated = await rotateSubscription(t.db, o.keyId, sub.id);
    if (!rotated) throw new Error("rotate failed");
    expect(rotated.hmacKey).not.toBe(sub.hmacKey);
    expect(await rotateSubscription(t.db, "key_someone_else", sub.id)).toBeNull();
    start();
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("position.updated")]));
    await rx.waitFor((all) => all.some((r) => r.eventId === id));
    const got = rx.received.find((r) => r.eventId === id);
    expect(verifySignature(got?.rawBody ?? "", got?.signature, rotated.hmacKey).ok).toBe(true);
    expect(verifySignature(got?.rawBody ?? "", got?.signature, sub.hmacKey)).toEqual({ ok: false, reason: "signature_mismatch" });
  });

  it("after delete, nothing more is delivered and pending retries are cancelled", async () => {
    rx = await startReceiver();
    rx.respond = () => 503;
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["bridge.failed"] });
    start({ retryBaseMs: 60_000 });
    const [first] = await t.db.transaction((tx) => emitEvents(tx, [ev("bridge.failed")]));
    await rx.waitFor((all) => all.some((r) => r.eventId === first));
    expect(await deleteSubscription(t.db, "key_someone_else", sub.id)).toBe(false);
    expect(await deleteSubscription(t.db, o.keyId, sub.id)).toBe(true);
    expect(await listSubscriptions(t.db, o.keyId)).toEqual([]);
    expect((await deliveryOf(t, o, first, sub.id))?.state).toBe("cancelled");
    // A later event and a marker subscription: once the marker has its event, the worker has passed the deleted one.
    const marker = await startReceiver();
    await createSubscription(t.db, owner(), { url: marker.url, events: ["bridge.failed"] });
    const [second] = await t.db.transaction((tx) => emitEvents(tx, [ev("bridge.failed")]));
    await marker.waitFor((all) => all.some((r) => r.eventId === second));
    await marker.close();
    expect(rx.received.filter((r) => r.eventId === second)).toHaveLength(0);
    expect((await deliveryOf(t, o, second, sub.id)) ?? null).toBeNull();
  });

  it("marks a delivery failed after the last attempt, and redeliver sends it again", async () => {
    rx = await startReceiver();
    let healthy = false;
    rx.respond = () => (healthy ? 204 : 502);
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["bridge.delivered"] });
    start();
    const [id] = (await t.db.transaction((tx) => emitEvents(tx, [ev("bridge.delivered")]))) as [string];
    await waitUntil(async () => (await deliveryOf(t, o, id, sub.id))?.state === "failed");
    expect((await deliveryOf(t, o, id, sub.id))?.attempts.map((a) => a.status)).toEqual([502, 502, 502]);
    const failedOnly = await listEvents(t.db, o, { state: "failed", limit: 50 });
    expect(failedOnly.events.map((e) => e.id)).toContain(id);
    healthy = true;
    expect(await redeliverEvent(t.db, { keyId: "key_someone_else", wallets: "*" }, id)).toEqual({ requeued: [] });
    const r = await redeliverEvent(t.db, o, id);
    expect(r?.requeued).toHaveLength(1);
    await waitUntil(async () => (await deliveryOf(t, o, id, sub.id))?.state === "delivered");
    expect((await deliveryOf(t, o, id, sub.id))?.attempts.map((a) => a.status)).toEqual([502, 502, 502, 204]);
    expect(new Set(rx.received.filter((x) => x.eventId === id).map((x) => x.eventId)).size).toBe(1);
  });

  it("410 Gone disables the subscription", async () => {
    rx = await startReceiver();
    rx.respond = () => 410;
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["apy.updated"] });
    start();
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("apy.updated", null)]));
    await waitUntil(async () => (await listSubscriptions(t.db, o.keyId))[0]?.status === "disabled");
    expect((await deliveryOf(t, o, id, sub.id))?.state).toBe("failed");
    expect(rx.received.filter((r) => r.eventId === id)).toHaveLength(1);
  });

  it("a receiver that does not answer in time gets the event again; redirects are not followed", async () => {
    rx = await startReceiver();
    const target = await startReceiver();
    let calls = 0;
    rx.respond = () => {
      calls++;
      if (calls === 1) return { status: 200, delayMs: 1500 };
      if (calls === 2) return { status: 302, headers: { location: target.url } };
      return 200;
    };
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["deposit.settled"] });
    start({ timeoutMs: 500 });
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("deposit.settled")]));
    await waitUntil(async () => (await deliveryOf(t, o, id, sub.id))?.state === "delivered");
    const d = await deliveryOf(t, o, id, sub.id);
    expect(d?.attempts.map((a) => a.status)).toEqual([null, 302, 200]);
    expect(d?.attempts[0]?.error).toMatch(/no answer/);
    expect(target.received).toHaveLength(0);
    await target.close();
  });

  it("with a master key, signing keys are stored encrypted and deliveries still verify", async () => {
    rx = await startReceiver();
    const master = "11".repeat(32);
    const o = owner();
    const sub = await createSubscription(t.db, o, { url: rx.url, events: ["withdraw.settled"] }, master);
    const [stored] = await t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
    expect(stored?.hmacKey.startsWith("enc:v1:")).toBe(true);
    expect(stored?.hmacKey).not.toContain(sub.hmacKey.slice(6));
    start({ masterKey: master });
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("withdraw.settled")]));
    await rx.waitFor((all) => all.some((r) => r.eventId === id));
    const got = rx.received.find((r) => r.eventId === id);
    expect(verifySignature(got?.rawBody ?? "", got?.signature, sub.hmacKey).ok).toBe(true);
  });

  it("refuses at delivery time a target that resolves to a non-public address", async () => {
    rx = await startReceiver();
    const o = owner();
    const url = rx.url.replace("127.0.0.1", "localhost");
    const sub = await createSubscription(t.db, o, { url, events: ["position.updated"] });
    start({ allowInsecure: false, maxAttempts: 1 });
    const [id] = await t.db.transaction((tx) => emitEvents(tx, [ev("position.updated")]));
    await waitUntil(async () => (await deliveryOf(t, o, id, sub.id))?.state === "failed");
    const d = await deliveryOf(t, o, id, sub.id);
    expect(d?.attempts[0]?.status).toBeNull();
    expect(d?.attempts[0]?.error).toMatch(/refused/);
    expect(rx.received).toHaveLength(0);
  });
});

async function deliveryOf(t: TestDb, o: Owner, eventId: string | undefined, subId: string) {
  const page = await listEvents(t.db, o, { limit: 200 });
  return page.events.find((e) => e.id === eventId)?.deliveries.find((d) => d.subscriptionId === subId);
}

async function waitUntil(pred: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 30));
  }
}
