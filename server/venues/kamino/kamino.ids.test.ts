// Kamino's reserve id proven by the chain's own relationships (issue 24): the plan is built only on a klend Reserve of
// the main market whose liquidity mint is USDC. The local chain holds klend's real Reserve layout
// (testing/chains/solana/venues/kamino.ts, checked against the SDK's in kamino.oracle.test.ts); the program and the main
// market come from @kamino-finance/klend-sdk 8.0.2 (PROGRAM_ID; README.md "main market address"), USDC from
// lib/tokens.ts (Circle's). Another real-shaped reserve (another mint, another market) put at another address and named
// by a descriptor copy, and another program's account at the pinned id, each block the plan naming the id.
// The pinned reserve itself is not in the SDK: it comes from Kamino's own example of a USDC deposit into the main market
// (Kamino-Finance/klend-sdk examples at cf46535, kept verbatim in tests/fixtures/kamino/), and the local chain holds the
// reserve there, not at the registry's id: a registry naming another real reserve (the JLP market's USDC reserve) plans
// nothing (npm run test:mutations, kamino-reserve-jlp-market).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { USDC } from "../../../lib/tokens";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { kaminoReserveAccount } from "../../../testing/chains/solana/venues/kamino";
import { SAVE } from "../../../testing/chains/solana/venues/save";
import { ourPlan, useLocalChain } from "../../../testing/oracle";
import { buildWithIds } from "../../../testing/swapped-ids";
import { forgetProvenIds } from "../shared/prove";
import { kaminoAdapterOf } from "./build";
import { kamino } from "./descriptor";

const require = createRequire(import.meta.url);
const sdk = require("@kamino-finance/klend-sdk") as { PROGRAM_ID: string };
const readme = readFileSync(require.resolve("@kamino-finance/klend-sdk/README.md"), "utf8");
/** The SDK README's `KaminoMarket.load(connection, address("…") // main market address`. */
const MAIN_MARKET = /address\("([1-9A-HJ-NP-Za-km-z]{32,44})"\)\s*\/\/ main market address/.exec(readme)?.[1] ?? "";
const fixture = (file: string) => readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "kamino", file), "utf8");
/** Kamino's example deposit of USDC into the main market: `loadReserveData({ marketPubkey: MAIN_MARKET, mintPubkey: USDC_MINT })`. */
const EXAMPLE = fixture("example_deposit_in_obligation.ts.txt");
const CONSTANTS = fixture("constants.ts.txt");
/** An `export const NAME: Address = address('…')` of the examples' constants.ts. */
const constant = (name: string) => new RegExp(`export const ${name}: Address = address\\('([1-9A-HJ-NP-Za-km-z]{32,44})'\\)`).exec(CONSTANTS)?.[1] ?? "";
/** The reserve the example deposits into: its farm is refreshed around the deposit, `RefreshFarmForObligation[Collateral, res=…]`. */
const EXAMPLE_RESERVE = /RefreshFarmForObligation\[Collateral, res=([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(EXAMPLE)?.[1] ?? "";
const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const PINNED = EXAMPLE_RESERVE;
const USDC_MINT = USDC["svm-chain"];

const reserve = (lendingMarket: string, liquidityMint: string) =>
  kaminoReserveAccount({ lendingMarket, liquidityMint, available: 3_000_000_000n, borrowedSf: 0n, protocolFeesSf: 0n, referrerFeesSf: 0n, pendingReferrerFeesSf: 0n, collateralSupply: 2_000_000_000n });

describe("Kamino: the USDC reserve is proven the main market's USDC reserve before a plan is built", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    rpc.solanaAccounts.set(PINNED, { owner: sdk.PROGRAM_ID, data: reserve(MAIN_MARKET, USDC_MINT) });
    return rpc;
  });
  const blocked = (usdcReserve: string, action: "deposit" | "withdraw" = "deposit") =>
    buildWithIds("kamino", kaminoAdapterOf, { usdcReserve }, action, { owner: OWNER, amountMicros: 1_000_000n });

  it("the registry's ids are the SDK's; the pinned reserve, of that market and USDC, builds", async () => {
    expect(MAIN_MARKET).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect([kamino.onchain.program, kamino.onchain.mainMarket, kamino.onchain.usdcMint]).toEqual([sdk.PROGRAM_ID, MAIN_MARKET, USDC_MINT]);
    forgetProvenIds();
    expect(await ourPlan("kamino", "deposit", OWNER, 1_000_000n)).toMatchObject({ ok: true });
  });

  it("the pinned reserve is the one Kamino's own example deposits USDC into (main market, USDC mint)", () => {
    expect(EXAMPLE).toMatch(/marketPubkey: MAIN_MARKET,\s*mintPubkey: USDC_MINT,/);
    expect([constant("MAIN_MARKET"), constant("USDC_MINT")]).toEqual([MAIN_MARKET, USDC_MINT]);
    expect(EXAMPLE_RESERVE).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(kamino.onchain.usdcReserve).toBe(EXAMPLE_RESERVE);
  });

  it("a main-market reserve of another mint: deposit and withdraw blocked venue_state_unavailable, naming it", async () => {
    const other = fixtureAddress("kamino-reserve-other-mint");
    const otherMint = fixtureAddress("kamino-other-liquidity-mint");
    rpc.solanaAccounts.set(other, { owner: sdk.PROGRAM_ID, data: reserve(MAIN_MARKET, otherMint) });
    for (const action of ["deposit", "withdraw"] as const) {
      expect(await blocked(other, action)).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`Kamino reserve ${other}'s liquidity mint is ${otherMint}, not USDC ${USDC_MINT}`),
      });
    }
  });

  it("a USDC reserve of another market (Kamino's JLP market's, from the same examples): blocked, naming the reserve and its market", async () => {
    const other = constant("USDC_RESERVE_JLP_MARKET");
    const otherMarket = constant("JLP_MARKET");
    expect([other, otherMarket]).not.toContain("");
    rpc.solanaAccounts.set(other, { owner: sdk.PROGRAM_ID, data: reserve(otherMarket, USDC_MINT) });
    expect(await blocked(other)).toMatchObject({
      code: "venue_state_unavailable",
      message: expect.stringContaining(`Kamino reserve ${other} belongs to another lending market (${otherMarket}), not the main market ${MAIN_MARKET}`),
    });
  });

  it("another program's account at the pinned id (a Save-owned copy of the reserve): refused, nothing built", async () => {
    const saved = rpc.solanaAccounts.get(PINNED);
    rpc.solanaAccounts.set(PINNED, { owner: SAVE, data: reserve(MAIN_MARKET, USDC_MINT) });
    try {
      expect(await blocked(PINNED)).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`${PINNED} is not owned by ${sdk.PROGRAM_ID} (its owner is ${SAVE})`) });
    } finally {
      if (saved) rpc.solanaAccounts.set(PINNED, saved);
    }
  });
});
