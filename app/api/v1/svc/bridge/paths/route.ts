// GET /api/v1/svc/bridge/paths
import { getBridgePaths } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getBridgePaths);
