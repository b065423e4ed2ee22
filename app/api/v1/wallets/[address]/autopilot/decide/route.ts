// POST /api/v1/wallets/{address}/autopilot/decide
import { postAutopilotDecide } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postAutopilotDecide);
