// The event log (GET /svc/webhooks/events): stored events newest first, scoped to the caller's wallets
// (global events such as apy.updated are visible to every caller), each with its deliveries and attempts.
// Deliveries of wallet events are shown to whoever may see the event; deliveries of global events only
// to the key that owns the subscription. URLs and keys never appear here.
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { events, webhookAttempts, webhookDeliveries, webhookSubscriptions } from "../db/schema";
import type { EventType } from "../events/outbox";
import type { Owner } from "./subscriptions";

export type DeliveryState = "pending" | "delivered" | "failed" | "cancelled";

export interface LoggedEvent {
  id: string;
  type: EventType;
  createdAt: Date;
  wallet: string | null;
  data: Record<string, unknown>;
  deliveries: Array<{
    id: string;
    subscriptionId: string;
    state: DeliveryState;
    attemptCount: number;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
    attempts: Array<{ at: Date; status: number | null; durationMs: number; error: string | null }>;
  }>;
}

export function encodeCursor(seq: bigint): string {
  return Buffer.from(`e:${seq}`, "utf8").toString("base64url");
}

export function decodeCursor(c: string): bigint | null {
  const m = /^e:([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  return m?.[1] ? BigInt(m[1]) : null;
}

const normalizedWallet = sql`(case when ${events.wallet} like '0x%' then lower(${events.wallet}) else ${events.wallet} end)`;

function eventScope(owner: Owner): SQL | undefined {
  if (owner.wallets === "*") return undefined;
  const list = [...owner.wallets];
  if (list.length === 0) return isNull(events.wallet);
  return or(isNull(events.wallet), inArray(normalizedWallet, list));
}

/** Which deliveries of a visible event the caller sees (see the header comment). */
function deliveryVisible(keyId: string): SQL {
  return sql`(${webhookSubscriptions.keyId} = ${keyId} or ${events.wallet} is not null)`;
}

export async function findVisibleEvent(db: DbOrTx, owner: Owner, eventId: string) {
  const [e] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eventScope(owner)));
  return e ?? null;
}

export async function listEvents(
  db: DbOrTx,
  owner: Owner,
  q: { type?: EventType; state?: DeliveryState; before?: bigint; limit: number },
): Promise<{ events: LoggedEvent[]; next: bigint | null }> {
  const conds: (SQL | undefined)[] = [eventScope(owner)];
  if (q.type) conds.push(eq(events.type, q.type));
  if (q.before !== undefined) conds.push(lt(events.seq, q.before));
  if (q.state) {
    conds.push(
      sql`exists (select 1 from ${webhookDeliveries} join ${webhookSubscriptions} on ${webhookSubscriptions.id} = ${webhookDeliveries.subscriptionId}
        where ${webhookDeliveries.eventSeq} = ${events.seq} and ${webhookDeliveries.state} = ${q.state} and ${deliveryVisible(owner.keyId)})`,
    );
  }
  const rows = await db
    .select()
    .from(events)
    .where(and(...conds))
    .orderBy(desc(events.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const next = rows.length > q.limit ? (page[page.length - 1]?.seq ?? null) : null;
  if (page.length === 0) return { events: [], next };

  const dels = await db
    .select({
      id: webhookDeliveries.id,
      eventSeq: webhookDeliveries.eventSeq,
      subscriptionId: webhookDeliveries.subscriptionId,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .innerJoin(events, eq(events.seq, webhookDeliveries.eventSeq))
    .where(and(inArray(webhookDeliveries.eventSeq, page.map((e) => e.seq)), deliveryVisible(owner.keyId)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  const atts = dels.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, dels.map((d) => d.id)))
        .orderBy(asc(webhookAttempts.seq))
    : [];
  const attsBy = new Map<string, typeof atts>();
  for (const a of atts) attsBy.set(a.deliveryId, [...(attsBy.get(a.deliveryId) ?? []), a]);
  const delsBy = new Map<bigint, LoggedEvent["deliveries"]>();
  for (const d of dels) {
    const list = delsBy.get(d.eventSeq) ?? [];
    list.push({
      id: d.id,
      subscriptionId: d.subscriptionId,
      state: d.state,
      attemptCount: (attsBy.get(d.id) ?? []).length,
      nextAttemptAt: d.state === "pending" ? d.nextAttemptAt : null,
      deliveredAt: d.deliveredAt,
      attempts: (attsBy.get(d.id) ?? []).map((a) => ({ at: a.attemptedAt, status: a.status, durationMs: a.durationMs, error: a.error })),
    });
    delsBy.set(d.eventSeq, list);
  }
  return {
    events: page.map((e) => ({
      id: e.id,
      type: e.type,
      createdAt: e.createdAt,
      wallet: e.wallet,
      data: e.data,
      deliveries: delsBy.get(e.seq) ?? [],
    })),
    next,
  };
}

/**
 * Puts the failed deliveries of an event to this key's active subscriptions back in the queue with a
 * fresh attempt budget (the attempt history stays). Returns how many were queued; null when the event is not visible.
 */
export async function redeliverEvent(db: DbOrTx, owner: Owner, eventId: string): Promise<{ requeued: string[] } | null> {
  const ev = await findVisibleEvent(db, owner, eventId);
  if (!ev) return null;
  const subs = db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.keyId, owner.keyId),
        isNull(webhookSubscriptions.deletedAt),
        isNull(webhookSubscriptions.disabledAt),
      ),
    );
  const rows = await db
    .update(webhookDeliveries)
    .set({ state: "pending", attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.eventSeq, ev.seq),
        eq(webhookDeliveries.state, "failed"),
        inArray(webhookDeliveries.subscriptionId, subs),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return { requeued: rows.map((r) => r.id) };
}
