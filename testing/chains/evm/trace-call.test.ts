// The local EVM's debug_traceCall with geth's callTracer (`tracerConfig: { withLog: true }`), over its JSON-RPC: the
// frame tree with each frame's logs and their `position` (subcalls of the same frame before the log) and `index` (the
// log's place among the call's logs that stand), a reverted frame's error and cleared logs, stateOverrides read by the
// call, nothing committed after, and the refusals (a tracer it does not serve, a JS tracer name, no tracer, the method
// turned off) answered as geth answers them (its prestateTracer: tests/evm/changes-after-steps.test.ts). Contracts are
// hand-assembled bytecode placed by the request's state overrides.
import { encodeErrorResult, type Hex, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byte, CALLER, call, LOGGER, log1, REVERTER, SENDER, STOP, topicByte } from "./bytecode";
import { type EvmNode, startEvmNode } from "./node";

const DELEGATOR = "0x000000000000000000000000000000000000de1e";
const READER = "0x0000000000000000000000000000000000005ead";
const GAS = "0x100000";

const word = (n: bigint) => n.toString(16).padStart(64, "0");
/** MSTORE each 32-byte word of `hex` from memory offset 0 (PUSH32 w, PUSH1 off, MSTORE). */
const mstoreAll = (hex: string) => (hex.match(/.{1,64}/g) ?? []).map((w, i) => `7f${w.padEnd(64, "0")}60${byte(i * 32)}52`).join("");

/** Error("no"), as Solidity's `revert("no")` encodes it. */
const REVERT_DATA = encodeErrorResult({ abi: parseAbi(["error Error(string)"]), errorName: "Error", args: ["no"] });
/** Stores 0x42 at memory 0, logs 0xaa over it, CALLs `to` with `wei`, logs 0xcc, stops. */
const callerCode = (to: string, wei: number): Hex => `0x${mstoreAll(word(0x42n))}${log1(0xaa, 32)}${call("f1", to, wei)}${log1(0xcc)}${STOP}`;
/** Logs 0xbb. */
const LOGGER_CODE: Hex = `0x${log1(0xbb)}${STOP}`;
/** Logs 0xdd, CALLs LOGGER with 2 wei (which logs 0xbb), then reverts with Error("no"). */
const REVERTER_CODE: Hex = `0x${log1(0xdd)}${call("f1", LOGGER, 2)}${mstoreAll(REVERT_DATA.slice(2))}60${byte((REVERT_DATA.length - 2) / 2)}6000fd`;
/** DELEGATECALLs LOGGER (whose log is then this contract's), then STATICCALLs it (a LOG there: write protection). */
const DELEGATOR_CODE: Hex = `0x${call("f4", LOGGER)}${call("fa", LOGGER)}${STOP}`;
/** Returns storage slots 1 and 2. */
const READER_RUNTIME = "60015460005260025460205260406000f3";
/** Stores 7 in slot 1 and 9 in slot 2, then returns READER_RUNTIME (17 bytes, copied from offset 22). */
const READER_INIT: Hex = `0x600760015560096002556011601660003960116000f3${READER_RUNTIME}`;

const lower = (a: string) => a.toLowerCase();
const CONTRACTS = { [CALLER]: { code: callerCode(LOGGER, 1), balance: "0x100" }, [LOGGER]: { code: LOGGER_CODE }, [REVERTER]: { code: REVERTER_CODE, balance: "0x100" }, [DELEGATOR]: { code: DELEGATOR_CODE } };

