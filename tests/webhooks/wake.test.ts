// Wake on commit (issue 26 item 6): with the worker's poll at 60 s, an event is delivered as soon as its transaction
// commits: in process on PGlite and PostgreSQL, and from another instance (another database handle, no worker of its
// own) through PostgreSQL LISTEN/NOTIFY. Not a timing benchmark: delivery must merely come long before the poll could.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "../../server/db/client";
import { emitEvents, type NewEvent } from "../../server/events/outbox";
import { createSubscription } from "../../server/webhooks/subscriptions";
import { startWebhookWorker } from "../../server/webhooks/worker";
import { dbKinds } from "../support/app";
import { openTestDb, type TestDb } from "../support/db";
import { type Receiver, startReceiver } from "../support/receiver";

const WALLET = `0x${"ef".repeat(32)}`;
const POLL_MS = 60_000;
/** Far below the poll: a delivery later than this was not woken by its commit. */
const WITHIN_MS = 10_000;

let n = 0;
const ev = (): NewEvent => ({ type: "deposit.settled", wallet: WALLET, data: { n: ++n, amountMicros: "1000000" } });

describe.each(dbKinds())("webhook worker woken on commit on %s (poll 60 s)", (kind) => {
  let t: TestDb;
  let rx: Receiver;
  let stop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await openTestDb(kind);
    rx = await startReceiver();
    await createSubscription(t.db, { keyId: "key_wake", wallets: "*" }, { url: rx.url, events: ["deposit.settled"] });
    stop = startWebhookWorker(t.db, { pollMs: POLL_MS, allowInsecure: true, timeoutMs: 3000 });
    // Let the start-up round (fan-out and lanes look once at start) finish and go to sleep for the poll.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await stop?.();
    await rx?.close();
    await t?.destroy();
  });

  async function deliveredWithin(emit: () => Promise<string[]>): Promise<number> {
    const ids = await emit();
    const committed = Date.now();
    await rx.waitFor((all) => ids.every((id) => all.some((r) => r.eventId === id)), WITHIN_MS);
    return Date.now() - committed;
  }

  it("delivers events committed in a transaction, one after another, each long before the poll", async () => {
    for (let i = 0; i < 3; i++) {
      const ms = await deliveredWithin(() => t.db.transaction((tx) => emitEvents(tx, [ev(), ev()])));
      expect(ms).toBeLessThan(WITHIN_MS);
    }
  });

  it("delivers an event written outside a transaction (autocommit) long before the poll", async () => {
    expect(await deliveredWithin(() => emitEvents(t.db, [ev()]))).toBeLessThan(WITHIN_MS);
  });

  it("a rolled-back transaction wakes nothing and delivers nothing; the next commit is delivered", async () => {
    let rolledBack: string[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = await emitEvents(tx, [ev()]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await deliveredWithin(() => t.db.transaction((tx) => emitEvents(tx, [ev()])))).toBeLessThan(WITHIN_MS);
    expect(rx.received.filter((r) => rolledBack.includes(r.eventId))).toEqual([]);
  });

  describe.runIf(kind === "postgres")("across instances", () => {
    let other: DbHandle;
    afterEach(async () => {
      await other?.close();
    });

    it("an event committed by another instance (no worker there) is delivered through LISTEN/NOTIFY", async () => {
      other = await openDatabase({ DATABASE_URL: t.env.DATABASE_URL, SVC_DATA_DIR: "memory://" });
      for (let i = 0; i < 3; i++) {
        expect(await deliveredWithin(() => other.db.transaction((tx) => emitEvents(tx, [ev()])))).toBeLessThan(WITHIN_MS);
      }
    });
  });
});
