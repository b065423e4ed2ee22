import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// API keys created with `npm run keys`; stored as SHA-256 hashes with a short visible prefix.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    prefix: text().notNull(),
    hash: text().notNull().unique(),
    role: text({ enum: ["owner", "agent", "keeper"] }).notNull(),
    wallets: jsonb().$type<string[]>().notNull(),
    label: text(),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [index("api_keys_prefix_idx").on(t.prefix)],
);
