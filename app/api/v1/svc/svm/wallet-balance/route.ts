// GET /api/v1/svc/svm/wallet-balance
import { getSvmWalletBalance } from "@/server/catalog/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getSvmWalletBalance);
