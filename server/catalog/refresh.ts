// Background refresh of the yields snapshot (issue: "fetch it in the background on a schedule, with a
// timeout, keep the last good snapshot with its asOf"). Writes the snapshot, each venue's APY row and
// an apy.updated event per changed venue in one transaction.
import { sql } from "drizzle-orm";
import { config } from "../config";
import type { Db } from "../db/client";
import { runScheduled } from "../db/job-lock";
import { type StoredPool, venueApys, yieldSnapshots } from "../db/schema";
import { emitEvents, type NewEvent } from "../events/outbox";
import { log } from "../log";
import { noteUpstream } from "../metrics";
import { opportunityIdOf, VENUES, type VenueDescriptor } from "../venues";
import { signalOnCommit } from "../db/signal";
import { catalogChanged } from "./home-answer";
import { CATALOG_CHANNEL, invalidateSnapshot } from "./snapshot";
import { fetchPools, SOURCE, UpstreamError } from "./upstream";

/** The upstream row behind a venue: same chain, project and symbol; the deepest (TVL) one when several. */
export function poolForVenue(v: VenueDescriptor, pools: readonly StoredPool[]): StoredPool | null {
  let best: StoredPool | null = null;
  const symbol = v.upstream.symbol.toUpperCase();
  for (const p of pools) {
    if (p.chain !== v.upstream.chain || p.project !== v.upstream.project || p.symbol.toUpperCase() !== symbol) continue;
    if (!best || (p.tvlUsd ?? -1) > (best.tvlUsd ?? -1) || ((p.tvlUsd ?? -1) === (best.tvlUsd ?? -1) && p.pool < best.pool)) best = p;
  }
  return best;
}

export type RefreshResult = { ok: true; pools: number; upstreamRows: number; events: number; ms: number } | { ok: false; error: string; ms: number };

async function recordFailure(db: Db, at: Date, error: string): Promise<void> {
  await db
    .insert(yieldSnapshots)
    .values({ source: SOURCE, asOf: null, pools: [], upstreamRows: 0, lastAttemptAt: at, lastError: error })
    .onConflictDoUpdate({ target: yieldSnapshots.source, set: { lastAttemptAt: at, lastError: error } });
  // The answers' reason names the last error.
  signalOnCommit(db, CATALOG_CHANNEL);
}

/** Stores a fetched snapshot; returns the number of apy.updated events written. */
export async function storeSnapshot(db: Db, pools: StoredPool[], upstreamRows: number, asOf: Date): Promise<number> {
  const events = await storeInTransaction(db, pools, upstreamRows, asOf);
  // This process's prepared answers and snapshot go out of date at once, whether or not a request has yet subscribed
  // to the handle's signals (other instances learn it by NOTIFY).
  catalogChanged();
  return events;
}

function storeInTransaction(db: Db, pools: StoredPool[], upstreamRows: number, asOf: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(yieldSnapshots)
      .values({ source: SOURCE, asOf, pools, upstreamRows, lastAttemptAt: asOf, lastError: null })
      .onConflictDoUpdate({
        target: yieldSnapshots.source,
        // The pools (~1 MB of JSON for 5k rows) travel once: the update reads them back from the row it could not insert.
        set: { asOf, pools: sql`excluded.pools`, upstreamRows, lastAttemptAt: asOf, lastError: null },
      });
    const previous = new Map((await tx.select().from(venueApys)).map((r) => [r.venueId, r]));
    const rows = VENUES.map((v) => {
      const p = poolForVenue(v, pools);
      return {
        venueId: v.id,
        source: SOURCE,
        pool: p?.pool ?? null,
        grossApyBps: p?.apyBps ?? null,
        apy30dBps: p?.apy30dBps ?? null,
        tvlUsd: p?.tvlUsd ?? null,
        asOf,
      };
    });
    await tx
      .insert(venueApys)
      .values(rows)
      .onConflictDoUpdate({
        target: venueApys.venueId,
        set: {
          source: sql`excluded.source`,
          pool: sql`excluded.pool`,
          grossApyBps: sql`excluded.gross_apy_bps`,
          apy30dBps: sql`excluded.apy30d_bps`,
          tvlUsd: sql`excluded.tvl_usd`,
          asOf: sql`excluded.as_of`,
        },
      });
    const events: NewEvent[] = [];
    for (const [i, v] of VENUES.entries()) {
      const now = rows[i];
      if (!now) continue;
      const before = previous.get(v.id);
      const changed = before
        ? before.grossApyBps !== now.grossApyBps || before.apy30dBps !== now.apy30dBps
        : now.grossApyBps !== null || now.apy30dBps !== null;
      if (!changed) continue;
      events.push({
        type: "apy.updated",
        wallet: null,
        data: {
          venueId: v.id,
          opportunityId: opportunityIdOf(v),
          protocol: v.protocol,
          chain: v.chain,
          pool: now.pool,
          grossApyBps: now.grossApyBps,
          previousGrossApyBps: before?.grossApyBps ?? null,
          apy30dBps: now.apy30dBps,
          previousApy30dBps: before?.apy30dBps ?? null,
          tvlUsd: now.tvlUsd,
          source: SOURCE,
          asOf: asOf.toISOString(),
        },
      });
    }
    await emitEvents(tx, events);
    signalOnCommit(tx, CATALOG_CHANNEL);
    return events.length;
  });
}

/** One refresh: fetch with a timeout, then store; an upstream failure keeps the last good snapshot. */
export async function refreshYields(db: Db): Promise<RefreshResult> {
  const cfg = config();
  const started = Date.now();
  try {
    const { pools, upstreamRows } = await fetchPools(cfg.SVC_YIELDS_API_URL, cfg.SVC_YIELDS_TIMEOUT_MS).catch((e: unknown) => {
      noteUpstream("yields", false);
      throw e;
    });
    noteUpstream("yields", true);
    const events = await storeSnapshot(db, pools, upstreamRows, new Date());
    invalidateSnapshot();
    return { ok: true, pools: pools.length, upstreamRows, events, ms: Date.now() - started };
  } catch (e) {
    const error = e instanceof UpstreamError ? e.message : `store failed: ${e instanceof Error ? e.message : String(e)}`;
    try {
      await recordFailure(db, new Date(), error);
    } catch (e2) {
      log().warn({ err: e2 instanceof Error ? e2.message : String(e2) }, "yields refresh: cannot record failure");
    }
    invalidateSnapshot();
    return { ok: false, error, ms: Date.now() - started };
  }
}

/**
 * JOBS entry (server/jobs.ts): a refresh at start, then every SVC_YIELDS_REFRESH_S; never two at once, and with several
 * instances on one database one refresh per interval among them all (runScheduled). Returns its stop.
 */
export const yieldsRefreshJob = (db: Db): (() => void) => {
  const everyMs = config().SVC_YIELDS_REFRESH_S * 1000;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduled(db, "yields-refresh", everyMs, async () => {
        const r = await refreshYields(db);
        if (r.ok) log().info({ job: "yields-refresh", ...r }, "yields snapshot stored");
        else log().warn({ job: "yields-refresh", ...r }, "yields refresh failed; last good snapshot kept");
      });
    } catch (e) {
      log().warn({ job: "yields-refresh", err: e instanceof Error ? e.message : String(e) }, "yields refresh not run: database unavailable");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
};
