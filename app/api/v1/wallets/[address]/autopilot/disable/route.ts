// POST /api/v1/wallets/{address}/autopilot/disable
import { postAutopilotDisable } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postAutopilotDisable);
