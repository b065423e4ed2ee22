// Per-key (else per-client-address) rate limit with rate-limiter-flexible. On PostgreSQL the counters
// live in the database (RateLimiterDrizzle), so several server instances on one PostgreSQL share one
// budget. The embedded PGlite database belongs to exactly one process, so there the process's memory
// is that shared store (RateLimiterMemory): no per-request write on PGlite's single connection.
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getTableColumns, sql } from "drizzle-orm";
import { colName, Statement, tableFields } from "../db/batch";
import type { Db, DbHandle } from "../db/client";
import { rateLimits } from "../db/schema";
import { log } from "../log";

export const WINDOW_S = 60;
const POLICY = "per-minute";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

// RateLimiterDrizzle's counter upsert, as a prepared statement. drizzle runs its queries on postgres.js unprepared,
// and postgres.js sends an unprepared query with parameters in two round trips (Parse + Describe, then Bind +
// Execute); prepared, the upsert is one round trip. Same SQL and result as the library's _upsert.
const expired = sql`${rateLimits.expire} <= ${sql.placeholder("now")}`;
const upsertSql = (forceExpire: boolean) => () =>
  sql`insert into ${rateLimits} (${sql.identifier(colName(rateLimits.key))}, ${sql.identifier(colName(rateLimits.points))}, ${sql.identifier(colName(rateLimits.expire))})
    values (${sql.placeholder("key")}, ${sql.placeholder("points")}, ${sql.placeholder("expire")})
    on conflict (${sql.identifier(colName(rateLimits.key))}) do update set ${
      forceExpire
        ? sql`${sql.identifier(colName(rateLimits.points))} = ${sql.placeholder("points")}, ${sql.identifier(colName(rateLimits.expire))} = ${sql.placeholder("expire")}`
        : sql`${sql.identifier(colName(rateLimits.points))} = case when ${expired} then ${sql.placeholder("points")} else ${rateLimits.points} + ${sql.placeholder("points")} end,
          ${sql.identifier(colName(rateLimits.expire))} = case when ${expired} then ${sql.placeholder("expire")} else ${rateLimits.expire} end`
    }
    returning ${sql.join(Object.values(getTableColumns(rateLimits)), sql`, `)}`;
const UPSERT = new Statement<typeof rateLimits.$inferSelect>("rl_upsert", upsertSql(false), tableFields(rateLimits));
const UPSERT_FORCE = new Statement<typeof rateLimits.$inferSelect>("rl_upsert_force", upsertSql(true), tableFields(rateLimits));

class PreparedRateLimiter extends RateLimiterDrizzle {
  constructor(
    private readonly counters: Db,
    opts: ConstructorParameters<typeof RateLimiterDrizzle>[0],
  ) {
    super(opts);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<typeof rateLimits.$inferSelect | undefined> {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const [row] = await (forceExpire ? UPSERT_FORCE : UPSERT).execute(this.counters, {
      key,
      points,
      // timestamptz parameters as drizzle's timestamp column would send them
      expire: expire === null ? null : rateLimits.expire.mapToDriverValue(expire),
      now: rateLimits.expire.mapToDriverValue(now),
    });
    return row;
  }
}

/**
 * PGlite's counters, in this process's memory: the fixed window of rate-limiter-flexible's memory store (a key's window
 * opens at its first point and lasts WINDOW_S; past it the count starts again), counted synchronously: no promise and
 * no timer per key on every request. Expired windows are swept once a window.
 */
class MemoryWindows {
  private readonly windows = new Map<string, { consumed: number; endsAt: number }>();
  private sweepAt = 0;
  consume(identity: string, points: number, now: number): RateLimiterRes {
    if (now >= this.sweepAt) {
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      this.sweepAt = now + WINDOW_S * 1000;
    }
    let w = this.windows.get(identity);
    const first = !w || w.endsAt <= now;
    if (!w || first) {
      w = { consumed: 0, endsAt: now + WINDOW_S * 1000 };
      this.windows.set(identity, w);
    }
    w.consumed += 1;
    return new RateLimiterRes(Math.max(points - w.consumed, 0), w.endsAt - now, w.consumed, first);
  }
}

const holder = globalThis as unknown as {
  __svcLimiter?: { db: Db; points: number; limiter: RateLimiterAbstract };
  __svcMemoryWindows?: { db: Db; points: number; windows: MemoryWindows };
};

function limiterFor(handle: DbHandle, points: number): RateLimiterAbstract {
  const { db } = handle;
  const h = holder.__svcLimiter;
  if (h && h.db === db && h.points === points) return h.limiter;
  const limiter = new PreparedRateLimiter(handle.countersDb ?? db, {
    storeClient: handle.countersDb ?? db,
    schema: rateLimits,
    points,
    duration: WINDOW_S,
    keyPrefix: "rl",
    clearExpiredByTimeout: true,
    // If the database cannot answer, fall back to a per-process budget rather than failing requests.
    insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_S }),
  });
  holder.__svcLimiter = { db, points, limiter };
  return limiter;
}

