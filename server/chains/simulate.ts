// Simulation before signing (contract §8): every transaction a plan offers its owner is run through its chain's own
// simulation first. One simulator per transaction encoding (per chain family), each given the plan's transactions of
// that encoding in order (an EVM approve before its supply). A failed simulation blocks the plan with the chain's
// error; a chain that cannot simulate right now leaves the plan prepared with `unavailable` and the reason.
import { nameChangedAssets } from "./asset-names";
import { simulateEvm } from "./evm/simulate";
import { type Simulation, simulationUnavailable, withChangeFields } from "./simulation";
import { simulateSolana } from "./solana/simulate";
import { simulateSuiTransactions } from "./sui/simulate";
import { type Blocker, blocker } from "../http/codes";
import type { PlanTransaction, TxEncoding } from "./transaction";

/**
 * Simulates `txs` (all of one encoding, in plan order, all signed by `signer`) and answers one result per transaction,
 * in order: a Simulation, or the Simulation with the payload to offer instead (Solana sets its compute budget from the
 * simulation).
 */
export type Simulator = (txs: PlanTransaction[], signer: string) => Promise<(Simulation | { simulation: Simulation; payload: unknown })[]>;

/** Filled in per chain family as each family's simulation lands (server/chains/<family>/simulate.ts). */
const SIMULATORS: Partial<Record<TxEncoding, Simulator>> = {
  "solana-v0-message-base64": simulateSolana,
  "evm-call": simulateEvm,
  "sui-transaction-json": simulateSuiTransactions,
};

const NOT_YET: Record<TxEncoding, string> = {
  "sui-transaction-json": "Not simulated: the service does not dry-run move-chain transactions yet; your wallet's own dry run is the check.",
  "solana-v0-message-base64": "Not simulated: the service does not simulate svm-chain transactions yet; your wallet's own simulation is the check.",
  "evm-call": "Not simulated: the service does not simulate EVM transactions yet; your wallet's own estimate is the check.",
};

export interface Simulated {
  transactions: PlanTransaction[];
  /** simulation_failed with the first failure's error, or null. */
  blocker: Blocker | null;
}

/**
 * The transactions with their `simulation`, run as `signer` (the address that will sign them); `skip` (a reason) marks
 * them all unavailable without asking the chain.
 */
export async function simulateTransactions(txs: PlanTransaction[], signer: string, skip?: string): Promise<Simulated> {
  const out = txs.map((t) => ({ ...t }));
  const byEncoding = new Map<TxEncoding, number[]>();
  out.forEach((t, i) => {
    byEncoding.set(t.encoding, [...(byEncoding.get(t.encoding) ?? []), i]);
  });
  await Promise.all(
    [...byEncoding].map(async ([encoding, idx]) => {
      const simulate = skip === undefined ? SIMULATORS[encoding] : undefined;
      const sims = simulate ? await simulate(idx.map((i) => out[i] as PlanTransaction), signer) : idx.map(() => simulationUnavailable(skip ?? NOT_YET[encoding]));
      idx.forEach((i, k) => {
        const t = out[i] as PlanTransaction;
        const s = sims[k];
        if (s && "simulation" in s) {
          t.simulation = s.simulation;
          t.payload = s.payload;
        } else t.simulation = s ?? simulationUnavailable("The simulator gave no answer for this transaction.");
      });
    }),
  );
  // The assets the changes leave unnamed (a swap's arbitrary token) read from their chains, one batch per chain.
  await nameChangedAssets(out);
  // Contract §11: each simulation carries its balance changes (and EVM approvals) itself, or null with the reason.
  for (const t of out) if (t.simulation) t.simulation = withChangeFields(t.simulation, t.encoding === "evm-call");
  const failed = out.find((t) => t.simulation?.status === "failed");
  return {
    transactions: out,
    blocker: failed ? blocker("simulation_failed", `${failed.description}: ${failed.simulation?.error ?? "rejected by the chain's simulation"}`) : null,
  };
}
