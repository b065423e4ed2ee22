import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Counter store of rate-limiter-flexible's RateLimiterDrizzle: shared by every server instance on the database.
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true, mode: "date" }),
});
