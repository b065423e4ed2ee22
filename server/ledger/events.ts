// Event payloads of the ledger (contract §5). Written with emitEvents(tx, …) in the action's transaction.
import type { NewEvent } from "../events/outbox";
import type { Book } from "./book";

/** position.updated for one chain: the chain's liquid balance and the venue positions the action touched, after it. */
export function positionEvent(wallet: string, chain: string, token: string, book: Book, reason: string): NewEvent {
  let liquid = 0n;
  const venues: { venueId: string; stakedMicros: string }[] = [];
  for (const r of book.all()) {
    if (r.chain !== chain || r.token !== token) continue;
    liquid += r.liquidMicros;
    if (r.venueId) venues.push({ venueId: r.venueId, stakedMicros: r.stakedMicros.toString() });
  }
  return {
    type: "position.updated",
    wallet,
    data: { wallet, chain, token, reason, liquidMicros: liquid.toString(), venues },
  };
}
