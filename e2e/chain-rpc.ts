// The e2e stack's local chain: the one local chain of testing/chains/server.ts on a known port, with CORS for the
// browser's wallets (Playwright routes their RPC calls here, support.ts routeChainRpc), the wallets' book
// (testing/chains/wallets.ts: every wallet's starting USDC, signed transactions that land, move USDC and turn final
// after PROCESSING_MS) and the `evm` paths passed through to an EVM node (e.g. "/evm-b" → testing/chains/evm/node.ts).
import { type LocalChain, startLocalChain } from "../testing/chains/server";

export { SOLANA_OTHER_MINT, SOLANA_USDC } from "../testing/chains/solana/wallets";
export { SUI_USDC } from "../testing/chains/sui/wallets";
export type ChainRpc = LocalChain;

/** Port 0 (a test of its own) takes whatever port the system gives. E2E_RPC_LOG writes each method called. */
export const startChainRpc = (port: number, evm: Record<string, string> = {}): Promise<ChainRpc> =>
  startLocalChain({ port, cors: true, passThrough: evm, wallets: true, log: Boolean(process.env.E2E_RPC_LOG) });
