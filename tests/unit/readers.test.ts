// The harvest readers of Scallop, NAVI, Kamino, marginfi, Jupiter Lend and Compound v3 against the local chain
// (testing/chains/<family>/venues/ answer in each chain's wire format): each reads the index from the chain state, and an
// RPC failure, a missing object or a malformed account is "unavailable" with a reason, never a number.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { getVenue } from "@/server/venues";
import { readVenueIndex, venuesWithReaders } from "@/server/venues/readers";
import { UNREACHABLE_KEPT_MS } from "@/server/venues/shared/index-read";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import type { CometState } from "../../testing/chains/evm/venues/compound-v3";
import { cometBaseToken } from "../../testing/chains/evm/comet-deployments";
import { jupiterLendingAccount } from "../../testing/chains/solana/venues/jupiter-lend";
import { kaminoReserveAccount } from "../../testing/chains/solana/venues/kamino";
import { marginfiBankAccount } from "../../testing/chains/solana/venues/marginfi";

const WAD = 10n ** 18n;
const RAY = 10n ** 27n;
const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const SOL_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ids = (id: string) => getVenue(id)?.onchain ?? {};
const SCALLOP_TABLE = `0x${"5c".repeat(32)}`;
const NAVI_TABLE = `0x${"e6".repeat(32)}`;

let rpc: FakeRpc;
beforeAll(async () => {
  rpc = await startFakeRpc();
  for (const k of ["SVC_RPC_MOVE", "SVC_RPC_SVM", "SVC_RPC_EVM_A", "SVC_RPC_EVM_B"]) process.env[k] = rpc.url;
  process.env.SVC_RPC_TIMEOUT_MS = "2000";
  resetConfigForTests();
});
afterAll(async () => {
  await rpc?.close();
});
beforeEach(() => {
  rpc.failing.clear();
});

async function unavailable(venueId: string, pattern: RegExp) {
  const r = await readVenueIndex(venueId);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.reason).toMatch(pattern);
}

