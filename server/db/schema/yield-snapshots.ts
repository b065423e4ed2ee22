import { sql } from "drizzle-orm";
import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One upstream pool row as kept in the snapshot: the four chains only, APYs already in integer bps. */
export interface StoredPool {
  pool: string;
  /** DefiLlama chain name: Sui, Solana, Base or Arbitrum. */
  chain: string;
  project: string;
  symbol: string;
  tvlUsd: number | null;
  apyBps: number | null;
  apyBaseBps: number | null;
  apyRewardBps: number | null;
  apy30dBps: number | null;
  stablecoin: boolean;
}

/**
 * The pools as JSON text in a `text` column stored uncompressed out of line (migration 0013: STORAGE EXTERNAL), not jsonb:
 * nothing queries inside them, and jsonb's parse on write plus the TOAST compression of ~1 MB were most of an
 * ingest's time (issue 28; docs/performance.md). Written with JSON.stringify, read with JSON.parse.
 */
const poolsText = customType<{ data: StoredPool[]; driverData: string }>({
  dataType: () => "text",
  toDriver: (pools) => JSON.stringify(pools),
  fromDriver: (text) => JSON.parse(text) as StoredPool[],
});

// The last good snapshot of the yields upstream (GET /pools), one row per source, plus the state of the
// latest attempt. A failed fetch only updates the attempt columns: the good snapshot stays.
export const yieldSnapshots = pgTable("yield_snapshots", {
  source: text().primaryKey(),
  /** When the pools below were fetched; null until a first good fetch. */
  asOf: timestamp({ withTimezone: true, mode: "date" }),
  pools: poolsText().notNull().default(sql`'[]'`),
  upstreamRows: integer().notNull().default(0),
  lastAttemptAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  lastError: text(),
});
