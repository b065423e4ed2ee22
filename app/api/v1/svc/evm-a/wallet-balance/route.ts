// GET /api/v1/svc/evm-a/wallet-balance
import { getEvmAWalletBalance } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getEvmAWalletBalance);
