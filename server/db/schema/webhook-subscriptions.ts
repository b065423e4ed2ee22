import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Webhook subscriptions (spec §4.6, contract §5). Each belongs to the API key that created it and keeps a
// copy of that key's wallet scope, so the worker can match events without the key table (env keys live in memory).
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: text().primaryKey(),
    keyId: text().notNull(),
    /** ["*"] or the normalized wallet addresses of the owner key at creation. */
    wallets: jsonb().$type<string[]>().notNull(),
    url: text().notNull(),
    events: jsonb().$type<string[]>().notNull(),
    /** The shared signing secret; plain, or "enc:v1:…" when SVC_WEBHOOK_SECRET_KEY is set (see webhooks/secret.ts). */
    hmacKey: text().notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Set when the receiver answered 410 Gone: no more deliveries. */
    disabledAt: timestamp({ withTimezone: true, mode: "date" }),
    disabledReason: text(),
    deletedAt: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [index("webhook_subscriptions_key_idx").on(t.keyId)],
);
