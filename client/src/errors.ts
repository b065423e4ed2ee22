// One error class for every non-2xx answer: the catalogued `code` (GET /api/v1/svc/errors), the HTTP status, the
// message, the request id (body, else the X-Request-Id header) and, on a 422 BLOCKED, the blockers.
import type { components } from "./schema.ts";

export type ErrorCode = components["schemas"]["Error"]["code"];
export type Blocker = components["schemas"]["Blocker"];
/** A code the catalog lists, or UNEXPECTED_RESPONSE when the body was not the API's error JSON (a proxy's page). */
export type ClientErrorCode = ErrorCode | "UNEXPECTED_RESPONSE";

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  requestId?: unknown;
  blockers?: unknown;
  details?: unknown;
}

export class SvcApiError extends Error {
  override readonly name = "SvcApiError";
  readonly code: ClientErrorCode;
  readonly status: number;
  readonly requestId: string | null;
  readonly blockers: Blocker[];
  readonly details: unknown;
  /** The parsed body as received. */
  readonly body: unknown;

  constructor(init: { code: ClientErrorCode; status: number; message: string; requestId: string | null; blockers?: Blocker[]; details?: unknown; body?: unknown }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.blockers = init.blockers ?? [];
    this.details = init.details;
    this.body = init.body;
  }

  /** From an answer and its parsed body (openapi-fetch's `error`). */
  static from(response: Response, body: unknown): SvcApiError {
    const b: ErrorLike = typeof body === "object" && body !== null ? (body as ErrorLike) : {};
    const known = typeof b.code === "string" && typeof b.message === "string";
    const headerId = response.headers.get("x-request-id");
    return new SvcApiError({
      code: known ? (b.code as ErrorCode) : "UNEXPECTED_RESPONSE",
      status: response.status,
      message: known ? (b.message as string) : `HTTP ${response.status} without the API's error body`,
      requestId: typeof b.requestId === "string" ? b.requestId : headerId,
      blockers: Array.isArray(b.blockers) ? (b.blockers as Blocker[]) : [],
      details: b.details,
      body,
    });
  }
}

/** The result of a call whose answer was an error. */
interface Answered {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data of a successful call, or throws SvcApiError: `const s = await unwrap(svc.GET("/api/v1/svc/status"))`. */
export async function unwrap<R extends Answered>(call: Promise<R> | R): Promise<NonNullable<R["data"]>> {
  const r = await call;
  if (!r.response.ok) throw SvcApiError.from(r.response, r.error);
  return r.data as NonNullable<R["data"]>;
}

export function isSvcApiError(e: unknown): e is SvcApiError {
  return e instanceof SvcApiError;
}
