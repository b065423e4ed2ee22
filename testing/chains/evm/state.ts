// The local chain's EVM state (../state.ts) as the answered EVM method table ./rpc.ts reads it: balances
// (`eth_getBalance` / ERC-20 balanceOf), the EVM venues' contracts (./venues: Aave v3 `getReserveNormalizedIncome`,
// Compound v3's Comets), the head block, bytecode of `evmCode`, the gas price and `eth_getTransactionReceipt` of the
// transactions of `txs` (USDC Transfer logs and CCTP MessageSent logs).
import type { ChainCore } from "../state";
import { type EvmHandler, evmRpc } from "./rpc";

export function evmMethods(core: ChainCore): Map<string, EvmHandler> {
  const { chain } = core;
  return evmRpc({
    block: () => chain.evmBlock,
    venues: () => chain,
    balance: (owner, asset) => core.balance(owner, asset),
    code: (address) => chain.evmCode.get(address),
    gasPriceWei: () => chain.gas.evmWei,
    transaction: (hash) => {
      const t = chain.txs.get(hash.toLowerCase()) ?? chain.txs.get(hash);
      return t?.kind === "evm" ? t : undefined;
    },
  });
}
