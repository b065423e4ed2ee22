// Subscriptions: owned by the API key that created them; another key's subscription does not exist for you.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../db/schema";
import type { EventType } from "../events/outbox";
import { newId } from "../ids";
import { newHmacKey, sealKey } from "./secret";

export interface Owner {
  keyId: string;
  /** "*" or the normalized wallets of the key. */
  wallets: "*" | ReadonlySet<string>;
}

export interface SubscriptionView {
  id: string;
  url: string;
  events: EventType[];
  createdAt: Date;
  rotatedAt: Date | null;
  /** "active", or "disabled" after the receiver answered 410 Gone. */
  status: "active" | "disabled";
  disabledReason: string | null;
}

type Row = typeof webhookSubscriptions.$inferSelect;

function view(r: Row): SubscriptionView {
  return {
    id: r.id,
    url: r.url,
    events: r.events as EventType[],
    createdAt: r.createdAt,
    rotatedAt: r.rotatedAt,
    status: r.disabledAt ? "disabled" : "active",
    disabledReason: r.disabledReason,
  };
}

export async function createSubscription(
  db: DbOrTx,
  owner: Owner,
  input: { url: string; events: EventType[] },
  masterKey?: string,
): Promise<SubscriptionView & { hmacKey: string }> {
  const hmacKey = newHmacKey();
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({
      id: newId("whk"),
      keyId: owner.keyId,
      wallets: owner.wallets === "*" ? ["*"] : [...owner.wallets],
      url: input.url,
      events: [...new Set(input.events)],
      hmacKey: sealKey(hmacKey, masterKey),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { ...view(row), hmacKey };
}

const mine = (keyId: string, id: string) =>
  and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.keyId, keyId), isNull(webhookSubscriptions.deletedAt));

export async function listSubscriptions(db: DbOrTx, keyId: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.keyId, keyId), isNull(webhookSubscriptions.deletedAt)))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return rows.map(view);
}

/** A new key, returned once; the old one stops signing at once (pending retries are signed with the new one). */
export async function rotateSubscription(
  db: DbOrTx,
  keyId: string,
  id: string,
  masterKey?: string,
): Promise<(SubscriptionView & { hmacKey: string }) | null> {
  const hmacKey = newHmacKey();
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ hmacKey: sealKey(hmacKey, masterKey), rotatedAt: new Date() })
    .where(mine(keyId, id))
    .returning();
  return row ? { ...view(row), hmacKey } : null;
}

/** Soft delete (the event log keeps its delivery history); pending deliveries are cancelled. */
export async function deleteSubscription(db: DbOrTx, keyId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookSubscriptions)
      .set({ deletedAt: new Date() })
      .where(mine(keyId, id))
      .returning({ id: webhookSubscriptions.id });
    if (rows.length === 0) return false;
    await cancelPending(tx, [id]);
    return true;
  });
}

export async function cancelPending(tx: DbOrTx, subscriptionIds: string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx
    .update(webhookDeliveries)
    .set({ state: "cancelled", updatedAt: new Date() })
    .where(and(inArray(webhookDeliveries.subscriptionId, subscriptionIds), eq(webhookDeliveries.state, "pending")));
}
