// The local EVM's JSON-RPC methods, one handler per method (what testing/chains/evm/node.ts answers), and the block,
// transaction and receipt objects in the shape a geth node returns them (a receipt with op-geth's `l1Fee` on a chain
// that charges one). A method not in the table answers -32601 ("does not exist/is not available"), as geth does;
// eth_simulateV1, eth_feeHistory, debug_traceCall and debug_traceTransaction answer so too when turned off.
import { createTxFromRLP, type TypedTransaction } from "@ethereumjs/tx";
import { getAddress, type Hex, hexToBytes } from "viem";
import { BLOCK_CONSTANTS } from "./block";
import {
  addr,
  atHead,
  BASE_FEE_WEI,
  BLOCK_GAS_LIMIT,
  blockAt,
  type CallRequest,
  estimateGas,
  ethCall,
  goJsonKind,
  head,
  hexOf,
  type LocalEvm,
  type MinedBlock,
  type MinedTx,
  mine,
  qty,
  RpcError,
  type SendRequest,
  type StateOverride,
  type SimulateV1Request,
  signForDevAccount,
  simulateV1,
  type TraceCallConfig,
  traceCall,
  traceMined,
} from "./chain";

/** Optional methods real RPCs differ on (a node without them answers -32601). */
export interface OptionalMethods {
  simulateV1: boolean;
  feeHistory: boolean;
  /** debug_traceCall (callTracer and prestateTracer); an RPC without the debug namespace answers -32601. */
  traceCall: boolean;
  /** debug_traceTransaction (callTracer) of a mined transaction; off, -32601, as a provider that does not serve it. */
  traceTransaction: boolean;
}

type Handler = (chain: LocalEvm, params: unknown[], optional: OptionalMethods) => unknown;

// ethereum/go-ethereum rpc/errors.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562: methodNotFoundError, -32601.
const notAvailable = (method: string) => new RpcError(-32601, `the method ${method} does not exist/is not available`);

const blockJson = (chain: LocalEvm, b: MinedBlock, full: boolean) => ({
  number: qty(b.number),
  hash: b.hash,
  parentHash: b.parentHash,
  ...BLOCK_CONSTANTS,
  miner: `0x${"00".repeat(19)}01`,
  totalDifficulty: "0x0",
  gasLimit: qty(BLOCK_GAS_LIMIT),
  gasUsed: qty(b.gasUsed),
  timestamp: qty(b.timestamp),
  baseFeePerGas: qty(BASE_FEE_WEI),
  transactions: full ? b.txs.map((h) => txJson(chain, chain.txs.get(h))) : b.txs,
});

const txJson = (chain: LocalEvm, t: MinedTx | undefined) =>
  t && {
    hash: t.hash,
    from: t.from,
    to: t.to,
    nonce: qty(t.nonce),
    input: t.input,
    value: qty(t.value),
    gas: qty(t.gasLimit),
    maxFeePerGas: qty(t.maxFeePerGas),
    maxPriorityFeePerGas: qty(t.maxPriorityFeePerGas),
    gasPrice: qty(t.effectiveGasPrice),
    type: qty(t.type),
    chainId: qty(chain.chainId),
    blockNumber: qty(t.blockNumber),
    blockHash: t.blockHash,
    transactionIndex: "0x0",
    v: "0x0",
    r: "0x0",
    s: "0x0",
    accessList: [],
  };

const receiptJson = (t: MinedTx | undefined) =>
  t && {
    transactionHash: t.hash,
    transactionIndex: "0x0",
    blockHash: t.blockHash,
    blockNumber: qty(t.blockNumber),
    from: t.from,
    to: t.to,
    cumulativeGasUsed: qty(t.gasUsed),
    gasUsed: qty(t.gasUsed),
    effectiveGasPrice: qty(t.effectiveGasPrice),
    contractAddress: t.contractAddress,
    logs: t.logs.map((l, i) => ({ ...l, logIndex: qty(i), transactionHash: t.hash, transactionIndex: "0x0", blockHash: t.blockHash, blockNumber: qty(t.blockNumber), removed: false })),
    logsBloom: `0x${"0".repeat(512)}`,
    status: t.status,
    type: qty(t.type),
    // ethereum-optimism/op-geth internal/ethapi/api.go @ 7b56c731573a32af0beedc5f38dbe7ca9d96630a marshalReceipt: "l1Fee" (hex) on a non-deposit transaction.
    ...(t.l1Fee === null ? {} : { l1Fee: qty(t.l1Fee) }),
  };