describe("readers registry", () => {
  it("every lending venue but Morpho has a reader; Morpho says why it has none", async () => {
    expect(venuesWithReaders().sort()).toEqual(
      ["aave-v3-arbitrum", "aave-v3-base", "compound-v3-arbitrum", "compound-v3-base", "jupiter-lend", "kamino", "marginfi", "navi", "save", "scallop", "suilend"].sort(),
    );
    await unavailable("morpho-base", /no on-chain reader for venue morpho-base: no reader of the pinned Morpho vault's share price/);
  });
});

describe("Scallop: the Market object → its balance-sheet table entry (a dynamic field, over gRPC)", () => {
  const market = ids("scallop").market ?? "";
  const set = (sheet: { cash: bigint; debt: bigint; revenue: bigint; marketCoinSupply: bigint }) =>
    rpc.scallopMarkets.set(market, {
      balanceSheetsTable: SCALLOP_TABLE,
      sheets: new Map([
        ["0x2::sui::SUI", { cash: 1n, debt: 0n, revenue: 0n, marketCoinSupply: 1n }],
        [SUI_USDC, sheet],
      ]),
    });
  it("index = (cash + debt − revenue) × 1e18 / market_coin_supply", async () => {
    set({ cash: 600_000n, debt: 500_000n, revenue: 100_000n, marketCoinSupply: 900_000n });
    expect(await readVenueIndex("scallop")).toMatchObject({ ok: true, index: (1_000_000n * WAD) / 900_000n, source: "rpc:scallop" });
  });
  it("no USDC sheet, no market coins or a failing node → unavailable with the reason", async () => {
    rpc.scallopMarkets.set(market, { balanceSheetsTable: SCALLOP_TABLE, sheets: new Map() });
    await unavailable("scallop", /not found/);
    set({ cash: 0n, debt: 0n, revenue: 0n, marketCoinSupply: 0n });
    await unavailable("scallop", /no market coins/);
    set({ cash: 1n, debt: 0n, revenue: 0n, marketCoinSupply: 1n });
    rpc.failing.add("BatchGetObjects");
    await unavailable("scallop", /RPC read failed/);
  });
});

describe("concurrent reads", () => {
  it("reads of one venue asked while one is in flight share its RPC requests; a later read asks again", async () => {
    const market = ids("scallop").market ?? "";
    rpc.scallopMarkets.set(market, {
      balanceSheetsTable: SCALLOP_TABLE,
      sheets: new Map([[SUI_USDC, { cash: 600_000n, debt: 500_000n, revenue: 100_000n, marketCoinSupply: 900_000n }]]),
    });
    const objectReads = () => rpc.calls.filter((m) => m === "BatchGetObjects").length;
    const before = objectReads();
    const reads = await Promise.all(Array.from({ length: 20 }, () => readVenueIndex("scallop")));
    expect(new Set(reads.map((r) => (r.ok ? r.index : null)))).toEqual(new Set([(1_000_000n * WAD) / 900_000n]));
    // One read of the Market, one of its USDC balance sheet.
    expect(objectReads() - before).toBe(2);
    await readVenueIndex("scallop");
    expect(objectReads() - before).toBe(4);
  });
});

describe("a venue RPC that gives no answer", () => {
  it("is remembered for UNREACHABLE_KEPT_MS with the same reason (no request meanwhile); an RPC error answer is not", async () => {
    const market = ids("scallop").market ?? "";
    rpc.scallopMarkets.set(market, {
      balanceSheetsTable: SCALLOP_TABLE,
      sheets: new Map([[SUI_USDC, { cash: 600_000n, debt: 500_000n, revenue: 100_000n, marketCoinSupply: 900_000n }]]),
    });
    const ok = { ok: true, index: (1_000_000n * WAD) / 900_000n };
    // An answer that is an error (the node is up): the next read asks again and gets the index.
    rpc.failing.add("BatchGetObjects");
    expect((await readVenueIndex("scallop")).ok).toBe(false);
    rpc.failing.delete("BatchGetObjects");
    expect(await readVenueIndex("scallop")).toMatchObject(ok);
    // No answer at all (the connection is dropped): unavailable, and still so right after the node is back.
    rpc.down = true;
    const down = await readVenueIndex("scallop");
    rpc.down = false;
    expect(down).toMatchObject({ ok: false, reason: expect.stringMatching(/RPC/) });
    const t0 = Date.now();
    const objectReads = () => rpc.calls.filter((m) => m === "BatchGetObjects").length;
    const before = objectReads();
    const again = await readVenueIndex("scallop");
    if (Date.now() - t0 < UNREACHABLE_KEPT_MS) {
      expect(again).toEqual(down);
      expect(objectReads()).toBe(before);
    }
    // Once the time is over, the node is asked again.
    await new Promise((r) => setTimeout(r, UNREACHABLE_KEPT_MS + 50));
    expect(await readVenueIndex("scallop")).toMatchObject(ok);
    expect(objectReads()).toBeGreaterThan(before);
  });
});

describe("NAVI: the Storage object → its reserves table entry u8 10 (over gRPC)", () => {
  const storage = ids("navi").storage ?? "";
  const set = (coinType: string, supplyIndex: bigint) =>
    rpc.naviStorages.set(storage, {
      reservesTable: NAVI_TABLE,
      reserves: new Map([
        [0, { coinType: "0x2::sui::SUI", supplyIndex: RAY }],
        [10, { coinType, supplyIndex }],
      ]),
    });
  it("index = ReserveData.current_supply_index (ray)", async () => {
    set(SUI_USDC, 1_034_567_891_234_567_891_234_567_891n);
    expect(await readVenueIndex("navi")).toMatchObject({ ok: true, index: 1_034_567_891_234_567_891_234_567_891n });
  });
  it("reserve 10 of another coin, a missing Storage or a failing node → unavailable", async () => {
    set("0x2::sui::SUI", RAY);
    await unavailable("navi", /not USDC/);
    rpc.naviStorages.delete(storage);
    await unavailable("navi", /RPC read failed/);
    set(SUI_USDC, RAY);
    rpc.failing.add("BatchGetObjects");
    await unavailable("navi", /RPC read failed/);
  });
});

describe("Kamino: getAccountInfo klend Reserve", () => {
  const k = ids("kamino");
  const reserve = (over: Partial<Parameters<typeof kaminoReserveAccount>[0]> = {}) =>
    kaminoReserveAccount({
      lendingMarket: k.mainMarket ?? "",
      liquidityMint: SOL_USDC,
      available: 400_000n,
      borrowedSf: 700_000n << 60n,
      protocolFeesSf: 50_000n << 60n,
      referrerFeesSf: 30_000n << 60n,
      pendingReferrerFeesSf: (20_000n << 60n) + 123n,
      collateralSupply: 800_000n,
      ...over,
    });
  it("index = total_supply_sf (available + borrowed − protocol − referrer − pending fees) / collateral supply", async () => {
    rpc.solanaAccounts.set(k.usdcReserve ?? "", { owner: k.program ?? "", data: reserve() });
    const total = (1_000_000n << 60n) - 123n;
    expect(await readVenueIndex("kamino")).toMatchObject({ ok: true, index: total / 800_000n });
  });
  it("another owner, another account type, another market, a short account or no account → unavailable", async () => {
    const at = k.usdcReserve ?? "";
    rpc.solanaAccounts.set(at, { owner: "11111111111111111111111111111111", data: reserve() });
    await unavailable("kamino", /not owned by/);
    rpc.solanaAccounts.set(at, { owner: k.program ?? "", data: marginfiBankAccount({ mint: SOL_USDC, group: SOL_USDC, assetShareValue: 1n }) });
    await unavailable("kamino", /discriminator|shorter/);
    rpc.solanaAccounts.set(at, { owner: k.program ?? "", data: reserve({ lendingMarket: SOL_USDC }) });
    await unavailable("kamino", /another lending market/);
    rpc.solanaAccounts.set(at, { owner: k.program ?? "", data: reserve().subarray(0, 2000) });
    await unavailable("kamino", /shorter than its layout/);
    rpc.solanaAccounts.delete(at);
    await unavailable("kamino", /does not exist/);
  });
});

describe("marginfi: getAccountInfo Bank", () => {
  const m = ids("marginfi");
  it("index = asset_share_value (I80F48 bits)", async () => {
    const v = (1n << 48n) + 12_345_678_901n;
    rpc.solanaAccounts.set(m.usdcBank ?? "", { owner: m.program ?? "", data: marginfiBankAccount({ mint: SOL_USDC, group: m.group ?? "", assetShareValue: v }) });
    expect(await readVenueIndex("marginfi")).toMatchObject({ ok: true, index: v });
  });
  it("a bank of another group, a negative share value or a failing node → unavailable", async () => {
    const at = m.usdcBank ?? "";
    rpc.solanaAccounts.set(at, { owner: m.program ?? "", data: marginfiBankAccount({ mint: SOL_USDC, group: SOL_USDC, assetShareValue: 1n << 48n }) });
    await unavailable("marginfi", /another marginfi group/);
    rpc.solanaAccounts.set(at, { owner: m.program ?? "", data: marginfiBankAccount({ mint: SOL_USDC, group: m.group ?? "", assetShareValue: -(1n << 48n) }) });
    await unavailable("marginfi", /not positive/);
    rpc.failing.add("getAccountInfo");
    await unavailable("marginfi", /RPC read failed/);
  });
});

describe("Jupiter Lend: getAccountInfo Lending (jlUSDC)", () => {
  const j = ids("jupiter-lend");
  it("index = token_exchange_price (1e12)", async () => {
    rpc.solanaAccounts.set(j.usdcLending ?? "", {
      owner: j.lendingProgram ?? "",
      data: jupiterLendingAccount({ mint: SOL_USDC, fTokenMint: j.jlUsdcMint ?? "", tokenExchangePrice: 1_023_456_789_012n }),
    });
    expect(await readVenueIndex("jupiter-lend")).toMatchObject({ ok: true, index: 1_023_456_789_012n });
  });
  it("another fToken mint or a truncated account → unavailable", async () => {
    const at = j.usdcLending ?? "";
    rpc.solanaAccounts.set(at, { owner: j.lendingProgram ?? "", data: jupiterLendingAccount({ mint: SOL_USDC, fTokenMint: SOL_USDC, tokenExchangePrice: 1n }) });
    await unavailable("jupiter-lend", /not jlUSDC/);
    const ok = jupiterLendingAccount({ mint: SOL_USDC, fTokenMint: j.jlUsdcMint ?? "", tokenExchangePrice: 1n });
    rpc.solanaAccounts.set(at, { owner: j.lendingProgram ?? "", data: ok.subarray(0, 100) });
    await unavailable("jupiter-lend", /shorter than its layout/);
  });
});

describe("Compound v3: Comet index accrued to the pinned block", () => {
  const comet = (id: string) => (ids(id).cUSDCv3 ?? "").toLowerCase();
  const state = (over: Partial<CometState> = {}): CometState => ({
    baseToken: cometBaseToken(comet("compound-v3-base")),
    baseSupplyIndex: 1_100_000_000_000_000n,
    baseBorrowIndex: 1_200_000_000_000_000n,
    totalSupplyBase: 1_000_000_000_000n,
    totalBorrowBase: 550_000_000_000n,
    lastAccrualTime: rpc.evmBlock.timestamp - 3_600n,
    supplyKink: 850_000_000_000_000_000n,
    supplyRateBase: 0n,
    supplySlopeLow: 1_300_000_000n,
    supplySlopeHigh: 100_000_000_000n,
    ...over,
  });
  it("index = baseSupplyIndex + baseSupplyIndex × getSupplyRate(getUtilization()) × elapsed / 1e18, all at one block", async () => {
    rpc.evmBlock = { number: 30_123_456n, timestamp: 1_760_003_600n };
    rpc.comets.set(comet("compound-v3-base"), state());
    rpc.cometCallBlocks.length = 0;
    // Comet.sol by hand: supply 1.1e12, borrow 0.66e12 → utilization 0.6e18 (below the kink); rate = 1.3e9 × 0.6.
    const utilization = (660_000_000_000n * 10n ** 18n) / 1_100_000_000_000n;
    expect(utilization).toBe(600_000_000_000_000_000n);
    const rate = (1_300_000_000n * utilization) / 10n ** 18n;
    const expected = 1_100_000_000_000_000n + (1_100_000_000_000_000n * (rate * 3_600n)) / 10n ** 18n;
    expect(await readVenueIndex("compound-v3-base")).toMatchObject({ ok: true, index: expected, source: "rpc:compound-v3-base" });
    // totalsBasic, getUtilization and getSupplyRate were all read at the block whose timestamp was used.
    const pinned = `0x${(30_123_456n).toString(16)}`;
    expect(rpc.cometCallBlocks).toEqual([pinned, pinned, pinned]);
  });
  it("above the kink, and with nothing elapsed since the last accrual (the stored index)", async () => {
    rpc.comets.set(comet("compound-v3-arbitrum"), state({ totalBorrowBase: 870_000_000_000n }));
    const u = (1_044_000_000_000n * 10n ** 18n) / 1_100_000_000_000n;
    const rate = (1_300_000_000n * 850_000_000_000_000_000n) / 10n ** 18n + (100_000_000_000n * (u - 850_000_000_000_000_000n)) / 10n ** 18n;
    const expected = 1_100_000_000_000_000n + (1_100_000_000_000_000n * (rate * 3_600n)) / 10n ** 18n;
    expect(await readVenueIndex("compound-v3-arbitrum")).toMatchObject({ ok: true, index: expected });
    rpc.comets.set(comet("compound-v3-arbitrum"), state({ lastAccrualTime: rpc.evmBlock.timestamp }));
    expect(await readVenueIndex("compound-v3-arbitrum")).toMatchObject({ ok: true, index: 1_100_000_000_000_000n });
  });
  it("no block or a reverting Comet → unavailable", async () => {
    rpc.failing.add("eth_getBlockByNumber");
    await unavailable("compound-v3-base", /RPC read failed/);
    rpc.failing.clear();
    rpc.comets.delete(comet("compound-v3-base"));
    await unavailable("compound-v3-base", /RPC read failed/);
  });
});
