// The webhook event types: the seven of spec §6 and position.drift (contract §11). The one list: the server takes it
// through server/events/types.ts (the outbox table's enum, the API's EventType, GET /svc/webhooks/events/types), the
// dashboard's subscription form (app/settings/webhooks) imports it here, since the UI never imports server/.
export const EVENT_TYPES = [
  "deposit.settled",
  "withdraw.settled",
  "harvest.completed",
  "bridge.delivered",
  "bridge.failed",
  "position.updated",
  "apy.updated",
  "position.drift",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
