// Chain RPC clients, one per endpoint URL (contract §1: SVC_RPC_*), made once and reused: building a client
// per read cost a measurable share of a route with stake (the venue index read before its transaction).
// The URL is looked up on every call, so a changed configuration (tests) gets its own client.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { createDefaultRpcTransport, createJsonRpcApi, createRpc, createSolanaRpcFromTransport, getSolanaErrorFromJsonRpcError, isSolanaError, type Rpc, type RpcTransport } from "@solana/kit";
import { createPublicClient, http, type PublicClient } from "viem";
import { config } from "../config";
import { countedFetch, noteUpstream } from "../metrics";
import type { ChainId } from "./address";

export function rpcUrlOf(chain: ChainId): string {
  const cfg = config();
  return { "move-chain": cfg.SVC_RPC_MOVE, "svm-chain": cfg.SVC_RPC_SVM, "evm-a": cfg.SVC_RPC_EVM_A, "evm-b": cfg.SVC_RPC_EVM_B }[chain];
}

type SolanaRpc = ReturnType<typeof createSolanaRpcFromTransport<RpcTransport>>;

/** The svm-chain transport, noting each call's outcome for the metrics (a transport throws only when no answer came). */
function countedTransport(url: string): RpcTransport {
  const base = createDefaultRpcTransport({ url });
  return (async (...args: Parameters<RpcTransport>) => {
    try {
      const r = await base(...args);
      noteUpstream("rpc:svm-chain", true);
      return r;
    } catch (e) {
      noteUpstream("rpc:svm-chain", false);
      throw e;
    }
  }) as RpcTransport;
}

/**
 * The Jito-Solana RPC method the service asks for (jito-foundation/jito-solana @ b64857b54a020ce7217ef80cabe20bf80aadcc75,
 * rpc/src/rpc.rs `#[rpc(meta, name = "simulateBundle")]`; request, config and result types in
 * rpc-client-api/src/bundles.rs: RpcBundleRequest, RpcSimulateBundleConfig, RpcSimulateBundleResult). A plain Solana
 * RPC answers it -32601 (method not found).
 */
export type JitoRpcApi = {
  simulateBundle(
    request: { encodedTransactions: string[] },
    config: {
      /** One entry per transaction (null: no accounts); the node refuses lengths other than the bundle's. */
      preExecutionAccountsConfigs: ({ encoding?: "base64"; addresses: string[] } | null)[];
      postExecutionAccountsConfigs: ({ encoding?: "base64"; addresses: string[] } | null)[];
      transactionEncoding?: "base64";
      skipSigVerify?: boolean;
      /** Only with skipSigVerify (the node refuses it otherwise). */
      replaceRecentBlockhash?: boolean;
    },
  ): {
    context: { slot: number };
    value: {
      /** RpcBundleSimulationSummary: "succeeded", or the first failure (RpcBundleExecutionError) and its transaction's signature. */
      summary: "succeeded" | { failed: { error: unknown; tx_signature: string | null } };
      /** In order, up to and including the first that failed (bank.rs simulate_transactions_unchecked_with_pre_accounts stops there). */
      transactionResults: {
        err: unknown;
        logs: string[] | null;
        unitsConsumed: number | null;
        /** The requested accounts before and after the transaction (RpcSimulateBundleTransactionResult), base64 as asked. */
        preExecutionAccounts?: ({ owner: string; lamports: number; data: [string, string] } | null)[] | null;
        postExecutionAccounts?: ({ owner: string; lamports: number; data: [string, string] } | null)[] | null;
      }[];
    };
  };
};

const holder = globalThis as unknown as {
  __svcRpcClients?: { sui: Map<string, SuiGrpcClient>; solana: Map<string, SolanaRpc>; jito: Map<string, Rpc<JitoRpcApi>>; evm: Map<string, PublicClient> };
};

function cache() {
  holder.__svcRpcClients ??= { sui: new Map(), solana: new Map(), jito: new Map(), evm: new Map() };
  return holder.__svcRpcClients;
}

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let c = map.get(key);
  if (!c) {
    c = make();
    map.set(key, c);
  }
  return c;
}

