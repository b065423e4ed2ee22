import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Idempotency-Key records (contract §4): scoped to the API key, kept 24 h, replayed byte for byte.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text({ enum: ["in_flight", "done"] }).notNull(),
    responseStatus: integer(),
    responseBody: text(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
