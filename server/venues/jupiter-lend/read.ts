// Jupiter Lend Earn (Solana): jlUSDC's token_exchange_price (1e12 scale) from the lending program's Lending account.
// Sources:
//   jup-ag/jupiter-lend target/idl/lending.json — program jup3YeL8…ndc9; account Lending, discriminator
//     [135,199,82,16,249,131,182,241]; borsh fields mint: pubkey, f_token_mint: pubkey, lending_id: u16, decimals: u8,
//     rewards_rate_model: pubkey, liquidity_exchange_price: u64, token_exchange_price: u64 ("exchange price between
//     fToken and the underlying asset (with rewards)"), last_update_timestamp: u64, …; PDAs f_token_mint =
//     ["f_token_mint", mint], lending = ["lending", mint, f_token_mint].
//   EXCHANGE_PRICES_PRECISION = 1e12 (Jupiter Lend / Fluid liquidity layer).
// Offsets (8 mint, 40 f_token_mint, 115 token_exchange_price u64 LE, …) come from the IDL's types (idl.ts). The price is
// the one stored at the lending's last update (every deposit and withdraw updates it first).
import { JUP_LENDING_IDL } from "./idl";
import { jupiterLend } from "./descriptor";
import { u64le } from "../../chains/solana/bytes";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueReader } from "../shared/read";

export const JUPITER_LENDING_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.accounts.Lending);
/** Byte offsets of the Lending fields we read, computed from the IDL's types (scripts/solana-idl/generate.ts), and the
 * lengths a read needs: through token_exchange_price (u64), or through supply_position_on_liquidity (a pubkey). */
const LENDING = JUP_LENDING_IDL.layouts.Lending;
export const JUPITER_LENDING_OFFSETS = {
  ...LENDING,
  minLength: LENDING.tokenExchangePrice + 8,
  withAccountsLength: LENDING.supplyPositionOnLiquidity + 32,
} as const;

/** The ids a read relates: the lending program, the USDC Lending account, its jlUSDC mint and Circle's USDC mint. */
export type JupiterLendIds = Readonly<Partial<Record<"lendingProgram" | "usdcLending" | "jlUsdcMint" | "usdcMint", string>>>;

/**
 * The raw USDC Lending account, checked to be the lending program's USDC / jlUSDC lending and at least `minLength` long
 * (issue 24: another real lending would take the deposit); AccountMismatch naming it otherwise.
 */
export async function readUsdcLending(signal: AbortSignal, minLength: number = JUPITER_LENDING_OFFSETS.minLength, ids: JupiterLendIds = jupiterLend.onchain): Promise<Uint8Array> {
  const at = ids.usdcLending ?? "";
  const data = await programAccount(at, ids.lendingProgram ?? "", "Jupiter Lend USDC lending", signal, {
    discriminator: JUPITER_LENDING_DISCRIMINATOR,
    minLength,
  });
  const mint = pubkeyAt(data, JUPITER_LENDING_OFFSETS.mint);
  if (mint !== ids.usdcMint) throw new AccountMismatch(`Jupiter Lend lending ${at}'s mint is ${mint}, not USDC ${ids.usdcMint}`);
  const fToken = pubkeyAt(data, JUPITER_LENDING_OFFSETS.fTokenMint);
  if (fToken !== ids.jlUsdcMint) throw new AccountMismatch(`Jupiter Lend lending ${at}'s fToken mint is ${fToken}, not jlUSDC ${ids.jlUsdcMint}`);
  return data;
}

export const jupiterLendReader: VenueReader = {
  venueId: jupiterLend.id,
  what: "Jupiter Lend jlUSDC token_exchange_price",
  readIndex: async (signal) => {
    const data = await readUsdcLending(signal);
    const price = u64le(data, JUPITER_LENDING_OFFSETS.tokenExchangePrice);
    if (price === 0n) throw new Error("jlUSDC's exchange price is 0");
    return price;
  },
};
