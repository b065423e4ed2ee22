// GET /api/v1/svc/status
import { getStatus } from "@/server/svc/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getStatus);
