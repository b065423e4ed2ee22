// Fan-out: reads new rows of the events outbox in seq order and creates one delivery row per matching
// subscription (type subscribed; wallet in the subscription's scope, or apy.updated). The cursor row is
// locked with SKIP LOCKED, so one server instance fans out at a time and the others go on delivering.
//
// Sequence values are handed out before commit, so a lower seq can become visible after a higher one.
// A gap is therefore waited for until every transaction that was running when it was first seen has
// ended (then it was a rollback), or GAP_GIVE_UP_MS as a last resort against a stuck session.
import { asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { events, webhookCursor, webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { log } from "../log";
import { rowsOf } from "./sql";

const CURSOR = "fanout";
export const GAP_MIN_MS = 200;
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

/**
 * One fan-out step; returns how many events it consumed (0 when there is nothing new or another instance
 * holds the cursor). Matching runs in the database (INSERT … SELECT): a subscription gets an event when it
 * subscribed to the type, the event was committed after it was created, and the event's wallet is in its
 * scope (or the event is apy.updated). Wallets compare as normalizeAddress does: 0x-addresses lower-cased.
 */
export async function fanOut(db: Db, state: FanoutState, batch = 2000): Promise<number> {
  // Idle probe: one statement, no transaction (the poll of an idle server; the transaction below takes four).
  const [pending] = await db
    .select({ seq: events.seq })
    .from(events)
    .where(gt(events.seq, sql`(select ${webhookCursor.seq} from ${webhookCursor} where ${webhookCursor.name} = ${CURSOR})`))
    .limit(1);
  if (!pending) return 0;
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(webhookCursor).where(eq(webhookCursor.name, CURSOR)).for("update", { skipLocked: true });
    if (!cur) return 0;
    const rows = await tx.select({ seq: events.seq }).from(events).where(gt(events.seq, cur.seq)).orderBy(asc(events.seq)).limit(batch);
    if (rows.length === 0) return 0;

    let taken = 0;
    let last = cur.seq;
    for (const r of rows) {
      if (r.seq !== last + 1n && !(await gapIsFinal(tx, state, last + 1n))) break;
      taken++;
      last = r.seq;
    }
    if (taken === 0) return 0;

    await tx.execute(sql`
      insert into ${webhookDeliveries} (id, event_seq, event_id, subscription_id, state)
      select 'dlv_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), e.seq, e.id, s.id, 'pending'
      from ${events} e
      join ${webhookSubscriptions} s
        on s.deleted_at is null and s.disabled_at is null
        and s.events @> jsonb_build_array(e.type)
        and e.created_at >= s.created_at
        and (e.type = 'apy.updated' or (e.wallet is not null and (
          s.wallets @> '["*"]'::jsonb
          or s.wallets @> jsonb_build_array(case when e.wallet like '0x%' then lower(e.wallet) else e.wallet end))))
      where e.seq > ${cur.seq} and e.seq <= ${last}
      on conflict do nothing`);
    await tx.update(webhookCursor).set({ seq: last, updatedAt: sql`now()` }).where(eq(webhookCursor.name, CURSOR));
    for (const k of state.gaps.keys()) if (BigInt(k) <= last) state.gaps.delete(k);
    return taken;
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
