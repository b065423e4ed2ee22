// POST /api/v1/svc/strategies/withdraw/execute
import { executeWithdrawEndpoint } from "@/server/execute/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(executeWithdrawEndpoint);
