// Jupiter Lend Earn (Solana), checked instruction for instruction against Jupiter's own SDK (@jup-ag/lend 0.0.107,
// dist/earn/index.mjs getDepositIx / getWithdrawIx, Anchor with the lending IDL it ships; server/venues/jupiter-lend/jupiter-lend.oracle.test.ts).
//   deposit  = create the owner's jlUSDC associated account (idempotent), then `deposit(assets: u64)` (17 accounts).
//   withdraw = create the owner's USDC associated account (idempotent), then `withdraw(amount: u64)` (18 accounts: the
//              deposit's, reordered, plus the liquidity layer's claim account). `amount` is in USDC: the program burns
//              the jlUSDC it needs; the plan checks the owner holds ceil(amount × 1e12 / token_exchange_price) jlUSDC
//              at the price read now (the price only grows, so the program burns at most that).
// Account order and flags: the IDL's `deposit` / `withdraw`, generated into ./idl.ts from the SDK's (dist/shared/lend.DS0KoPpL.mjs,
// the same as jup-ag/jupiter-lend target/idl/lending.json and docs/earn/cpi.md @ 33a22cf7a5bfdd32ab1712dda4adfbeb9b348ad9).
// Derivations as the SDK's (getDepositContext / getWithdrawContext): lending admin ["lending_admin"] of the lending
// program; token reserve ["reserve", mint], supply position ["user_supply_position", mint, lending], rate model
// ["rate_model", mint], liquidity ["liquidity"] and claim account ["user_claim", lending_admin, mint] of the liquidity
// program; rewards rate model ["lending_rewards_rate_model", mint] of the rewards program; vault = the liquidity PDA's
// USDC associated account. The USDC Lending account is read when the plan is built and what it stores (token reserve,
// supply position, rewards rate model, the supply position's owner program) must equal those derivations, so a lending
// the chain holds otherwise blocks the plan instead of being signed around.
import { type Address, address, createNoopSigner } from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { solanaTokenBalance } from "../../chains/balances";
import { solanaRpc } from "../../chains/clients";
import { latestBlockhash, solanaPayload, solanaPlanTransaction } from "../../chains/solana";
import { jupiterLend } from "./descriptor";
import { JUPITER_LENDING_OFFSETS as O, readUsdcLending } from "./read";
import { u64le } from "../../chains/solana/bytes";
import { AccountMismatch, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueDescriptor } from "../types";
import { anchorInstruction } from "../../chains/solana/idl";
import { pdaOf } from "../shared/anchor";
import { JUP_LENDING_IDL } from "./idl";
import { readForPlan, requireShares } from "../shared/plan-reads";
import type { VenueAdapter } from "../shared/build";

export type JupiterLendOnchain = Ids;
type Ids = Record<"lendingProgram" | "liquidityProgram" | "rewardsRateModelProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
const ids = jupiterLend.onchain as Ids;
export const JUP_LENDING_PROGRAM = address(ids.lendingProgram);
export const JUP_LIQUIDITY_PROGRAM = address(ids.liquidityProgram);
export const JUP_REWARDS_RATE_MODEL_PROGRAM = address(ids.rewardsRateModelProgram);
/** The IDL's `deposit` / `withdraw` discriminators (./idl.ts). */
export const JUP_DEPOSIT_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.instructions.deposit.discriminator);
export const JUP_WITHDRAW_DISCRIMINATOR = Uint8Array.from(JUP_LENDING_IDL.instructions.withdraw.discriminator);
/** EXCHANGE_PRICES_PRECISION (LENDING_CONSTANTS in @jup-ag/lend 0.0.107 dist/earn/index.mjs): token_exchange_price is USDC per jlUSDC × 1e12. */
export const JUP_EXCHANGE_PRICE_PRECISION = 10n ** 12n;

/** The fewest jlUSDC a `withdraw(amount)` can burn at `price` (1e12 scale) or above: ceil(amount × 1e12 / price). */
export function jlUsdcFor(amountMicros: bigint, price: bigint): bigint {
  return (amountMicros * JUP_EXCHANGE_PRICE_PRECISION + price - 1n) / price;
}

/**
 * What `shares` jlUSDC pay at `price` (1e12 scale): floor(shares × price / 1e12). The most a `withdraw(amount)` can take
 * from them, since it burns ceil(amount × 1e12 / price) (see above), and what the withdraw builder offers when shares fall short.
 */
export function jlUsdcWorth(shares: bigint, price: bigint): bigint {
  return (shares * price) / JUP_EXCHANGE_PRICE_PRECISION;
}

/**
 * The owner's jlUSDC (across its token accounts of the mint; the withdraw burns from the associated one) and what it
 * pays at the lending's price read now: the read the withdraw builder and the worth reader (./worth.ts) both make.
 */