const feeHistory: Handler = (chain, params, optional) => {
  if (!optional.feeHistory) throw notAvailable("eth_feeHistory");
  const count = Math.max(1, Math.min(1024, Number(BigInt(String(params[0])))));
  const percentiles = (params[2] as number[] | undefined) ?? [];
  const newest = head(chain).number;
  const oldest = newest - BigInt(count) + 1n > 0n ? newest - BigInt(count) + 1n : 0n;
  const n = Number(newest - oldest) + 1;
  return {
    oldestBlock: qty(oldest),
    baseFeePerGas: Array.from({ length: n + 1 }, () => qty(BASE_FEE_WEI)),
    gasUsedRatio: Array.from({ length: n }, () => 0),
    reward: Array.from({ length: n }, () => percentiles.map(() => qty(BASE_FEE_WEI))),
  };
};

/** A signed transaction from the wire: refused as a node refuses a bad encoding, a bad signature or another chain's id. */
const sendRawTransaction: Handler = (chain, params) => {
  let tx: TypedTransaction;
  try {
    tx = createTxFromRLP(hexToBytes(String(params[0]) as Hex), { common: chain.common });
  } catch (e) {
    throw new RpcError(-32000, `rlp: ${e instanceof Error ? e.message.split("\n")[0] : "invalid transaction"}`);
  }
  if (!tx.isSigned() || !tx.verifySignature()) throw new RpcError(-32000, "invalid sender");
  if (tx.common.chainId() !== BigInt(chain.chainId)) throw new RpcError(-32000, "invalid chain id for signer");
  return mine(chain, tx);
};

/**
 * debug_traceCall(call, block, config): geth's TraceCall (eth/tracers/api.go @ 02b73d4e) at the head. Its block argument
 * is required (rpc/handler.go's "missing value for required argument 1", -32602), and "pending" is refused as geth
 * refuses it; anything but the head is history this node does not keep.
 */
const debugTraceCall: Handler = (chain, params, optional) => {
  if (!optional.traceCall) throw notAvailable("debug_traceCall");
  if (params[0] === undefined || params[0] === null) throw new RpcError(-32602, "missing value for required argument 0");
  if (params[1] === undefined || params[1] === null) throw new RpcError(-32602, "missing value for required argument 1");
  if (params[1] === "pending") throw new RpcError(-32000, "tracing on top of pending is not supported");
  atHead(chain, params[1]);
  return traceCall(chain, params[0] as CallRequest, (params[2] ?? undefined) as TraceCallConfig | undefined);
};

/**
 * A common.Hash argument as geth's rpc package decodes it (rpc/json.go parseArgumentArray, common/hexutil/json.go
 * UnmarshalFixedJSON @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562), or its refusal (-32602): a missing argument; a
 * non-string (null too: Hash's UnmarshalJSON is called with it); no 0x prefix, odd length or a bad digit as
 * json.UnmarshalTypeError; another length as hexutil's own error.
 */
function hashArg(params: unknown[], i: number): Hex {
  const v = params[i];
  if (v === undefined) throw new RpcError(-32602, `missing value for required argument ${i}`);
  const typeError = (value: string) => new RpcError(-32602, `invalid argument ${i}: json: cannot unmarshal ${value} into Go value of type common.Hash`);
  if (typeof v !== "string") throw typeError("non-string");
  if (v !== "" && !/^0[xX]/.test(v)) throw typeError("hex string without 0x prefix");
  const raw = v.slice(2);
  if (raw.length % 2 !== 0) throw typeError("hex string of odd length");
  if (raw.length !== 64) throw new RpcError(-32602, `invalid argument ${i}: hex string has length ${raw.length}, want 64 for common.Hash`);
  if (!/^[0-9a-fA-F]*$/.test(raw)) throw typeError("invalid hex string");
  return `0x${raw.toLowerCase()}`;
}

/**
 * debug_traceTransaction(hash, config): geth's TraceTransaction (eth/tracers/api.go @ 02b73d4e) of a transaction this
 * node mined. Its arguments are decoded first (the hash; the config an object, its tracer a string), then a hash this
 * node did not mine is errTxNotFound ("transaction not found", -32000), then the tracer (./chain.ts traceMined).
 */
