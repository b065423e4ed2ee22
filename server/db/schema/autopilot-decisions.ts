import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// The autopilot's monthly re-rank decisions (spec §2.1, §4.5), append-only. A decision never moves money:
// a switch carries a within-chain rebalance plan the owner signs.
export const autopilotDecisions = pgTable(
  "autopilot_decisions",
  {
    seq: bigserial({ mode: "bigint" }).primaryKey(),
    id: text().notNull().unique(),
    wallet: text().notNull(),
    chain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
    /** What recorded it: the monthly tick or an explicit decide. */
    trigger: text({ enum: ["tick", "decide"] }).notNull(),
    /** hold: stay; switch: challenger ≥ threshold better; select: nothing held yet, the pick becomes the target; none: nothing pickable. */
    action: text({ enum: ["hold", "switch", "select", "none"] }).notNull(),
    currentVenueId: text(),
    currentApy30dBps: integer(),
    pickVenueId: text(),
    pickApy30dBps: integer(),
    deltaBps: integer(),
    thresholdBps: integer().notNull(),
    /** Where new money goes on this chain after the decision (the ledger's route default). */
    targetVenueId: text(),
    source: text(),
    asOf: timestamp({ withTimezone: true, mode: "date" }),
    reason: text().notNull(),
    plan: jsonb().$type<Record<string, unknown>>(),
    decidedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("autopilot_decisions_wallet_idx").on(t.wallet, t.seq)],
);