/**
 * The move-chain client (@mysten/sui SuiGrpcClient): SVC_RPC_MOVE is the full node's gRPC URL, spoken as gRPC-web over
 * fetch. Sui's JSON-RPC is retired (Sui Foundation full nodes stopped serving it on 31 Jul 2026).
 */
export function suiRpc(): SuiGrpcClient {
  const url = rpcUrlOf("move-chain").replace(/\/+$/, "");
  return cached(cache().sui, url, () => new SuiGrpcClient({ network: "mainnet", baseUrl: url, fetch: countedFetch("rpc:move-chain") }));
}

/** The svm-chain RPC (@solana/kit). Pass an abort signal to each `.send()`. */
export function solanaRpc(): SolanaRpc {
  const url = rpcUrlOf("svm-chain");
  return cached(cache().solana, url, () => createSolanaRpcFromTransport(countedTransport(url)));
}

/** The svm-chain RPC's Jito-Solana methods (same URL as solanaRpc); a JSON-RPC error is thrown as @solana/kit's SolanaError. */
export function jitoRpc(): Rpc<JitoRpcApi> {
  const url = rpcUrlOf("svm-chain");
  const clients = cache();
  clients.jito ??= new Map(); // a process that made its clients before this kind existed (a dev server's reload)
  return cached(clients.jito, url, () => {
    const api = createJsonRpcApi<JitoRpcApi>({
      responseTransformer: (response) => {
        const r = response as { error?: unknown; result?: unknown };
        if (r.error) throw getSolanaErrorFromJsonRpcError(r.error);
        return r.result;
      },
    });
    return createRpc({ api, transport: countedTransport(url) });
  });
}

/** An evm-a / evm-b public client (viem), no retries, SVC_RPC_TIMEOUT_MS per request. */
export function evmRpc(chain: ChainId): PublicClient {
  const url = rpcUrlOf(chain);
  const timeout = config().SVC_RPC_TIMEOUT_MS;
  return cached(cache().evm, `${chain}|${url}|${timeout}`, () => createPublicClient({ transport: http(url, { timeout, retryCount: 0, fetchFn: countedFetch(`rpc:${chain}`) }) }));
}

/**
 * Runs an RPC read with the SVC_RPC_TIMEOUT_MS budget: the read gets an abort signal, and the answer is a
 * rejection "RPC did not answer within N ms" when the budget runs out, even if the SDK ignores the signal.
 * The timer is cleared as soon as the read settles (no timer outlives a fast read).
 */
/**
 * A read a transaction cannot be completed without (a recent blockhash, an object version) failed: nothing signable
 * can be built. Plan builders let it through; the plan layer answers it as the blocker `rpc_unavailable`.
 */
export class RpcUnavailable extends Error {}

/** The first line of an error's message, at most `max` characters (SDK messages can be long and may echo the URL), as a
 * clause to embed in our own sentence: callers end it with their own period, so its final period(s) go (viem's
 * "HTTP request failed." inside "…: HTTP request failed.." was how reasons ended in two). */
export function errorLine(e: unknown, max = 200): string {
  return firstLine(e, max).replace(/\.+$/, "");
}

function firstLine(e: unknown, max: number): string {
  // @solana/kit's production errors carry only a code and an encoded context ("Decode this error by running npx
  // @solana/errors …"); a JSON-RPC error's own text is in the context's __serverMessage.
  if (isSolanaError(e)) {
    const ctx = e.context as { __code?: number; __serverMessage?: string };
    if (typeof ctx.__serverMessage === "string") return `${ctx.__serverMessage} (JSON-RPC error ${ctx.__code ?? e.context.__code})`.slice(0, max);
  }
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0]?.slice(0, max) ?? "error";
}

export async function withRpcTimeout<T>(read: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ms = config().SVC_RPC_TIMEOUT_MS;
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new Error(`RPC did not answer within ${ms} ms (timeout)`);
      ac.abort(e);
      reject(e);
    }, ms);
  });
  try {
    return await Promise.race([read(ac.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
