// The local chains' venue parts follow the venue list (server/venues/list.ts, the only registration): a family's parts
// are served in the list's order, a part whose protocol has no venue of that family in the list is refused, and (for
// Solana and Sui, whose builders' transactions the local chain must run) a venue with builders and no part is refused
// too. Adding a venue's local-chain part is its file, testing/chains/<family>/venues/<protocol>.ts, whose `venue` is
// the descriptor's `protocol`, offered to the family's index.
import type { ChainFamily } from "../../server/chains/address";
import { VENUE_MODULES } from "../../server/venues/list";

/** `parts` in the venue list's order, each checked to belong to a venue of `family` in the list. */
export function partsInListOrder<P extends { venue: string }>(family: ChainFamily, parts: readonly P[], opts: { everyBuiltVenue: boolean }): P[] {
  const venues = VENUE_MODULES.filter((m) => m.descriptor.family === family);
  const protocols = [...new Set(venues.map((m) => m.descriptor.protocol))];
  const byProtocol = new Map(parts.map((p) => [p.venue, p]));
  const orphan = parts.filter((p) => !protocols.includes(p.venue)).map((p) => p.venue);
  if (orphan.length > 0) throw new Error(`local ${family} chain: no venue of protocol ${orphan.join(", ")} in server/venues/list.ts`);
  if (opts.everyBuiltVenue) {
    const missing = venues.filter((m) => m.build && !byProtocol.has(m.descriptor.protocol)).map((m) => m.descriptor.id);
    if (missing.length > 0) throw new Error(`local ${family} chain: no part for ${missing.join(", ")} (testing/chains/${family}/venues/<protocol>.ts)`);
  }
  return protocols.flatMap((p) => byProtocol.get(p) ?? []);
}
