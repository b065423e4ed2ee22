// Save's USDC reserve id proven by the chain's own relationships (issue 24): the plan is built only on a Reserve of
// the main lending market whose liquidity mint is USDC. The local chain holds the Reserve encoded by the SDK's own
// ReserveLayout (@solendprotocol/solend-sdk 0.14.27, testing/chains/solana/venues/save.ts); the program and the main
// market come from the SDK's core/constants.js (SOLEND_PRODUCTION_PROGRAM_ID, MAIN_POOL_ADDRESS), USDC from
// lib/tokens.ts (Circle's). Another real-shaped reserve (another market, another mint) put at another address and named
// by a descriptor copy, and another program's account at the pinned id, each block the plan naming the reserve; the
// harvest reader refuses a reserve of another market too.
// The pinned reserve is not in the SDK (it fetches api.save.finance): it comes from Save's own CLI scripts
// (solendprotocol/solana-program-library 9ffd16dd token-lending/cli/scripts/withdraw.sh, kept verbatim in
// tests/fixtures/save/), and the local chain holds the reserve there, not at the registry's id: a registry naming the
// same script's USDT reserve plans nothing (npm run test:mutations, save-reserve-usdt).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { USDC } from "../../../lib/tokens";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { KLEND } from "../../../testing/chains/solana/venues/kamino";
import { SAVE, SAVE_MAIN_MARKET, saveFixture, saveReserveAccount } from "../../../testing/chains/solana/venues/save";
import { ourPlan, useLocalChain } from "../../../testing/oracle";
import { buildWithIds } from "../../../testing/swapped-ids";
import { forgetProvenIds } from "../shared/prove";
import { saveAdapterOf } from "./build";
import { save } from "./descriptor";
import { saveReader } from "./read";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const SCRIPT = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "save", "withdraw.sh"), "utf8");
/** A `NAME=<address>` line of the script. */
const scripted = (name: string) => new RegExp(`^${name}=([1-9A-HJ-NP-Za-km-z]{32,44})$`, "m").exec(SCRIPT)?.[1] ?? "";
const PINNED = scripted("USDC_RESERVE");
const USDC_MINT = USDC["svm-chain"];
const reserve = (lendingMarket: string, liquidityMint: string) => saveReserveAccount(saveFixture({ lendingMarket, liquidityMint }));

describe("Save: the USDC reserve is proven the main market's USDC reserve before a plan is built", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    rpc.solanaAccounts.set(PINNED, { owner: SAVE, data: reserve(SAVE_MAIN_MARKET, USDC_MINT) });
    return rpc;
  });
  const blocked = (usdcReserve: string, action: "deposit" | "withdraw" = "deposit") =>
    buildWithIds("save", saveAdapterOf, { usdcReserve }, action, { owner: OWNER, amountMicros: 1_000_000n });

  it("the registry's program and market are the SDK's; the pinned reserve of that market and USDC builds", async () => {
    expect([save.onchain.program, save.onchain.mainMarket, save.onchain.usdcMint]).toEqual([SAVE, SAVE_MAIN_MARKET, USDC_MINT]);
    forgetProvenIds();
    expect(await ourPlan("save", "deposit", OWNER, 1_000_000n)).toMatchObject({ ok: true });
  });

  it("the pinned reserve is the USDC reserve Save's own scripts name", () => {
    expect(PINNED).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(save.onchain.usdcReserve).toBe(PINNED);
  });

  it("a USDC reserve of another lending market: deposit and withdraw blocked venue_state_unavailable, naming it", async () => {
    const other = fixtureAddress("save-usdc-reserve-other-market");
    const otherMarket = fixtureAddress("save-other-market");
    rpc.solanaAccounts.set(other, { owner: SAVE, data: reserve(otherMarket, USDC_MINT) });
    for (const action of ["deposit", "withdraw"] as const) {
      expect(await blocked(other, action)).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`Save reserve ${other} belongs to another lending market (${otherMarket}) than Save's main market ${SAVE_MAIN_MARKET}`),
      });
    }
  });

  it("a main-market reserve of another mint (the script's USDT reserve): blocked, naming the reserve and its mint", async () => {
    const other = scripted("USDT_RESERVE");
    expect(other).not.toBe("");
    const otherMint = fixtureAddress("save-other-mint");
    rpc.solanaAccounts.set(other, { owner: SAVE, data: reserve(SAVE_MAIN_MARKET, otherMint) });
    expect(await blocked(other)).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`Save reserve ${other}'s liquidity mint is ${otherMint}, not USDC ${USDC_MINT}`) });
  });

  it("another program's account at the pinned id (a klend-owned copy): refused by the builder and the harvest reader", async () => {
    const saved = rpc.solanaAccounts.get(PINNED);
    rpc.solanaAccounts.set(PINNED, { owner: KLEND, data: reserve(SAVE_MAIN_MARKET, USDC_MINT) });
    try {
      expect(await blocked(PINNED)).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`${PINNED} is not owned by ${SAVE} (its owner is ${KLEND})`) });
      await expect(saveReader.readIndex(AbortSignal.timeout(5000))).rejects.toThrow(/not owned by/);
      rpc.solanaAccounts.set(PINNED, { owner: SAVE, data: reserve(fixtureAddress("save-other-market"), USDC_MINT) });
      await expect(saveReader.readIndex(AbortSignal.timeout(5000))).rejects.toThrow(`Save reserve ${PINNED} belongs to another lending market`);
    } finally {
      if (saved) rpc.solanaAccounts.set(PINNED, saved);
    }
  });
});
