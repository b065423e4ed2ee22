// GET /api/v1/svc/venues
import { getVenues } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getVenues);
