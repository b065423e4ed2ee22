// The local EVM's dev accounts (as Anvil's and Hardhat's): a wallet that forwards eth_sendTransaction to its RPC, as
// wagmi's mock connector does in the dashboard's e2e suite, gets the transaction signed by the node with the account's
// local key and mined through the same checks as eth_sendRawTransaction. Other senders are refused.
import { getVenue } from "../../server/venues";
import { builderFor } from "../../server/venues/adapters";
import { createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { EvmCall } from "../../server/chains/evm";
import { type AaveDeployment, deployAaveV3, erc20Balance, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { localChain } from "../../testing/chains/evm/wallet";
import { useLocalChain } from "../../testing/oracle";

// Anvil's and Hardhat's first default account (public test key): the dashboard's test connector's account.
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEV = privateKeyToAccount(DEV_KEY).address;

describe("eth_sendTransaction from a dev account (Arbitrum's chain id, Aave v3 on real bytecode)", () => {
  let node: EvmNode;
  let aave: AaveDeployment;
  // The service's evm-b RPC is this node: the builder proves the Pool and aToken from it before building.
  useLocalChain(["SVC_RPC_EVM_B"], async () => {
    node = await startEvmNode({ chainId: 42161, unlocked: [DEV_KEY] });
    const v = getVenue("aave-v3-arbitrum")?.onchain ?? {};
    aave = await deployAaveV3(node, { pool: v.pool ?? "", poolAddressesProvider: v.poolAddressesProvider ?? "", usdc: v.usdc ?? "", aUsdc: v.aUsdc, poolDataProvider: v.poolDataProvider });
    await mintUsdc(node, aave.usdc, DEV, 10_000_000n);
    await node.setBalance(DEV, 10n ** 18n);
    return node;
  });

  it("lists the dev account and signs the plan's approve + supply for it: the aToken balance moves by the plan's amount", async () => {
    expect(await node.request("eth_accounts", [])).toEqual([DEV]);
    const b = builderFor("aave-v3-arbitrum", "deposit");
    if (!("build" in b)) throw new Error(b.reason);
    const plan = await b.build({ owner: DEV, amountMicros: 2_500_000n });
    const chain = localChain(42161, node.url);
    // A JSON-RPC account (an address only): viem sends eth_sendTransaction without nonce, gas or fees.
    const wallet = createWalletClient({ account: DEV, chain, transport: http(node.url) });
    const client = createPublicClient({ chain, transport: http(node.url) });
    const nonceBefore = await client.getTransactionCount({ address: DEV });
    for (const t of plan) {
      const p = t.payload as EvmCall;
      const hash = await wallet.sendTransaction({ to: p.to as Hex, data: p.data as Hex, value: BigInt(p.value) });
      const receipt = await client.getTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
      expect(receipt.from.toLowerCase()).toBe(DEV.toLowerCase());
      // The mined transaction carries a real signature over Arbitrum's chain id.
      const tx = await client.getTransaction({ hash });
      expect(tx.chainId).toBe(42161);
    }
    expect(await erc20Balance(node, aave.aToken, DEV)).toBe(2_500_000n);
    expect(await erc20Balance(node, aave.usdc, DEV)).toBe(7_500_000n);
    // Nonces filled by the node, one per leg.
    expect(await client.getTransactionCount({ address: DEV })).toBe(nonceBefore + 2);
  });

  it("refuses a sender it holds no key for, and another chain's id", async () => {
    const other = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
    await expect(node.request("eth_sendTransaction", [{ from: other, to: aave.usdc, data: "0x" }])).rejects.toThrow(/unknown account/);
    await expect(node.request("eth_sendTransaction", [{ from: DEV, to: aave.usdc, data: "0x", chainId: "0x2105" }])).rejects.toThrow(/chain id/);
  });
});
