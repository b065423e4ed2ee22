// Simulation before signing on move-chain (contract §8): each plan transaction, as its owner's wallet will see it, is
// resolved and simulated by the full node over gRPC (TransactionExecutionService.SimulateTransaction, through
// SuiGrpcClient): the owner's coins are selected, object versions and shared/owned kinds come from the chain, gas is
// picked from the owner's SUI, and the node executes the calls. A node that refuses the transaction or whose execution
// aborts makes the simulation `failed` with the chain's own words (module and abort code); a node that does not answer,
// or does not serve simulation at all (gRPC UNIMPLEMENTED), leaves it `unavailable` with the reason and no figure.
import { RpcError } from "@mysten/sui/grpc";
import { Transaction } from "@mysten/sui/transactions";
import { type Simulation, simulationFailed, simulationUnavailable } from "../simulation";
import { errorLine, suiRpc, withRpcTimeout } from "../clients";
import { knownAbortMeaning } from "./aborts";
import { type SuiEvent, suiBurnsOf } from "./cctp-burns";
import { coinReadingClient } from "./coin-reads";
import type { PlanTransaction } from "../transaction";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { changedAsset, changesUnavailable, type SimulatedChanges, SUI_COIN_TYPE, sameSuiCoinType } from "../changes";

const NO_ANSWER_CODES = new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "UNKNOWN"]);
const NO_ANSWER_TEXT = /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|other side closed|did not answer within/i;

/** Whether `e` (or an error it wraps) says the node gave no answer, as opposed to an answer that refuses. */
function noAnswer(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (NO_ANSWER_TEXT.test(cur.message)) return true;
    if (cur instanceof RpcError && NO_ANSWER_CODES.has(String(cur.code))) return true;
  }
  return false;
}

/** The node's own gRPC error behind `e`, when the node refused. */
function nodeError(e: unknown): RpcError | null {
  for (let cur: unknown = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (cur instanceof RpcError) return cur;
  }
  return null;
}

/**
 * Why nothing was simulated when the node does not serve a method the simulation needs (gRPC UNIMPLEMENTED: a node or
 * provider without the TransactionExecutionService, or without a read the wallet's resolution makes), else null. Such
 * a node offers no simulation; it has not refused the transaction.
 */
function unserved(e: unknown): string | null {
  const r = nodeError(e);
  if (!r || String(r.code) !== "UNIMPLEMENTED") return null;
  const method = r.serviceName && r.methodName ? `${r.serviceName}/${r.methodName}` : "a method the simulation needs";
  return `Not simulated: the move-chain node does not serve ${method} (gRPC UNIMPLEMENTED${r.message ? `: ${errorLine(r)}` : ""}).`;
}

async function simulateOne(t: PlanTransaction): Promise<Simulation> {
  const at = new Date().toISOString();
  let tx: Transaction;
  try {
    tx = Transaction.from(t.payload as string);
  } catch (e) {
    return simulationFailed(`the transaction does not decode: ${errorLine(e)}`);
  }
  try {
    const r = await withRpcTimeout(async (signal) => {
      // The wallet-resolved intents (the owner's coins) first, from the reads the plan's builder started beside its own
      // (./coin-reads.ts), so the simulation itself is the only round trip left.
      await tx.prepareForSerialization({ client: coinReadingClient() });
      return suiRpc().simulateTransaction({ transaction: tx, include: { effects: true, balanceChanges: true, events: true }, signal });
    });
    const result = r.Transaction ?? r.FailedTransaction;
    if (!result?.status.success) {
      const error = result?.status.error;
      const meaning = knownAbortMeaning(error?.$kind === "MoveAbort" ? error.MoveAbort : undefined);
      const message = error?.message ?? "the node's simulation failed without an error";
      return simulationFailed(meaning ? `${message} — ${meaning}` : message);
    }
    const used = result.effects?.gasUsed;
    if (!used?.computationCost || !used.storageCost || !used.storageRebate) return { ...simulationUnavailable("the node's simulation gave no gas figures"), at };
    const charged = BigInt(used.computationCost) + BigInt(used.storageCost);
    const net = charged - BigInt(used.storageRebate);
    return {
      status: "ok",
      // The gas budget the transaction needs (computation + storage, MIST): what the wallet must set aside.
      gasEstimate: charged.toString(),
      // What the owner pays net of the storage rebate; a rebate larger than the charge pays the owner, shown as 0.
      fee: { amount: (net > 0n ? net : 0n).toString(), asset: "SUI", decimals: 9 },
      logs: null,
      error: null,
      at,
      changes: suiChanges(result.balanceChanges, result.events),
    };
  } catch (e) {
    if (noAnswer(e)) return simulationUnavailable(`Not simulated: the move-chain node did not answer (${errorLine(e)}).`);
    const notServed = unserved(e);
    if (notServed) return simulationUnavailable(notServed);
    const refused = nodeError(e);
    // Otherwise the chain state refused it while the wallet's resolution ran (e.g. not enough of a coin to select).
    return simulationFailed(refused ? `the move-chain node refused the transaction: ${errorLine(refused)}` : errorLine(e));
  }
}

/**
 * The node's balance changes (ExecutedTransaction.balance_changes: per address and coin type, the signed net change,
 * gas included). A successful transaction always pays gas, so an empty list means the node did not report them. With
 * the transaction's events, the CCTP burns it sends (DepositForBurn, ./cctp-burns.ts); without them, `burns` is absent.
 */
export function suiChanges(reported: { address: string; coinType: string; amount: string }[] | undefined, events?: SuiEvent[]): SimulatedChanges {
  if (!reported?.length) return changesUnavailable("The move-chain node's simulation reported no balance changes (every transaction pays gas, so they are missing, not zero).");
  return {
    status: "ok",
    balanceChanges: reported.map((c) => ({
      owner: normalizeSuiAddress(c.address),
      asset: changedAsset("move-chain", sameSuiCoinType(c.coinType, SUI_COIN_TYPE) ? "native" : c.coinType),
      amount: c.amount,
    })),
    approvals: null,
    ...(events ? { burns: suiBurnsOf(events) } : {}),
    source: events ? "move-chain node: SimulateTransaction balance_changes and events (gRPC)" : "move-chain node: SimulateTransaction balance_changes (gRPC)",
    reason: null,
  };
}

/** One Simulation per transaction, in order (Sui plans hold independent transactions). */
export async function simulateSuiTransactions(txs: PlanTransaction[]): Promise<Simulation[]> {
  return Promise.all(txs.map(simulateOne));
}
