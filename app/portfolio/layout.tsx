import type { ReactNode } from "react";
import { QueryProviders } from "@/app/query-providers";

// This section's pages read through TanStack Query; `/` does not, so the root layout has no query client.
export default function Layout({ children }: { children: ReactNode }) {
  return <QueryProviders>{children}</QueryProviders>;
}
