// GET /api/v1/svc/move/wallet-balance
import { getMoveWalletBalance } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getMoveWalletBalance);
