// POST /api/v1/wallets/batch/positions
import { postBatchPositions } from "@/server/ledger/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postBatchPositions);
