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
  /** Makes the Idempotency-Key of a money call the caller did not set one for (default: a random UUID v4, randomKey()). */
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

/**
 * A random UUID v4 for an Idempotency-Key: crypto.randomUUID() where it exists (Node 22+, browsers in a secure
 * context), else the same from crypto.getRandomValues (a page served over plain http has no randomUUID).
 */
export function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
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
  client.use(idempotencyMiddleware(opts.idempotencyKey ?? randomKey));
  return client;
}
