// POST /api/v1/svc/gas-sponsor/plan
import { gasSponsorPlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(gasSponsorPlan);
