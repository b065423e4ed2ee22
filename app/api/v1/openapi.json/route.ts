// GET /api/v1/openapi.json
import { getOpenapi } from "@/server/api";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getOpenapi);
