// GET /api/v1/wallets/{address}/autopilot
import { getAutopilot } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getAutopilot);
