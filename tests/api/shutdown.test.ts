// Contract §10, SIGTERM, for real on the production server and each database: with a request in flight (its body
// still arriving) and a webhook delivery claimed and being sent to a receiver that does not answer, SIGTERM makes
// the server refuse new connections at once, finish the request in flight, release the claimed delivery (pending,
// due now, the interrupted attempt not counted) and exit 0 within 10 s.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { webhookDeliveries } from "../../server/db/schema";
import { type App, dbKinds, startApp } from "../support/app";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";

const SUI = `0x${"5d".repeat(32)}`;
const OWNER = "shutdown-owner-key-0123456";
const API_KEYS = JSON.stringify([{ key: OWNER, role: "owner", wallets: [SUI] }]);

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(false);
    });
    s.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
  });
}

describe.each(dbKinds())("SIGTERM on %s", (db) => {
  let app: App | undefined;
  let rx: Receiver | undefined;
  afterAll(async () => {
    await app?.stop();
    await rx?.close();
  });

  it("refuses new connections, finishes the request in flight, releases the claimed delivery, exits 0 within 10 s", async () => {
    rx = await startReceiver();
    // The receiver takes the delivery and never answers in time: the delivery stays claimed while the server stops.
    rx.respond = () => ({ status: 200, delayMs: 60_000 });
    app = await startApp({
      db,
      env: { SVC_API_KEYS: API_KEYS, SVC_DISABLE_JOBS: "0", SVC_WEBHOOK_ALLOW_INSECURE: "1", SVC_WEBHOOK_POLL_MS: "50" },
    });
    const sub = await call(app.url, "POST", "/api/v1/svc/webhooks", { key: OWNER, body: { url: rx.url, events: ["position.updated"] } });
    expect(sub.status, sub.text).toBe(201);
    const routed = await call(app.url, "POST", `/api/v1/wallets/${SUI}/route`, { key: OWNER, body: { amountMicros: "1000000", token: "USDC", stake: false, chain: "move-chain" } });
    expect(routed.status, routed.text).toBe(200);
    await rx.waitFor((all) => all.length >= 1, 20_000);

    // A request in flight: headers and half its body sent; the rest comes after SIGTERM.
    const body = Buffer.from(JSON.stringify({ amountMicros: "1000000", stake: false }));
    let settle: (a: { status: number; text: string }) => void = () => {};
    const answer = new Promise<{ status: number; text: string }>((resolve) => {
      settle = resolve;
    });
    const slow = httpRequest(
      `${app.url}/api/v1/wallets/${SUI}/preview`,
      { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": String(body.byteLength), "x-api-key": OWNER } },
      (res: IncomingMessage) => {
        let text = "";
        res.on("data", (c: Buffer) => {
          text += c.toString("utf8");
        });
        res.on("end", () => settle({ status: res.statusCode ?? 0, text }));
      },
    );
    slow.on("error", (e) => settle({ status: 0, text: String(e) }));
    slow.write(body.subarray(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    const sent = Date.now();
    const exit = app.terminate();
    let closed = false;
    while (!closed && Date.now() - sent < 3_000) {
      closed = await refused(app.port);
      if (!closed) await new Promise((r) => setTimeout(r, 25));
    }
    expect(closed, "a new connection is refused soon after SIGTERM").toBe(true);
    slow.end(body.subarray(10));
    const done = await answer;
    expect(done.status, done.text).toBe(200);
    expect(JSON.parse(done.text)).toMatchObject({ status: "done", dryRun: true });

    const { code, signal } = await exit;
    const took = Date.now() - sent;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    expect(app.output()).toContain("svc stopped");

    const h = await openDatabase({ DATABASE_URL: app.env.DATABASE_URL, SVC_DATA_DIR: app.env.SVC_DATA_DIR ?? "memory://" });
    try {
      const rows = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.state, "pending"));
      expect(rows).toHaveLength(1);
      // Released: due now (not leased for the attempt's timeout + 15 s), and the interrupted attempt not counted.
      expect(rows[0]?.attempts).toBe(0);
      expect(rows[0]?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    } finally {
      await h.close();
    }
  }, 120_000);
});
