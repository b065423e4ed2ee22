// Jupiter Lend Earn: our deposit and withdraw instructions against Jupiter's own SDK (@jup-ag/lend 0.0.107,
// `@jup-ag/lend/earn` getDepositIx / getWithdrawIx: Anchor 0.31 with the lending IDL it ships, web3.js 1.x), both
// built from the same chain state served by the local Solana RPC. The SDK derives every account itself (its
// getDepositContext / getWithdrawContext, the claim account included) and reads the USDC mint's owner from the RPC for
// the token program; program id, account metas (address, signer, writable, in order) and data must be equal.
import { getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder, address as kitAddress } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { getDepositIx, getWithdrawIx } from "@jup-ag/lend/earn";
import { Connection, PublicKey } from "@solana/web3.js";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { jlUsdcFor, JUP_LIQUIDITY_PROGRAM, JUP_REWARDS_RATE_MODEL_PROGRAM } from "./build";
import { jupiterLend } from "./descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { jupiterLendingAccount } from "../../../testing/chains/solana/venues/jupiter-lend";
import { expectSameAs, fromWeb3Instruction as fromSdk, ourInstructions, ourPlan, useLocalChain, type Web3Instruction } from "../../../testing/oracle";

// An on-curve owner (Keypair.fromSeed(32 × 7)): the SDK derives the owner's token accounts with allowOffCurve = false.
const OWNER = "GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB";
const ids = jupiterLend.onchain as Record<"lendingProgram" | "liquidityProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
// bn.js (the SDK takes its BN; the package ships no types).
const BN = createRequire(import.meta.url)("bn.js") as new (v: string | number) => object;
const PRICE = 1_050_000_000_000n; // 1.05 USDC per jlUSDC (1e12 scale)

type SdkIx = Web3Instruction;

const utf8 = getUtf8Encoder();
const enc = getAddressEncoder();
const pda = async (program: string, seed: string, ...keys: string[]) =>
  (await getProgramDerivedAddress({ programAddress: kitAddress(program), seeds: [utf8.encode(seed), ...keys.map((k) => enc.encode(kitAddress(k)))] }))[0];

async function ours(action: "deposit" | "withdraw", amountMicros: bigint) {
  const { instructions: ixs, payload } = await ourInstructions("jupiter-lend", action, OWNER, amountMicros);
  return { ixs, payload };
}

/** The chain state: the USDC mint (owned by SPL Token), the USDC Lending account and its supply position. */
async function serveLending(rpc: FakeRpc, over: { supplyPosition?: string; rewardsRateModel?: string; positionOwner?: string } = {}) {
  const mint = ids.usdcMint;
  const position = over.supplyPosition ?? (await pda(ids.liquidityProgram, "user_supply_position", mint, ids.usdcLending));
  rpc.solanaAccounts.set(mint, { owner: TOKEN_PROGRAM_ADDRESS, data: new Uint8Array(82) });
  rpc.solanaAccounts.set(ids.usdcLending, {
    owner: ids.lendingProgram,
    data: jupiterLendingAccount({
      mint,
      fTokenMint: ids.jlUsdcMint,
      tokenExchangePrice: PRICE,
      rewardsRateModel: over.rewardsRateModel ?? (await pda(JUP_REWARDS_RATE_MODEL_PROGRAM, "lending_rewards_rate_model", mint)),
      tokenReservesLiquidity: await pda(ids.liquidityProgram, "reserve", mint),
      supplyPositionOnLiquidity: position,
    }),
  });
  rpc.solanaAccounts.set(position, { owner: over.positionOwner ?? ids.liquidityProgram, data: new Uint8Array(64) });
}

