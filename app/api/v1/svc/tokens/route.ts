// GET /api/v1/svc/tokens
import { listTokens } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(listTokens);
