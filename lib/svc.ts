// The dashboard's typed way to the service: the same client API consumers install (client/, @svc/client), against
// our own origin. Response types come from the OpenAPI document, never declared here (issue 27 item 3).
import { createSvcClient, type SvcClient } from "@svc/client";

export type { components } from "@svc/client";

const NETWORK_MESSAGE = "The service could not be reached. Check your connection and try again.";

/** Sends with `cache: "no-store"`; a failed connection becomes one plain sentence (an abort stays an abort). */
async function send(request: Request): Promise<Response> {
  try {
    return await fetch(new Request(request, { cache: "no-store" }));
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new Error(NETWORK_MESSAGE);
  }
}

/** A client for this origin, with the key the user entered (none for public reads). */
export function svcClient(apiKey?: string | null): SvcClient {
  return createSvcClient({ baseUrl: "", apiKey: apiKey || undefined, headers: { accept: "application/json" }, fetch: send });
}
