// klend as the local Solana chain sees it: what the program checks before it acts, for the instructions our builders
// send, and what it then does to token balances. It cannot run klend itself (no program binary can be built here), so:
// - the instruction interface comes from the IDL shipped with @kamino-finance/klend-sdk 8.0.2 (dist/idl/klend.json):
//   discriminator = sha256("global:<snake name>")[0..8], account count, signer and writable flags, u64 argument;
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

const require = createRequire(import.meta.url);
const idl = require("@kamino-finance/klend-sdk/dist/idl/klend.json") as {
  instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean }[]; args: { name: string; type: string }[] }[];
};

export const KLEND = address("KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD"); // klend lib.rs declare_id! @ edd5ff5
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EN5Tb3tQpXfYz1gV9ruy"; // Interface<TokenInterface>: SPL Token or Token-2022
const SYSVAR_INSTRUCTIONS = "Sysvar1nstructions1111111111111111111111111";
const sha8 = (s: string) => createHash("sha256").update(s).digest().subarray(0, 8);
const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const RESERVE_DISCRIMINATOR = sha8("account:Reserve");
export const MARKET_DISCRIMINATOR = sha8("account:LendingMarket");

/** Anchor framework errors used below (anchor-lang ErrorCode; the SDK's errors/anchor.js). */
export const ANCHOR = {
  InstructionFallbackNotFound: [101, "Fallback functions are not supported"],
  InstructionDidNotDeserialize: [102, "The program could not deserialize the given instruction"],
  ConstraintMut: [2000, "A mut constraint was violated"],
  ConstraintHasOne: [2001, "A has one constraint was violated"],
  ConstraintSeeds: [2006, "A seeds constraint was violated"],
  ConstraintAddress: [2012, "An address constraint was violated"],
  ConstraintTokenMint: [2014, "A token mint constraint was violated"],
  AccountDiscriminatorMismatch: [3002, "8 byte discriminator did not match what was expected"],
  AccountNotEnoughKeys: [3005, "Not enough account keys given to the instruction"],
  AccountOwnedByWrongProgram: [3007, "The given account is owned by a different program than expected"],
  InvalidProgramId: [3008, "Program ID was not as expected"],
  AccountNotSigner: [3010, "The given account did not sign"],
  AccountNotInitialized: [3012, "The program expected this account to be already initialized"],
} as const;

export class AnchorRefusal extends Error {
  constructor(
    readonly code: number,
    readonly log: string,
  ) {
    super(log);
  }
}

function refuse(kind: keyof typeof ANCHOR, account?: string): never {
  const [code, msg] = ANCHOR[kind];
  const where = account ? ` caused by account: ${account}.` : ".";
  throw new AnchorRefusal(code, `AnchorError${where} Error Code: ${kind}. Error Number: ${code}. Error Message: ${msg}.`);
}

export interface ChainAccount {
  owner: string;
  data: Uint8Array;
}

/** What the local chain knows and can do, as klend's checks need it. */
export interface KlendHost {
  account(a: string): ChainAccount | null;
  /** An SPL token account's mint, or null when `a` is not one. */
  tokenMint(a: string): string | null;
  /** The CPIs klend makes, run as SPL Token instructions with `authority` signing. */
  transfer(from: string, to: string, authority: string, amount: bigint): void;
  mintTo(mint: string, to: string, authority: string, amount: bigint): void;
  burn(account: string, mint: string, authority: string, amount: bigint): void;
}

export interface Meta {
  address: string;
  signer: boolean;
  writable: boolean;
}

const pubkeyAt = (d: Uint8Array, at: number) => getAddressDecoder().decode(d.subarray(at, at + 32));
const u64At = (d: Uint8Array, at: number) => getU64Decoder().decode(d.subarray(at, at + 8));
const u128At = (d: Uint8Array, at: number) => u64At(d, at) + (u64At(d, at + 8) << 64n);
// Offsets in the Reserve account (the SDK's generated layout; server/venues/readers/kamino.ts lists them).
const R = { market: 32, mint: 128, supplyVault: 160, available: 224, borrowedSf: 232, collateralMint: 2560, collateralSupply: 2592 };

