// The wallets' book of the local chain (./server.ts `wallets`), for the e2e stack whose browser wallets sign against
// it: what every wallet starts with (./solana/wallets.ts, ./sui/wallets.ts), the program accounts they deposit into,
// and how long a landed transaction stays unfinal (PROCESSING_MS: the reporter sees 202 pending first).
import type { WalletBook } from "./state";
import { type SolanaWallets, solanaWalletStart, solanaWallets } from "./solana/wallets";
import { SUI_WALLET_START } from "./sui/wallets";

/** How long a new transaction stays "processed" (Solana) / outside a checkpoint (Sui) before it is final. */
export const PROCESSING_MS = 2500;

export async function walletBook(): Promise<WalletBook & { solana: SolanaWallets }> {
  return {
    processingMs: PROCESSING_MS,
    // Sui's "native" is SUI for a Sui address only; a Solana wallet holds no lamports here.
    start: (owner, asset) =>
      solanaWalletStart(owner, asset) ?? (asset !== "native" || /^0x[0-9a-f]{64}$/i.test(owner) ? SUI_WALLET_START.get(asset) : undefined),
    solana: await solanaWallets(),
  };
}