let policy = { points: -1, value: "" };
function policyOf(points: number): string {
  if (policy.points !== points) policy = { points, value: `"${POLICY}";q=${points};w=${WINDOW_S}` };
  return policy.value;
}

// IETF draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy and RateLimit structured fields.
function headersFor(points: number, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    "RateLimit-Policy": policyOf(points),
    RateLimit: `"${POLICY}";r=${res.remainingPoints};t=${reset}`,
  };
}

function decide(points: number, res: RateLimiterRes): RateDecision {
  if (res.consumedPoints <= points) return { allowed: true, headers: headersFor(points, res) };
  const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return { allowed: false, headers: { ...headersFor(points, res), "Retry-After": String(retry) } };
}

function unavailable(e: unknown): RateDecision {
  log().warn({ err: e instanceof Error ? e.message : String(e) }, "rate limiter unavailable; request allowed");
  return { allowed: true, headers: {} };
}

/**
 * Requests of one identity that arrive while its counter upsert is in flight wait and then share one upsert
 * of n points (one statement instead of n on a busy key's row). The i-th of them (1-based) is answered as
 * the i-th of n separate one-point upserts in a row would be: consumed = total − n + i. The counter ends the
 * same, and each request gets the decision and headers it would have got in that order.
 */
interface Lane {
  waiting: ((d: RateDecision) => void)[];
}
const lanesOf = new WeakMap<RateLimiterAbstract, Map<string, Lane>>();

async function drain(limiter: RateLimiterAbstract, points: number, identity: string, lane: Lane, lanes: Map<string, Lane>): Promise<void> {
  while (lane.waiting.length > 0) {
    const group = lane.waiting.splice(0);
    const n = group.length;
    let total: RateLimiterRes | null = null;
    let failure: unknown = null;
    try {
      total = await limiter.consume(identity, n);
    } catch (e) {
      if (e instanceof RateLimiterRes) total = e;
      else failure = e;
    }
    for (const [i, answer] of group.entries()) {
      if (!total) {
        answer(unavailable(failure));
        continue;
      }
      const consumed = total.consumedPoints - n + i + 1;
      answer(decide(points, new RateLimiterRes(Math.max(points - consumed, 0), total.msBeforeNext, consumed, total.isFirstInDuration && i === 0)));
    }
  }
  lanes.delete(identity);
}

/**
 * The decision at once when the counters are in this process's memory (PGlite: nothing to share), else null: ask
 * `consumeRate`. Lets the request wrapper answer without waiting a turn.
 */
export function consumeRateNow(handle: DbHandle, points: number, identity: string): RateDecision | null {
  if (handle.kind !== "pglite") return null;
  let h = holder.__svcMemoryWindows;
  if (!h || h.db !== handle.db || h.points !== points) {
    h = { db: handle.db, points, windows: new MemoryWindows() };
    holder.__svcMemoryWindows = h;
  }
  return decide(points, h.windows.consume(identity, points, Date.now()));
}

export async function consumeRate(handle: DbHandle, points: number, identity: string): Promise<RateDecision> {
  const now = consumeRateNow(handle, points, identity);
  if (now) return now;
  const limiter = limiterFor(handle, points);
  let lanes = lanesOf.get(limiter);
  if (!lanes) {
    lanes = new Map();
    lanesOf.set(limiter, lanes);
  }
  const mine = lanes;
  return new Promise((resolve) => {
    let lane = mine.get(identity);
    if (lane) {
      lane.waiting.push(resolve);
      return;
    }
    lane = { waiting: [resolve] };
    mine.set(identity, lane);
    void drain(limiter, points, identity, lane, mine);
  });
}
