// Activity rows (spec §2.5): one per leg, failed legs too. Legs of one plan share a group number so the
// log reads newest group first and, inside a group, by legIndex.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { activity } from "../db/schema";
import { newId } from "../ids";

export type ActivityInsert = Omit<typeof activity.$inferInsert, "id" | "seq" | "groupSeq">;

async function groupOf(tx: DbOrTx, wallet: string, planId: string): Promise<bigint> {
  const [hit] = await tx
    .select({ g: activity.groupSeq })
    .from(activity)
    .where(and(eq(activity.wallet, wallet), eq(activity.planId, planId)))
    .limit(1);
  if (hit) return hit.g;
  const res = await tx.execute<{ g: string }>(sql`select nextval('activity_group_seq')::text as g`);
  const rows = (Array.isArray(res) ? res : (res as { rows: { g: string }[] }).rows) as { g: string }[];
  return BigInt(rows[0]?.g ?? "0");
}

export async function insertActivity(tx: DbOrTx, rows: ActivityInsert[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const groups = new Map<string, bigint>();
  const values: (typeof activity.$inferInsert)[] = [];
  for (const r of rows) {
    const id = newId("act");
    if (r.planId) {
      const k = `${r.wallet}\u0000${r.planId}`;
      let g = groups.get(k);
      if (g === undefined) {
        g = await groupOf(tx, r.wallet, r.planId);
        groups.set(k, g);
      }
      values.push({ ...r, id, groupSeq: g });
    } else {
      values.push({ ...r, id });
    }
  }
  await tx.insert(activity).values(values);
  return values.map((v) => v.id as string);
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
