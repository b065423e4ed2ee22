// A real EVM on loopback: @ethereumjs/vm (the execution client's own EVM, pure JavaScript) behind an Ethereum
// JSON-RPC server, so the service, the tests, the benchmarks and a browser wallet talk to the same contracts through
// the same wire format as a Base or Arbitrum node. Every transaction is mined in its own block when it arrives
// (automine). It refuses what a node refuses: a bad signature, another chain's id, a stale nonce, a fee below the base
// fee, a sender who cannot pay; a reverting eth_call / eth_estimateGas answers geth's error (code 3, "execution
// reverted", the revert bytes as `data`); an unknown method answers -32601 ("does not exist/is not available"), as
// geth does, and that includes eth_simulateV1 unless a test turns it on (`methods.simulateV1`).
//
// Dev accounts (`unlocked`): as Anvil and Hardhat do for their well-known test keys, the node itself signs
// eth_sendTransaction for an address whose private key it was started with (filling nonce, gas and EIP-1559 fees as
// those nodes do), then mines the signed transaction through the same path as eth_sendRawTransaction, so the signature,
// nonce, fee and balance checks are the real ones. Any other `from` is refused ("unknown account"), as geth refuses an
// account it does not hold. This is what lets a browser wallet that forwards eth_sendTransaction to its RPC (wagmi's
// mock connector in the e2e suite) sign with a local key without any key reaching the page.
//
// Test set-up (deploying the protocols' contracts at their published addresses) goes through `deployAt` / `exec`,
// which are not on the wire: a node never lets a caller act as someone else.
import { createServer, type Server } from "node:http";
import { createBlock } from "@ethereumjs/block";
import { createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createTx, createTxFromRLP, type TypedTransaction } from "@ethereumjs/tx";
import { Account, type Address, createAddressFromString, privateToAddress } from "@ethereumjs/util";
import { createVM, runTx, type VM } from "@ethereumjs/vm";
import { bytesToHex, getAddress, type Hex, hexToBytes, keccak256, numberToHex, toHex } from "viem";

/** Block gas limit and the eth_call / eth_estimateGas cap (geth's RPCGasCap default is 50M; a block is 30M here). */
const BLOCK_GAS_LIMIT = 30_000_000n;
/** A constant base fee (wei): 0.001 gwei, the order of Base's. */
export const BASE_FEE_WEI = 1_000_000n;

export interface EvmLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

interface MinedTx {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  nonce: bigint;
  input: Hex;
  value: bigint;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  type: number;
  blockNumber: bigint;
  blockHash: Hex;
  status: "0x1" | "0x0";
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  contractAddress: Hex | null;
  logs: EvmLog[];
}

interface MinedBlock {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  timestamp: bigint;
  txs: Hex[];
  gasUsed: bigint;
}

export interface CallRequest {
  from?: string;
  to?: string | null;
  data?: string;
  input?: string;
  value?: string;
  gas?: string;
}

/** geth's state override set: per address, replace balance / nonce / code, replace all storage (`state`) or some slots (`stateDiff`). */
export type StateOverride = Record<string, { balance?: string; nonce?: string; code?: string; state?: Record<string, string>; stateDiff?: Record<string, string> }>;

/** A JSON-RPC error a node answers (code, message, data). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Hex,
  ) {
    super(message);
  }
}

export interface EvmNode {
  url: string;
  chainId: number;
  vm: VM;
  /** Every method asked, in order. */
  calls: string[];
  /** Optional methods real RPCs differ on; off by default (a node without them answers -32601). */
  methods: { simulateV1: boolean; feeHistory: boolean };
  /** When true, every connection is dropped (the RPC is unreachable). */
  down: boolean;
  /** Runs `initcode` (creation code + constructor args) as the code of `address` and keeps what it returns as that address's code: a contract deployed at a published address. */
  deployAt: (address: string, initcode: Hex, from?: string) => Promise<void>;
  /** CREATE from `from` (set-up only): the new contract's address. */
  deploy: (initcode: Hex, from: string) => Promise<Hex>;
  /** A state-changing call as `from` (set-up only, no signature): reverts throw with the revert data. */
  exec: (from: string, to: string, data: Hex) => Promise<Hex>;
  /** A read-only call at the head. */
  read: (to: string, data: Hex, from?: string) => Promise<Hex>;
  setBalance: (address: string, wei: bigint) => Promise<void>;
  /** Moves the clock on: the next block (calls and transactions) is `seconds` later than it would have been (set-up only, like evm_increaseTime). */
  advanceTime: (seconds: bigint) => Promise<void>;
  /** The JSON-RPC method handler (what the HTTP server answers), for in-process callers. */
  request: (method: string, params: unknown[]) => Promise<unknown>;
  close: () => Promise<void>;
}

