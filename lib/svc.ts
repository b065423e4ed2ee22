// The dashboard's typed way to the service: the same client API consumers install (client/, @svc/client), against
// our own origin. Response types come from the OpenAPI document, never declared here (issue 27 item 3).
import { createSvcClient, type SvcClient } from "@svc/client";

export type { components } from "@svc/client";

const NETWORK_MESSAGE = "The service could not be reached. Check your connection and try again.";

/** Sends with `cache: "no-store"`; a failed connection becomes one plain sentence (an abort stays an abort). The body
 * goes as bytes, not as the Request's stream (a retried request is a clone): the browser sends a plain body then, as
 * the dashboard's own fetch did, which its devtools and the e2e tests can read. */
async function send(request: Request): Promise<Response> {
  const body = request.body === null ? undefined : await request.arrayBuffer();
  try {
    return await fetch(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, cache: "no-store" });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new Error(NETWORK_MESSAGE);
  }
}

/** A client for this origin, with the key the user entered (none for public reads). */
export function svcClient(apiKey?: string | null): SvcClient {
  return createSvcClient({ baseUrl: "", apiKey: apiKey || undefined, headers: { accept: "application/json" }, fetch: send });
}
