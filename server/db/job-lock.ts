// One run of a scheduled job per interval across every instance on one database (issue 26 item 5). Each instance keeps
// its own timer; a tick runs only if it
//   1. takes the job's PostgreSQL session advisory lock (pg_try_advisory_lock on a reserved connection): no two runs
//      overlap, and a crashed holder's lock goes with its connection; and
//   2. claims the job's job_runs row: the last run started at least 90 % of the interval ago (the row's clock is the
//      database's, so instances with skewed clocks agree). Without this, two instances whose timers are offset would
//      each run once per interval, one after the other.
// PGlite is one process's database (no second instance can open it), so there only the claim is taken.
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import type { Db } from "./client";
import { jobRuns } from "./schema";

/** pg_advisory_lock(int4, int4) namespace of scheduled jobs (the migration lock is a single bigint key: no clash). */
const JOB_LOCK_SPACE = 7_340_222;
/** A tick may run this share of the interval after the last one started (timers of two instances drift a little). */
const SLACK = 0.9;

/** The postgres.js client under a drizzle database, or null on PGlite. */
function pgClientOf(db: Db): postgres.Sql | null {
  const client = (db as unknown as { $client?: { reserve?: unknown } }).$client;
  return client && typeof client.reserve === "function" ? (client as unknown as postgres.Sql) : null;
}

/** Claims this tick of `name`: true when the last run started at least SLACK × everyMs ago (or never). */
async function claim(db: Db, name: string, everyMs: number): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ name, runs: 1n, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { runs: sql`${jobRuns.runs} + 1`, lastStartedAt: sql`now()` },
      setWhere: sql`${jobRuns.lastStartedAt} <= now() - ${Math.round(everyMs * SLACK)} * interval '1 millisecond'`,
    })
    .returning({ runs: jobRuns.runs });
  return rows.length > 0;
}

async function finished(db: Db, name: string): Promise<void> {
  await db
    .update(jobRuns)
    .set({ lastFinishedAt: sql`now()` })
    .where(sql`${jobRuns.name} = ${name}`);
}

/**
 * Runs `run` as this interval's tick of job `name` unless another instance runs it or ran it within the interval.
 * Returns whether it ran. A failure of `run` is thrown after the lock is released.
 */
export async function runScheduled(db: Db, name: string, everyMs: number, run: () => Promise<void>): Promise<boolean> {
  const client = pgClientOf(db);
  if (!client) {
    if (!(await claim(db, name, everyMs))) return false;
    await run();
    await finished(db, name);
    return true;
  }
  const conn = await client.reserve();
  try {
    const [got] = await conn<{ locked: boolean }[]>`select pg_try_advisory_lock(${JOB_LOCK_SPACE}, hashtext(${name})) as locked`;
    if (!got?.locked) return false;
    try {
      if (!(await claim(db, name, everyMs))) return false;
      await run();
      await finished(db, name);
      return true;
    } finally {
      await conn`select pg_advisory_unlock(${JOB_LOCK_SPACE}, hashtext(${name}))`;
    }
  } finally {
    conn.release();
  }
}
