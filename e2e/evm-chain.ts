// Arbitrum (evm-b) in the e2e stack: the in-process EVM of testing/chains/evm (@ethereumjs/vm behind Ethereum JSON-RPC
// on loopback) with Aave v3's shipped bytecode at the registry's published Arbitrum addresses. The service reads it
// (SVC_RPC_EVM_B: balances, simulation before signing), the browser's wallet reaches it through the chain RPC's
// `/evm-b` path (e2e/chain-rpc.ts, routed by support.ts), and the test reads balances from it: one set of contracts.
//
// The wallet: wagmi's mock connector (components/wallet/wagmi-config.ts) answers accounts itself and forwards
// eth_sendTransaction to the chain's RPC. The node signs it for the test account with that account's local key, as
// Anvil and Hardhat do for their dev accounts (testing/chains/evm/node.ts `unlocked`). Chosen over an EIP-1193 provider
// in the page that signs with the key because no private key then reaches the app's bundle or the page (the dashboard
// keeps the stock mock connector; the key lives only in this test process), and the signature, nonce, fee and balance
// checks are still the node's real ones (the signed transaction goes through the same path as eth_sendRawTransaction).
import { privateKeyToAccount } from "viem/accounts";
import { aaveV3Arbitrum } from "../server/venues/aave-v3/arbitrum";
import { deployAaveV3, mintUsdc } from "../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../testing/chains/evm/node";
import { E2E_EVM_ACCOUNT, E2E_EVM_KEY, E2E_EVM_START_USDC } from "./evm-constants";

export async function startEvmB(): Promise<EvmNode> {
  const node = await startEvmNode({ chainId: 42161, unlocked: [E2E_EVM_KEY] });
  const at = aaveV3Arbitrum.onchain;
  const aave = await deployAaveV3(node, { pool: at.pool ?? "", poolAddressesProvider: at.poolAddressesProvider ?? "", usdc: at.usdc ?? "", aUsdc: at.aUsdc, poolDataProvider: at.poolDataProvider });
  const owner = privateKeyToAccount(E2E_EVM_KEY).address;
  if (owner !== E2E_EVM_ACCOUNT) throw new Error(`the e2e EVM key is ${owner}'s, not ${E2E_EVM_ACCOUNT}'s`);
  await mintUsdc(node, aave.usdc, owner, E2E_EVM_START_USDC);
  await node.setBalance(owner, 10n ** 18n);
  return node;
}
