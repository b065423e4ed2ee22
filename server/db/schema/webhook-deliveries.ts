import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// One row per (event, subscription): the durable delivery job. Claimed with FOR UPDATE SKIP LOCKED;
// `nextAttemptAt` is both the retry time and, while an attempt is in flight, its lease.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    eventSeq: bigint({ mode: "bigint" }).notNull(),
    eventId: text().notNull(),
    subscriptionId: text().notNull(),
    state: text({ enum: ["pending", "delivered", "failed", "cancelled"] }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_sub_idx").on(t.eventSeq, t.subscriptionId),
    index("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("webhook_deliveries_sub_idx").on(t.subscriptionId, t.state),
  ],
);
