// Save (formerly Solend), main market USDC reserve: the plain lender's cToken path of the token-lending program
// (solendprotocol/solana-program-library, commit 9ffd16ddf0047bb0e500c1bb1b3cb66725581546):
// - deposit = `DepositReserveLiquidity { liquidity_amount }` (tag 4): processor.rs process_deposit_reserve_liquidity
//   accrues the reserve's interest itself (_refresh_reserve_interest), so no refreshReserve precedes it; preceded by an
//   idempotent creation of the owner's cUSDC associated token account.
// - withdraw = `RefreshReserve` (tag 3) then `RedeemReserveCollateral { collateral_amount }` (tag 5):
//   _redeem_reserve_collateral refuses a reserve not refreshed in the current slot ("Reserve is stale") and prices the
//   outflow for the rate limiter, so the refresh (with the reserve's own Pyth, Switchboard and optional extra oracle
//   accounts, which _refresh_reserve checks against the reserve) comes first; preceded by an idempotent creation of the
//   owner's USDC associated token account.
// Account lists and flags: token-lending/sdk/src/instruction.rs refresh_reserve, deposit_reserve_liquidity,
// redeem_reserve_collateral (the same as @solendprotocol/solend-sdk 0.14.27 instructions/*.js; server/venues/save/save.oracle.test.ts
// compares them). The reserve's liquidity supply, collateral mint and oracles are read from the reserve account when the
// plan is built (the program checks each against the reserve), never pinned; the lending market authority is the
// program address of [lending market] (find_program_address in instruction.rs).
import { AccountRole, type Address, address, createNoopSigner, getAddressEncoder, getProgramDerivedAddress, getU64Encoder, type Instruction } from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { solanaTokenBalance } from "../../chains/balances";
import { noteShareToken } from "../../chains/changes";
import { latestBlockhash, solanaPayload, solanaPlanTransaction } from "../../chains/solana";
import { u64le, u128le } from "../../chains/solana/bytes";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueDescriptor } from "../types";
import { save } from "./descriptor";
import { ro, w } from "../shared/anchor";
import { readForPlan, requireShares } from "../shared/plan-reads";
import type { VenueAdapter } from "../shared/build";
import { SAVE_TAG } from "./tags";

export type SaveOnchain = Ids;
type Ids = Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
const ids = save.onchain as Ids;
export const SAVE_PROGRAM = address(ids.program);

/**
 * Offsets in the packed Reserve (token-lending/sdk/src/state/reserve.rs `unpack_from_slice`, RESERVE_LEN 619): version u8,
 * last_update (slot u64, stale u8), lending_market, liquidity mint, decimals u8, supply, pyth oracle, switchboard oracle,
 * available u64, borrowed Decimal, cumulative borrow rate, market price, collateral mint, collateral supply u64,
 * collateral supply account, config (…, extra_oracle_pubkey at 489, all zero = none), accumulated protocol fees at 373.
 */
export const SAVE_RESERVE_LAYOUT = {
  length: 619,
  version: 0,
  lendingMarket: 10,
  liquidityMint: 42,
  liquiditySupply: 75,
  pythOracle: 107,
  switchboardOracle: 139,
  available: 171,
  borrowedWads: 179,
  collateralMint: 227,
  collateralSupply: 259,
  protocolFeesWads: 373,
  extraOracle: 489,
} as const;

const WAD = 10n ** 18n;
const ZERO_KEY = "11111111111111111111111111111111";

export interface SaveReserve {
  reserve: Address;
  lendingMarket: Address;
  liquidityMint: Address;
  liquiditySupply: Address;
  collateralMint: Address;
  pythOracle: Address;
  switchboardOracle: Address;
  extraOracle: Address | null;
  /** Collateral exchange rate as the program computes it: Rate(cToken supply / total liquidity), scaled by 1e18. */
  collateralRate: bigint;
}

/**
 * The reserve's accounts and its collateral rate from the raw Reserve account, proven the cited main market's USDC
 * reserve (issue 24: another real reserve would simulate and take the deposit); AccountMismatch naming it otherwise.
 */
