// A NAVI position's worth now, from the chain (issue 23 item 5): the owner's scaled USDC supply balance in NAVI's Storage
// on the local Sui node (testing/chains/sui/venues/navi.ts: the reserve's supply_balance.user_state entries) times the
// reserve's current_supply_index, rounded as lending_core logic.move user_collateral_balance does (ray_mul half up, then
// 9 → 6 decimals floored). Never the ledger's figure: an owner with no entry is worth 0, an unreadable RPC or a Storage
// that is not NAVI's answers a reason.
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { navi } from "./descriptor";

const OWNER = `0x${"ab".repeat(32)}`;
const OTHER = `0x${"cd".repeat(32)}`;
const RAY = 10n ** 27n;
const STORAGE = navi.onchain.storage ?? "";
const ASSET = Number(navi.onchain.usdcAssetId);
const WHAT = "NAVI Storage USDC supply balance × current_supply_index";

describe("NAVI: a position's current worth is the owner's scaled supply × the USDC reserve's supply index", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));

  /** NAVI's Storage with its USDC reserve at `supplyIndex` (ray) and these suppliers' scaled balances (9 decimals). */
  const setUsdcReserve = (supplyIndex: bigint, suppliers: [string, bigint][]) => {
    rpc.naviStorages.set(STORAGE, {
      reservesTable: `0x${"e6".repeat(32)}`,
      reserves: new Map([[ASSET, { coinType: navi.onchain.usdcCoinType ?? "", supplyIndex, suppliers: new Map(suppliers) }]]),
    });
  };

  beforeEach(() => {
    forgetWorth();
    rpc.failing.clear();
    // Index 1.5; the owner's scaled 40 USDC (40,000,000,000 in NAVI's 9-decimal amounts).
    setUsdcReserve((RAY * 3n) / 2n, [[OWNER, 40_000_000_000n]]);
  });

  it("scaled 40 USDC at index 1.5 are worth 60 USDC, with the chain named as the source and the time read", async () => {
    const w = await readPositionWorth(navi.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 60_000_000n, source: `chain:move-chain ${WHAT}` });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the index moves the worth, rounded as NAVI rounds: ray_mul half up, then 9 → 6 decimals floored", async () => {
    // 3,333,333,333 × 1.5 = 4,999,999,999.5 → 5,000,000,000 (half up) → 5,000,000 micros.
    setUsdcReserve((RAY * 3n) / 2n, [[OWNER, 3_333_333_333n]]);
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: true, micros: 5_000_000n });
    // 3,333,333,332 × 1.5 = 4,999,999,998 → 4,999,999 micros (floored to the micro).
    setUsdcReserve((RAY * 3n) / 2n, [[OWNER, 3_333_333_332n]]);
    forgetWorth();
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: true, micros: 4_999_999n });
    // Interest accrued: index 2 → 6,666,666,664 → 6,666,666 micros.
    setUsdcReserve(RAY * 2n, [[OWNER, 3_333_333_332n]]);
    forgetWorth();
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: true, micros: 6_666_666n });
  });

  it("an owner with no supply entry is worth 0 on chain whatever another wallet has supplied", async () => {
    setUsdcReserve((RAY * 3n) / 2n, [[OTHER, 40_000_000_000n]]);
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(navi.id, OTHER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("an unreadable RPC answers the reason, never a number; the next read asks the chain again", async () => {
    rpc.failing.add("BatchGetObjects");
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`${WHAT}: the chain's RPC read failed`) });
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("node is behind") });
    rpc.failing.clear();
    expect(await readPositionWorth(navi.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("another protocol's object at the Storage's id (Scallop's Market) answers ok:false naming the Storage and what it is", async () => {
    rpc.naviStorages.delete(STORAGE);
    rpc.scallopMarkets.set(STORAGE, { balanceSheetsTable: `0x${"5e".repeat(32)}`, sheets: new Map() });
    try {
      const w = await readPositionWorth(navi.id, OWNER);
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining(`NAVI's Storage ${STORAGE} is a <a version of package ${navi.onchain.lendingPackage}>::storage::Storage: it is not (the chain says it is a `) });
      expect(w).toMatchObject({ ok: false, reason: expect.stringContaining("::market::Market") });
    } finally {
      rpc.scallopMarkets.delete(STORAGE);
    }
  });
});
