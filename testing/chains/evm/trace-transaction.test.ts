// The local EVM's debug_traceTransaction with geth's callTracer, over its JSON-RPC: a mined transaction's frames are
// the ones debug_traceCall gives for the same call on the state it ran on (recorded as it ran: the node keeps no state
// to run it again), withLog and onlyTopCall as geth's call.go applies them, a reverted transaction's top frame with its
// error; the refusals as geth answers them (a hash it did not mine, a malformed hash, no tracer, a tracer it cannot run
// on a mined transaction, the method turned off); and the OP-stack L1 fee when the node charges one (the receipt's
// `l1Fee`, taken from the sender as op-geth's buyGas takes it and paid to its L1 fee vault). Contracts are
// hand-assembled bytecode deployed at fixed addresses.
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byte, CALLER, call, LOGGER, log1, REVERTER, STOP } from "./bytecode";
import { type EvmNode, startEvmNode } from "./node";

// Anvil's and Hardhat's first default account (public test key): a dev account the node signs for.
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEV = privateKeyToAccount(DEV_KEY).address;
const GAS = "0x100000";
const OTHER = "0x000000000000000000000000000000000000bEEF";
// ethereum-optimism/op-geth params/protocol_params.go @ 7b56c731573a32af0beedc5f38dbe7ca9d96630a: OptimismL1FeeRecipient.
const L1_FEE_VAULT = "0x420000000000000000000000000000000000001A";

