// POST /api/v1/svc/webhooks/events/{id}/redeliver
import { redeliverWebhookEvent } from "@/server/webhooks/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(redeliverWebhookEvent);
