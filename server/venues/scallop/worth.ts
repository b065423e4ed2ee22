// Scallop (Sui): what an owner's position is worth now (issue 23 item 5), from the reads the withdraw builder makes
// (./build.ts): the owner's sUSDC (MarketCoin<USDC>) balance times the market's USDC rate (./read.ts), once the Market
// the rate is read from is proven Scallop's by its Move type.
import { scallop } from "./descriptor";
import { scallopMarketCoinsHeld, scallopMarketCoinsPay, scallopObjectTypes } from "./build";
import { scallopReader } from "./read";
import type { VenueWorth } from "../shared/read";
import { readAfterSuiObjectTypes } from "../shared/sui-types";

const ids = scallop.onchain as Record<"protocolPackage" | "market" | "version", string>;
/** The one shared object the worth reads: the Market (its balance sheet gives the rate). */
const market = scallopObjectTypes(ids).filter((o) => o.id === ids.market);

export const scallopWorth: VenueWorth = {
  venueId: scallop.id,
  what: "Scallop sUSDC market coin balance × market USDC rate",
  readWorth: async (owner, signal) => {
    const [rate, held] = await readAfterSuiObjectTypes("Scallop", market, signal, Promise.all([scallopReader.readIndex(signal), scallopMarketCoinsHeld(owner, signal)]));
    return scallopMarketCoinsPay(held, rate);
  },
};
