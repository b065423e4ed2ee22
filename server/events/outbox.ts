// Writes events into the outbox table inside the caller's transaction, so a change and its events
// commit together or not at all. The webhook worker delivers them (contract §5).
import { events } from "../db/schema";
import type { DbOrTx } from "../db/client";
import { newId } from "../ids";

import type { EventType } from "./types";

export { EVENT_TYPES, type EventType } from "./types";

export interface NewEvent {
  type: EventType;
  /** The wallet the event is about; null for global events such as apy.updated. */
  wallet: string | null;
  data: Record<string, unknown>;
}

export async function emitEvents(tx: DbOrTx, list: NewEvent[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = list.map((e) => ({ id: newId("evt"), type: e.type, wallet: e.wallet, data: e.data }));
  await tx.insert(events).values(rows);
  return rows.map((r) => r.id);
}

export async function emitEvent(tx: DbOrTx, e: NewEvent): Promise<string> {
  const [id] = await emitEvents(tx, [e]);
  return id as string;
}
