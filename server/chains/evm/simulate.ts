// EVM simulation before signing (contract §8): a plan's calls from the owner, in order, through the configured RPC.
// 1. eth_simulateV1 (the steps on one state, each seeing the one before) when the RPC offers it: one round trip.
// 2. Otherwise each step alone with eth_call and eth_estimateGas, the plan's earlier steps applied as state overrides:
//    an approval at the token's allowance slot, found by asking the token itself: allowance(owner, spender) with a
//    marker written at each candidate slot of a Solidity `mapping(owner => mapping(spender => uint))` (one batch); the
//    first slot that makes allowance() answer the marker is the one. Any other step (a fee transfer before a burn) as
//    the state after it, from geth's prestateTracer in diffMode (./state-after.ts), asked in the batch that simulates
//    it: the steps after it go in the next batch, one round trip more per such step.
// `gasEstimate` is eth_estimateGas's answer (a gas limit the step succeeds with) on the per-step path, and the gas the
// step used on the eth_simulateV1 path (that method reports usage, not a limit; wallets add their own margin).
// A revert is `failed` with the decoded reason (Error(string), Panic(uint256), or a custom error of the venues' ABIs);
// an unreachable RPC, a timeout, or an RPC that offers neither eth_simulateV1 nor eth_estimateGas is `unavailable` with
// the reason, and no gas figure is invented.
// Balance changes (issue 23): on the eth_simulateV1 path, from the ERC-20 Transfer and Approval logs each call emitted
// (asked with traceTransfers). eth_call returns no logs, so the per-step path also asks, in the same batch, each step's
// debug_traceCall with geth's callTracer and withLog (the same state overrides): its frames' logs in execution order and
// each frame's value as an ETH transfer are read by the same reader; an RPC without it leaves them `unavailable` (one
// that answered "no such method" is not asked again), and the steps after a step that is not an approval unsimulated.
import { type Abi, decodeEventLog, encodeEventTopics, getAddress, decodeErrorResult, decodeFunctionData, encodeAbiParameters, encodeFunctionData, erc20Abi, type Hex, keccak256, parseAbi, toHex } from "viem";
import type { PlanTransaction } from "../transaction";
import { errorLine, rpcUrlOf, withRpcTimeout } from "../clients";
import { type EvmCall, isEvmChain } from "../evm";
import { type Simulation, simulationFailed, simulationUnavailable } from "../simulation";
import { type BalanceChange, changedAsset, changesUnavailable, type SimulatedBurn, type SimulatedChanges } from "../changes";
import { messageSentOf, sentBurnOf } from "../cctp-messages";
import { MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_V2 } from "../../../lib/cctp-ids";
import type { ChainId } from "../address";
import { isMethodMissing, isRevert, type RpcCall, type RpcReply, RpcUnreachable, rpcBatch } from "./rpc";
import { approvalOverride, composeOverrides, prestateDiffCall, type StateOverride, stateAfter } from "./state-after";

/**
 * Custom errors of the ERC-20 tokens the plans move (OpenZeppelin 5, draft-IERC6093.sol), for tokens built on it: the
 * IERC20Errors of `@openzeppelin/contracts` 5.0.0 (build/contracts/IERC20Errors.json), as ./token-errors.test.ts proves.
 */
export const TOKEN_ERRORS = [
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
  "error ERC20InvalidSender(address sender)",
  "error ERC20InvalidReceiver(address receiver)",
  "error ERC20InvalidApprover(address approver)",
  "error ERC20InvalidSpender(address spender)",
];

/**
 * Custom errors the plans' contracts revert with, decoded by name: each venue's own (its module's `revertErrors`, e.g.
 * Aave v3.4+ in server/venues/aave-v3/errors.ts, Comet in server/venues/compound-v3/errors.ts), then the tokens'.
 * Error(string) and Panic(uint256) are decoded by viem itself.
 */
let revertAbi: Abi = parseAbi(TOKEN_ERRORS);

