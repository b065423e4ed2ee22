// NAVI (Sui): the USDC reserve's supply index, ray (1e27), from the Storage object's reserves table.
// Sources:
//   naviprotocol/navi-smart-contracts lending_core/sources/storage.move — Storage.reserves: Table<u8, ReserveData>;
//     ReserveData { id: u8, coin_type: String, …, current_supply_index: u256 (ray, starts at ray_math::ray()), … };
//     a supply balance is the scaled balance × current_supply_index / 1e27.
//   naviprotocol/navi-sdk src/address.ts — StorageId 0xbb4e…42fe; nUSDC (0xdba3…::usdc::USDC) is assetId 10.
//   naviprotocol/navi-sdk src/libs/PoolInfo/index.ts — the dynamic field of <storage.reserves table id> keyed by
//     u8 assetId; its value's current_supply_index.
// The index is the one stored at the reserve's last update (NAVI updates it first in every pool call).
import { navi } from "../navi";
import { fieldsOf, readDynamicFieldValue, readObjectJson, sameCoinType, u, u8Key, uidOf } from "./sui";
import type { VenueReader } from "./types";

export const naviReader: VenueReader = {
  venueId: navi.id,
  what: "NAVI Storage USDC reserve current_supply_index",
  readIndex: async (signal) => {
    const storage = await readObjectJson(navi.onchain.storage ?? "", signal);
    const tableId = uidOf(fieldsOf(storage.reserves).id);
    const assetId = Number(navi.onchain.usdcAssetId);
    const reserve = fieldsOf(await readDynamicFieldValue(tableId, u8Key(assetId), signal));
    const coinType = reserve.coin_type;
    if (typeof coinType !== "string" || !sameCoinType(coinType, navi.onchain.usdcCoinType ?? "")) {
      throw new Error(`NAVI reserve ${assetId} is not USDC`);
    }
    return u(reserve.current_supply_index);
  },
};
