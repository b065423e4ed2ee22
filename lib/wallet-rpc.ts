// The chain RPC URLs the browser's wallet stack talks to (the build's NEXT_PUBLIC_SVC_RPC_* or the chains' public
// endpoints): one place for the wallet stack (components/wallet) and the pages' Content-Security-Policy connect-src
// (lib/csp.ts), so a configured RPC is never blocked.
import { arbitrum, base } from "viem/chains";

/**
 * The public Sui mainnet full node, as Mysten documents it for SuiGrpcClient (dApp Kit's docs: `new SuiGrpcClient({
 * network: 'mainnet', baseUrl: 'https://fullnode.mainnet.sui.io:443' })`; the server's SVC_RPC_MOVE default is the
 * same). @mysten/sui exports no gRPC URL helper; its only URL helper is the deprecated JSON-RPC one.
 */
export const SUI_MAINNET_GRPC_URL = "https://fullnode.mainnet.sui.io:443";

export const WALLET_RPC = {
  move: process.env.NEXT_PUBLIC_SVC_RPC_MOVE || SUI_MAINNET_GRPC_URL,
  svm: process.env.NEXT_PUBLIC_SVC_RPC_SVM || "https://api.mainnet-beta.solana.com",
  // viem's chain definitions: the RPC wagmi's http() transport uses when none is given.
  evmA: process.env.NEXT_PUBLIC_SVC_RPC_EVM_A || base.rpcUrls.default.http[0],
  evmB: process.env.NEXT_PUBLIC_SVC_RPC_EVM_B || arbitrum.rpcUrls.default.http[0],
} as const;