const debugTraceTransaction: Handler = (chain, params, optional) => {
  if (!optional.traceTransaction) throw notAvailable("debug_traceTransaction");
  const hash = hashArg(params, 0);
  const config = params[1] ?? undefined;
  if (config !== undefined && (typeof config !== "object" || Array.isArray(config))) throw new RpcError(-32602, `invalid argument 1: json: cannot unmarshal ${goJsonKind(config)} into Go value of type tracers.TraceConfig`);
  const tracer = (config as TraceCallConfig | undefined)?.tracer;
  if (tracer !== undefined && tracer !== null && typeof tracer !== "string") throw new RpcError(-32602, `invalid argument 1: json: cannot unmarshal ${goJsonKind(tracer)} into Go struct field TraceConfig.tracer of type string`);
  const t = chain.txs.get(hash);
  if (!t) throw new RpcError(-32000, "transaction not found");
  return traceMined(t, config as TraceCallConfig | undefined);
};

const METHODS = new Map<string, Handler>([
  ["eth_chainId", (chain) => qty(chain.chainId)],
  ["net_version", (chain) => String(chain.chainId)],
  ["web3_clientVersion", () => "ethereumjs-vm/10.1.3 (svc local node)"],
  ["eth_blockNumber", (chain) => qty(head(chain).number)],
  [
    "eth_getBlockByNumber",
    (chain, params) => {
      const b = blockAt(chain, params[0]);
      return b ? blockJson(chain, b, params[1] === true) : null;
    },
  ],
  [
    "eth_getBlockByHash",
    (chain, params) => {
      const b = chain.blocks.find((x) => x.hash === String(params[0]).toLowerCase());
      return b ? blockJson(chain, b, params[1] === true) : null;
    },
  ],
  ["eth_gasPrice", () => qty(BASE_FEE_WEI * 2n)],
  ["eth_maxPriorityFeePerGas", () => qty(BASE_FEE_WEI)],
  ["eth_feeHistory", feeHistory],
  [
    "eth_getBalance",
    async (chain, params) => {
      atHead(chain, params[1]);
      return qty((await chain.vm.stateManager.getAccount(addr(String(params[0]))))?.balance ?? 0n);
    },
  ],
  [
    "eth_getTransactionCount",
    async (chain, params) => {
      const tag = params[1];
      if (tag !== "pending") atHead(chain, tag);
      return qty((await chain.vm.stateManager.getAccount(addr(String(params[0]))))?.nonce ?? 0n);
    },
  ],
  [
    "eth_getCode",
    async (chain, params) => {
      atHead(chain, params[1]);
      return hexOf(await chain.vm.stateManager.getCode(addr(String(params[0]))));
    },
  ],
  [
    "eth_getStorageAt",
    async (chain, params) => {
      atHead(chain, params[2]);
      return hexOf(await chain.vm.stateManager.getStorage(addr(String(params[0])), hexToBytes(String(params[1]) as Hex, { size: 32 })));
    },
  ],
  [
    "eth_call",
    (chain, params) => {
      if (params[1] !== "pending") atHead(chain, params[1]);
      return ethCall(chain, params[0] as CallRequest, params[2] as StateOverride | undefined);
    },
  ],
  [
    "eth_estimateGas",
    async (chain, params) => {
      if (params[1] !== undefined && params[1] !== "pending") atHead(chain, params[1]);
      return qty(await estimateGas(chain, params[0] as CallRequest, params[2] as StateOverride | undefined));
    },
  ],
  [
    "eth_simulateV1",
    (chain, params, optional) => {
      if (!optional.simulateV1) throw notAvailable("eth_simulateV1");
      return simulateV1(chain, params[0] as SimulateV1Request);
    },
  ],
  ["debug_traceCall", debugTraceCall],
  ["debug_traceTransaction", debugTraceTransaction],
  ["eth_sendRawTransaction", sendRawTransaction],
  ["eth_accounts", (chain) => [...chain.unlocked.keys()].map((a) => getAddress(a))],
  ["eth_sendTransaction", async (chain, params) => mine(chain, await signForDevAccount(chain, params[0] as SendRequest))],
  ["eth_getTransactionReceipt", (chain, params) => receiptJson(chain.txs.get(hashArg(params, 0))) ?? null],
  ["eth_getTransactionByHash", (chain, params) => txJson(chain, chain.txs.get(hashArg(params, 0))) ?? null],
]);

/** Answers one JSON-RPC method on `chain`: the result, or an RpcError as the node answers it. */
export async function handleMethod(chain: LocalEvm, method: string, params: unknown[], optional: OptionalMethods): Promise<unknown> {
  const handler = METHODS.get(method);
  if (!handler) throw notAvailable(method);
  return handler(chain, params, optional);
}
