// Fan-out: reads new rows of the events outbox in seq order and creates one delivery row per matching
// subscription (type subscribed; wallet in the subscription's scope, or apy.updated). The cursor row is
// locked with SKIP LOCKED, so one server instance fans out at a time and the others go on delivering.
//
// Sequence values are handed out before commit, so a lower seq can become visible after a higher one.
// A gap is therefore waited for until every transaction that was running when it was first seen has
// ended (then it was a rollback), or GAP_GIVE_UP_MS as a last resort against a stuck session.
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { normalizeAddress } from "../chains/address";
import type { Db } from "../db/client";
import { events, webhookCursor, webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { newId } from "../ids";
import { log } from "../log";
import { rowsOf } from "./sql";

const CURSOR = "fanout";
const GAP_MIN_MS = 200;
const GAP_GIVE_UP_MS = 60_000;

interface Gap {
  firstSeen: number;
  /** Transactions in progress when the gap was first seen. */
  xids: string[];
}

export interface FanoutState {
  gaps: Map<string, Gap>;
}

export function newFanoutState(): FanoutState {
  return { gaps: new Map() };
}

export async function ensureCursor(db: Db): Promise<void> {
  await db.insert(webhookCursor).values({ name: CURSOR, seq: 0n }).onConflictDoNothing();
}

type Sub = typeof webhookSubscriptions.$inferSelect;

function matches(sub: Sub, e: { type: string; wallet: string | null; createdAt: Date }): boolean {
  if (!sub.events.includes(e.type)) return false;
  if (e.createdAt < sub.createdAt) return false;
  if (e.type === "apy.updated") return true;
  if (e.wallet === null) return false;
  return sub.wallets.includes("*") || sub.wallets.includes(normalizeAddress(e.wallet));
}

/** One fan-out step; returns how many events it consumed (0 when there is nothing new or another instance holds the cursor). */
export async function fanOut(db: Db, state: FanoutState, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(webhookCursor).where(eq(webhookCursor.name, CURSOR)).for("update", { skipLocked: true });
    if (!cur) return 0;
    const rows = await tx
      .select({ seq: events.seq, id: events.id, type: events.type, wallet: events.wallet, createdAt: events.createdAt })
      .from(events)
      .where(gt(events.seq, cur.seq))
      .orderBy(asc(events.seq))
      .limit(batch);
    if (rows.length === 0) return 0;

    const take: typeof rows = [];
    let expected = cur.seq + 1n;
    for (const r of rows) {
      if (r.seq !== expected && !(await gapIsFinal(tx, state, expected))) break;
      take.push(r);
      expected = r.seq + 1n;
    }
    if (take.length === 0) return 0;

    const subs = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(isNull(webhookSubscriptions.deletedAt), isNull(webhookSubscriptions.disabledAt)));
    const deliveries = [];
    for (const e of take) {
      for (const s of subs) {
        if (matches(s, e)) {
          deliveries.push({ id: newId("dlv"), eventSeq: e.seq, eventId: e.id, subscriptionId: s.id, state: "pending" as const });
        }
      }
    }
    for (let i = 0; i < deliveries.length; i += 1000) {
      await tx.insert(webhookDeliveries).values(deliveries.slice(i, i + 1000)).onConflictDoNothing();
    }
    const last = take[take.length - 1]?.seq ?? cur.seq;
    await tx.update(webhookCursor).set({ seq: last, updatedAt: sql`now()` }).where(eq(webhookCursor.name, CURSOR));
    for (const k of state.gaps.keys()) if (BigInt(k) <= last) state.gaps.delete(k);
    return take.length;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function gapIsFinal(tx: Tx, state: FanoutState, seq: bigint): Promise<boolean> {
  const key = String(seq);
  const now = Date.now();
  let gap = state.gaps.get(key);
  if (!gap) {
    const xids = await rowsOf<{ xid: string }>(tx, sql`select pg_snapshot_xip(pg_current_snapshot())::text as xid`);
    gap = { firstSeen: now, xids: xids.map((x) => x.xid) };
    state.gaps.set(key, gap);
  }
  if (now - gap.firstSeen < GAP_MIN_MS) return false;
  if (gap.xids.length > 0) {
    const running = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from unnest(${`{${gap.xids.join(",")}}`}::xid8[]) as x where pg_xact_status(x) = 'in progress'`,
    );
    if ((running[0]?.n ?? 0) > 0) {
      if (now - gap.firstSeen < GAP_GIVE_UP_MS) return false;
      log().warn({ seq: key }, "webhook fan-out skipped an event seq held by a transaction open for over 60 s");
    }
  }
  return true;
}
