// NAVI (Sui): the USDC reserve's supply index, ray (1e27), from the Storage object's reserves table, and an owner's
// supplied USDC.
// Sources:
//   naviprotocol/navi-smart-contracts lending_core/sources/storage.move — Storage.reserves: Table<u8, ReserveData>;
//     ReserveData { id: u8, coin_type: String, …, current_supply_index: u256 (ray, starts at ray_math::ray()),
//     supply_balance: TokenBalance { user_state: Table<address, u256>, total_supply }, … } (commit
//     473b0934235d6dc1357fa4309308167c6d175fd1).
//   lending_core/sources/logic.move user_collateral_balance: ray_mul(scaled supply balance, current_supply_index), in the
//     protocol's 9-decimal amounts (pool.move normal_amount: a 6-decimal coin amount × 10^3), same commit.
//   naviprotocol/navi-sdk src/address.ts — StorageId 0xbb4e…42fe; nUSDC (0xdba3…::usdc::USDC) is assetId 10.
// The index is the one stored at the reserve's last update (NAVI updates it first in every pool call).
import { bcs } from "@mysten/sui/bcs";
import { ObjectError } from "@mysten/sui/client";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import { suiRpc } from "../../chains/clients";
import { navi } from "./descriptor";
import { fieldsOf, readDynamicFieldValue, readObjectJson, sameCoinType, u, u8Key, uidOf } from "../../chains/sui/fields";
import type { VenueReader } from "../shared/read";
import { lastIds, readEarly, readMany, rememberIds, warmed } from "./prefetch";

const RAY = 10n ** 27n;
const HALF_RAY = RAY / 2n;
/** NAVI keeps every amount with 9 decimals (pool.move normal_amount); USDC has 6. */
const USDC_TO_NORMAL = 1000n;

export interface NaviUsdcReserve {
  supplyIndex: bigint;
  /** Object id of the reserve's supply_balance.user_state table (Table<address, u256>: scaled balances). */
  supplyUserState: string;
}

/** The ReserveData value of the USDC reserve, checked to be USDC. */
function usdcReserveOf(value: unknown, assetId: number): NaviUsdcReserve {
  const reserve = fieldsOf(value);
  const coinType = reserve.coin_type;
  if (typeof coinType !== "string" || !sameCoinType(coinType, navi.onchain.usdcCoinType ?? "")) {
    throw new Error(`NAVI reserve ${assetId} is not USDC`);
  }
  const supplyUserState = uidOf(fieldsOf(fieldsOf(reserve.supply_balance).user_state).id);
  return { supplyIndex: u(reserve.current_supply_index), supplyUserState };
}

/** The USDC reserve (asset `navi.onchain.usdcAssetId`) of NAVI's Storage, checked to be USDC. */
export async function readNaviUsdcReserve(signal: AbortSignal): Promise<NaviUsdcReserve> {
  const storage = await readObjectJson(navi.onchain.storage ?? "", signal);
  const tableId = uidOf(fieldsOf(storage.reserves).id);
  const assetId = Number(navi.onchain.usdcAssetId);
  return usdcReserveOf(await readDynamicFieldValue(tableId, u8Key(assetId), signal), assetId);
}

/** logic.move user_collateral_balance in micro-USDC, floored: ray_mul(scaled, index) (half up), then 9 → 6 decimals. */
export function naviSuppliedMicros(scaled: bigint, supplyIndex: bigint): bigint {
  if (scaled === 0n || supplyIndex === 0n) return 0n;
  return (scaled * supplyIndex + HALF_RAY) / RAY / USDC_TO_NORMAL;
}

/** The owner's scaled USDC supply balance (0 when the owner has no entry in the table). */
export async function readNaviScaledSupply(reserve: NaviUsdcReserve, owner: string, signal: AbortSignal): Promise<bigint> {
  const fieldId = ownerEntry(reserve.supplyUserState, owner);
  const { objects } = await suiRpc().getObjects({ objectIds: [fieldId], include: { json: true }, signal });
  const [field] = objects;
  if (field instanceof ObjectError && field.reason === "notFound") return 0n;
  if (!field || field instanceof Error) throw field ?? new Error("no answer for the owner's NAVI balance");
  return u(fieldsOf(field.json).value);
}

const ownerEntry = (userState: string, owner: string) => deriveDynamicFieldID(userState, "address", bcs.Address.serialize(owner).toBytes());

/**
 * The owner's supplied USDC on NAVI now, in micros (floored): its scaled balance × the reserve's supply index. Storage,
 * the USDC reserve and the owner's entry follow one from another; the reserve's and the entry's ids under the tables
 * seen last time are asked beside Storage (./prefetch.ts), each used only if this read's Storage and reserve name the
 * same tables.
 */
export async function readNaviSuppliedMicros(owner: string, signal: AbortSignal): Promise<bigint> {
  const assetId = Number(navi.onchain.usdcAssetId);
  const reserveEntry = (table: string) => deriveDynamicFieldID(table, u8Key(assetId).type, u8Key(assetId).bcs);
  if (lastIds("supply-tables").length === 0) await warmed(signal);
  const [lastReserves, lastUserState] = lastIds("supply-tables");
  const earlyRead = readEarly(lastReserves && lastUserState ? [reserveEntry(lastReserves), ownerEntry(lastUserState, owner)] : [], signal);
  const [storage] = await readMany([navi.onchain.storage ?? ""], signal);
  const early = await earlyRead;
  if (!storage) throw new Error(`NAVI's Storage ${navi.onchain.storage} is not on chain`);
  const tableId = uidOf(fieldsOf(storage.reserves).id);
  const [field] = await readMany([reserveEntry(tableId)], signal, early);
  if (!field) throw new Error(`NAVI reserve ${assetId} is not in Storage`);
  const reserve = usdcReserveOf(field.value, assetId);
  const [entry] = await readMany([ownerEntry(reserve.supplyUserState, owner)], signal, early);
  rememberIds("supply-tables", [tableId, reserve.supplyUserState]);
  return naviSuppliedMicros(entry ? u(entry.value) : 0n, reserve.supplyIndex);
}

export const naviReader: VenueReader = {
  venueId: navi.id,
  what: "NAVI Storage USDC reserve current_supply_index",
  readIndex: async (signal) => (await readNaviUsdcReserve(signal)).supplyIndex,
};
