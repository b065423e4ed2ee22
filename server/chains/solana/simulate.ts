// Simulation before signing on svm-chain (contract §8): the plan's transaction goes to the configured RPC's
// `simulateTransaction` (sigVerify false: the owner has not signed; replaceRecentBlockhash true: the plan's blockhash
// may be seconds old) with a compute-unit limit of MAX_COMPUTE_UNIT_LIMIT and a unit price of 0 in front, the way
// @solana-program/compute-budget's estimateComputeUnitLimit simulates. From the answer:
//   ok          → units consumed (gasEstimate) and the program logs; the transaction offered for signing then carries
//                 SetComputeUnitLimit(units + 10 %) and, when the RPC's getRecentPrioritizationFees answered for the
//                 transaction's writable accounts, SetComputeUnitPrice(75th percentile of those fees), else no price
//                 and the payload says why. The instructions after the budget ones are the simulated ones, unchanged:
//                 a lower limit (still ≥ units consumed) and a price do not change what they do.
//   failed      → the program's own error (server/chains/solana/program-errors.ts) and the logs.
//   unavailable → the RPC could not simulate (unreachable, timeout, method refused) and why; the transaction is
//                 offered as built, without a compute budget.
// A plan's second and later transactions run on the state the earlier ones leave, which simulateTransaction cannot
// simulate ahead: a plan of several goes, all at once and in order, to the RPC's `simulateBundle` (Jito-Solana RPC
// nodes have it: each transaction simulated on the state the ones before it leave, nothing committed; the same probes,
// sigVerify off as skipSigVerify, replaceRecentBlockhash), and each transaction's result is read as above. The node
// stops at the first failure: the transactions after it say an earlier one fails. An RPC without the method (a plain
// Solana RPC answers -32601), or any refusal or timeout: the first transaction is simulated alone as above and the
// later ones are unavailable, naming simulateBundle and the RPC's answer.
import { type Address, address, type getBase64EncodedWireTransaction } from "@solana/kit";
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction, MAX_COMPUTE_UNIT_LIMIT } from "@solana-program/compute-budget";
import type { PlanTransaction } from "../transaction";
import { errorLine, jitoRpc, rpcUrlOf, solanaRpc, withRpcTimeout } from "../clients";
import { type Simulation, simulationFailed, simulationUnavailable } from "../simulation";
import { compileSolanaPayload, instructionFromJson, type SolanaComputeBudget, type SolanaPayload } from "../solana";
import { describeSolanaError } from "./program-errors";
import { changesUnavailable, type SimulatedChanges } from "../changes";
import { MAX_WATCHED, type RpcAccountState, solanaChanges } from "./changes";

/** What the Solana simulator gives back per transaction: its simulation and, when simulated, the budgeted payload. */
export interface SolanaSimulated {
  simulation: Simulation;
  payload: SolanaPayload;
}

const MARGIN_PCT = 10n;
const FEE_PERCENTILE = 0.75;

/** Units consumed plus the margin, within the protocol's maximum. */
export function unitLimitFor(consumed: bigint): number {
  const withMargin = consumed + (consumed * MARGIN_PCT + 99n) / 100n;
  return Number(withMargin > BigInt(MAX_COMPUTE_UNIT_LIMIT) ? BigInt(MAX_COMPUTE_UNIT_LIMIT) : withMargin);
}

/** The payload's instructions behind a compute budget, recompiled on the payload's own blockhash. */
function withBudget(p: SolanaPayload, unitLimit: number, microLamports: bigint | null): SolanaPayload {
  const budget = [getSetComputeUnitLimitInstruction({ units: unitLimit }), ...(microLamports === null ? [] : [getSetComputeUnitPriceInstruction({ microLamports })])];
  return compileSolanaPayload(
    p.feePayer,
    [...budget, ...p.instructions.map(instructionFromJson)],
    { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) },
    p.lookupTables,
  );
}

function writableAccounts(p: SolanaPayload): Address[] {
  const w = new Set<Address>();
  for (const ix of p.instructions) for (const a of ix.accounts) if (a.role === "writable" || a.role === "writable_signer") w.add(address(a.address));
  return [...w].slice(0, 128); // the RPC takes at most 128 accounts
}

/** The 75th percentile of the recent fees paid to lock these accounts, or why there is none. */
async function priorityFee(p: SolanaPayload): Promise<{ microLamports: bigint; basis: string } | { basis: string }> {
  try {
    const rpc = solanaRpc();
    const accounts = writableAccounts(p);
    const fees = await withRpcTimeout((abortSignal) => rpc.getRecentPrioritizationFees(accounts).send({ abortSignal }));
    if (fees.length === 0) return { basis: "No priority fee: the RPC reported no recent prioritization fees for these accounts." };
    const sorted = fees.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const fee = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * FEE_PERCENTILE))] ?? 0n;
    return {
      microLamports: fee,
      basis: `Priority fee: the 75th percentile of the RPC's getRecentPrioritizationFees over ${fees.length} recent slots for the transaction's writable accounts.`,
    };
  } catch (e) {
    return { basis: `No priority fee: the RPC's getRecentPrioritizationFees did not answer (${errorLine(e, 160)}).` };
  }
}

