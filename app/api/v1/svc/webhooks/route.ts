// GET, POST /api/v1/svc/webhooks
import { listWebhooks, createWebhook } from "@/server/webhooks/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(listWebhooks, createWebhook);
