// Suilend (Sui), main LendingMarket (decompiled public interface of the lending_market module; the calls go to the
// current package, read from Suilend's UpgradeCap at plan time as @suilend/sdk does, types keep the original package):
//   deposit_liquidity_and_mint_ctokens<P, T>(&mut LendingMarket<P>, reserve_array_index: u64, &Clock, Coin<T>, &mut TxContext)
//     : Coin<CToken<P, T>>
//   redeem_ctokens_and_withdraw_liquidity_request<P, T>(&mut LendingMarket<P>, reserve_array_index: u64, &Clock,
//     Coin<CToken<P, T>>, Option<RateLimiterExemption<P, T>>, &mut TxContext): LiquidityRequest<P, T>
//   fulfill_liquidity_request<P, T>(&mut LendingMarket<P>, reserve_array_index: u64, LiquidityRequest<P, T>, &mut TxContext)
//     : Coin<T>
// (suilend/suilend contracts/suilend/sources/lending_market.move, commit d5ba83a617bb0778b48b0c3b1e77a87be81258ca.) The
// withdraw is the two calls @suilend/sdk 3.0.3 builds (client.js `redeem`); `redeem_ctokens_and_withdraw_liquidity` is the
// same pair in one call, but the SDK is the judge (server/venues/suilend/suilend.oracle.test.ts compares call by call).
// The USDC reserve's slot and its cToken rate are read from the LendingMarket object when the plan is built (one
// GetObject; server/venues/suilend/read.ts), never assumed. The cTokens stay in the owner's wallet (no
// obligation): their rate grows with the reserve's interest. A withdrawal redeems the fewest cTokens whose floored
// payout covers the amount at that rate.
// Before either plan the LendingMarket is proven the cited pool's: its Move type, read from the chain, is
// `<original package>::lending_market::LendingMarket<MAIN_POOL>` (suilend/suilend d5ba83a617bb0778b48b0c3b1e77a87be81258ca
// contracts/suilend/sources/lending_market.move `public struct LendingMarket<phantom P>`; ../shared/sui-types.ts).
import { coinWithBalance } from "@mysten/sui/transactions";
import { suiCoinBalance } from "../../chains/balances";
import { newSuiTransaction, suiPlanTransaction } from "../../chains/sui";
import { startCoinReads } from "../../chains/sui/coin-reads";
import { currentPackage } from "../../chains/sui/packages";
import { readSuilendUsdcReserve } from "./read";
import { suilend } from "./descriptor";
import { readForPlan, requireShares } from "../shared/plan-reads";
import type { VenueAdapter } from "../shared/build";
import { afterSuiObjectTypes, type SuiObjectType } from "../shared/sui-types";

const ids = suilend.onchain as Record<"package" | "upgradeCap" | "lendingMarket" | "lendingMarketType" | "usdcCoinType", string>;
export const SUILEND_CTOKEN_TYPE = `${ids.package}::reserve::CToken<${ids.lendingMarketType},${ids.usdcCoinType}>`;
const EXEMPTION_TYPE = `${ids.package}::lending_market::RateLimiterExemption<${ids.lendingMarketType},${ids.usdcCoinType}>`;
const WAD = 10n ** 18n;

/** The fewest cTokens whose redeem pays at least `amountMicros` at `rate` (USDC per cToken, 1e18). */
export function suilendCtokensFor(amountMicros: bigint, rate: bigint): bigint {
  return (amountMicros * WAD + rate - 1n) / rate;
}

/** The owner's Suilend USDC cTokens (coin objects plus address balance), what a redeem takes. */
export const suilendCtokensHeld = (owner: string, signal: AbortSignal) => suiCoinBalance(owner, SUILEND_CTOKEN_TYPE, signal);

/**
 * What `ctokens` redeem for at `rate` (USDC per cToken, 1e18): `floor(mul(decimal::from(ctokens), ctoken_ratio))`, the
 * ratio a Decimal (1e18) as `rate` is (suilend/suilend contracts/suilend/sources/reserve.move `redeem_ctokens`, commit
 * 37fbbb312ea7f1c8c942a50e8430fc2b83b85e5f).
 */
export const suilendCtokensPay = (ctokens: bigint, rate: bigint): bigint => (ctokens * rate) / WAD;

/** The shared object Suilend's calls take and the type it must have: a LendingMarket of the cited pool type. */
export const suilendObjectTypes = (o: { package: string; lendingMarket: string; lendingMarketType: string }): SuiObjectType[] => [
  { id: o.lendingMarket, name: "LendingMarket", type: `${o.package}::lending_market::LendingMarket<${o.lendingMarketType}>` },
];
/** `reads` once the LendingMarket is proven (the proof runs beside them). */
const proven = <T>(reads: Promise<T>) => afterSuiObjectTypes("Suilend", suilendObjectTypes(ids), reads);