/** Checks one klend instruction as the program would, then makes its token movements; throws AnchorRefusal. */
export async function runKlendInstruction(host: KlendHost, data: Uint8Array, metas: Meta[]): Promise<string[]> {
  const ix = idl.instructions.find((i) => Buffer.from(data.subarray(0, 8)).equals(sha8(`global:${snake(i.name)}`)));
  if (!ix) refuse("InstructionFallbackNotFound");
  if (ix.name !== "depositReserveLiquidity" && ix.name !== "redeemReserveCollateral") {
    throw new AnchorRefusal(101, `The local chain does not model klend's ${ix.name}.`);
  }
  if (metas.length < ix.accounts.length) refuse("AccountNotEnoughKeys");
  if (data.length !== 8 + 8 || ix.args.length !== 1 || ix.args[0]?.type !== "u64") refuse("InstructionDidNotDeserialize");
  const acc: Record<string, Meta> = {};
  ix.accounts.forEach((a, i) => {
    const m = metas[i] as Meta;
    if (a.isSigner && !m.signer) refuse("AccountNotSigner", snake(a.name));
    if (a.isMut && !m.writable) refuse("ConstraintMut", snake(a.name));
    acc[a.name] = m;
  });
  const at = (name: string) => (acc[name] as Meta).address;
  const owned = (name: string, owner: string, disc?: Buffer) => {
    const a = host.account(at(name));
    if (!a) refuse("AccountNotInitialized", snake(name));
    if (a.owner !== owner) refuse("AccountOwnedByWrongProgram", snake(name));
    if (disc && !Buffer.from(a.data.subarray(0, 8)).equals(disc)) refuse("AccountDiscriminatorMismatch", snake(name));
    return a.data;
  };
  const reserve = owned("reserve", KLEND, RESERVE_DISCRIMINATOR);
  const market = owned("lendingMarket", KLEND, MARKET_DISCRIMINATOR);
  if (pubkeyAt(reserve, R.market) !== at("lendingMarket")) refuse("ConstraintHasOne", "reserve");
  // seeds = [b"lma", lending_market], bump = lending_market.bump_seed (LendingMarket: discriminator, version u64, bump_seed u64).
  const bump = Number(u64At(market, 16));
  const [authority] = await getProgramDerivedAddress({ programAddress: KLEND, seeds: [getUtf8Encoder().encode("lma"), getAddressEncoder().encode(address(at("lendingMarket")))] });
  if (at("lendingMarketAuthority") !== authority || bump > 255) refuse("ConstraintSeeds", "lending_market_authority");
  const mint = pubkeyAt(reserve, R.mint);
  const cMint = pubkeyAt(reserve, R.collateralMint);
  if (at("reserveLiquidityMint") !== mint) refuse("ConstraintAddress", "reserve_liquidity_mint");
  if (at("reserveLiquiditySupply") !== pubkeyAt(reserve, R.supplyVault)) refuse("ConstraintAddress", "reserve_liquidity_supply");
  if (at("reserveCollateralMint") !== cMint) refuse("ConstraintAddress", "reserve_collateral_mint");
  if (at("collateralTokenProgram") !== TOKEN_PROGRAM_ADDRESS) refuse("InvalidProgramId", "collateral_token_program");
  if (at("liquidityTokenProgram") !== TOKEN_PROGRAM_ADDRESS && at("liquidityTokenProgram") !== TOKEN_2022) refuse("InvalidProgramId", "liquidity_token_program");
  if (at("instructionSysvarAccount") !== SYSVAR_INSTRUCTIONS) refuse("ConstraintAddress", "instruction_sysvar_account");
  const tokenOf = (name: string, want: string) => {
    const m = host.tokenMint(at(name));
    if (m === null) refuse("AccountNotInitialized", snake(name));
    if (m !== want) refuse("ConstraintTokenMint", snake(name));
  };
  const amount = u64At(data, 8);
  // Collateral exchange rate as klend computes it with no borrows or fees: cToken supply / liquidity available.
  const liquidity = u64At(reserve, R.available) + (u128At(reserve, R.borrowedSf) >> 60n);
  const cSupply = u64At(reserve, R.collateralSupply);
  const owner = at("owner");
  if (ix.name === "depositReserveLiquidity") {
    tokenOf("userSourceLiquidity", mint);
    tokenOf("userDestinationCollateral", cMint);
    const minted = liquidity === 0n ? amount : (amount * cSupply) / liquidity;
    host.transfer(at("userSourceLiquidity"), at("reserveLiquiditySupply"), owner, amount);
    host.mintTo(cMint, at("userDestinationCollateral"), authority, minted);
    return ["Program log: Instruction: DepositReserveLiquidity", `Program log: pnl: Depositing in reserve ${at("reserve")} liquidity ${amount}`];
  }
  tokenOf("userSourceCollateral", cMint);
  tokenOf("userDestinationLiquidity", mint);
  const paid = cSupply === 0n ? 0n : (amount * liquidity) / cSupply;
  host.burn(at("userSourceCollateral"), cMint, owner, amount);
  host.transfer(at("reserveLiquiditySupply"), at("userDestinationLiquidity"), authority, paid);
  return ["Program log: Instruction: RedeemReserveCollateral", `Program log: pnl: Redeeming reserve collateral ${paid}`];
}

