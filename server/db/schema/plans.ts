import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Every plan the service prepared (deposit, withdraw, swap, bridge, cage policy). Later steps (execute,
// bridge delivery and rescue, gas sizing) refer to a plan by its `pln_` id. Nothing here is signed or sent.
export const plans = pgTable(
  "plans",
  {
    id: text().primaryKey(),
    kind: text({ enum: ["deposit", "withdraw", "swap", "bridge", "cage"] }).notNull(),
    status: text({ enum: ["prepared", "blocked"] }).notNull(),
    chain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }).notNull(),
    /** Normalized owner address (lower-case hex; Solana as is); null when the request had none. */
    owner: text(),
    /** Venue id for deposit/withdraw plans; null otherwise. */
    strategyId: text(),
    amountMicros: bigint({ mode: "bigint" }).notNull(),
    /** Bridges: the destination chain and the owner-locked destination address. */
    destChain: text({ enum: ["move-chain", "svm-chain", "evm-a", "evm-b"] }),
    destAddress: text(),
    /** The full plan body as answered (transactions, fees, blockers). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("plans_owner_created_idx").on(t.owner, t.createdAt), index("plans_kind_created_idx").on(t.kind, t.createdAt)],
);
