// Suilend on the local Sui node: its package (the original, then the upgrade its UpgradeCap points at) and
// LendingMarket objects holding reserves (available amount, cToken supply, borrowed and unclaimed fees as Decimals) and
// the market's outflow rate limiter (./suilend-rate-limiter.ts).
import { suilend } from "../../../../server/venues/suilend/descriptor";
import { moveFixture, moveModuleSignatures, publishedAddress } from "../move-source";
import { normalizeStructTag } from "@mysten/sui/utils";
import { type CoinCallResult, type CoinCallSeen, type SuiObject, sameAddress, sameType } from "../world";
import { abortIn, rendered, type SuiVenueChain, u64Arg } from "./move";
import { CLOCK } from "../simulate";
import { rateLimiterJson, type SuilendRateLimiterState, suilendDefaultRateLimiter, suilendProcessQty } from "./suilend-rate-limiter";

export interface SuilendReserveState {
  coinType: string;
  available: bigint;
  ctokens: bigint;
  /** Decimal values, scaled by 1e18. */
  borrowedWad: bigint;
  unclaimedWad: bigint;
  /**
   * The reserve config's `deposit_limit` (base units) and `deposit_limit_usd` (whole USD), and the reserve's `price` and
   * `smoothed_price` (Decimals, scaled by 1e18): a deposit past either limit aborts (suilendCoinCall). Defaults: 1e9 USDC,
   * 1e9 USD, both prices 1.
   */
  depositLimit?: bigint;
  depositLimitUsd?: bigint;
  priceWad?: bigint;
  smoothedPriceWad?: bigint;
}

/** Suilend's part of the local chain's state. */
export interface SuilendChainState {
  /** Sui objects by id: a Suilend LendingMarket holding these reserves. */
  suilendMarkets: Map<string, SuilendReserveState[]>;
  /**
   * Each LendingMarket's `rate_limiter` (by the market's id, as in suilendMarkets); a market without one has the
   * limiter create_lending_market gives (suilendDefaultRateLimiter: nothing refused). A test sets a tighter config here.
   */
  suilendRateLimiters: Map<string, SuilendRateLimiterState>;
}

/** Test-only "current upgrade" package id the local chain's UpgradeCap points at (never the original id). */
export const SUILEND_CURRENT_PACKAGE = `0x${"51".repeat(32)}`;

const PKG = "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf";
const decimal = (v: bigint) => ({ type: `${PKG}::decimal::Decimal`, fields: { value: v.toString() } });

function suilendMarket(id: string, reserves: SuilendReserveState[], limiter: SuilendRateLimiterState): SuiObject {
  return {
    id,
    type: `${PKG}::lending_market::LendingMarket<${PKG}::suilend::MAIN_POOL>`,
    owner: { kind: "shared", initialVersion: 38698012n },
    version: 42n,
    json: rendered({
      id: { id },
      version: "7",
      reserves: reserves.map((r, i) => ({
        type: `${PKG}::reserve::Reserve<${PKG}::suilend::MAIN_POOL>`,
        fields: {
          array_index: String(i),
          coin_type: { type: "0x1::type_name::TypeName", fields: { name: r.coinType.replace(/^0x/, "") } },
          mint_decimals: 6,
          available_amount: r.available.toString(),
          ctoken_supply: r.ctokens.toString(),
          borrowed_amount: decimal(r.borrowedWad),
          unclaimed_spread_fees: decimal(r.unclaimedWad),
          cumulative_borrow_rate: decimal(10n ** 18n),
          price: decimal(r.priceWad ?? WAD),
          smoothed_price: decimal(r.smoothedPriceWad ?? WAD),
        },
      })),
      rate_limiter: rateLimiterJson(PKG, limiter),
    }),
  };
}

const original = suilend.onchain.package ?? "";

/**
 * The module Suilend's plans call, parsed from suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca
 * contracts/suilend/sources/lending_market.move, the package's id its contracts/suilend/Published.toml
 * `[published.mainnet] original-id` (tests/fixtures/suilend/).
 */
