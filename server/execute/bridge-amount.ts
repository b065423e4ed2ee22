// What a bridge leg states as put into the bridge (its activity row's amountIn), and whether the chain said so (issue 23:
// every amount the activity shows as settled came from the chain, or says it did not). In order:
// 1. the burn a rescue read from the source chain's own transaction (`sourceBurn` on the plan);
// 2. else the burn the destination's confirmed receive consumed: the one CCTP burn message of the plan's rail, from the
//    plan's source chain and minting to the plan's mint recipient, that the destination transaction received (its
//    transmitter's MessageReceived, or the receive_message it ran: server/rails/cctp/received.ts);
// 3. else the plan's amount, and the leg says so (`amountInSource: "plan"`).
// A burn read from the chain is stated with the service fee the plan disclosed on the source added back (the owner put
// both in); the rail fee a CCTP V2 message executes is not: it is taken from the mint, so amountIn − amountOut shows it.
import type { ChainId } from "../chains/address";
import type { AmountInSource } from "../db/schema";
import type { DestinationSeen } from "../rails/cctp/received";
import type { Rail } from "../rails/types";

export interface AmountIn {
  amountIn: bigint;
  /** Read from a chain, or the plan's figure (a bridge leg is never a request's). */
  amountInSource: Extract<AmountInSource, "chain" | "plan">;
}

/** The figures of a stored bridge plan the amount is made from. */
export interface BridgeAmounts {
  source: ChainId;
  dest: ChainId;
  rail: Pick<Rail, "received">;
  /** The plan's amount (the burn plus the service fee it disclosed). */
  planAmount: bigint;
  /** The service fee the plan disclosed on the source chain (0 when none). */
  serviceFee: bigint;
  /** The burn a rescue read from the source chain's transaction, or null. */
  sourceBurned: bigint | null;
  /** The bytes32 mint recipient the plan's burn names, or null when the plan stored none. */
  mintRecipient: string | null;
}

/** Before the destination is read: the burn a rescue read from the source chain, else the plan's amount. */
export function plannedAmountIn(a: BridgeAmounts): AmountIn {
  if (a.sourceBurned !== null) return { amountIn: a.sourceBurned + a.serviceFee, amountInSource: "chain" };
  return { amountIn: a.planAmount, amountInSource: "plan" };
}

/**
 * With the destination's confirmed transaction `seen`: the source chain's burn when a rescue read it; else the burn the
 * transaction received, when exactly one message of the plan's rail from its source chain mints to its recipient (none,
 * or several that cannot be told apart, leave the plan's amount).
 */
export function deliveredAmountIn(a: BridgeAmounts, seen: DestinationSeen): AmountIn {
  const planned = plannedAmountIn(a);
  if (planned.amountInSource === "chain" || a.mintRecipient === null) return planned;
  const recipient = a.mintRecipient.toLowerCase();
  const ours = a.rail.received(a.source, a.dest, seen).filter((b) => b.mintRecipient.toLowerCase() === recipient);
  const [burn] = ours;
  if (ours.length !== 1 || !burn) return planned;
  return { amountIn: burn.amount + a.serviceFee, amountInSource: "chain" };
}
