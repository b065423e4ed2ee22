// POST /api/v1/svc/reconcile
import { postReconcile } from "@/server/ledger/reconcile-endpoint";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postReconcile);
