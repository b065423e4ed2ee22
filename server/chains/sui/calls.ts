// One gRPC call to the move-chain full node with the RPC timeout, answered as "ok", "unreachable" (no answer: a
// deposit stays pending and is retried) or "refused" (the node answered with an error), as server/chains/rpc.ts does
// for JSON-RPC chains.
import { RpcError } from "@mysten/sui/grpc";
import { config } from "../../config";
import { errorLine, suiRpc } from "../clients";
import type { SuiGrpcClient } from "@mysten/sui/grpc";

export type SuiCallResult<T> = { ok: true; result: T } | { ok: false; unreachable: boolean; notFound: boolean; message: string };

/** gRPC codes that mean the node gave no answer (protobuf-ts reports a failed fetch as INTERNAL "fetch failed"). */
const NO_ANSWER = new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "UNKNOWN"]);

export async function suiCall<T>(what: string, call: (client: SuiGrpcClient, signal: AbortSignal) => Promise<T>): Promise<SuiCallResult<T>> {
  const ms = config().SVC_RPC_TIMEOUT_MS;
  const signal = AbortSignal.timeout(ms);
  try {
    return { ok: true, result: await call(suiRpc(), signal) };
  } catch (e) {
    if (signal.aborted) return { ok: false, unreachable: true, notFound: false, message: `the move-chain RPC did not answer within ${ms} ms` };
    const rpc = e instanceof RpcError ? e : e instanceof Error && e.cause instanceof RpcError ? e.cause : null;
    const code = rpc ? String(rpc.code) : "";
    const notFound = code === "NOT_FOUND" || (e instanceof Error && /notFound|not found/i.test(e.message));
    const unreachable = !rpc ? !notFound : NO_ANSWER.has(code) || /fetch failed|ECONNREFUSED|socket|network/i.test(rpc.message);
    return { ok: false, unreachable, notFound, message: unreachable ? "the move-chain RPC is unreachable" : `${what}: ${errorLine(e)}` };
  }
}
