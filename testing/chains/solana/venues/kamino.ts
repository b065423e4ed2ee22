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
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, getU64Decoder, getUtf8Encoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { kamino } from "../../../../server/venues/kamino/descriptor";
import { type AnchorContext, anchorProgram, fromLegacyIdl, type IdlType } from "../anchor-idl";
import { anchorDiscriminator, pubkey, type SolanaAccounts, type SolanaVenueChain, SYSTEM, u8, u64, u128, zeros } from "./encode";
// Interface<TokenInterface> accepts SPL Token or Token-2022 (the program id from @solana-program/token-2022 0.5.0).
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";

const require = createRequire(import.meta.url);
const legacy = require("@kamino-finance/klend-sdk/dist/idl/klend.json") as Parameters<typeof fromLegacyIdl>[0] & { instructions: { args: { type: IdlType }[] }[] };

export const KLEND = address("KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD"); // klend lib.rs declare_id! @ edd5ff5
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
  const amount = u64At(c.args.liquidity_amount ?? c.args.collateral_amount ?? new Uint8Array(8), 0);
  return { authority, mint, cMint, tokenOf, ...kaminoReserveAmounts(reserve), amount };
}

/** The reserve's liquidity and cToken supply, as klend's exchange rate takes them (no fees in this model). */
export function kaminoReserveAmounts(reserve: Uint8Array): KaminoAmounts {
  return { liquidity: u64At(reserve, R.available) + (u128At(reserve, R.borrowedSf) >> 60n), cSupply: u64At(reserve, R.collateralSupply) };
}

export interface KaminoAmounts {
  liquidity: bigint;
  cSupply: bigint;
}

/** cUSDC a deposit of `amount` USDC mints: amount × cToken supply / liquidity, floored (the whole amount on an empty reserve). */
export function kaminoMinted(amount: bigint, a: KaminoAmounts): bigint {
  return a.liquidity === 0n ? amount : (amount * a.cSupply) / a.liquidity;
}

/** USDC a redeem of `amount` cUSDC pays: amount × liquidity / cToken supply, floored. */
export function kaminoPaid(amount: bigint, a: KaminoAmounts): bigint {
  return a.cSupply === 0n ? 0n : (amount * a.liquidity) / a.cSupply;
}

/** klend: the generic Anchor checker fed with klend-sdk's IDL, and the two handlers our builders call. */
export const klendProgram = anchorProgram({
  name: "klend",
  idl: fromLegacyIdl(legacy, KLEND),
  units: 45_000n,
  // AccountLoader<'info, Reserve> / AccountLoader<'info, LendingMarket> in both handlers' Accounts structs.
  typed: { reserve: { type: "Reserve" }, lending_market: { type: "LendingMarket" } },
  programs: { collateral_token_program: [TOKEN_PROGRAM_ADDRESS], liquidity_token_program: [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS] },
  handlers: {
    async deposit_reserve_liquidity(c) {
      const r = await reserveAccounts(c);
      r.tokenOf("user_source_liquidity", r.mint);
      r.tokenOf("user_destination_collateral", r.cMint);
      const minted = kaminoMinted(r.amount, r);
      c.host.transfer(c.at("user_source_liquidity"), c.at("reserve_liquidity_supply"), c.at("owner"), r.amount);
      c.host.mintTo(r.cMint, c.at("user_destination_collateral"), r.authority, minted);
      return [`Program log: pnl: Depositing in reserve ${c.at("reserve")} liquidity ${r.amount}`];
    },
    async redeem_reserve_collateral(c) {
      const r = await reserveAccounts(c);
      r.tokenOf("user_source_collateral", r.cMint);
      r.tokenOf("user_destination_liquidity", r.mint);
      const paid = kaminoPaid(r.amount, r);
      c.host.burn(c.at("user_source_collateral"), r.cMint, c.at("owner"), r.amount);
      c.host.transfer(c.at("reserve_liquidity_supply"), c.at("user_destination_liquidity"), r.authority, paid);
      return [`Program log: pnl: Redeeming reserve collateral ${paid}`];
    },
  },
});

// ---------- klend's accounts on the local chain ----------
// Written field by field in the program's own struct order (klend-sdk's Reserve and LendingMarket layouts), so the
// offsets follow from the layout, not from the readers.

/**
 * The main-market USDC reserve's liquidity supply vault and cUSDC mint: the PDAs of [seed, market, USDC mint] under the
 * seeds of klend's first release (Kamino-Finance/klend 57074f4 programs/klend/src/handlers/handler_init_reserve.rs),
 * which created that reserve; releases since derive them from [seed, reserve]. The builders read them from the account.
 */
