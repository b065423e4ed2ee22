// PostgreSQL restarted under load (issue 26 item 4), on a private cluster (tests/support/private-pg.ts), never the
// shared one: while it is down every request that needs it fails fast with 503 UNAVAILABLE and a Retry-After (never
// 500, never a hang); once it is back the same server process answers again, with no restart. Writes carry
// Idempotency-Keys: each one answered 503 is replayed afterwards and is then applied exactly once; the journal sums
// to every balance.
import { afterAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { type Answer, call } from "../support/http";
import { actionDeltas, ledgerViolations, openSql } from "../support/ledger-sql";
import { type PrivatePg, privatePgAvailable, startPrivatePg } from "../support/private-pg";
import { soakWallets } from "../support/soak";
import { SOAK_KEYS, soakEnv } from "../support/soak-stack";

interface Sent {
  phase: "before" | "down" | "after";
  kind: "route" | "read";
  wallet: string;
  key: string;
  body: Record<string, unknown>;
  ms: number;
  end: number;
  answer: Answer | null;
  error: string | null;
}

describe.skipIf(!privatePgAvailable())("PostgreSQL restarted under load", () => {
  let pg: PrivatePg | undefined;
  let app: App | undefined;
  afterAll(async () => {
    await app?.stop();
    pg?.destroy();
  });

  it("answers 503 UNAVAILABLE with Retry-After fast while it is down and recovers without a server restart", { timeout: 150_000 }, async () => {
    pg = await startPrivatePg();
    // A closed port for the chain: route without stake needs none. The lease lets a write cut off by the outage be replayed soon.
    app = await startApp({ db: "postgres", reuseEnv: { DATABASE_URL: pg.url }, env: soakEnv("http://127.0.0.1:9", { SVC_IDEMPOTENCY_LEASE_MS: "1500" }) });
    const url = app.url;
    const wallets = soakWallets(8, 7);
    const sent: Sent[] = [];
    let phase: Sent["phase"] = "before";
    let stopped = false;
    let n = 0;
    const worker = async (id: number) => {
      while (!stopped) {
        const i = n++;
        const wallet = wallets[(id + i) % wallets.length] as string;
        const kind: Sent["kind"] = i % 2 === 0 ? "route" : "read";
        const s: Sent = { phase, kind, wallet, key: `dbr-${i}`, body: { amountMicros: String(1000 + i), chain: "move-chain" }, ms: 0, end: 0, answer: null, error: null };
        const t0 = performance.now();
        try {
          const request =
            kind === "route"
              ? call(url, "POST", `/api/v1/wallets/${wallet}/route`, { key: SOAK_KEYS.owner, body: s.body, headers: { "idempotency-key": s.key } })
              : call(url, "GET", `/api/v1/wallets/${wallet}/position`, { key: SOAK_KEYS.agent });
          // A hang is a failure of its own (not a test timeout): no answer within 10 s.
          const hung = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${kind} ${phase}: no answer within 10 s`)), 10_000).unref());
          s.answer = await Promise.race([request, hung]);
        } catch (e) {
          s.error = (e as Error).message;
        }
        s.end = performance.now();
        s.ms = s.end - t0;
        sent.push(s);
        if (phase === "down") await new Promise((r) => setTimeout(r, 20));
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, i) => worker(i)));
    await new Promise((r) => setTimeout(r, 1500));
    phase = "down";
    const stopAt = performance.now();
    pg.stop();
    await new Promise((r) => setTimeout(r, 2500));
    pg.start();
    phase = "after";
    const back = Date.now();
    while (Date.now() - back < 15_000 && !sent.some((s) => s.phase === "after" && s.answer?.status === 200 && s.kind === "route")) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    stopped = true;
    await workers;

    const worst = (p: Sent["phase"]) => Math.round(Math.max(0, ...sent.filter((s) => s.phase === p).map((s) => s.ms)));
    console.log(`db restart: ${sent.length} requests; slowest before ${worst("before")} ms, down ${worst("down")} ms, after ${worst("after")} ms`);
    if (sent.some((s) => s.error !== null)) console.log(app.output().slice(-4000));
    expect(sent.filter((s) => s.error !== null).map((s) => s.error)).toEqual([]);
    // Answered before the stop: all done. (One in flight across it is answered like one sent while down.)
    expect([...new Set(sent.filter((s) => s.phase === "before" && s.end < stopAt).map((s) => s.answer?.status))]).toEqual([200]);
    const down = sent.filter((s) => s.phase === "down" || (s.phase === "before" && s.end >= stopAt));
    expect(down.length).toBeGreaterThan(10);
    const unavailable = down.filter((s) => s.answer?.status === 503);
    expect(unavailable.length).toBeGreaterThan(5);
    for (const s of down) expect([200, 503], s.answer?.text).toContain(s.answer?.status);
    for (const s of unavailable) {
      expect((s.answer?.json as { code?: string }).code).toBe("UNAVAILABLE");
      expect(s.answer?.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
      expect(s.ms, "fails fast").toBeLessThan(3000);
    }
    // Recovered: the last second of answers are all 200, from the same server process.
    const tail = sent.filter((s) => s.phase === "after").slice(-20);
    expect(tail.map((s) => s.answer?.status)).toEqual(tail.map(() => 200));
    expect(app.output().match(/svc listening on/g)?.length, "one server process throughout").toBe(1);

    // Every write answered 503 is replayed with its key: applied once, whether or not the outage had applied it.
    const routes = sent.filter((s) => s.kind === "route");
    const final = new Map<string, Answer>();
    for (const s of routes) {
      let a = s.answer as Answer;
      for (let tries = 0; a.status !== 200 && tries < 20; tries++) {
        await new Promise((r) => setTimeout(r, 150));
        a = await call(url, "POST", `/api/v1/wallets/${s.wallet}/route`, { key: SOAK_KEYS.owner, body: s.body, headers: { "idempotency-key": s.key } });
      }
      expect(a.status, a.text).toBe(200);
      final.set(s.key, a);
    }
    const sql = await openSql({ DATABASE_URL: pg.url });
    try {
      expect(await ledgerViolations(sql.query)).toEqual([]);
      const journal = await actionDeltas(sql.query);
      const ids = [...final.values()].map((a) => (a.json as { actionId: string }).actionId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(journal.size).toBe(ids.length);
      for (const s of routes) expect(journal.get((final.get(s.key)?.json as { actionId: string }).actionId)).toBe(BigInt(String(s.body.amountMicros)));
    } finally {
      await sql.close();
    }
  });
});
