import { boolean, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// A wallet's auto-yield policy (spec §2.8 field names, §4.3 GET/PUT). No row = OFF, no venue, no cap.
export const walletAutoYield = pgTable("wallet_auto_yield", {
  wallet: text().primaryKey(),
  autoYieldEnabled: boolean().notNull().default(false),
  targetVenue: text(),
  /** Cap on what auto-yield may keep staked; null = no cap. */
  maxStakeMicros: numeric({ precision: 78, scale: 0, mode: "bigint" }),
  enabledAt: timestamp({ withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
