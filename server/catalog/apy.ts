// Live APY of a venue, read from the stored snapshot (never from the network inside a request).
// A value older than SVC_APY_MAX_AGE_S is not live: it becomes null with status "stale" and a reason.
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { venueApys } from "../db/schema";
import { getVenue, VENUES, type VenueDescriptor } from "../venues";
import { getSnapshot, isFresh, snapshotReason, type SnapshotMeta } from "./snapshot";
import { SOURCE } from "./upstream";

export interface LiveApy {
  grossApyBps: number | null;
  apy30dBps: number | null;
  tvlUsd: number | null;
  source: string | null;
  asOf: string | null;
  status: "live" | "stale" | "unavailable";
  reason: string | null;
  /** The upstream pool the figures come from (for the chart), null when none. */
  pool: string | null;
}

type Row = typeof venueApys.$inferSelect;

function unavailable(reason: string, pool: string | null = null, asOf: Date | null = null): LiveApy {
  return {
    grossApyBps: null,
    apy30dBps: null,
    tvlUsd: null,
    source: asOf ? SOURCE : null,
    asOf: asOf ? asOf.toISOString() : null,
    status: "unavailable",
    reason,
    pool,
  };
}

export function classify(v: VenueDescriptor, row: Row | undefined, meta: SnapshotMeta, now = Date.now()): LiveApy {
  if (!row) return unavailable(snapshotReason(meta, now) ?? `no yields value for ${v.id} yet`);
  if (!isFresh(row.asOf, now)) {
    return {
      grossApyBps: null,
      apy30dBps: null,
      tvlUsd: null,
      source: row.source,
      asOf: row.asOf.toISOString(),
      status: "stale",
      reason: snapshotReason({ ...meta, asOf: row.asOf }, now) ?? "the last value is older than SVC_APY_MAX_AGE_S",
      pool: row.pool,
    };
  }
  if (!row.pool) {
    const u = v.upstream;
    return unavailable(`the upstream has no pool for project ${u.project}, symbol ${u.symbol} on ${u.chain}`, null, row.asOf);
  }
  return {
    grossApyBps: row.grossApyBps,
    apy30dBps: row.apy30dBps,
    tvlUsd: row.tvlUsd,
    source: row.source,
    asOf: row.asOf.toISOString(),
    status: row.grossApyBps === null ? "unavailable" : "live",
    reason: row.grossApyBps === null ? `the upstream pool ${row.pool} has no apy value` : null,
    pool: row.pool,
  };
}

/** One venue's live APY (spec §1.1: a live value or null, with a reason). */
export async function liveApy(db: Db, venueId: string): Promise<LiveApy> {
  const v = getVenue(venueId);
  if (!v) return unavailable(`unknown venue ${venueId}`);
  const [row] = await db.select().from(venueApys).where(eq(venueApys.venueId, venueId));
  return classify(v, row, await getSnapshot(db));
}

/** Every venue's live APY in registry order, with one query. */
export async function allLiveApys(db: Db): Promise<Map<string, LiveApy>> {
  const rows = await db.select().from(venueApys);
  const byId = new Map(rows.map((r) => [r.venueId, r]));
  const meta = await getSnapshot(db);
  const now = Date.now();
  return new Map(VENUES.map((v) => [v.id, classify(v, byId.get(v.id), meta, now)]));
}

export async function storedVenueApys(tx: DbOrTx): Promise<Row[]> {
  return tx.select().from(venueApys);
}
