// One error class for every non-2xx answer: { code, message, requestId, details? }.
import { ERROR_CODES, type ErrorCode } from "./codes";

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: number,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status ?? ERROR_CODES[code].status;
  }
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} not found`);
export const invalid = (message: string, details?: unknown) => new ApiError("INVALID_REQUEST", message, details);
