// Jupiter Lend Earn (the lending program) as the local Solana chain sees it: the generic Anchor checker
// (./anchor-idl.ts) fed with the lending IDL that ships with @jup-ag/lend 0.0.107 (the IDL its getLendingProgram() hands
// to Anchor: dist/shared/lend.DS0KoPpL.mjs; the same as jup-ag/jupiter-lend target/idl/lending.json @
// 33a22cf7a5bfdd32ab1712dda4adfbeb9b348ad9): program id, discriminators, account flags and `relations` (lending.mint,
// lending.f_token_mint, rewards_rate_model.mint, lending_admin.liquidity_program), the fixed `address`es, and the
// seeds the IDL gives on the instructions that create the lending accounts (init_lending: lending = ["lending", mint,
// f_token_mint], f_token_mint = ["f_token_mint", mint]; init_lending_admin: lending_admin = ["lending_admin"]).
// The program's source is not published, so which accounts it loads as typed accounts comes from the IDL's own
// `accounts` list and the SDK's derivations (a PDA can only be created by, so belongs to, the program it is derived
// from): Lending and LendingAdmin of the lending program, LendingRewardsRateModel of the rewards program
// (getLendingRewardsRateModel), TokenReserve and UserSupplyPosition of the liquidity program (getTokenReserveFromAsset,
// getUserSupplyPosition). The liquidity layer itself (the CPI) is not modelled beyond its token movements: deposit moves
// the assets into the vault and mints jlUSDC at the lending's token_exchange_price; withdraw burns the jlUSDC
// ceil(amount × 1e12 / price) and pays the amount out of the vault (signed by the liquidity PDA that owns it).
import { Connection, PublicKey } from "@solana/web3.js";
import { getLendingProgram } from "@jup-ag/lend/earn";
import { getU64Decoder } from "@solana/kit";
import { type AnchorContext, type AnchorIdl, anchorProgram } from "../anchor-idl";
import { anchorDiscriminator, pubkey, type SolanaVenueChain, SYSTEM, u8, u16, u64 } from "./encode";

/** The lending IDL the SDK builds its Program from, as shipped (`rawIdl`: Anchor's camelCase copy is `idl`); no connection is made. */
export const LENDING_IDL = getLendingProgram({ connection: new Connection("http://127.0.0.1:9"), signer: PublicKey.default }).rawIdl as unknown as AnchorIdl;
/** The lending program: the lending IDL's `address`. */
export const JUP_LENDING = LENDING_IDL.address;
// The liquidity program: the liquidity IDL's `address` (@jup-ag/lend 0.0.107 dist/shared/lend.CioR9-te.mjs; jup-ag/jupiter-lend
// target/idl/liquidity.json @ 33a22cf).
export const JUP_LIQUIDITY = "jupeiUmn818Jg1ekPURTpr4mFo29p46vygyykFJ3wZC";
// The lending rewards rate model program: the lending_reward_rate_model IDL's `address` (@jup-ag/lend 0.0.107
// dist/shared/lend.DS0KoPpL.mjs, PROGRAM_ID of getLendingRewardsRateModel; target/idl/lending_reward_rate_model.json @ 33a22cf).
export const JUP_REWARDS = "jup7TthsMgcR9Y3L277b8Eo9uboVSmu1utkuXHNUKar";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"; // the SPL Token program
/** EXCHANGE_PRICES_PRECISION (LENDING_CONSTANTS in @jup-ag/lend 0.0.107 dist/earn/index.mjs). */
const PRECISION = 10n ** 12n;

const amountOf = (c: AnchorContext, name: string) => getU64Decoder().decode(c.args[name] ?? new Uint8Array(8));
const priceOf = (c: AnchorContext) => {
  const p = c.decoded("lending").token_exchange_price as bigint;
  if (p === 0n) c.fail("InstructionDidNotDeserialize", "lending");
  return p;
};

export const jupiterLendingProgram = anchorProgram({
  name: "Jupiter Lend (lending)",
  idl: LENDING_IDL,
  units: 80_000n,
  typed: {
    lending: { type: "Lending" },
    lending_admin: { type: "LendingAdmin" },
    rewards_rate_model: { type: "LendingRewardsRateModel", owner: JUP_REWARDS },
    supply_token_reserves_liquidity: { type: "TokenReserve", owner: JUP_LIQUIDITY },
    lending_supply_position_on_liquidity: { type: "UserSupplyPosition", owner: JUP_LIQUIDITY },
  },
  programs: { token_program: [TOKEN], liquidity_program: [JUP_LIQUIDITY] },
  seedsFrom: { lending: "init_lending", f_token_mint: "init_lending", lending_admin: "init_lending_admin" },
  handlers: {
    deposit(c) {
      const assets = amountOf(c, "assets");
      const shares = (assets * PRECISION) / priceOf(c);
      c.host.transfer(c.at("depositor_token_account"), c.at("vault"), c.at("signer"), assets);
      // jlUSDC is minted by the lending account (the mint authority the local chain's jlUSDC mint is given).
      c.host.mintTo(c.at("f_token_mint"), c.at("recipient_token_account"), c.at("lending"), shares);
      return [`Program log: deposit ${assets} → ${shares} fTokens`];
    },
    withdraw(c) {
      const amount = amountOf(c, "amount");
      const price = priceOf(c);
      const burnt = (amount * PRECISION + price - 1n) / price;
      c.host.burn(c.at("owner_token_account"), c.at("f_token_mint"), c.at("signer"), burnt);
      c.host.transfer(c.at("vault"), c.at("recipient_token_account"), c.at("liquidity"), amount);
      return [`Program log: withdraw ${amount} ← ${burnt} fTokens`];
    },
  },
});

// ---------- Jupiter Lend's accounts on the local chain ----------

export interface JupiterLendingState {
  mint: string;
  fTokenMint: string;
  /** token_exchange_price, 1e12 scale. */
  tokenExchangePrice: bigint;
  /** Liquidity-layer accounts the lending stores (default: the system program). */
  rewardsRateModel?: string;
  tokenReservesLiquidity?: string;
  supplyPositionOnLiquidity?: string;
}

/**
 * A Jupiter Lend `Lending` account: discriminator and the IDL's borsh fields in order (written field by field in the
 * program's own struct order, so the offsets follow from the layout, not from the readers).
 */
export function jupiterLendingAccount(s: JupiterLendingState): Uint8Array {
  return Buffer.concat([
    anchorDiscriminator("Lending"),
    pubkey(s.mint),
    pubkey(s.fTokenMint),
    u16(1), // lending_id
    u8(6), // decimals
    pubkey(s.rewardsRateModel ?? SYSTEM), // rewards_rate_model
    u64(s.tokenExchangePrice), // liquidity_exchange_price (without rewards; the same here)
    u64(s.tokenExchangePrice), // token_exchange_price
    u64(1_760_000_000n), // last_update_timestamp
    pubkey(s.tokenReservesLiquidity ?? SYSTEM), // token_reserves_liquidity
    pubkey(s.supplyPositionOnLiquidity ?? SYSTEM), // supply_position_on_liquidity
    u8(255), // bump
  ]);
}

/** Jupiter Lend's part of the local chain: its lending program (the liquidity layer is not modelled, see above). */
export const jupiterLendChain: SolanaVenueChain = { venue: "jupiter-lend", programs: [jupiterLendingProgram] };
