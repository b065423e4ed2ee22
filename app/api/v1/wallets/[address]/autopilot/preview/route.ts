// POST /api/v1/wallets/{address}/autopilot/preview
import { postAutopilotPreview } from "@/server/autopilot/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postAutopilotPreview);
