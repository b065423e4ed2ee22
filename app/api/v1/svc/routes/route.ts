// GET /api/v1/svc/routes
import { getRoutes } from "@/server/api";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getRoutes);