/** The venues' custom errors: set once by server/venues/index.ts from the venue list (the chain layer names no venue). */
export function setVenueRevertErrors(signatures: readonly string[]): void {
  revertAbi = parseAbi([...new Set([...signatures, ...TOKEN_ERRORS])]);
}

/** Candidate base slots of the allowance mapping (OpenZeppelin ERC20: 1; Circle's FiatToken: 10). */
const ALLOWANCE_SLOTS = 32;
const MARKER = 0x5ca1ab1e5ca1ab1e5ca1ab1en;

/** The revert bytes, decoded: `Error(string)` → its text, `Panic(uint256)` → the code, a known custom error → its name and arguments. */
export function decodeRevert(data: string | null, message: string): string {
  if (!data || data === "0x") {
    const reason = message.replace(/^execution reverted:?\s*/i, "").trim();
    return reason && reason !== message ? `reverted: ${reason}` : reason ? message : "execution reverted (no reason given)";
  }
  try {
    const d = decodeErrorResult({ abi: revertAbi, data: data as Hex });
    if (d.errorName === "Error") return `reverted: ${String(d.args?.[0])}`;
    if (d.errorName === "Panic") return `reverted: Panic(0x${(d.args?.[0] as bigint).toString(16)})`;
    const args = (d.args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : String(a)));
    return `reverted: ${d.errorName}(${args.join(", ")})`;
  } catch {
    return `reverted with unrecognised data ${data.slice(0, 74)}${data.length > 74 ? "…" : ""}`;
  }
}

function allowanceSlot(owner: Hex, spender: Hex, base: number): Hex {
  const inner = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, BigInt(base)]));
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [spender, inner]));
}

interface Approval {
  token: Hex;
  spender: Hex;
  amount: bigint;
}

function approvalOf(call: EvmCall): Approval | null {
  try {
    const d = decodeFunctionData({ abi: erc20Abi, data: call.data });
    if (d.functionName !== "approve") return null;
    const [spender, amount] = d.args;
    return { token: call.to, spender, amount };
  } catch {
    return null;
  }
}

const txOf = (from: Hex, c: EvmCall) => ({ from, to: c.to, data: c.data, value: toHex(BigInt(c.value)) });

const ok = (gas: bigint, changes: SimulatedChanges): Simulation => ({ status: "ok", gasEstimate: gas.toString(), fee: null, logs: null, error: null, at: new Date().toISOString(), changes });

type EvmLog = { address: string; topics: Hex[]; data: Hex };

/** The CCTP burns a call's logs send: each MessageSent of the chain's MessageTransmitter (V1 or V2) carrying a burn message. */
function burnsOf(chain: ChainId, logs: EvmLog[]): SimulatedBurn[] {
  const transmitters = [MESSAGE_TRANSMITTER[chain], MESSAGE_TRANSMITTER_V2].filter((t): t is string => t !== undefined);
  return logs.flatMap((log) =>
    transmitters.flatMap((transmitter) => {
      const message = messageSentOf(log, transmitter);
      const b = message ? sentBurnOf(message) : null;
      return b ? [{ transmitter: getAddress(transmitter), destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount.toString() }] : [];
    }),
  );
}

/**
 * The emitter of the Transfer logs eth_simulateV1's traceTransfers adds for each ETH transfer (value of the call and of
 * inner calls): paradigmxyz/revm-inspectors @ 95a25ac8809ca76e1e540016309e2bbf6e6ef2ca src/transfer.rs
 * TRANSFER_LOG_EMITTER, "per `eth_simulateV1` spec" (ethereum/execution-apis PR 484), checksummed.
 */
// paradigmxyz/revm-inspectors src/transfer.rs @ 95a25ac8809ca76e1e540016309e2bbf6e6ef2ca: TRANSFER_LOG_EMITTER.
const TRANSFER_LOG_EMITTER = getAddress("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");

