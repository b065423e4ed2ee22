// Kamino Lend (Solana): the USDC reserve's collateral (cUSDC) exchange rate from the klend Reserve account.
// Sources:
//   Kamino-Finance/klend programs/klend/src/state/reserve.rs — ReserveLiquidity::total_supply() = available_amount
//     + borrowed_amount_sf − accumulated_protocol_fees_sf − accumulated_referrer_fees_sf − pending_referrer_fees_sf;
//     collateral_exchange_rate() = collateral.mint_total_supply / total_supply (redeem pays collateral / rate).
//   Kamino-Finance/klend programs/klend/src/utils/fraction.rs — Fraction = FixedU128<U60> (`_sf` = 60 fractional bits).
//   Kamino-Finance/klend-sdk src/idl_codegen/accounts/Reserve.ts, types/LastUpdate.ts, types/ReserveLiquidity.ts,
//     types/ReserveCollateral.ts — the account's field order (Anchor discriminator, then version u64, LastUpdate 16 B,
//     lending_market, farm_collateral, farm_debt, liquidity, [u64; 150] padding, collateral …), giving the offsets:
//       0 discriminator [43,242,204,202,26,247,59,127] = sha256("account:Reserve")[0..8]   8 version u64
//      32 lending_market   128 liquidity.mint_pubkey   160 liquidity.supply_vault   224 liquidity.available_amount u64
//     232 liquidity.borrowed_amount_sf u128   344 accumulated_protocol_fees_sf u128
//     360 accumulated_referrer_fees_sf u128   376 pending_referrer_fees_sf u128   408 liquidity.token_program
//    2560 collateral.mint_pubkey   2592 collateral.mint_total_supply u64
//   (checked against @kamino-finance/klend-sdk 8.0.2's own Reserve layout in server/venues/kamino/kamino.oracle.test.ts)
// The builders take the vault, the cToken mint and the token program from this account rather than deriving them:
// klend checks `address = reserve.liquidity.supply_vault` / `reserve.collateral.mint_pubkey`
// (Kamino-Finance/klend programs/klend/src/handlers/handler_deposit_reserve_liquidity.rs @ edd5ff5), and the PDA seeds
// that made them changed between releases ([seed, market, mint] in 57074f4 handler_init_reserve.rs; [seed, reserve]
// at edd5ff5), so the main market's 2023 reserve and a new one differ.
// Index = total_supply_sf / mint_total_supply: USDC per cUSDC with 60 fractional bits, as of the reserve's last refresh
// (klend refreshes the reserve, accruing interest, before every deposit and redeem).
import { KLEND_IDL } from "./idl";
import { kamino } from "./descriptor";
import { u64le, u128le } from "../../chains/solana/bytes";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import { solanaTokenBalance } from "../../chains/balances";
import type { VenueReader, VenueWorth } from "../shared/read";

export const KAMINO_RESERVE_DISCRIMINATOR = Uint8Array.from(KLEND_IDL.accounts.Reserve);
/** Byte offsets of the Reserve fields we read, computed from the IDL's types (scripts/solana-idl/generate.ts; the same
 * as the table above), and the length a read needs: through collateral.mint_total_supply (u64). */
export const KAMINO_RESERVE_OFFSETS = { ...KLEND_IDL.layouts.Reserve, minLength: KLEND_IDL.layouts.Reserve.collateralSupply + 8 } as const;

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

/** What a deposit or redeem needs from the USDC reserve, as recorded in the account. */
export interface KaminoReserveRead {
  /** USDC per cUSDC with 60 fractional bits. */
  rate: bigint;
  liquiditySupplyVault: string;
  collateralMint: string;
  liquidityTokenProgram: string;
}

/** The ids a read relates: klend, the cited main market, its USDC reserve and Circle's USDC mint. */
export type KaminoIds = Readonly<Partial<Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>>>;

/**
 * The main market's USDC reserve: owner, type, market and mint checked (issue 24: another real reserve, of another
 * market or mint, would simulate and take the deposit), then the rate and the accounts it records. A reserve that is
 * not the cited market's USDC reserve throws AccountMismatch naming it.
 */
export async function readKaminoReserve(signal: AbortSignal, ids: KaminoIds = kamino.onchain): Promise<KaminoReserveRead> {
  const o = KAMINO_RESERVE_OFFSETS;
  const at = ids.usdcReserve ?? "";
  const data = await programAccount(at, ids.program ?? "", "Kamino USDC reserve", signal, {
    discriminator: KAMINO_RESERVE_DISCRIMINATOR,
    minLength: o.minLength,
  });
  const market = pubkeyAt(data, o.lendingMarket);
  if (market !== ids.mainMarket) throw new AccountMismatch(`Kamino reserve ${at} belongs to another lending market (${market}), not the main market ${ids.mainMarket}`);
  const mint = pubkeyAt(data, o.liquidityMint);
  if (mint !== ids.usdcMint) throw new AccountMismatch(`Kamino reserve ${at}'s liquidity mint is ${mint}, not USDC ${ids.usdcMint}`);
  return {
    rate: kaminoRateFromReserve(data),
    liquiditySupplyVault: pubkeyAt(data, o.liquiditySupplyVault),
    collateralMint: pubkeyAt(data, o.collateralMint),
    liquidityTokenProgram: pubkeyAt(data, o.liquidityTokenProgram),
  };
}

export const kaminoReader: VenueReader = {
  venueId: kamino.id,
  what: "Kamino Lend USDC reserve collateral exchange rate",
  readIndex: async (signal) => (await readKaminoReserve(signal)).rate,
};

/**
 * The owner's Kamino position now: its cUSDC (the reserve's collateral mint, across its token accounts, as the withdraw
 * builder counts them) times the reserve's exchange rate, floored as klend's redeem floors
 * (`collateral_to_liquidity` in reserve.rs).
 */
export const kaminoWorth: VenueWorth = {
  venueId: kamino.id,
  what: "Kamino cUSDC balance × USDC reserve exchange rate",
  readWorth: async (owner, signal) => {
    const r = await readKaminoReserve(signal);
    const held = await solanaTokenBalance(owner, r.collateralMint, signal);
    return (held * r.rate) >> 60n;
  },
};
