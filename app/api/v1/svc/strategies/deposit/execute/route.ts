// POST /api/v1/svc/strategies/deposit/execute
import { executeDepositEndpoint } from "@/server/execute/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(executeDepositEndpoint);