/**
 * One call's ERC-20 effects from its logs: each Transfer is a change for its sender and its receiver (a mint's sender
 * and a burn's receiver are the zero address) and a transfer listed as it happened; each Approval an approval; each
 * CCTP MessageSent a burn (where it mints).
 */
export function evmChanges(chain: ChainId, logs: EvmLog[], source = V1_SOURCE): SimulatedChanges {
  const net = new Map<string, BalanceChange & { sum: bigint }>();
  const transfers: { token: string; from: string; to: string; amount: string }[] = [];
  const approvals: { token: string; spender: string; amount: string }[] = [];
  const add = (owner: string, token: string, amount: bigint) => {
    const key = `${owner}|${token}`;
    const prior = net.get(key) ?? { owner, asset: changedAsset(chain, token), amount: "0", sum: 0n };
    prior.sum += amount;
    net.set(key, prior);
  };
  for (const log of logs) {
    let ev: ReturnType<typeof decodeEventLog<typeof erc20Abi>>;
    try {
      ev = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    } catch {
      continue; // not an ERC-20 Transfer/Approval (a venue's own event)
    }
    // traceTransfers' ETH transfers are Transfer logs of TRANSFER_LOG_EMITTER: the native asset, not a token.
    const token = getAddress(log.address) === TRANSFER_LOG_EMITTER ? "native" : getAddress(log.address);
    if (ev.eventName === "Transfer") {
      transfers.push({ token, from: ev.args.from, to: ev.args.to, amount: ev.args.value.toString() });
      add(ev.args.from, token, -ev.args.value);
      add(ev.args.to, token, ev.args.value);
    } else if (ev.eventName === "Approval") approvals.push({ token, spender: ev.args.spender, amount: ev.args.value.toString() });
  }
  const balanceChanges = [...net.values()].filter((c) => c.sum !== 0n).map(({ sum, ...c }) => ({ ...c, amount: sum.toString() }));
  return { status: "ok", balanceChanges, approvals, transfers, burns: burnsOf(chain, logs), source, reason: null };
}

const V1_SOURCE = "EVM RPC: eth_simulateV1 (traceTransfers) ERC-20 Transfer and Approval logs, ETH transfers as its Transfer logs";
const TRACE_SOURCE = "EVM RPC: debug_traceCall (callTracer, withLog) ERC-20 Transfer and Approval logs, ETH transfers as each call frame's value";

/**
 * A call frame of geth's callTracer (ethereum/go-ethereum eth/tracers/native/call.go @
 * 02b73d4ea7181464175e0a6cbecc0a3a2655a562: callFrame, callLog): its type, parties and value, its error when it failed,
 * its subcalls and, with withLog, its logs, each with `position`, the number of the frame's subcalls made before it.
 */
interface TraceFrame {
  type?: string;
  from?: string;
  to?: string;
  value?: string;
  error?: string;
  calls?: TraceFrame[];
  logs?: { address: string; topics: Hex[]; data: Hex; position?: string }[];
}

/**
 * The logs of a traced call in execution order, as eth_simulateV1 with traceTransfers gives them: each frame's ETH
 * value as a Transfer log of TRANSFER_LOG_EMITTER at the frame's start (a DELEGATECALL or STATICCALL moves none), then
 * its own logs interleaved with its subcalls by `position`. A failed frame contributes nothing (its state and value are
 * reverted; geth's clearFailedLogs drops its logs and its descendants').
 */
export function traceLogs(frame: TraceFrame, out: EvmLog[] = []): EvmLog[] {
  if (frame.error) return out;
  const value = BigInt(frame.value ?? "0x0");
  if (value > 0n && frame.from && frame.to && frame.type !== "DELEGATECALL" && frame.type !== "STATICCALL") {
    const topics = encodeEventTopics({ abi: erc20Abi, eventName: "Transfer", args: { from: frame.from as Hex, to: frame.to as Hex } }) as Hex[];
    out.push({ address: TRANSFER_LOG_EMITTER, topics, data: toHex(value, { size: 32 }) });
  }
  const calls = frame.calls ?? [];
  const logs = frame.logs ?? [];
  for (let i = 0; i <= calls.length; i++) {
    for (const l of logs) if (Number(l.position ?? "0x0") === i) out.push({ address: l.address, topics: l.topics, data: l.data });
    const sub = calls[i];
    if (sub) traceLogs(sub, out);
  }
  return out;
}

