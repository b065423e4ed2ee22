// Writes events into the outbox table inside the caller's transaction, so a change and its events
// commit together or not at all. The webhook worker delivers them (contract §5).
import { Batch } from "../db/batch";
import type { DbOrTx } from "../db/client";
import { events } from "../db/schema";
import { newId } from "../ids";

import type { EventType } from "./types";

export { EVENT_TYPES, type EventType } from "./types";

/** Fired after every commit that wrote events (server/db/signal.ts): the webhook worker listens on it. */
export const OUTBOX_CHANNEL = "svc_outbox";

export interface NewEvent {
  type: EventType;
  /** The wallet the event is about; null for global events such as apy.updated. */
  wallet: string | null;
  data: Record<string, unknown>;
}

/** Adds the events' insert to a batch (one statement with the action's other writes); returns their ids. */
export function addEvents(batch: Batch, list: NewEvent[]): string[] {
  if (list.length === 0) return [];
  const rows = list.map((e) => ({ id: newId("evt"), type: e.type, wallet: e.wallet, data: e.data }));
  batch.insert(events, rows);
  batch.signalOnCommit(OUTBOX_CHANNEL);
  return rows.map((r) => r.id);
}

export async function emitEvents(tx: DbOrTx, list: NewEvent[]): Promise<string[]> {
  const batch = new Batch();
  const ids = addEvents(batch, list);
  await batch.run(tx);
  return ids;
}

export async function emitEvent(tx: DbOrTx, e: NewEvent): Promise<string> {
  const [id] = await emitEvents(tx, [e]);
  return id as string;
}
