import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// A wallet's autopilot (spec §3.4, §4.5): within one chain only. One row per wallet; enabling on another
// chain moves the autopilot there. A wallet without a row has the autopilot disabled.
export const autopilotSettings = pgTable("autopilot_settings", {
  wallet: text().primaryKey(),
  chain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
  enabled: boolean().notNull().default(false),
  enabledAt: timestamp({ withTimezone: true, mode: "date" }),
  disabledAt: timestamp({ withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
