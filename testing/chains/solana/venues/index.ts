// The Solana venues' parts of the local chain, one module each (./<venue>.ts: its program models, checked against the
// protocol's published interface, and the encoders of its accounts), in the venue list's order and checked against it
// (../../venue-parts.ts: every Solana venue with builders has one). The local chain's PROGRAMS derive from them.
import { partsInListOrder } from "../../venue-parts";
import type { SolanaVenueChain } from "./encode";
import { jupiterLendChain } from "./jupiter-lend";
import { kaminoChain } from "./kamino";
import { marginfiChain } from "./marginfi";
import { saveChain } from "./save";

export const SOLANA_VENUE_CHAINS: readonly SolanaVenueChain[] = partsInListOrder("solana", [kaminoChain, marginfiChain, jupiterLendChain, saveChain], { everyBuiltVenue: true });
