// A Scallop position's worth now, from the chain (issue 23 item 5): the owner's sUSDC (MarketCoin<USDC>) on the local
// Sui node times the market's USDC balance sheet rate (testing/chains/sui/venues/scallop.ts), floored as redeem floors.
// Never the ledger's figure: an owner with no market coins is worth 0, an unreadable RPC or a Market that is not
// Scallop's answers a reason.
import { normalizeStructTag } from "@mysten/sui/utils";
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { setScallopUsdc } from "../../../testing/chains/sui/venues/scallop";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { SCALLOP_MARKET_COIN_TYPE } from "./build";
import { scallop } from "./descriptor";

const OWNER = `0x${"ab".repeat(32)}`;
const OTHER = `0x${"cd".repeat(32)}`;
const MARKET = scallop.onchain.market ?? "";

describe("Scallop: a position's current worth is the owner's sUSDC × the market's rate", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));
  beforeEach(() => {
    forgetWorth();
    rpc.failing.clear();
    for (const w of [OWNER, OTHER]) rpc.set(w, SCALLOP_MARKET_COIN_TYPE, 0n);
    // (cash 2,000 + debt 1,000 − revenue 0) USDC against 2,000 market coins: 1.5 USDC per sUSDC.
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
  });

  it("40 sUSDC at 1.5 are worth 60 USDC, with the chain named as the source and the time read", async () => {
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 40_000_000n);
    const w = await readPositionWorth(scallop.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 60_000_000n, source: "chain:move-chain Scallop sUSDC market coin balance × market USDC rate" });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the rate moves the worth: interest accrued in the market raises it, floored to the micro as redeem floors", async () => {
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 3_333_333n);
    // 3,000 / 2,000 → 3,333,333 × 1.5 = 4,999,999.5: 4,999,999 micros.
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: true, micros: 4_999_999n });
    // Debt grew by 1,000 USDC: 2 USDC per sUSDC.
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 2_000_000_000n, marketCoinSupply: 2_000_000_000n });
    forgetWorth();
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: true, micros: 6_666_666n });
  });

  it("revenue the protocol keeps is not the suppliers': it lowers the rate", async () => {
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 40_000_000n);
    const sheets = rpc.scallopMarkets.get(MARKET);
    const usdc = sheets && [...sheets.sheets.values()][0];
    if (!usdc) throw new Error("no USDC balance sheet on the local chain");
    // (2,000 + 1,000 − 400) / 2,000 = 1.3.
    usdc.revenue = 400_000_000n;
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: true, micros: 52_000_000n });
  });

  it("an owner holding no sUSDC is worth 0 on chain whatever another wallet holds", async () => {
    rpc.set(OTHER, SCALLOP_MARKET_COIN_TYPE, 40_000_000n);
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(scallop.id, OTHER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("an unreadable RPC answers the reason, never a number; the next read asks the chain again", async () => {
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 40_000_000n);
    rpc.failing.add("GetBalance");
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Scallop sUSDC market coin balance × market USDC rate: the chain's RPC read failed"),
    });
    rpc.failing.clear();
    rpc.failing.add("BatchGetObjects");
    // The Market's type and its balance sheet are object reads.
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("the chain's RPC read failed") });
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("node is behind") });
    rpc.failing.clear();
    expect(await readPositionWorth(scallop.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("another protocol's object at the Market's id (a Suilend LendingMarket) answers ok:false naming the Market and what it is", async () => {
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 40_000_000n);
    const sheets = rpc.scallopMarkets.get(MARKET);
    if (!sheets) throw new Error("no Scallop market on the local chain");
    rpc.scallopMarkets.delete(MARKET);
    rpc.scallopMarkets.set(`0x${"5d".repeat(32)}`, sheets);
    rpc.suilendMarkets.set(MARKET, []);
    try {
      const w = await readPositionWorth(scallop.id, OWNER);
      const want = normalizeStructTag(`${scallop.onchain.protocolPackage}::market::Market`);
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining(`Scallop's Market ${MARKET} is a ${want}: it is not (the chain says it is a `) });
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining("::lending_market::LendingMarket<") });
    } finally {
      rpc.suilendMarkets.delete(MARKET);
      rpc.scallopMarkets.delete(`0x${"5d".repeat(32)}`);
    }
  });
});
