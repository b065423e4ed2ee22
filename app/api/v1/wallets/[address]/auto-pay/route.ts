// POST /api/v1/wallets/{address}/auto-pay
import { postAutoPay } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postAutoPay);
