// GET /api/v1/svc/portfolio
import { getPublicPortfolio } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getPublicPortfolio);
