// GET /api/v1/svc/evm-b/cage
import { getEvmBCage } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getEvmBCage);