const addr = (a: string): Address => createAddressFromString(getAddress(a));
const hexOf = (b: Uint8Array): Hex => bytesToHex(b);
const qty = (v: bigint | number): Hex => numberToHex(v);
const big = (v: string | undefined, fallback = 0n): bigint => (v === undefined || v === null ? fallback : BigInt(v));

/** geth's message for a revert: "execution reverted" plus the Error(string) reason when there is one. */
function revertMessage(data: Uint8Array): string {
  const hex = hexOf(data);
  if (hex.startsWith("0x08c379a0") && hex.length >= 138) {
    const len = Number(BigInt(`0x${hex.slice(74, 138)}`));
    const reason = Buffer.from(hex.slice(138, 138 + len * 2), "hex").toString("utf8");
    return `execution reverted: ${reason}`;
  }
  return "execution reverted";
}

export async function startEvmNode(opts: { chainId: number; startTime?: bigint; unlocked?: readonly Hex[] }): Promise<EvmNode> {
  const common = createCustomCommon({ chainId: opts.chainId, name: `local-${opts.chainId}` }, Mainnet, { hardfork: Hardfork.Cancun });
  const vm = await createVM({ common });
  const blocks: MinedBlock[] = [];
  const txs = new Map<Hex, MinedTx>();
  let clock = opts.startTime ?? BigInt(Math.floor(Date.now() / 1000));
  const genesis: MinedBlock = { number: 0n, hash: keccak256(toHex(`genesis-${opts.chainId}`)), parentHash: `0x${"0".repeat(64)}`, timestamp: clock, txs: [], gasUsed: 0n };
  blocks.push(genesis);
  const head = () => blocks[blocks.length - 1] ?? genesis;
  /** Dev accounts the node signs for (lower-case address → private key). */
  const unlocked = new Map<string, Uint8Array>(
    (opts.unlocked ?? []).map((k) => {
      const key = hexToBytes(k);
      return [bytesToHex(privateToAddress(key)).toLowerCase(), key];
    }),
  );

  // One request at a time: the EVM's state is one journal.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };

  const blockFor = (number: bigint, timestamp: bigint) =>
    createBlock({ header: { number, timestamp, gasLimit: BLOCK_GAS_LIMIT, baseFeePerGas: BASE_FEE_WEI, coinbase: createAddressFromString(`0x${"00".repeat(19)}01`) } }, { common });

  /** The next block (what a transaction sent now would see). */
  const nextTimestamp = () => (clock > head().timestamp ? clock : head().timestamp + 1n);
  const nextBlock = () => blockFor(head().number + 1n, nextTimestamp());

  async function applyOverride(o: StateOverride | undefined) {
    if (!o) return;
    const sm = vm.stateManager;
    for (const [a, ov] of Object.entries(o)) {
      const at = addr(a);
      const acc = (await sm.getAccount(at)) ?? new Account();
      if (ov.balance !== undefined) acc.balance = BigInt(ov.balance);
      if (ov.nonce !== undefined) acc.nonce = BigInt(ov.nonce);
      await sm.putAccount(at, acc);
      if (ov.code !== undefined) await sm.putCode(at, hexToBytes(ov.code as Hex));
      if (ov.state !== undefined) await sm.clearStorage(at);
      for (const [slot, value] of Object.entries({ ...(ov.state ?? {}), ...(ov.stateDiff ?? {}) })) {
        await sm.putStorage(at, hexToBytes(slot as Hex, { size: 32 }), hexToBytes(value as Hex, { size: 32 }));
      }
    }
  }

  /**
   * Runs `req` as a transaction from `req.from` (no signature: eth_call's message) through the VM's own runTx, so gas
   * is counted exactly as for a mined transaction (intrinsic gas, warm addresses, refunds). State is not restored here.
   */
  async function execAsTx(req: CallRequest, gasLimit: bigint) {
    const from = addr(req.from ?? `0x${"00".repeat(20)}`);
    const nonce = (await vm.stateManager.getAccount(from))?.nonce ?? 0n;
    const tx = createTx(
      { type: 2, to: req.to ? getAddress(req.to) : undefined, data: ((req.data ?? req.input ?? "0x") as Hex) || "0x", value: big(req.value), gasLimit, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n, nonce },
      { common, freeze: false },
    );
    Object.defineProperty(tx, "getSenderAddress", { value: () => from });
    // A call pays no fee (geth's eth_call with no gas price): the block's base fee is 0 for it.
    const block = createBlock({ header: { number: head().number + 1n, timestamp: nextTimestamp(), gasLimit: BLOCK_GAS_LIMIT, baseFeePerGas: 0n } }, { common });
    const r = await runTx(vm, { tx, block, skipNonce: true, skipBalance: true, skipBlockGasLimitValidation: true, skipHardForkValidation: true });
    // gasRefund is what the refund counter returned at the end: the gas limit must cover the gas before it.
    return { result: r.execResult, gasUsed: r.totalGasSpent, gasBeforeRefund: r.totalGasSpent + r.gasRefund };
  }

  /** `execAsTx` on a throw-away copy of the state, with the override applied first. */
  async function simulate(req: CallRequest, override: StateOverride | undefined, gasLimit: bigint) {
    await vm.stateManager.checkpoint();
    try {
      await applyOverride(override);
      return await execAsTx(req, gasLimit);
    } catch (e) {
      // runTx refuses a gas limit below the intrinsic gas before running anything.
      if (e instanceof Error && /intrinsic|gas limit/i.test(e.message)) return { result: { exceptionError: { error: "out of gas" }, returnValue: new Uint8Array() }, gasUsed: gasLimit, gasBeforeRefund: gasLimit };
      throw e;
    } finally {
      await vm.stateManager.revert();
    }
  }

  function throwIfFailed(r: { exceptionError?: { error: string }; returnValue: Uint8Array }): void {
    const err = r.exceptionError;
    if (!err) return;
    if (err.error === "revert") throw new RpcError(3, revertMessage(r.returnValue), hexOf(r.returnValue));
    throw new RpcError(-32000, err.error === "out of gas" ? "out of gas" : `execution failed: ${err.error}`);
  }

  async function ethCall(req: CallRequest, override?: StateOverride): Promise<Hex> {
    const sim = await simulate(req, override, req.gas ? BigInt(req.gas) : BLOCK_GAS_LIMIT);
    throwIfFailed(sim.result);
    return hexOf(sim.result.returnValue);
  }

  /** geth's estimate: the smallest gas limit the call succeeds with (binary search above what it used). */
  async function estimateGas(req: CallRequest, override?: StateOverride): Promise<bigint> {
    const cap = req.gas ? BigInt(req.gas) : BLOCK_GAS_LIMIT;
    const first = await simulate(req, override, cap);
    throwIfFailed(first.result);
    const used = first.gasBeforeRefund;
    const ok = async (g: bigint) => !(await simulate(req, override, g)).result.exceptionError;
    // Most calls succeed with what they used plus the 63/64 reserve; try that first, as geth does, then widen (+5 %,
    // +10 %, then doubling) before the binary search, so a call that needs a little more is not searched from the cap.
    let lo = used - 1n;
    let hi = cap;
    for (let guess = ((used + 2_300n) * 64n) / 63n, step = 0; guess < cap; guess = step++ < 2 ? (guess * 105n) / 100n : guess * 2n) {
      if (await ok(guess)) {
        hi = guess;
        break;
      }
      lo = guess;
    }
    while (hi - lo > 1n && (hi - lo) * 1000n > hi * 15n) {
      const mid = (lo + hi) / 2n;
      if (await ok(mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  async function mine(tx: TypedTransaction): Promise<Hex> {
    const hash = hexOf(tx.hash());
    if (txs.has(hash)) throw new RpcError(-32000, "already known");
    const number = head().number + 1n;
    clock = clock > head().timestamp ? clock : head().timestamp + 1n;
    const block = blockFor(number, clock);
    let result: Awaited<ReturnType<typeof runTx>>;
    try {
      result = await runTx(vm, { tx, block, skipHardForkValidation: true });
    } catch (e) {
      // runTx refuses before executing: nonce, balance, fee cap below the base fee, gas limit below intrinsic.
      const msg = e instanceof Error ? e.message : String(e);
      if (/nonce/i.test(msg)) throw new RpcError(-32000, `nonce too low or too high: ${msg.split("\n")[0]}`);
      if (/balance|upfront/i.test(msg)) throw new RpcError(-32000, `insufficient funds for gas * price + value: ${msg.split("\n")[0]}`);
      throw new RpcError(-32000, msg.split("\n")[0] ?? "invalid transaction");
    }
    const blockHash = keccak256(toHex(`${opts.chainId}-block-${number}-${hash}`));
    const logs: EvmLog[] = result.receipt.logs.map(([a, topics, data]) => ({ address: getAddress(hexOf(a)), topics: topics.map(hexOf), data: hexOf(data) }));
    const t = tx as TypedTransaction & { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; gasPrice?: bigint };
    const tip = t.maxPriorityFeePerGas ?? (t.gasPrice ?? BASE_FEE_WEI) - BASE_FEE_WEI;
    const feeCap = t.maxFeePerGas ?? t.gasPrice ?? BASE_FEE_WEI;
    const effective = feeCap < BASE_FEE_WEI + tip ? feeCap : BASE_FEE_WEI + tip;
    txs.set(hash, {
      hash,
      from: getAddress(tx.getSenderAddress().toString()),
      to: tx.to ? getAddress(tx.to.toString()) : null,
      nonce: tx.nonce,
      input: hexOf(tx.data),
      value: tx.value,
      gasLimit: tx.gasLimit,
      maxFeePerGas: feeCap,
      maxPriorityFeePerGas: tip,
      type: tx.type,
      blockNumber: number,
      blockHash,
      status: result.execResult.exceptionError ? "0x0" : "0x1",
      gasUsed: result.totalGasSpent,
      effectiveGasPrice: effective,
      contractAddress: result.createdAddress ? getAddress(result.createdAddress.toString()) : null,
      logs,
    });
    blocks.push({ number, hash: blockHash, parentHash: head().hash, timestamp: clock, txs: [hash], gasUsed: result.totalGasSpent });
    return hash;
  }

  const blockAt = (tag: unknown): MinedBlock | undefined => {
    if (tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized" || tag === undefined) return head();
    if (tag === "earliest") return blocks[0];
    const n = BigInt(String(tag));
    return blocks.find((b) => b.number === n);
  };

  /** Reads answer at the head only: this node keeps no history (a real archive node would; ours refuses). */
  const atHead = (tag: unknown) => {
    const b = blockAt(tag ?? "latest");
    if (!b || b.number !== head().number) throw new RpcError(-32000, "historical state is not available (this node keeps the head only)");
  };

  const blockJson = (b: MinedBlock, full: boolean) => ({
    number: qty(b.number),
    hash: b.hash,
    parentHash: b.parentHash,
    nonce: "0x0000000000000000",
    sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
    logsBloom: `0x${"0".repeat(512)}`,
    transactionsRoot: `0x${"0".repeat(64)}`,
    stateRoot: `0x${"0".repeat(64)}`,
    receiptsRoot: `0x${"0".repeat(64)}`,
    miner: `0x${"00".repeat(19)}01`,
    difficulty: "0x0",
    totalDifficulty: "0x0",
    extraData: "0x",
    size: "0x300",
    gasLimit: qty(BLOCK_GAS_LIMIT),
    gasUsed: qty(b.gasUsed),
    timestamp: qty(b.timestamp),
    baseFeePerGas: qty(BASE_FEE_WEI),
    mixHash: `0x${"0".repeat(64)}`,
    transactions: full ? b.txs.map((h) => txJson(txs.get(h))) : b.txs,
    uncles: [],
  });

  const txJson = (t: MinedTx | undefined) =>
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
      chainId: qty(opts.chainId),
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
    };

  const self = { methods: { simulateV1: false, feeHistory: true }, down: false, calls: [] as string[] };

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_chainId":
        return qty(opts.chainId);
      case "net_version":
        return String(opts.chainId);
      case "web3_clientVersion":
        return "ethereumjs-vm/10.1.3 (svc local node)";
      case "eth_blockNumber":
        return qty(head().number);
      case "eth_getBlockByNumber": {
        const b = blockAt(params[0]);
        return b ? blockJson(b, params[1] === true) : null;
      }
      case "eth_getBlockByHash": {
        const b = blocks.find((x) => x.hash === String(params[0]).toLowerCase());
        return b ? blockJson(b, params[1] === true) : null;
      }
      case "eth_gasPrice":
        return qty(BASE_FEE_WEI * 2n);
      case "eth_maxPriorityFeePerGas":
        return qty(BASE_FEE_WEI);
      case "eth_feeHistory": {
        if (!self.methods.feeHistory) throw new RpcError(-32601, "the method eth_feeHistory does not exist/is not available");
        const count = Math.max(1, Math.min(1024, Number(BigInt(String(params[0])))));
        const percentiles = (params[2] as number[] | undefined) ?? [];
        const newest = head().number;
        const oldest = newest - BigInt(count) + 1n > 0n ? newest - BigInt(count) + 1n : 0n;
        const n = Number(newest - oldest) + 1;
        return {
          oldestBlock: qty(oldest),
          baseFeePerGas: Array.from({ length: n + 1 }, () => qty(BASE_FEE_WEI)),
          gasUsedRatio: Array.from({ length: n }, () => 0),
          reward: Array.from({ length: n }, () => percentiles.map(() => qty(BASE_FEE_WEI))),
        };
      }
      case "eth_getBalance": {
        atHead(params[1]);
        return qty((await vm.stateManager.getAccount(addr(String(params[0]))))?.balance ?? 0n);
      }
      case "eth_getTransactionCount": {
        const tag = params[1];
        if (tag !== "pending") atHead(tag);
        return qty((await vm.stateManager.getAccount(addr(String(params[0]))))?.nonce ?? 0n);
      }
      case "eth_getCode":
        atHead(params[1]);
        return hexOf(await vm.stateManager.getCode(addr(String(params[0]))));
      case "eth_getStorageAt":
        atHead(params[2]);
        return hexOf(await vm.stateManager.getStorage(addr(String(params[0])), hexToBytes(String(params[1]) as Hex, { size: 32 })));
      case "eth_call": {
        if (params[1] !== "pending") atHead(params[1]);
        return ethCall(params[0] as CallRequest, params[2] as StateOverride | undefined);
      }
      case "eth_estimateGas": {
        if (params[1] !== undefined && params[1] !== "pending") atHead(params[1]);
        return qty(await estimateGas(params[0] as CallRequest, params[2] as StateOverride | undefined));
      }
      case "eth_simulateV1": {
        if (!self.methods.simulateV1) throw new RpcError(-32601, "the method eth_simulateV1 does not exist/is not available");
        return simulateV1(params[0] as SimulateV1Request);
      }
      case "eth_sendRawTransaction": {
        let tx: TypedTransaction;
        try {
          tx = createTxFromRLP(hexToBytes(String(params[0]) as Hex), { common });
        } catch (e) {
          throw new RpcError(-32000, `rlp: ${e instanceof Error ? e.message.split("\n")[0] : "invalid transaction"}`);
        }
        if (!tx.isSigned() || !tx.verifySignature()) throw new RpcError(-32000, "invalid sender");
        if (tx.common.chainId() !== BigInt(opts.chainId)) throw new RpcError(-32000, "invalid chain id for signer");
        return mine(tx);
      }
      case "eth_accounts":
        return [...unlocked.keys()].map((a) => getAddress(a));
      case "eth_sendTransaction":
        return mine(await signForDevAccount(params[0] as CallRequest & { nonce?: string; chainId?: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string; gasPrice?: string }));
      case "eth_getTransactionReceipt":
        return receiptJson(txs.get(String(params[0]).toLowerCase() as Hex)) ?? null;
      case "eth_getTransactionByHash":
        return txJson(txs.get(String(params[0]).toLowerCase() as Hex)) ?? null;
      default:
        throw new RpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }

  /** eth_sendTransaction for a dev account: the request completed as Anvil completes it, then signed with its key. */
  async function signForDevAccount(req: CallRequest & { nonce?: string; chainId?: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string; gasPrice?: string }): Promise<TypedTransaction> {
    const from = String(req.from ?? "").toLowerCase();
    const key = unlocked.get(from);
    if (!key) throw new RpcError(-32000, `unknown account ${req.from ?? "(no from)"}`);
    if (req.chainId !== undefined && BigInt(req.chainId) !== BigInt(opts.chainId)) throw new RpcError(-32000, "invalid chain id for signer");
    const nonce = req.nonce !== undefined ? BigInt(req.nonce) : ((await vm.stateManager.getAccount(addr(from)))?.nonce ?? 0n);
    const gasLimit = req.gas !== undefined ? BigInt(req.gas) : await estimateGas(req);
    const tip = req.maxPriorityFeePerGas !== undefined ? BigInt(req.maxPriorityFeePerGas) : BASE_FEE_WEI;
    const feeCap = req.maxFeePerGas !== undefined ? BigInt(req.maxFeePerGas) : req.gasPrice !== undefined ? BigInt(req.gasPrice) : BASE_FEE_WEI * 2n + tip;
    const tx = createTx(
      { type: 2, chainId: BigInt(opts.chainId), nonce, to: req.to ? getAddress(req.to) : undefined, data: ((req.data ?? req.input ?? "0x") as Hex) || "0x", value: big(req.value), gasLimit, maxFeePerGas: feeCap, maxPriorityFeePerGas: tip },
      { common },
    );
    return tx.sign(key);
  }

  interface SimulateV1Request {
    blockStateCalls: { stateOverrides?: StateOverride; calls: CallRequest[] }[];
    validation?: boolean;
  }

  /** eth_simulateV1 as geth answers it: the calls in order on one state, each with status, gasUsed, returnData and error. */
  async function simulateV1(req: SimulateV1Request) {
    await vm.stateManager.checkpoint();
    try {
      const out = [];
      for (const bsc of req.blockStateCalls) {
        await applyOverride(bsc.stateOverrides);
        const calls = [];
        for (const c of bsc.calls) {
          const r = await execAsTx(c, c.gas ? BigInt(c.gas) : BLOCK_GAS_LIMIT);
          const e = r.result.exceptionError;
          const ret = r.result.returnValue;
          calls.push({
            status: e ? "0x0" : "0x1",
            gasUsed: qty(r.gasUsed),
            returnData: hexOf(ret),
            logs: [],
            ...(e ? { error: { code: e.error === "revert" ? 3 : -32015, message: e.error === "revert" ? revertMessage(ret) : e.error, data: hexOf(ret) } } : {}),
          });
        }
        out.push({ number: qty(head().number + 1n), hash: `0x${"0".repeat(64)}`, timestamp: qty(head().timestamp + 1n), gasLimit: qty(BLOCK_GAS_LIMIT), gasUsed: "0x0", baseFeePerGas: qty(BASE_FEE_WEI), calls });
      }
      return out;
    } finally {
      await vm.stateManager.revert();
    }
  }

  const request = (method: string, params: unknown[]) =>
    serial(async () => {
      self.calls.push(method);
      return handle(method, params);
    });

  const reply = async (req: Record<string, unknown>) => {
    const base = { jsonrpc: "2.0", id: req.id ?? null };
    try {
      return { ...base, result: await request(String(req.method), (req.params as unknown[]) ?? []) };
    } catch (e) {
      if (e instanceof RpcError) return { ...base, error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) } };
      return { ...base, error: { code: -32603, message: e instanceof Error ? e.message.split("\n")[0] : String(e) } };
    }
  };

  const server: Server = createServer((req, res) => {
    if (self.down) {
      req.socket.destroy();
      return;
    }
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", async () => {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }));
        return;
      }
      const out = Array.isArray(body) ? await Promise.all(body.map((b) => reply(b as Record<string, unknown>))) : await reply(body as Record<string, unknown>);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const a = server.address();
  const port = typeof a === "object" && a ? a.port : 0;

  /** A set-up message call committed to the head state (no signature, no block). */
  async function commitCall(from: string, to: string | undefined, data: Hex) {
    const caller = addr(from);
    const r = await vm.evm.runCall({
      block: nextBlock(),
      caller,
      origin: caller,
      to: to ? addr(to) : undefined,
      data: hexToBytes(data),
      gasLimit: BLOCK_GAS_LIMIT,
      skipBalance: true,
    });
    const err = r.execResult.exceptionError;
    if (err) throw new RpcError(3, `${revertMessage(r.execResult.returnValue)} (${err.error}; ${to ? `call to ${to} ${data.slice(0, 10)}` : `create, ${(data.length - 2) / 2} bytes`})`, hexOf(r.execResult.returnValue));
    return r;
  }

  const DEPLOYER = `0x${"de".repeat(20)}`;
  return Object.assign(self, {
    url: `http://127.0.0.1:${port}`,
    chainId: opts.chainId,
    vm,
    request,
    deployAt: (address: string, initcode: Hex, from = DEPLOYER) =>
      serial(async () => {
        // The creation code runs as the code of `address`: its constructor writes that address's storage and returns
        // the runtime code (immutables filled in), which then becomes the address's code.
        const at = addr(address);
        await vm.stateManager.putCode(at, hexToBytes(initcode));
        const r = await commitCall(from, address, "0x");
        await vm.stateManager.putCode(at, r.execResult.returnValue);
        const acc = (await vm.stateManager.getAccount(at)) ?? new Account();
        if (acc.nonce === 0n) {
          acc.nonce = 1n; // EIP-161: a contract starts at nonce 1
          await vm.stateManager.putAccount(at, acc);
        }
      }),
    deploy: (initcode: Hex, from: string) =>
      serial(async () => {
        const r = await commitCall(from, undefined, initcode);
        if (!r.createdAddress) throw new Error("no contract created");
        return getAddress(r.createdAddress.toString());
      }),
    exec: (from: string, to: string, data: Hex) => serial(async () => hexOf((await commitCall(from, to, data)).execResult.returnValue)),
    read: (to: string, data: Hex, from?: string) => serial(() => ethCall({ to, data, from })),
    setBalance: (address: string, wei: bigint) =>
      serial(async () => {
        const at = addr(address);
        const acc = (await vm.stateManager.getAccount(at)) ?? new Account();
        acc.balance = wei;
        await vm.stateManager.putAccount(at, acc);
      }),
    advanceTime: (seconds: bigint) =>
      serial(async () => {
        clock = (clock > head().timestamp ? clock : head().timestamp + 1n) + seconds;
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
