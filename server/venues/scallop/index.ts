// Scallop (Sui): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the
// market coin's exchange rate; build.ts: deposit (mint) and withdraw (redeem); worth.ts: a position's worth now;
// scallop.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { scallopAdapter, SCALLOP_MARKET_COIN_TYPE } from "./build";
import { shareReceipt } from "../shared/receipt";
import { scallop } from "./descriptor";
import { scallopReader } from "./read";
import { scallopWorth } from "./worth";

export const scallopVenue = venueModule({ descriptor: scallop, read: scallopReader, worth: scallopWorth, build: scallopAdapter, receipt: shareReceipt(scallop, "Scallop", SCALLOP_MARKET_COIN_TYPE) });
