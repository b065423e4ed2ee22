// Kamino Lend (Solana): deposit = `refreshReserve` then `depositReserveLiquidity(liquidityAmount: u64)` on the
// klend program (Anchor IDL: discriminators and account order below), preceded by an idempotent creation of the
// owner's cUSDC associated token account. Vault and mint addresses are the klend PDAs of (market, USDC mint).
// Withdraw = `refreshReserve` then `redeemReserveCollateral(collateralAmount: u64)` (klend IDL 1.25: owner, lending
// market, reserve, market authority, liquidity mint, collateral mint, liquidity supply, user cUSDC, user USDC, both
// token programs, instructions sysvar), preceded by an idempotent creation of the owner's USDC token account. The
// plan redeems the fewest cUSDC that cover the amount at the reserve's rate read at plan time
// (server/venues/readers/kamino.ts: USDC per cUSDC with 60 fractional bits, floored, so the payout is ≥ the amount).
import { AccountRole, type Address, address, createNoopSigner, type Instruction } from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { solanaTokenBalance } from "../../chains/balances";
import { solanaPayload } from "../../chains/solana";
import { kamino } from "../kamino";
import { pdaOf, ro, u64Instruction, w } from "./anchor";
import { readForPlan, requireShares, venueRate } from "./plan-reads";
import type { VenueAdapter } from "./types";

const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
export const KLEND_PROGRAM = address(ids.program);
/** Scope price feed of the main market (the USDC reserve's oracle), passed to refreshReserve. */
export const KAMINO_SCOPE_PRICES = address("3t4JZcueEzTbVP6kLxXrL3VpWx45jDer4eqysweBchNH");
export const SYSVAR_INSTRUCTIONS = address("Sysvar1nstructions1111111111111111111111111");
export const DISC = {
  refreshReserve: Uint8Array.from([2, 218, 138, 235, 79, 201, 25, 102]),
  depositReserveLiquidity: Uint8Array.from([169, 201, 30, 126, 6, 205, 102, 68]),
  redeemReserveCollateral: Uint8Array.from([234, 117, 181, 125, 185, 142, 220, 29]),
};

/** The fewest cUSDC whose redeem pays at least `amountMicros` at `rateSf` (USDC per cUSDC, 60 fractional bits). */
export function kaminoCollateralFor(amountMicros: bigint, rateSf: bigint): bigint {
  return ((amountMicros << 60n) + rateSf - 1n) / rateSf;
}

const pda = (seed: string, ...keys: Address[]) => pdaOf(KLEND_PROGRAM, seed, ...keys);

export async function kaminoAccounts() {
  const market = address(ids.mainMarket);
  const mint = address(ids.usdcMint);
  return {
    market,
    reserve: address(ids.usdcReserve),
    mint,
    marketAuthority: await pda("lma", market),
    liquiditySupply: await pda("reserve_liq_supply", market, mint),
    collateralMint: await pda("reserve_coll_mint", market, mint),
  };
}


/** The reserve's accounts and the owner's USDC and cUSDC associated token accounts. */
async function ownerAccounts(owner: string) {
  const a = await kaminoAccounts();
  const ownerAddr = address(owner);
  const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint: a.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [userCollateral] = await findAssociatedTokenPda({ owner: ownerAddr, mint: a.collateralMint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return { a, ownerAddr, userUsdc, userCollateral };
}

/** refreshReserve: accrues the reserve's interest (klend refuses a stale reserve). */
function refreshReserve(a: Awaited<ReturnType<typeof kaminoAccounts>>): Instruction {
  // Optional oracle accounts that are absent are passed as the program id (Anchor's None).
  return {
    programAddress: KLEND_PROGRAM,
    accounts: [w(a.reserve), ro(a.market), ro(KLEND_PROGRAM), ro(KLEND_PROGRAM), ro(KLEND_PROGRAM), ro(KAMINO_SCOPE_PRICES)],
    data: DISC.refreshReserve,
  };
}

export const kaminoAdapter: VenueAdapter = {
  venueId: kamino.id,
  onchainInterface: `${ids.program} refreshReserve + depositReserveLiquidity(liquidityAmount: u64) / redeemReserveCollateral(collateralAmount: u64) on reserve ${ids.usdcReserve}`,
  deposit: async ({ owner, amountMicros }) => {
    const { a, ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner);
    const createCollateralAta = getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(ownerAddr),
      ata: userCollateral,
      owner: ownerAddr,
      mint: a.collateralMint,
    });
    const refresh = refreshReserve(a);
    const data = u64Instruction(DISC.depositReserveLiquidity, amountMicros);
    const deposit: Instruction = {
      programAddress: KLEND_PROGRAM,
      accounts: [
        { address: ownerAddr, role: AccountRole.READONLY_SIGNER },
        w(a.reserve),
        ro(a.market),
        ro(a.marketAuthority),
        ro(a.mint),
        w(a.liquiditySupply),
        w(a.collateralMint),
        w(userUsdc),
        w(userCollateral),
        ro(TOKEN_PROGRAM_ADDRESS),
        ro(TOKEN_PROGRAM_ADDRESS),
        ro(SYSVAR_INSTRUCTIONS),
      ],
      data,
    };
    return [
      {
        chain: "svm-chain",
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to Kamino Lend's main-market USDC reserve and receive cUSDC in the owner's token account`,
        encoding: "solana-v0-message-base64",
        payload: await solanaPayload(owner, [createCollateralAta, refresh, deposit]),
      },
    ];
  },
  withdraw: async ({ owner, amountMicros }) => {
    const index = await venueRate(kamino.id);
    const collateral = kaminoCollateralFor(amountMicros, index);
    const { a, ownerAddr, userUsdc, userCollateral } = await ownerAccounts(owner);
    // The owner's cUSDC across its token accounts of the collateral mint (the redeem spends the associated one).
    const held = await readForPlan("The owner's cUSDC balance", (signal) => solanaTokenBalance(owner, a.collateralMint, signal));
    requireShares("cUSDC", collateral, held, (held * index) >> 60n);
    const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(ownerAddr), ata: userUsdc, owner: ownerAddr, mint: a.mint });
    const data = u64Instruction(DISC.redeemReserveCollateral, collateral);
    const redeem: Instruction = {
      programAddress: KLEND_PROGRAM,
      accounts: [
        { address: ownerAddr, role: AccountRole.READONLY_SIGNER },
        ro(a.market),
        w(a.reserve),
        ro(a.marketAuthority),
        ro(a.mint),
        w(a.collateralMint),
        w(a.liquiditySupply),
        w(userCollateral),
        w(userUsdc),
        ro(TOKEN_PROGRAM_ADDRESS),
        ro(TOKEN_PROGRAM_ADDRESS),
        ro(SYSVAR_INSTRUCTIONS),
      ],
      data,
    };
    return [
      {
        chain: "svm-chain",
        kind: "withdraw",
        description: `Redeem ${collateral} cUSDC from Kamino Lend's main-market USDC reserve for at least ${amountMicros} micro-USDC at the reserve's rate now`,
        encoding: "solana-v0-message-base64",
        payload: await solanaPayload(owner, [createUsdcAta, refreshReserve(a), redeem]),
      },
    ];
  },
};
