// One error class for every non-2xx answer: { code, message, requestId, details? }.
import { ERROR_CODES, type ErrorCode, type StatusOf } from "./codes";

export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  constructor(
    readonly code: C,
    message: string,
    readonly details?: unknown,
    /** One of the statuses the catalog lists for the code (codes.ts); the first one when not given. */
    status?: StatusOf<C>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status ?? ERROR_CODES[code].statuses[0];
  }
}

/**
 * The one form of a message about one request field: "<where>.<path> <what is wrong>" ("body.owner must be a Sui
 * address (0x + 64 hex)"), the field named once and in full, with the same field and words in details[].
 * Schema failures (handler.ts) and the checks domains make after parsing both use it.
 */
export function fieldMessage(field: string, message: string): string {
  return `${field} ${message}`;
}

/** An error about one request field, e.g. fieldError("INVALID_ADDRESS", "body.owner", "must be a Sui address …"). */
export function fieldError(code: ErrorCode, field: string, message: string, extra?: Record<string, unknown>): ApiError {
  return new ApiError(code, fieldMessage(field, message), [{ field, message, ...extra }]);
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} not found`);
export const invalid = (message: string, details?: unknown) => new ApiError("INVALID_REQUEST", message, details);
