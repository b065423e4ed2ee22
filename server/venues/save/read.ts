// Save (formerly Solend) on Solana: the USDC reserve's cToken exchange rate from the Reserve account
// (getAccountInfo, base64). Pack layout of solend-program's Reserve (RESERVE_LEN 619):
//   171 u64  liquidity.available_amount
//   179 u128 liquidity.borrowed_amount_wads (WAD 1e18)
//   259 u64  collateral.mint_total_supply
//   373 u128 liquidity.accumulated_protocol_fees_wads
// total supply = available + borrowed − accumulated protocol fees; rate = total supply / cToken supply.
import { save } from "./descriptor";
import { u64le, u128le } from "../../chains/solana/bytes";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueReader } from "../shared/read";

/** Save's main-market USDC reserve: the descriptor's (cited there), not typed again here. */
export const SAVE_USDC_RESERVE = save.onchain.usdcReserve ?? "";
const WAD = 10n ** 18n;
/** Offsets of the reserve's lending_market (10) and liquidity mint (42), as server/venues/save/build.ts lays them out. */
export const SAVE_RESERVE_OFFSETS = { lendingMarket: 10, liquidityMint: 42, available: 171, borrowedWads: 179, collateralSupply: 259, protocolFeesWads: 373, minLength: 389 } as const;

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
  readIndex: async (signal) => {
    const ids = save.onchain;
    const data = await programAccount(SAVE_USDC_RESERVE, ids.program ?? "", "Solend USDC reserve", signal);
    // The rate shown is the cited main market's USDC reserve's, as the builders require (server/venues/save/build.ts).
    if (data.length >= SAVE_RESERVE_OFFSETS.minLength && pubkeyAt(data, SAVE_RESERVE_OFFSETS.lendingMarket) !== ids.mainMarket) {
      throw new AccountMismatch(`Save reserve ${SAVE_USDC_RESERVE} belongs to another lending market than Save's main market ${ids.mainMarket}`);
    }
    if (data.length >= SAVE_RESERVE_OFFSETS.minLength && pubkeyAt(data, SAVE_RESERVE_OFFSETS.liquidityMint) !== ids.usdcMint) {
      throw new AccountMismatch(`Save reserve ${SAVE_USDC_RESERVE}'s liquidity mint is not USDC ${ids.usdcMint}`);
    }
    return saveRateFromReserve(data);
  },
};
