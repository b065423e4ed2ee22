// POST /api/v1/svc/evm/swap/plan
import { swapEvmPlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(swapEvmPlan);
