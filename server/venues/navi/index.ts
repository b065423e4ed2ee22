// NAVI (Sui): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the USDC
// reserve's supply index; oracle.ts and pyth.ts: the price state a withdraw's health check needs; build.ts: deposit and
// withdraw; worth.ts: a position's worth now; receipt.ts: its DepositEvent in an executed deposit; navi.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { naviAdapter } from "./build";
import { navi } from "./descriptor";
import { naviReader } from "./read";
import { naviReceipt } from "./receipt";
import { naviWorth } from "./worth";

export const naviVenue = venueModule({ descriptor: navi, read: naviReader, worth: naviWorth, build: naviAdapter, receipt: naviReceipt });
