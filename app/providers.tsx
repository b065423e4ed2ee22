"use client";
// The root layout's providers (style.md item 12): the wallet stack (wagmi + viem, Solana wallet adapter, dapp-kit)
// mounted lazily — its code is a separate chunk fetched only when the connect dialog opens, or on a return visit by
// someone who had a wallet connected. TanStack Query is app/query-providers.tsx, mounted by the layouts of the sections
// that read through it and by the wallet stack, so that `/` loads none of it (issue 28 item 5).
import { type ReactNode, Suspense, lazy, useEffect } from "react";
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
  // Marks the document once React has hydrated it: the end-to-end tests wait for it after each navigation (before
  // it, a select or input changed in the server's HTML is not in React's state), e2e/guarded.ts.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      {children}
      <LazyWallets />
    </>
  );
}
