// Jupiter Lend's USDC lending id proven by the chain's own relationships (issue 24): the plan is built only on a Lending
// account of the lending program whose mint is USDC and fToken mint jlUSDC, at its PDA. The local chain holds the
// Lending account in the IDL's own field order (testing/chains/solana/venues/jupiter-lend.ts); the lending program is
// the IDL's `address` in @jup-ag/lend 0.0.107 (its getLendingProgram), the lending and jlUSDC are derived here from it
// (["f_token_mint", mint], ["lending", mint, fToken]), USDC from lib/tokens.ts (Circle's). Another mint's real-shaped
// lending at its own PDA, named by a descriptor copy, and another program's account at the pinned id, each block the
// plan naming the id.
import { address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { USDC } from "../../../lib/tokens";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { JUP_LENDING, JUP_LIQUIDITY, JUP_REWARDS, jupiterLendingAccount } from "../../../testing/chains/solana/venues/jupiter-lend";
import { SAVE } from "../../../testing/chains/solana/venues/save";
import { ourPlan, useLocalChain } from "../../../testing/oracle";
import { buildWithIds } from "../../../testing/swapped-ids";
import { forgetProvenIds } from "../shared/prove";
import { jupiterLendAdapterOf } from "./build";
import { jupiterLend } from "./descriptor";

const OWNER = "GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB";
const USDC_MINT = USDC["svm-chain"];
const utf8 = getUtf8Encoder();
const enc = getAddressEncoder();
const pda = async (program: string, seed: string, ...keys: string[]) =>
  (await getProgramDerivedAddress({ programAddress: address(program), seeds: [utf8.encode(seed), ...keys.map((k) => enc.encode(address(k)))] }))[0];

/** A mint's Lending account at its PDA, with the liquidity-layer accounts the SDK derives, and its supply position. */
async function serveLending(rpc: FakeRpc, mint: string, owner = JUP_LENDING): Promise<{ lending: string; fToken: string }> {
  const fToken = await pda(JUP_LENDING, "f_token_mint", mint);
  const lending = await pda(JUP_LENDING, "lending", mint, fToken);
  const position = await pda(JUP_LIQUIDITY, "user_supply_position", mint, lending);
  rpc.solanaAccounts.set(lending, {
    owner,
    data: jupiterLendingAccount({
      mint,
      fTokenMint: fToken,
      tokenExchangePrice: 1_050_000_000_000n,
      rewardsRateModel: await pda(JUP_REWARDS, "lending_rewards_rate_model", mint),
      tokenReservesLiquidity: await pda(JUP_LIQUIDITY, "reserve", mint),
      supplyPositionOnLiquidity: position,
    }),
  });
  rpc.solanaAccounts.set(position, { owner: JUP_LIQUIDITY, data: new Uint8Array(64) });
  return { lending, fToken };
}

describe("Jupiter Lend: the USDC lending is proven the lending program's USDC lending before a plan is built", () => {
  let rpc: FakeRpc;
  let usdc: { lending: string; fToken: string };
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    usdc = await serveLending(rpc, USDC_MINT);
    return rpc;
  });
  const blocked = (onchain: Record<string, string>, action: "deposit" | "withdraw" = "deposit") =>
    buildWithIds("jupiter-lend", jupiterLendAdapterOf, onchain, action, { owner: OWNER, amountMicros: 1_000_000n });

  it("the registry's lending and jlUSDC are the SDK program's PDAs for USDC; the pinned lending builds", async () => {
    expect([jupiterLend.onchain.lendingProgram, jupiterLend.onchain.usdcLending, jupiterLend.onchain.jlUsdcMint, jupiterLend.onchain.usdcMint]).toEqual([JUP_LENDING, usdc.lending, usdc.fToken, USDC_MINT]);
    forgetProvenIds();
    expect(await ourPlan("jupiter-lend", "deposit", OWNER, 1_000_000n)).toMatchObject({ ok: true });
  });

  it("another mint's lending (at its own PDA): deposit and withdraw blocked venue_state_unavailable, naming it", async () => {
    const otherMint = fixtureAddress("jup-other-mint");
    const other = await serveLending(rpc, otherMint);
    for (const action of ["deposit", "withdraw"] as const) {
      expect(await blocked({ usdcLending: other.lending }, action)).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`Jupiter Lend lending ${other.lending}'s mint is ${otherMint}, not USDC ${USDC_MINT}`),
      });
    }
    // Both ids swapped for the other mint's pair: the lending's own mint still gives it away.
    expect(await blocked({ usdcLending: other.lending, jlUsdcMint: other.fToken })).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`jlUSDC ${other.fToken} is not the ["f_token_mint", USDC] account`) });
  });

  it("another program's account at the pinned id (a Save-owned copy of the lending): refused, nothing built", async () => {
    const saved = rpc.solanaAccounts.get(usdc.lending);
    await serveLending(rpc, USDC_MINT, SAVE);
    try {
      expect(await blocked({})).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`${usdc.lending} is not owned by ${JUP_LENDING} (its owner is ${SAVE})`) });
    } finally {
      if (saved) rpc.solanaAccounts.set(usdc.lending, saved);
    }
  });
});
