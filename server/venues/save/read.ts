// Save (formerly Solend) on Solana: the USDC reserve's cToken exchange rate from the Reserve account
// (getAccountInfo, base64). Pack layout of solend-program's Reserve (RESERVE_LEN 619):
//   171 u64  liquidity.available_amount
//   179 u128 liquidity.borrowed_amount_wads (WAD 1e18)
//   259 u64  collateral.mint_total_supply
//   373 u128 liquidity.accumulated_protocol_fees_wads
// total supply = available + borrowed − accumulated protocol fees; rate = total supply / cToken supply.
import { save } from "./descriptor";
import { u64le, u128le } from "../../chains/solana/bytes";
import { programAccount } from "../../chains/solana/accounts";
import type { VenueReader } from "../shared/read";

/** Solend main pool USDC reserve. */
export const SAVE_USDC_RESERVE = "BgxfHJDzm44T7XG68MYKx7YisTjZu73tVovyZSjJMpmw";
const WAD = 10n ** 18n;
export const SAVE_RESERVE_OFFSETS = { available: 171, borrowedWads: 179, collateralSupply: 259, protocolFeesWads: 373, minLength: 389 } as const;

/** Liquidity per cToken, scaled by 1e18, from the raw Reserve account data. */
export function saveRateFromReserve(data: Uint8Array): bigint {
  const o = SAVE_RESERVE_OFFSETS;
  if (data.length < o.minLength) throw new Error("the reserve account is shorter than a Solend Reserve");
  const supply = u64le(data, o.collateralSupply);
  if (supply === 0n) throw new Error("the USDC reserve has no cTokens");
  const totalWads = u64le(data, o.available) * WAD + u128le(data, o.borrowedWads) - u128le(data, o.protocolFeesWads);
  return totalWads / supply;
}

export const saveReader: VenueReader = {
  venueId: save.id,
  what: "Save (Solend) USDC reserve cToken rate",
  readIndex: async (signal) => saveRateFromReserve(await programAccount(SAVE_USDC_RESERVE, save.onchain.program ?? "", "Solend USDC reserve", signal)),
};