describe("Jupiter Lend builders agree with @jup-ag/lend on the same chain state", () => {
  let rpc: FakeRpc;
  let connection: Connection;
  const signer = new PublicKey(OWNER);
  const asset = new PublicKey(ids.usdcMint);
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    connection = new Connection(rpc.url, "confirmed");
    return rpc;
  });

  it("the registry's program ids and PDAs are the SDK's", async () => {
    await serveLending(rpc);
    const ix = (await getDepositIx({ amount: new BN(1), asset, signer, connection })) as unknown as SdkIx;
    expect(ix.programId.toBase58()).toBe(ids.lendingProgram);
    const names = fromSdk(ix).accounts.map((a) => a.address);
    expect(names[12]).toBe(JUP_LIQUIDITY_PROGRAM);
    expect(names[6]).toBe(ids.jlUsdcMint);
    expect(names[5]).toBe(ids.usdcLending);
  });

  it("deposit: jlUSDC account, then deposit(assets) — equal to the SDK's getDepositIx, account for account", async () => {
    await serveLending(rpc);
    const { ixs, payload } = await ours("deposit", 2_500_000n);
    const theirs = fromSdk((await getDepositIx({ amount: new BN("2500000"), asset, signer, connection })) as unknown as SdkIx);
    expect(ixs).toHaveLength(2);
    expectSameAs("getDepositIx", ixs[1], theirs);
    // The first instruction creates the owner's jlUSDC associated account (the SDK leaves that to the wallet).
    expect(ixs[0]?.program).toBe("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
    expect(ixs[0]?.accounts[1]?.address).toBe(theirs.accounts[2]?.address);
    expect(payload.feePayer).toBe(OWNER);
  });

  it("withdraw: USDC account, then withdraw(amount) with the claim account — equal to the SDK's getWithdrawIx", async () => {
    await serveLending(rpc);
    rpc.set(OWNER, ids.jlUsdcMint, 10_000_000n);
    const { ixs } = await ours("withdraw", 3_000_000n);
    const theirs = fromSdk((await getWithdrawIx({ amount: new BN("3000000"), asset, signer, connection })) as unknown as SdkIx);
    expect(ixs).toHaveLength(2);
    expectSameAs("getWithdrawIx", ixs[1], theirs);
    expect(theirs.accounts).toHaveLength(18);
    expect(ixs[0]?.program).toBe("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
    expect(ixs[0]?.accounts[1]?.address).toBe(theirs.accounts[2]?.address);
  });

  it("never withdraws more than the owner's jlUSDC is worth at the exchange price now, and says what it is worth", async () => {
    await serveLending(rpc);
    const need = jlUsdcFor(3_000_000n, PRICE); // ceil(3e6 / 1.05) = 2,857,143
    expect(need).toBe(2_857_143n);
    rpc.set(OWNER, ids.jlUsdcMint, need - 1n);
    const short = await ourPlan("jupiter-lend", "withdraw", OWNER, 3_000_000n);
    expect(short).toMatchObject({
      ok: false,
      blocker: { code: "insufficient_balance", message: expect.stringContaining(`holds ${need - 1n}, worth 2999999 micro-USDC`) },
    });
    rpc.set(OWNER, ids.jlUsdcMint, need);
    expect(await ourPlan("jupiter-lend", "withdraw", OWNER, 3_000_000n)).toMatchObject({ ok: true });
  });

  it("sizes jlUSDC so the payout at the price read covers the amount, and never one more than needed", () => {
    for (const [amount, price] of [
      [1n, 10n ** 12n],
      [3_000_000n, PRICE],
      [987_654_321n, 1_234_567_890_123n],
      [10n ** 12n, 10n ** 12n + 1n],
    ] as const) {
      const s = jlUsdcFor(amount, price);
      expect((s * price) / 10n ** 12n).toBeGreaterThanOrEqual(amount);
      expect(((s - 1n) * price) / 10n ** 12n).toBeLessThan(amount);
    }
  });

  it("a lending whose stored accounts are not the SDK's derivations blocks the plan; nothing is built", async () => {
    const other = await pda(ids.liquidityProgram, "user_supply_position", ids.usdcMint, OWNER);
    const cases = [
      [{ supplyPosition: other }, "user_supply_position"],
      [{ rewardsRateModel: OWNER }, "lending_rewards_rate_model"],
      [{ positionOwner: ids.lendingProgram }, "not the liquidity program"],
    ] as const;
    rpc.set(OWNER, ids.jlUsdcMint, 10_000_000n);
    for (const action of ["deposit", "withdraw"] as const) {
      for (const [over, words] of cases) {
        await serveLending(rpc, over);
        const r = await ourPlan("jupiter-lend", action, OWNER, 1_000_000n);
        expect(r, `${action} ${words}`).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining(words) } });
      }
    }
    rpc.solanaAccounts.delete(ids.usdcLending);
    expect(await ourPlan("jupiter-lend", "deposit", OWNER, 1_000_000n)).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
  });
});
