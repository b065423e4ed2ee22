// Suilend (Sui): what an owner's position is worth now (issue 23 item 5), from the reads the withdraw builder makes
// (./build.ts): the owner's USDC cTokens times the USDC reserve's cToken rate in the main LendingMarket (./read.ts), once
// the LendingMarket is proven the cited pool's by its Move type.
import { suilend } from "./descriptor";
import { suilendCtokensHeld, suilendCtokensPay, suilendObjectTypes } from "./build";
import { readSuilendUsdcReserve } from "./read";
import type { VenueWorth } from "../shared/read";
import { readAfterSuiObjectTypes } from "../shared/sui-types";

const ids = suilend.onchain as Record<"package" | "lendingMarket" | "lendingMarketType", string>;

export const suilendWorth: VenueWorth = {
  venueId: suilend.id,
  what: "Suilend USDC cToken balance × LendingMarket USDC reserve cToken rate",
  readWorth: async (owner, signal) => {
    const reads = Promise.all([readSuilendUsdcReserve(signal), suilendCtokensHeld(owner, signal)]);
    const [{ rate }, held] = await readAfterSuiObjectTypes("Suilend", suilendObjectTypes(ids), signal, reads);
    return suilendCtokensPay(held, rate);
  },
};
