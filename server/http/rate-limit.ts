// Per-key (else per-client-address) rate limit with rate-limiter-flexible. On PostgreSQL the counters
// live in the database (RateLimiterDrizzle), so several server instances on one PostgreSQL share one
// budget. The embedded PGlite database belongs to exactly one process, so there the process's memory
// is that shared store (RateLimiterMemory): no per-request write on PGlite's single connection.
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Db, DbHandle } from "../db/client";
import { rateLimits } from "../db/schema";
import { log } from "../log";

export const WINDOW_S = 60;
const POLICY = "per-minute";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

const holder = globalThis as unknown as { __svcLimiter?: { db: Db; points: number; limiter: RateLimiterAbstract } };

function limiterFor(handle: DbHandle, points: number): RateLimiterAbstract {
  const { db } = handle;
  const h = holder.__svcLimiter;
  if (h && h.db === db && h.points === points) return h.limiter;
  const limiter =
    handle.kind === "pglite"
      ? new RateLimiterMemory({ points, duration: WINDOW_S, keyPrefix: "rl" })
      : new RateLimiterDrizzle({
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

// IETF draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy and RateLimit structured fields.
function headersFor(points: number, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    "RateLimit-Policy": `"${POLICY}";q=${points};w=${WINDOW_S}`,
    RateLimit: `"${POLICY}";r=${res.remainingPoints};t=${reset}`,
  };
}

export async function consumeRate(handle: DbHandle, points: number, identity: string): Promise<RateDecision> {
  const limiter = limiterFor(handle, points);
  try {
    const res = await limiter.consume(identity, 1);
    return { allowed: true, headers: headersFor(points, res) };
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      const retry = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      return { allowed: false, headers: { ...headersFor(points, e), "Retry-After": String(retry) } };
    }
    log().warn({ err: e instanceof Error ? e.message : String(e) }, "rate limiter unavailable; request allowed");
    return { allowed: true, headers: {} };
  }
}
