// Query functions of the plans table. The execute and bridge delivery/rescue steps read plans from here.
import { and, desc, eq } from "drizzle-orm";
import type { ChainId } from "../chains/address";
import { normalizeAddress } from "../chains/address";
import type { DbOrTx } from "../db/client";
import { plans } from "../db/schema";

export type PlanRow = typeof plans.$inferSelect;
export type PlanKind = PlanRow["kind"];

export interface NewPlan {
  id: string;
  kind: PlanKind;
  status: "prepared" | "blocked";
  chain: ChainId;
  owner: string | null;
  strategyId?: string | null;
  amountMicros: bigint;
  destChain?: ChainId | null;
  destAddress?: string | null;
  payload: Record<string, unknown>;
}

/** bigint values inside a payload are stored as their decimal strings (jsonb has no bigint). */
function jsonSafe(v: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x)));
}

/** The row a new plan is stored as: addresses normalized, the payload's bigints as strings. */
function rowOf(p: NewPlan) {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    chain: p.chain,
    owner: p.owner === null ? null : normalizeAddress(p.owner),
    strategyId: p.strategyId ?? null,
    amountMicros: p.amountMicros,
    destChain: p.destChain ?? null,
    destAddress: p.destAddress === undefined || p.destAddress === null ? null : normalizeAddress(p.destAddress),
    payload: jsonSafe(p.payload),
  };
}

export async function insertPlan(db: DbOrTx, p: NewPlan): Promise<void> {
  await db.insert(plans).values(rowOf(p));
}

/** Writes a plan whose id is derived from another's (a bridge's continuation): a later build replaces the earlier one. */
export async function upsertPlan(db: DbOrTx, p: NewPlan): Promise<void> {
  const row = rowOf(p);
  await db.insert(plans).values(row).onConflictDoUpdate({ target: plans.id, set: { status: row.status, amountMicros: row.amountMicros, payload: row.payload } });
}

export async function getPlan(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** An owner's plans, newest first, optionally of one kind and chain. */
export async function listPlansByOwner(
  db: DbOrTx,
  params: { owner: string; kind?: PlanKind; chain?: ChainId; limit?: number },
): Promise<PlanRow[]> {
  const where = [eq(plans.owner, normalizeAddress(params.owner))];
  if (params.kind) where.push(eq(plans.kind, params.kind));
  if (params.chain) where.push(eq(plans.chain, params.chain));
  return db
    .select()
    .from(plans)
    .where(and(...where))
    .orderBy(desc(plans.createdAt))
    .limit(params.limit ?? 50);
}
