import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const LEDGER_ENTRY_KINDS = ["credit", "debit", "stake", "unstake", "harvest", "payout"] as const;

// The append-only journal: one row per change of one balance bucket (the liquid row, or a venue's
// staked amount). The sum of `amount` per bucket equals the balance; `balance_after` is the bucket after it.
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    seq: bigserial({ mode: "bigint" }).primaryKey(),
    /** Groups the entries one money action wrote. */
    actionId: text().notNull(),
    wallet: text().notNull(),
    chain: text().notNull(),
    token: text().notNull(),
    /** null: the liquid balance; else the venue whose staked amount changed. */
    venueId: text(),
    kind: text({ enum: LEDGER_ENTRY_KINDS }).notNull(),
    /** Signed change in micros. */
    amountMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
    balanceAfterMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }).notNull(),
    planId: text(),
    legIndex: integer(),
    txId: text(),
    /** The other side of a payout (auto-pay payee). */
    counterparty: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_wallet_seq_idx").on(t.wallet, t.seq),
    check("ledger_entries_balance_after_nonneg", sql`${t.balanceAfterMicros} >= 0`),
  ],
);
