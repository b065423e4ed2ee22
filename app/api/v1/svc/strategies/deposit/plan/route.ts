// POST /api/v1/svc/strategies/deposit/plan
import { depositPlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(depositPlan);
