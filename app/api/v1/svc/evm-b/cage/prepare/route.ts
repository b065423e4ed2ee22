// POST /api/v1/svc/evm-b/cage/prepare
import { prepareEvmBCage } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(prepareEvmBCage);
