// Kamino Lend (Solana), built as @kamino-finance/klend-sdk 8.0.2 builds the same actions (KaminoAction
// buildDepositReserveLiquidityTxns / buildRedeemReserveCollateralTxns, dist/classes/action.js), checked instruction by
// instruction in server/venues/kamino/kamino.oracle.test.ts:
//   deposit  = create the owner's cUSDC and USDC associated token accounts (idempotent), then
//              depositReserveLiquidity(liquidityAmount: u64)
//   withdraw = create the owner's USDC associated token account (idempotent), then
//              redeemReserveCollateral(collateralAmount: u64), the fewest cUSDC covering the amount at the reserve's rate
//              read at plan time (USDC per cUSDC with 60 fractional bits, floored, so the payout is ≥ the amount).
// No refreshReserve: both handlers refresh the reserve themselves before acting (`refresh_reserve(reserve, &clock, None,
// ..)` in Kamino-Finance/klend programs/klend/src/handlers/handler_deposit_reserve_liquidity.rs and
// handler_redeem_reserve_collateral.rs @ edd5ff509af35eac643277fa14bd3c861f9485df), and the SDK adds none for these
// two actions. A refreshReserve would have to pass the oracle accounts of the reserve's own token_info config.
// The liquidity supply vault, the cUSDC mint and the liquidity token program are read from the reserve account at plan
// time (klend checks them against it: `address = reserve.load()?.liquidity.supply_vault` etc.), never derived: their
// PDA seeds changed between klend releases (server/venues/kamino/read.ts).
import { type Address, address, createNoopSigner } from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { solanaTokenBalance } from "../../chains/balances";
import { latestBlockhash, solanaPayload, solanaPlanTransaction } from "../../chains/solana";
import { noteShareToken } from "../../chains/changes";
import { type KaminoReserveRead, readKaminoReserve } from "./read";
import type { VenueDescriptor } from "../types";
import { kamino } from "./descriptor";
import { anchorInstruction } from "../../chains/solana/idl";
import { pdaOf } from "../shared/anchor";
import { KLEND_IDL } from "./idl";
import { readForPlan, requireShares } from "../shared/plan-reads";
import type { VenueAdapter } from "../shared/build";

const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
export const KLEND_PROGRAM = address(ids.program);
// Sysvar1nstructions…: `instruction_sysvar_account`, `#[account(address = SysInstructions::id())]` in the handlers
// above; klend-sdk 8.0.2 passes SYSVAR_INSTRUCTIONS_ADDRESS from @solana/sysvars.
export const SYSVAR_INSTRUCTIONS = address("Sysvar1nstructions1111111111111111111111111");
/** The instruction discriminators, from klend-sdk's IDL (./idl.ts). */
export const DISC = {
  depositReserveLiquidity: Uint8Array.from(KLEND_IDL.instructions.depositReserveLiquidity.discriminator),
  redeemReserveCollateral: Uint8Array.from(KLEND_IDL.instructions.redeemReserveCollateral.discriminator),
};

/** The fewest cUSDC whose redeem pays at least `amountMicros` at `rateSf` (USDC per cUSDC, 60 fractional bits). */
export function kaminoCollateralFor(amountMicros: bigint, rateSf: bigint): bigint {
  return ((amountMicros << 60n) + rateSf - 1n) / rateSf;
}

/** The lending market authority: PDA of [b"lma", market] (klend programs/klend/src/utils/seeds.rs @ edd5ff5). */
export async function kaminoMarketAuthority(market: string = ids.mainMarket): Promise<Address> {
  return pdaOf(KLEND_PROGRAM, "lma", address(market));
}

type Ids = Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;