/** The balance changes of one step from its debug_traceCall reply. */
function tracedChanges(chain: ChainId, r: RpcReply | undefined): SimulatedChanges {
  if (!r || isMethodMissing(r)) return changesUnavailable("The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known.");
  if (!r.ok) return changesUnavailable(`The RPC's debug_traceCall answered ${r.code} ${errorLine(r.message, 120)}, so the balance changes are not known.`);
  const frame = r.result as TraceFrame | null;
  if (!frame || typeof frame !== "object") return changesUnavailable("The RPC's debug_traceCall gave no call frame.");
  // The step passed eth_call; a trace of it that failed is not a trace of what the owner signs.
  if (frame.error) return changesUnavailable(`The RPC's debug_traceCall reports the call failing (${errorLine(frame.error, 120)}) where eth_call succeeded, so the balance changes are not known.`);
  return evmChanges(chain, traceLogs(frame), TRACE_SOURCE);
}

/** RPC URLs that answered "no such method" to eth_simulateV1: asked once, then the per-step path directly. */
const noSimulateV1 = new Set<string>();
/** RPC URLs whose eth_simulateV1 answered: the allowance probes of the per-step path are not sent beside it. */
const hasSimulateV1 = new Set<string>();

const simulateV1Call = (from: Hex, calls: EvmCall[]): RpcCall => ({
  method: "eth_simulateV1",
  params: [{ blockStateCalls: [{ calls: calls.map((c) => txOf(from, c)) }], validation: false, traceTransfers: true }, "latest"],
});

/** eth_simulateV1's answer read as one Simulation per call, or null to fall back to the per-step path. */
function readSimulateV1(url: string, chain: ChainId, r: RpcReply | undefined, count: number): Simulation[] | null {
  if (!r || isMethodMissing(r)) {
    noSimulateV1.add(url);
    return null;
  }
  if (!r.ok) return null; // any other refusal: fall back to the per-step path, which says why if it also fails
  const block = (r.result as { calls?: { status: string; gasUsed: string; returnData?: string; logs?: EvmLog[]; error?: { message?: string; data?: string } }[] }[])[0];
  const results = block?.calls ?? [];
  if (results.length !== count) return null;
  hasSimulateV1.add(url);
  let failedBefore: string | null = null;
  return results.map((c) => {
    if (failedBefore) return simulationUnavailable(`Not simulated: an earlier step of the plan fails (${failedBefore}).`);
    if (c.status === "0x1") return ok(BigInt(c.gasUsed), c.logs ? evmChanges(chain, c.logs) : changesUnavailable("The RPC's eth_simulateV1 answer has no logs."));
    const reason = decodeRevert(c.error?.data ?? c.returnData ?? null, c.error?.message ?? "execution reverted");
    failedBefore = reason;
    return simulationFailed(`eth_simulateV1: ${reason}`);
  });
}

/**
 * The probe for the allowance slot of `token` for (owner, spender), one eth_call: every candidate slot gets its own
 * marker (MARKER + candidate), and the marker allowance() answers names the slot (`read`: null when none matches).
 */
