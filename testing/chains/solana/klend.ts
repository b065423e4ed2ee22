// klend as the local Solana chain sees it: what the program checks before it acts, for the instructions our builders
// send, and what it then does to token balances. It cannot run klend itself (no program binary can be built here), so:
// - the instruction interface comes from the IDL shipped with @kamino-finance/klend-sdk 8.0.2 (dist/idl/klend.json, a
//   legacy IDL read by the generic checker in ./anchor-idl.ts): discriminator = sha256("global:<snake name>")[0..8],
//   account count, signer and writable flags, u64 argument, Reserve and LendingMarket owners and discriminators;
// - the account constraints come from the program's source, Kamino-Finance/klend @ edd5ff509af35eac643277fa14bd3c861f9485df
//   programs/klend/src/handlers/handler_deposit_reserve_liquidity.rs and handler_redeem_reserve_collateral.rs
//   (`#[derive(Accounts)]`: owners, has_one, `address = reserve.…`, the [b"lma", market] seeds with the market's bump,
//   token::mint, Program<Token>, the instructions sysvar); the legacy IDL carries no seeds;
// - the failures are Anchor's own codes and log lines (anchor-lang ErrorCode, as listed in the SDK's
//   dist/@codegen/klend/errors/anchor.js), so the service decodes them as it would the chain's.
// The token movements (liquidity in, cTokens minted; cTokens burnt, liquidity out) run as real SPL Token instructions
// in litesvm (local-chain.ts), so balances, mints and insufficient funds behave as SPL Token does.
import { createRequire } from "node:module";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, getU64Decoder, getUtf8Encoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { type AnchorContext, anchorProgram, fromLegacyIdl, type IdlType } from "./anchor-idl";

const require = createRequire(import.meta.url);
const legacy = require("@kamino-finance/klend-sdk/dist/idl/klend.json") as Parameters<typeof fromLegacyIdl>[0] & { instructions: { args: { type: IdlType }[] }[] };

export const KLEND = address("KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD"); // klend lib.rs declare_id! @ edd5ff5
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EN5Tb3tQpXfYz1gV9ruy"; // Interface<TokenInterface>: SPL Token or Token-2022
const SYSVAR_INSTRUCTIONS = "Sysvar1nstructions1111111111111111111111111";

const pubkeyAt = (d: Uint8Array, at: number) => getAddressDecoder().decode(d.subarray(at, at + 32));
const u64At = (d: Uint8Array, at: number) => getU64Decoder().decode(d.subarray(at, at + 8));
const u128At = (d: Uint8Array, at: number) => u64At(d, at) + (u64At(d, at + 8) << 64n);
// Offsets in the Reserve account (the SDK's generated layout; server/venues/kamino/read.ts lists them).
const R = { market: 32, mint: 128, supplyVault: 160, available: 224, borrowedSf: 232, collateralMint: 2560, collateralSupply: 2592 };

/** The constraints both handlers' `#[derive(Accounts)]` add to the IDL's (the legacy IDL carries no seeds or has_one). */
async function reserveAccounts(c: AnchorContext) {
  const reserve = c.host.account(c.at("reserve"))?.data ?? new Uint8Array();
  const market = c.host.account(c.at("lending_market"))?.data ?? new Uint8Array();
  if (pubkeyAt(reserve, R.market) !== c.at("lending_market")) c.fail("ConstraintHasOne", "reserve");
  // seeds = [b"lma", lending_market], bump = lending_market.bump_seed (LendingMarket: discriminator, version u64, bump_seed u64).
  const bump = Number(u64At(market, 16));
  const [authority] = await getProgramDerivedAddress({ programAddress: KLEND, seeds: [getUtf8Encoder().encode("lma"), getAddressEncoder().encode(address(c.at("lending_market")))] });
  if (c.at("lending_market_authority") !== authority || bump > 255) c.fail("ConstraintSeeds", "lending_market_authority");
  const mint = pubkeyAt(reserve, R.mint);
  const cMint = pubkeyAt(reserve, R.collateralMint);
  if (c.at("reserve_liquidity_mint") !== mint) c.fail("ConstraintAddress", "reserve_liquidity_mint");
  if (c.at("reserve_liquidity_supply") !== pubkeyAt(reserve, R.supplyVault)) c.fail("ConstraintAddress", "reserve_liquidity_supply");
  if (c.at("reserve_collateral_mint") !== cMint) c.fail("ConstraintAddress", "reserve_collateral_mint");
  if (c.at("instruction_sysvar_account") !== SYSVAR_INSTRUCTIONS) c.fail("ConstraintAddress", "instruction_sysvar_account");
  const tokenOf = (name: string, want: string) => {
    const m = c.host.tokenMint(c.at(name));
    if (m === null) c.fail("AccountNotInitialized", name);
    if (m !== want) c.fail("ConstraintTokenMint", name);
  };
  // Collateral exchange rate as klend computes it with no borrows or fees: cToken supply / liquidity available.
  const liquidity = u64At(reserve, R.available) + (u128At(reserve, R.borrowedSf) >> 60n);
  const cSupply = u64At(reserve, R.collateralSupply);
  const amount = u64At(c.args.liquidity_amount ?? c.args.collateral_amount ?? new Uint8Array(8), 0);
  return { authority, mint, cMint, tokenOf, liquidity, cSupply, amount };
}

/** klend: the generic Anchor checker fed with klend-sdk's IDL, and the two handlers our builders call. */
export const klendProgram = anchorProgram({
  name: "klend",
  idl: fromLegacyIdl(legacy, KLEND),
  units: 45_000n,
  // AccountLoader<'info, Reserve> / AccountLoader<'info, LendingMarket> in both handlers' Accounts structs.
  typed: { reserve: { type: "Reserve" }, lending_market: { type: "LendingMarket" } },
  programs: { collateral_token_program: [TOKEN_PROGRAM_ADDRESS], liquidity_token_program: [TOKEN_PROGRAM_ADDRESS, TOKEN_2022] },
  handlers: {
    async deposit_reserve_liquidity(c) {
      const r = await reserveAccounts(c);
      r.tokenOf("user_source_liquidity", r.mint);
      r.tokenOf("user_destination_collateral", r.cMint);
      const minted = r.liquidity === 0n ? r.amount : (r.amount * r.cSupply) / r.liquidity;
      c.host.transfer(c.at("user_source_liquidity"), c.at("reserve_liquidity_supply"), c.at("owner"), r.amount);
      c.host.mintTo(r.cMint, c.at("user_destination_collateral"), r.authority, minted);
      return [`Program log: pnl: Depositing in reserve ${c.at("reserve")} liquidity ${r.amount}`];
    },
    async redeem_reserve_collateral(c) {
      const r = await reserveAccounts(c);
      r.tokenOf("user_source_collateral", r.cMint);
      r.tokenOf("user_destination_liquidity", r.mint);
      const paid = r.cSupply === 0n ? 0n : (r.amount * r.liquidity) / r.cSupply;
      c.host.burn(c.at("user_source_collateral"), r.cMint, c.at("owner"), r.amount);
      c.host.transfer(c.at("reserve_liquidity_supply"), c.at("user_destination_liquidity"), r.authority, paid);
      return [`Program log: pnl: Redeeming reserve collateral ${paid}`];
    },
  },
});
