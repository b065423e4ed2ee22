// POST /api/v1/wallets/{address}/route
import { postRoute } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postRoute);
