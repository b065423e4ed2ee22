import { doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The live APY of each venue from the last good yields snapshot (one row per venue id). The refresh
// job compares against it to emit apy.updated; liveApy() reads it (never the network).
export const venueApys = pgTable("venue_apys", {
  venueId: text().primaryKey(),
  source: text().notNull(),
  /** The upstream pool id the figures come from; null when the snapshot has no row for the venue. */
  pool: text(),
  grossApyBps: integer(),
  apy30dBps: integer(),
  tvlUsd: doublePrecision(),
  asOf: timestamp({ withTimezone: true, mode: "date" }).notNull(),
});
