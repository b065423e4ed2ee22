// Deliveries are stored, not held in memory: a server crashed with a pending delivery sends it after
// restart; two server instances on one PostgreSQL deliver each event once.
import { rmSync } from "node:fs";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { verifySignature } from "../../server/webhooks/verify";
import { type App, dbKinds, startApp } from "../support/app";
import { emitInto } from "../support/events";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";

const WALLET = `0x${"e5".repeat(32)}`;
const OWNER_KEY = "restart-owner-key-0123456789";
const ENV = {
  SVC_API_KEYS: JSON.stringify([{ key: OWNER_KEY, role: "owner", wallets: [WALLET] }]),
  SVC_DISABLE_JOBS: "0",
  SVC_WEBHOOK_ALLOW_INSECURE: "1",
  SVC_WEBHOOK_RETRY_BASE_MS: "200",
  SVC_WEBHOOK_MAX_ATTEMPTS: "50",
  SVC_WEBHOOK_POLL_MS: "50",
};

interface Log {
  events: Array<{ id: string; deliveries: Array<{ state: string; attempts: Array<{ status: number | null }> }> }>;
  nextCursor: string | null;
}

describe.each(dbKinds())("webhook deliveries across a crash on %s", (db) => {
  const apps: App[] = [];
  let rx: Receiver | undefined;
  afterAll(async () => {
    for (const a of apps.reverse()) await a.stop();
    await rx?.close();
    const dir = apps[apps.length - 1]?.env.SVC_DATA_DIR;
    if (db === "pglite" && dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a delivery pending when the server is killed arrives after the restart, with the same event id", async () => {
    rx = await startReceiver();
    let up = false;
    rx.respond = () => (up ? 200 : 503);
    const first = await startApp({ db, env: ENV });
    apps.push(first);
    const sub = await call<{ id: string; hmacKey: string }>(first.url, "POST", "/api/v1/svc/webhooks", {
      key: OWNER_KEY,
      body: { url: rx.url, events: ["position.updated"] },
    });
    expect(sub.status).toBe(201);
    // The event is committed while no server runs (PGlite is one process per folder).
    await first.kill();
    const [id] = (await emitInto(first.env, [{ type: "position.updated", wallet: WALLET, data: { stakedMicros: "10" } }])) as [string];

    // The retry base is long enough that no second attempt is in flight when the server is killed.
    const second = await startApp({ db, reuseEnv: first.env, env: { SVC_WEBHOOK_RETRY_BASE_MS: "3000" } });
    apps.push(second);
    await rx.waitFor((all) => all.some((r) => r.eventId === id));
    for (let i = 0; i < 200; i++) {
      const log = (await call<Log>(second.url, "GET", "/api/v1/svc/webhooks/events", { key: OWNER_KEY })).json;
      if (log.events.find((e) => e.id === id)?.deliveries[0]?.attempts.length) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await second.kill(); // crash with the delivery pending: its first attempt got a 503, the retry is scheduled
    const failedAttempts = rx.received.filter((r) => r.eventId === id).length;
    up = true;

    const third = await startApp({ db, reuseEnv: first.env });
    apps.push(third);
    await rx.waitFor((all) => all.filter((r) => r.eventId === id).length > failedAttempts);
    const last = rx.received.filter((r) => r.eventId === id).at(-1);
    expect(JSON.parse(last?.rawBody ?? "{}").id).toBe(id);
    expect(verifySignature(last?.rawBody ?? "", last?.signature, sub.json.hmacKey).ok).toBe(true);

    let log: Log | undefined;
    for (let i = 0; i < 100; i++) {
      log = (await call<Log>(third.url, "GET", "/api/v1/svc/webhooks/events", { key: OWNER_KEY })).json;
      if (log.events[0]?.deliveries[0]?.state === "delivered") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const d = log?.events.find((e) => e.id === id)?.deliveries[0];
    expect(d?.state).toBe("delivered");
    expect(d?.attempts.at(-1)?.status).toBe(200);
    expect(d?.attempts.slice(0, -1).every((a) => a.status === 503 || a.status === null)).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two server instances on one PostgreSQL", () => {
  const apps: App[] = [];
  let rx: Receiver | undefined;
  afterAll(async () => {
    for (const a of apps.reverse()) await a.stop();
    await rx?.close();
  });

  // Two app starts and up to 60 s of deliveries: more than the suite's 60 s default on a loaded two-core machine.
  it("deliver each event exactly once, including events committed out of seq order", { timeout: 150_000 }, async () => {
    rx = await startReceiver();
    const a = await startApp({ db: "postgres", env: ENV });
    apps.push(a);
    const b = await startApp({ db: "postgres", reuseEnv: a.env });
    apps.push(b);
    const sub = await call<{ id: string; hmacKey: string }>(a.url, "POST", "/api/v1/svc/webhooks", {
      key: OWNER_KEY,
      body: { url: rx.url, events: ["deposit.settled"] },
    });
    expect(sub.status).toBe(201);

    // 12 concurrent transactions of 25 events each; some hold their seqs a while before committing,
    // and one rolls back (a permanent gap).
    const sqlc = postgres(a.env.DATABASE_URL as string, { max: 13, onnotice: () => {} });
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, t) =>
        sqlc
          .begin(async (tx) => {
            for (let i = 0; i < 25; i++) {
              const id = `evt_two${t.toString().padStart(2, "0")}${i.toString().padStart(12, "0")}`;
              await tx`insert into events (id, type, wallet, data) values (${id}, 'deposit.settled', ${WALLET}, ${tx.json({ t, i })})`;
              if (t !== 11) ids.push(id);
            }
            await tx`select pg_sleep(${(t % 4) * 0.2})`;
            if (t === 11) throw new Error("rollback");
          })
          .catch((e: Error) => {
            if (e.message !== "rollback") throw e;
          }),
      ),
    );
    await sqlc.end();

    await rx.waitFor((all) => new Set(all.map((r) => r.eventId)).size >= ids.length, 60_000);
    // Every delivery is settled with exactly one attempt: no instance sent an event the other had claimed.
    const pg = postgres(a.env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
    // The receiver can have the last event before its attempt is recorded: wait until nothing is pending.
    for (let i = 0; i < 400; i++) {
      const [p] = await pg`select count(*)::int as n from webhook_deliveries where state = 'pending'`;
      if (p?.n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const rows = await pg`select d.state, count(at.seq)::int as attempts from webhook_deliveries d
      left join webhook_attempts at on at.delivery_id = d.id group by d.id, d.state`;
    await pg.end();
    expect(rows).toHaveLength(ids.length);
    expect(rows.filter((r) => r.state !== "delivered" || r.attempts !== 1)).toEqual([]);
    const counts = new Map<string, number>();
    for (const r of rx.received) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const r of rx.received.slice(0, 5)) expect(verifySignature(r.rawBody, r.signature, sub.json.hmacKey).ok).toBe(true);
  });
});
