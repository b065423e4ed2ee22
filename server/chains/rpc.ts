// Plain JSON-RPC 2.0 over HTTP to the chain RPCs of SVC_RPC_*. Tells "could not reach the node" apart from
// "the node answered with an error", because only the first leaves a deposit pending for a retry.
import type { ChainId } from "./address";
import { config } from "../config";
import { noteUpstream } from "../metrics";
import { rpcUrlOf } from "./clients";

export type RpcResult<T> = { ok: true; result: T } | { ok: false; unreachable: boolean; message: string };

export async function rpcCall<T>(chain: ChainId, method: string, params: unknown[]): Promise<RpcResult<T>> {
  const r = await rpcCallOnce<T>(chain, method, params);
  // An error answer is still an answer: only "could not reach the node" counts as an upstream error.
  noteUpstream(`rpc:${chain}`, r.ok || !r.unreachable);
  return r;
}

async function rpcCallOnce<T>(chain: ChainId, method: string, params: unknown[]): Promise<RpcResult<T>> {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetch(rpcUrlOf(chain), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, unreachable: true, message: /abort|timeout/i.test(msg) ? `the ${chain} RPC did not answer within ${timeoutMs} ms` : `the ${chain} RPC is unreachable` };
  }
  if (!res.ok) return { ok: false, unreachable: true, message: `the ${chain} RPC answered HTTP ${res.status}` };
  let body: { result?: T; error?: { code?: number; message?: string } };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return { ok: false, unreachable: true, message: `the ${chain} RPC answered something that is not JSON-RPC` };
  }
  if (body.error) return { ok: false, unreachable: false, message: `${method}: ${String(body.error.message ?? "error").slice(0, 200)}` };
  return { ok: true, result: body.result as T };
}
