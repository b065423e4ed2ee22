// What a mined EVM transaction moved (issue 23 item 1, after execution), read in one JSON-RPC batch: its receipt
// (status, sender, logs, gas and fee fields), the transaction (from, to, value) and, where the RPC offers it,
// debug_traceTransaction with geth's callTracer. The same reader as the simulation's: the receipt's ERC-20 Transfer and
// Approval logs and each call frame's ETH value (traceLogs, the trace path's walk) read by evmChanges; then the
// network fee the sender paid, as its receipt states it, taken from the sender's ETH. Without the trace, only the
// transaction's own value to its recipient is known, and the changes say so; where the fee or the value is not known,
// no ETH change is given at all, and the reason says why.
import { getAddress, type Hex } from "viem";
import type { ChainId } from "../address";
import { type BalanceChange, changedAsset, type SimulatedChanges } from "../changes";
import { errorLine, rpcUrlOf, withRpcTimeout } from "../clients";
import { isMethodMissing, type RpcReply, RpcUnreachable, rpcBatch } from "./rpc";
import { evmChanges, traceLogs } from "./simulate";

/** An EVM log as the receipt gives it: the emitting contract, its topics and data. */
export interface EvmLog {
  address: string;
  topics: Hex[];
  data: Hex;
}

export type ExecutedEvm =
  | {
      state: "final";
      sender: string | null;
      /** The receipt's logs, as they are. */
      logs: EvmLog[];
      /** ERC-20 changes from the logs; ETH changes (the fee taken from the sender) when known, else why not in `reason`. */
      changes: SimulatedChanges;
      /** The network fee the changes take from the sender's ETH (0 when they give no ETH change). */
      fee: bigint;
    }
  | { state: "pending"; reason: string }
  | { state: "failed"; reason: string };

/**
 * The receipt's fields read here: geth's (ethereum/go-ethereum internal/ethapi/api.go @
 * 02b73d4ea7181464175e0a6cbecc0a3a2655a562 MarshalReceipt: from, to, type, status, gasUsed, effectiveGasPrice,
 * contractAddress, logs; blobGasUsed and blobGasPrice for a blob transaction) and op-geth's (ethereum-optimism/op-geth
 * internal/ethapi/api.go @ 7b56c731573a32af0beedc5f38dbe7ca9d96630a marshalReceipt: l1Fee on a non-deposit
 * transaction; from Isthmus, operatorFeeScalar and operatorFeeConstant, the gasParams of
 * ethereum-optimism/op-geth core/types/rollup_cost.go @ 9cc4cbc29aa319581eb31867ab4805a3d1ba45f6
 * extractL1GasParamsPostIsthmus). Arbitrum's receipts (OffchainLabs/go-ethereum internal/ethapi/api.go @
 * 49b38a638a91f91f0fdb8be5f740c69f8d6abefc MarshalReceipt) add gasUsedForL1, already inside gasUsed.
 */
interface EvmReceipt {
  status?: string;
  from?: string;
  to?: string | null;
  type?: string;
  contractAddress?: string | null;
  gasUsed?: string;
  effectiveGasPrice?: string;
  blobGasUsed?: string;
  blobGasPrice?: string;
  l1Fee?: string | null;
  operatorFeeScalar?: string;
  operatorFeeConstant?: string;
  logs?: { address?: string; topics?: string[]; data?: string }[];
}

/** eth_getTransactionByHash's fields read here (geth's RPCTransaction, internal/ethapi/api.go @ 02b73d4e). */
interface EvmTransaction {
  from?: string;
  to?: string | null;
  value?: string;
}

/** A hex quantity, or null when absent or not one. */
const quantity = (v: unknown): bigint | null => (typeof v === "string" && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : null);

/**
 * The transaction types whose sender pays value and gas from its balance: Ethereum's, legacy to set-code.
 * Others are paid otherwise: an OP-stack deposit (0x7e) mints ETH from L1, Arbitrum's system types (0x64–0x6a, 0x78)
 * are paid from L1 or escrow.
 */
// ethereum/go-ethereum core/types/transaction.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562: LegacyTxType 0x00 … SetCodeTxType 0x04.
const SENDER_PAID_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x04]);

