// POST /api/v1/svc/swap-move/plan
import { swapMovePlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(swapMovePlan);
