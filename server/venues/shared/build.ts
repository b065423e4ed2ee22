// What a venue adapter builds: the owner's unsigned transactions for a deposit or a withdrawal.
import type { PlanTransaction } from "../../chains/transaction";
import type { BlockerCode } from "../../http/codes";

export type { PlanTransaction, TxEncoding, TxKind } from "../../chains/transaction";

/** Thrown by a builder when a chain read it needs fails or forbids the action: the plan is blocked with `code`, never answered with a 500. */
export class BuildBlocked extends Error {
  constructor(
    readonly code: BlockerCode,
    message: string,
  ) {
    super(message);
  }
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