/**
 * The network fee the sender paid, as the receipt states it: gasUsed × effectiveGasPrice (what geth's state
 * transition takes for the gas used; on Arbitrum gasUsed includes the L1 poster's gas and effectiveGasPrice is the base
 * fee when tips are not collected: OffchainLabs/go-ethereum core/state_transition.go and core/types/receipt.go
 * DeriveFields @ 49b38a638a91f91f0fdb8be5f740c69f8d6abefc), plus an OP-stack receipt's l1Fee (op-geth's buyGas takes it
 * from the sender with the gas: ethereum-optimism/op-geth core/state_transition.go @
 * 7b56c731573a32af0beedc5f38dbe7ca9d96630a) and a blob transaction's blobGasUsed × blobGasPrice. Not known for a type
 * its sender does not pay this way, without effectiveGasPrice, or with an OP-stack operator fee that is not zero (its
 * formula is the hardfork's — Isthmus's gasUsed × operatorFeeScalar / 1e6 + operatorFeeConstant, op-geth
 * rollup_cost.go @ 9cc4cbc2 NewOperatorCostFunc, which later hardforks may change — and the receipt names no hardfork).
 */
function feeOf(r: EvmReceipt): { fee: bigint; source: string } | { why: string } {
  const type = r.type === undefined ? 0n : quantity(r.type);
  if (type === null || !SENDER_PAID_TYPES.has(Number(type))) {
    return { why: `the transaction's type ${String(r.type)} is not one whose sender pays value and gas from its balance (an OP-stack deposit or an Arbitrum system transaction)` };
  }
  const gasUsed = quantity(r.gasUsed);
  const price = quantity(r.effectiveGasPrice);
  if (gasUsed === null || price === null) return { why: "the receipt gives no gasUsed or effectiveGasPrice, so the network fee is not known" };
  if ((quantity(r.operatorFeeScalar) ?? 0n) !== 0n || (quantity(r.operatorFeeConstant) ?? 0n) !== 0n) {
    return { why: "the receipt carries an OP-stack operator fee, whose formula depends on the chain's hardfork at the block, so the network fee is not known exactly" };
  }
  const parts = ["gasUsed × effectiveGasPrice"];
  let fee = gasUsed * price;
  const l1Fee = quantity(r.l1Fee);
  if (l1Fee !== null) {
    fee += l1Fee;
    parts.push("l1Fee");
  }
  const blobGas = quantity(r.blobGasUsed);
  const blobPrice = quantity(r.blobGasPrice);
  if (blobGas !== null && blobPrice !== null) {
    fee += blobGas * blobPrice;
    parts.push("blobGasUsed × blobGasPrice");
  }
  return { fee, source: parts.join(" + ") };
}

/** A callTracer frame as traceLogs reads it. */
type Frame = Parameters<typeof traceLogs>[0];

/** Why the trace gives no ETH movements (the RPC's words), or the frame. */
function traceOf(reply: RpcReply | undefined): { frame: Frame } | { why: string } {
  if (!reply || isMethodMissing(reply)) return { why: "the RPC has no debug_traceTransaction" };
  if (!reply.ok) return { why: `the RPC's debug_traceTransaction answered ${reply.code} ${errorLine(reply.message, 120)}` };
  const frame = reply.result as Frame | null;
  if (!frame || typeof frame !== "object") return { why: "the RPC's debug_traceTransaction gave no call frame" };
  // The receipt says it succeeded; a trace that says otherwise is not a trace of it.
  if (frame.error) return { why: `the RPC's debug_traceTransaction reports the transaction failing (${errorLine(frame.error, 120)}) where its receipt says it succeeded` };
  return { frame };
}

/**
 * The ETH the transaction moved, as Transfer logs of traceTransfers' emitter (what evmChanges reads as the native
 * asset): every call frame's value from the trace; without it, the transaction's own value to its recipient (the
 * contract it created, for a creation), saying that internal movements are not known; neither, why.
 */
function ethMovements(r: EvmReceipt, tx: RpcReply | undefined, trace: RpcReply | undefined): { logs: EvmLog[]; source: string; reason: string | null } | { why: string } {
  const traced = traceOf(trace);
  if ("frame" in traced) return { logs: traceLogs(traced.frame), source: "debug_traceTransaction (callTracer) each call frame's value", reason: null };
  const t = tx?.ok ? (tx.result as EvmTransaction | null) : null;
  const value = quantity(t?.value);
  const from = t?.from ?? r.from;
  const to = t?.to ?? r.contractAddress ?? undefined;
  if (!t || value === null || !from || (value > 0n && !to)) {
    const asked = !tx ? "gave no answer" : tx.ok ? "gave no transaction with its value" : `answered ${tx.code} ${errorLine(tx.message, 120)}`;
    return { why: `the transaction's value is not known: eth_getTransactionByHash ${asked}, and ${traced.why}` };
  }
  return {
    logs: traceLogs({ type: "CALL", from, to, value: t.value }),
    source: "eth_getTransactionByHash the transaction's value to its recipient",
    reason: `Internal ETH movements (value the called contracts send on) are not known: ${traced.why}; only the transaction's own value is shown.`,
  };
}

