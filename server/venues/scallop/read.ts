// Scallop (Sui): the sUSDC (MarketCoin<USDC>) exchange rate from the market's USDC balance sheet.
// Sources:
//   scallop-io/sui-lending-protocol contracts/protocol/sources/market/reserve.move — BalanceSheet
//     { cash: u64, debt: u64, revenue: u64, market_coin_supply: u64 } in Reserve.balance_sheets
//     (WitTable<BalanceSheets, TypeName, BalanceSheet>); redeem_underlying_coin pays
//     market_coin_amount × (cash + debt − revenue) / market_coin_supply.
//   scallop-io/sui-scallop-sdk src/queries/coreQuery.ts (getMarketPool) — the table id is
//     market.vault.balance_sheets.table.id, and the sheet is the dynamic field keyed by
//     0x1::type_name::TypeName { name: <coin type without 0x> }, its value.
// Index = (cash + debt − revenue) × 1e18 / market_coin_supply: underlying per sCoin, 1e18 scale. Debt is as of the
// market's last interest accrual (every market call accrues first), the state a redeem starts from.
import { scallop } from "./descriptor";
import { type Fields, fieldsOf, readDynamicFieldValue, readObjectJson, typeNameKey, u, uidOf } from "../../chains/sui/fields";
import type { VenueReader } from "../shared/read";

const WAD = 10n ** 18n;

/** Underlying per market coin, scaled by 1e18, from a BalanceSheet's fields. */
export function scallopRate(sheet: Fields): bigint {
  const supply = u(sheet.market_coin_supply);
  if (supply === 0n) throw new Error("the USDC pool has no market coins");
  const assets = u(sheet.cash) + u(sheet.debt) - u(sheet.revenue);
  if (assets <= 0n) throw new Error("the USDC balance sheet has no assets net of revenue");
  return (assets * WAD) / supply;
}

export const scallopReader: VenueReader = {
  venueId: scallop.id,
  what: "Scallop market USDC balance sheet (sUSDC rate)",
  readIndex: async (signal) => {
    const market = await readObjectJson(scallop.onchain.market ?? "", signal);
    const tableId = uidOf(fieldsOf(fieldsOf(fieldsOf(market.vault).balance_sheets).table).id);
    const usdc = (scallop.onchain.usdcCoinType ?? "").replace(/^0x/, "");
    return scallopRate(fieldsOf(await readDynamicFieldValue(tableId, typeNameKey(usdc), signal)));
  },
};
