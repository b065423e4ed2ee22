"use client";
// Sui in the wallet stack: Mysten's dApp Kit (@mysten/dapp-kit-react over @mysten/dapp-kit-core) with a SuiGrpcClient,
// so the wallet's reads, resolution, simulation and execution speak gRPC-web to the full node (Sui JSON-RPC is
// deprecated and no longer served by the public full nodes). Part of the lazily loaded wallet stack.
import { createDAppKit, DAppKitProvider } from "@mysten/dapp-kit-react";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { type ReactNode, useState } from "react";
import { WALLET_RPC } from "@/lib/wallet-rpc";

const MOVE_RPC = WALLET_RPC.move;

export function makeSuiKit(test: boolean) {
  return createDAppKit({
    networks: ["mainnet"],
    createClient: (network) => new SuiGrpcClient({ network, baseUrl: MOVE_RPC }),
    autoConnect: true,
    // The e2e suite's Sui wallet: dApp Kit's own burner (a Wallet Standard wallet with a fresh Ed25519 key per page
    // load, signing in the page and executing through this gRPC client). Only when test wallets are enabled.
    enableBurnerWallet: test,
    // Only the wallets the browser has (Wallet Standard): no Slush web-wallet popup registered on our behalf, so the
    // dialog can say plainly when there is none.
    slushWalletConfig: null,
    // Not 1.x's key: the new kit stores "wallet:address:intents", not the old JSON.
    storageKey: "svc.sui.wallet.v2",
  });
}

export type SuiKit = ReturnType<typeof makeSuiKit>;

declare module "@mysten/dapp-kit-react" {
  interface Register {
    dAppKit: SuiKit;
  }
}

let kit: SuiKit | null = null;

export function SuiKitProvider({ test, children }: { test: boolean; children: ReactNode }) {
  // One instance per page: created on first mount (in the browser), kept across remounts.
  const [dAppKit] = useState(() => {
    kit ??= makeSuiKit(test);
    return kit;
  });
  return <DAppKitProvider dAppKit={dAppKit}>{children}</DAppKitProvider>;
}
