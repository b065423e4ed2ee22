// Suilend (Sui): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the
// USDC reserve's cToken exchange rate; build.ts: deposit and withdraw; worth.ts: a position's worth now;
// suilend.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { suilendAdapter, SUILEND_CTOKEN_TYPE } from "./build";
import { shareReceipt } from "../shared/receipt";
import { suilend } from "./descriptor";
import { suilendReader } from "./read";
import { suilendWorth } from "./worth";

export const suilendVenue = venueModule({
  descriptor: suilend,
  read: suilendReader,
  worth: suilendWorth,
  build: suilendAdapter,
  receipt: shareReceipt(suilend, "Suilend", SUILEND_CTOKEN_TYPE),
  // The USDC reserve's CToken<MAIN_POOL, USDC> (its type built from the descriptor's cited `package`, `lendingMarketType`
  // and `usdcCoinType`: ./build.ts). Its amounts are in the reserve's mint decimals: suilend/suilend
  // d5ba83a617bb0778b48b0c3b1e77a87be81258ca contracts/suilend/sources/reserve.move (`public struct CToken<phantom P,
  // phantom T> has drop {}`, its supply `balance::create_supply`, no metadata; the reserve keeps `mint_decimals`), and
  // @suilend/sdk 3.0.3 parsers/reserve.js divides `ctokenSupply` by 10 ** mintDecimals; USDC's 6 (lib/tokens.ts). No
  // source names a symbol: "CToken<USDC>" is the type's own struct name over its coin.
  shareToken: { chain: suilend.chain, id: SUILEND_CTOKEN_TYPE, symbol: "CToken<USDC>", decimals: 6 },
});
