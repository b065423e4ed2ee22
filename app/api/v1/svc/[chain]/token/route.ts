// GET /api/v1/svc/{chain}/token
import { getToken } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getToken);
