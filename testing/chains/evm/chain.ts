// The local EVM's chain (what testing/chains/evm/node.ts serves): its state (the VM, the mined blocks and
// transactions, the clock, the dev accounts) and what runs on it — a call, a gas estimate, eth_simulateV1, a mined
// transaction, a dev account's signature, a set-up call. The JSON-RPC method table is in ./methods.ts.
import { createBlock } from "@ethereumjs/block";
import { type Common, createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createTx, type TypedTransaction } from "@ethereumjs/tx";
import { Account, type Address, createAddressFromString, privateToAddress } from "@ethereumjs/util";
import type { EVMResult, InterpreterStep, Log, Message } from "@ethereumjs/evm";
import { createVM, runTx, type VM } from "@ethereumjs/vm";
import { bytesToHex, getAddress, type Hex, hexToBytes, keccak256, numberToHex, toHex } from "viem";

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
  return { chainId: opts.chainId, common, vm, genesis, blocks: [genesis], txs: new Map(), clock, unlocked };
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

async function applyOverride(vm: VM, o: StateOverride | undefined) {
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
  let result: Awaited<ReturnType<typeof runTx>>;
  try {
    result = await runTx(chain.vm, { tx, block, skipHardForkValidation: true });
  } catch (e) {
    // runTx refuses before executing: nonce, balance, fee cap below the base fee, gas limit below intrinsic.
    const msg = e instanceof Error ? e.message : String(e);
    if (/nonce/i.test(msg)) throw new RpcError(-32000, `nonce too low or too high: ${msg.split("\n")[0]}`);
    if (/balance|upfront/i.test(msg)) throw new RpcError(-32000, `insufficient funds for gas * price + value: ${msg.split("\n")[0]}`);
    throw new RpcError(-32000, msg.split("\n")[0] ?? "invalid transaction");
  }
  const blockHash = keccak256(toHex(`${chain.chainId}-block-${number}-${hash}`));
  chain.txs.set(hash, minedTx(tx, hash, number, blockHash, result));
  chain.blocks.push({ number, hash: blockHash, parentHash: head(chain).hash, timestamp: chain.clock, txs: [hash], gasUsed: result.totalGasSpent });
  return hash;
}

/** What `mine` keeps of a transaction and its run (the receipt's and eth_getTransactionByHash's fields). */
function minedTx(tx: TypedTransaction, hash: Hex, number: bigint, blockHash: Hex, result: Awaited<ReturnType<typeof runTx>>): MinedTx {
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
      await applyOverride(chain.vm, bsc.stateOverrides);
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
