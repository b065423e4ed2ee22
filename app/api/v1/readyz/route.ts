// GET /api/v1/readyz
import { getReadyz } from "@/server/ops/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getReadyz);
