// Raw Ethereum JSON-RPC for simulation: one HTTP request carrying a batch, each reply kept as the node sent it (code,
// message, revert data), because simulation must tell "this call reverts" from "this node does not offer the method"
// from "the node did not answer", and an SDK's error classes blur those.
import { noteUpstream } from "../../metrics";
import { errorLine } from "../clients";

export interface RpcCall {
  method: string;
  params: unknown[];
}

export type RpcReply = { ok: true; result: unknown } | { ok: false; code: number; message: string; data: string | null };

/** The node does not offer the method (geth: -32601 "the method X does not exist/is not available"). */
export function isMethodMissing(r: RpcReply): boolean {
  return !r.ok && (r.code === -32601 || /does not exist|not available|not found|not supported|unsupported/i.test(r.message)) && !/revert/i.test(r.message);
}

/** The call reverted (geth: code 3 with the revert bytes as data; other nodes: "execution reverted" in the message). */
export function isRevert(r: RpcReply): boolean {
  return !r.ok && (r.code === 3 || /revert/i.test(r.message));
}

export class RpcUnreachable extends Error {}

/**
 * Sends `calls` as one JSON-RPC batch; replies in the order of `calls`. Transport failures throw RpcUnreachable. The
 * outcome counts for `upstream` (rpc:evm, the simulation's batches, unless the caller names its chain's).
 */
export async function rpcBatch(url: string, calls: RpcCall[], signal: AbortSignal, upstream = "rpc:evm"): Promise<RpcReply[]> {
  if (calls.length === 0) return [];
  try {
    const replies = await rpcBatchOnce(url, calls, signal);
    noteUpstream(upstream, true);
    return replies;
  } catch (e) {
    if (e instanceof RpcUnreachable) noteUpstream(upstream, false);
    throw e;
  }
}

async function rpcBatchOnce(url: string, calls: RpcCall[], signal: AbortSignal): Promise<RpcReply[]> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: "2.0", id, method: c.method, params: c.params }))),
      signal,
    });
  } catch (e) {
    throw new RpcUnreachable(`the chain's RPC did not answer (${errorLine(e instanceof Error && e.cause ? e.cause : e)})`);
  }
  if (!res.ok) throw new RpcUnreachable(`the chain's RPC answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new RpcUnreachable("the chain's RPC answered something that is not JSON");
  }
  // A node that does not take batches answers one error object instead of an array.
  if (!Array.isArray(body)) throw new RpcUnreachable(`the chain's RPC refused the batch (${errorLine(JSON.stringify(body), 120)})`);
  const byId = new Map<number, Record<string, unknown>>();
  for (const r of body as Record<string, unknown>[]) byId.set(Number(r.id), r);
  return calls.map((_, id) => {
    const r = byId.get(id);
    if (!r) return { ok: false, code: -32603, message: "no reply for this request in the batch", data: null };
    const err = r.error as { code?: number; message?: string; data?: unknown } | undefined;
    if (err) return { ok: false, code: Number(err.code ?? -32603), message: String(err.message ?? "error"), data: typeof err.data === "string" ? err.data : null };
    return { ok: true, result: r.result };
  });
}
