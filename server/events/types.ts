// The seven webhook event types (spec §6).
export const EVENT_TYPES = [
  "deposit.settled",
  "withdraw.settled",
  "harvest.completed",
  "bridge.delivered",
  "bridge.failed",
  "position.updated",
  "apy.updated",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
