// POST /api/v1/wallets/{address}/harvest
import { postHarvest } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postHarvest);