export const KAMINO_USDC_SUPPLY_VAULT = "Bgq7trRgVMeq33yt235zM2onQ4bRDBsY5EWiTetF4qw6";
export const KAMINO_CUSDC_MINT = "B8V6WVjPxW1UGwVDfxH2d2r8SyT4cqn7dQRK6XneVa7D";

export interface KaminoReserveState {
  lendingMarket: string;
  liquidityMint: string;
  /** Defaults: the main-market USDC reserve's (above) and SPL Token. */
  supplyVault?: string;
  collateralMint?: string;
  tokenProgram?: string;
  available: bigint;
  /** Fractions with 60 fractional bits (klend `_sf`). */
  borrowedSf: bigint;
  protocolFeesSf: bigint;
  referrerFeesSf: bigint;
  pendingReferrerFeesSf: bigint;
  collateralSupply: bigint;
}

/** A klend Reserve account: discriminator, then the fields in the order of klend-sdk's Reserve layout, 8624 bytes. */
export function kaminoReserveAccount(s: KaminoReserveState): Uint8Array {
  const liquidity = Buffer.concat([
    pubkey(s.liquidityMint), // mint_pubkey
    pubkey(s.supplyVault ?? KAMINO_USDC_SUPPLY_VAULT), // supply_vault
    pubkey(SYSTEM), // fee_vault
    u64(s.available),
    u128(s.borrowedSf),
    u128(1n << 60n), // market_price_sf
    u64(1_760_000_000n), // market_price_last_updated_ts
    u64(6n), // mint_decimals
    u64(0n), // deposit_limit_crossed_slot
    u64(0n), // borrow_limit_crossed_slot
    zeros(48), // cumulative_borrow_rate_bsf (BigFractionBytes: [u64; 4] + [u64; 2])
    u128(s.protocolFeesSf),
    u128(s.referrerFeesSf),
    u128(s.pendingReferrerFeesSf),
    u128(0n), // absolute_referral_rate_sf
    pubkey(s.tokenProgram ?? TOKEN_PROGRAM_ADDRESS), // token_program
    zeros(51 * 8 + 32 * 16), // padding2, padding3
  ]);
  // mint_pubkey, mint_total_supply, supply_vault, padding1, padding2
  const collateral = Buffer.concat([pubkey(s.collateralMint ?? KAMINO_CUSDC_MINT), u64(s.collateralSupply), pubkey(SYSTEM), zeros(32 * 16 * 2)]);
  const head = Buffer.concat([
    anchorDiscriminator("Reserve"),
    u64(1n), // version
    u64(300_000_000n), // last_update.slot
    u8(0), // stale
    u8(0), // price_status
    zeros(6), // placeholder
    pubkey(s.lendingMarket),
    pubkey(SYSTEM), // farm_collateral
    pubkey(SYSTEM), // farm_debt
    liquidity,
    zeros(150 * 8), // reserve_liquidity_padding
    collateral,
  ]);
  return Buffer.concat([head, zeros(8624 - head.length)]);
}

/** klend's LendingMarket account: discriminator, version u64, bump_seed u64 (the SDK's layout), 4664 bytes. */
export function kaminoMarketAccount(bump: number): Uint8Array {
  const b = Buffer.alloc(4664);
  createHash("sha256").update("account:LendingMarket").digest().copy(b, 0, 0, 8);
  b.writeBigUInt64LE(1n, 8);
  b.writeBigUInt64LE(BigInt(bump), 16);
  return b;
}

/** Kamino's main-market USDC reserve (server/venues/kamino/descriptor.ts), no borrows or fees: rate = available / cUSDC supply. */
export function setKaminoUsdc(v: SolanaAccounts, available: bigint, collateralSupply: bigint): void {
  const k = kamino.onchain;
  const data = kaminoReserveAccount({
    lendingMarket: k.mainMarket ?? "",
    liquidityMint: k.usdcMint ?? "",
    available,
    borrowedSf: 0n,
    protocolFeesSf: 0n,
    referrerFeesSf: 0n,
    pendingReferrerFeesSf: 0n,
    collateralSupply,
  });
  v.solanaAccounts.set(k.usdcReserve ?? "", { owner: k.program ?? "", data });
}

/** Kamino's part of the local chain: klend. */
export const kaminoChain: SolanaVenueChain = { venue: "kamino", programs: [klendProgram] };
