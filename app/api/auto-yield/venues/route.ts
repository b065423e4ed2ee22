// GET /api/auto-yield/venues
import { getAutoYieldVenues } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getAutoYieldVenues);
