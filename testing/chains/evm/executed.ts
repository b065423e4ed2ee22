// Contracts of the answered EVM (./rpc.ts) that run on a real EVM (./node.ts): the answered EVM holds balances,
// receipts and the venues' read paths, not bytecode; a contract whose behaviour a test needs as the chain would give it
// (Circle's CCTP MessageTransmitters, ./cctp/deploy.ts) runs on a node of its own, and the local chain server passes
// the calls addressed to it there. One node per chain, by the URL path the service is pointed at ("/evm-a" →
// SVC_RPC_EVM_A = <server>/evm-a), since both EVM chains share the server (and V2's transmitter has one address on
// both). What passes: eth_call and eth_estimateGas whose `to` is one of `contracts`, answered by the node as a geth
// node answers (a revert: code 3, "execution reverted: <reason>", the revert bytes as `data`); and
// eth_getTransactionReceipt / eth_getTransactionByHash / debug_traceTransaction of a transaction mined on the node (a
// receive a test signed and sent there: its receipt carries the logs the contracts emitted, MessageReceived and the
// mint's Transfer), answered by the node, refusals included. Everything else, and a hash the node does not know, is the
// answered EVM's, as before.
import { RpcError } from "./chain";
import type { EvmNode } from "./node";

export interface ExecutedEvm {
  node: EvmNode;
  /** The contracts (any case) whose calls run on `node`. */
  contracts: string[];
}

const PASSED = new Set(["eth_call", "eth_estimateGas"]);
/** Reads of a mined transaction: the node's answer when it mined it, else the answered EVM's. */
const MINED = new Set(["eth_getTransactionReceipt", "eth_getTransactionByHash", "debug_traceTransaction"]);

/** The JSON-RPC reply of `executed`'s node to `req`, or null when the call is not one it runs. */
export async function executedEvmReply(executed: ExecutedEvm | undefined, req: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const method = String(req.method);
  const params = (req.params as unknown[]) ?? [];
  const base = { jsonrpc: "2.0", id: req.id ?? null };
  if (executed && MINED.has(method)) {
    const mined = await executed.node.request("eth_getTransactionReceipt", [params[0]]).catch(() => null);
    if (mined === null || mined === undefined) return null;
  } else {
    const to = (params[0] as { to?: unknown } | undefined)?.to;
    if (!executed || !PASSED.has(method) || typeof to !== "string") return null;
    if (!executed.contracts.some((c) => c.toLowerCase() === to.toLowerCase())) return null;
  }
  try {
    return { ...base, result: await executed.node.request(method, params) };
  } catch (e) {
    if (e instanceof RpcError) return { ...base, error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) } };
    return { ...base, error: { code: -32603, message: e instanceof Error ? e.message.split("\n")[0] : String(e) } };
  }
}
