"use client";
// An error in words, with the request id when the service gave one, and a retry.
// Service errors come from the typed client (SvcApiError, @svc/client): the catalogued code, status and request id.
import { isSvcApiError } from "@svc/client";

/** The HTTP status of a service error (either kind), else undefined. */
export function errorStatus(error: unknown): number | undefined {
  if (isSvcApiError(error)) return error.status;
  return undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}

export function ErrorBox({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const rid = isSvcApiError(error) ? (error.requestId ?? undefined) : undefined;
  return (
    <div role="alert" className="alert alert-error">
      <p>
        <strong>{title ?? "Could not load this."}</strong> {errorMessage(error)}
        {rid && <span className="muted"> (request {rid})</span>}
      </p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** A feature whose API has not landed on this deployment: say so plainly instead of an error. */
export function NotYet({ what }: { what: string }) {
  return (
    <div className="alert alert-info" role="status">
      <p>
        {what} is not available on this server yet. The page will show it as soon as the service provides it.
      </p>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/** The route itself is missing on this deployment (the catch-all's "No route …" 404), not an unknown id. */
export function isNotLanded(error: unknown): boolean {
  return errorStatus(error) === 404 && error instanceof Error && /^No route /.test(error.message);
}
