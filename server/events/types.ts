// The webhook event types: the seven of spec §6 and position.drift (contract §11). The list lives in lib/event-types.ts
// so the dashboard's subscription form offers the same names; the server's modules keep importing it from here.
export { EVENT_TYPES, type EventType } from "../../lib/event-types";
