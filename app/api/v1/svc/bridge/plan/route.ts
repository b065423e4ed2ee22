// POST /api/v1/svc/bridge/plan
import { bridgePlanEndpoint } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(bridgePlanEndpoint);
