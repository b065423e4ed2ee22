// Request and response schemas of the webhook endpoints (spec §4.6, §6; contract §5).
import { z } from "zod";
import { EVENT_TYPES } from "../events/outbox";
import { isoTime, pageQuery } from "../http/schemas";

export const eventType = z.enum(EVENT_TYPES).meta({ id: "EventType", description: "Webhook event type (spec §6)." });
export const deliveryState = z
  .enum(["pending", "delivered", "failed", "cancelled"])
  .meta({ id: "DeliveryState", description: "pending (queued or retrying), delivered (a 2xx), failed (attempts used up or 410 Gone), cancelled (subscription deleted or disabled)." });

export const EVENT_DESCRIPTIONS: Record<(typeof EVENT_TYPES)[number], string> = {
  "deposit.settled": "A route staked funds into a venue.",
  "withdraw.settled": "A withdraw completed.",
  "harvest.completed": "A harvest realized yield.",
  "bridge.delivered": "A bridge delivery was confirmed.",
  "bridge.failed": "A bridge delivery was reported failed.",
  "position.updated": "A wallet's position changed (route, withdraw, harvest).",
  "apy.updated": "A venue's live APY changed (sent to every subscription that asks for it).",
  "position.drift":
    "Reconciliation found a position's worth on chain (share balance × the venue's rate) differing from what the ledger expects; data: venueId, chain, recordedMicros, expectedMicros, chainMicros, driftMicros (chain − expected), source, checkedAt. The ledger is not changed.",
};

export const createWebhookBody = z
  .strictObject({
    url: z.string().max(2048).meta({ description: "https:// URL of a public address", example: "https://example.com/hooks/svc" }),
    events: z.array(eventType).min(1).max(EVENT_TYPES.length),
  })
  .meta({ id: "CreateWebhook" });

const webhookBase = {
  id: z.string().meta({ example: "whk_0123456789abcdefghjk" }),
  url: z.string(),
  events: z.array(eventType),
  createdAt: isoTime,
};

export const webhookCreatedSchema = z
  .object({ ...webhookBase, hmacKey: z.string().meta({ description: "Signing key; shown only here and in the rotate answer." }) })
  .meta({ id: "WebhookCreated" });

export const webhookSchema = z
  .object({
    ...webhookBase,
    rotatedAt: isoTime.nullable(),
    status: z.enum(["active", "disabled"]),
    disabledReason: z.string().nullable(),
  })
  .meta({ id: "Webhook", description: "A subscription, without its key." });

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).meta({ id: "WebhookList" });

export const webhookRotatedSchema = z
  .object({ id: z.string(), hmacKey: z.string(), rotatedAt: isoTime })
  .meta({ id: "WebhookRotated", description: "The new signing key, shown once. The old key stops signing at once." });

export const webhookDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "WebhookDeleted" });

export const webhookIdParams = z.object({ id: z.string().max(100) });
export const eventIdParams = z.object({ id: z.string().max(100) });

export const eventTypesSchema = z
  .object({ types: z.array(z.object({ type: eventType, description: z.string() })) })
  .meta({ id: "EventTypes" });

export const eventLogQuery = pageQuery.extend({ type: eventType.optional(), state: deliveryState.optional() });

const attemptSchema = z.object({
  at: isoTime,
  status: z.number().int().nullable().meta({ description: "Receiver's HTTP status; null when it did not answer." }),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

const deliverySchema = z
  .object({
    id: z.string(),
    subscriptionId: z.string(),
    state: deliveryState,
    attemptCount: z.number().int(),
    nextAttemptAt: isoTime.nullable(),
    deliveredAt: isoTime.nullable(),
    attempts: z.array(attemptSchema),
  })
  .meta({ id: "WebhookDelivery" });

export const loggedEventSchema = z
  .object({
    id: z.string().meta({ example: "evt_0123456789abcdefghjk" }),
    type: eventType,
    createdAt: isoTime,
    wallet: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    deliveries: z.array(deliverySchema),
  })
  .meta({ id: "LoggedEvent" });

export const eventLogSchema = z
  .object({ events: z.array(loggedEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: "EventLog", description: "Stored events, newest first." });

export const redeliverSchema = z
  .object({ eventId: z.string(), requeued: z.array(z.string()).meta({ description: "Delivery ids queued again." }) })
  .meta({ id: "Redelivery" });
