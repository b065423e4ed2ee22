import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// What became of a plan on chain: a deposit or withdraw executed (its confirmed digest) or a bridge delivered (its
// destination proof) or reported failed. One row per plan; an on-chain transaction proves at most one plan.
// `result` is the first answer, replayed to every later request for the same plan.
export const planExecutions = pgTable(
  "plan_executions",
  {
    planId: text().primaryKey(),
    kind: text({ enum: ["deposit", "withdraw", "bridge", "swap"] }).notNull(),
    /** The chain the proof transaction is on (the plan's chain for deposits, the destination for bridges). */
    chain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
    /** The proof: deposit digest or bridge destination transaction; null for a reported failure without one. */
    txId: text(),
    status: text({ enum: ["settled", "failed"] }).notNull(),
    result: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("plan_executions_chain_tx_uq").on(t.chain, t.txId), index("plan_executions_kind_idx").on(t.kind, t.createdAt)],
);
