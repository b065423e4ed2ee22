import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// How far the webhook fan-out has read the events outbox (by seq). One row, locked while fanning out,
// so only one server instance fans out at a time.
export const webhookCursor = pgTable("webhook_cursor", {
  name: text().primaryKey(),
  seq: bigint({ mode: "bigint" }).notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