/** One JSON-RPC request over HTTP: the whole response object (result or error), as a client reads it. */
async function rpc(node: EvmNode, method: string, params: unknown[]) {
  const res = await fetch(node.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return (await res.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

const trace = async (node: EvmNode, to: string, overrides: Record<string, unknown>, tracerConfig: unknown = { withLog: true }, value = "0x0") =>
  rpc(node, "debug_traceCall", [{ from: SENDER, to, gas: GAS, value }, "latest", { tracer: "callTracer", tracerConfig, stateOverrides: overrides }]);

describe("local EVM debug_traceCall (geth's callTracer, withLog)", () => {
  let node: EvmNode;
  beforeAll(async () => {
    node = await startEvmNode({ chainId: 31337, startTime: 1_700_000_000n });
  });
  afterAll(async () => {
    await node.close();
  });

  it("log, CALL with value to a contract that logs, log: the inner CALL frame with its log and value; the outer logs at positions 0 and 1", async () => {
    const { result, error } = await trace(node, CALLER, CONTRACTS);
    expect(error).toBeUndefined();
    const aa = { address: lower(CALLER), topics: [topicByte(0xaa)], data: `0x${word(0x42n)}`, index: "0x0", position: "0x0" };
    const bb = { address: lower(LOGGER), topics: [topicByte(0xbb)], data: "0x", index: "0x1", position: "0x0" };
    const cc = { address: lower(CALLER), topics: [topicByte(0xcc)], data: "0x", index: "0x2", position: "0x1" };
    // LOGGER runs PUSH1 ×3 (9) and LOG1 with no data (375 + 375): 759 gas, 0x2f7.
    const inner = { from: lower(CALLER), gas: expect.stringMatching(/^0x[0-9a-f]+$/), gasUsed: "0x2f7", to: lower(LOGGER), input: "0x", logs: [bb], value: "0x1", type: "CALL" };
    expect(result).toEqual({ from: SENDER, gas: GAS, gasUsed: expect.stringMatching(/^0x[0-9a-f]+$/), to: lower(CALLER), input: "0x", calls: [inner], logs: [aa, cc], value: "0x0", type: "CALL" });
    // geth's key order (gen_callframe_json.go), `output` omitted for an empty return.
    expect(Object.keys(result ?? {})).toEqual(["from", "gas", "gasUsed", "to", "input", "calls", "logs", "value", "type"]);
    // The stipend rides on the inner frame's gas (geth's Call gets gas + 2300 for a value call).
    expect(BigInt(String((result?.calls as { gas: string }[])[0]?.gas))).toBeGreaterThan(2300n);
    // The top frame's gasUsed is the transaction's, as eth_simulateV1 reports the same call.
    node.methods.simulateV1 = true;
    const sim = (await node.request("eth_simulateV1", [{ blockStateCalls: [{ stateOverrides: CONTRACTS, calls: [{ from: SENDER, to: CALLER, gas: GAS }] }] }])) as { calls: { gasUsed: string }[] }[];
    node.methods.simulateV1 = false;
    expect(result?.gasUsed).toBe(sim[0]?.calls[0]?.gasUsed);
    // Nothing was committed: no code, no moved wei, no nonce.
    expect(await node.request("eth_getCode", [CALLER, "latest"])).toBe("0x");
    expect(await node.request("eth_getBalance", [LOGGER, "latest"])).toBe("0x0");
    expect(await node.request("eth_getTransactionCount", [SENDER, "latest"])).toBe("0x0");
  });

  it("withLog false: no logs anywhere; onlyTopCall: no subcalls, the top frame's logs at position 0 with the whole call's indices", async () => {
    const noLogs = (await trace(node, CALLER, CONTRACTS, {})).result;
    expect(JSON.stringify(noLogs)).not.toContain('"logs"');
    expect((noLogs?.calls as unknown[]).length).toBe(1);
    const top = (await trace(node, CALLER, CONTRACTS, { withLog: true, onlyTopCall: true })).result;
    expect(top?.calls).toBeUndefined();
    expect((top?.logs as { topics: Hex[]; index: string; position: string }[]).map((l) => [l.topics[0], l.index, l.position])).toEqual([
      [topicByte(0xaa), "0x0", "0x0"],
      [topicByte(0xcc), "0x2", "0x0"],
    ]);
  });

  it("a reverted inner call: its frame has error, output and revertReason and no logs, nor has its own subcall; the outer frame keeps its logs", async () => {
    const { result, error } = await trace(node, CALLER, { ...CONTRACTS, [CALLER]: { code: callerCode(REVERTER, 0) } });
    expect(error).toBeUndefined();
    const inner = (result?.calls as Record<string, unknown>[])[0];
    expect(inner).toMatchObject({ from: lower(CALLER), to: lower(REVERTER), output: REVERT_DATA, error: "execution reverted", revertReason: "no", value: "0x0", type: "CALL" });
    expect(inner?.logs).toBeUndefined();
    const nested = (inner?.calls as Record<string, unknown>[])[0];
    expect(nested).toMatchObject({ from: lower(REVERTER), to: lower(LOGGER), value: "0x2", type: "CALL" });
    expect(nested?.logs).toBeUndefined();
    expect(nested?.error).toBeUndefined();
    // The reverted frame's logs were wound back: the outer 0xcc log is the call's second log that stands.
    expect((result?.logs as { topics: Hex[]; index: string; position: string }[]).map((l) => [l.topics[0], l.index, l.position])).toEqual([
      [topicByte(0xaa), "0x0", "0x0"],
      [topicByte(0xcc), "0x1", "0x1"],
    ]);
    expect(result?.error).toBeUndefined();
  });

  it("a call that reverts at the top is a result, not an error: the top frame with error, the revert data as output, no logs", async () => {
    const { result, error } = await trace(node, REVERTER, CONTRACTS);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ to: lower(REVERTER), output: REVERT_DATA, error: "execution reverted", revertReason: "no", type: "CALL" });
    expect(result?.logs).toBeUndefined();
  });

  it("DELEGATECALL carries the running frame's value and logs as the caller; STATICCALL has no value, and a LOG in it fails with write protection", async () => {
    const { result } = await trace(node, DELEGATOR, CONTRACTS, { withLog: true }, "0x5");
    const [delegate, staticCall] = result?.calls as Record<string, unknown>[];
    expect(delegate).toMatchObject({ from: lower(DELEGATOR), to: lower(LOGGER), value: "0x5", type: "DELEGATECALL" });
    expect(delegate?.logs).toEqual([{ address: lower(DELEGATOR), topics: [topicByte(0xbb)], data: "0x", index: "0x0", position: "0x0" }]);
    expect(staticCall).toMatchObject({ from: lower(DELEGATOR), to: lower(LOGGER), error: "write protection", type: "STATICCALL" });
    expect(staticCall).not.toHaveProperty("value");
    // An exceptional halt uses all the frame's gas.
    expect(staticCall?.gasUsed).toBe(staticCall?.gas);
  });

  it("stateOverrides: stateDiff changes the slot the call reads (others kept), state replaces the storage; nothing committed", async () => {
    await node.deployAt(READER, READER_INIT);
    const read = async (overrides: Record<string, unknown>) => {
      const { result, error } = await trace(node, READER, overrides);
      expect(error).toBeUndefined();
      return result?.output;
    };
    expect(await read({})).toBe(`0x${word(7n)}${word(9n)}`);
    expect(await read({ [READER]: { stateDiff: { [topicByte(1)]: topicByte(0x2a) } } })).toBe(`0x${word(0x2an)}${word(9n)}`);
    expect(await read({ [READER]: { state: { [topicByte(1)]: topicByte(0x2a) } } })).toBe(`0x${word(0x2an)}${word(0n)}`);
    expect(BigInt(String(await node.request("eth_getStorageAt", [READER, topicByte(1), "latest"])))).toBe(7n);
  });

  it("refuses as geth does: another tracer, a name geth would run as JS, no tracer, pending; -32601 when the method is off", async () => {
    const withTracer = (tracer: unknown) => rpc(node, "debug_traceCall", [{ from: SENDER, to: LOGGER }, "latest", { tracer }]);
    expect((await withTracer("4byteTracer")).error).toEqual({ code: -32602, message: "this local node answers callTracer and prestateTracer only (geth serves 4byteTracer; this node does not)" });
    expect((await withTracer("fooTracer")).error).toEqual({ code: -32000, message: "ReferenceError: fooTracer is not defined at <eval>:1:2(0)" });
    expect((await rpc(node, "debug_traceCall", [{ from: SENDER, to: LOGGER }, "latest"])).error?.code).toBe(-32602);
    expect((await rpc(node, "debug_traceCall", [{ from: SENDER, to: LOGGER }, "pending", { tracer: "callTracer" }])).error).toEqual({ code: -32000, message: "tracing on top of pending is not supported" });
    expect((await withTracer("callTracer")).result?.type).toBe("CALL");
    node.methods.traceCall = false;
    try {
      expect((await withTracer("callTracer")).error).toEqual({ code: -32601, message: "the method debug_traceCall does not exist/is not available" });
    } finally {
      node.methods.traceCall = true;
    }
  });
});
