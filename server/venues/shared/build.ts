// What a venue adapter builds: the owner's unsigned transactions for a deposit or a withdrawal.
import type { ChainId } from "../../chains/address";
import type { Simulation } from "../../chains/simulation";
import type { BlockerCode } from "../../http/codes";

/** Thrown by a builder when a chain read it needs fails or forbids the action: the plan is blocked with `code`, never answered with a 500. */
export class BuildBlocked extends Error {
  constructor(
    readonly code: BlockerCode,
    message: string,
  ) {
    super(message);
  }
}

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
  /** The chain's own simulation before signing (contract §8); set by the plan layer (server/plans/simulate.ts). */
  simulation?: Simulation;
}

export interface BuildInput {
  /** The owner's address on the venue's chain (already validated for the family). */
  owner: string;
  amountMicros: bigint;
}

export type Builder = (input: BuildInput) => Promise<PlanTransaction[]>;

export interface VenueAdapter {
  venueId: string;
  /** The published on-chain interface the builders call (for the plan and the docs). */
  onchainInterface: string;
  deposit?: Builder;
  withdraw?: Builder;
  /** Why an action has no builder (shown as the adapter_not_ready message). */
  notBuilt?: { deposit?: string; withdraw?: string };
}
