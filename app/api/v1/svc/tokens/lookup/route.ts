// GET /api/v1/svc/tokens/lookup
import { getToken } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getToken);