/** The transaction as it is simulated: behind the maximum unit limit at price 0, as estimateComputeUnitLimit does. A
 * transaction another key already signed (a CCTP event account) cannot be recompiled: it is simulated as built and
 * offered unchanged, without a compute budget. */
function probeOf(p: SolanaPayload): SolanaPayload {
  return p.presigned?.length ? p : withBudget(p, MAX_COMPUTE_UNIT_LIMIT, 0n);
}

type PriorityFee = Awaited<ReturnType<typeof priorityFee>>;

/** An RPC call's answer, or the first line of why it gave none. */
function answered<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  return call.then(
    (value) => ({ ok: true as const, value }),
    (e: unknown) => ({ ok: false as const, reason: errorLine(e, 200) }),
  );
}

/**
 * One transaction's simulation result (simulateTransaction's value, or one of simulateBundle's transactionResults: the
 * same err / logs / unitsConsumed) read as its Simulation and the payload to offer.
 */
function fromResult(
  p: SolanaPayload,
  probe: SolanaPayload,
  result: { err: unknown; logs?: readonly string[] | null; unitsConsumed?: bigint | number | null },
  fee: PriorityFee,
  changes: SimulatedChanges,
): SolanaSimulated {
  const logs = result.logs ? [...result.logs] : null;
  const programs = probe.instructions.map((i) => i.programAddress);
  const offset = probe.instructions.length - p.instructions.length;
  if (result.err) return { simulation: simulationFailed(describeSolanaError(result.err, programs, logs, offset), logs), payload: p };
  const consumed = result.unitsConsumed;
  if (consumed === undefined || consumed === null) {
    return { simulation: simulationUnavailable("Not simulated: the svm-chain RPC's simulation did not report the compute units consumed."), payload: p };
  }
  const unitLimit = unitLimitFor(BigInt(consumed));
  const microLamports = "microLamports" in fee ? fee.microLamports : null;
  // What the transaction offered costs its fee payer: the base fee per signature and, with a unit price, the priority
  // fee of its unit limit (none on a presigned transaction, which is offered without a compute budget).
  const priced = p.presigned?.length ? null : microLamports;
  const lamports = networkFeeLamports(p, unitLimit, priced);
  const simulation: Simulation = { status: "ok", gasEstimate: BigInt(consumed).toString(), fee: { amount: lamports.toString(), asset: "SOL", decimals: 9 }, logs, error: null, at: new Date().toISOString(), changes };
  if (p.presigned?.length) return { simulation, payload: p };
  const computeBudget: SolanaComputeBudget = {
    unitLimit,
    microLamportsPerUnit: microLamports === null ? null : microLamports.toString(),
    basis: `Unit limit: ${consumed} compute units consumed in simulation plus ${MARGIN_PCT} %. ${fee.basis}`,
  };
  return { simulation, payload: { ...withBudget(p, unitLimit, microLamports), computeBudget } };
}

/**
 * Lamports per signature of the base fee (agave fee_structure / solana.com/docs/core/fees "Base fee": 5000 lamports
 * per signature), and the priority fee of `unitLimit` units at `microLamports` per unit (rounded up, as the runtime's
 * compute-budget fee is).
 */
const LAMPORTS_PER_SIGNATURE = 5000n;
export function networkFeeLamports(p: SolanaPayload, unitLimit: number, microLamports: bigint | null): bigint {
  const signers = new Set([p.feePayer, ...p.instructions.flatMap((i) => i.accounts.filter((a) => a.role === "readonly_signer" || a.role === "writable_signer").map((a) => a.address))]);
  const priority = microLamports ? (BigInt(unitLimit) * microLamports + 999_999n) / 1_000_000n : 0n;
  return BigInt(signers.size) * LAMPORTS_PER_SIGNATURE + priority;
}

/** The accounts whose states give a transaction's balance changes: its writable ones (the RPC takes at most 100). */
const watchedOf = (p: SolanaPayload) => writableAccounts(p).slice(0, MAX_WATCHED);

type SimulateAnswer = { context: { slot: bigint }; value: { err: unknown; logs?: readonly string[] | null; unitsConsumed?: bigint | number | null; accounts?: readonly unknown[] | null } };
type AccountsAnswer = { context: { slot: bigint }; value: readonly unknown[] };
type Answered<T> = { ok: true; value: T } | { ok: false; reason: string };

