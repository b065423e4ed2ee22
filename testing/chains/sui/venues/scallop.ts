// Scallop on the local Sui node: its package (the original, then the upgrade its UpgradeCap points at), the shared
// Version object every protocol call takes, and a Market whose vault.balance_sheets WitTable holds one BalanceSheet per
// coin type, each a `0x2::dynamic_field::Field<TypeName, BalanceSheet>` object (what the reader reads: rate =
// (cash + debt) / market coins).
import { scallop } from "../../../../server/venues/scallop/descriptor";
import { moveFixture, moveModuleSignatures, publishedAddress } from "../move-source";
import { normalizeStructTag } from "@mysten/sui/utils";
import { type CoinCallResult, type CoinCallSeen, type SuiObject, sameAddress, sameType } from "../world";
import { abortIn, dynamicField, moveObject, noPrefix, type SuiVenueChain, typeNameBcs, X_PKG } from "./move";

export interface ScallopSheet {
  cash: bigint;
  debt: bigint;
  revenue: bigint;
  marketCoinSupply: bigint;
}

export interface ScallopMarketState {
  /** Object id of the market's vault.balance_sheets table (the dynamic fields' parent). */
  balanceSheetsTable: string;
  /** Balance sheets by coin type (with or without 0x). */
  sheets: Map<string, ScallopSheet>;
}

/** Scallop's part of the local chain's state. */
export interface ScallopChainState {
  /** Sui objects by id: a Scallop Market. */
  scallopMarkets: Map<string, ScallopMarketState>;
}

/** Scallop protocol package (server/venues/scallop/descriptor.ts), used in the Move type strings. */
const SCALLOP_PKG = "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf";
/** Test-only "current upgrade" package id the local chain's UpgradeCap points at (never the original id). */
export const SCALLOP_CURRENT_PACKAGE = `0x${"c5".repeat(32)}`;

function scallopMarket(id: string, m: ScallopMarketState) {
  const sheetType = `${SCALLOP_PKG}::reserve::BalanceSheet`;
  const keys = [...m.sheets.keys()].map((k) => ({ type: "0x1::type_name::TypeName", fields: { name: noPrefix(k) } }));
  return moveObject(
    id,
    `${SCALLOP_PKG}::market::Market`,
    {
      id: { id },
      vault: {
        type: `${SCALLOP_PKG}::reserve::Reserve`,
        fields: {
          id: { id: `0x${"a1".repeat(32)}` },
          balance_sheets: {
            type: `${X_PKG}::wit_table::WitTable<${SCALLOP_PKG}::reserve::BalanceSheets, 0x1::type_name::TypeName, ${sheetType}>`,
            fields: {
              id: { id: `0x${"a2".repeat(32)}` },
              table: { type: `0x2::table::Table<0x1::type_name::TypeName, ${sheetType}>`, fields: { id: { id: m.balanceSheetsTable }, size: String(m.sheets.size) } },
              keys: { type: "0x2::vec_set::VecSet<0x1::type_name::TypeName>", fields: { contents: keys } },
              with_keys: true,
            },
          },
        },
      },
    },
    { kind: "shared", initialVersion: 7765848n },
  );
}

/** Scallop's objects on the local chain: its Version (with a market), each Market and its balance sheets. */
function scallopObjects(v: ScallopChainState): SuiObject[] {
  const out: SuiObject[] = [];
  // Scallop's Version object (shared; every protocol call takes it), present with the market.
  if (v.scallopMarkets.size > 0) {
    const id = scallop.onchain.version ?? "";
    out.push(moveObject(id, `${SCALLOP_PKG}::version::Version`, { id: { id }, value: "9" }, { kind: "shared", initialVersion: 7765848n }));
  }
  for (const [id, m] of v.scallopMarkets) {
    out.push(scallopMarket(id, m));
    for (const [coinType, sheet] of m.sheets) {
      const key = noPrefix(coinType);
      const value = {
        type: `${SCALLOP_PKG}::reserve::BalanceSheet`,
        fields: { cash: sheet.cash.toString(), debt: sheet.debt.toString(), revenue: sheet.revenue.toString(), market_coin_supply: sheet.marketCoinSupply.toString() },
      };
      out.push(dynamicField(m.balanceSheetsTable, "0x1::type_name::TypeName", typeNameBcs(key), { type: "0x1::type_name::TypeName", fields: { name: key } }, value));
    }
  }
  return out;
}

/** Scallop's market (server/venues/scallop/descriptor.ts) with one USDC balance sheet: rate = (cash + debt) / market coins. */
export function setScallopUsdc(v: ScallopChainState, sheet: { cash: bigint; debt?: bigint; marketCoinSupply: bigint }): void {
  v.scallopMarkets.set(scallop.onchain.market ?? "", {
    balanceSheetsTable: `0x${"5c".repeat(32)}`,
    sheets: new Map([[scallop.onchain.usdcCoinType ?? "", { cash: sheet.cash, debt: sheet.debt ?? 0n, revenue: 0n, marketCoinSupply: sheet.marketCoinSupply }]]),
  });
}

const original = scallop.onchain.protocolPackage ?? "";

