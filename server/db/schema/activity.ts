import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, numeric, pgSequence, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Where a leg's amounts come from (issue 23): "chain", read from a transaction confirmed through the chain's RPC (its
 * balance changes, or the burn a bridge's source or destination transaction carried); "plan", the plan's figure, which
 * no chain stated; "request", a ledger write with no transaction behind it (route, withdraw, rebalance, auto-pay,
 * character stakes: the API request's amount or what the ledger computed for it).
 */
export const AMOUNT_IN_SOURCES = ["chain", "plan", "request"] as const;
export type AmountInSource = (typeof AMOUNT_IN_SOURCES)[number];

/** Orders activity groups (one plan, or one direct action) newest first. */
export const activityGroupSeq = pgSequence("activity_group_seq");

// The activity log (spec §2.5): one row per leg, failed legs included. The single source of /svc/activity.
export const activity = pgTable(
  "activity",
  {
    seq: bigserial({ mode: "bigint" }).primaryKey(),
    id: text().notNull().unique(),
    wallet: text().notNull(),
    /** The plan the leg belongs to; null for a direct ledger action (its own group). */
    planId: text(),
    legIndex: integer().notNull().default(0),
    /** Same value for every leg of one plan; taken from activity_group_seq by the plan's first row. */
    groupSeq: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`nextval('activity_group_seq')`),
    kind: text({ enum: ["swap", "bridge", "deposit", "withdraw"] }).notNull(),
    chain: text().notNull(),
    destChain: text(),
    venueId: text(),
    /** The asset of amountIn: "USDC", or a swap's input token id (coin type, mint, ERC-20 address). */
    token: text().notNull().default("USDC"),
    /** A swap's output token id, the asset of amountOut and quotedAmountOut; null: the same as `token`. */
    outToken: text(),
    txId: text(),
    /** When `txId` was confirmed through the chain's RPC; null when it was only given (route, withdraw) or failed. */
    txConfirmedAt: timestamp({ withTimezone: true, mode: "date" }),
    amountInMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
    /**
     * Where amountIn (and, but for a bridge leg's mint, amountOut) comes from: AMOUNT_IN_SOURCES. Every leg written now states
     * it; null: a row recorded before its kind stated it (bridge legs before migration 0014, other legs before the
     * change after it), which nothing tells how it was made. A text column: the values are the service's, no constraint.
     */
    amountInSource: text({ enum: AMOUNT_IN_SOURCES }),
    amountOutMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }),
    quotedAmountOutMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }),
    status: text({ enum: ["settled", "failed", "pending"] }).notNull(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The public activity's order exactly (ORDER BY group_seq DESC means NULLS FIRST; the index must say so too), so a
    // page is the next rows of one index scan whatever plan PostgreSQL picks; with group_seq ascending here, the cached
    // generic plan read and sorted every row past the cursor (bench/scale.ts; docs/performance.md "Scale").
    index("activity_wallet_page_idx").on(t.wallet, t.groupSeq.desc().nullsFirst(), t.legIndex, t.seq),
    index("activity_wallet_plan_idx").on(t.wallet, t.planId),
  ],
);
