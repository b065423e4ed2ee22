// GET /api/v1/wallets/{address}/funding
import { getFunding } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getFunding);
