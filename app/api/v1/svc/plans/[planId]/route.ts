// GET /api/v1/svc/plans/{planId}
import { getPlanRecord } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getPlanRecord);
