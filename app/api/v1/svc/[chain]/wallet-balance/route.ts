// GET /api/v1/svc/{chain}/wallet-balance
import { getWalletBalance } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getWalletBalance);
