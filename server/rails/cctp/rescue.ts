// What a CCTP rescue checks first, whatever the rail version: the plan's stored mint recipient must be its owner-locked
// destination's, and the burn is read between the route's two CCTP domains.
import { type Blocker, blocker } from "../../http/codes";
import type { RescueBuild, RescueRoute } from "../types";
import { CCTP_DOMAIN, mintRecipientFor } from "./domains";

/** A rescue that builds nothing, for `blockers`. */
export const noRescue = (...blockers: Blocker[]): RescueBuild => ({ blockers, transactions: [], burn: null });

/**
 * The owner-locked destination's mint recipient (lowercase) and the route's source and destination domains, or the
 * rescue blocked recipient_mismatch when the plan's stored recipient is another (nothing is built).
 */
export async function lockedRoute(p: RescueRoute, planRecipient: string | null): Promise<{ locked: string; sourceDomain: number; destDomain: number } | RescueBuild> {
  const locked = (await mintRecipientFor(p.dest, p.destAddress)).toLowerCase();
  if (planRecipient !== null && planRecipient.toLowerCase() !== locked) {
    return noRescue(blocker("recipient_mismatch", "The plan's stored mint recipient does not match its owner-locked destination; nothing is built."));
  }
  return { locked, sourceDomain: CCTP_DOMAIN[p.source], destDomain: CCTP_DOMAIN[p.dest] };
}
