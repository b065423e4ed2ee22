// Bank invariant soak (issue 26 item 2): concurrent route (with and without stake), withdraw, harvest, auto-pay,
// rebalance and reads over many wallets through HTTP against the production server, on PostgreSQL when
// DATABASE_URL is set (else PGlite). Every read must equal the acknowledged writes (tests/support/soak.ts) and, on
// PostgreSQL, its wallet's journal in the same snapshot; at the end the journal sums to every balance
// (tests/support/ledger-sql.ts). Length and size from the environment: SOAK_SECONDS (12 here; `npm run test:soak`
// runs 60), SOAK_WALLETS, SOAK_CONCURRENCY, SOAK_SEED, SOAK_DB (postgres | pglite).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type App, type DbKind, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { actionDeltas, ledgerViolations, openSql, type SqlHandle, walletTotals, walletViolations } from "../support/ledger-sql";
import { checkReads, expectedTotals, soakWallets, startSoak } from "../support/soak";
import { SOAK_KEYS, soakEnv, startRateDrift } from "../support/soak-stack";

const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);
const SECONDS = num("SOAK_SECONDS", 12);
const WALLETS = num("SOAK_WALLETS", 24);
const CONCURRENCY = num("SOAK_CONCURRENCY", 12);
const SEED = num("SOAK_SEED", 26);
const DB: DbKind = (process.env.SOAK_DB as DbKind | undefined) ?? (process.env.DATABASE_URL ? "postgres" : "pglite");

describe(`bank invariant soak on ${DB} (${SECONDS} s, ${WALLETS} wallets, ${CONCURRENCY} concurrent)`, () => {
  let app: App | undefined;
  let rpc: FakeRpc | undefined;
  let db: SqlHandle | undefined;
  let drift: (() => void) | undefined;
  afterAll(async () => {
    drift?.();
    await db?.close();
    await app?.stop();
    await rpc?.close();
  });

  it("every read equals the acknowledged writes and its journal; at the end the journal sums to every balance", { timeout: SECONDS * 1000 + 120_000 }, async () => {
    rpc = await startFakeRpc();
    drift = startRateDrift(rpc);
    app = await startApp({ db: DB, env: soakEnv(rpc.url) });
    const wallets = soakWallets(WALLETS, SEED);
    db = DB === "postgres" ? await openSql(app.env) : undefined;
    const readChecks: string[] = [];
    let dbReads = 0;
    const onRead = db
      ? async (w: string) => {
          dbReads += 1;
          readChecks.push(...(await walletViolations((db as SqlHandle).query, w)));
        }
      : undefined;
    const run = await startSoak({ url: app.url, ownerKey: SOAK_KEYS.owner, agentKey: SOAK_KEYS.agent, wallets, concurrency: CONCURRENCY, durationMs: SECONDS * 1000, seed: SEED, onRead }).done;
    const reads = checkReads(run);
    const expected = expectedTotals(run);

    const final: string[] = [];
    for (let i = 0; i < wallets.length; i += 50) {
      const a = await call<{ positions: { wallet: string; liquidMicros: string; stakedMicros: string }[] }>(app.url, "POST", "/api/v1/wallets/batch/positions", { key: SOAK_KEYS.agent, body: { wallets: wallets.slice(i, i + 50) } });
      for (const p of a.json.positions) {
        const got = BigInt(p.liquidMicros) + BigInt(p.stakedMicros);
        if (got !== (expected.get(p.wallet) ?? 0n)) final.push(`${p.wallet}: position ${got} is not the answered writes' ${expected.get(p.wallet) ?? 0n}`);
      }
    }
    if (!db) {
      // PGlite is one process's database: the app goes (kill leaves the folder; stop would remove it) and the test opens it.
      await app.kill();
      db = await openSql(app.env);
    }
    final.push(...(await ledgerViolations(db.query)));
    const totals = await walletTotals(db.query);
    for (const w of wallets) if ((totals.get(w) ?? 0n) !== (expected.get(w) ?? 0n)) final.push(`${w}: balances ${totals.get(w) ?? 0n} are not the answered writes' ${expected.get(w) ?? 0n}`);
    const journal = await actionDeltas(db.query);
    const answered = new Set<string>();
    for (const w of run.writes) {
      if (!w.actionId || w.delta === null) continue;
      answered.add(w.actionId);
      if ((journal.get(w.actionId) ?? 0n) !== w.delta) final.push(`${w.kind} ${w.actionId}: journal ${journal.get(w.actionId) ?? 0n}, answer ${w.delta}`);
    }
    for (const id of journal.keys()) if (!answered.has(id)) final.push(`journal action ${id} belongs to no answered write`);

    const writes = run.writes.length;
    const done = run.writes.filter((w) => w.status === 200).length;
    const opsPerSec = run.ops / (run.elapsedMs / 1000);
    const violations = [...run.violations, ...reads.violations, ...readChecks, ...final];
    const summary = {
      db: DB,
      seconds: SECONDS,
      wallets: WALLETS,
      concurrency: CONCURRENCY,
      ops: run.ops,
      opsPerSec: Math.round(opsPerSec),
      writes,
      writesDone: done,
      reads: run.reads.length,
      readsChecked: reads.checked,
      dbReadChecks: dbReads,
      violations: violations.length,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
      at: new Date().toISOString(),
    };
    console.log(`soak: ${JSON.stringify(summary)}`);
    const out = path.resolve(import.meta.dirname, "..", "..", "test-results");
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, `soak-${DB}.json`), `${JSON.stringify({ ...summary, firstViolations: violations.slice(0, 20) }, null, 2)}\n`);
    expect(violations.slice(0, 20)).toEqual([]);
    // The load did something: most reads were checkable, every kind of write was answered done at least once.
    expect(reads.checked).toBeGreaterThan(run.reads.length / 2);
    for (const kind of ["route", "routeStake", "withdraw", "harvest", "autoPay"]) expect(run.writes.some((w) => w.kind === kind && w.status === 200), kind).toBe(true);
    expect(run.writes.some((w) => (w.kind === "harvest" || w.kind === "autoPay") && (w.delta ?? 0n) > 0n), "some harvest had real yield").toBe(true);
  });
});
