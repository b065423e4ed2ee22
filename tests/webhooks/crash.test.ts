// A worker killed while a delivery is in flight: its claim runs out and another worker sends the event
// again, with the same event id (at least once; receivers deduplicate on X-SVC-Event-Id).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emitEvents } from "../../server/events/outbox";
import { listEvents } from "../../server/webhooks/event-log";
import { createSubscription } from "../../server/webhooks/subscriptions";
import { verifySignature } from "../../server/webhooks/verify";
import { startWebhookWorker, type WorkerOptions } from "../../server/webhooks/worker";
import { dbKinds } from "../support/app";
import { openTestDb, type TestDb } from "../support/db";
import { type Receiver, startReceiver } from "../support/receiver";

const root = path.resolve(import.meta.dirname, "..", "..");
// A short claim (3 s) so the test need not wait the default 25 s; the attempt timeout stays 10 s.
const OPTS: Partial<WorkerOptions> = { pollMs: 20, retryBaseMs: 50, maxAttempts: 5, allowInsecure: true, leaseMs: 3000 };

/** The test's environment without its database settings (the child gets this test database's). */
function inherited(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== "DATABASE_URL" && !k.startsWith("SVC_")) env[k] = v;
  return env;
}

describe.each(dbKinds())("a worker crashed mid-delivery on %s", (kind) => {
  let t: TestDb | undefined;
  let rx: Receiver | undefined;
  afterAll(async () => {
    await rx?.close();
    await t?.destroy();
  });

  it("the event is sent again by the next worker once the claim runs out", { timeout: 150_000 }, async () => {
    t = await openTestDb(kind);
    rx = await startReceiver();
    // The first request hangs (the receiver answers far later than the worker lives); later ones get 200.
    rx.respond = (r) => (rx?.received.indexOf(r) === 0 ? { status: 200, delayMs: 20_000 } : 200);
    const owner = { keyId: "key_crash", wallets: "*" as const };
    const sub = await createSubscription(t.db, owner, { url: rx.url, events: ["harvest.completed"] });
    const [id] = (await t.db.transaction((tx) =>
      emitEvents(tx, [{ type: "harvest.completed", wallet: `0x${"9".repeat(64)}`, data: { grossYieldMicros: "12" } }]),
    )) as [string];
    await t.close(); // PGlite: one process per folder

    const childEnv: Record<string, string | undefined> = { ...inherited(), ...t.env, SVC_LOG_LEVEL: "silent", WORKER_OPTS: JSON.stringify(OPTS) };
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "tests/support/worker-child.ts")], {
      cwd: root,
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
    });
    child.stderr?.on("data", (d) => {
      out += d;
    });
    try {
      await rx.waitFor((all) => all.some((r) => r.eventId === id), 90_000).catch((e: Error) => {
        throw new Error(`${e.message}; worker output:\n${out}`);
      });
    } finally {
      child.kill("SIGKILL");
      await exited;
    }

    await t.reopen();
    const stop = startWebhookWorker(t.db, OPTS);
    try {
      await rx.waitFor((all) => all.filter((r) => r.eventId === id).length >= 2);
      for (let i = 0; i < 200; i++) {
        const page = await listEvents(t.db, owner, { limit: 10 });
        if (page.events.find((e) => e.id === id)?.deliveries[0]?.state === "delivered") break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await stop();
    }
    const got = rx.received.filter((r) => r.eventId === id);
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(new Set(got.map((r) => JSON.parse(r.rawBody).id))).toEqual(new Set([id]));
    const last = got.at(-1);
    expect(verifySignature(last?.rawBody ?? "", last?.signature, sub.hmacKey).ok).toBe(true);
    const d = (await listEvents(t.db, owner, { limit: 10 })).events.find((e) => e.id === id)?.deliveries[0];
    expect(d?.state).toBe("delivered");
    expect(d?.attempts.at(-1)?.status).toBe(200);
    // The crashed attempt left no record: fewer attempts recorded than requests received.
    expect(d?.attempts.length ?? 0).toBeLessThan(got.length);
  });
});
