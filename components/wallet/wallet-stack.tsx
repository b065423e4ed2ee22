"use client";
// The wallet stack: wagmi + viem (EVM), the Solana wallet adapter (Wallet Standard wallets) and dApp Kit (Sui).
// Loaded only through a dynamic import when the connect dialog first opens (app/providers.tsx), so `/` stays light.
// It renders no page content: it publishes the connected account and a signer to the library-free store.
import { ConnectionProvider, WalletProvider as SolanaWalletProvider } from "@solana/wallet-adapter-react";
import { type ReactNode, useEffect, useMemo } from "react";
import { WagmiProvider } from "wagmi";
import { ConnectDialog, reportSolanaError } from "./connect-dialog";
import { SuiKitProvider } from "./sui-kit";
import { WalletBridge } from "./wallet-bridge";
import { makeWagmiConfig, testWalletsEnabled } from "./wagmi-config";
import { walletStore } from "./store";
import { WALLET_RPC } from "@/lib/wallet-rpc";
import { QueryProviders } from "@/app/query-providers";

const SVM_RPC = WALLET_RPC.svm;

let wagmiConfig: ReturnType<typeof makeWagmiConfig> | null = null;

function Stack({ children }: { children: ReactNode }) {
  const test = testWalletsEnabled();
  const config = useMemo(() => {
    wagmiConfig ??= makeWagmiConfig(test);
    return wagmiConfig;
  }, [test]);
  // wagmi reads through TanStack Query: the same browser-wide client as the pages (the root layout has none).
  return (
    <QueryProviders>
      <WagmiProvider config={config} reconnectOnMount>
        <ConnectionProvider endpoint={SVM_RPC}>
          <SolanaWalletProvider wallets={[]} autoConnect onError={reportSolanaError}>
            <SuiKitProvider test={test}>{children}</SuiKitProvider>
          </SolanaWalletProvider>
        </ConnectionProvider>
      </WagmiProvider>
    </QueryProviders>
  );
}

export function WalletStack() {
  useEffect(() => {
    if (testWalletsEnabled()) void import("./test-wallets").then((m) => m.registerSolanaTestWallet());
    walletStore.setReady(true);
    return () => walletStore.setReady(false);
  }, []);
  return (
    <Stack>
      <WalletBridge />
      <ConnectDialog />
    </Stack>
  );
}
