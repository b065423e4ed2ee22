// GET /api/v1/svc/venues/apy
import { getVenueApy } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getVenueApy);
