// The webhook event types: the seven of spec §6 and position.drift (contract §11).
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
