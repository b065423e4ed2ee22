// marginfi's USDC bank id proven by the chain's own relationships (issue 24): the plan is built only on a Bank of the
// production group whose mint is USDC. The local chain holds the Bank in the SDK's own layout (encoded by the Anchor
// coder with the IDL @mrgnlabs/marginfi-client-v2 6.4.2 ships: testing/chains/solana/venues/marginfi.ts); the program
// and groups come from the SDK's dist/configs.json ("production", and "alpha" for a real other group), USDC from
// lib/tokens.ts (Circle's). Another real-shaped bank (another group, another mint) put at another address and named by a
// descriptor copy, and another program's account at the pinned id, each block the plan naming the bank.
// The pinned bank is not in the SDK (it loads banks from chain): it comes from marginfi's own regression test of a
// mainnet production-group account (mrgnlabs/marginfi-v2 3031ba3b, programs/marginfi/tests/misc/regression.rs, kept
// verbatim in tests/fixtures/marginfi/), and the local chain holds the bank there, not at the registry's id: a registry
// naming the same account's other bank plans nothing (npm run test:mutations, marginfi-bank-sol).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { USDC } from "../../../lib/tokens";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { marginfiBank, setMarginfiBank } from "../../../testing/chains/solana/venues/marginfi";
import { SAVE } from "../../../testing/chains/solana/venues/save";
import { ourPlan, useLocalChain } from "../../../testing/oracle";
import { buildWithIds } from "../../../testing/swapped-ids";
import { forgetProvenIds } from "../shared/prove";
import { marginfiAdapterOf } from "./build";
import { marginfi } from "./descriptor";

const require = createRequire(import.meta.url);
const configs = require("@mrgnlabs/marginfi-client-v2/dist/configs.json") as { label: string; program: string; group: string }[];
const config = (label: string) => configs.find((c) => c.label === label) ?? { label, program: "", group: "" };
const PRODUCTION = config("production");
const ALPHA = config("alpha");
const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const ONE = 1n << 48n; // I80F48 1.0
const ORACLE = fixtureAddress("mfi-usdc-pyth-push");
const REGRESSION = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "marginfi", "regression.rs"), "utf8");
/** The first `assert_eq!(<field>, pubkey!("…"))` of the regression test (its account sample 1). */
const asserted = (field: string) => new RegExp(`assert_eq!\\(\\s*${field.replaceAll(".", "\\.")},\\s*pubkey!\\("([1-9A-HJ-NP-Za-km-z]{32,44})"\\)`).exec(REGRESSION)?.[1] ?? "";
const PINNED = asserted("balance_1.bank_pk");
const USDC_MINT = USDC["svm-chain"];

describe("marginfi: the USDC bank is proven a production-group bank of USDC before a plan is built", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    setMarginfiBank(rpc, PINNED, { group: PRODUCTION.group, mint: USDC_MINT, assetShareValue: ONE, oracle: ORACLE }, PRODUCTION.program);
    return rpc;
  });
  const blocked = (usdcBank: string, action: "deposit" | "withdraw" = "deposit") =>
    buildWithIds("marginfi", marginfiAdapterOf, { usdcBank }, action, { owner: OWNER, amountMicros: 1_000_000n });

  it("the registry's program and group are the SDK's production config; the pinned bank of that group and USDC builds", async () => {
    expect(ALPHA.group).not.toBe(PRODUCTION.group);
    expect([marginfi.onchain.program, marginfi.onchain.group, marginfi.onchain.usdcMint]).toEqual([PRODUCTION.program, PRODUCTION.group, USDC_MINT]);
    forgetProvenIds();
    expect(await ourPlan("marginfi", "deposit", OWNER, 1_000_000n)).toMatchObject({ ok: true });
  });

  it("the pinned bank is the USDC bank marginfi's own regression test reads (a production-group account's first balance)", () => {
    expect(asserted("account.group")).toBe(PRODUCTION.group);
    expect(PINNED).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(marginfi.onchain.usdcBank).toBe(PINNED);
  });

  it("a USDC bank of another group (the SDK's alpha group): deposit and withdraw blocked venue_state_unavailable, naming it", async () => {
    const other = fixtureAddress("mfi-usdc-bank-alpha-group");
    setMarginfiBank(rpc, other, { group: ALPHA.group, mint: USDC_MINT, assetShareValue: ONE, oracle: ORACLE }, PRODUCTION.program);
    for (const action of ["deposit", "withdraw"] as const) {
      expect(await blocked(other, action)).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`marginfi bank ${other} belongs to another marginfi group (${ALPHA.group}), not the production group ${PRODUCTION.group}`),
      });
    }
  });

  it("a production-group bank of another mint: blocked, naming the bank and its mint", async () => {
    const other = fixtureAddress("mfi-bank-other-mint");
    const otherMint = fixtureAddress("mfi-other-mint");
    setMarginfiBank(rpc, other, { group: PRODUCTION.group, mint: otherMint, assetShareValue: ONE, oracle: ORACLE }, PRODUCTION.program);
    expect(await blocked(other)).toMatchObject({
      code: "venue_state_unavailable",
      message: expect.stringContaining(`marginfi bank ${other}'s mint is ${otherMint}, not USDC ${USDC_MINT}`),
    });
  });

  it("another program's account at the pinned id (a Save-owned copy of the bank): refused, nothing built", async () => {
    const saved = rpc.solanaAccounts.get(PINNED);
    rpc.solanaAccounts.set(PINNED, { owner: SAVE, data: marginfiBank(PINNED, { group: PRODUCTION.group, mint: USDC_MINT, assetShareValue: ONE, oracle: ORACLE }) });
    try {
      expect(await blocked(PINNED)).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`${PINNED} is not owned by ${PRODUCTION.program} (its owner is ${SAVE})`) });
    } finally {
      if (saved) rpc.solanaAccounts.set(PINNED, saved);
    }
  });
});
