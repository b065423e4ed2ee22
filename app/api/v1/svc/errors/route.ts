// GET /api/v1/svc/errors
import { getErrors } from "@/server/svc/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getErrors);