const suilendModules = () => {
  const addresses = { suilend: publishedAddress(moveFixture("suilend", "Published.toml"), { publishedEnv: "mainnet" }) };
  return [moveModuleSignatures(moveFixture("suilend", "lending_market.move"), addresses)];
};

const WAD = 10n ** 18n;
/** reserve.move `MIN_AVAILABLE_AMOUNT` (suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca). */
const MIN_AVAILABLE_AMOUNT = 100n;
/** The local reserves' deposit limits unless a test sets them: 1e9 USDC (base units) and 1e9 USD. */
const DEFAULT_DEPOSIT_LIMIT = 10n ** 15n;
const DEFAULT_DEPOSIT_LIMIT_USD = 10n ** 9n;

/** The package's original id, its contracts/suilend/Published.toml `[published.mainnet] original-id` (tests/fixtures/suilend/). */
const suilendAddress = () => publishedAddress(moveFixture("suilend", "Published.toml"), { publishedEnv: "mainnet" });

/**
 * Suilend's cToken calls as its published source computes them (suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca),
 * Decimal a u256 scaled by WAD = 1e18 (contracts/suilend/sources/decimal.move: from(v) = v × WAD, mul = a × b / WAD,
 * div = a × WAD / b, floor = value / WAD):
 * - lending_market.move deposit_liquidity_and_mint_ctokens<P, T>(market, reserve_array_index, clock, deposit) takes the
 *   coin (argument 3) and returns `Coin<CToken<P, T>>` (reserve.move `CToken<phantom P, phantom T>`): reserve.move
 *   deposit_liquidity_and_mint_ctokens mints from(liquidity).mul(from(ctoken_supply)).div(total_supply()).floor() (the
 *   liquidity itself while the supply is 0), total_supply = from(available_amount) + borrowed_amount −
 *   unclaimed_spread_fees; lending_market.move aborts ETooSmall (2) for none, EWrongType (3) for another coin type;
 * - redeem_ctokens_and_withdraw_liquidity_request<P, T>(market, index, clock, ctokens, exemption) takes the cTokens
 *   (argument 3) and returns a LiquidityRequest { amount: floor(from(ctokens).mul(ctoken_ratio)), fee: 0 }
 *   (reserve.move redeem_ctokens; ctoken_ratio = total_supply.div(from(ctoken_supply)));
 * - fulfill_liquidity_request<P, T>(market, index, request) takes it (argument 2) and returns `Coin<T>` of amount − fee
 *   (reserve.move fulfill_liquidity_request).
 * Interest compounds first (reserve::compound_interest); the local reserves' cumulative borrow rate stays 1 with no
 * rate model, so the reserve as served is the one the call computes with.
 * - The deposit limits (reserve.move deposit_liquidity_and_mint_ctokens, after adding the liquidity): total_supply must
 *   stay ≤ from(config.deposit_limit), and market_value_upper_bound(total_supply) = max(price, smoothed_price) ×
 *   total_supply / 10^mint_decimals ≤ from(config.deposit_limit_usd); else EDepositLimitExceeded (2, in `reserve`).
 *   Deposits pass no rate limiter (lending_market.move calls rate_limiter::process_qty on redeem and borrow only).
 * - The redeem's rate limiter: suilendRedeemLimiter, before redeem_ctokens.
 * What an executed call leaves in the reserve (its `writes`), as reserve.move (same commit) writes it — the fields the
 * readers read (server/venues/suilend/read.ts):
 * - deposit_liquidity_and_mint_ctokens: `available_amount + liquidity`, `ctoken_supply + new_ctokens`;
 * - redeem_ctokens: `available_amount − liquidity_amount` and `ctoken_supply − ctokens` (u64: one that would go below 0
 *   fails the transaction as Move arithmetic does: MOVE_PRIMITIVE_RUNTIME_ERROR), then aborts EMinAvailableAmountViolated (5, in
 *   `reserve`) unless both stay ≥ MIN_AVAILABLE_AMOUNT (100);
 * - fulfill_liquidity_request splits the paid amount off the reserve's balance, whose u64 mirror redeem_ctokens already
 *   lowered: nothing more to write.
 */
