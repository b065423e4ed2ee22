// GET /api/v1/svc/packages
import { getPackages } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getPackages);
