// Kamino Lend (Solana): the USDC reserve's collateral (cUSDC) exchange rate from the klend Reserve account.
// Sources:
//   Kamino-Finance/klend programs/klend/src/state/reserve.rs — ReserveLiquidity::total_supply() = available_amount
//     + borrowed_amount_sf − accumulated_protocol_fees_sf − accumulated_referrer_fees_sf − pending_referrer_fees_sf;
//     collateral_exchange_rate() = collateral.mint_total_supply / total_supply (redeem pays collateral / rate).
//   Kamino-Finance/klend programs/klend/src/utils/fraction.rs — Fraction = FixedU128<U60> (`_sf` = 60 fractional bits).
//   Kamino-Finance/klend-sdk src/idl_codegen/accounts/Reserve.ts, types/LastUpdate.ts, types/ReserveLiquidity.ts,
//     types/ReserveCollateral.ts — the account's field order (Anchor discriminator, then version u64, LastUpdate 16 B,
//     lending_market, farm_collateral, farm_debt, liquidity, [u64; 150] padding, collateral …), giving the offsets:
//       0 discriminator [43,242,204,202,26,247,59,127] = sha256("account:Reserve")[0..8]
//      32 lending_market   128 liquidity.mint_pubkey   224 liquidity.available_amount u64
//     232 liquidity.borrowed_amount_sf u128   344 accumulated_protocol_fees_sf u128
//     360 accumulated_referrer_fees_sf u128   376 pending_referrer_fees_sf u128
//    2592 collateral.mint_total_supply u64
// Index = total_supply_sf / mint_total_supply: USDC per cUSDC with 60 fractional bits, as of the reserve's last refresh
// (klend refreshes the reserve, accruing interest, before every deposit and redeem).
import { kamino } from "../kamino";
import { u64le, u128le } from "./bytes";
import { programAccount, pubkeyAt } from "./solana";
import type { VenueReader } from "./types";

export const KAMINO_RESERVE_DISCRIMINATOR = Uint8Array.from([43, 242, 204, 202, 26, 247, 59, 127]);
export const KAMINO_RESERVE_OFFSETS = {
  lendingMarket: 32,
  liquidityMint: 128,
  available: 224,
  borrowedSf: 232,
  protocolFeesSf: 344,
  referrerFeesSf: 360,
  pendingReferrerFeesSf: 376,
  collateralSupply: 2592,
  minLength: 2600,
} as const;

/** USDC per cUSDC with 60 fractional bits, from the raw Reserve account data. */
export function kaminoRateFromReserve(data: Uint8Array): bigint {
  const o = KAMINO_RESERVE_OFFSETS;
  const supply = u64le(data, o.collateralSupply);
  if (supply === 0n) throw new Error("the USDC reserve has no collateral tokens");
  const totalSf =
    (u64le(data, o.available) << 60n) +
    u128le(data, o.borrowedSf) -
    u128le(data, o.protocolFeesSf) -
    u128le(data, o.referrerFeesSf) -
    u128le(data, o.pendingReferrerFeesSf);
  if (totalSf <= 0n) throw new Error("the USDC reserve has no liquidity net of fees");
  return totalSf / supply;
}

export const kaminoReader: VenueReader = {
  venueId: kamino.id,
  what: "Kamino Lend USDC reserve collateral exchange rate",
  readIndex: async (signal) => {
    const ids = kamino.onchain;
    const data = await programAccount(ids.usdcReserve ?? "", ids.program ?? "", "Kamino USDC reserve", signal, {
      discriminator: KAMINO_RESERVE_DISCRIMINATOR,
      minLength: KAMINO_RESERVE_OFFSETS.minLength,
    });
    if (pubkeyAt(data, KAMINO_RESERVE_OFFSETS.lendingMarket) !== ids.mainMarket) throw new Error("the reserve belongs to another lending market");
    if (pubkeyAt(data, KAMINO_RESERVE_OFFSETS.liquidityMint) !== ids.usdcMint) throw new Error("the reserve's liquidity mint is not USDC");
    return kaminoRateFromReserve(data);
  },
};
