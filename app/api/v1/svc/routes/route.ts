// GET /api/v1/svc/routes
import { getRoutes } from "@/server/openapi/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getRoutes);