/** `changes` with `fee` taken from `sender`'s ETH. */
function lessFee(chain: ChainId, changes: SimulatedChanges, sender: string, fee: bigint): SimulatedChanges {
  const list: BalanceChange[] = [...(changes.balanceChanges ?? [])];
  const i = list.findIndex((c) => c.asset.id === "native" && c.owner.toLowerCase() === sender.toLowerCase());
  const prior = list[i];
  const amount = (prior ? BigInt(prior.amount) : 0n) - fee;
  if (prior) list.splice(i, 1);
  if (amount !== 0n) list.splice(i < 0 ? list.length : i, 0, { owner: prior?.owner ?? getAddress(sender), asset: changedAsset(chain, "native"), amount: amount.toString() });
  return { ...changes, balanceChanges: list };
}

const LOGS_SOURCE = "EVM RPC: eth_getTransactionReceipt logs (ERC-20 Transfer and Approval)";

/** The final reading of a successful receipt and its transaction and trace replies. */
function finalOf(chain: ChainId, r: EvmReceipt, tx: RpcReply | undefined, trace: RpcReply | undefined): Extract<ExecutedEvm, { state: "final" }> {
  const logs: EvmLog[] = (r.logs ?? []).flatMap((l) => (l.address && l.topics?.length ? [{ address: l.address, topics: l.topics as Hex[], data: (l.data || "0x") as Hex }] : []));
  const t = tx?.ok ? (tx.result as EvmTransaction | null) : null;
  const sender = r.from ?? t?.from ?? null;
  const fee = feeOf(r);
  const eth = ethMovements(r, tx, trace);
  if ("why" in fee || "why" in eth || !sender) {
    const why = "why" in fee ? fee.why : "why" in eth ? eth.why : "the receipt names no sender";
    return { state: "final", sender, logs, fee: 0n, changes: { ...evmChanges(chain, logs, LOGS_SOURCE), reason: `ETH changes are not known: ${why}.` } };
  }
  const changes = evmChanges(chain, [...eth.logs, ...logs], `${LOGS_SOURCE}; ETH: ${eth.source}, and the sender's network fee (${fee.source})`);
  return { state: "final", sender, logs, fee: fee.fee, changes: { ...lessFee(chain, changes, sender, fee.fee), reason: eth.reason } };
}

/** RPC URLs that answered "no such method" to debug_traceTransaction: not asked again (as the simulation's memos). */
const noTraceTransaction = new Set<string>();

/** Reads `hash` on `chain`: final with what it moved, failed (reverted), or pending with the reason. */
export async function readExecutedEvm(chain: ChainId, hash: string): Promise<ExecutedEvm> {
  const url = rpcUrlOf(chain);
  const traced = !noTraceTransaction.has(url);
  let replies: RpcReply[];
  try {
    replies = await withRpcTimeout((signal) =>
      rpcBatch(
        url,
        [
          { method: "eth_getTransactionReceipt", params: [hash] },
          { method: "eth_getTransactionByHash", params: [hash] },
          ...(traced ? [{ method: "debug_traceTransaction", params: [hash, { tracer: "callTracer" }] }] : []),
        ],
        signal,
        `rpc:${chain}`,
      ),
    );
  } catch (e) {
    return { state: "pending", reason: `rpc_unavailable: ${e instanceof RpcUnreachable ? e.message : errorLine(e)}` };
  }
  const [receipt, tx, trace] = replies;
  if (traced && trace && isMethodMissing(trace)) noTraceTransaction.add(url);
  if (!receipt?.ok) return { state: "pending", reason: `not_found_yet: eth_getTransactionReceipt: ${receipt ? errorLine(receipt.message) : "no reply"}` };
  const r = receipt.result as EvmReceipt | null;
  if (!r) return { state: "pending", reason: "not_found_yet: no receipt yet" };
  if (r.status !== "0x1") return { state: "failed", reason: `the transaction reverted on ${chain}` };
  return finalOf(chain, r, tx, trace);
}
