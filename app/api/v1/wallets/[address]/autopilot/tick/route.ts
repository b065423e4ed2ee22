// POST /api/v1/wallets/{address}/autopilot/tick
import { postAutopilotTick } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postAutopilotTick);
