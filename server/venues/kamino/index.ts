// Kamino Lend (Solana): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts:
// the USDC reserve's collateral exchange rate; build.ts: deposit and withdraw; errors.ts: klend's error table (used by
// server/chains/solana/program-errors.ts); kamino.oracle.test.ts: klend-sdk against our builder.
import { venueModule } from "../define";
import { kaminoAdapter } from "./build";
import { kamino } from "./descriptor";
import { kaminoReader } from "./read";

export const kaminoVenue = venueModule({ descriptor: kamino, read: kaminoReader, build: kaminoAdapter });
