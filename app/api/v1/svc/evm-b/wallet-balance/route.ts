// GET /api/v1/svc/evm-b/wallet-balance
import { getEvmBWalletBalance } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getEvmBWalletBalance);
