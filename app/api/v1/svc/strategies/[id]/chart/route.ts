// GET /api/v1/svc/strategies/{id}/chart
import { getStrategyChart } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getStrategyChart);
