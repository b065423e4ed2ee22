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
import { type Address, address, type getBase64EncodedWireTransaction } from "@solana/kit";
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction, MAX_COMPUTE_UNIT_LIMIT } from "@solana-program/compute-budget";
import type { PlanTransaction } from "../transaction";
import { errorLine, solanaRpc, withRpcTimeout } from "../clients";
import { type Simulation, simulationFailed, simulationUnavailable } from "../simulation";
import { compileSolanaPayload, instructionFromJson, type SolanaComputeBudget, type SolanaPayload } from "../solana";
import { describeSolanaError } from "./program-errors";

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

async function simulateOne(p: SolanaPayload): Promise<SolanaSimulated> {
  // A transaction another key already signed (a CCTP event account) cannot be recompiled: it is simulated as built and
  // offered unchanged, without a compute budget.
  const probe = p.presigned?.length ? p : withBudget(p, MAX_COMPUTE_UNIT_LIMIT, 0n);
  const programs = probe.instructions.map((i) => i.programAddress);
  const rpc = solanaRpc();
  const [answer, fee] = await Promise.all([
    withRpcTimeout((abortSignal) =>
      rpc
        .simulateTransaction(probe.transaction as ReturnType<typeof getBase64EncodedWireTransaction>, {
          encoding: "base64",
          sigVerify: false,
          replaceRecentBlockhash: true,
          commitment: "confirmed",
        })
        .send({ abortSignal }),
    ).then(
      (r) => ({ ok: true as const, value: r.value }),
      (e: unknown) => ({ ok: false as const, reason: errorLine(e, 200) }),
    ),
    priorityFee(p),
  ]);
  if (!answer.ok) return { simulation: simulationUnavailable(`Not simulated: the svm-chain RPC's simulateTransaction did not answer (${answer.reason}).`), payload: p };
  const logs = answer.value.logs ? [...answer.value.logs] : null;
  const offset = probe.instructions.length - p.instructions.length;
  if (answer.value.err) return { simulation: simulationFailed(describeSolanaError(answer.value.err, programs, logs, offset), logs), payload: p };
  const consumed = answer.value.unitsConsumed;
  if (consumed === undefined || consumed === null) {
    return { simulation: simulationUnavailable("Not simulated: the svm-chain RPC's simulation did not report the compute units consumed."), payload: p };
  }
  if (p.presigned?.length) {
    return {
      simulation: { status: "ok", gasEstimate: BigInt(consumed).toString(), fee: null, logs, error: null, at: new Date().toISOString() },
      payload: p,
    };
  }
  const unitLimit = unitLimitFor(BigInt(consumed));
  const microLamports = "microLamports" in fee ? fee.microLamports : null;
  const computeBudget: SolanaComputeBudget = {
    unitLimit,
    microLamportsPerUnit: microLamports === null ? null : microLamports.toString(),
    basis: `Unit limit: ${consumed} compute units consumed in simulation plus ${MARGIN_PCT} %. ${fee.basis}`,
  };
  return {
    simulation: { status: "ok", gasEstimate: BigInt(consumed).toString(), fee: null, logs, error: null, at: new Date().toISOString() },
    payload: { ...withBudget(p, unitLimit, microLamports), computeBudget },
  };
}

/**
 * Simulates the plan's svm-chain transactions. The RPC simulates one transaction on the chain as it is now, so only
 * the first is simulated; a later one depends on the state the first leaves and says so.
 */
export async function simulateSolana(txs: PlanTransaction[]): Promise<SolanaSimulated[]> {
  return Promise.all(
    txs.map(async (t, i) => {
      const p = t.payload as SolanaPayload;
      if (i > 0) return { simulation: simulationUnavailable("Not simulated: it runs on the state the transaction before it leaves, which the RPC cannot simulate ahead."), payload: p };
      return simulateOne(p);
    }),
  );
}
