// GET /api/v1/wallets/{address}/evm-a/cage
import { getWalletEvmACage } from "@/server/plans/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getWalletEvmACage);