export function parseSaveReserve(reserve: string, data: Uint8Array, v: Ids = ids): SaveReserve {
  const L = SAVE_RESERVE_LAYOUT;
  if (data.length < L.length) throw new AccountMismatch(`Save reserve ${reserve} is ${data.length} bytes, not a Solend Reserve (${L.length})`);
  if (data[L.version] !== 1) throw new AccountMismatch(`Save reserve ${reserve}'s version is ${data[L.version]}, not the program's 1`);
  const key = (at: number) => address(pubkeyAt(data, at));
  const lendingMarket = key(L.lendingMarket);
  if (lendingMarket !== v.mainMarket) throw new AccountMismatch(`Save reserve ${reserve} belongs to another lending market (${lendingMarket}) than Save's main market ${v.mainMarket}`);
  const liquidityMint = key(L.liquidityMint);
  if (liquidityMint !== v.usdcMint) throw new AccountMismatch(`Save reserve ${reserve}'s liquidity mint is ${liquidityMint}, not USDC ${v.usdcMint}`);
  const extra = key(L.extraOracle);
  // reserve.rs collateral exchange rate: total liquidity (Decimal, WAD) = available + borrowed − protocol fees;
  // rate = Decimal(cToken supply) / total = supply × WAD × WAD / total (floored).
  const supply = u64le(data, L.collateralSupply);
  const totalWads = u64le(data, L.available) * WAD + u128le(data, L.borrowedWads) - u128le(data, L.protocolFeesWads);
  if (supply === 0n || totalWads <= 0n) throw new Error("the USDC reserve has no deposits, so no collateral rate");
  return {
    reserve: address(reserve),
    lendingMarket,
    liquidityMint,
    liquiditySupply: key(L.liquiditySupply),
    collateralMint: key(L.collateralMint),
    pythOracle: key(L.pythOracle),
    switchboardOracle: key(L.switchboardOracle),
    extraOracle: extra === ZERO_KEY ? null : extra,
    collateralRate: (supply * WAD * WAD) / totalWads,
  };
}

/**
 * The fewest cTokens whose redeem pays at least `amountMicros`: the program pays floor(c × WAD / rate)
 * (CollateralExchangeRate::collateral_to_liquidity), so c = ceil(amount × rate / WAD). Interest accrued by the refresh
 * only lowers the rate, so the payout stays ≥ the amount.
 */
export function saveCollateralFor(amountMicros: bigint, collateralRate: bigint): bigint {
  return (amountMicros * collateralRate + WAD - 1n) / WAD;
}

/** What `collateral` cTokens pay at `collateralRate` (floored, as the program pays). */
export function saveLiquidityFor(collateral: bigint, collateralRate: bigint): bigint {
  return (collateral * WAD) / collateralRate;
}

/**
 * The owner's cUSDC (across its token accounts of the reserve's collateral mint; the redeem burns from the associated
 * one) and what it pays at the reserve's rate read now: the read the withdraw builder and the worth reader (./worth.ts)
 * both make.
 */
export async function saveHolding(owner: string, r: SaveReserve, signal: AbortSignal): Promise<{ held: bigint; micros: bigint }> {
  const held = await solanaTokenBalance(owner, r.collateralMint, signal);
  return { held, micros: saveLiquidityFor(held, r.collateralRate) };
}

export async function readSaveReserve(signal: AbortSignal, v: Ids = ids): Promise<SaveReserve> {
  const data = await programAccount(v.usdcReserve, v.program, "Save USDC reserve", signal, { minLength: SAVE_RESERVE_LAYOUT.length });
  return parseSaveReserve(v.usdcReserve, data, v);
}

/** The lending market authority: the program address of [lending market] (instruction.rs find_program_address). */
export async function saveMarketAuthority(market: Address): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: SAVE_PROGRAM, seeds: [getAddressEncoder().encode(market)] });
  return a;
}

function tagU64(tag: number, arg: bigint): Uint8Array {
  const data = new Uint8Array(9);
  data[0] = tag;
  data.set(getU64Encoder().encode(arg), 1);
  return data;
}

const signer = (a: Address) => ({ address: a, role: AccountRole.READONLY_SIGNER });

/** RefreshReserve: reserve (writable), Pyth oracle, Switchboard oracle, then the extra oracle when the reserve has one. */
export function saveRefreshReserve(r: SaveReserve): Instruction {
  const accounts = [w(r.reserve), ro(r.pythOracle), ro(r.switchboardOracle)];
  if (r.extraOracle) accounts.push(ro(r.extraOracle));
  return { programAddress: SAVE_PROGRAM, accounts, data: Uint8Array.of(SAVE_TAG.refreshReserve) };
}

