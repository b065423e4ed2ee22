// POST /api/v1/wallets/{address}/withdraw
import { postWithdraw } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postWithdraw);
