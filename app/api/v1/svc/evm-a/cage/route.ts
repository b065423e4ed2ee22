// GET /api/v1/svc/evm-a/cage
import { getEvmACage } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getEvmACage);
