"use client";
// Library-free wallet state: pages read the connected account and ask it to sign through this store,
// so no page imports a wallet library. The lazily loaded wallet stack (wallet-stack.tsx) writes to it.
import { useSyncExternalStore } from "react";
import type { PlanTransaction } from "@/lib/api";

export type WalletFamily = "sui" | "solana" | "evm";

export interface ConnectedAccount {
  family: WalletFamily;
  address: string;
  walletName: string;
}

export interface WalletSigner {
  /** Hands the plan's transaction to the wallet; resolves to the on-chain digest/signature/hash. */
  signAndSend: (tx: PlanTransaction) => Promise<string>;
}

export interface WalletState {
  /** The wallet stack (wagmi, Solana adapter, dapp-kit) has been asked to load. */
  requested: boolean;
  /** The wallet stack is mounted. */
  ready: boolean;
  dialogOpen: boolean;
  account: ConnectedAccount | null;
  signer: WalletSigner | null;
  disconnect: (() => void) | null;
  /** The family the user connected last: it signs when several are connected. */
  preferred: WalletFamily | null;
}

const LAST_FAMILY_KEY = "svc.wallet.last";

let state: WalletState = {
  requested: false,
  ready: false,
  dialogOpen: false,
  account: null,
  signer: null,
  disconnect: null,
  preferred: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<WalletState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const walletStore = {
  get: (): WalletState => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  openDialog(): void {
    set({ requested: true, dialogOpen: true });
  },
  closeDialog(): void {
    set({ dialogOpen: false });
  },
  /** Load the stack without opening the dialog (a returning user whose wallet reconnects). */
  request(): void {
    if (!state.requested) set({ requested: true });
  },
  prefer(family: WalletFamily): void {
    set({ preferred: family });
  },
  setReady(ready: boolean): void {
    set({ ready });
  },
  setConnection(account: ConnectedAccount | null, signer: WalletSigner | null, disconnect: (() => void) | null): void {
    const same =
      state.account?.address === account?.address &&
      state.account?.family === account?.family &&
      state.signer === signer &&
      state.disconnect === disconnect;
    if (same) return;
    try {
      if (account) localStorage.setItem(LAST_FAMILY_KEY, account.family);
      else if (state.account) localStorage.removeItem(LAST_FAMILY_KEY);
    } catch {
      // storage may be unavailable (private mode); reconnect just won't happen
    }
    set({ account, signer, disconnect });
  },
  hadWallet(): boolean {
    try {
      return localStorage.getItem(LAST_FAMILY_KEY) !== null;
    } catch {
      return false;
    }
  },
};

const serverState: WalletState = { ...state };

export function useWallet(): WalletState {
  return useSyncExternalStore(walletStore.subscribe, walletStore.get, () => serverState);
}

/** Which wallet family signs for a chain of ours. */
export function familyOfChain(chain: string): WalletFamily | null {
  if (chain === "move-chain") return "sui";
  if (chain === "svm-chain") return "solana";
  if (chain === "evm-a" || chain === "evm-b") return "evm";
  return null;
}

export const FAMILY_NAMES: Record<WalletFamily, string> = { sui: "Sui", solana: "Solana", evm: "EVM" };
/** The family's name with its article, for sentences ("connect an EVM wallet"). */
export const A_FAMILY: Record<WalletFamily, string> = { sui: "a Sui", solana: "a Solana", evm: "an EVM" };
