// The database: PGlite (embedded, files under SVC_DATA_DIR or memory://) or PostgreSQL through postgres.js
// when DATABASE_URL is set. Same schema, same migrations, same queries for both.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Config, config } from "../config";
import * as schema from "./schema";
import { localSignals, postgresSignals, withSignals } from "./signal";
import { isDatabaseUnavailable } from "./unavailable";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Query functions take this first: the database, or the transaction they must run inside. */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * PostgreSQL only: a small pool whose sessions use synchronous_commit=off, for rate-limit counters.
   * A counter increment lost in a crash is harmless, and not waiting for the WAL flush keeps a busy
   * key's counter row from serializing every request of that key behind a disk flush.
   */
  countersDb?: Db;
  close: () => Promise<void>;
}

/** Column names are the schema's keys in snake_case (drizzle.config.ts says the same for generated migrations). */
export const CASING = "snake_case" as const;

const MIGRATIONS = path.join(process.cwd(), "drizzle");
const MIGRATION_LOCK = 7_340_221; // pg_advisory_lock id: one migrator at a time across instances

/**
 * Seconds before a pool connection retries after a failed connect. postgres.js's default grows with every failure of
 * any connection of the pool (3^n / 100 s, up to 20 s) and queues queries meanwhile: after a PostgreSQL restart,
 * requests hung for up to 20 s, then the pool came back late. Bounded at 0.5 s, a query during an outage fails within
 * about that (503 UNAVAILABLE, server/http/unavailable.ts) and the pool reconnects within it once the database is back.
 */
export const reconnectBackoffS = (failures: number): number => Math.min(0.05 * failures, 0.5);

export async function openDatabase(cfg: Pick<Config, "DATABASE_URL" | "SVC_DATA_DIR">): Promise<DbHandle> {
  if (cfg.DATABASE_URL) {
    const client = postgres(cfg.DATABASE_URL, {
      max: 20,
      onnotice: () => {},
      connect_timeout: 10,
      backoff: reconnectBackoffS,
      // bigint columns come back as bigint, never as a JS number.
      types: { bigint: postgres.BigInt },
    });
    const countersClient = postgres(cfg.DATABASE_URL, {
      max: 4,
      onnotice: () => {},
      connect_timeout: 10,
      backoff: reconnectBackoffS,
      connection: { synchronous_commit: "off" },
    });
    const db = withSignals(
      drizzlePostgres({ client: pipelinedBegin(client), schema, casing: CASING }) as unknown as Db,
      postgresSignals(client, countersClient),
    );
    const countersDb = drizzlePostgres({ client: countersClient, schema, casing: CASING }) as unknown as Db;
    // One connection holds a session advisory lock while it migrates: one migrator at a time.
    const migrator = postgres(cfg.DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
    try {
      await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(drizzlePostgres({ client: migrator, casing: CASING }), { migrationsFolder: MIGRATIONS });
      await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    } catch (e) {
      await client.end({ timeout: 1 });
      await countersClient.end({ timeout: 1 });
      throw e;
    } finally {
      await migrator.end({ timeout: 5 });
    }
    return {
      db,
      kind: "postgres",
      countersDb,
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), countersClient.end({ timeout: 5 })]);
      },
    };
  }
  const dir = cfg.SVC_DATA_DIR;
  let client: PGlite;
  if (dir === "memory://") {
    client = new PGlite();
  } else {
    const dataDir = path.resolve(dir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    const release = claimFolder(path.resolve(dir));
    client = new PGlite(dataDir);
    const c = client;
    await c.waitReady;
    const db = withSignals(drizzlePglite({ client: c, schema, casing: CASING }) as unknown as Db, localSignals());
    await migratePglite(drizzlePglite({ client: c, casing: CASING }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await c.close();
        release();
      },
    };
  }
  await client.waitReady;
  const db = withSignals(drizzlePglite({ client, schema, casing: CASING }) as unknown as Db, localSignals());
  await migratePglite(drizzlePglite({ client, casing: CASING }), { migrationsFolder: MIGRATIONS });
  return { db, kind: "pglite", close: () => client.close() };
}

/**
 * Set (to true) on a database handle whose first transaction stays open until its caller commits it
 * (server/http/deferred-commit.ts): a statement that must commit with that caller's writes has to run in
 * db.transaction() there, not in an implicit transaction of its own.
 */
export const HOLDS_COMMIT: unique symbol = Symbol("svc.holdsCommit");

/**
 * Runs one statement atomically with as few round trips as there can be: on its own (PostgreSQL makes a single
 * statement its own transaction: one round trip, no BEGIN or COMMIT), or inside db.transaction() when `db` holds a
 * commit its writes must join.
 */
export function atomically<T>(db: Db, run: (q: DbOrTx) => Promise<T>): Promise<T> {
  return (db as unknown as Record<symbol, unknown>)[HOLDS_COMMIT] === true ? db.transaction(run) : run(db);
}