async function simulateOne(p: SolanaPayload, fee: Promise<PriorityFee> = priorityFee(p)): Promise<SolanaSimulated> {
  const probe = probeOf(p);
  const rpc = solanaRpc();
  const watched = watchedOf(p);
  // minContextSlot (the RPC's own guard: an older bank answers -32016) asks a later read or simulation to be made on a
  // bank at least as new as the one an earlier answer came from.
  const simulate = (minContextSlot?: bigint): Promise<Answered<SimulateAnswer>> =>
    answered(
      withRpcTimeout((abortSignal) =>
        rpc
          .simulateTransaction(probe.transaction as ReturnType<typeof getBase64EncodedWireTransaction>, {
            encoding: "base64",
            sigVerify: false,
            replaceRecentBlockhash: true,
            commitment: "confirmed",
            accounts: { encoding: "base64", addresses: watched },
            ...(minContextSlot === undefined ? {} : { minContextSlot }),
          })
          .send({ abortSignal }),
      ),
    );
  const read = (minContextSlot?: bigint): Promise<Answered<AccountsAnswer>> =>
    answered(
      withRpcTimeout((abortSignal) =>
        rpc.getMultipleAccounts(watched, { encoding: "base64", commitment: "confirmed", ...(minContextSlot === undefined ? {} : { minContextSlot }) }).send({ abortSignal }),
      ),
    );
  // The watched accounts now and after the simulated transaction, asked at the same time (one round trip when the RPC
  // answers both from the same slot, as it mostly does).
  const [first, before, f] = await Promise.all([simulate(), read(), fee]);
  if (!first.ok) return { simulation: simulationUnavailable(`Not simulated: the svm-chain RPC's simulateTransaction did not answer (${first.reason}).`), payload: p };
  if (!before.ok) {
    const reason = `The svm-chain RPC's getMultipleAccounts did not answer (${before.reason}), so the accounts' states before the transaction are not known.`;
    return fromResult(p, probe, first.value.value, f, changesUnavailable(reason));
  }
  const { answer, changes } = await pinnedChanges(watched, p.feePayer, first.value, before.value, simulate, read);
  return fromResult(p, probe, answer.value, f, changes);
}

const SOURCE = "svm-chain RPC: simulateTransaction accounts (after) against getMultipleAccounts (before)";

/**
 * The balance changes of the fallback path, on the slot the simulation ran at (issue 23 item 1: the accounts' states
 * before, at the same slot). A plain RPC cannot be asked to simulate at a given slot, only at one no older than a given
 * slot (minContextSlot), so: when the read and the simulation answered from the same slot, that is the pair. When the
 * read is newer, the transaction is simulated again no older than it. When the read is older, the accounts are read
 * again no older than the simulation: that read at the simulation's slot is the pair; a read later than it still gives
 * the states at that slot when it equals the earlier read (the accounts were the same before and after it, said in the
 * source); when they differ, something moved the accounts around the simulation and the changes are unavailable, saying
 * so (never a transfer landing in between counted as the plan's own change).
 */
async function pinnedChanges(
  watched: readonly Address[],
  feePayer: string,
  first: SimulateAnswer,
  before: AccountsAnswer,
  simulate: (minContextSlot?: bigint) => Promise<Answered<SimulateAnswer>>,
  read: (minContextSlot?: bigint) => Promise<Answered<AccountsAnswer>>,
): Promise<{ answer: SimulateAnswer; changes: SimulatedChanges }> {
  const changesAt = (answer: SimulateAnswer, states: readonly unknown[], source: string) => {
    const after = answer.value.accounts;
    if (!after) return { answer, changes: changesUnavailable("The svm-chain RPC's simulation gave no accounts' states after the transaction.") };
    return { answer, changes: solanaChanges(watched, states as (RpcAccountState | null)[], after as (RpcAccountState | null)[], feePayer, source) };
  };
  let answer = first;
  const b = BigInt(before.context.slot);
  if (BigInt(answer.context.slot) === b) return changesAt(answer, before.value, `${SOURCE}, both at slot ${b}`);
  if (BigInt(answer.context.slot) < b) {
    const again = await simulate(b);
    if (!again.ok) return { answer, changes: changesUnavailable(`The svm-chain RPC simulated at slot ${answer.context.slot} and read the accounts at slot ${b}, and did not simulate again at slot ${b} (${again.reason}).`) };
    answer = again.value;
    if (BigInt(answer.context.slot) === b) return changesAt(answer, before.value, `${SOURCE}, both at slot ${b}`);
  }
  const s = BigInt(answer.context.slot);
  const later = await read(s);
  if (!later.ok) return { answer, changes: changesUnavailable(`The svm-chain RPC read the accounts at slot ${b}, simulated at slot ${s}, and did not read them again at slot ${s} (${later.reason}).`) };
  const c = BigInt(later.value.context.slot);
  if (c === s) return changesAt(answer, later.value.value, `${SOURCE}, both at slot ${s}`);
  if (sameStates(before.value, later.value.value)) return changesAt(answer, before.value, `${SOURCE}: simulated at slot ${s}; the accounts were the same at slots ${b} and ${c}, before and after it`);
  return {
    answer,
    changes: changesUnavailable(
      `The watched accounts changed between slots ${b} and ${c}, around the simulation at slot ${s} (another transaction moved them), so their states before the transaction at that slot are not known; a new plan simulates again.`,
    ),
  };
}

