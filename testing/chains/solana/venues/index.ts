// The Solana venues' parts of the local chain, one module each (./<venue>.ts: its program models, checked against the
// protocol's published interface, and the encoders of its accounts). The local chain's PROGRAMS derive from this list:
// adding a Solana venue's local-chain part is its file and one line here.
import type { SolanaVenueChain } from "./encode";
import { jupiterLendChain } from "./jupiter-lend";
import { kaminoChain } from "./kamino";
import { marginfiChain } from "./marginfi";
import { saveChain } from "./save";

export const SOLANA_VENUE_CHAINS: readonly SolanaVenueChain[] = [kaminoChain, marginfiChain, jupiterLendChain, saveChain];
