// The owner's wallet on the local EVM: a local private key, viem's wallet client (it fills nonce, gas and EIP-1559 fees
// through the node's JSON-RPC, signs, and sends eth_sendRawTransaction), one plan transaction after another, as a
// browser wallet would.
import { createPublicClient, createWalletClient, defineChain, type Hex, http, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface PlanCall {
  chainId: number;
  to: string;
  data: string;
  value: string;
  /** A gas limit to sign with (e.g. the plan's simulated estimate); the wallet estimates when absent. */
  gas?: bigint;
}

export function localChain(chainId: number, url: string) {
  return defineChain({ id: chainId, name: `local-${chainId}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [url] } } });
}

/** Signs and sends each call in order, waiting for its receipt; throws if one is not mined successfully. */
export async function signAndSend(url: string, privateKey: Hex, calls: PlanCall[]): Promise<TransactionReceipt[]> {
  const account = privateKeyToAccount(privateKey);
  const receipts: TransactionReceipt[] = [];
  for (const c of calls) {
    const chain = localChain(c.chainId, url);
    const wallet = createWalletClient({ account, chain, transport: http(url) });
    const client = createPublicClient({ chain, transport: http(url) });
    const hash = await wallet.sendTransaction({ to: c.to as Hex, data: c.data as Hex, value: BigInt(c.value), ...(c.gas ? { gas: c.gas } : {}) });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} to ${c.to} was mined but reverted`);
    receipts.push(receipt);
  }
  return receipts;
}
