// Whether an error means the database connection is gone or refused (PostgreSQL restarting, network cut, refusing
// connections), as opposed to a statement that failed. server/http/unavailable.ts answers these 503 UNAVAILABLE; the
// transaction runner (./client.ts) issues nothing more on a connection lost this way.

/** Socket-level failures (Node's errno codes) and postgres.js's own connection errors. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/** PostgreSQL SQLSTATEs meaning "not now": connection exceptions (class 08), shutdown or start-up (57P01–57P03), too many connections. */
function unavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** Whether `e` (or an error it wraps: drizzle's query error, an AggregateError of connection attempts) says the database is unreachable. */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (depth > 5 || e === null || typeof e !== "object") return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || unavailableState(code))) return true;
  if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable((e as { cause?: unknown }).cause, depth + 1);
}
