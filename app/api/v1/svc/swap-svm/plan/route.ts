// POST /api/v1/svc/swap-svm/plan
import { swapSvmPlan } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(swapSvmPlan);
