// What a chain's own simulation said about one transaction of a plan (contract §8). `ok` only when the chain
// simulated it (Sui dry run, Solana simulateTransaction, EVM eth_simulateV1 / eth_call + eth_estimateGas);
// `unavailable` carries the reason and no figure; `failed` carries the chain's own error, decoded.
import { z } from "zod";
import { type Approval, type BalanceChange, changesSchema, type SimulatedChanges } from "./changes";

export interface SimulationFee {
  /** Base units of the chain's native asset (MIST, lamports, wei), as the simulation priced it. */
  amount: string;
  asset: "SUI" | "SOL" | "ETH";
  decimals: number;
  /** EVM: the EIP-1559 fields `amount` was priced at (wei per gas); absent elsewhere. */
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

export interface Simulation {
  status: "ok" | "failed" | "unavailable";
  /** Gas units (Sui computation + storage budget, Solana compute units, EVM gas); null unless the chain said it. */
  gasEstimate: string | null;
  fee: SimulationFee | null;
  logs: string[] | null;
  error: string | null;
  at: string;
  /** ok: the balance changes the chain reported (issue 23); absent where this chain's reader has not landed yet. */
  changes?: SimulatedChanges;
  /**
   * Contract §11: the simulation itself carries the chain's balance changes and, on EVM, its approvals (the same figures
   * as `changes`), null with `balanceChangesReason` where the chain did not give them. Set by `withChangeFields` where
   * a plan's simulations are assembled (./simulate.ts).
   */
  balanceChanges?: BalanceChange[] | null;
  approvals?: Approval[] | null;
  balanceChangesReason?: string | null;
}

/**
 * `sim` with contract §11's fields beside `changes`: its balance changes and (EVM) approvals, or null with the reason
 * (the changes' own reason, else why the transaction was not simulated; approvals are null on chains that have none).
 */
export function withChangeFields(sim: Simulation, evm: boolean): Simulation {
  const c = sim.changes;
  const balanceChanges = c?.balanceChanges ?? null;
  const why = c?.reason ?? sim.error ?? (sim.status === "ok" ? "the chain's simulation gave no balance changes for this transaction" : null);
  return {
    ...sim,
    balanceChanges,
    approvals: evm ? (c?.approvals ?? null) : null,
    balanceChangesReason: balanceChanges === null ? why : null,
  };
}

export const simulationSchema = z
  .object({
    status: z.enum(["ok", "failed", "unavailable"]),
    gasEstimate: z.string().regex(/^[0-9]+$/).nullable(),
    fee: z
      .object({
        amount: z.string().regex(/^[0-9]+$/),
        asset: z.enum(["SUI", "SOL", "ETH"]),
        decimals: z.number().int(),
        maxFeePerGas: z.string().regex(/^[0-9]+$/).optional().meta({ description: "EVM: wei per gas the wallet should offer at most (eth_feeHistory: 2 × next base fee + priority fee)." }),
        maxPriorityFeePerGas: z.string().regex(/^[0-9]+$/).optional().meta({ description: "EVM: wei per gas tip (median of recent blocks' 50th-percentile tips)." }),
      })
      .nullable(),
    logs: z.array(z.string()).nullable(),
    error: z.string().nullable().meta({ description: "failed: the chain's own error, decoded; unavailable: why it was not simulated." }),
    at: z.string().meta({ description: "ISO time of the simulation (or of the attempt)." }),
    changes: changesSchema.optional(),
    balanceChanges: changesSchema.shape.balanceChanges.optional().meta({
      description:
        "Contract §11: the balance changes the chain's own simulation reports ({ owner, asset { chain, id, symbol, decimals }, amount } in signed base units), the same as changes.balanceChanges; null with balanceChangesReason when the chain gave none.",
    }),
    approvals: changesSchema.shape.approvals.optional().meta({ description: "Contract §11, EVM: the ERC-20 approvals the transaction grants ({ token, spender, amount }); null on chains without approvals or when the chain gave none." }),
    balanceChangesReason: z.string().nullable().optional().meta({ description: "Why balanceChanges is null (the chain could not simulate or did not report them); null when they are given." }),
  })
  .meta({ id: "Simulation", description: "The chain's own simulation of this transaction before signing (contract §8)." });

export function simulationUnavailable(reason: string): Simulation {
  return { status: "unavailable", gasEstimate: null, fee: null, logs: null, error: reason, at: new Date().toISOString() };
}

export function simulationFailed(error: string, logs: string[] | null = null): Simulation {
  return { status: "failed", gasEstimate: null, fee: null, logs, error, at: new Date().toISOString() };
}
