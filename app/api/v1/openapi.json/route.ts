// GET /api/v1/openapi.json
import { getOpenapi } from "@/server/openapi/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getOpenapi);
