// GET /openapi.json
import { getOpenapiRoot } from "@/server/openapi/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getOpenapiRoot);