/** Whether two getMultipleAccounts answers give the same states (owner, lamports and data of each account). */
function sameStates(x: readonly unknown[], y: readonly unknown[]): boolean {
  const key = (a: unknown) => {
    const s = a as RpcAccountState | null;
    return s ? `${s.owner}|${String(s.lamports)}|${String(s.data[0] ?? "")}` : "none";
  };
  return x.length === y.length && x.every((a, i) => key(a) === key(y[i]));
}

/** RPC URLs that answered simulateBundle with "method not found" (a plain Solana RPC). */
const noBundle = new Set<string>();

/** Simulates the plan's svm-chain transactions: one alone, several in order as one bundle (see the top of this file). */
export async function simulateSolana(txs: PlanTransaction[]): Promise<SolanaSimulated[]> {
  const payloads = txs.map((t) => t.payload as SolanaPayload);
  const [first, ...later] = payloads;
  if (!first) return [];
  // One transaction goes through simulateBundle too where the RPC has it: its pre- and post-execution accounts are read
  // on the one bank it runs on (the balance changes' "before" at the same state); otherwise simulateTransaction beside
  // getMultipleAccounts. An RPC that answered "no such method" is not asked again.
  if (later.length === 0 && noBundle.has(rpcUrlOf("svm-chain"))) return [await simulateOne(first)];
  const probes = payloads.map(probeOf);
  const fees = payloads.map(priorityFee);
  // Jito-Solana's RpcSimulateBundleConfig (rpc-client-api/src/bundles.rs at the commit cited in ../clients.ts): one
  // accounts config per transaction (none asked), base64, skipSigVerify (the owner has not signed) and
  // replaceRecentBlockhash (allowed only with skipSigVerify); simulationBank left to its default, the confirmed bank.
  // Each transaction's watched accounts before and after it: its balance changes on the state the earlier ones leave.
  const watched = payloads.map(watchedOf);
  const configs = watched.map((addresses) => ({ addresses, encoding: "base64" as const }));
  const bundle = await answered(
    withRpcTimeout((abortSignal) =>
      jitoRpc()
        .simulateBundle(
          { encodedTransactions: probes.map((q) => q.transaction) },
          { preExecutionAccountsConfigs: configs, postExecutionAccountsConfigs: configs, transactionEncoding: "base64", skipSigVerify: true, replaceRecentBlockhash: true },
        )
        .send({ abortSignal }),
    ),
  );
  if (!bundle.ok) {
    if (/-32601|method not found/i.test(bundle.reason)) noBundle.add(rpcUrlOf("svm-chain"));
    if (later.length === 0) return [await simulateOne(first, fees[0])];
    const reason = `Not simulated: it runs on the state the transactions before it leave, and the svm-chain RPC did not simulate them in order with simulateBundle (${bundle.reason}).`;
    return [await simulateOne(first, fees[0]), ...later.map((p) => ({ simulation: simulationUnavailable(reason), payload: p }))];
  }
  const { summary, transactionResults } = bundle.value.value;
  const feesRead = await Promise.all(fees);
  let failedBefore: string | null = null;
  return payloads.map((p, i) => {
    const result = transactionResults[i];
    if (failedBefore !== null) return { simulation: simulationUnavailable(`Not simulated: an earlier transaction of the plan fails (${failedBefore}).`), payload: p };
    if (!result) {
      const why = summary === "succeeded" ? "succeeded" : `failed: ${JSON.stringify(summary.failed.error)}`;
      return { simulation: simulationUnavailable(`Not simulated: the svm-chain RPC's simulateBundle gave no result for it (summary ${why}).`), payload: p };
    }
    const pre = result.preExecutionAccounts as (RpcAccountState | null)[] | null | undefined;
    const post = result.postExecutionAccounts as (RpcAccountState | null)[] | null | undefined;
    const changes =
      pre && post
        ? solanaChanges(watched[i] ?? [], pre, post, p.feePayer, "svm-chain RPC: simulateBundle pre- and postExecutionAccounts")
        : changesUnavailable("The svm-chain RPC's simulateBundle gave no accounts' states for it.");
    const r = fromResult(p, probes[i] as SolanaPayload, result, feesRead[i] as PriorityFee, changes);
    if (r.simulation.status === "failed") failedBefore = (r.simulation.error ?? "").replace(/\.+$/, "");
    return r;
  });
}
