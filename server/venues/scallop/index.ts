// Scallop (Sui): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the
// market coin's exchange rate; build.ts: deposit (mint) and withdraw (redeem); worth.ts: a position's worth now;
// scallop.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { scallopAdapter, SCALLOP_MARKET_COIN_TYPE } from "./build";
import { shareReceipt } from "../shared/receipt";
import { scallop } from "./descriptor";
import { scallopReader } from "./read";
import { scallopWorth } from "./worth";

export const scallopVenue = venueModule({
  descriptor: scallop,
  read: scallopReader,
  worth: scallopWorth,
  build: scallopAdapter,
  receipt: shareReceipt(scallop, "Scallop", SCALLOP_MARKET_COIN_TYPE),
  // sUSDC, MarketCoin<USDC> (its type built from the descriptor's cited `protocolPackage` and `usdcCoinType`: ./build.ts).
  // The Move package gives it no decimals (scallop-io/sui-lending-protocol 54fc1ea6d8573c54d17b7754a7e081b4b8be423b
  // contracts/protocol/sources/market/reserve.move: `struct MarketCoin<phantom T> has drop {}`, a supply in a bag); the SDK
  // gives it the pool's: @scallop-io/sui-scallop-sdk 2.4.5 src/models/scallopConstants.ts initConstants
  // (coinDecimals[sCoinName] = the pool's decimals), src/constants/testAddress.ts POOL_ADDRESSES.usdc (decimals 6,
  // sCoinName "susdc", sCoinSymbol "sUSDC"), src/models/scallopUtils.ts parseMarketCoinName ("s" + coin name) and
  // parseSymbol (a market coin's symbol is its pool's sCoinSymbol), and src/queries/portfolioQuery.ts shifts the market
  // coin amount by the coin's decimals.
  shareToken: { chain: scallop.chain, id: SCALLOP_MARKET_COIN_TYPE, symbol: "sUSDC", decimals: 6 },
});
