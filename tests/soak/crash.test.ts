// Crash and restart (issue 26 item 3): the server is SIGKILLed in the middle of the soak's load (every write with an
// Idempotency-Key but harvest and rebalance, which take none), webhook receivers refusing meanwhile so deliveries are
// pending; then started again on the same database (PGlite folder, PostgreSQL database). Every acknowledged write is
// in the journal with what it answered; a replay of it (same key and body) answers the first answer byte for byte;
// a write cut off by the crash, replayed with its key, is applied once (or was not at all), never half; the journal
// sums to every balance; every stored event reaches the receiver after the restart.
// (tests/webhooks/restart.test.ts and crash.test.ts cover a single delivery and a worker killed mid-delivery.)
import { afterAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../server/events/types";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { type Answer, call } from "../support/http";
import { actionDeltas, ledgerViolations, openSql } from "../support/ledger-sql";
import { type Receiver, startReceiver } from "../support/receiver";
import { soakWallets, startSoak, type WriteRecord } from "../support/soak";
import { SOAK_KEYS, soakEnv, startRateDrift } from "../support/soak-stack";

const LEASE_MS = 2000;
const ENV = {
  SVC_DISABLE_JOBS: "0",
  SVC_WEBHOOK_ALLOW_INSECURE: "1",
  SVC_WEBHOOK_POLL_MS: "50",
  SVC_WEBHOOK_RETRY_BASE_MS: "300",
  SVC_WEBHOOK_MAX_ATTEMPTS: "50",
  SVC_IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
};

const replay = (app: App, w: WriteRecord): Promise<Answer> =>
  call(app.url, "POST", w.path, { key: SOAK_KEYS.owner, body: w.body, headers: { "idempotency-key": w.idempotencyKey as string } });

/** Replays a write the crash cut off until it is answered: 409 while the dead server's claim on its key lasts. */
async function replayUntilAnswered(app: App, w: WriteRecord): Promise<Answer> {
  const deadline = Date.now() + LEASE_MS + 15_000;
  for (;;) {
    const a = await replay(app, w);
    if (a.status !== 409 || Date.now() > deadline) return a;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function inBatches<T>(items: T[], size: number, fn: (t: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** Waits until the app reports no pending delivery and the newest event is delivered (checked in SQL afterwards). */
async function deliveriesSettled(app: App): Promise<void> {
  type Log = { events: { id: string; deliveries: { state: string }[] }[] };
  const deadline = Date.now() + 40_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 3) {
    const pending = await call<Log>(app.url, "GET", "/api/v1/svc/webhooks/events?state=pending&limit=1", { key: SOAK_KEYS.owner });
    const newest = await call<Log>(app.url, "GET", "/api/v1/svc/webhooks/events?limit=1", { key: SOAK_KEYS.owner });
    const settled = pending.json.events.length === 0 && (newest.json.events[0]?.deliveries ?? []).every((d) => d.state === "delivered");
    quiet = settled ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe.each(dbKinds())("SIGKILL under load and restart on %s", (db) => {
  const apps: App[] = [];
  let rpc: FakeRpc | undefined;
  let rx: Receiver | undefined;
  let drift: (() => void) | undefined;
  afterAll(async () => {
    drift?.();
    for (const a of apps.reverse()) await a.stop();
    await rx?.close();
    await rpc?.close();
  });

  it("acknowledged writes survive, cut-off ones apply once or not at all, replays answer the first answer, deliveries go out", { timeout: 180_000 }, async () => {
    rpc = await startFakeRpc();
    drift = startRateDrift(rpc);
    rx = await startReceiver();
    let receiving = false;
    rx.respond = () => (receiving ? 200 : 503);
    const first = await startApp({ db, env: soakEnv(rpc.url, ENV) });
    apps.push(first);
    const sub = await call(first.url, "POST", "/api/v1/svc/webhooks", { key: SOAK_KEYS.owner, body: { url: rx.url, events: [...EVENT_TYPES] } });
    expect(sub.status).toBe(201);

    const load = startSoak({ url: first.url, ownerKey: SOAK_KEYS.owner, agentKey: SOAK_KEYS.agent, wallets: soakWallets(16, 3), concurrency: 12, durationMs: 60_000, seed: 3, idempotent: true });
    await new Promise((r) => setTimeout(r, 4000));
    load.stop();
    await first.kill();
    const run = await load.done;
    const acked = run.writes.filter((w) => w.status !== null);
    const cut = run.writes.filter((w) => w.status === null);
    expect(run.violations).toEqual([]);
    expect(acked.length).toBeGreaterThan(20);

    receiving = true;
    const second = await startApp({ db, reuseEnv: first.env });
    apps.push(second);
    // Acknowledged: the replay is the first answer, byte for byte, and applies nothing.
    const differ: string[] = [];
    await inBatches(
      acked.filter((w) => w.idempotencyKey),
      8,
      async (w) => {
        const a = await replay(second, w);
        if (a.status !== w.status || a.text !== w.text) differ.push(`${w.kind} ${w.idempotencyKey}: first ${w.status} ${w.text.slice(0, 120)}, replay ${a.status} ${a.text.slice(0, 120)}`);
      },
    );
    expect(differ).toEqual([]);
    // Cut off by the crash: replayed with its key, it is answered (once its dead claim lapses) and applied once.
    const cutAnswers = new Map<WriteRecord, Answer>();
    await inBatches(
      cut.filter((w) => w.idempotencyKey),
      8,
      async (w) => {
        cutAnswers.set(w, await replayUntilAnswered(second, w));
      },
    );
    for (const [w, a] of cutAnswers) expect([200, 422], `${w.kind} replay after the crash: ${a.text.slice(0, 200)}`).toContain(a.status);
    for (const [w, a] of cutAnswers) {
      const again = await replay(second, w);
      expect([again.status, again.text]).toEqual([a.status, a.text]);
    }
    await deliveriesSettled(second);
    await second.stop();
    apps.pop();

    const sql = await openSql(first.env);
    try {
      expect(await ledgerViolations(sql.query)).toEqual([]);
      const journal = await actionDeltas(sql.query);
      const known = new Map<string, bigint>();
      for (const w of acked) if (w.actionId) known.set(w.actionId, w.delta ?? 0n);
      for (const [w, a] of cutAnswers) {
        const id = (a.json as { actionId?: string }).actionId;
        if (a.status === 200 && id) known.set(id, w.kind === "withdraw" ? -BigInt(String(w.body.amountMicros)) : w.kind.startsWith("route") ? BigInt(String(w.body.amountMicros)) : (journal.get(id) ?? 0n));
      }
      // Every acknowledged (or replayed) action is in the journal with what it answered…
      // (a harvest that found no yield writes no journal row: its delta is 0)
      for (const [id, delta] of known) expect(journal.get(id) ?? 0n, `action ${id}`).toBe(delta);
      expect([...known.values()].filter((d) => d !== 0n).length).toBeGreaterThan(10);
      // …and the only others are harvests and rebalances cut off by the crash (no key to replay them with).
      const unknown = [...journal.keys()].filter((id) => !known.has(id));
      expect(unknown.length).toBeLessThanOrEqual(cut.filter((w) => !w.idempotencyKey).length);
      // Every stored event reached the receiver after the restart.
      const events = await sql.query("select id from events");
      const got = new Set(rx.received.map((r) => r.eventId));
      expect(events.filter((e) => !got.has(String(e.id))).map((e) => e.id)).toEqual([]);
      expect(events.length).toBeGreaterThan(0);
    } finally {
      await sql.close();
    }
  });
});
