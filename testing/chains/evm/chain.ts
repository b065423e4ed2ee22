// The local EVM's chain (what testing/chains/evm/node.ts serves): its state (the VM, the mined blocks and
// transactions, the clock, the dev accounts) and what runs on it — a call, a gas estimate, eth_simulateV1, a mined
// transaction, a dev account's signature, a set-up call. The JSON-RPC method table is in ./methods.ts.
import { createBlock } from "@ethereumjs/block";
import { type Common, createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createTx, type TypedTransaction } from "@ethereumjs/tx";
import { Account, type Address, createAddressFromString, privateToAddress } from "@ethereumjs/util";
import type { EVMResult, InterpreterStep, Log, Message } from "@ethereumjs/evm";
import { createVM, runTx, type VM } from "@ethereumjs/vm";
import { bytesToHex, decodeAbiParameters, getAddress, type Hex, hexToBytes, keccak256, numberToHex, toHex } from "viem";
import { type PrestateOptions, prestateOptions, prestateResult, readTouched, type Touched, trackTouched } from "./prestate";

/** Block gas limit and the eth_call / eth_estimateGas cap (geth's RPCGasCap default is 50M; a block is 30M here). */
export const BLOCK_GAS_LIMIT = 30_000_000n;
/** A constant base fee (wei): 0.001 gwei, the order of Base's. */
export const BASE_FEE_WEI = 1_000_000n;

export interface EvmLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

export interface MinedTx {
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
  /** geth's callTracer over the run, every frame with its logs (debug_traceTransaction's answer), or why there is none. */
  trace: TraceFrame | string;
  /** The OP-stack L1 data fee the sender paid (the receipt's `l1Fee`), or null on a chain that charges none. */
  l1Fee: bigint | null;
}

