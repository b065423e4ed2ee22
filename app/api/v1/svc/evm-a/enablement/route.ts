// GET /api/v1/svc/evm-a/enablement
import { getEvmAEnablement } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getEvmAEnablement);
