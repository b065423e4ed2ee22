// POST /api/v1/svc/swap/execute
import { executeSwapEndpoint } from "@/server/execute/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(executeSwapEndpoint);
