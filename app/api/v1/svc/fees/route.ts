// GET /api/v1/svc/fees
import { getFees } from "@/server/svc/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getFees);
