// POST /api/v1/svc/bridge/rescue
import { bridgeRescueEndpoint } from "@/server/execute/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(bridgeRescueEndpoint);
