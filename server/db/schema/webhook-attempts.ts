import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Every delivery attempt: when, the receiver's HTTP status (null when there was no answer), how long, and why it failed.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    seq: bigserial({ mode: "bigint" }).primaryKey(),
    deliveryId: text().notNull(),
    attemptedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    status: integer(),
    durationMs: integer().notNull(),
    error: text(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.seq)],
);
