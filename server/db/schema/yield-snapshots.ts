import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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

// The last good snapshot of the yields upstream (GET /pools), one row per source, plus the state of the
// latest attempt. A failed fetch only updates the attempt columns: the good snapshot stays.
export const yieldSnapshots = pgTable("yield_snapshots", {
  source: text().primaryKey(),
  /** When the pools below were fetched; null until a first good fetch. */
  asOf: timestamp({ withTimezone: true, mode: "date" }),
  pools: jsonb().$type<StoredPool[]>().notNull().default([]),
  upstreamRows: integer().notNull().default(0),
  lastAttemptAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  lastError: text(),
});
