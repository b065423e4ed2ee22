// Scallop (Sui): deposit = `protocol::mint::mint<USDC>(version, market, coin, clock, ctx): Coin<MarketCoin<USDC>>`
// (Scallop's published Move interface), then the market coin is sent back to the owner. The USDC input is a
// `coinWithBalance` intent the owner's wallet resolves from its own coins.
// Withdraw = `protocol::redeem::redeem<USDC>(version, market, Coin<MarketCoin<USDC>>, clock, ctx): Coin<USDC>`, paying
// market coins × (cash + debt − revenue) / market-coin supply (floored). The plan redeems the fewest market coins that
// cover the amount at the rate read at plan time (server/venues/scallop/read.ts); the rate only grows, so the owner
// receives at least the amount. MarketCoin's type is defined at the protocol's original package id; both calls go to
// the protocol's current package (its UpgradeCap's `package`, read at plan time): Scallop's entry functions assert the
// Version object's value against the package's own version, so a call to an older package aborts.
// Before either plan, the Version and Market objects the calls take are proven to be the protocol's own types (defined
// at its original package: scallop-io/sui-lending-protocol 54fc1ea6d8573c54d17b7754a7e081b4b8be423b
// contracts/protocol/sources/version/version.move `protocol::version::Version`, contracts/protocol/sources/market/market.move
// `protocol::market::Market`), read from the chain (../shared/sui-types.ts).
import { coinWithBalance, type Transaction } from "@mysten/sui/transactions";
import { suiCoinBalance } from "../../chains/balances";
import { newSuiTransaction, suiPlanTransaction } from "../../chains/sui";
import { startCoinReads } from "../../chains/sui/coin-reads";
import { currentPackage } from "../../chains/sui/packages";
import { scallop } from "./descriptor";
import { scallopReader } from "./read";
import { readForPlan, requireShares, venueRate } from "../shared/plan-reads";
import type { VenueAdapter } from "../shared/build";
import { afterSuiObjectTypes, type SuiObjectType } from "../shared/sui-types";

const ids = scallop.onchain as Record<"protocolPackage" | "protocolUpgradeCap" | "market" | "version" | "usdcCoinType", string>;
export const SCALLOP_MARKET_COIN_TYPE = `${ids.protocolPackage}::reserve::MarketCoin<${ids.usdcCoinType}>`;
const WAD = 10n ** 18n;

/** The shared objects Scallop's calls take and the type each must have (the protocol's original package defines both). */
export const scallopObjectTypes = (o: { protocolPackage: string; version: string; market: string }): SuiObjectType[] => [
  { id: o.version, name: "Version object", type: `${o.protocolPackage}::version::Version` },
  { id: o.market, name: "Market", type: `${o.protocolPackage}::market::Market` },
];
/** `reads` once the Version and Market are proven (the proof runs beside them). */
const proven = <T>(reads: Promise<T>) => afterSuiObjectTypes("Scallop", scallopObjectTypes(ids), reads);

/** The fewest market coins whose redeem pays at least `amountMicros` at `rate` (underlying per market coin, 1e18). */
export function scallopSharesFor(amountMicros: bigint, rate: bigint): bigint {
  return (amountMicros * WAD + rate - 1n) / rate;
}

/** The owner's sUSDC: its MarketCoin<USDC> balance (coin objects plus address balance), what a redeem takes. */
export const scallopMarketCoinsHeld = (owner: string, signal: AbortSignal) => suiCoinBalance(owner, SCALLOP_MARKET_COIN_TYPE, signal);

/**
 * What `marketCoins` redeem for at `rate` (underlying per market coin, 1e18), floored as redeem's mul_div floors; the
 * rate itself is floored to 1e-18, so this is never above what the redeem pays.
 */
export const scallopMarketCoinsPay = (marketCoins: bigint, rate: bigint): bigint => (marketCoins * rate) / WAD;

/** The protocol's current package (Scallop's address book `core.packages.protocol.id`), from its UpgradeCap. */
export const scallopCallPackage = () => readForPlan("Scallop's current protocol package (its UpgradeCap)", (signal) => currentPackage(ids.protocolUpgradeCap, signal));

/**
 * The owner's transaction calling `<pkg>::<fn>::<fn><USDC>(&Version, &mut Market, coin, &Clock)` (mint: USDC in, sUSDC
 * out; redeem: sUSDC in, USDC out) with a coin of `coinType` worth `balance`, the one coin it returns sent to the owner.
 */
function scallopCoinCall(owner: string, pkg: string, fn: "mint" | "redeem", coinType: string, balance: bigint): Transaction {
  const tx = newSuiTransaction(owner);
  const coin = tx.add(coinWithBalance({ type: coinType, balance }));
  const [out] = tx.moveCall({
    target: `${pkg}::${fn}::${fn}`,
    typeArguments: [ids.usdcCoinType],
    arguments: [tx.object(ids.version), tx.object(ids.market), coin, tx.object.clock()],
  });
  if (!out) throw new Error(`${fn} returned no coin`);
  tx.transferObjects([out], owner);
  return tx;
}

export const scallopAdapter: VenueAdapter = {
  venueId: scallop.id,
  onchainInterface: `<current package of UpgradeCap ${ids.protocolUpgradeCap}>::mint::mint<USDC>(&Version, &mut Market, Coin<USDC>, &Clock, &mut TxContext): Coin<MarketCoin<USDC>>; <current package>::redeem::redeem<USDC>(&Version, &mut Market, Coin<MarketCoin<USDC>>, &Clock, &mut TxContext): Coin<USDC>`,
  deposit: async ({ owner, amountMicros }) => {
    // The owner's USDC coins the simulation selects, read beside the package (one round trip, not two).
    startCoinReads(owner, ids.usdcCoinType);
    const pkg = await proven(scallopCallPackage());
    const tx = scallopCoinCall(owner, pkg, "mint", ids.usdcCoinType, amountMicros);
    return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Scallop (mint::mint) and receive the sUSDC market coin in the owner's wallet`, tx);
  },
  withdraw: async ({ owner, amountMicros }) => {
    // Every read depends only on the owner: the package, the rate, the owner's sUSDC (held, and the coins the
    // simulation selects) in one round trip.
    startCoinReads(owner, SCALLOP_MARKET_COIN_TYPE);
    const [pkg, index, held] = await proven(
      Promise.all([
        scallopCallPackage(),
        venueRate(scallopReader),
        readForPlan("The owner's sUSDC market coin balance", (signal) => scallopMarketCoinsHeld(owner, signal)),
      ]),
    );
    const shares = scallopSharesFor(amountMicros, index);
    requireShares("sUSDC market coins", shares, held, scallopMarketCoinsPay(held, index));
    const tx = scallopCoinCall(owner, pkg, "redeem", SCALLOP_MARKET_COIN_TYPE, shares);
    return suiPlanTransaction("withdraw", `Redeem ${shares} sUSDC market coins on Scallop (redeem::redeem) for at least ${amountMicros} micro-USDC at the market's rate now`, tx);
  },
};
