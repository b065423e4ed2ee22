"use client";
// The one client providers file (style.md item 12): TanStack Query for every page, and the wallet stack
// (wagmi + viem, Solana wallet adapter, dapp-kit) mounted lazily — its code is a separate chunk fetched only
// when the connect dialog opens, or on a return visit by someone who had a wallet connected.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, lazy, useEffect, useState } from "react";
import { retryUnlessClientError } from "@/lib/api";
import { useWallet, walletStore } from "@/components/wallet/store";

const WalletStack = lazy(() => import("@/components/wallet/wallet-stack").then((m) => ({ default: m.WalletStack })));

function LazyWallets() {
  const { requested } = useWallet();
  useEffect(() => {
    if (!walletStore.hadWallet()) return;
    // Reconnect a returning user once the page is idle, so it never competes with first paint.
    const w = window as Window & { requestIdleCallback?: (cb: () => void) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(() => walletStore.request());
    else setTimeout(() => walletStore.request(), 200);
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <WalletStack />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 30_000, retry: retryUnlessClientError, refetchOnWindowFocus: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyWallets />
    </QueryClientProvider>
  );
}
