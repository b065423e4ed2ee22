// POST /api/v1/svc/bridge/delivery
import { bridgeDeliveryEndpoint } from "@/server/execute/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(bridgeDeliveryEndpoint);
