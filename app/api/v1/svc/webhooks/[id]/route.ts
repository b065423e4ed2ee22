// DELETE /api/v1/svc/webhooks/{id}
import { deleteWebhook } from "@/server/webhooks/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(deleteWebhook);
