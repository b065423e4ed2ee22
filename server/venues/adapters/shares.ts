// Share-denominated withdrawals (Scallop market coins, Suilend cTokens, Kamino cUSDC): the owner's share balance is
// read when the plan is built, so a withdrawal above it is blocked in words instead of failing in the wallet.
import { withRpcTimeout } from "../../chains/clients";
import { BuildBlocked } from "./types";

/** The owner's balance of the venue's share token, read now; a failed read blocks the plan with the reason. */
export async function heldShares(what: string, read: (signal: AbortSignal) => Promise<bigint>): Promise<bigint> {
  try {
    return await withRpcTimeout(read);
  } catch (e) {
    const why = e instanceof Error ? (e.message.split("\n")[0]?.slice(0, 200) ?? "error") : String(e);
    throw new BuildBlocked("venue_state_unavailable", `The owner's ${what} balance could not be read from the chain's RPC (${why}).`);
  }
}

/**
 * Blocks when the owner holds fewer shares than the withdrawal needs. `worth` is what the held shares pay at the rate
 * read now (floored), so the message says the most that can be withdrawn.
 */
export function requireShares(what: string, needed: bigint, held: bigint, worth: bigint): void {
  if (held >= needed) return;
  throw new BuildBlocked(
    "insufficient_balance",
    `This withdrawal needs ${needed} ${what} but the owner holds ${held}, worth ${worth} micro-USDC at the rate now: withdraw at most that.`,
  );
}