/** The reserve's accounts (as recorded in the reserve account) and the owner's USDC and cUSDC associated accounts. */
async function accountsFor(ids: Ids, owner: string, r: KaminoReserveRead) {
  const ownerAddr = address(owner);
  const mint = address(ids.usdcMint);
  const collateralMint = address(r.collateralMint);
  // The reserve's collateral mint, read from the reserve account, named in balance changes: klend creates it with
  // `mint::decimals = 6` (programs/klend/src/handlers/handler_init_reserve.rs @ edd5ff509af35eac643277fa14bd3c861f9485df).
  noteShareToken({ chain: "svm-chain", id: collateralMint, symbol: "cUSDC (Kamino)", decimals: 6 });
  const liquidityTokenProgram = address(r.liquidityTokenProgram);
  const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint, tokenProgram: liquidityTokenProgram });
  // cTokens are always SPL Token (`collateral_token_program: Program<'info, Token>` in the handlers).
  const [userCollateral] = await findAssociatedTokenPda({ owner: ownerAddr, mint: collateralMint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return {
    ownerAddr,
    market: address(ids.mainMarket),
    reserve: address(ids.usdcReserve),
    marketAuthority: await kaminoMarketAuthority(ids.mainMarket),
    mint,
    liquiditySupply: address(r.liquiditySupplyVault),
    collateralMint,
    liquidityTokenProgram,
    userUsdc,
    userCollateral,
  };
}

/**
 * The builders for a Kamino descriptor (the registry's, or a copy with other ids in tests). The reserve is read and
 * proven before anything is built: a klend Reserve of the cited main market whose liquidity mint is USDC
 * (./read.ts), else the plan is blocked `venue_state_unavailable` naming the reserve.
 */
export function kaminoAdapterOf(v: VenueDescriptor): VenueAdapter {
  const ids = v.onchain as Ids;
  const reserveRead = () => readForPlan(`Kamino's USDC reserve ${ids.usdcReserve}`, (signal) => readKaminoReserve(signal, ids));
  return {
    venueId: v.id,
    onchainInterface: `${ids.program} depositReserveLiquidity(liquidityAmount: u64) / redeemReserveCollateral(collateralAmount: u64) on reserve ${ids.usdcReserve}`,
    deposit: async ({ owner, amountMicros }) => {
      // The blockhash is asked beside the reserve (it depends on nothing the reserve says): one round trip, not two.
      const blockhash = latestBlockhash();
      const a = await accountsFor(ids, owner, await reserveRead());
      const payer = createNoopSigner(a.ownerAddr);
      const createCollateralAta = getCreateAssociatedTokenIdempotentInstruction({ payer, ata: a.userCollateral, owner: a.ownerAddr, mint: a.collateralMint });
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer, ata: a.userUsdc, owner: a.ownerAddr, mint: a.mint, tokenProgram: a.liquidityTokenProgram });
      // Account order and flags from klend-sdk's IDL (./idl.ts); `DepositReserveLiquidity` in
      // handler_deposit_reserve_liquidity.rs @ edd5ff5 declares the same.
      const deposit = anchorInstruction(
        KLEND_PROGRAM,
        KLEND_IDL.instructions.depositReserveLiquidity,
        {
          owner: a.ownerAddr,
          reserve: a.reserve,
          lendingMarket: a.market,
          lendingMarketAuthority: a.marketAuthority,
          reserveLiquidityMint: a.mint,
          reserveLiquiditySupply: a.liquiditySupply,
          reserveCollateralMint: a.collateralMint,
          userSourceLiquidity: a.userUsdc,
          userDestinationCollateral: a.userCollateral,
          collateralTokenProgram: TOKEN_PROGRAM_ADDRESS,
          liquidityTokenProgram: a.liquidityTokenProgram,
          instructionSysvarAccount: SYSVAR_INSTRUCTIONS,
        },
        { liquidityAmount: amountMicros },
      );
      return solanaPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to Kamino Lend's main-market USDC reserve and receive cUSDC in the owner's token account`, await solanaPayload(owner, [createCollateralAta, createUsdcAta, deposit], [], blockhash));
    },
    withdraw: async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const r = await reserveRead();
      const collateral = kaminoCollateralFor(amountMicros, r.rate);
      const a = await accountsFor(ids, owner, r);
      // The owner's cUSDC across its token accounts of the collateral mint (the redeem spends the associated one).
      const held = await readForPlan("The owner's cUSDC balance", (signal) => solanaTokenBalance(owner, a.collateralMint, signal));
      requireShares("cUSDC", collateral, held, (held * r.rate) >> 60n);
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({
        payer: createNoopSigner(a.ownerAddr),
        ata: a.userUsdc,
        owner: a.ownerAddr,
        mint: a.mint,
        tokenProgram: a.liquidityTokenProgram,
      });
      // Account order and flags from klend-sdk's IDL (./idl.ts); `RedeemReserveCollateral` in
      // handler_redeem_reserve_collateral.rs @ edd5ff5 declares the same.
      const redeem = anchorInstruction(
        KLEND_PROGRAM,
        KLEND_IDL.instructions.redeemReserveCollateral,
        {
          owner: a.ownerAddr,
          lendingMarket: a.market,
          reserve: a.reserve,
          lendingMarketAuthority: a.marketAuthority,
          reserveLiquidityMint: a.mint,
          reserveCollateralMint: a.collateralMint,
          reserveLiquiditySupply: a.liquiditySupply,
          userSourceCollateral: a.userCollateral,
          userDestinationLiquidity: a.userUsdc,
          collateralTokenProgram: TOKEN_PROGRAM_ADDRESS,
          liquidityTokenProgram: a.liquidityTokenProgram,
          instructionSysvarAccount: SYSVAR_INSTRUCTIONS,
        },
        { collateralAmount: collateral },
      );
      return solanaPlanTransaction("withdraw", `Redeem ${collateral} cUSDC from Kamino Lend's main-market USDC reserve for at least ${amountMicros} micro-USDC at the reserve's rate now`, await solanaPayload(owner, [createUsdcAta, redeem], [], blockhash));
    },
  };
}

export const kaminoAdapter = kaminoAdapterOf(kamino);
