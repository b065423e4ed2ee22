// GET /api/v1/wallets/{address}/autopilot/history
import { getAutopilotHistory } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getAutopilotHistory);
