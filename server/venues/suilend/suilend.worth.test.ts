// A Suilend position's worth now, from the chain (issue 23 item 5): the owner's USDC cTokens on the local Sui node times
// the main LendingMarket's USDC reserve cToken rate, floored as redeem_ctokens floors. The expected figure is also what
// Suilend's own SDK computes (@suilend/sdk 3.0.3 utils/simulate.js cTokenRatio, on the LendingMarket SuilendClient
// decodes from the same chain). Never the ledger's figure: an owner with no cTokens is worth 0, an unreadable RPC or a
// LendingMarket that is not the cited pool's answers a reason.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { normalizeStructTag } from "@mysten/sui/utils";
import { SuilendClient } from "@suilend/sdk/client";
import { cTokenRatio } from "@suilend/sdk/utils/simulate";
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import type { SuilendReserveState } from "../../../testing/chains/sui/venues/suilend";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { SUILEND_CTOKEN_TYPE } from "./build";
import { suilend } from "./descriptor";
import { lendingMarketBcs, MAIN_POOL, MARKET, ORIGINAL, RESERVES, USDC } from "./suilend-sdk.fixture";

const OWNER = `0x${"ab".repeat(32)}`;
const OTHER = `0x${"cd".repeat(32)}`;
const WHAT = "Suilend USDC cToken balance × LendingMarket USDC reserve cToken rate";

describe("Suilend: a position's current worth is the owner's cTokens × the USDC reserve's rate", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));

  /** The market with its USDC reserve (slot 1) as given, in the node's JSON and in the SDK's BCS. */
  const setUsdcReserve = (usdc: Partial<SuilendReserveState>) => {
    const reserves = [RESERVES[0], { ...RESERVES[1], ...usdc }] as SuilendReserveState[];
    rpc.suilendMarkets.set(MARKET, reserves);
    rpc.suiObjectBcs.set(MARKET, lendingMarketBcs(reserves));
  };
  /** What Suilend's SDK says `held` cTokens are worth on this chain now (floored to the micro, as redeem floors). */
  const sdkWorth = async (held: bigint) => {
    const sdk = await SuilendClient.initialize(MARKET, MAIN_POOL, new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url }) as never);
    const reserve = sdk.lendingMarket.reserves.find((r) => normalizeStructTag(`0x${r.coinType.name}`) === normalizeStructTag(USDC));
    if (!reserve) throw new Error("the SDK found no USDC reserve");
    // The SDK's BigNumber product, its integer part (the floor of a positive amount).
    const [whole = "0"] = cTokenRatio(reserve).multipliedBy(held.toString()).toFixed().split(".");
    return BigInt(whole);
  };

  beforeEach(() => {
    forgetWorth();
    rpc.failing.clear();
    for (const w of [OWNER, OTHER]) rpc.set(w, SUILEND_CTOKEN_TYPE, 0n);
    // 3,000 USDC available against 2,000 cTokens: 1.5 USDC per cToken.
    setUsdcReserve({});
  });

  it("40 cTokens at 1.5 are worth 60 USDC, as Suilend's SDK computes, with the chain named as the source", async () => {
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 40_000_000n);
    const w = await readPositionWorth(suilend.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 60_000_000n, source: `chain:move-chain ${WHAT}` });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
    expect(await sdkWorth(40_000_000n)).toBe(60_000_000n);
  });

  it("the rate moves the worth: borrowed interest and spread fees change it, floored to the micro, the SDK agreeing", async () => {
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 3_333_333n);
    // (3,000 USDC + 1 micro) / 2,000: 3,333,333 × 1.5000000005 = 4,999,999.50…: 4,999,999.
    setUsdcReserve({ available: 3_000_000_001n });
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: true, micros: 4_999_999n });
    expect(await sdkWorth(3_333_333n)).toBe(4_999_999n);
    // 1,000 USDC borrowed (with interest) and 200 USDC of unclaimed spread fees: (3,000 + 1,000 − 200) / 2,000 = 1.9.
    setUsdcReserve({ borrowedWad: 1_000_000_000n * 10n ** 18n, unclaimedWad: 200_000_000n * 10n ** 18n });
    forgetWorth();
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: true, micros: 6_333_332n });
    expect(await sdkWorth(3_333_333n)).toBe(6_333_332n);
  });

  it("an owner holding no cTokens is worth 0 on chain whatever another wallet holds", async () => {
    rpc.set(OTHER, SUILEND_CTOKEN_TYPE, 40_000_000n);
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(suilend.id, OTHER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("an unreadable RPC answers the reason, never a number; the next read asks the chain again", async () => {
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 40_000_000n);
    rpc.failing.add("GetBalance");
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`${WHAT}: the chain's RPC read failed`) });
    rpc.failing.clear();
    rpc.failing.add("BatchGetObjects");
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("node is behind") });
    rpc.failing.clear();
    expect(await readPositionWorth(suilend.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("another protocol's object at the LendingMarket's id (Scallop's Market) answers ok:false naming the LendingMarket", async () => {
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 40_000_000n);
    rpc.suilendMarkets.delete(MARKET);
    rpc.scallopMarkets.set(MARKET, { balanceSheetsTable: `0x${"5e".repeat(32)}`, sheets: new Map() });
    try {
      const want = normalizeStructTag(`${ORIGINAL}::lending_market::LendingMarket<${MAIN_POOL}>`);
      const w = await readPositionWorth(suilend.id, OWNER);
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining(`Suilend's LendingMarket ${MARKET} is a ${want}: it is not (the chain says it is a `) });
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining("::market::Market") });
    } finally {
      rpc.scallopMarkets.delete(MARKET);
    }
  });
});
