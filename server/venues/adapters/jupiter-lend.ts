// Jupiter Lend Earn (Solana): deposit = `deposit(assets: u64)` on the lending program (Anchor, 17 accounts in the order
// of Jupiter's lend SDK getDepositIx: signer, depositor USDC account, recipient jlUSDC account, mint, lending admin,
// lending, jlUSDC mint, the liquidity layer's token reserve and the lending's supply position on it, rate model, vault,
// liquidity, liquidity program, rewards rate model, token, associated-token and system programs).
// Nothing of the liquidity layer is assumed: when the plan is built the USDC Lending account is read (its rewards rate
// model, token reserve and supply position), the liquidity program is the owner of that supply position account, and
// the reserve and position stored in the lending must equal that program's PDAs ["reserve", mint] and
// ["user_supply_position", mint, lending]; rate model ["rate_model", mint], liquidity ["liquidity"] and the vault (the
// liquidity PDA's USDC associated account) are then derived from it. jlUSDC and the lending are the pinned PDAs
// ["f_token_mint", USDC] and ["lending", USDC, jlUSDC] of the lending program (checked in the unit test).
// Withdraw is not built: it also needs the liquidity layer's claim account, whose derivation is not confirmed.
import { AccountRole, type Address, address, createNoopSigner, type Instruction } from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { solanaRpc } from "../../chains/clients";
import { solanaPayload } from "../../chains/solana";
import { jupiterLend } from "../jupiter-lend";
import { JUPITER_LENDING_OFFSETS as O, readUsdcLending } from "../readers/jupiter-lend";
import { pubkeyAt } from "../readers/solana";
import { pdaOf, ro, u64Instruction, w } from "./anchor";
import { readForPlan } from "./plan-reads";
import type { VenueAdapter } from "./types";

const ids = jupiterLend.onchain as Record<"lendingProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
export const JUP_LENDING_PROGRAM = address(ids.lendingProgram);
/** sha256("global:deposit")[0..8]. */
export const JUP_DEPOSIT_DISCRIMINATOR = Uint8Array.from([242, 35, 198, 137, 82, 225, 242, 182]);

export interface JupiterLendState {
  liquidityProgram: Address;
  tokenReservesLiquidity: Address;
  supplyPosition: Address;
  rewardsRateModel: Address;
}

/** The liquidity-layer accounts of the USDC lending, read from chain and checked against their PDAs. */
export async function readJupiterLendState(signal: AbortSignal): Promise<JupiterLendState> {
  const data = await readUsdcLending(signal, O.withAccountsLength);
  const tokenReservesLiquidity = address(pubkeyAt(data, O.tokenReservesLiquidity));
  const supplyPosition = address(pubkeyAt(data, O.supplyPositionOnLiquidity));
  const pos = await solanaRpc().getAccountInfo(supplyPosition, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  if (!pos.value) throw new Error("the lending's supply position account does not exist");
  const liquidityProgram = address(pos.value.owner);
  const mint = address(ids.usdcMint);
  if ((await pdaOf(liquidityProgram, "reserve", mint)) !== tokenReservesLiquidity) {
    throw new Error(`the lending's token reserve is not the ["reserve", USDC] account of ${liquidityProgram}`);
  }
  if ((await pdaOf(liquidityProgram, "user_supply_position", mint, address(ids.usdcLending))) !== supplyPosition) {
    throw new Error(`the lending's supply position is not the ["user_supply_position", USDC, lending] account of ${liquidityProgram}`);
  }
  return { liquidityProgram, tokenReservesLiquidity, supplyPosition, rewardsRateModel: address(pubkeyAt(data, O.rewardsRateModel)) };
}

const lendState = () => readForPlan("Jupiter Lend's USDC lending (its liquidity-layer accounts, checked against their PDAs)", readJupiterLendState);

export const jupiterLendAdapter: VenueAdapter = {
  venueId: jupiterLend.id,
  onchainInterface: `${ids.lendingProgram} deposit(assets: u64) into the USDC lending ${ids.usdcLending} (jlUSDC ${ids.jlUsdcMint})`,
  deposit: async ({ owner, amountMicros }) => {
    const s = await lendState();
    const ownerAddr = address(owner);
    const mint = address(ids.usdcMint);
    const fTokenMint = address(ids.jlUsdcMint);
    const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [userJl] = await findAssociatedTokenPda({ owner: ownerAddr, mint: fTokenMint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const liquidity = await pdaOf(s.liquidityProgram, "liquidity");
    const [vault] = await findAssociatedTokenPda({ owner: liquidity, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const createJlAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(ownerAddr), ata: userJl, owner: ownerAddr, mint: fTokenMint });
    const deposit: Instruction = {
      programAddress: JUP_LENDING_PROGRAM,
      accounts: [
        { address: ownerAddr, role: AccountRole.WRITABLE_SIGNER },
        w(userUsdc),
        w(userJl),
        ro(mint),
        ro(await pdaOf(JUP_LENDING_PROGRAM, "lending_admin")),
        w(address(ids.usdcLending)),
        w(fTokenMint),
        w(s.tokenReservesLiquidity),
        w(s.supplyPosition),
        ro(await pdaOf(s.liquidityProgram, "rate_model", mint)),
        w(vault),
        w(liquidity),
        ro(s.liquidityProgram),
        ro(s.rewardsRateModel),
        ro(TOKEN_PROGRAM_ADDRESS),
        ro(ASSOCIATED_TOKEN_PROGRAM_ADDRESS),
        ro(SYSTEM_PROGRAM_ADDRESS),
      ],
      data: u64Instruction(JUP_DEPOSIT_DISCRIMINATOR, amountMicros),
    };
    return [
      {
        chain: "svm-chain",
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to Jupiter Lend Earn (USDC lending) and receive jlUSDC in the owner's token account`,
        encoding: "solana-v0-message-base64",
        payload: await solanaPayload(owner, [createJlAta, deposit]),
      },
    ];
  },
  notBuilt: {
    withdraw: "Jupiter Lend's withdraw also needs the liquidity layer's claim account, whose derivation is not confirmed yet.",
  },
};
