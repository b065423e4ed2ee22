// /svc/webhooks…: subscriptions (owner), event types (public), event log (owner or agent), redeliver (owner).
import { config } from "../config";
import { EVENT_TYPES } from "../events/outbox";
import { created, endpoint, type Method, ok, publicRoute } from "../http/endpoint";
import { ApiError, fieldError, notFound } from "../http/errors";
import type { Principal } from "../http/auth";
import { decodeCursor, encodeCursor, listEvents, redeliverEvent } from "./event-log";
import {
  createWebhookBody,
  EVENT_DESCRIPTIONS,
  eventIdParams,
  eventLogQuery,
  eventLogSchema,
  eventTypesSchema,
  redeliverSchema,
  webhookCreatedSchema,
  webhookDeletedSchema,
  webhookIdParams,
  webhookListSchema,
  webhookRotatedSchema,
} from "./schemas";
import { createSubscription, deleteSubscription, listSubscriptions, type Owner, rotateSubscription } from "./subscriptions";
import { urlProblem } from "./url-safety";
import { nudgeWebhookWorker } from "./worker";

function ownerOf(p: Principal | null): Owner {
  // The wrapper has already required a key for these routes.
  if (!p) throw new ApiError("UNAUTHORIZED", "This route needs an X-API-Key");
  return { keyId: p.keyId, wallets: p.wallets };
}

const iso = (d: Date) => d.toISOString();

export const listEventTypes = endpoint({
  ...publicRoute("listWebhookEventTypes", "GET", "/api/v1/svc/webhooks/events/types", "The webhook event types", ["webhooks"]),
  responses: { 200: eventTypesSchema },
  handler: async () => ok({ types: EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })) }),
});

export const createWebhook = endpoint({
  operationId: "createWebhook",
  method: "POST",
  path: "/api/v1/svc/webhooks",
  summary: "Subscribe a URL to events; the answer shows the signing key once",
  description:
    "Only https:// URLs that resolve to public addresses are accepted (unless the server runs with SVC_WEBHOOK_ALLOW_INSECURE=1). " +
    "The subscription receives the chosen events of the wallets in this key's scope, and apy.updated. Deliveries are POSTs signed with " +
    "`X-SVC-Signature: t=<unix>,v1=<hex HMAC-SHA256(hmacKey, \"<t>.<raw body>\")>`.",
  tags: ["webhooks"],
  access: "webhooks.manage",
  body: createWebhookBody,
  example: { body: { url: "https://hooks.example.com/svc", events: ["deposit.settled", "apy.updated"] } },
  responses: { 201: webhookCreatedSchema },
  handler: async ({ db, principal, body }) => {
    const cfg = config();
    const problem = await urlProblem(body.url, cfg.SVC_WEBHOOK_ALLOW_INSECURE);
    if (problem) throw fieldError("INVALID_REQUEST", "body.url", problem);
    const s = await createSubscription(db, ownerOf(principal), body, cfg.SVC_WEBHOOK_SECRET_KEY);
    return created({ id: s.id, url: s.url, events: s.events, hmacKey: s.hmacKey, createdAt: iso(s.createdAt) });
  },
});

export const listWebhooks = endpoint({
  operationId: "listWebhooks",
  method: "GET",
  path: "/api/v1/svc/webhooks",
  summary: "This key's subscriptions (without keys)",
  tags: ["webhooks"],
  access: "webhooks.manage",
  responses: { 200: webhookListSchema },
  handler: async ({ db, principal }) => {
    const list = await listSubscriptions(db, ownerOf(principal).keyId);
    return ok({
      webhooks: list.map((s) => ({
        id: s.id,
        url: s.url,
        events: s.events,
        createdAt: iso(s.createdAt),
        rotatedAt: s.rotatedAt ? iso(s.rotatedAt) : null,
        status: s.status,
        disabledReason: s.disabledReason,
      })),
    });
  },
});

