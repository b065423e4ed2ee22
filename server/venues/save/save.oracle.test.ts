// Save (Solend): our deposit and withdraw instructions against the protocol's own SDK (@solendprotocol/solend-sdk
// 0.14.27), both built from the same reserve account served by the local Solana RPC. The SDK reads the reserve through
// its own web3.js Connection and parseReserve, derives the market authority and the owner's token accounts its way
// (findProgramAddressSync, spl-token getAssociatedTokenAddressSync), and builds each instruction with its own builder;
// program id, account metas (address, signer, writable, in order) and data must be equal.
import { createRequire } from "node:module";
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { saveCollateralFor, saveLiquidityFor } from "./build";
import { save } from "./descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { SolendBN, SolendPublicKey, saveFixture, setSaveUsdc } from "../../../testing/chains/solana/venues/save";
import { expectSameAs, fromWeb3Instruction as fromSdk, ourInstructions, ourPlan, useLocalChain, type Web3Instruction } from "../../../testing/oracle";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const WAD = 10n ** 18n;

// ---- the SDK, loaded from its own folder (web3.js 1.92.3 and spl-token 0.3.11 nested under it) ----
interface Key {
  toBase58(): string;
  toBuffer(): Buffer;
}
type SdkIx = Web3Instruction;
interface SdkReserve {
  info: {
    lendingMarket: Key;
    liquidity: { mintPubkey: Key; supplyPubkey: Key; pythOracle: Key; switchboardOracle: Key };
    collateral: { mintPubkey: Key };
    config: { extraOracle?: Key };
  };
}
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@solendprotocol/solend-sdk"));
// One file per instruction (the package index also loads oracle clients whose old web3.js copy does not load here).
const sdk = {
  ...(sdkRequire("./instructions/depositReserveLiquidity") as {
    depositReserveLiquidityInstruction: (amount: unknown, src: Key, dst: Key, reserve: Key, supply: Key, cMint: Key, market: Key, authority: Key, owner: Key, program: Key) => SdkIx;
  }),
  ...(sdkRequire("./instructions/redeemReserveCollateral") as {
    redeemReserveCollateralInstruction: (amount: unknown, src: Key, dst: Key, reserve: Key, cMint: Key, supply: Key, market: Key, authority: Key, owner: Key, program: Key) => SdkIx;
  }),
  ...(sdkRequire("./instructions/refreshReserve") as { refreshReserveInstruction: (reserve: Key, program: Key, oracle: Key, switchboard?: Key, extra?: Key) => SdkIx }),
};
const { parseReserve } = sdkRequire("./state/reserve") as { parseReserve: (pk: Key, info: unknown) => SdkReserve };
const { SOLEND_PRODUCTION_PROGRAM_ID, MAIN_POOL_ADDRESS, NULL_ORACLE } = sdkRequire("./core/constants") as Record<"SOLEND_PRODUCTION_PROGRAM_ID" | "MAIN_POOL_ADDRESS" | "NULL_ORACLE", Key>;
const web3 = sdkRequire("@solana/web3.js") as {
  Connection: new (url: string, commitment: string) => { getAccountInfo(k: Key): Promise<unknown> };
  PublicKey: { findProgramAddressSync(seeds: Buffer[], program: Key): [Key, number] };
};
const splToken = sdkRequire("@solana/spl-token") as {
  getAssociatedTokenAddressSync: (mint: Key, owner: Key, allowOffCurve?: boolean) => Key;
  createAssociatedTokenAccountIdempotentInstruction: (payer: Key, ata: Key, owner: Key, mint: Key) => SdkIx;
};

async function ours(action: "deposit" | "withdraw", amountMicros: bigint) {
  const { instructions: ixs, payload } = await ourInstructions("save", action, OWNER, amountMicros);
  return { ixs, payload };
}