function allowanceSlotProbe(owner: Hex, a: Approval): { call: RpcCall; read: (r: RpcReply | undefined) => Hex | null } {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [owner, a.spender] });
  const candidates = Array.from({ length: ALLOWANCE_SLOTS }, (_, base) => allowanceSlot(owner, a.spender, base));
  const stateDiff = Object.fromEntries(candidates.map((slot, base) => [slot, toHex(MARKER + BigInt(base), { size: 32 })]));
  return {
    call: { method: "eth_call", params: [{ to: a.token, data }, "latest", { [a.token]: { stateDiff } }] },
    read: (r) => {
      if (!r?.ok || typeof r.result !== "string" || r.result === "0x") return null;
      const base = BigInt(r.result) - MARKER;
      return base >= 0n && base < BigInt(ALLOWANCE_SLOTS) ? (candidates[Number(base)] ?? null) : null;
    },
  };
}

/** RPC URLs that answered "no such method" to debug_traceCall: asked no more (the per-step path then reads no logs). */
const noTraceCall = new Set<string>();

/**
 * One wave of the per-step path from step `start`, which sees the state `before`: the steps that need nothing more than
 * it and the approvals among them (each applied at its allowance slot to the steps after it), up to the first step
 * whose effect the later steps can only have from a trace of it (not an approval, or one whose slot was not found), or
 * the plan's last. `overrides[k]` is the state step start + k sees.
 */
function waveFrom(start: number, before: StateOverride, approvals: (Approval | null)[], slots: (Hex | null)[]): { overrides: StateOverride[]; end: number } {
  const overrides = [before];
  let i = start;
  while (i < approvals.length - 1) {
    const a = approvals[i];
    const slot = slots[i];
    if (!a || !slot) break;
    overrides.push(composeOverrides(overrides[overrides.length - 1] ?? {}, approvalOverride(a.token, slot, a.amount)));
    i++;
  }
  return { overrides, end: i };
}

/** One step from its eth_call, eth_estimateGas and callTracer replies. */
function stepOf(chain: ChainId, call: RpcReply, est: RpcReply, traced: RpcReply | undefined): Simulation {
  for (const r of [call, est]) {
    if (r.ok) continue;
    if (isRevert(r)) return simulationFailed(decodeRevert(r.data, r.message));
    return simulationUnavailable(`Not simulated: the chain's RPC answered ${r.code} ${errorLine(r.message, 120)}.`);
  }
  if (!est.ok || typeof est.result !== "string") return simulationUnavailable("Not simulated: eth_estimateGas gave no figure.");
  return ok(BigInt(est.result), tracedChanges(chain, traced));
}

/**
 * The per-step path, in waves (./state-after.ts): each step by eth_call, eth_estimateGas and debug_traceCall with the
 * callTracer's logs (geth's TraceCallConfig, eth/tracers/api.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562), on the
 * state the steps before it leave as stateOverrides: an approval at its allowance slot; any other step as the state
 * after it, from a prestateTracer diffMode trace of it sent in the same batch. A wave's calls go in one batch; the
 * steps after a wave's last need its trace, so they go in the next batch: one round trip per such step.
 */