/** Creation code that returns `runtime` (< 256 bytes): PUSH1 len, PUSH1 12, PUSH1 0, CODECOPY, PUSH1 len, PUSH1 0, RETURN. */
const deployed = (runtime: string): Hex => `0x60${byte(runtime.length / 2)}600c60003960${byte(runtime.length / 2)}6000f3${runtime}`;
/** Logs 0xaa, CALLs LOGGER with 1 wei, logs 0xcc. */
const CALLER_CODE = `${log1(0xaa)}${call("f1", LOGGER, 1)}${log1(0xcc)}${STOP}`;
/** Logs 0xbb. */
const LOGGER_CODE = `${log1(0xbb)}${STOP}`;
/** Logs 0xdd, then reverts with no data. */
const REVERTER_CODE = `${log1(0xdd)}60006000fd`;

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };
async function rpc(node: EvmNode, method: string, params: unknown[]): Promise<Reply> {
  const res = await fetch(node.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return (await res.json()) as Reply;
}

describe("local EVM debug_traceTransaction (geth's callTracer) of a mined transaction", () => {
  let node: EvmNode;
  beforeAll(async () => {
    node = await startEvmNode({ chainId: 31337, startTime: 1_700_000_000n, unlocked: [DEV_KEY] });
    await node.deployAt(CALLER, deployed(CALLER_CODE));
    await node.deployAt(LOGGER, deployed(LOGGER_CODE));
    await node.deployAt(REVERTER, deployed(REVERTER_CODE));
    await node.setBalance(CALLER, 100n);
    await node.setBalance(DEV, 10n ** 18n);
  });
  afterAll(async () => {
    await node.close();
  });

  const send = async (to: string, value: string) => String((await rpc(node, "eth_sendTransaction", [{ from: DEV, to, gas: GAS, value }])).result);
  const traceCall = async (to: string, value: string, tracerConfig: unknown) =>
    (await rpc(node, "debug_traceCall", [{ from: DEV, to, gas: GAS, value }, "latest", { tracer: "callTracer", tracerConfig }])).result;
  const traceTx = (hash: unknown, config: unknown) => rpc(node, "debug_traceTransaction", [hash, config]);

  it("the frames debug_traceCall gives for the same call on the state it ran on, under each callTracerConfig; gas the limit, gasUsed the receipt's", async () => {
    const configs = [{ withLog: true }, {}, { withLog: true, onlyTopCall: true }, { onlyTopCall: true }];
    const before = await Promise.all(configs.map((c) => traceCall(CALLER, "0x5", c)));
    const hash = await send(CALLER, "0x5");
    const receipt = (await rpc(node, "eth_getTransactionReceipt", [hash])).result;
    for (const [i, c] of configs.entries()) {
      const { result, error } = await traceTx(hash, { tracer: "callTracer", tracerConfig: c });
      expect(error).toBeUndefined();
      expect(result).toEqual(before[i]);
    }
    const { result } = await traceTx(hash, { tracer: "callTracer", tracerConfig: { withLog: true } });
    expect(result).toMatchObject({ from: DEV.toLowerCase(), gas: GAS, gasUsed: receipt?.gasUsed, to: CALLER, value: "0x5", type: "CALL" });
    expect((result?.calls as Record<string, unknown>[])[0]).toMatchObject({ from: CALLER, to: LOGGER, value: "0x1", type: "CALL" });
    // onlyTopCall: no subcalls; the top frame's own logs, both at position 0.
    const top = (await traceTx(hash, { tracer: "callTracer", tracerConfig: { withLog: true, onlyTopCall: true } })).result;
    expect(top?.calls).toBeUndefined();
    expect((top?.logs as { position: string }[]).map((l) => l.position)).toEqual(["0x0", "0x0"]);
    // eth_getTransactionByHash: from, to and value as sent.
    const tx = (await rpc(node, "eth_getTransactionByHash", [hash])).result;
    expect([tx?.hash, String(tx?.from).toLowerCase(), String(tx?.to).toLowerCase(), tx?.value]).toEqual([hash, DEV.toLowerCase(), CALLER, "0x5"]);
  });

  it("a reverted transaction: its top frame with the error and no logs, as debug_traceCall gives it", async () => {
    const before = await traceCall(REVERTER, "0x0", { withLog: true });
    const hash = await send(REVERTER, "0x0");
    expect((await rpc(node, "eth_getTransactionReceipt", [hash])).result?.status).toBe("0x0");
    const { result } = await traceTx(hash, { tracer: "callTracer", tracerConfig: { withLog: true } });
    expect(result).toEqual(before);
    expect(result).toMatchObject({ error: "execution reverted", type: "CALL" });
    expect(result?.logs).toBeUndefined();
  });

  it("refuses as geth does: a hash it did not mine, a malformed hash, a mistyped config, no tracer, a tracer it cannot run here; -32601 when off", async () => {
    const hash = await send(OTHER, "0x1");
    const unknown = `0x${"ab".repeat(32)}`;
    expect((await traceTx(unknown, { tracer: "callTracer" })).error).toEqual({ code: -32000, message: "transaction not found" });
    expect((await traceTx("0x1234", { tracer: "callTracer" })).error).toEqual({ code: -32602, message: "invalid argument 0: hex string has length 4, want 64 for common.Hash" });
    expect((await traceTx(hash.slice(2), { tracer: "callTracer" })).error).toEqual({ code: -32602, message: "invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type common.Hash" });
    expect((await traceTx(42, { tracer: "callTracer" })).error).toEqual({ code: -32602, message: "invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Hash" });
    expect((await rpc(node, "debug_traceTransaction", [])).error).toEqual({ code: -32602, message: "missing value for required argument 0" });
    expect((await traceTx(hash, "callTracer")).error).toEqual({ code: -32602, message: "invalid argument 1: json: cannot unmarshal string into Go value of type tracers.TraceConfig" });
    expect((await traceTx(hash, { tracer: 1 })).error).toEqual({ code: -32602, message: "invalid argument 1: json: cannot unmarshal number into Go struct field TraceConfig.tracer of type string" });
    expect((await traceTx(hash, undefined)).error?.code).toBe(-32602);
    expect((await traceTx(hash, { tracer: "prestateTracer" })).error).toEqual({ code: -32602, message: "this local node answers callTracer only for a mined transaction (it keeps no state from before it for prestateTracer)" });
    expect((await traceTx(hash, { tracer: "fooTracer" })).error).toEqual({ code: -32000, message: "ReferenceError: fooTracer is not defined at <eval>:1:2(0)" });
    expect((await traceTx(hash, { tracer: "callTracer", tracerConfig: { withLog: 1 } })).error?.message).toBe("json: cannot unmarshal number into Go struct field callTracerConfig.withLog of type bool");
    // TraceConfig has no txIndex (debug_traceCall's): ignored, as Go's decoder ignores an unknown field.
    expect((await traceTx(hash, { tracer: "callTracer", txIndex: "0x0" })).result).toMatchObject({ to: OTHER.toLowerCase(), value: "0x1", type: "CALL" });
    expect((await rpc(node, "eth_getTransactionByHash", ["0x12"])).error?.code).toBe(-32602);
    node.methods.traceTransaction = false;
    try {
      expect((await traceTx(hash, { tracer: "callTracer" })).error).toEqual({ code: -32601, message: "the method debug_traceTransaction does not exist/is not available" });
    } finally {
      node.methods.traceTransaction = true;
    }
  });

  it("an OP-stack L1 fee: the receipt's l1Fee, taken from the sender beside value and gas, paid to the L1 fee vault; a sender who cannot pay it is refused", async () => {
    const balance = async (a: string) => BigInt(String((await rpc(node, "eth_getBalance", [a, "latest"])).result));
    const l1Fee = 123_456_789n;
    await node.setL1Fee(l1Fee);
    try {
      const [from, to, vault] = [await balance(DEV), await balance(OTHER), await balance(L1_FEE_VAULT)];
      const hash = await send(OTHER, "0x64");
      const receipt = (await rpc(node, "eth_getTransactionReceipt", [hash])).result ?? {};
      expect(receipt.l1Fee).toBe(`0x${l1Fee.toString(16)}`);
      const fee = BigInt(String(receipt.gasUsed)) * BigInt(String(receipt.effectiveGasPrice)) + l1Fee;
      expect([await balance(DEV), await balance(OTHER), await balance(L1_FEE_VAULT)]).toEqual([from - 100n - fee, to + 100n, vault + l1Fee]);
      // Enough for the gas at its fee cap and the L1 fee less one wei: refused, and nothing taken.
      const poor = privateKeyToAccount(`0x${"42".repeat(32)}`);
      const [gas, feeCap] = [21_000n, 3_000_000n];
      await node.setBalance(poor.address, gas * feeCap + l1Fee - 1n);
      const raw = await poor.signTransaction({ chainId: 31337, type: "eip1559", nonce: 0, to: OTHER, value: 0n, gas, maxFeePerGas: feeCap, maxPriorityFeePerGas: 1_000_000n });
      expect((await rpc(node, "eth_sendRawTransaction", [raw])).error).toMatchObject({ code: -32000, message: expect.stringMatching(/^insufficient funds for gas \* price \+ value/) });
      expect(await balance(poor.address)).toBe(gas * feeCap + l1Fee - 1n);
    } finally {
      await node.setL1Fee(null);
    }
    const plain = (await rpc(node, "eth_getTransactionReceipt", [await send(OTHER, "0x1")])).result;
    expect(plain).not.toHaveProperty("l1Fee");
  });
});
