// The local Solana chain's JSON-RPC: one handler per method, over a chain state object (SolanaRpcState). The local
// chain (../server.ts) answers its Solana methods through it, over the state ./state.ts gives. The answers' shapes
// (context, token amounts, account info, signature statuses) are written once here; the state gives:
// - getLatestBlockhash: a fixed blockhash, or a new one per call as a live chain moves on (the wallets' book);
// - getRecentPrioritizationFees: the list of recent fees (two slots at the chain's settable fee);
// - getBalance, getTokenAccountsByOwner, getAccountInfo: the chain's balances and accounts;
// - sendTransaction, getSignatureStatuses, getTransaction: the chain's transactions;
// - simulateTransaction: the IDL-checked local chain (./local-chain.ts) for the transaction, or none (method not
//   found: a plan then says "not simulated");
// - simulateBundle (Jito-Solana's): the same local chain runs the transactions in order on one scratch copy, or, when the
//   state says the RPC is a plain Solana one (or gives no chain), -32601 Method not found;
// - getBlockHeight, getSlot, getMultipleAccounts: answered only when the state gives them (the wallets' book does).
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { RpcRefusal, type SimulateBundleConfig, type SimulateConfig, type SolanaLocalChain } from "./local-chain";

/** The `context` of every answer that has one, at the chain's default slot. */
export const SOLANA_CONTEXT = { apiVersion: "2.2.0", slot: 300000000 };

/** An account as getAccountInfo answers it. */
export interface RpcAccount {
  owner: string;
  data: Uint8Array;
  lamports: number;
}

/** A signature's status, as getSignatureStatuses answers it (`status` follows from `err`). */
export interface RpcSignatureStatus {
  slot: number;
  confirmations: number | null;
  err: unknown;
  confirmationStatus: "processed" | "confirmed" | "finalized";
}

/** What a local Solana chain server holds; the handlers below read it on each request. */
export interface SolanaRpcState {
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  prioritizationFees(): { slot: number; prioritizationFee: number }[];
  /** getBalance: the owner's lamports. */
  lamports(owner: string): bigint;
  /** getTokenAccountsByOwner: the owner's balance of `mint`, or null when it has no token account of it. */
  tokenBalance(owner: string, mint: string | undefined): bigint | null;
  /** getAccountInfo: the account at `address`, or null. */
  account(address: string): RpcAccount | null;
  /** sendTransaction: records the transaction and answers its signature (or throws the refusal). */
  send(data: string, options: { encoding?: string } | undefined): string;
  signatureStatus(signature: string): RpcSignatureStatus | null;
  /** getTransaction: the transaction in the encoding asked ("json" when none), or null. */
  transaction(signature: string, encoding: string): unknown;
  /** simulateTransaction: the local chain that runs this wire transaction, or null (the method is then not found). */
  simulationChain(wire: string): SolanaLocalChain | null | Promise<SolanaLocalChain | null>;
  /** Whether the RPC is a Jito-Solana node (answers simulateBundle); false: a plain Solana RPC. */
  jito(): boolean;
  /** Answered only when given. */
  blockHeight?: number;
  slot?: number;
  /** getMultipleAccounts answers null for every address (the e2e stack's wallets read nothing through it). */
  noMultipleAccounts?: boolean;
  /** getMultipleAccounts from the simulation chain's state, or null when there is none (the method is then not found). */
  multipleAccounts?: (addresses: string[]) => unknown[] | null;
  /** The slot simulateTransaction and getMultipleAccounts answer at (their `context`); SOLANA_CONTEXT's when not given. */
  contextSlot?: () => number;
  /** Called before simulateTransaction and getMultipleAccounts answer (a test moves the chain on between them). */
  beforeAnswer?: (method: string) => void | Promise<void>;
}

/**
 * The bank an answer comes from, as the node picks it: its slot, or the node's refusal when the request's
 * `minContextSlot` is newer (JSON_RPC_SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED, -32016, "Minimum context slot has not
 * been reached", data { contextSlot }: anza-xyz/agave rpc-client-api/src/custom_error.rs, as @solana/errors 8.4.0
 * dist/index.node.mjs lines 26 and 532 restate it).
 */
async function bankFor(state: SolanaRpcState, method: string, config: unknown): Promise<{ apiVersion: string; slot: number }> {
  await state.beforeAnswer?.(method);
  const slot = state.contextSlot?.() ?? SOLANA_CONTEXT.slot;
  const min = (config as { minContextSlot?: unknown } | null | undefined)?.minContextSlot;
  if (min !== undefined && Number(min) > slot) throw new RpcRefusal(-32016, "Minimum context slot has not been reached", { contextSlot: slot });
  return { ...SOLANA_CONTEXT, slot };
}

/** A method's handler; `async` ones are answered through the asynchronous envelope (an error's numeric code is kept). */
export interface SolanaHandler {
  answer(params: unknown[]): unknown;
  async?: boolean;
}

/** `amount` micro-USDC-style units of a 6-decimal token, as the RPC's jsonParsed `tokenAmount` / `uiTokenAmount`. */
export function uiTokenAmount(amount: bigint) {
  return { amount: amount.toString(), decimals: 6, uiAmount: Number(amount) / 1e6, uiAmountString: String(Number(amount) / 1e6) };
}

/** One entry of a transaction's pre/post token balances. */
export function tokenBalanceJson(accountIndex: number, mint: string, owner: string, amount: bigint) {
  return { accountIndex, mint, owner, programId: TOKEN_PROGRAM_ADDRESS, uiTokenAmount: uiTokenAmount(amount) };
}

