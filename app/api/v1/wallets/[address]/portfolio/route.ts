// GET /api/v1/wallets/{address}/portfolio
import { getPortfolio } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getPortfolio);
