// Any unknown path under /api: a JSON 404 NOT_FOUND, never an HTML page.
import { notFoundRoute } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute();