function suilendCoinCall(v: SuilendChainState, call: CoinCallSeen): CoinCallResult | undefined {
  const pkg = suilendAddress();
  if (!sameAddress(call.package, pkg) || call.module !== "lending_market") return undefined;
  const [p, t] = call.typeArguments;
  const market = call.args[0];
  const index = u64Arg(call.args[1]);
  const [marketId, reserves] = (market && "object" in market ? [...v.suilendMarkets].find(([id]) => sameAddress(id, market.object)) : undefined) ?? [];
  const r = index !== null ? reserves?.[Number(index)] : undefined;
  if (!p || !t || !r) return undefined;
  const ctokenType = normalizeStructTag(`${pkg}::reserve::CToken<${p}, ${t}>`);
  if (!sameType(r.coinType.startsWith("0x") ? r.coinType : `0x${r.coinType}`, t)) return abortIn(call.package, "lending_market", call.function, 3n);
  const totalWad = r.available * WAD + r.borrowedWad - r.unclaimedWad;
  const arg = call.args[call.function === "fulfill_liquidity_request" ? 2 : 3];
  const held = arg && "held" in arg ? arg.held : undefined;
  if (!held) return undefined;
  if (call.function === "deposit_liquidity_and_mint_ctokens" && held.kind === "coin" && sameType(held.coinType, t)) {
    if (held.value === 0n) return abortIn(call.package, "lending_market", call.function, 2n);
    const minted = r.ctokens === 0n ? held.value : (((held.value * WAD * (r.ctokens * WAD)) / WAD) * WAD) / totalWad / WAD;
    const supplyAfter = totalWad + held.value * WAD;
    const priceUpper = (r.priceWad ?? WAD) > (r.smoothedPriceWad ?? WAD) ? (r.priceWad ?? WAD) : (r.smoothedPriceWad ?? WAD);
    const usdAfter = (((priceUpper * supplyAfter) / WAD) * WAD) / (10n ** 6n * WAD);
    if (supplyAfter > (r.depositLimit ?? DEFAULT_DEPOSIT_LIMIT) * WAD || usdAfter > (r.depositLimitUsd ?? DEFAULT_DEPOSIT_LIMIT_USD) * WAD) {
      return abortIn(call.package, "reserve", "deposit_liquidity_and_mint_ctokens", 2n);
    }
    if (minted === 0n) return abortIn(call.package, "lending_market", call.function, 2n);
    const writes = () => {
      r.available += held.value;
      r.ctokens += minted;
    };
    return { takes: [3], returns: [{ kind: "coin", coinType: ctokenType, value: minted }], writes };
  }
  if (call.function === "redeem_ctokens_and_withdraw_liquidity_request" && held.kind === "coin" && sameType(held.coinType, ctokenType)) {
    if (held.value === 0n) return abortIn(call.package, "lending_market", call.function, 2n);
    const ratio = r.ctokens === 0n ? WAD : (totalWad * WAD) / (r.ctokens * WAD);
    const limited = suilendRedeemLimiter(v, marketId ?? "", r, held.value, ratio);
    if ("abort" in limited) return abortIn(call.package, "rate_limiter", "process_qty", limited.abort);
    const amount = (held.value * WAD * ratio) / WAD / WAD;
    if (amount > r.available || held.value > r.ctokens) {
      return { fails: `ArithmeticError in ${call.package}::reserve::redeem_ctokens: the reserve's available_amount ${r.available} cannot pay ${amount}`, kind: "MOVE_PRIMITIVE_RUNTIME_ERROR" };
    }
    if (r.available - amount < MIN_AVAILABLE_AMOUNT || r.ctokens - held.value < MIN_AVAILABLE_AMOUNT) return abortIn(call.package, "reserve", "redeem_ctokens", 5n);
    if (amount === 0n) return abortIn(call.package, "lending_market", call.function, 2n);
    const writes = () => {
      r.available -= amount;
      r.ctokens -= held.value;
      v.suilendRateLimiters.set(limiterOf(v, marketId ?? "")?.[0] ?? marketId ?? "", limited.next);
    };
    return { takes: [3], returns: [{ kind: "receipt", name: "LiquidityRequest", coinType: normalizeStructTag(t), value: amount, fee: 0n }], writes };
  }
  if (call.function === "fulfill_liquidity_request" && held.kind === "receipt" && sameType(held.coinType, t)) {
    return { takes: [2], returns: [{ kind: "coin", coinType: normalizeStructTag(t), value: held.value - held.fee }] };
  }
  return undefined;
}