export async function jupiterLendHolding(owner: string, jlUsdcMint: string, s: JupiterLendState, signal: AbortSignal): Promise<{ held: bigint; micros: bigint }> {
  const held = await solanaTokenBalance(owner, jlUsdcMint, signal);
  return { held, micros: jlUsdcWorth(held, s.tokenExchangePrice) };
}

export interface JupiterLendState {
  tokenReservesLiquidity: Address;
  supplyPosition: Address;
  rewardsRateModel: Address;
  /** token_exchange_price stored at the lending's last update (1e12 scale). */
  tokenExchangePrice: bigint;
}

/**
 * The USDC lending's liquidity-layer accounts, read from chain and required to be the SDK's derivations. The lending and
 * jlUSDC ids are derived ids (PDAs of the lending program: ["f_token_mint", USDC], ["lending", USDC, jlUSDC]) and are
 * checked to be those derivations before the account is read.
 */
export async function readJupiterLendState(signal: AbortSignal, v: Ids = ids): Promise<JupiterLendState> {
  const mint = address(v.usdcMint);
  const lending = address(v.usdcLending);
  const program = address(v.lendingProgram);
  const fTokenMint = await pdaOf(program, "f_token_mint", mint);
  if (fTokenMint !== v.jlUsdcMint) throw new AccountMismatch(`jlUSDC ${v.jlUsdcMint} is not the ["f_token_mint", USDC] account of ${program} (${fTokenMint})`);
  const lendingPda = await pdaOf(program, "lending", mint, fTokenMint);
  // The supply position the lending must record is a PDA of the liquidity program: read beside the lending (one round
  // trip, not two), then required below to be the account the lending records.
  const positionPda = await pdaOf(JUP_LIQUIDITY_PROGRAM, "user_supply_position", mint, lending);
  const [data, pos] = await Promise.all([
    readUsdcLending(signal, O.withAccountsLength, v),
    solanaRpc().getAccountInfo(positionPda, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal }),
  ]);
  if (lendingPda !== lending) throw new AccountMismatch(`Jupiter Lend lending ${lending} is not the ["lending", USDC, jlUSDC] account of ${program} (${lendingPda})`);
  const tokenReservesLiquidity = address(pubkeyAt(data, O.tokenReservesLiquidity));
  const supplyPosition = address(pubkeyAt(data, O.supplyPositionOnLiquidity));
  const rewardsRateModel = address(pubkeyAt(data, O.rewardsRateModel));
  if ((await pdaOf(JUP_LIQUIDITY_PROGRAM, "reserve", mint)) !== tokenReservesLiquidity) {
    throw new Error(`the lending's token reserve is not the ["reserve", USDC] account of ${JUP_LIQUIDITY_PROGRAM}`);
  }
  if (positionPda !== supplyPosition) {
    throw new Error(`the lending's supply position is not the ["user_supply_position", USDC, lending] account of ${JUP_LIQUIDITY_PROGRAM}`);
  }
  if ((await pdaOf(JUP_REWARDS_RATE_MODEL_PROGRAM, "lending_rewards_rate_model", mint)) !== rewardsRateModel) {
    throw new Error(`the lending's rewards rate model is not the ["lending_rewards_rate_model", USDC] account of ${JUP_REWARDS_RATE_MODEL_PROGRAM}`);
  }
  if (!pos.value) throw new Error("the lending's supply position account does not exist");
  if (pos.value.owner !== JUP_LIQUIDITY_PROGRAM) throw new Error(`the lending's supply position is owned by ${pos.value.owner}, not the liquidity program ${JUP_LIQUIDITY_PROGRAM}`);
  const tokenExchangePrice = u64le(data, O.tokenExchangePrice);
  if (tokenExchangePrice === 0n) throw new Error("jlUSDC's exchange price is 0");
  return { tokenReservesLiquidity, supplyPosition, rewardsRateModel, tokenExchangePrice };
}

