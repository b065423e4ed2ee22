// Chain reads a builder makes when the plan is built (a reserve, a program's accounts, the owner's share balance): one
// bounded read that, when it fails, blocks the plan with the reason instead of failing the request. Share-denominated
// withdrawals (Scallop market coins, Suilend cTokens, Kamino cUSDC) also check the owner holds enough shares, so a
// withdrawal above them is blocked in words instead of failing in the wallet.
import { errorLine, withRpcTimeout } from "../../chains/clients";
import { AccountMismatch } from "../../chains/solana/accounts";
import { BuildBlocked } from "./build";
import { readIndexOf } from "./index-read";
import type { VenueReader } from "./read";

/** The venue's exchange rate now, from its harvest reader (shared with concurrent reads); unreadable blocks the plan. */
export async function venueRate(reader: VenueReader): Promise<bigint> {
  const read = await readIndexOf(reader.venueId, reader);
  if (!read.ok) throw new BuildBlocked("venue_state_unavailable", `${reader.venueId}: ${read.reason}.`);
  return read.index;
}

/**
 * `read` under the RPC timeout; a failure becomes a `venue_state_unavailable` blocker saying `what` was not read. An
 * account that was read but is not the cited one (AccountMismatch) blocks the same way, saying what did not match; a
 * blocker the read raises itself passes unchanged.
 */
export async function readForPlan<T>(what: string, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withRpcTimeout(read);
  } catch (e) {
    if (e instanceof BuildBlocked) throw e;
    if (e instanceof AccountMismatch) throw new BuildBlocked("venue_state_unavailable", `${what}: ${e.message}. Nothing is built against this id.`);
    throw new BuildBlocked("venue_state_unavailable", `${what} could not be read from the chain's RPC (${errorLine(e)}).`);
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
