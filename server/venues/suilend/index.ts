// Suilend (Sui): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the
// USDC reserve's cToken exchange rate; build.ts: deposit and withdraw; worth.ts: a position's worth now;
// suilend.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { suilendAdapter, SUILEND_CTOKEN_TYPE } from "./build";
import { shareReceipt } from "../shared/receipt";
import { suilend } from "./descriptor";
import { suilendReader } from "./read";
import { suilendWorth } from "./worth";

export const suilendVenue = venueModule({ descriptor: suilend, read: suilendReader, worth: suilendWorth, build: suilendAdapter, receipt: shareReceipt(suilend, "Suilend", SUILEND_CTOKEN_TYPE) });