/** The fields of an endpoint on one of the key's subscriptions, `/api/v1/svc/webhooks/{id}<rest>` (owner): 404 when it has none of that id. */
function subscriptionRoute<M extends Method>(operationId: string, method: M, rest: string, summary: string) {
  const example = { params: { id: "whk_0000000000000000000a" } };
  return { operationId, method, path: `/api/v1/svc/webhooks/{id}${rest}`, example, summary, tags: ["webhooks"], access: "webhooks.manage" as const, params: webhookIdParams, errors: ["NOT_FOUND" as const] };
}

export const rotateWebhook = endpoint({
  ...subscriptionRoute("rotateWebhook", "POST", "/rotate", "Replace the signing key; the new key is shown once"),
  responses: { 200: webhookRotatedSchema },
  handler: async ({ db, principal, params }) => {
    const s = await rotateSubscription(db, ownerOf(principal).keyId, params.id, config().SVC_WEBHOOK_SECRET_KEY);
    if (!s?.rotatedAt) throw notFound("Subscription");
    return ok({ id: s.id, hmacKey: s.hmacKey, rotatedAt: iso(s.rotatedAt) });
  },
});

export const deleteWebhook = endpoint({
  ...subscriptionRoute("deleteWebhook", "DELETE", "", "Delete a subscription; its pending deliveries are cancelled"),
  responses: { 200: webhookDeletedSchema },
  handler: async ({ db, principal, params }) => {
    if (!(await deleteSubscription(db, ownerOf(principal).keyId, params.id))) throw notFound("Subscription");
    return ok({ id: params.id, deleted: true as const });
  },
});

export const listWebhookEvents = endpoint({
  operationId: "listWebhookEvents",
  method: "GET",
  path: "/api/v1/svc/webhooks/events",
  summary: "Event log: stored events of the key's wallets (and apy.updated), newest first, with delivery attempts",
  description:
    "Filter by `type` and by delivery `state` (events with at least one delivery in that state). Deliveries of wallet events are shown " +
    "to every key that may see the event; deliveries of apy.updated only to the key owning the subscription.",
  tags: ["webhooks"],
  access: "events.read",
  query: eventLogQuery,
  example: { query: { type: "apy.updated", limit: "10" } },
  responses: { 200: eventLogSchema },
  handler: async ({ db, principal, query }) => {
    let before: bigint | undefined;
    if (query.cursor !== undefined) {
      const c = decodeCursor(query.cursor);
      if (c === null) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from this endpoint");
      before = c;
    }
    const page = await listEvents(db, ownerOf(principal), { type: query.type, state: query.state, before, limit: query.limit ?? 50 });
    return ok({
      events: page.events.map((e) => ({
        ...e,
        createdAt: iso(e.createdAt),
        deliveries: e.deliveries.map((d) => ({
          ...d,
          nextAttemptAt: d.nextAttemptAt ? iso(d.nextAttemptAt) : null,
          deliveredAt: d.deliveredAt ? iso(d.deliveredAt) : null,
          attempts: d.attempts.map((a) => ({ ...a, at: iso(a.at) })),
        })),
      })),
      nextCursor: page.next === null ? null : encodeCursor(page.next),
    });
  },
});

export const redeliverWebhookEvent = endpoint({
  operationId: "redeliverWebhookEvent",
  method: "POST",
  path: "/api/v1/svc/webhooks/events/{id}/redeliver",
  example: { params: { id: "evt_0000000000000000000a" } },
  summary: "Queue the failed deliveries of an event to this key's active subscriptions again",
  tags: ["webhooks"],
  access: "webhooks.manage",
  params: eventIdParams,
  responses: { 200: redeliverSchema },
  errors: ["NOT_FOUND", "NOTHING_TO_REDELIVER"],
  handler: async ({ db, principal, params }) => {
    const r = await redeliverEvent(db, ownerOf(principal), params.id);
    if (!r) throw notFound("Event");
    if (r.requeued.length === 0) {
      throw new ApiError("NOTHING_TO_REDELIVER", "This event has no failed delivery to an active subscription of this key");
    }
    nudgeWebhookWorker();
    return ok({ eventId: params.id, requeued: r.requeued });
  },
});

export const webhookEndpoints = [
  listEventTypes,
  createWebhook,
  listWebhooks,
  rotateWebhook,
  deleteWebhook,
  listWebhookEvents,
  redeliverWebhookEvent,
];
