// The dashboard's shared API helpers. Calls go through the typed client (@svc/client, lib/svc.ts) and the shapes are the
// OpenAPI document's (lib/api-types.ts, aliases only): nothing here declares an API shape (issue 27 item 3,
// tests/unit/api-types.test.ts). Server code imports nothing from this file.
import { isSvcApiError } from "@svc/client";
import type { ChainId } from "./api-types";

export type * from "./api-types";

/** TanStack Query retry policy: never retry a 4xx (a 404 means "not landed yet"), retry other failures twice. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  // The typed client has already retried 429 and 503 itself.
  if (isSvcApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The chains in the order the dashboard lists them. */
export const CHAIN_IDS: readonly ChainId[] = ["move-chain", "svm-chain", "evm-a", "evm-b"];
/** The chains whose plans the service executes (the others are Map chains). */
export const EXECUTABLE_CHAINS: readonly string[] = ["move-chain", "svm-chain"];
