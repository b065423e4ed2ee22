// POST /api/v1/svc/webhooks/{id}/rotate
import { rotateWebhook } from "@/server/webhooks/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(rotateWebhook);