/** Every account both instructions name, derived as the SDK's getDepositContext / getWithdrawContext derive them. */
async function accountsFor(ids: Ids, owner: string) {
  const ownerAddr = address(owner);
  const mint = address(ids.usdcMint);
  const fTokenMint = address(ids.jlUsdcMint);
  const liquidity = await pdaOf(JUP_LIQUIDITY_PROGRAM, "liquidity");
  const lendingAdmin = await pdaOf(JUP_LENDING_PROGRAM, "lending_admin");
  return {
    ownerAddr,
    mint,
    fTokenMint,
    lending: address(ids.usdcLending),
    lendingAdmin,
    liquidity,
    userUsdc: (await findAssociatedTokenPda({ owner: ownerAddr, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0],
    userJl: (await findAssociatedTokenPda({ owner: ownerAddr, mint: fTokenMint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0],
    vault: (await findAssociatedTokenPda({ owner: liquidity, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0],
    rateModel: await pdaOf(JUP_LIQUIDITY_PROGRAM, "rate_model", mint),
    // getClaimAccount(asset, getLendingAdmin()) in the SDK: seeds ["user_claim", user, mint] with the lending admin as
    // the user (the lending program is the liquidity layer's user; its admin PDA signs the CPI).
    claimAccount: await pdaOf(JUP_LIQUIDITY_PROGRAM, "user_claim", lendingAdmin, mint),
  };
}

/** The accounts `deposit` and `withdraw` both name (the IDL orders them: anchorInstruction places each by its name). */
function lendingAccounts(a: Awaited<ReturnType<typeof accountsFor>>, s: JupiterLendState) {
  return {
    signer: a.ownerAddr,
    mint: a.mint,
    lending_admin: a.lendingAdmin,
    lending: a.lending,
    f_token_mint: a.fTokenMint,
    supply_token_reserves_liquidity: s.tokenReservesLiquidity,
    lending_supply_position_on_liquidity: s.supplyPosition,
    rate_model: a.rateModel,
    vault: a.vault,
    liquidity: a.liquidity,
    liquidity_program: JUP_LIQUIDITY_PROGRAM,
    rewards_rate_model: s.rewardsRateModel,
    token_program: TOKEN_PROGRAM_ADDRESS,
  };
}

type LendingIx = (typeof JUP_LENDING_IDL.instructions)["deposit" | "withdraw"];
type AccountsOf<I extends LendingIx> = Parameters<typeof anchorInstruction<I>>[2];

/** `ix` on the USDC lending with the accounts both instructions name (`common`) and the ones only it names (`own`). */
function lendingInstruction<I extends LendingIx>(ix: I, common: ReturnType<typeof lendingAccounts>, own: Omit<AccountsOf<I>, keyof typeof common>, args: Parameters<typeof anchorInstruction<I>>[3]) {
  return anchorInstruction(JUP_LENDING_PROGRAM, ix, { ...common, ...own } as AccountsOf<I>, args);
}

/**
 * The builders for a Jupiter Lend descriptor (the registry's, or a copy with another lending in tests): the USDC
 * lending is read and proven (the lending program's, mint USDC, fToken jlUSDC, at its PDA) before anything is built.
 */
export function jupiterLendAdapterOf(v: VenueDescriptor): VenueAdapter {
  const ids = v.onchain as Ids;
  const lendState = () => readForPlan(`Jupiter Lend's USDC lending ${ids.usdcLending} (its liquidity-layer accounts, checked against their PDAs)`, (signal) => readJupiterLendState(signal, ids));
  return {
    venueId: v.id,
    onchainInterface: `${ids.lendingProgram} deposit(assets: u64) / withdraw(amount: u64) on the USDC lending ${ids.usdcLending} (jlUSDC ${ids.jlUsdcMint})`,
    deposit: async ({ owner, amountMicros }) => {
      // The blockhash is asked beside the lending (it depends on nothing the lending says): one round trip, not two.
      const blockhash = latestBlockhash();
      const s = await lendState();
      const a = await accountsFor(ids, owner);
      const createJlAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(a.ownerAddr), ata: a.userJl, owner: a.ownerAddr, mint: a.fTokenMint });
      // The IDL's `deposit` accounts (./idl.ts: order, writable/signer flags, the fixed program addresses).
      const own = { depositor_token_account: a.userUsdc, recipient_token_account: a.userJl };
      const deposit = lendingInstruction(JUP_LENDING_IDL.instructions.deposit, lendingAccounts(a, s), own, { assets: amountMicros });
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Jupiter Lend Earn (USDC lending) and receive jlUSDC in the owner's token account`, await solanaPayload(owner, [createJlAta, deposit], [], blockhash));
    },
    withdraw: async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const a = await accountsFor(ids, owner);
      // The owner's jlUSDC (the cited mint, known before the lending is read) is asked beside the lending and the blockhash.
      const [s, held] = await Promise.all([lendState(), readForPlan("The owner's jlUSDC balance", (signal) => solanaTokenBalance(owner, a.fTokenMint, signal))]);
      const needed = jlUsdcFor(amountMicros, s.tokenExchangePrice);
      requireShares("jlUSDC", needed, held, jlUsdcWorth(held, s.tokenExchangePrice));
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(a.ownerAddr), ata: a.userUsdc, owner: a.ownerAddr, mint: a.mint });
      // The IDL's `withdraw` accounts (./idl.ts: order, writable/signer flags, the fixed program addresses).
      const own = { owner_token_account: a.userJl, recipient_token_account: a.userUsdc, claim_account: a.claimAccount };
      const withdraw = lendingInstruction(JUP_LENDING_IDL.instructions.withdraw, lendingAccounts(a, s), own, { amount: amountMicros });
      return solanaPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC from Jupiter Lend Earn (USDC lending), burning at most ${needed} jlUSDC at the exchange price now`, await solanaPayload(owner, [createUsdcAta, withdraw], [], blockhash));
    },
  };
}

export const jupiterLendAdapter = jupiterLendAdapterOf(jupiterLend);
