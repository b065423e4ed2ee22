// GET /api/v1/svc/webhooks/events
import { listWebhookEvents } from "@/server/webhooks/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(listWebhookEvents);
