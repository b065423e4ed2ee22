// GET /openapi.json
import { getOpenapiRoot } from "@/server/api";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getOpenapiRoot);
