import { sql } from "drizzle-orm";
import { bigint, boolean, check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, micros } from "./columns";

/** A conditioned tranche of the character's balance: `stakeable: false` keeps it out of stake. */
export interface StoredTranche {
  amountMicros: string;
  stakeable: boolean;
}

// Characters (contract §7): an agent with its own wallet; its money is that wallet's ledger. The fan-credit
// liability, conditioned tranches and storage bill feed the stakeable and survival rules (spec §2.8, §3.4).
// Auto-yield is OFF for a new character.
export const characters = pgTable(
  "characters",
  {
    id: text().primaryKey(),
    wallet: text().notNull().unique(),
    name: text().notNull(),
    chain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
    fanCreditLiabilityMicros: micros().notNull().default(sql`0`),
    conditionedTranches: jsonb().$type<StoredTranche[]>().notNull().default([]),
    storageBillMicros: micros().notNull().default(sql`0`),
    storageRenewalDueAt: timestamp({ withTimezone: true, mode: "date" }),
    autoYieldEnabled: boolean().notNull().default(false),
    targetVenue: text(),
    maxStakeMicros: micros(),
    /** Risk envelope: venues the owner allows (null = the service allowlist) and a TVL floor above the service's. */
    allowedVenues: jsonb().$type<string[]>(),
    // bigint: a floor of billions of USD is a real one (pools hold more); the request schema bounds it at 10^12.
    minTvlUsd: bigint({ mode: "number" }),
    enabledAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("characters_liability_nonneg", sql`${t.fanCreditLiabilityMicros} >= 0`),
    check("characters_bill_nonneg", sql`${t.storageBillMicros} >= 0`),
    check("characters_max_stake_nonneg", sql`${t.maxStakeMicros} is null or ${t.maxStakeMicros} >= 0`),
  ],
);