/** What the SDK builds from the reserve it reads itself from the local RPC. */
async function theSdks(rpcUrl: string) {
  const reservePk = new SolendPublicKey(save.onchain.usdcReserve ?? "");
  const info = await new web3.Connection(rpcUrl, "confirmed").getAccountInfo(reservePk);
  const r = parseReserve(reservePk, info).info;
  const owner = new SolendPublicKey(OWNER);
  const [authority] = web3.PublicKey.findProgramAddressSync([r.lendingMarket.toBuffer()], SOLEND_PRODUCTION_PROGRAM_ID);
  const userUsdc = splToken.getAssociatedTokenAddressSync(r.liquidity.mintPubkey, owner, true);
  const userC = splToken.getAssociatedTokenAddressSync(r.collateral.mintPubkey, owner, true);
  return {
    r,
    deposit: (amount: bigint) => [
      splToken.createAssociatedTokenAccountIdempotentInstruction(owner, userC, owner, r.collateral.mintPubkey),
      sdk.depositReserveLiquidityInstruction(new SolendBN(amount.toString()), userUsdc, userC, reservePk, r.liquidity.supplyPubkey, r.collateral.mintPubkey, r.lendingMarket, authority, owner, SOLEND_PRODUCTION_PROGRAM_ID),
    ].map(fromSdk),
    withdraw: (collateral: bigint) => [
      splToken.createAssociatedTokenAccountIdempotentInstruction(owner, userUsdc, owner, r.liquidity.mintPubkey),
      // SolendActionCore.addRefreshReservesIxs(true) builds it so (refreshReserveInstruction with pyth, switchboard, extra).
      sdk.refreshReserveInstruction(reservePk, SOLEND_PRODUCTION_PROGRAM_ID, r.liquidity.pythOracle, r.liquidity.switchboardOracle, r.config.extraOracle),
      sdk.redeemReserveCollateralInstruction(new SolendBN(collateral.toString()), userC, userUsdc, reservePk, r.collateral.mintPubkey, r.liquidity.supplyPubkey, r.lendingMarket, authority, owner, SOLEND_PRODUCTION_PROGRAM_ID),
    ].map(fromSdk),
  };
}

