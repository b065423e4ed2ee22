// Activity rows (spec §2.5): one per leg, failed legs too. Legs of one plan share a group number so the
// log reads newest group first and, inside a group, by legIndex.
import { and, eq, sql } from "drizzle-orm";
import { Batch, colName, rowCol } from "../db/batch";
import type { DbOrTx } from "../db/client";
import { type AmountInSource, activity, activityGroupSeq } from "../db/schema";
import { newId } from "../ids";

/** A row to write; every leg says where its amounts come from (only rows recorded before that was stated hold null). */
export type ActivityInsert = Omit<typeof activity.$inferInsert, "id" | "seq" | "groupSeq" | "amountInSource"> & { amountInSource: AmountInSource };

/**
 * Adds the rows' insert to a batch (one statement with the action's other writes); returns their ids.
 * Group number: a plan that already has rows keeps its group; a new plan takes one number from
 * activity_group_seq for all its rows (plans in order of first appearance); a row without a plan is its own group.
 */
export function addActivity(batch: Batch, rows: ActivityInsert[]): string[] {
  if (rows.length === 0) return [];
  const plans: { wallet: string; plan_id: string; n: number }[] = [];
  const seen = new Set<string>();
  const values = rows.map((r) => {
    if (r.planId) {
      const k = `${r.wallet}\u0000${r.planId}`;
      if (!seen.has(k)) {
        seen.add(k);
        plans.push({ wallet: r.wallet, plan_id: r.planId, n: plans.length });
      }
    }
    return { ...r, id: newId("act") };
  });
  const next = sql.raw(`nextval('${activityGroupSeq.seqName}')`); // the column's default (schema/activity.ts)
  if (plans.length === 0) {
    batch.insert(activity, values, { shape: "group:own", columns: { groupSeq: next } });
  } else {
    const a = (c: Parameters<typeof colName>[0]) => sql`a.${sql.identifier(colName(c))}`;
    // Ordered, then numbered: new plans take their numbers in order of first appearance.
    const groups = batch.with(
      "activity-groups",
      [JSON.stringify(plans)],
      ([json]) => sql`select p.wallet, p.plan_id, coalesce((select ${a(activity.groupSeq)} from ${activity} a where ${a(activity.wallet)} = p.wallet and ${a(activity.planId)} = p.plan_id limit 1), ${next}) as g
        from (select * from jsonb_to_recordset(${json}::jsonb) as x(wallet text, plan_id text, n int) order by n offset 0) p`,
    );
    const group = sql`coalesce((select g.g from ${groups} g where g.wallet = ${rowCol(activity.wallet)} and g.plan_id = ${rowCol(activity.planId)}), ${next})`;
    batch.insert(activity, values, { shape: "group:plans", columns: { groupSeq: group } });
  }
  return values.map((v) => v.id);
}

export async function insertActivity(tx: DbOrTx, rows: ActivityInsert[]): Promise<string[]> {
  const batch = new Batch();
  const ids = addActivity(batch, rows);
  await batch.run(tx);
  return ids;
}

/** Swap and bridge costs (amount in − settled amount out) of a plan's settled routing legs. */
export async function routingCostOf(tx: DbOrTx, wallet: string, planId: string): Promise<bigint> {
  const rows = await tx
    .select({ i: activity.amountInMicros, o: activity.amountOutMicros, kind: activity.kind, status: activity.status })
    .from(activity)
    .where(and(eq(activity.wallet, wallet), eq(activity.planId, planId)));
  let cost = 0n;
  for (const r of rows) {
    if ((r.kind === "swap" || r.kind === "bridge") && r.status === "settled" && r.o !== null && r.i > r.o) cost += r.i - r.o;
  }
  return cost;
}
