// Scallop (Sui): the sUSDC (MarketCoin<USDC>) exchange rate from the market's USDC balance sheet.
// Sources:
//   scallop-io/sui-lending-protocol contracts/protocol/sources/market/reserve.move — BalanceSheet
//     { cash: u64, debt: u64, revenue: u64, market_coin_supply: u64 } in Reserve.balance_sheets
//     (WitTable<BalanceSheets, TypeName, BalanceSheet>); redeem_underlying_coin pays
//     market_coin_amount × (cash + debt − revenue) / market_coin_supply.
//   scallop-io/sui-scallop-sdk src/queries/coreQuery.ts (getMarketPool) — the table id is
//     market.fields.vault.fields.balance_sheets.fields.table.fields.id.id, and the sheet is the dynamic field
//     named { type: "0x1::type_name::TypeName", value: { name: <coin type without 0x> } }, its value.fields.
// Index = (cash + debt − revenue) × 1e18 / market_coin_supply: underlying per sCoin, 1e18 scale. Debt is as of the
// market's last interest accrual (every market call accrues first), the state a redeem starts from.
import { scallop } from "../scallop";
import { type Fields, fieldsOf, objectFields, suiClient, u, uidOf } from "./sui";
import type { VenueReader } from "./types";

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
    const client = suiClient();
    const market = objectFields(await client.getObject({ id: scallop.onchain.market ?? "", options: { showContent: true }, signal }));
    const tableId = uidOf(fieldsOf(fieldsOf(fieldsOf(market.vault).balance_sheets).table).id);
    const usdc = (scallop.onchain.usdcCoinType ?? "").replace(/^0x/, "");
    const field = objectFields(
      await client.getDynamicFieldObject({ parentId: tableId, name: { type: "0x1::type_name::TypeName", value: { name: usdc } }, signal }),
    );
    return scallopRate(fieldsOf(field.value));
  },
};
