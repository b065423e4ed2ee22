// The typed client: openapi-fetch over the generated `paths`, with the API key, an Idempotency-Key on every operation
// the document marks idempotent (unless the caller sets one), and retries of 429/503.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { IDEMPOTENT_OPERATIONS } from "./operations.ts";
import { type RetryOptions, retryingFetch } from "./retry.ts";
import type { paths } from "./schema.ts";

export interface SvcClientOptions {
  /** The service origin, e.g. "https://svc.example.com" (the document's paths start with /api/...). */
  baseUrl: string;
  /** Sent as X-API-Key: owner, agent or keeper key. Public operations need none. */
  apiKey?: string;
  /** Retries of 429 and 503 (default: 3 attempts); false sends each request once. */
  retry?: RetryOptions | false;
  /** Makes the Idempotency-Key of a money call the caller did not set one for (default: crypto.randomUUID()). */
  idempotencyKey?: () => string;
  /** The fetch to send with (default: globalThis.fetch). */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export type SvcClient = Client<paths, "application/json">;

const IDEMPOTENT = new Set(IDEMPOTENT_OPERATIONS);

/** Whether the client sends an Idempotency-Key on this operation ("POST", "/api/v1/wallets/{address}/route"). */
export function isIdempotentOperation(method: string, schemaPath: string): boolean {
  return IDEMPOTENT.has(`${method.toUpperCase()} ${schemaPath}`);
}

function idempotencyMiddleware(make: () => string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (isIdempotentOperation(request.method, schemaPath) && !request.headers.has("idempotency-key")) {
        request.headers.set("Idempotency-Key", make());
      }
      return request;
    },
  };
}

export function createSvcClient(opts: SvcClientOptions): SvcClient {
  const inner = opts.fetch ?? ((input: Request) => globalThis.fetch(input));
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.apiKey !== undefined) headers["X-API-Key"] = opts.apiKey;
  const client = createClient<paths, "application/json">({
    baseUrl: opts.baseUrl.replace(/\/+$/, ""),
    headers,
    fetch: opts.retry === false ? inner : retryingFetch(inner, opts.retry ?? {}),
  });
  client.use(idempotencyMiddleware(opts.idempotencyKey ?? (() => globalThis.crypto.randomUUID())));
  return client;
}