/**
 * The modules Scallop's plans call, parsed from scallop-io/sui-lending-protocol @ 54fc1ea6d8573c54d17b7754a7e081b4b8be423b
 * contracts/protocol/sources/user/mint.move and redeem.move, the package's id its contracts/protocol/Move.toml
 * `[addresses] protocol` (tests/fixtures/scallop/).
 */
const scallopModules = () => {
  const addresses = { protocol: publishedAddress(moveFixture("scallop", "protocol.Move.toml"), { addresses: "protocol" }) };
  return ["mint.move", "redeem.move"].map((f) => moveModuleSignatures(moveFixture("scallop", f), addresses));
};

/** The protocol package's original id, its contracts/protocol/Move.toml `[addresses] protocol` (tests/fixtures/scallop/). */
const protocolAddress = () => publishedAddress(moveFixture("scallop", "protocol.Move.toml"), { addresses: "protocol" });

/**
 * Scallop's mint and redeem as its published source computes them (scallop-io/sui-lending-protocol @
 * 54fc1ea6d8573c54d17b7754a7e081b4b8be423b): mint.move `mint<T>(version, market, coin, clock)` and redeem.move
 * `redeem<T>(version, market, coin, clock)` take the coin (argument 2) by value and return a Coin, through
 * market.move handle_mint / handle_redeem to contracts/protocol/sources/market/reserve.move:
 * - mint_market_coin: mint_amount = u64::mul_div(underlying, market_coin_supply, cash + debt − revenue) (the underlying
 *   itself while the supply is 0), aborting error.move mint_market_coin_too_small_error (0x801) when 0; the result is
 *   `Coin<MarketCoin<T>>`, MarketCoin defined in `protocol::reserve`;
 * - redeem_underlying_coin: redeem_amount = u64::mul_div(market coins, cash + debt − revenue, market_coin_supply),
 *   aborting redeem_market_coin_too_small_error (0x802) when 0 and reserve_not_enough_error (0x14004) above the cash.
 * (contracts/libs/math/sources/u64.move mul_div: a × b / c in u128, floored.) Both accrue interest first (accrue_all_interests); the local market holds no interest model, so its balance sheet as
 * served is the one the call computes with.
 */
function scallopCoinCall(v: ScallopChainState, call: CoinCallSeen): CoinCallResult | undefined {
  const protocol = protocolAddress();
  if (!sameAddress(call.package, protocol) || call.module !== call.function || (call.module !== "mint" && call.module !== "redeem")) return undefined;
  const [t] = call.typeArguments;
  const market = call.args[1];
  const coin = call.args[2];
  if (!t || !market || !("object" in market) || !coin || !("held" in coin) || coin.held.kind !== "coin") return undefined;
  const m = [...v.scallopMarkets].find(([id]) => sameAddress(id, market.object))?.[1];
  const sheet = m && [...m.sheets].find(([k]) => sameType(k.startsWith("0x") ? k : `0x${k}`, t))?.[1];
  if (!sheet) return undefined;
  const assets = sheet.cash + sheet.debt - sheet.revenue;
  const value = coin.held.value;
  const marketCoin = normalizeStructTag(`${protocol}::reserve::MarketCoin<${t}>`);
  if (call.module === "mint") {
    if (!sameType(coin.held.coinType, t)) return undefined;
    const minted = sheet.marketCoinSupply > 0n ? (value * sheet.marketCoinSupply) / assets : value;
    if (minted === 0n) return abortIn(call.package, "reserve", "mint_market_coin", 0x801n);
    // reserve.move mint_market_coin: the underlying joins the cash (balance::join) and the supply grows by the minted coins.
    const writes = () => {
      sheet.cash += value;
      sheet.marketCoinSupply += minted;
    };
    return { takes: [2], returns: [{ kind: "coin", coinType: marketCoin, value: minted }], writes };
  }
  if (!sameType(coin.held.coinType, marketCoin)) return undefined;
  const paid = (value * assets) / sheet.marketCoinSupply;
  if (paid === 0n) return abortIn(call.package, "reserve", "redeem_underlying_coin", 0x802n);
  if (paid > sheet.cash) return abortIn(call.package, "reserve", "redeem_underlying_coin", 0x14004n);
  // reserve.move redeem_underlying_coin: the market coins are burned from the supply and the paid underlying leaves the cash.
  const writes = () => {
    sheet.cash -= paid;
    sheet.marketCoinSupply -= value;
  };
  return { takes: [2], returns: [{ kind: "coin", coinType: normalizeStructTag(t), value: paid }], writes };
}

export const scallopChain: SuiVenueChain<ScallopChainState> = {
  venue: "scallop",
  // The original package, then the upgrade its UpgradeCap points at.
  packageVersions: [[original, [original, SCALLOP_CURRENT_PACKAGE]]],
  upgradeCaps: [[scallop.onchain.protocolUpgradeCap ?? "", SCALLOP_CURRENT_PACKAGE]],
  objects: scallopObjects,
  moveModules: scallopModules(),
  coinCall: scallopCoinCall,
  entryObjects: [
    { id: scallop.onchain.version ?? "", type: `${original}::version::Version` },
    { id: scallop.onchain.market ?? "", type: `${original}::market::Market` },
  ],
};
