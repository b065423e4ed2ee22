// A Jupiter Lend Earn position's worth now, from the chain (issue 23 item 5): the owner's jlUSDC on the local chain times
// the USDC lending's token_exchange_price / 1e12 (the Lending account in the IDL's field order,
// testing/chains/solana/venues/jupiter-lend.ts), floored as a withdraw takes it. Never the ledger's figure: an owner
// without jlUSDC is worth 0, an unreadable RPC or a lending that is not the cited one answers a reason.
import { address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { JUP_LENDING, JUP_LIQUIDITY, JUP_REWARDS, jupiterLendingAccount } from "../../../testing/chains/solana/venues/jupiter-lend";
import { SAVE } from "../../../testing/chains/solana/venues/save";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { jupiterLend } from "./descriptor";

const OWNER = "GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB";
const OTHER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const ids = jupiterLend.onchain as Record<"lendingProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
const utf8 = getUtf8Encoder();
const enc = getAddressEncoder();
const pda = async (program: string, seed: string, ...keys: string[]) =>
  (await getProgramDerivedAddress({ programAddress: address(program), seeds: [utf8.encode(seed), ...keys.map((k) => enc.encode(address(k)))] }))[0];

/** The USDC lending at the registry's id (as `mint`'s lending, owned by `owner`), its supply position, at `price` (1e12 scale). */
async function serveLending(rpc: FakeRpc, price: bigint, over: { mint?: string; owner?: string } = {}): Promise<void> {
  const mint = ids.usdcMint;
  const position = await pda(JUP_LIQUIDITY, "user_supply_position", mint, ids.usdcLending);
  rpc.solanaAccounts.set(ids.usdcLending, {
    owner: over.owner ?? JUP_LENDING,
    data: jupiterLendingAccount({
      mint: over.mint ?? mint,
      fTokenMint: ids.jlUsdcMint,
      tokenExchangePrice: price,
      rewardsRateModel: await pda(JUP_REWARDS, "lending_rewards_rate_model", mint),
      tokenReservesLiquidity: await pda(JUP_LIQUIDITY, "reserve", mint),
      supplyPositionOnLiquidity: position,
    }),
  });
  rpc.solanaAccounts.set(position, { owner: JUP_LIQUIDITY, data: new Uint8Array(64) });
}

describe("Jupiter Lend: a position's current worth is the owner's jlUSDC × the lending's token exchange price", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeEach(async () => {
    forgetWorth();
    rpc.failing.clear();
    for (const w of [OWNER, OTHER]) rpc.set(w, ids.jlUsdcMint, 0n);
    await serveLending(rpc, 1_050_000_000_000n); // 1.05 USDC per jlUSDC
  });

  it("40 jlUSDC at 1.05 are worth 42 USDC, with the chain named as the source and the time read", async () => {
    rpc.set(OWNER, ids.jlUsdcMint, 40_000_000n);
    const w = await readPositionWorth(jupiterLend.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 42_000_000n, source: expect.stringContaining("chain:svm-chain Jupiter Lend jlUSDC balance") });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the price moves the worth, floored to the micro as a withdraw takes it", async () => {
    rpc.set(OWNER, ids.jlUsdcMint, 3n);
    // 3 × 1.333333333333 = 3.999999999999 → 3 micro-USDC.
    await serveLending(rpc, 1_333_333_333_333n);
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: true, micros: 3n });
    rpc.set(OWNER, ids.jlUsdcMint, 40_000_000n);
    await serveLending(rpc, 1_100_000_000_000n);
    forgetWorth();
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: true, micros: 44_000_000n });
  });

  it("an owner holding no jlUSDC is worth 0 on chain whatever another wallet holds", async () => {
    rpc.set(OTHER, ids.jlUsdcMint, 40_000_000n);
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(jupiterLend.id, OTHER)).toMatchObject({ ok: true, micros: 42_000_000n });
  });

  it("an unreadable RPC answers the reason, never a number", async () => {
    rpc.set(OWNER, ids.jlUsdcMint, 40_000_000n);
    for (const method of ["getAccountInfo", "getTokenAccountsByOwner"]) {
      rpc.failing.clear();
      rpc.failing.add(method);
      forgetWorth();
      expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("Jupiter Lend jlUSDC balance × token_exchange_price: the chain's RPC read failed") });
    }
    rpc.failing.clear();
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: true, micros: 42_000_000n });
  });

  it("a lending at the cited id that is not the USDC lending of the lending program answers a reason naming it", async () => {
    rpc.set(OWNER, ids.jlUsdcMint, 40_000_000n);
    const otherMint = fixtureAddress("jup-worth-other-mint");
    await serveLending(rpc, 1_050_000_000_000n, { mint: otherMint });
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`Jupiter Lend lending ${ids.usdcLending}'s mint is ${otherMint}, not USDC ${ids.usdcMint}`) });
    await serveLending(rpc, 1_050_000_000_000n, { owner: SAVE });
    forgetWorth();
    expect(await readPositionWorth(jupiterLend.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`${ids.usdcLending} is not owned by ${JUP_LENDING} (its owner is ${SAVE})`) });
  });
});
