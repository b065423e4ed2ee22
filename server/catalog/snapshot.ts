// The last good yields snapshot, read from the database and kept in process memory. Requests only ever
// read this (never the upstream); a changed asOf in the database reloads it, checked at most every second.
import { eq } from "drizzle-orm";
import { config } from "../config";
import type { Db } from "../db/client";
import { type StoredPool, yieldSnapshots } from "../db/schema";
import { SOURCE } from "./upstream";

export interface SnapshotMeta {
  asOf: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  upstreamRows: number;
}

export interface Snapshot extends SnapshotMeta {
  /** Pools on the four chains, TVL descending then pool id. */
  pools: StoredPool[];
}

const RECHECK_MS = 1000;

/**
 * Fired after a commit that changed the catalog (a yields refresh: snapshot and venue APY rows), in this instance and by
 * NOTIFY in the others: prepared catalog answers are rebuilt (server/catalog/home-answer.ts).
 */
export const CATALOG_CHANNEL = "svc_catalog";
const EMPTY: Snapshot = { asOf: null, lastAttemptAt: null, lastError: null, upstreamRows: 0, pools: [] };

const holder = globalThis as unknown as {
  __svcSnapshot?: { snap: Snapshot; checkedAt: number; loading?: Promise<Snapshot> };
};

export function sortPools(pools: StoredPool[]): StoredPool[] {
  return pools.sort((a, b) => (b.tvlUsd ?? -1) - (a.tvlUsd ?? -1) || (a.pool < b.pool ? -1 : a.pool > b.pool ? 1 : 0));
}

async function load(db: Db, current: Snapshot): Promise<Snapshot> {
  const [meta] = await db
    .select({
      asOf: yieldSnapshots.asOf,
      lastAttemptAt: yieldSnapshots.lastAttemptAt,
      lastError: yieldSnapshots.lastError,
      upstreamRows: yieldSnapshots.upstreamRows,
    })
    .from(yieldSnapshots)
    .where(eq(yieldSnapshots.source, SOURCE));
  if (!meta) return EMPTY;
  if (meta.asOf && current.asOf && meta.asOf.getTime() === current.asOf.getTime()) return { ...current, ...meta };
  if (!meta.asOf) return { ...meta, pools: [] };
  const [row] = await db.select({ pools: yieldSnapshots.pools }).from(yieldSnapshots).where(eq(yieldSnapshots.source, SOURCE));
  return { ...meta, pools: sortPools(row?.pools ?? []) };
}

export async function getSnapshot(db: Db): Promise<Snapshot> {
  holder.__svcSnapshot ??= { snap: EMPTY, checkedAt: 0 };
  const h = holder.__svcSnapshot;
  if (Date.now() - h.checkedAt < RECHECK_MS) return h.snap;
  h.loading ??= load(db, h.snap)
    .then((snap) => {
      h.snap = snap;
      h.checkedAt = Date.now();
      return snap;
    })
    .finally(() => {
      h.loading = undefined;
    });
  return h.loading;
}

/** Called by the refresh after it writes, so this process sees the new snapshot at once. */
export function invalidateSnapshot(): void {
  if (holder.__svcSnapshot) holder.__svcSnapshot.checkedAt = 0;
}

/** Whether a value dated `asOf` is still live (younger than SVC_APY_MAX_AGE_S). */
export function isFresh(asOf: Date | null, now = Date.now()): boolean {
  return asOf !== null && now - asOf.getTime() <= config().SVC_APY_MAX_AGE_S * 1000;
}

/** Why there is no live snapshot, or null when there is one. */
export function snapshotReason(s: SnapshotMeta, now = Date.now()): string | null {
  const failed = s.lastError ? `last refresh failed: ${s.lastError}` : null;
  if (!s.asOf) return failed ? `no yields snapshot yet; ${failed}` : "no yields snapshot yet; the background refresh has not completed";
  if (!isFresh(s.asOf, now)) {
    // No ISO time in the words: pages show this reason as it is, and the snapshot's time is in its own asOf field.
    return `the last yields snapshot is older than ${config().SVC_APY_MAX_AGE_S} s${failed ? `; ${failed}` : ""}`;
  }
  return null;
}