/** The USDC reserve's slot and rate, needed to build either call. */
const usdcReserve = () => readForPlan("Suilend's LendingMarket (its USDC reserve slot and rate)", readSuilendUsdcReserve);

/** Suilend's current package (the SDK's `publishedAt`), from its UpgradeCap. */
export const suilendCallPackage = () => readForPlan("Suilend's current package (its UpgradeCap)", (signal) => currentPackage(ids.upgradeCap, signal));

export const suilendAdapter: VenueAdapter = {
  venueId: suilend.id,
  onchainInterface: `<current package of UpgradeCap ${ids.upgradeCap}>::lending_market::deposit_liquidity_and_mint_ctokens<MAIN_POOL, USDC>(&mut LendingMarket, u64, &Clock, Coin<USDC>): Coin<CToken>; <current package>::lending_market::redeem_ctokens_and_withdraw_liquidity_request<MAIN_POOL, USDC>(&mut LendingMarket, u64, &Clock, Coin<CToken>, Option<RateLimiterExemption>): LiquidityRequest; <current package>::lending_market::fulfill_liquidity_request<MAIN_POOL, USDC>(&mut LendingMarket, u64, LiquidityRequest): Coin<USDC>`,
  deposit: async ({ owner, amountMicros }) => {
    // The owner's USDC coins the simulation selects, read beside the package and the reserve (one round trip, not two).
    startCoinReads(owner, ids.usdcCoinType);
    const [pkg, { arrayIndex }] = await proven(Promise.all([suilendCallPackage(), usdcReserve()]));
    const tx = newSuiTransaction(owner);
    const usdc = tx.add(coinWithBalance({ type: ids.usdcCoinType, balance: amountMicros }));
    const [ctokens] = tx.moveCall({
      target: `${pkg}::lending_market::deposit_liquidity_and_mint_ctokens`,
      typeArguments: [ids.lendingMarketType, ids.usdcCoinType],
      arguments: [tx.object(ids.lendingMarket), tx.pure.u64(arrayIndex), tx.object.clock(), usdc],
    });
    if (!ctokens) throw new Error("deposit returned no coin");
    tx.transferObjects([ctokens], owner);
    return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Suilend's main market (USDC reserve, slot ${arrayIndex}) and receive its cTokens in the owner's wallet`, tx);
  },
  withdraw: async ({ owner, amountMicros }) => {
    // Every read depends only on the owner: the package, the reserve, the owner's cTokens (held, and the coins the
    // simulation selects) in one round trip.
    startCoinReads(owner, SUILEND_CTOKEN_TYPE);
    const [pkg, { arrayIndex, rate }, held] = await proven(
      Promise.all([
        suilendCallPackage(),
        usdcReserve(),
        readForPlan("The owner's Suilend USDC cToken balance", (signal) => suilendCtokensHeld(owner, signal)),
      ]),
    );
    const ctokenAmount = suilendCtokensFor(amountMicros, rate);
    requireShares("Suilend USDC cTokens", ctokenAmount, held, suilendCtokensPay(held, rate));
    const tx = newSuiTransaction(owner);
    const ctokens = tx.add(coinWithBalance({ type: SUILEND_CTOKEN_TYPE, balance: ctokenAmount }));
    // No rate-limiter exemption: Option<RateLimiterExemption> is a struct option, made by 0x1::option::none.
    const [noExemption] = tx.moveCall({ target: "0x1::option::none", typeArguments: [EXEMPTION_TYPE] });
    if (!noExemption) throw new Error("option::none returned nothing");
    const [request] = tx.moveCall({
      target: `${pkg}::lending_market::redeem_ctokens_and_withdraw_liquidity_request`,
      typeArguments: [ids.lendingMarketType, ids.usdcCoinType],
      arguments: [tx.object(ids.lendingMarket), tx.pure.u64(arrayIndex), tx.object.clock(), ctokens, noExemption],
    });
    if (!request) throw new Error("redeem request returned nothing");
    const [usdc] = tx.moveCall({
      target: `${pkg}::lending_market::fulfill_liquidity_request`,
      typeArguments: [ids.lendingMarketType, ids.usdcCoinType],
      arguments: [tx.object(ids.lendingMarket), tx.pure.u64(arrayIndex), request],
    });
    if (!usdc) throw new Error("fulfill returned no coin");
    tx.transferObjects([usdc], owner);
    return suiPlanTransaction("withdraw", `Redeem ${ctokenAmount} Suilend USDC cTokens (slot ${arrayIndex}) for at least ${amountMicros} micro-USDC at the reserve's rate now`, tx);
  },
};