export interface MinedBlock {
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

/** eth_sendTransaction's request: a call plus what a wallet may fill in. */
export type SendRequest = CallRequest & { nonce?: string; chainId?: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string; gasPrice?: string };

/** geth's state override set: per address, replace balance / nonce / code, replace all storage (`state`) or some slots (`stateDiff`). */
export type StateOverride = Record<string, { balance?: string; nonce?: string; code?: string; state?: Record<string, string>; stateDiff?: Record<string, string> }>;

export interface SimulateV1Request {
  blockStateCalls: { stateOverrides?: StateOverride; calls: CallRequest[] }[];
  validation?: boolean;
  traceTransfers?: boolean;
}

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

/** The chain's state: one VM, the blocks mined on it (genesis first), their transactions, the clock and the dev accounts. */
export interface LocalEvm {
  chainId: number;
  common: Common;
  vm: VM;
  genesis: MinedBlock;
  blocks: MinedBlock[];
  txs: Map<Hex, MinedTx>;
  /** The time the next block is stamped with, unless the head is already at or past it. */
  clock: bigint;
  /** Dev accounts the node signs for (lower-case address → private key). */
  unlocked: Map<string, Uint8Array>;
  /**
   * The L1 data fee each mined transaction pays as on an OP-stack chain (op-geth's buyGas takes it with the gas, its
   * receipt says `l1Fee`), or null: none, as on Ethereum. One fixed figure per transaction, not op-geth's formula.
   */
  l1Fee: bigint | null;
}

export const addr = (a: string): Address => createAddressFromString(getAddress(a));
export const hexOf = (b: Uint8Array): Hex => bytesToHex(b);
export const qty = (v: bigint | number): Hex => numberToHex(v);
const big = (v: string | undefined, fallback = 0n): bigint => (v === undefined || v === null ? fallback : BigInt(v));

/** geth's message for a revert: "execution reverted" plus the Error(string) reason when there is one. */
export function revertMessage(data: Uint8Array): string {
  const hex = hexOf(data);
  if (hex.startsWith("0x08c379a0") && hex.length >= 138) {
    const len = Number(BigInt(`0x${hex.slice(74, 138)}`));
    const reason = Buffer.from(hex.slice(138, 138 + len * 2), "hex").toString("utf8");
    return `execution reverted: ${reason}`;
  }
  return "execution reverted";
}

export async function createLocalEvm(opts: { chainId: number; startTime?: bigint; unlocked?: readonly Hex[] }): Promise<LocalEvm> {
  const common = createCustomCommon({ chainId: opts.chainId, name: `local-${opts.chainId}` }, Mainnet, { hardfork: Hardfork.Cancun });
  const vm = await createVM({ common });
  const clock = opts.startTime ?? BigInt(Math.floor(Date.now() / 1000));
  const genesis: MinedBlock = { number: 0n, hash: keccak256(toHex(`genesis-${opts.chainId}`)), parentHash: `0x${"0".repeat(64)}`, timestamp: clock, txs: [], gasUsed: 0n };
  const unlocked = new Map<string, Uint8Array>(
    (opts.unlocked ?? []).map((k) => {
      const key = hexToBytes(k);
      return [bytesToHex(privateToAddress(key)).toLowerCase(), key];
    }),
  );
  return { chainId: opts.chainId, common, vm, genesis, blocks: [genesis], txs: new Map(), clock, unlocked, l1Fee: null };
}

export const head = (chain: LocalEvm): MinedBlock => chain.blocks[chain.blocks.length - 1] ?? chain.genesis;

const blockFor = (chain: LocalEvm, number: bigint, timestamp: bigint) =>
  createBlock(
    { header: { number, timestamp, gasLimit: BLOCK_GAS_LIMIT, baseFeePerGas: BASE_FEE_WEI, coinbase: createAddressFromString(`0x${"00".repeat(19)}01`) } },
    { common: chain.common },
  );

/** The next block (what a transaction sent now would see). */
const nextTimestamp = (chain: LocalEvm) => (chain.clock > head(chain).timestamp ? chain.clock : head(chain).timestamp + 1n);
const nextBlock = (chain: LocalEvm) => blockFor(chain, head(chain).number + 1n, nextTimestamp(chain));

/** Moves the clock on: the next block is `seconds` later than it would have been. */
export function advanceClock(chain: LocalEvm, seconds: bigint): void {
  chain.clock = (chain.clock > head(chain).timestamp ? chain.clock : head(chain).timestamp + 1n) + seconds;
}

export const blockAt = (chain: LocalEvm, tag: unknown): MinedBlock | undefined => {
  if (tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized" || tag === undefined) return head(chain);
  if (tag === "earliest") return chain.blocks[0];
  const n = BigInt(String(tag));
  return chain.blocks.find((b) => b.number === n);
};

/** Reads answer at the head only: this node keeps no history (a real archive node would; ours refuses). */
export const atHead = (chain: LocalEvm, tag: unknown) => {
  const b = blockAt(chain, tag ?? "latest");
  if (!b || b.number !== head(chain).number) throw new RpcError(-32000, "historical state is not available (this node keeps the head only)");
};

/**
 * geth's override.StateOverride, refused as geth refuses it (ethereum/go-ethereum internal/ethapi/override/override.go
 * @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562 OverrideAccount, Apply): nonce, balance and code are hex strings
 * (hexutil.Uint64, *hexutil.Big, hexutil.Bytes: a JSON number is refused while decoding argument `arg`, -32602), and
 * an account may not set both `state` and `stateDiff`. Applied in geth's order: nonce, code, balance, then `state`
 * (replacing all storage) or `stateDiff` (some slots).
 */
async function applyOverride(vm: VM, o: StateOverride | undefined, arg = 2) {
  if (!o) return;
  const sm = vm.stateManager;
  for (const [a, ov] of Object.entries(o)) {
    for (const [field, type] of [["nonce", "hexutil.Uint64"], ["balance", "*hexutil.Big"], ["code", "hexutil.Bytes"]] as const) {
      const v = ov[field];
      if (v !== undefined && v !== null && typeof v !== "string") throw new RpcError(-32602, `invalid argument ${arg}: json: cannot unmarshal non-string into Go struct field OverrideAccount.${field} of type ${type}`);
    }
    if (ov.state && ov.stateDiff) throw new RpcError(-32000, `account ${getAddress(a)} has both 'state' and 'stateDiff'`);
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
async function execAsTx(chain: LocalEvm, req: CallRequest, gasLimit: bigint) {
  const { vm, common } = chain;
  const from = addr(req.from ?? `0x${"00".repeat(20)}`);
  const nonce = (await vm.stateManager.getAccount(from))?.nonce ?? 0n;
  const tx = createTx(
    { type: 2, to: req.to ? getAddress(req.to) : undefined, data: ((req.data ?? req.input ?? "0x") as Hex) || "0x", value: big(req.value), gasLimit, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n, nonce },
    { common, freeze: false },
  );
  Object.defineProperty(tx, "getSenderAddress", { value: () => from });
  // A call pays no fee (geth's eth_call with no gas price): the block's base fee is 0 for it.
  const block = createBlock({ header: { number: head(chain).number + 1n, timestamp: nextTimestamp(chain), gasLimit: BLOCK_GAS_LIMIT, baseFeePerGas: 0n } }, { common });
  const r = await runTx(vm, { tx, block, skipNonce: true, skipBalance: true, skipBlockGasLimitValidation: true, skipHardForkValidation: true });
  // gasRefund is what the refund counter returned at the end: the gas limit must cover the gas before it.
  return { result: r.execResult, gasUsed: r.totalGasSpent, gasBeforeRefund: r.totalGasSpent + r.gasRefund };
}

/** `execAsTx` on a throw-away copy of the state, with the override applied first. */
async function simulate(chain: LocalEvm, req: CallRequest, override: StateOverride | undefined, gasLimit: bigint) {
  await chain.vm.stateManager.checkpoint();
  try {
    await applyOverride(chain.vm, override);
    return await execAsTx(chain, req, gasLimit);
  } catch (e) {
    // runTx refuses a gas limit below the intrinsic gas before running anything.
    if (e instanceof Error && /intrinsic|gas limit/i.test(e.message)) return { result: { exceptionError: { error: "out of gas" }, returnValue: new Uint8Array() }, gasUsed: gasLimit, gasBeforeRefund: gasLimit };
    throw e;
  } finally {
    await chain.vm.stateManager.revert();
  }
}

function throwIfFailed(r: { exceptionError?: { error: string }; returnValue: Uint8Array }): void {
  const err = r.exceptionError;
  if (!err) return;
  if (err.error === "revert") throw new RpcError(3, revertMessage(r.returnValue), hexOf(r.returnValue));
  throw new RpcError(-32000, err.error === "out of gas" ? "out of gas" : `execution failed: ${err.error}`);
}

export async function ethCall(chain: LocalEvm, req: CallRequest, override?: StateOverride): Promise<Hex> {
  const sim = await simulate(chain, req, override, req.gas ? BigInt(req.gas) : BLOCK_GAS_LIMIT);
  throwIfFailed(sim.result);
  return hexOf(sim.result.returnValue);
}

/** geth's estimate: the smallest gas limit the call succeeds with (binary search above what it used). */
export async function estimateGas(chain: LocalEvm, req: CallRequest, override?: StateOverride): Promise<bigint> {
  const cap = req.gas ? BigInt(req.gas) : BLOCK_GAS_LIMIT;
  const first = await simulate(chain, req, override, cap);
  throwIfFailed(first.result);
  const used = first.gasBeforeRefund;
  const ok = async (g: bigint) => !(await simulate(chain, req, override, g)).result.exceptionError;
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

/** Runs a signed transaction in a new block of its own (automine); refusals answer as a node's do. */
export async function mine(chain: LocalEvm, tx: TypedTransaction): Promise<Hex> {
  const hash = hexOf(tx.hash());
  if (chain.txs.has(hash)) throw new RpcError(-32000, "already known");
  const number = head(chain).number + 1n;
  chain.clock = chain.clock > head(chain).timestamp ? chain.clock : head(chain).timestamp + 1n;
  const block = blockFor(chain, number, chain.clock);
  let ran: Awaited<ReturnType<typeof runMined>>;
  try {
    ran = await runMined(chain, tx, block);
  } catch (e) {
    // runTx refuses before executing: nonce, balance, fee cap below the base fee, gas limit below intrinsic. Funds
    // first: ethereumjs's refusals end with the transaction's description, which names its nonce.
    const msg = e instanceof Error ? e.message : String(e);
    if (/enough funds|balance|upfront/i.test(msg)) throw new RpcError(-32000, `insufficient funds for gas * price + value: ${msg.split("\n")[0]}`);
    if (/nonce/i.test(msg)) throw new RpcError(-32000, `nonce too low or too high: ${msg.split("\n")[0]}`);
    throw new RpcError(-32000, msg.split("\n")[0] ?? "invalid transaction");
  }
  const { result } = ran;
  const blockHash = keccak256(toHex(`${chain.chainId}-block-${number}-${hash}`));
  chain.txs.set(hash, { ...minedTx(tx, hash, number, blockHash, result), trace: ran.trace, l1Fee: chain.l1Fee });
  chain.blocks.push({ number, hash: blockHash, parentHash: head(chain).hash, timestamp: chain.clock, txs: [hash], gasUsed: result.totalGasSpent });
  return hash;
}

/** Adds `wei` (negative: takes it) to `at`'s balance; taking more than it holds is refused. */
async function addBalance(chain: LocalEvm, at: Address, wei: bigint): Promise<void> {
  const acc = (await chain.vm.stateManager.getAccount(at)) ?? new Account();
  if (acc.balance + wei < 0n) throw new Error(`sender balance ${acc.balance} is below the L1 fee ${-wei}`);
  acc.balance += wei;
  await chain.vm.stateManager.putAccount(at, acc);
}

/** The OP-stack fee vault the L1 data fee is paid to. */
// ethereum-optimism/op-geth params/protocol_params.go @ 7b56c731573a32af0beedc5f38dbe7ca9d96630a: OptimismL1FeeRecipient.
const OP_L1_FEE_RECIPIENT = "0x420000000000000000000000000000000000001A";

/**
 * runTx under geth's callTracer, every frame with its logs (what debug_traceTransaction answers later: this node keeps
 * no state to run it again), and on a chain with an L1 fee that fee as op-geth charges it (ethereum-optimism/op-geth
 * core/state_transition.go @ 7b56c731573a32af0beedc5f38dbe7ca9d96630a: buyGas takes l1Cost from the sender with the gas
 * and refuses a sender who cannot pay both; the end of the run pays it to OptimismL1FeeRecipient, reverted or not).
 */
async function runMined(chain: LocalEvm, tx: TypedTransaction, block: ReturnType<typeof blockFor>) {
  const sender = tx.getSenderAddress();
  const l1Fee = chain.l1Fee ?? 0n;
  if (l1Fee > 0n) await addBalance(chain, sender, -l1Fee);
  const traced = await withCallTracer(chain, { onlyTopCall: false, withLog: true }, () => runTx(chain.vm, { tx, block, skipHardForkValidation: true })).catch(async (e: unknown) => {
    if (l1Fee > 0n) await addBalance(chain, sender, l1Fee);
    throw e;
  });
  if (l1Fee > 0n) await addBalance(chain, addr(OP_L1_FEE_RECIPIENT), l1Fee);
  const { out: result, top, logs } = traced;
  let trace: TraceFrame | string = "this local node traced no frame for the transaction";
  if (top) {
    try {
      finishTrace(logs, result.execResult.logs ?? []);
      // callTracer's OnTxStart / OnTxEnd: the top frame's gas is the transaction's limit, its gasUsed the receipt's.
      top.gas = tx.gasLimit;
      top.gasUsed = result.totalGasSpent;
      trace = top;
    } catch (e) {
      trace = e instanceof Error ? e.message : String(e);
    }
  }
  return { result, trace };
}

/** What `mine` keeps of a transaction and its run (the receipt's and eth_getTransactionByHash's fields). */
function minedTx(tx: TypedTransaction, hash: Hex, number: bigint, blockHash: Hex, result: Awaited<ReturnType<typeof runTx>>): Omit<MinedTx, "trace" | "l1Fee"> {
  const logs: EvmLog[] = result.receipt.logs.map(([a, topics, data]) => ({ address: getAddress(hexOf(a)), topics: topics.map(hexOf), data: hexOf(data) }));
  const t = tx as TypedTransaction & { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; gasPrice?: bigint };
  const tip = t.maxPriorityFeePerGas ?? (t.gasPrice ?? BASE_FEE_WEI) - BASE_FEE_WEI;
  const feeCap = t.maxFeePerGas ?? t.gasPrice ?? BASE_FEE_WEI;
  const effective = feeCap < BASE_FEE_WEI + tip ? feeCap : BASE_FEE_WEI + tip;
  return {
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
  };
}

/** eth_sendTransaction for a dev account: the request completed as Anvil completes it, then signed with its key. */
export async function signForDevAccount(chain: LocalEvm, req: SendRequest): Promise<TypedTransaction> {
  const from = String(req.from ?? "").toLowerCase();
  const key = chain.unlocked.get(from);
  if (!key) throw new RpcError(-32000, `unknown account ${req.from ?? "(no from)"}`);
  if (req.chainId !== undefined && BigInt(req.chainId) !== BigInt(chain.chainId)) throw new RpcError(-32000, "invalid chain id for signer");
  const nonce = req.nonce !== undefined ? BigInt(req.nonce) : ((await chain.vm.stateManager.getAccount(addr(from)))?.nonce ?? 0n);
  const gasLimit = req.gas !== undefined ? BigInt(req.gas) : await estimateGas(chain, req);
  const tip = req.maxPriorityFeePerGas !== undefined ? BigInt(req.maxPriorityFeePerGas) : BASE_FEE_WEI;
  const feeCap = req.maxFeePerGas !== undefined ? BigInt(req.maxFeePerGas) : req.gasPrice !== undefined ? BigInt(req.gasPrice) : BASE_FEE_WEI * 2n + tip;
  const tx = createTx(
    { type: 2, chainId: BigInt(chain.chainId), nonce, to: req.to ? getAddress(req.to) : undefined, data: ((req.data ?? req.input ?? "0x") as Hex) || "0x", value: big(req.value), gasLimit, maxFeePerGas: feeCap, maxPriorityFeePerGas: tip },
    { common: chain.common },
  );
  return tx.sign(key);
}

/** eth_simulateV1 as geth answers it: the calls in order on one state, each with status, gasUsed, returnData and error. */
export async function simulateV1(chain: LocalEvm, req: SimulateV1Request) {
  await chain.vm.stateManager.checkpoint();
  try {
    const out = [];
    for (const bsc of req.blockStateCalls) {
      await applyOverride(chain.vm, bsc.stateOverrides, 0);
      const calls = [];
      for (const c of bsc.calls) {
        const { out, marks } = await withValueTransfers(chain, req.traceTransfers === true, () => execAsTx(chain, c, c.gas ? BigInt(c.gas) : BLOCK_GAS_LIMIT));
        calls.push(simulatedCall(out, head(chain).number + 1n, marks));
      }
      out.push({ number: qty(head(chain).number + 1n), hash: `0x${"0".repeat(64)}`, timestamp: qty(head(chain).timestamp + 1n), gasLimit: qty(BLOCK_GAS_LIMIT), gasUsed: "0x0", baseFeePerGas: qty(BASE_FEE_WEI), calls });
    }
    return out;
  } finally {
    await chain.vm.stateManager.revert();
  }
}

/**
 * traceTransfers (execution-apis PR 484) as reth serves it: paradigmxyz/revm-inspectors src/transfer.rs @
 * 95a25ac8809ca76e1e540016309e2bbf6e6ef2ca (PR #196, the commit that added insert_logs), TransferInspector::on_transfer
 * `journaled_state.log(Log { address: TRANSFER_LOG_EMITTER, … })`, run from the inspector's `call` hook (a CALL's value,
 * `inputs.transfer_value()`: none for a DELEGATECALL) and `create` hook (a CREATE / CREATE2's value, to the address the
 * caller's nonce gives), i.e. when the frame starts; zero values add none, and `selfdestruct` records the transfer but
 * inserts no log. So the synthetic log sits among the real ones in execution order: a contract that logs A, CALLs with
 * value a callee that logs B, then logs C answers [A, transfer, B, C]. Kept here as marks in the order they happen (a
 * frame's transfer on beforeMessage, each LOG0–LOG4 on the EVM's `step`), each frame's joining its parent's when it
 * returns, dropped when it fails (geth's internal/ethapi/logtracer.go onEnter/onExit shape). One difference, on
 * purpose: revm runs that hook before the callee's journal checkpoint (bluealloy/revm v45, revm 14.0.3:
 * crates/revm/src/inspector/handler_register.rs, then make_call_frame's checkpoint), so reth keeps a reverted inner
 * frame's own transfer log in its parent's logs; geth drops it with the frame, and so does this node (revm-inspectors
 * PR #453 proposes the same for reth). Everything else a reverted frame logged goes with it on both.
 */
async function withValueTransfers<T>(chain: LocalEvm, trace: boolean, run: () => Promise<T>): Promise<{ out: T; marks: LogMark[] | undefined }> {
  if (!trace) return { out: await run(), marks: undefined };
  const top: LogMark[] = [];
  const open: { marks: LogMark[]; create?: ValueTransfer }[] = [];
  const before = (m: Message) => {
    const value = m.delegatecall ? 0n : m.value;
    const transfer = value > 0n ? { from: getAddress(m.caller.toString()), to: m.to ? getAddress(m.to.toString()) : "", value } : undefined;
    open.push({ marks: transfer ? [{ transfer }] : [], create: transfer && !m.to ? transfer : undefined });
  };
  // LOG0–LOG4 (0xa0–0xa4): the step fires before the opcode runs; one that then fails fails its frame, dropped below.
  const step = (s: InterpreterStep) => {
    if (s.opcode.code >= 0xa0 && s.opcode.code <= 0xa4) open[open.length - 1]?.marks.push({ log: true });
  };
  const after = (r: EVMResult) => {
    const frame = open.pop();
    if (!frame || r.execResult.exceptionError) return;
    if (frame.create) {
      // A CREATE's recipient is known once it ran; a successful one always has it.
      if (r.createdAddress) frame.create.to = getAddress(r.createdAddress.toString());
      else frame.marks.shift();
    }
    (open[open.length - 1]?.marks ?? top).push(...frame.marks);
  };
  chain.vm.evm.events?.on("beforeMessage", before);
  chain.vm.evm.events?.on("step", step);
  chain.vm.evm.events?.on("afterMessage", after);
  try {
    return { out: await run(), marks: top };
  } finally {
    chain.vm.evm.events?.off("beforeMessage", before);
    chain.vm.evm.events?.off("step", step);
    chain.vm.evm.events?.off("afterMessage", after);
  }
}

interface ValueTransfer {
  from: string;
  to: string;
  value: bigint;
}

/** One entry of a traced call's logs in execution order: a frame's ETH transfer (as it starts) or one LOG it ran. */
type LogMark = { transfer: ValueTransfer } | { log: true };

/** The emitter and topic of traceTransfers' logs (Transfer(address,address,uint256)), checksummed. */
// paradigmxyz/revm-inspectors src/transfer.rs @ 95a25ac8809ca76e1e540016309e2bbf6e6ef2ca: TRANSFER_LOG_EMITTER.
const TRANSFER_LOG_EMITTER = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
// paradigmxyz/revm-inspectors src/transfer.rs @ 95a25ac8809ca76e1e540016309e2bbf6e6ef2ca: TRANSFER_EVENT_TOPIC.
const TRANSFER_EVENT_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/**
 * The call's logs with traceTransfers' in execution order: the marks in turn, a transfer as its Transfer log, a LOG as
 * the next of `logs` (the EVM keeps exactly the LOGs of frames that did not fail, nor any frame around them, in order).
 */
function inExecutionOrder(logs: Log[], marks: LogMark[] | undefined): Log[] {
  if (!marks) return logs;
  const word = (a: string) => hexToBytes(`0x${a.slice(2).toLowerCase().padStart(64, "0")}`);
  let next = 0;
  const out = marks.map((m): Log | undefined =>
    "transfer" in m
      ? [hexToBytes(TRANSFER_LOG_EMITTER), [hexToBytes(TRANSFER_EVENT_TOPIC), word(m.transfer.from), word(m.transfer.to)], hexToBytes(`0x${m.transfer.value.toString(16).padStart(64, "0")}`)]
      : logs[next++],
  );
  if (next !== logs.length || out.some((l) => l === undefined)) throw new Error(`traceTransfers: ${next} LOG steps kept, ${logs.length} logs in the call's result`);
  return out as Log[];
}

/**
 * One call's result in eth_simulateV1's answer: the logs the bytecode emitted (none for a failed call), in geth's shape,
 * with the traceTransfers logs of its ETH transfers (`marks`) where they happened.
 */
function simulatedCall(r: Awaited<ReturnType<typeof execAsTx>>, blockNumber: bigint, marks?: LogMark[]) {
  const e = r.result.exceptionError;
  const ret = r.result.returnValue;
  return {
    status: e ? "0x0" : "0x1",
    gasUsed: qty(r.gasUsed),
    returnData: hexOf(ret),
    logs: e
      ? []
      : inExecutionOrder(r.result.logs ?? [], marks).map(([address, topics, data], logIndex) => ({
          address: getAddress(hexOf(address)),
          topics: topics.map((t) => hexOf(t)),
          data: hexOf(data),
          blockNumber: qty(blockNumber),
          transactionHash: `0x${"0".repeat(64)}`,
          transactionIndex: "0x0",
          blockHash: `0x${"0".repeat(64)}`,
          logIndex: qty(BigInt(logIndex)),
          removed: false,
        })),
    ...(e ? { error: { code: e.error === "revert" ? 3 : -32015, message: e.error === "revert" ? revertMessage(ret) : e.error, data: hexOf(ret) } } : {}),
  };
}

/** A set-up message call committed to the head state (no signature, no block). */
export async function commitCall(chain: LocalEvm, from: string, to: string | undefined, data: Hex) {
  const caller = addr(from);
  const r = await chain.vm.evm.runCall({
    block: nextBlock(chain),
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

/**
 * debug_traceCall's third parameter: geth's TraceCallConfig (ethereum/go-ethereum eth/tracers/api.go @
 * 02b73d4ea7181464175e0a6cbecc0a3a2655a562: TraceConfig{Tracer, Timeout, TracerConfig} plus StateOverrides,
 * BlockOverrides, TxIndex). This node serves `tracer: "callTracer"` and `"prestateTracer"` (./prestate.ts) with
 * `stateOverrides` (eth_call's override shape).
 */
export interface TraceCallConfig {
  tracer?: unknown;
  tracerConfig?: unknown;
  timeout?: unknown;
  stateOverrides?: StateOverride;
  blockOverrides?: unknown;
  txIndex?: unknown;
}

/** callTracerConfig (eth/tracers/native/call.go @ 02b73d4e): `onlyTopCall` keeps no subcall, `withLog` keeps the logs. */
interface CallTracerOptions {
  onlyTopCall: boolean;
  withLog: boolean;
}

/** The tracer a config names, with its own config read. */
type Tracer = { name: "callTracer"; opts: CallTracerOptions } | { name: "prestateTracer"; opts: PrestateOptions };

/**
 * geth's built-in tracer names at 02b73d4e: the native ones (eth/tracers/native/*.go `DefaultDirectory.Register`) and
 * the JS assets (eth/tracers/js/internal/tracers/*.js, registered by eth/tracers/js/goja.go `init` under their camel-cased
 * file names). geth serves each; this node serves only callTracer and prestateTracer, so it refuses the others as
 * unsupported here.
 */
const GETH_TRACERS = new Set([
  "4byteTracer",
  "flatCallTracer",
  "erc7562Tracer",
  "keccak256PreimageTracer",
  "muxTracer",
  "noopTracer",
  "4byteTracerLegacy",
  "bigramTracer",
  "callTracerLegacy",
  "evmdisTracer",
  "noopTracerLegacy",
  "opcountTracer",
  "prestateTracerLegacy",
  "trigramTracer",
  "unigramTracer",
]);

/** Go's encoding/json name for a JSON value's kind, as in its "cannot unmarshal X into …" error. */
export const goJsonKind = (v: unknown) => (typeof v === "string" ? "string" : typeof v === "number" ? "number" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : "bool");

/**
 * The tracer the config asks for, refused as geth refuses it (eth/tracers/api.go @ 02b73d4e traceTx, eth/tracers/dir.go
 * directory.New): no tracer is geth's struct logger (not served here: -32602); a name geth does not register is run as
 * JS code, `vm.RunString("(" + code + ")")` (eth/tracers/js/goja.go newJsTracer), so a bare identifier fails as goja's
 * ReferenceError at pc 0, column 2 — "ReferenceError: X is not defined at <eval>:1:2(0)" — a plain error, -32000.
 */
function tracerOf(config: TraceCallConfig | undefined, of: { type: "TraceCallConfig" | "TraceConfig"; arg: number } = { type: "TraceCallConfig", arg: 2 }): Tracer {
  const tracer = config?.tracer;
  if (tracer !== undefined && tracer !== null && typeof tracer !== "string") throw new RpcError(-32602, `invalid argument ${of.arg}: json: cannot unmarshal ${goJsonKind(tracer)} into Go struct field ${of.type}.tracer of type string`);
  if (tracer === undefined || tracer === null) throw new RpcError(-32602, "this local node answers callTracer and prestateTracer only (no tracer asks for geth's struct logger, which it does not serve)");
  if (tracer !== "callTracer" && tracer !== "prestateTracer") {
    if (GETH_TRACERS.has(tracer)) throw new RpcError(-32602, `this local node answers callTracer and prestateTracer only (geth serves ${tracer}; this node does not)`);
    if (/^[A-Za-z_$][\w$]*$/.test(tracer) && !(tracer in globalThis)) throw new RpcError(-32000, `ReferenceError: ${tracer} is not defined at <eval>:1:2(0)`);
    throw new RpcError(-32000, `tracer ${JSON.stringify(tracer)}: geth would evaluate it as JS tracer code, which this local node does not`);
  }
  // TraceConfig (debug_traceTransaction's) has no such fields: Go's json.Unmarshal ignores them there.
  if (of.type === "TraceCallConfig" && config?.blockOverrides !== undefined && config.blockOverrides !== null) throw new RpcError(-32602, "this local node does not apply blockOverrides to debug_traceCall");
  if (of.type === "TraceCallConfig" && config?.txIndex !== undefined && config.txIndex !== null) throw new RpcError(-32602, "this local node keeps no block's transactions to trace at txIndex");
  if (tracer === "prestateTracer") {
    // The tracer's constructor refuses its config (newPrestateTracer): traceTx returns that error, -32000.
    try {
      return { name: tracer, opts: prestateOptions(config?.tracerConfig) };
    } catch (e) {
      throw new RpcError(-32000, e instanceof Error ? e.message : String(e));
    }
  }
  const cfg = (config?.tracerConfig ?? {}) as Record<string, unknown>;
  if (typeof cfg !== "object" || Array.isArray(cfg)) throw new RpcError(-32000, `json: cannot unmarshal ${goJsonKind(cfg)} into Go value of type native.callTracerConfig`);
  // json.Unmarshal into callTracerConfig (newCallTracerObject): null leaves the field false; another kind is an error.
  for (const field of ["onlyTopCall", "withLog"]) {
    const v = cfg[field];
    if (v !== undefined && v !== null && typeof v !== "boolean") throw new RpcError(-32000, `json: cannot unmarshal ${goJsonKind(v)} into Go struct field callTracerConfig.${field} of type bool`);
  }
  return { name: "callTracer", opts: { onlyTopCall: cfg.onlyTopCall === true, withLog: cfg.withLog === true } };
}

/** One call frame while the call runs (callFrame in eth/tracers/native/call.go @ 02b73d4e, plus what building it needs). */
interface TraceFrame {
  type: string;
  from: string;
  to?: string;
  input: Uint8Array;
  gas: bigint;
  gasUsed: bigint;
  value?: bigint;
  output?: Uint8Array;
  error?: string;
  revertReason?: string;
  calls: TraceFrame[];
  logs: TraceLog[];
  depth: number;
  parent?: TraceFrame;
  /** callFrame.failed(): an error, and its state reverted (every error since Homestead). */
  failed: boolean;
  /** The last opcode this frame stepped: the CALL-family opcode that opens the next child frame. */
  lastOp: number;
  /** A SELFDESTRUCT it stepped, kept as a child frame if the frame then ends without error. */
  selfdestruct?: TraceFrame;
  /** False for a subcall under onlyTopCall (not in the answer). */
  visible: boolean;
}

/** A LOG0–LOG4 the call ran (callLog), `position` the number of its frame's subcalls made before it. */
interface TraceLog {
  frame: TraceFrame;
  address: string;
  topics: Uint8Array[];
  data: Uint8Array;
  position: number;
  index?: number;
}

/** The opcode that opened a frame → callFrame.Type's name (vm.OpCode.String()). */
const CALL_OPCODES = new Map<number, string>([
  [0xf0, "CREATE"],
  [0xf1, "CALL"],
  [0xf2, "CALLCODE"],
  [0xf4, "DELEGATECALL"],
  [0xf5, "CREATE2"],
  [0xfa, "STATICCALL"],
]);

/** A new frame for message `m`, opened by `parent`'s last opcode (none: the transaction's own CALL or CREATE). */
function openFrame(m: Message, parent: TraceFrame | undefined, onlyTopCall: boolean): TraceFrame {
  const type = (parent ? CALL_OPCODES.get(parent.lastOp) : undefined) ?? (m.to ? "CALL" : "CREATE");
  // core/vm/evm.go @ 02b73d4e captureBegin's arguments: CALLCODE and DELEGATECALL run the callee's code in the
  // caller's context, so `from` is the running contract and `to` the code's address (ethereumjs puts the running
  // contract in `to` and the code in `codeAddress`; a DELEGATECALL's `caller` is the running contract's own caller).
  // STATICCALL passes no value (omitted); DELEGATECALL passes the running frame's value.
  const from = type === "DELEGATECALL" ? m.to : m.caller;
  const to = type === "DELEGATECALL" || type === "CALLCODE" ? m.codeAddress : m.to;
  return {
    type,
    from: from?.toString() ?? "",
    to: to?.toString(),
    input: m.data,
    gas: m.gasLimit,
    gasUsed: 0n,
    value: type === "STATICCALL" ? undefined : m.value,
    calls: [],
    logs: [],
    depth: m.depth,
    parent,
    failed: false,
    lastOp: -1,
    visible: !onlyTopCall || m.depth === 0,
  };
}

/** geth's text (core/vm/errors.go @ 02b73d4e) for an @ethereumjs/evm 10.x exceptional halt; others pass through. */
function gethVmError(err: string, frame: TraceFrame): string {
  if (err === "invalid opcode") return `invalid opcode: ${frame.lastOp === 0xfe ? "INVALID" : `opcode 0x${frame.lastOp.toString(16)} not defined`}`;
  const known: Record<string, string> = {
    revert: "execution reverted",
    "out of gas": "out of gas",
    "code store out of gas": "contract creation code storage out of gas",
    "code size to deposit exceeds maximum code size": "max code size exceeded",
    "invalid JUMP": "invalid jump destination",
    "static state change": "write protection",
    "create collision": "contract address collision",
    "value out of range": "return data out of bounds",
    "insufficient balance": "insufficient balance for transfer",
    "invalid bytecode deployed": "invalid code: must not begin with 0xef",
    "initcode exceeds max initcode size": "max initcode size exceeded",
  };
  return known[err] ?? err;
}

/** abi.UnpackRevert (accounts/abi/abi.go @ 02b73d4e): Error(string)'s string, Panic(uint256)'s reason, else none. */
const PANIC_REASONS = new Map<bigint, string>([
  [0x00n, "generic panic"],
  [0x01n, "assert(false)"],
  [0x11n, "arithmetic underflow or overflow"],
  [0x12n, "division or modulo by zero"],
  [0x21n, "enum overflow"],
  [0x22n, "invalid encoded storage byte array accessed"],
  [0x31n, "out-of-bounds array access; popping on an empty array"],
  [0x32n, "out-of-bounds access of an array or bytesN"],
  [0x41n, "out of memory"],
  [0x51n, "uninitialized function"],
]);
function unpackRevert(data: Uint8Array): string | undefined {
  const hex = hexOf(data);
  try {
    if (hex.startsWith("0x08c379a0")) return decodeAbiParameters([{ type: "string" }], `0x${hex.slice(10)}`)[0];
    if (hex.startsWith("0x4e487b71")) {
      const code = decodeAbiParameters([{ type: "uint256" }], `0x${hex.slice(10)}`)[0];
      return PANIC_REASONS.get(code) ?? `unknown panic code: 0x${code.toString(16)}`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** callFrame.processOutput (call.go @ 02b73d4e): output on success; on error the error, and the output only for a revert. */
function closeFrame(frame: TraceFrame, r: EVMResult): void {
  const ret = r.execResult.returnValue;
  const err = r.execResult.exceptionError;
  frame.gasUsed = r.execResult.executionGasUsed;
  if (!err) {
    frame.output = ret;
    if (!frame.to && r.createdAddress) frame.to = r.createdAddress.toString();
    if (frame.selfdestruct?.visible) frame.calls.push(frame.selfdestruct);
    return;
  }
  frame.error = gethVmError(err.error, frame);
  frame.failed = true;
  // A failed CREATE has no address (f.To = nil); ethereumjs knows none before it runs anyway.
  if (frame.type === "CREATE" || frame.type === "CREATE2") frame.to = undefined;
  if (err.error !== "revert" || ret.length === 0) return;
  frame.output = ret;
  if (ret.length >= 4) frame.revertReason = unpackRevert(ret);
}

/** Bytes [offset, offset + size) of a step's memory (as it was before the opcode's expansion: zeros past it). */
function memorySlice(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array | undefined {
  if (size === 0n) return new Uint8Array();
  // No gas limit here pays to expand memory to 16 MiB: such a LOG fails its frame, which then keeps no log.
  if (offset + size > 1n << 24n) return undefined;
  const out = new Uint8Array(Number(size));
  out.set(memory.subarray(Number(offset), Number(offset + size)));
  return out;
}

/**
 * geth's callTracer over an @ethereumjs/evm 10.x run: a frame opens on `beforeMessage` (OnEnter) and closes on
 * `afterMessage` (OnExit), nested into the frame that made it; the `step` event (fired before each opcode runs, with
 * the stack and the memory as they are then) gives the opcode that opened each child (so a CALL inside a STATICCALL is a
 * CALL, though ethereumjs marks both static), each LOG0–LOG4's address, topics (stack below offset and size) and data
 * (memory), and a SELFDESTRUCT (geth traces it as a child frame, core/vm/instructions.go opSelfdestruct6780's OnEnter
 * with gas 0 and the balance as value). A LOG whose opcode then fails fails its frame, whose logs geth clears anyway.
 * Returns the top frame and every LOG in the order run; `finishTrace` then keeps the ones that stand.
 */
async function withCallTracer<T>(chain: LocalEvm, opts: CallTracerOptions, run: () => Promise<T>) {
  const open: TraceFrame[] = [];
  const logs: TraceLog[] = [];
  let top: TraceFrame | undefined;
  const before = (m: Message) => {
    open.push(openFrame(m, open[open.length - 1], opts.onlyTopCall));
  };
  const step = (s: InterpreterStep) => {
    const frame = open[open.length - 1];
    if (!frame) return;
    frame.lastOp = s.opcode.code;
    const code = s.opcode.code;
    const n = s.stack.length;
    if (code >= 0xa0 && code <= 0xa4 && opts.withLog && n >= 2 + code - 0xa0) {
      const data = memorySlice(s.memory, s.stack[n - 1] ?? 0n, s.stack[n - 2] ?? 0n);
      const topics = Array.from({ length: code - 0xa0 }, (_, i) => hexToBytes(numberToHex(s.stack[n - 3 - i] ?? 0n, { size: 32 })));
      if (data) logs.push({ frame, address: s.address.toString(), topics, data, position: frame.calls.length });
    }
    if (code === 0xff && n >= 1) {
      const beneficiary = `0x${(s.stack[n - 1] ?? 0n).toString(16).padStart(40, "0").slice(-40)}`;
      frame.selfdestruct = { ...openFrame({ caller: s.address, to: addr(beneficiary), data: new Uint8Array(), gasLimit: 0n, value: s.account.balance, depth: frame.depth + 1 } as Message, undefined, opts.onlyTopCall), type: "SELFDESTRUCT", parent: frame };
    }
  };
  const after = (r: EVMResult) => {
    const frame = open.pop();
    if (!frame) return;
    closeFrame(frame, r);
    const parent = open[open.length - 1];
    if (!parent) top = frame;
    else if (frame.visible) parent.calls.push(frame);
  };
  const events = chain.vm.evm.events;
  events?.on("beforeMessage", before);
  events?.on("step", step);
  events?.on("afterMessage", after);
  try {
    const out = await run();
    return { out, top, logs };
  } finally {
    events?.off("beforeMessage", before);
    events?.off("step", step);
    events?.off("afterMessage", after);
  }
}

/**
 * The logs that stand, with geth's `index`: clearFailedLogs (call.go @ 02b73d4e) drops the logs of a failed frame and
 * of all under it; `index` is the log's types.Log.Index, the StateDB's logSize when it was added (core/state/statedb.go
 * AddLog), which a reverted frame's journal winds back (journal.go addLogChange.revert: logSize--): on TraceCall's fresh
 * state, the log's place among the call's logs that stand (its receipt's logIndex). Checked against the logs the EVM
 * itself kept for the call: the same, in the same order, or the trace is not answered.
 */
function finishTrace(logs: TraceLog[], kept: Log[]): void {
  const stands = (f: TraceFrame | undefined): boolean => !f || (!f.failed && stands(f.parent));
  const standing = logs.filter((l) => stands(l.frame));
  const same = (l: TraceLog, [a, topics, data]: Log) =>
    hexOf(a) === l.address && topics.length === l.topics.length && topics.every((t, i) => hexOf(t) === hexOf(l.topics[i] ?? new Uint8Array())) && hexOf(data) === hexOf(l.data);
  if (standing.length !== kept.length || standing.some((l, i) => !same(l, kept[i] as Log))) throw new Error(`debug_traceCall: ${standing.length} LOG steps stand, the EVM kept ${kept.length} logs that differ`);
  standing.forEach((l, i) => {
    l.index = i;
    if (l.frame.visible) l.frame.logs.push(l);
  });
}

/** callFrame's JSON (gen_callframe_json.go @ 02b73d4e): field order as geth marshals it, addresses lower-case, hex quantities and bytes. */
function frameJson(f: TraceFrame): Record<string, unknown> {
  return {
    from: f.from.toLowerCase(),
    gas: qty(f.gas),
    gasUsed: qty(f.gasUsed),
    ...(f.to ? { to: f.to.toLowerCase() } : {}),
    input: hexOf(f.input),
    ...(f.output && f.output.length > 0 ? { output: hexOf(f.output) } : {}),
    ...(f.error ? { error: f.error } : {}),
    ...(f.revertReason ? { revertReason: f.revertReason } : {}),
    ...(f.calls.length > 0 ? { calls: f.calls.map(frameJson) } : {}),
    ...(f.logs.length > 0 ? { logs: f.logs.map((l) => ({ address: l.address.toLowerCase(), topics: l.topics.map(hexOf), data: hexOf(l.data), index: qty(l.index ?? 0), position: qty(l.position) })) } : {}),
    ...(f.value !== undefined ? { value: qty(f.value) } : {}),
    type: f.type,
  };
}

/** runTx refused the call before running it (ApplyTransactionWithEVM's error in traceTx): geth's "tracing failed: …". */
function tracingFailed(e: unknown, gasLimit: bigint): RpcError {
  const msg = e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e);
  const want = /minimum gas limit of (\d+)/.exec(msg)?.[1];
  return new RpcError(-32000, want ? `tracing failed: intrinsic gas too low: have ${gasLimit}, want ${want}` : `tracing failed: ${msg}`);
}

/**
 * debug_traceCall with geth's native callTracer (ethereum/go-ethereum eth/tracers/api.go TraceCall and
 * eth/tracers/native/call.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562) or prestateTracer (./prestate.ts): `req` run
 * as eth_call runs it (execAsTx, on a checkpoint reverted after: nothing is committed), `stateOverrides` applied first.
 * A call that fails is still a result (the top frame with `error`, and `output` the revert data for a revert), not a
 * JSON-RPC error. The top frame's `gas` is the call's gas limit and its `gasUsed` the transaction's (callTracer's
 * OnTxStart / OnTxEnd).
 */
export async function traceCall(chain: LocalEvm, req: CallRequest, config: TraceCallConfig | undefined) {
  const tracer = tracerOf(config);
  const gasLimit = req.gas ? BigInt(req.gas) : BLOCK_GAS_LIMIT;
  await chain.vm.stateManager.checkpoint();
  try {
    await applyOverride(chain.vm, config?.stateOverrides);
    if (tracer.name === "prestateTracer") return await prestateTrace(chain, req, gasLimit, tracer.opts);
    const opts = tracer.opts;
    const traced = await withCallTracer(chain, opts, () => execAsTx(chain, req, gasLimit)).catch((e: unknown) => {
      throw tracingFailed(e, gasLimit);
    });
    const { out, top, logs } = traced;
    if (!top) throw new Error("debug_traceCall: the call opened no frame");
    if (opts.withLog) finishTrace(logs, out.result.logs ?? []);
    top.gas = gasLimit;
    top.gasUsed = out.gasUsed;
    return frameJson(top);
  } finally {
    await chain.vm.stateManager.revert();
  }
}

/**
 * debug_traceTransaction(hash, config) of a transaction this node mined, with geth's callTracer (ethereum/go-ethereum
 * eth/tracers/api.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562 TraceTransaction, traceTx): the frames recorded when it
 * ran (`MinedTx.trace`), shown as callTracerConfig asks — onlyTopCall keeps the top frame and its own logs, each at
 * position 0 (call.go's OnEnter / OnLog skip depth > 0, so the top frame has no Calls to count); withLog false, no logs.
 * `config` is the decoded TraceConfig (tracers.TraceConfig: no stateOverrides, blockOverrides or txIndex, which Go's
 * decoder ignores there). A tracer other than callTracer is refused: geth re-runs the block up to the transaction, and
 * this node keeps no state from before it (prestateTracer's answer).
 */
export function traceMined(t: MinedTx, config: TraceCallConfig | undefined): Record<string, unknown> {
  const tracer = tracerOf(config, { type: "TraceConfig", arg: 1 });
  if (tracer.name !== "callTracer") throw new RpcError(-32602, `this local node answers callTracer only for a mined transaction (it keeps no state from before it for ${tracer.name})`);
  if (typeof t.trace === "string") throw new RpcError(-32000, t.trace);
  const opts = tracer.opts;
  const view = (f: TraceFrame): TraceFrame => ({
    ...f,
    calls: opts.onlyTopCall ? [] : f.calls.map(view),
    logs: !opts.withLog ? [] : opts.onlyTopCall ? f.logs.map((l) => ({ ...l, position: 0 })) : f.logs,
  });
  return frameJson(view(t.trace));
}

/** The coinbase of the block execAsTx runs a call in: its header sets none, so the zero address (prestateTracer looks it up). */
const CALL_COINBASE = `0x${"00".repeat(20)}`;

/**
 * prestateTracer over one call, on the overridden state: what the call touches is recorded while it runs (on a
 * checkpoint of its own), read after it, then read again once that checkpoint is reverted — the state it started from.
 */
async function prestateTrace(chain: LocalEvm, req: CallRequest, gasLimit: bigint, opts: PrestateOptions) {
  const sm = chain.vm.stateManager;
  await sm.checkpoint();
  let touched: Touched;
  let post: Awaited<ReturnType<typeof readTouched>>;
  try {
    const from = req.from ?? `0x${"00".repeat(20)}`;
    const run = () => execAsTx(chain, req, gasLimit);
    touched = (await trackTouched(chain.vm, { from, to: req.to, coinbase: CALL_COINBASE }, run).catch((e: unknown) => {
      throw tracingFailed(e, gasLimit);
    })).touched;
    post = await readTouched(chain.vm, touched);
  } finally {
    await sm.revert();
  }
  return prestateResult(await readTouched(chain.vm, touched), post, touched, opts);
}
