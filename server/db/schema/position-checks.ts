import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { micros } from "./columns";

// The reconciliation's last finding per ledger position (issue 23 item 6): what the ledger expects the position to be
// worth, what the chain says, and whether they differ. Written by server/ledger/reconcile.ts only; it never changes the
// ledger. A `position.drift` event goes out when a drift is first found or its amount changes.
export const positionChecks = pgTable(
  "position_checks",
  {
    wallet: text().notNull(),
    chain: text().notNull(),
    token: text().notNull(),
    venueId: text().notNull(),
    /** agrees (within tolerance), drift, or unreadable (the chain did not answer: nothing is concluded). */
    status: text({ enum: ["agrees", "drift", "unreadable"] }).notNull(),
    /** The ledger's staked principal when checked. */
    recordedMicros: micros().notNull(),
    /** What the ledger expects on chain: principal grown by the venue's index since staking, or the principal. */
    expectedMicros: micros(),
    /** The chain's figure (share balance × rate); null when unreadable. */
    chainMicros: micros(),
    /** chain − expected (signed); null when unreadable. */
    driftMicros: micros(),
    reason: text(),
    source: text(),
    checkedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** When the current drift was first found; null while the position agrees. */
    driftSince: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.wallet, t.chain, t.token, t.venueId] }),
    check("position_checks_drift_has_figures", sql`${t.status} <> 'drift' or (${t.chainMicros} is not null and ${t.driftMicros} is not null)`),
  ],
);