export async function saveDepositReserveLiquidity(r: SaveReserve, owner: Address, amount: bigint, userUsdc: Address, userCollateral: Address): Promise<Instruction> {
  return {
    programAddress: SAVE_PROGRAM,
    accounts: [
      w(userUsdc),
      w(userCollateral),
      w(r.reserve),
      w(r.liquiditySupply),
      w(r.collateralMint),
      ro(r.lendingMarket),
      ro(await saveMarketAuthority(r.lendingMarket)),
      signer(owner),
      ro(TOKEN_PROGRAM_ADDRESS),
    ],
    data: tagU64(SAVE_TAG.depositReserveLiquidity, amount),
  };
}

export async function saveRedeemReserveCollateral(r: SaveReserve, owner: Address, collateral: bigint, userCollateral: Address, userUsdc: Address): Promise<Instruction> {
  return {
    programAddress: SAVE_PROGRAM,
    accounts: [
      w(userCollateral),
      w(userUsdc),
      w(r.reserve),
      w(r.collateralMint),
      w(r.liquiditySupply),
      // Writable: the redeem updates the market's outflow rate limiter.
      w(r.lendingMarket),
      ro(await saveMarketAuthority(r.lendingMarket)),
      signer(owner),
      ro(TOKEN_PROGRAM_ADDRESS),
    ],
    data: tagU64(SAVE_TAG.redeemReserveCollateral, collateral),
  };
}

async function ownerAccounts(owner: string, r: SaveReserve) {
  const ownerAddr = address(owner);
  // The reserve's collateral mint, read from the reserve account, named in balance changes: Save's init_reserve makes it
  // with the liquidity mint's decimals, USDC's 6 (`decimals: reserve_liquidity_mint.decimals`, solendprotocol/
  // solana-program-library token-lending/program/src/processor.rs @ 9ffd16ddf0047bb0e500c1bb1b3cb66725581546).
  noteShareToken({ chain: "svm-chain", id: r.collateralMint, symbol: "cUSDC (Save)", decimals: 6 });
  const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint: r.liquidityMint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [userCollateral] = await findAssociatedTokenPda({ owner: ownerAddr, mint: r.collateralMint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return { ownerAddr, userUsdc, userCollateral };
}

/**
 * The builders for a Save descriptor (the registry's, or a copy with another reserve in tests): the reserve is read and
 * proven (the program's, of the cited main market, lending USDC) before anything is built.
 */
export function saveAdapterOf(v: VenueDescriptor): VenueAdapter {
  const ids = v.onchain as Ids;
  const reserveNow = () => readForPlan(`Save's USDC reserve ${ids.usdcReserve} (its supply, collateral mint, oracles and rate)`, (signal) => readSaveReserve(signal, ids));
  return {
    venueId: v.id,
    onchainInterface: `${ids.program} DepositReserveLiquidity(liquidity_amount: u64) / RefreshReserve + RedeemReserveCollateral(collateral_amount: u64) on reserve ${ids.usdcReserve}`,
    deposit: async ({ owner, amountMicros }) => {
      // The blockhash is asked beside the reserve (it depends on nothing the reserve says): one round trip, not two.
      const blockhash = latestBlockhash();
      const r = await reserveNow();
      const { ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner, r);
      const createCollateralAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(ownerAddr), ata: userCollateral, owner: ownerAddr, mint: r.collateralMint });
      const deposit = await saveDepositReserveLiquidity(r, ownerAddr, amountMicros, userUsdc, userCollateral);
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Save's main-market USDC reserve and receive cUSDC in the owner's token account`, await solanaPayload(owner, [createCollateralAta, deposit], [], blockhash));
    },
    withdraw: async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const r = await reserveNow();
      const collateral = saveCollateralFor(amountMicros, r.collateralRate);
      const { ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner, r);
      const h = await readForPlan("The owner's Save cUSDC balance", (signal) => saveHolding(owner, r, signal));
      requireShares("Save cUSDC", collateral, h.held, h.micros);
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(ownerAddr), ata: userUsdc, owner: ownerAddr, mint: r.liquidityMint });
      const redeem = await saveRedeemReserveCollateral(r, ownerAddr, collateral, userCollateral, userUsdc);
      return solanaPlanTransaction("withdraw", `Redeem ${collateral} cUSDC from Save's main-market USDC reserve for at least ${amountMicros} micro-USDC at the reserve's rate now`, await solanaPayload(owner, [createUsdcAta, saveRefreshReserve(r), redeem], [], blockhash));
    },
  };
}

export const saveAdapter = saveAdapterOf(save);
