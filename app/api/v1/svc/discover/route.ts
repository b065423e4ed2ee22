// GET /api/v1/svc/discover
import { getDiscover } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getDiscover);