async function viaCallAndEstimate(url: string, chain: ChainId, from: Hex, calls: EvmCall[], approvals: (Approval | null)[], slots: (Hex | null)[], signal: AbortSignal): Promise<Simulation[]> {
  const out: Simulation[] = [];
  const rest = (why: string) => [...out, ...calls.slice(out.length).map(() => simulationUnavailable(why))];
  let before: StateOverride = {};
  while (out.length < calls.length) {
    const start = out.length;
    const { overrides, end } = waveFrom(start, before, approvals, slots);
    const traces = !noTraceCall.has(url);
    const batch: RpcCall[] = [];
    const at = overrides.map((o, k) => {
      const tx = txOf(from, calls[start + k] as EvmCall);
      const extra = Object.keys(o).length ? [o] : [];
      const i = batch.push({ method: "eth_call", params: [tx, "latest", ...extra] }, { method: "eth_estimateGas", params: [tx, "latest", ...extra] });
      if (traces) batch.push({ method: "debug_traceCall", params: [tx, "latest", { tracer: "callTracer", tracerConfig: { withLog: true }, ...(extra.length ? { stateOverrides: o } : {}) }] });
      return { call: i - 2, est: i - 1, trace: traces ? i : null };
    });
    const needAfter = end < calls.length - 1;
    const diffAt = needAfter && traces ? batch.push(prestateDiffCall(txOf(from, calls[end] as EvmCall), overrides[overrides.length - 1] ?? {})) - 1 : null;
    const replies = await rpcBatch(url, batch, signal);
    if (at.some((x) => isMethodMissing(replies[x.est] as RpcReply))) {
      return calls.map(() => simulationUnavailable("Not simulated: the chain's RPC offers neither eth_simulateV1 nor eth_estimateGas; your wallet's own estimate is the check."));
    }
    // Judged by the callTracer's replies: a provider that refuses one tracer by name still offers the method.
    if (at.some((x) => x.trace !== null && isMethodMissing(replies[x.trace] as RpcReply))) noTraceCall.add(url);
    for (const x of at) {
      const sim = stepOf(chain, replies[x.call] as RpcReply, replies[x.est] as RpcReply, x.trace === null ? undefined : replies[x.trace]);
      out.push(sim);
      if (sim.status === "failed") return rest(`Not simulated: an earlier step of the plan fails (${sim.error}).`);
    }
    if (!needAfter) break;
    const what = `step ${end + 1} of the plan (${approvals[end] ? "an approval whose allowance slot was not found" : "not an approval"})`;
    if (out[end]?.status !== "ok") return rest(`Not simulated: ${what} was not simulated, so the state after it is not known.`);
    const after = diffAt === null ? { why: "the RPC offers no debug_traceCall" } : stateAfter(replies[diffAt]);
    if ("why" in after) return rest(`Not simulated: the state after ${what} could not be had from a prestateTracer trace of it: ${after.why}.`);
    before = composeOverrides(overrides[overrides.length - 1] ?? {}, after.override);
  }
  return out;
}

/** The `evm-call` simulator (server/chains/simulate.ts): `txs` in plan order, all signed by `signer`. */
export async function simulateEvm(txs: PlanTransaction[], signer: string): Promise<Simulation[]> {
  const chain = txs[0]?.chain;
  if (!chain || !isEvmChain(chain) || txs.some((t) => t.chain !== chain)) {
    return txs.map(() => simulationUnavailable("Not simulated: the plan's EVM calls are not all on one EVM chain."));
  }
  const url = rpcUrlOf(chain);
  const from = signer as Hex;
  const calls = txs.map((t) => t.payload as EvmCall);
  const approvals = calls.map(approvalOf);
  // An approval that precedes another step is applied to the later steps as a state override at its allowance slot.
  const probes = approvals.map((a, i) => (a && i < calls.length - 1 ? allowanceSlotProbe(from, a) : null));
  const askV1 = !noSimulateV1.has(url);
  // Until the RPC is known to run eth_simulateV1, the allowance probes ride in its batch: the per-step fallback then
  // costs one round trip more, not two.
  const probeNow = !hasSimulateV1.has(url);
  try {
    return await withRpcTimeout(async (signal) => {
      const probeCalls = probes.flatMap((p) => (p ? [p.call] : []));
      const replies = await rpcBatch(url, [...(askV1 ? [simulateV1Call(from, calls)] : []), ...(probeNow ? probeCalls : [])], signal);
      if (askV1) {
        const sims = readSimulateV1(url, chain, replies[0], calls.length);
        if (sims) return sims;
      }
      const probeReplies = probeNow ? replies.slice(askV1 ? 1 : 0) : await rpcBatch(url, probeCalls, signal);
      let k = 0;
      const slots = probes.map((p) => (p ? p.read(probeReplies[k++]) : null));
      return viaCallAndEstimate(url, chain, from, calls, approvals, slots, signal);
    });
  } catch (e) {
    const why = e instanceof RpcUnreachable ? e.message : errorLine(e);
    return txs.map(() => simulationUnavailable(`Not simulated: ${why}.`));
  }
}