/**
 * The rate limiter a redeem runs (suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca
 * contracts/suilend/sources/lending_market.move redeem_ctokens_and_withdraw_liquidity_request, lines 432-447): after
 * compound_interest and before reserve::redeem_ctokens, unless an exemption covers the cTokens (the plans pass
 * option::none; only liquidate issues one, lines 815-915),
 *   `rate_limiter::process_qty(&mut lending_market.rate_limiter, clock::timestamp_ms(clock) / 1000,
 *      reserve::ctoken_market_value_upper_bound(reserve, ctoken_amount))`
 * — the outflow in USD: reserve.move ctoken_market_value_upper_bound (lines 522-533) = market_value_upper_bound(
 * mul(from(ctoken_amount), ctoken_ratio)), market_value_upper_bound (lines 456-467) = div(mul(price_upper_bound,
 * liquidity), from(10^mint_decimals)), price_upper_bound (lines 399-401) = max(price, smoothed_price). Past the
 * market's max_outflow it aborts ERateLimitExceeded (2) in rate_limiter::process_qty (./suilend-rate-limiter.ts).
 * The limiter it leaves, or the abort code; one market's limiter covers every reserve's redeems (and borrows).
 */
function suilendRedeemLimiter(v: SuilendChainState, marketId: string, r: SuilendReserveState, ctokens: bigint, ratioWad: bigint) {
  const limiter = limiterOf(v, marketId)?.[1] ?? suilendDefaultRateLimiter();
  const liquidityWad = (ctokens * WAD * ratioWad) / WAD;
  const priceUpper = (r.priceWad ?? WAD) > (r.smoothedPriceWad ?? WAD) ? (r.priceWad ?? WAD) : (r.smoothedPriceWad ?? WAD);
  const usdWad = (((priceUpper * liquidityWad) / WAD) * WAD) / (10n ** 6n * WAD);
  return suilendProcessQty(limiter, CLOCK_S, usdWad);
}

/** The market's entry in suilendRateLimiters (its key and limiter), if a test set one. */
const limiterOf = (v: SuilendChainState, marketId: string) => [...v.suilendRateLimiters].find(([id]) => sameAddress(id, marketId));

/** The local Clock in seconds, as lending_market.move passes it to the limiter (`clock::timestamp_ms(clock) / 1000`). */
const CLOCK_S = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms)) / 1000n;

export const suilendChain: SuiVenueChain<SuilendChainState> = {
  venue: "suilend",
  // The original package, then the upgrade its UpgradeCap points at.
  packageVersions: [[original, [original, SUILEND_CURRENT_PACKAGE]]],
  upgradeCaps: [[suilend.onchain.upgradeCap ?? "", SUILEND_CURRENT_PACKAGE]],
  objects: (v) => [...v.suilendMarkets].map(([id, r]) => suilendMarket(id, r, limiterOf(v, id)?.[1] ?? suilendDefaultRateLimiter())),
  moveModules: suilendModules(),
  coinCall: suilendCoinCall,
  entryObjects: [{ id: suilend.onchain.lendingMarket ?? "", type: `${original}::lending_market::LendingMarket<${suilend.onchain.lendingMarketType}>` }],
};
