// The database is not reachable right now (PostgreSQL restarting, network cut, refusing connections): every request
// that needs it fails fast with 503 UNAVAILABLE and a Retry-After, never a 500, and the next request after it is back
// is answered again (postgres.js reconnects per query; nothing here holds a dead connection).
import { ApiError } from "./errors";

export { isDatabaseUnavailable } from "../db/unavailable";

/** How long a client should wait before retrying, in seconds (a PostgreSQL restart takes about that). */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

export function unavailable(): ApiError {
  return new ApiError("UNAVAILABLE", "The database is not reachable right now; retry after the Retry-After seconds", undefined, undefined, {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S),
  });
}
