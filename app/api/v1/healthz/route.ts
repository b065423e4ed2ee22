// GET /api/v1/healthz
import { getHealthz } from "@/server/ops/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getHealthz);
