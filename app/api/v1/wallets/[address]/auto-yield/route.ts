// GET, PUT /api/v1/wallets/{address}/auto-yield
import { getWalletAutoYield, putWalletAutoYieldEndpoint } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getWalletAutoYield, putWalletAutoYieldEndpoint);
