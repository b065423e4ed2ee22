// wagmi configuration for the two EVM map chains (evm-a = Base, evm-b = Arbitrum).
import { http } from "viem";
import { createConfig, injected, mock } from "wagmi";
import { arbitrum, base } from "wagmi/chains";
import { WALLET_RPC } from "@/lib/wallet-rpc";

/** The well-known first Hardhat/Anvil account: only ever used by the test connector. */
export const TEST_EVM_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

declare global {
  interface Window {
    /** Set by Playwright (page.addInitScript) to expose the test wallets; never set by the app itself. */
    __SVC_TEST_WALLETS__?: boolean;
    /** Set by Playwright only: the test wallets refuse as a user who clicks "Reject" would (EVM: the connection;
     * Solana: signing, test-wallets.ts). */
    __SVC_TEST_WALLET_REJECTS__?: boolean;
    /** Set by Playwright only: the Solana test wallet's key seed byte (default 7), for a test that needs a wallet of its own. */
    __SVC_TEST_WALLET_SEED__?: number;
  }
}

/** Test wallets appear only when the page was opened by the e2e suite (init script) or the build asked for them. */
export function testWalletsEnabled(): boolean {
  if (process.env.NEXT_PUBLIC_SVC_TEST_WALLETS === "1") return true;
  return typeof window !== "undefined" && window.__SVC_TEST_WALLETS__ === true;
}

export function makeWagmiConfig(test: boolean) {
  // wagmi's mock connector throws viem's UserRejectedRequestError on connect when `connectError` is true.
  const rejects = test && typeof window !== "undefined" && window.__SVC_TEST_WALLET_REJECTS__ === true;
  return createConfig({
    chains: [base, arbitrum],
    connectors: test ? [injected(), mock({ accounts: [TEST_EVM_ACCOUNT], ...(rejects ? { features: { connectError: true } } : {}) })] : [injected()],
    transports: {
      [base.id]: http(WALLET_RPC.evmA),
      [arbitrum.id]: http(WALLET_RPC.evmB),
    },
    ssr: true,
  });
}

declare module "wagmi" {
  interface Register {
    config: ReturnType<typeof makeWagmiConfig>;
  }
}