/** Per pipelined transaction (keyed by its reserved connection): writes whose answer is awaited at COMMIT. */
const atCommit = new WeakMap<object, Promise<unknown>[]>();

/**
 * Inside a transaction of pipelinedBegin(): starts a write whose answer nothing in the transaction needs, and
 * lets COMMIT wait for it, so the write and COMMIT travel together (one round trip). Its failure fails the
 * transaction exactly as awaiting it would have (PostgreSQL turns the COMMIT into ROLLBACK; its error is the
 * one thrown). Statements after it run after it on the same connection. Returns false, starting nothing, when
 * `tx` is not such a transaction (PGlite; outside a transaction): the caller then awaits the write itself.
 */
export function writeAtCommit(tx: DbOrTx, write: () => Promise<unknown>): boolean {
  const client = (tx._.session as unknown as { client?: object }).client;
  const pending = client ? atCommit.get(client) : undefined;
  if (!pending) return false;
  const p = write();
  p.catch(() => {}); // observed at COMMIT
  pending.push(p);
  return true;
}

/** The first failure among settled-or-pending writes, if any (in the order they were started). */
async function firstFailure(writes: Promise<unknown>[]): Promise<unknown> {
  for (const w of writes) {
    try {
      await w;
    } catch (e) {
      return e;
    }
  }
  return undefined;
}

/**
 * The client with a begin() that saves two round trips per transaction: BEGIN travels with the transaction's
 * first statement instead of being awaited on its own (postgres.js's begin() waits for it), and writes started
 * with writeAtCommit() travel with COMMIT. Otherwise as postgres.js: one reserved connection per transaction,
 * COMMIT when the callback resolves, ROLLBACK when it throws; a transaction PostgreSQL aborted (a failed
 * statement whose error was caught) throws at COMMIT rather than reporting success. Nested transactions
 * (savepoints) are not supported; the app has none.
 */
function pipelinedBegin(client: postgres.Sql): postgres.Sql {
  const begin = async (a: unknown, b?: unknown): Promise<unknown> => {
    const fn = (b ?? a) as (sql: postgres.TransactionSql) => unknown;
    const options = typeof a === "string" && b ? a.replace(/[^a-z ]/gi, "") : "";
    const c = await client.reserve();
    let lost = false;
    const pending: Promise<unknown>[] = [];
    atCommit.set(c, pending);
    try {
      const begun = c.unsafe(`begin ${options}`).execute();
      begun.catch(() => {}); // awaited below; a failed BEGIN also fails the first statement
      let result: unknown;
      try {
        result = await fn(c as unknown as postgres.TransactionSql);
      } catch (e) {
        // A deferred write that failed is the cause of whatever failed after it.
        throw (await firstFailure(pending)) ?? e;
      }
      const commit = c.unsafe("commit").execute();
      commit.catch(() => {});
      await begun;
      const failed = await firstFailure(pending);
      if (failed !== undefined) throw failed;
      const done = await commit;
      if (done.command !== "COMMIT") throw new Error(`transaction ended with ${done.command}, not COMMIT: a statement in it failed`);
      return result;
    } catch (e) {
      // A lost connection ended its transaction on the server, and postgres.js 3.4.9 must not be handed it again: a
      // statement on a reserved connection whose socket closed throws from a timer and kills the process, and a released
      // one goes back to the pool as open (porsager/postgres#1208, #1215). The pool reconnects it by itself.
      lost = isDatabaseUnavailable(e);
      if (!lost) await c.unsafe("rollback").catch(() => {});
      throw e;
    } finally {
      atCommit.delete(c);
      if (!lost) c.release();
    }
  };
  return new Proxy(client, { get: (target, p, receiver) => (p === "begin" ? begin : Reflect.get(target, p, receiver)) });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A pid file in the folder refuses a second opener while the first is alive.
 */
function claimFolder(dir: string): () => void {
  const pidFile = path.join(dir, "svc.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(`the embedded database in ${dir} is in use by process ${pid}; stop it or use another SVC_DATA_DIR`);
    }
  }
  writeFileSync(pidFile, String(process.pid));
  return () => rmSync(pidFile, { force: true });
}

// One handle per process. Route handlers and instrumentation are separate bundles, so the
// singleton lives on globalThis (two PGlite instances on one folder would corrupt it).
const holder = globalThis as unknown as { __svcDb?: Promise<DbHandle> };

export function dbHandle(): Promise<DbHandle> {
  if (!holder.__svcDb) {
    holder.__svcDb = openDatabase(config());
    holder.__svcDb.catch(() => {
      holder.__svcDb = undefined;
    });
  }
  return holder.__svcDb;
}

export async function getDb(): Promise<Db> {
  return (await dbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const h = holder.__svcDb;
  holder.__svcDb = undefined;
  if (h) await (await h).close();
}

export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
