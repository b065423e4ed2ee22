// A Wallet Standard Solana wallet that signs with a local key. Registered only when the e2e suite asks
// (window.__SVC_TEST_WALLETS__, set by Playwright's addInitScript); never part of a normal page load.
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { registerWallet } from "@wallet-standard/wallet";

export const TEST_SOLANA_WALLET_NAME = "SVC Test Wallet";
const CHAINS = ["solana:mainnet", "solana:devnet"] as const;
const ICON =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PHJlY3Qgd2lkdGg9IjE2IiBoZWlnaHQ9IjE2IiBmaWxsPSIjMWQ0ZWQ4Ii8+PC9zdmc+" as const;

let registered = false;

export function registerSolanaTestWallet(): void {
  if (registered) return;
  registered = true;
  // A fixed seed: the e2e suite knows the address it will see (a test may pick another byte for a wallet of its own).
  const seed = window.__SVC_TEST_WALLET_SEED__;
  const key = Keypair.fromSeed(new Uint8Array(32).fill(typeof seed === "number" && seed >= 0 && seed <= 255 ? seed : 7));
  const account: WalletAccount = {
    address: key.publicKey.toBase58(),
    publicKey: key.publicKey.toBytes(),
    chains: CHAINS,
    features: ["solana:signTransaction"],
  };
  let accounts: readonly WalletAccount[] = [];
  const listeners = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  const emit = () => {
    for (const l of listeners) l({ accounts });
  };
  const wallet: Wallet = {
    version: "1.0.0",
    name: TEST_SOLANA_WALLET_NAME,
    icon: ICON,
    chains: CHAINS,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          accounts = [account];
          emit();
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          accounts = [];
          emit();
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: (p: { accounts: readonly WalletAccount[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
          // Set by Playwright only: the owner clicks "Reject" (EIP-1193's 4001, as Solana wallets answer it too).
          if (window.__SVC_TEST_WALLET_REJECTS__ === true) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
          return inputs.map(({ transaction }) => {
            const tx = VersionedTransaction.deserialize(transaction);
            tx.sign([key]);
            return { signedTransaction: tx.serialize() };
          });
        },
      },
    },
  };
  registerWallet(wallet);
}