describe("Save (Solend) builders agree with @solendprotocol/solend-sdk on the same chain state", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => (rpc = await startFakeRpc()));

  it("the registry's program and market are the SDK's", () => {
    expect(save.onchain.program).toBe(SOLEND_PRODUCTION_PROGRAM_ID.toBase58());
    expect(save.onchain.mainMarket).toBe(MAIN_POOL_ADDRESS.toBase58());
  });

  it("deposit: create the owner's cUSDC account, then depositReserveLiquidity — equal to the SDK's, account for account", async () => {
    setSaveUsdc(rpc, saveFixture());
    const { ixs, payload } = await ours("deposit", 2_500_000n);
    const theirs = await theSdks(rpc.url);
    expectSameAs("depositReserveLiquidityInstruction (with the cUSDC account)", ixs, theirs.deposit(2_500_000n));
    // The owner is the fee payer and the only signer of the compiled message.
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(payload.transaction));
    expect(Object.keys(wire.signatures)).toEqual([OWNER]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    expect(msg.header.numSignerAccounts).toBe(1);
    // Accounts from the reserve itself, not from a list of ours.
    expect(ixs[1]?.accounts[3]?.address).toBe(fixtureAddress("save-liquidity-supply"));
    expect(ixs[1]?.accounts[4]?.address).toBe(fixtureAddress("save-collateral-mint"));
  });

  it("withdraw: USDC account, refreshReserve (pyth, switchboard, extra oracle), redeemReserveCollateral — equal to the SDK's", async () => {
    // 3,000 USDC + 500 borrowed − 100 fees = 3,400 USDC for 2,000 cUSDC: 1.7 USDC per cUSDC; with an extra oracle.
    setSaveUsdc(rpc, saveFixture({ borrowedWads: 500_000_000n * WAD, protocolFeesWads: 100_000_000n * WAD, extraOracle: fixtureAddress("save-extra") }));
    rpc.set(OWNER, fixtureAddress("save-collateral-mint"), 10_000_000n);
    const { ixs } = await ours("withdraw", 2_000_000n);
    const collateral = BigInt(`0x${Buffer.from(ixs[2]?.data ?? "", "hex").subarray(1).reverse().toString("hex")}`);
    // The program's math (reserve.rs): rate = supply·WAD·WAD / total_wads; pays floor(c·WAD / rate).
    const rate = (2_000_000_000n * WAD * WAD) / (3_400_000_000n * WAD);
    expect((collateral * WAD) / rate).toBeGreaterThanOrEqual(2_000_000n);
    expect(((collateral - 1n) * WAD) / rate).toBeLessThan(2_000_000n);
    expect(collateral).toBe(saveCollateralFor(2_000_000n, rate));
    const theirs = await theSdks(rpc.url);
    expect(theirs.r.config.extraOracle?.toBase58()).toBe(fixtureAddress("save-extra"));
    expectSameAs("refreshReserveInstruction + redeemReserveCollateralInstruction", ixs, theirs.withdraw(collateral));
  });

  it("withdraw without an extra oracle passes only pyth and switchboard, as the SDK does", async () => {
    setSaveUsdc(rpc, saveFixture());
    const { ixs } = await ours("withdraw", 1_000_000n);
    const theirs = await theSdks(rpc.url);
    // parseReserve gives the zero key for "none"; the SDK's action passes it only when set, so compare with none.
    expect(theirs.r.config.extraOracle?.toBase58()).toBe(new SolendPublicKey(new Uint8Array(32)).toBase58());
    const collateral = saveCollateralFor(1_000_000n, (2_000_000_000n * WAD * WAD) / (3_000_000_000n * WAD));
    const expected = theirs.withdraw(collateral);
    const refresh = sdk.refreshReserveInstruction(
      new SolendPublicKey(save.onchain.usdcReserve ?? ""),
      SOLEND_PRODUCTION_PROGRAM_ID,
      theirs.r.liquidity.pythOracle,
      theirs.r.liquidity.switchboardOracle,
    );
    expectSameAs("refreshReserveInstruction (no extra oracle) + redeemReserveCollateralInstruction", ixs, [expected[0], fromSdk(refresh), expected[2]]);
    expect(ixs[1]?.accounts).toHaveLength(3);
    expect(NULL_ORACLE.toBase58()).not.toBe(fixtureAddress("save-pyth"));
  });

  it("never redeems more cUSDC than the owner holds, and says what they are worth", async () => {
    setSaveUsdc(rpc, saveFixture());
    const rate = (2_000_000_000n * WAD * WAD) / (3_000_000_000n * WAD); // 1.5 USDC per cUSDC
    const need = saveCollateralFor(3_000_000n, rate);
    expect(need).toBe(2_000_000n);
    rpc.set(OWNER, fixtureAddress("save-collateral-mint"), need - 1n);
    const short = await ourPlan("save", "withdraw", OWNER, 3_000_000n);
    expect(short).toMatchObject({
      ok: false,
      blocker: { code: "insufficient_balance", message: expect.stringContaining(`holds 1999999, worth ${saveLiquidityFor(need - 1n, rate)} micro-USDC`) },
    });
    rpc.set(OWNER, fixtureAddress("save-collateral-mint"), need);
    expect(await ourPlan("save", "withdraw", OWNER, 3_000_000n)).toMatchObject({ ok: true });
  });

  it("a reserve of another market, of another mint, or owned by another program blocks the plan; nothing is built", async () => {
    const cases = [
      [saveFixture({ lendingMarket: fixtureAddress("other-market") }), save.onchain.program ?? "", "another lending market"],
      [saveFixture({ liquidityMint: fixtureAddress("other-mint") }), save.onchain.program ?? "", "not USDC"],
      [saveFixture(), fixtureAddress("other-program"), "not owned by"],
    ] as const;
    for (const [f, owner, words] of cases) {
      setSaveUsdc(rpc, f, owner);
      const r = await ourPlan("save", "deposit", OWNER, 1_000_000n);
      expect(r).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining(words) } });
    }
    rpc.solanaAccounts.delete(save.onchain.usdcReserve ?? "");
    const missing = await ourPlan("save", "deposit", OWNER, 1_000_000n);
    expect(missing).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
  });

  it("sizes cTokens so the floored payout covers the amount, and never one more than needed", () => {
    for (const [amount, rate] of [
      [1n, WAD - 1n],
      [2_000_000n, (2n * WAD * WAD) / (3n * WAD)],
      [987_654_321n, 812_345_678_901_234_567n],
      [10n ** 12n, 999_999_999_999_999_999n],
    ] as const) {
      const c = saveCollateralFor(amount, rate);
      expect(saveLiquidityFor(c, rate), `${amount} at ${rate}`).toBeGreaterThanOrEqual(amount);
      expect(saveLiquidityFor(c - 1n, rate), `${amount} at ${rate}`).toBeLessThan(amount);
    }
  });
});
