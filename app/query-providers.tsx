"use client";
// TanStack Query, for the sections whose pages read the API through it (each one's layout.tsx) and for wagmi in the
// lazily loaded wallet stack. Not in the root layout: `/` reads its one answer without it, so the first load of `/`
// carries no TanStack Query (issue 28 item 5; docs/performance.md). The rest of the providers: app/providers.tsx.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { retryUnlessClientError } from "@/lib/api";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: retryUnlessClientError, refetchOnWindowFocus: false } },
  });
}

let browserClient: QueryClient | null = null;

/** One client per browser tab, shared by every section and the wallet stack (the cache outlives a navigation between
 * sections); a new one per server render, so no request sees another's data. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

export function QueryProviders({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
