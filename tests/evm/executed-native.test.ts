// An EVM transaction's balance changes after execution (issue 23 item 1: "evm: … after execution the receipt's logs;
// native value and gas"): confirmTx reads the receipt, the transaction and debug_traceTransaction (callTracer) in one
// batch; the sender's ETH change is −(value + gasUsed × effectiveGasPrice [+ l1Fee]) and every call frame's value
// moves ETH, checked against the node's own balances (eth_getBalance before and after) on real bytecode (Aave's
// MintableERC20 as USDC, WETH9 whose withdraw sends ETH from inside the call). `assets` adds the fee back to the
// sender's ETH, as for SUI and SOL. Without debug_traceTransaction only the transaction's own value is known, and the
// changes say internal movements are not; where the receipt states no fee (the answered EVM), no ETH change is given.
import { encodeFunctionData, erc20Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { USDC } from "../../lib/tokens";
import { normalizeAddress } from "../../server/chains/address";
import { type Confirmation, confirmTx } from "../../server/execute/confirm";
import { deployMintableToken, mintUsdc } from "../../testing/chains/evm/aave";
import { aaveArtifact, initcode } from "../../testing/chains/evm/artifacts";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { useLocalChain } from "../../testing/oracle";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

// Anvil's and Hardhat's first default account (public test key): a dev account the node signs for.
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEV = privateKeyToAccount(DEV_KEY).address;
const RECIPIENT = "0x000000000000000000000000000000000000bEEF";
const DEPLOYER = `0x${"de".repeat(20)}`;
const WETH9 = aaveArtifact("mocks/tokens/WETH9Mocked.sol/WETH9Mocked");
const USDC_A = USDC["evm-a"];

type Final = Extract<Confirmation, { state: "final" }>;
const final = (c: Confirmation): Final => {
  if (c.state !== "final") throw new Error(`not final: ${c.reason}`);
  return c;
};
/** The reader's change of `asset` ("native" or a token) for `owner`, or undefined when it gives none. */
const changeOf = (c: Final, owner: string, asset: string) => {
  const x = c.changes.balanceChanges?.find((b) => b.owner.toLowerCase() === owner.toLowerCase() && b.asset.id.toLowerCase() === asset.toLowerCase());
  return x === undefined ? undefined : BigInt(x.amount);
};

describe("EVM after execution: the receipt's logs, the ETH each frame moved and the network fee (local node, real bytecode)", () => {
  let node: EvmNode;
  let weth: string;
  useLocalChain(["SVC_RPC_EVM_A"], async () => {
    node = await startEvmNode({ chainId: 8453, unlocked: [DEV_KEY] });
    await deployMintableToken(node, USDC_A, DEPLOYER, "USD Coin", "USDC", 6);
    await mintUsdc(node, USDC_A, DEV, 50_000_000n);
    weth = await node.deploy(initcode(WETH9), DEPLOYER);
    await node.setBalance(DEV, 10n ** 19n);
    return node;
  });

  const balance = async (a: string) => BigInt(String(await node.request("eth_getBalance", [a, "latest"])));
  const send = async (to: string, value: bigint, data: Hex = "0x") => String(await node.request("eth_sendTransaction", [{ from: DEV, to, value: `0x${value.toString(16)}`, data }]));
  /** `run`'s transaction with the balances of `owners` before and after it, and its receipt's fee (gasUsed × effectiveGasPrice). */
  const measured = async (owners: string[], run: () => Promise<string>) => {
    const before = await Promise.all(owners.map(balance));
    const hash = await run();
    const after = await Promise.all(owners.map(balance));
    const r = (await node.request("eth_getTransactionReceipt", [hash])) as { gasUsed: string; effectiveGasPrice: string };
    return { hash, moved: after.map((a, i) => a - (before[i] ?? 0n)), gasFee: BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice) };
  };
  const withdraw = (amount: bigint) => encodeFunctionData({ abi: [{ type: "function", name: "withdraw", inputs: [{ name: "wad", type: "uint256" }], outputs: [], stateMutability: "nonpayable" }], functionName: "withdraw", args: [amount] });

  it("ETH to an address: the sender's −(value + fee) and the recipient's +value, exactly as their balances moved; assets add the fee back", async () => {
    const value = 123_456_789_000n;
    const { hash, moved, gasFee } = await measured([DEV, RECIPIENT], () => send(RECIPIENT, value));
    node.calls.length = 0;
    const c = final(await confirmTx("evm-a", hash));
    // One batch: the receipt, the transaction and its callTracer trace.
    expect(node.calls).toEqual(["eth_getTransactionReceipt", "eth_getTransactionByHash", "debug_traceTransaction"]);
    expect([changeOf(c, DEV, "native"), changeOf(c, RECIPIENT, "native")]).toEqual(moved);
    expect(moved).toEqual([-(value + gasFee), value]);
    expect(c.changes).toMatchObject({ status: "ok", reason: null });
    expect(c.changes.source).toContain("debug_traceTransaction (callTracer)");
    expect(c.changes.source).toContain("gasUsed × effectiveGasPrice");
    expect(c.assets.get(normalizeAddress(DEV))?.get("native")).toBe(-value);
    expect(c.assets.get(normalizeAddress(RECIPIENT))?.get("native")).toBe(value);
  });

  it("an ERC-20 transfer: USDC moves by its Transfer log, and the sender's ETH only by the fee (nothing in assets once it is added back)", async () => {
    const amount = 7_000_000n;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, amount] });
    const { hash, moved, gasFee } = await measured([DEV, RECIPIENT], () => send(USDC_A, 0n, data));
    const c = final(await confirmTx("evm-a", hash));
    expect(moved).toEqual([-gasFee, 0n]);
    expect([changeOf(c, DEV, "native"), changeOf(c, RECIPIENT, "native")]).toEqual([-gasFee, undefined]);
    expect([changeOf(c, DEV, USDC_A), changeOf(c, RECIPIENT, USDC_A)]).toEqual([-amount, amount]);
    expect(c.usdc.get(normalizeAddress(DEV))).toBe(-amount);
    expect(c.assets.get(normalizeAddress(DEV))?.get("native")).toBe(0n);
  });

  it("WETH9's withdraw: the ETH WETH sends from inside the call arrives, as the trace's inner frame shows and the balances confirm", async () => {
    const amount = 5n * 10n ** 17n;
    await send(weth, amount);
    const { hash, moved, gasFee } = await measured([DEV, weth], () => send(weth, 0n, withdraw(amount)));
    const c = final(await confirmTx("evm-a", hash));
    expect(moved).toEqual([amount - gasFee, -amount]);
    expect([changeOf(c, DEV, "native"), changeOf(c, weth, "native")]).toEqual(moved);
    expect(c.changes.transfers).toContainEqual({ token: "native", from: expect.stringMatching(new RegExp(weth, "i")), to: DEV, amount: amount.toString() });
  });

  it("an OP-stack receipt's l1Fee is part of the sender's fee, as the node charged it", async () => {
    const l1Fee = 987_654_321n;
    await node.setL1Fee(l1Fee);
    try {
      const value = 1_000n;
      const { hash, moved, gasFee } = await measured([DEV, RECIPIENT], () => send(RECIPIENT, value));
      const c = final(await confirmTx("evm-a", hash));
      expect(moved).toEqual([-(value + gasFee + l1Fee), value]);
      expect([changeOf(c, DEV, "native"), changeOf(c, RECIPIENT, "native")]).toEqual(moved);
      expect(c.changes.source).toContain("gasUsed × effectiveGasPrice + l1Fee");
      expect(c.assets.get(normalizeAddress(DEV))?.get("native")).toBe(-value);
    } finally {
      await node.setL1Fee(null);
    }
  });

  it("an RPC without debug_traceTransaction: the transaction's own value and the fee, exact; an inner movement is missed, and the reason says internal movements are not known; the method is not asked again", async () => {
    node.methods.traceTransaction = false;
    try {
      const value = 42_000_000n;
      const sent = await measured([DEV, RECIPIENT], () => send(RECIPIENT, value));
      const c = final(await confirmTx("evm-a", sent.hash));
      expect([changeOf(c, DEV, "native"), changeOf(c, RECIPIENT, "native")]).toEqual(sent.moved);
      expect(c.changes.source).toContain("eth_getTransactionByHash the transaction's value to its recipient");
      expect(c.changes.reason).toBe(
        "Internal ETH movements (value the called contracts send on) are not known: the RPC has no debug_traceTransaction; only the transaction's own value is shown.",
      );
      expect(node.calls).toContain("debug_traceTransaction");
      const amount = 10n ** 17n;
      await send(weth, amount);
      const out = await measured([DEV, weth], () => send(weth, 0n, withdraw(amount)));
      // The RPC said it has no debug_traceTransaction: not asked again (memoized per RPC URL, as the simulation's).
      node.calls.length = 0;
      const w = final(await confirmTx("evm-a", out.hash));
      expect(node.calls).toContain("eth_getTransactionReceipt");
      expect(node.calls).not.toContain("debug_traceTransaction");
      // The chain moved +amount − fee; the reader, without the trace, knows the fee only — and says why.
      expect(out.moved[0]).toBe(amount - out.gasFee);
      expect([changeOf(w, DEV, "native"), changeOf(w, weth, "native")]).toEqual([-out.gasFee, undefined]);
      expect(w.changes.reason).toContain("Internal ETH movements (value the called contracts send on) are not known");
    } finally {
      node.methods.traceTransaction = true;
    }
  });
});

describe("EVM after execution on an RPC whose receipt states no fee (the answered EVM: no effectiveGasPrice, no eth_getTransactionByHash)", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_EVM_B"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });

  it("the USDC Transfer logs still read; no ETH change, and the reason says why", async () => {
    const hash = `0x${"5a".repeat(32)}`;
    rpc.txs.set(hash, { kind: "evm", from: DEV, status: "0x1", transfers: [{ token: USDC["evm-b"], from: `0x${"0".repeat(40)}`, to: RECIPIENT, value: 3_000_000n }] });
    const c = final(await confirmTx("evm-b", hash));
    expect(c.usdc.get(normalizeAddress(RECIPIENT))).toBe(3_000_000n);
    expect(c.changes.balanceChanges?.some((b) => b.asset.id === "native")).toBe(false);
    expect(c.changes.reason).toBe("ETH changes are not known: the receipt gives no gasUsed or effectiveGasPrice, so the network fee is not known.");
    expect(c.assets.get(normalizeAddress(DEV))?.get("native")).toBeUndefined();
  });
});
