// GET /api/v1/metrics
import { getMetrics } from "@/server/ops/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getMetrics);
