import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Scheduled background jobs (yields refresh, reconciliation): one row per job, claimed by the instance that runs a
// tick (server/db/job-lock.ts), so several instances on one database run each tick once. `runs` counts the ticks run.
export const jobRuns = pgTable("job_runs", {
  name: text().primaryKey(),
  runs: bigint({ mode: "bigint" }).notNull(),
  lastStartedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  lastFinishedAt: timestamp({ withTimezone: true, mode: "date" }),
});