/** The owner's token account of `mint` as getTokenAccountsByOwner answers it with jsonParsed. */
function parsedTokenAccount(owner: string, mint: string | undefined, amount: bigint) {
  const info = { isNative: false, mint, owner, state: "initialized", tokenAmount: uiTokenAmount(amount) };
  const account = { data: { parsed: { info, type: "account" }, program: "spl-token", space: 165 }, executable: false, lamports: 2039280, owner: TOKEN_PROGRAM_ADDRESS, rentEpoch: 0, space: 165 };
  return { pubkey: "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat", account };
}

/** The Solana JSON-RPC methods a server over `state` answers, by name. */
export function solanaRpc(state: SolanaRpcState): Map<string, SolanaHandler> {
  const methods: [string, SolanaHandler][] = [
    ["getLatestBlockhash", { answer: () => ({ context: SOLANA_CONTEXT, value: state.latestBlockhash() }) }],
    ["getRecentPrioritizationFees", { answer: () => state.prioritizationFees() }],
    ["getBalance", { answer: ([owner]) => ({ context: SOLANA_CONTEXT, value: Number(state.lamports(String(owner))) }) }],
    [
      "getTokenAccountsByOwner",
      {
        answer: ([owner, filter]) => {
          const mint = (filter as { mint?: string } | undefined)?.mint;
          const amount = state.tokenBalance(String(owner), mint);
          return { context: SOLANA_CONTEXT, value: amount === null ? [] : [parsedTokenAccount(String(owner), mint, amount)] };
        },
      },
    ],
    [
      "getAccountInfo",
      {
        answer: ([at]) => {
          const a = state.account(String(at));
          if (!a) return { context: SOLANA_CONTEXT, value: null };
          const data = Buffer.from(a.data);
          return { context: SOLANA_CONTEXT, value: { data: [data.toString("base64"), "base64"], executable: false, lamports: a.lamports, owner: a.owner, rentEpoch: 0, space: data.length } };
        },
      },
    ],
    ["sendTransaction", { answer: ([data, options]) => state.send(String(data), options as { encoding?: string } | undefined) }],
    [
      "getSignatureStatuses",
      {
        answer: ([sigs]) => ({
          context: SOLANA_CONTEXT,
          value: (sigs as string[]).map((sig) => {
            const s = state.signatureStatus(sig);
            if (!s) return null;
            return { slot: s.slot, confirmations: s.confirmations, err: s.err, status: s.err ? { Err: s.err } : { Ok: null }, confirmationStatus: s.confirmationStatus };
          }),
        }),
      },
    ],
    [
      "getTransaction",
      {
        answer: ([sig, options]) => {
          const encoding = typeof options === "string" ? options : ((options as { encoding?: string } | undefined)?.encoding ?? "json");
          return state.transaction(String(sig), encoding);
        },
      },
    ],
    [
      "simulateTransaction",
      {
        async: true,
        answer: async ([wire, config]) => {
          const chain = await state.simulationChain(String(wire));
          if (!chain) throw new Error("method simulateTransaction not found");
          const context = await bankFor(state, "simulateTransaction", config);
          return { context, value: await chain.simulate(String(wire), config as SimulateConfig) };
        },
      },
    ],
    [
      "simulateBundle",
      {
        async: true,
        answer: async ([request, config]) => {
          // The JSON-RPC server's own answer to a method it does not have (jsonrpc-core MethodNotFound).
          const missing = new RpcRefusal(-32601, "Method not found");
          if (!state.jito()) throw missing;
          const wires = (request as { encodedTransactions?: unknown } | null | undefined)?.encodedTransactions;
          if (!Array.isArray(wires)) throw new RpcRefusal(-32602, "Invalid params: missing field `encodedTransactions`.");
          const chain = await state.simulationChain(String(wires[0] ?? ""));
          if (!chain) throw missing;
          return { context: SOLANA_CONTEXT, value: await chain.simulateBundle(wires.map(String), (config ?? null) as SimulateBundleConfig | null) };
        },
      },
    ],
  ];
  const { blockHeight, slot } = state;
  if (blockHeight !== undefined) methods.push(["getBlockHeight", { answer: () => blockHeight }]);
  if (slot !== undefined) methods.push(["getSlot", { answer: () => slot }]);
  if (state.noMultipleAccounts) {
    methods.push(["getMultipleAccounts", { answer: ([addresses]) => ({ context: SOLANA_CONTEXT, value: ((addresses as unknown[]) ?? []).map(() => null) }) }]);
  } else if (state.multipleAccounts) {
    const read = state.multipleAccounts;
    methods.push([
      "getMultipleAccounts",
      {
        async: true,
        answer: async ([addresses, config]) => {
          const list = ((addresses as unknown[]) ?? []).map(String);
          // The node's limit (rpc.rs MAX_MULTIPLE_ACCOUNTS) and its only encoding here.
          if (list.length > 100) throw new RpcRefusal(-32602, "Too many inputs provided; max 100");
          if ((config as { encoding?: string } | undefined)?.encoding !== "base64") throw new RpcRefusal(-32602, "this local chain answers accounts in base64 only");
          const context = await bankFor(state, "getMultipleAccounts", config);
          const value = read(list);
          if (!value) throw new RpcRefusal(-32601, "Method not found");
          return { context, value };
        },
      },
    ]);
  }
  return new Map(methods);
}
