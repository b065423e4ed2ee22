// What a chain's own simulation said about one transaction of a plan (contract §8). `ok` only when the chain
// simulated it (Sui dry run, Solana simulateTransaction, EVM eth_simulateV1 / eth_call + eth_estimateGas);
// `unavailable` carries the reason and no figure; `failed` carries the chain's own error, decoded.
import { z } from "zod";
import { changesSchema, type SimulatedChanges } from "./changes";

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
  })
  .meta({ id: "Simulation", description: "The chain's own simulation of this transaction before signing (contract §8)." });

export function simulationUnavailable(reason: string): Simulation {
  return { status: "unavailable", gasEstimate: null, fee: null, logs: null, error: reason, at: new Date().toISOString() };
}

export function simulationFailed(error: string, logs: string[] | null = null): Simulation {
  return { status: "failed", gasEstimate: null, fee: null, logs, error, at: new Date().toISOString() };
}
