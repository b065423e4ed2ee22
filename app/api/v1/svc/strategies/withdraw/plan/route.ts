// POST /api/v1/svc/strategies/withdraw/plan
import { withdrawPlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(withdrawPlan);
