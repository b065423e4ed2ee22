// The local chain's answered EVM JSON-RPC: one handler per method, over a chain state object (EvmRpcState), answering
// from held state rather than executing bytecode (the in-process EVM that runs real contracts is ./node.ts, with its
// own method table in ./methods.ts). The local chain (../server.ts) serves it beside its Solana and Sui methods, over
// the state ./state.ts gives:
// - eth_getBlockByNumber: the head block the state gives (`latest`), in a geth node's shape;
// - eth_call: the venues' contracts (./venues: Compound v3's Comet, Aave v3's provider and Pool), then an
//   ERC-20 `balanceOf(address)` (0x70a08231) of the state's balances; anything else reverts;
// - eth_getBalance, eth_getCode ("0x" for an address without code: an EOA, as on chain), eth_gasPrice, eth_chainId
//   (Base, 0x2105), eth_blockNumber;
// - eth_getTransactionReceipt: the state's transactions, with their USDC `Transfer` logs and CCTP `MessageSent(bytes)`
//   logs (the MessageTransmitter's event), or null.
import { createHash } from "node:crypto";
import { encodeAbiParameters, erc20Abi, getAbiItem, toEventSelector } from "viem";
import { MESSAGE_TRANSMITTER_ABI } from "../../../server/rails/cctp/abi";
import { BLOCK_CONSTANTS } from "./block";
import type { EvmCall } from "./venues/call";
import { type EvmVenueState, evmVenueCall } from "./venues";

/** topic0 of CCTP's `MessageSent(bytes)`, from the service's proven MessageTransmitter ABI. */
const MESSAGE_SENT_TOPIC = toEventSelector(getAbiItem({ abi: MESSAGE_TRANSMITTER_ABI, name: "MessageSent" }));
/** topic0 of the ERC-20 `Transfer` event, from viem's erc20Abi. */
const TRANSFER_TOPIC = toEventSelector(getAbiItem({ abi: erc20Abi, name: "Transfer" }));

/** A transaction as the answered EVM holds it (what its receipt shows). */
export interface EvmTxRecord {
  from: string;
  status: "0x1" | "0x0";
  transfers: { token: string; from: string; to: string; value: bigint }[];
  /** CCTP `MessageSent(bytes message)` logs: emitter (the MessageTransmitter) and the message bytes (hex). */
  messagesSent?: { emitter: string; message: string }[];
}

/** What a local chain server holds for its answered EVM; the handlers below read it on each request. */
export interface EvmRpcState {
  /** The head block (`latest`). */
  block(): { number: bigint; timestamp: bigint };
  /** The venues' contracts' state (./venues). */
  venues(): EvmVenueState;
  /** Balance of `asset` ("native" or a token address) for an owner. */
  balance(owner: string, asset: string): bigint;
  /** Bytecode at an address, undefined for none. */
  code(address: string): string | undefined;
  gasPriceWei(): bigint;
  transaction(hash: string): EvmTxRecord | undefined;
}

/** A method's handler. */
export interface EvmHandler {
  answer(params: unknown[]): unknown;
}

const hex = (v: bigint) => `0x${v.toString(16)}`;
const hex64 = (v: bigint) => `0x${v.toString(16).padStart(64, "0")}`;
const topicOf = (a: string) => `0x${a.toLowerCase().replace(/^0x/, "").padStart(64, "0")}`;

/** The head block as `eth_getBlockByNumber` answers it (no transactions). */
function blockJson(b: { number: bigint; timestamp: bigint }) {
  return {
    number: hex(b.number),
    hash: `0x${createHash("sha256").update(`block${b.number}`).digest("hex")}`,
    parentHash: `0x${"0".repeat(63)}1`,
    ...BLOCK_CONSTANTS,
    miner: "0x4200000000000000000000000000000000000011",
    totalDifficulty: "0x1",
    gasLimit: "0x8f0d180",
    gasUsed: "0x0",
    timestamp: hex(b.timestamp),
    baseFeePerGas: "0xf4240",
    transactions: [],
  };
}

/** A transaction's receipt: its Transfer logs, then its MessageSent logs, indexed in that order. */
function receiptJson(hash: string, t: EvmTxRecord) {
  return {
    transactionHash: hash,
    blockNumber: "0x1",
    blockHash: `0x${"1".repeat(64)}`,
    from: t.from,
    to: null,
    status: t.status,
    gasUsed: "0x5208",
    logs: [
      ...t.transfers.map((x) => ({ address: x.token, topics: [TRANSFER_TOPIC, topicOf(x.from), topicOf(x.to)], data: hex64(x.value) })),
      ...(t.messagesSent ?? []).map((m) => ({
        address: m.emitter,
        topics: [MESSAGE_SENT_TOPIC],
        data: encodeAbiParameters([{ type: "bytes" }], [m.message as `0x${string}`]),
      })),
    ].map((l, i) => ({ ...l, logIndex: `0x${i.toString(16)}` })),
  };
}

/** `eth_call`: a venue's contract, else an ERC-20 balanceOf(address), else a revert. */
function ethCall(state: EvmRpcState, call: EvmCall, block: string | undefined): string {
  const venue = evmVenueCall(state.venues(), call, block);
  if (venue !== undefined) return venue;
  const data = (call.data ?? call.input ?? "").toLowerCase();
  if (!data.startsWith("0x70a08231")) throw new Error("execution reverted");
  const owner = `0x${data.slice(-40)}`;
  return hex64(state.balance(owner, call.to));
}

/** The EVM JSON-RPC methods a server over `state` answers, by name. */
export function evmRpc(state: EvmRpcState): Map<string, EvmHandler> {
  return new Map<string, EvmHandler>([
    ["eth_getBlockByNumber", { answer: () => blockJson(state.block()) }],
    ["eth_call", { answer: ([call, block]) => ethCall(state, call as EvmCall, block as string | undefined) }],
    [
      "eth_getTransactionReceipt",
      {
        answer: ([hash]) => {
          const t = state.transaction(String(hash));
          return t ? receiptJson(String(hash), t) : null;
        },
      },
    ],
    ["eth_gasPrice", { answer: () => hex(state.gasPriceWei()) }],
    ["eth_chainId", { answer: () => "0x2105" }],
    ["eth_blockNumber", { answer: () => "0x1" }],
    ["eth_getCode", { answer: ([addr]) => state.code(String(addr).toLowerCase()) ?? "0x" }],
    ["eth_getBalance", { answer: ([owner]) => hex(state.balance(String(owner), "native")) }],
  ]);
}
