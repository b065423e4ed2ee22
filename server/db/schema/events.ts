import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { EVENT_TYPES } from "../../events/types";
import { createdAt } from "./columns";

// The outbox: every event is written in the same transaction as the change that caused it (contract §5).
export const events = pgTable(
  "events",
  {
    seq: bigserial({ mode: "bigint" }).primaryKey(),
    id: text().notNull().unique(),
    type: text({ enum: EVENT_TYPES }).notNull(),
    wallet: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_wallet_seq_idx").on(t.wallet, t.seq), index("events_type_seq_idx").on(t.type, t.seq)],
);
