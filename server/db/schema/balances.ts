import { sql } from "drizzle-orm";
import { check, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, micros } from "./columns";

// One row per wallet/chain/token/venue. The row with venue_id '' holds the chain's liquid balance; a
// venue row holds what is staked there, its cost basis and the venue index at stake time.
// Every money action locks the rows it touches (upsert … returning, or SELECT … FOR UPDATE) first.
export const balances = pgTable(
  "balances",
  {
    wallet: text().notNull(),
    chain: text().notNull(),
    token: text().notNull(),
    /** '' for the liquid row; else the venue id. */
    venueId: text().notNull().default(""),
    liquidMicros: micros().notNull().default(sql`0`),
    stakedMicros: micros().notNull().default(sql`0`),
    /** Cost basis of the staked amount, routing-leg costs included (spec §2.4 rule 1). */
    costBasisMicros: micros().notNull().default(sql`0`),
    /** Net yield harvested into this position, all time. */
    realizedYieldMicros: micros().notNull().default(sql`0`),
    /** The venue reader's index (supply index, share price) that `stakedMicros` is worth 1:1 at; null when unknown. */
    indexRef: numeric({ precision: 78, scale: 0, mode: "bigint" }),
    /**
     * How much of `stakedMicros` transactions confirmed through the chain's RPC put there (execute, bridge delivery); the
     * rest came from ledger credits or ids only given with a request. Never above the staked amount.
     */
    confirmedMicros: micros().notNull().default(sql`0`),
    /** On-chain proof of the latest proven deposit into this position; null when none was given. */
    txId: text(),
    /** When `txId` was confirmed through the chain's RPC (execute, bridge delivery); null when it was only given (route). */
    txConfirmedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** When the position first held a stake (for realized APY). */
    openedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wallet, t.chain, t.token, t.venueId] }),
    check("balances_liquid_nonneg", sql`${t.liquidMicros} >= 0`),
    check("balances_staked_nonneg", sql`${t.stakedMicros} >= 0`),
    check("balances_cost_basis_nonneg", sql`${t.costBasisMicros} >= 0`),
    check("balances_liquid_row_unstaked", sql`${t.venueId} <> '' or ${t.stakedMicros} = 0`),
    check("balances_confirmed_within_staked", sql`${t.confirmedMicros} >= 0 and ${t.confirmedMicros} <= ${t.stakedMicros}`),
  ],
);
