// A plan's unsigned transaction as the chains carry it: built by a venue's builder or a rail, simulated and priced by
// the chain layer (server/chains/<family>/simulate.ts, evm/fees.ts), signed by the owner.
import type { ChainId } from "./address";
import type { Simulation } from "./simulation";

/** fee: an EVM plan's disclosed transfer of the service fee (Sui and Solana take it inside the plan's own transaction). */
export type TxKind = "approve" | "deposit" | "withdraw" | "swap" | "burn" | "receive" | "fee";
export type TxEncoding = "sui-transaction-json" | "solana-v0-message-base64" | "evm-call";

export interface PlanTransaction {
  chain: ChainId;
  kind: TxKind;
  description: string;
  encoding: TxEncoding;
  /** sui: the Transaction JSON string; solana: SolanaPayload; evm: EvmCall. */
  payload: unknown;
  /** The chain's own simulation before signing (contract §8); set by the plan layer (server/chains/simulate.ts). */
  simulation?: Simulation;
}
