// marginfi (Solana): the USDC Bank's asset_share_value (I80F48 fixed point, 48 fractional bits).
// Source: mrgnlabs/marginfi-v2 type-crate/src/types/bank.rs — `#[repr(C)] struct Bank { mint: Pubkey, mint_decimals: u8,
//   group: Pubkey, _pad0: [u8; 7], asset_share_value: WrappedI80F48, … }` ("a user's asset value in token = shares ×
//   asset_share_value"), after Anchor's 8-byte discriminator (the IDL's `Bank` discriminator, ./idl.ts);
//   type-crate/src/types/wrapped_i80f48.rs — WrappedI80F48 { value: [u8; 16] } little-endian.
// Offsets: 8 mint, 40 mint_decimals, 41 group, 80 asset_share_value (i128 LE).
// Index = the raw I80F48 bits (USDC per share × 2^48), as of the bank's last accrual (every deposit/withdraw accrues first).
import { marginfi } from "./descriptor";
import { MARGINFI_IDL } from "./idl";
import { i128le } from "../../chains/solana/bytes";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueReader } from "../shared/read";

export const MARGINFI_BANK_DISCRIMINATOR = Uint8Array.from(MARGINFI_IDL.accounts.Bank);
export const MARGINFI_BANK_OFFSETS = { mint: 8, group: 41, assetShareValue: 80, minLength: 96 } as const;

export function marginfiShareValue(data: Uint8Array): bigint {
  const v = i128le(data, MARGINFI_BANK_OFFSETS.assetShareValue);
  if (v <= 0n) throw new Error("the USDC bank's asset share value is not positive");
  return v;
}

export const marginfiReader: VenueReader = {
  venueId: marginfi.id,
  what: "marginfi USDC Bank asset_share_value",
  readIndex: async (signal) => {
    const ids = marginfi.onchain;
    const data = await programAccount(ids.usdcBank ?? "", ids.program ?? "", "marginfi USDC bank", signal, {
      discriminator: MARGINFI_BANK_DISCRIMINATOR,
      minLength: MARGINFI_BANK_OFFSETS.minLength,
    });
    if (pubkeyAt(data, MARGINFI_BANK_OFFSETS.mint) !== ids.usdcMint) throw new AccountMismatch(`marginfi bank ${ids.usdcBank}'s mint is not USDC`);
    if (pubkeyAt(data, MARGINFI_BANK_OFFSETS.group) !== ids.group) throw new AccountMismatch(`marginfi bank ${ids.usdcBank} belongs to another marginfi group`);
    return marginfiShareValue(data);
  },
};
