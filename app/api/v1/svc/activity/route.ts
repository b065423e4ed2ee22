// GET /api/v1/svc/activity
import { getPublicActivity } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getPublicActivity);
