// NAVI's own SDK is the oracle: @naviprotocol/lending 1.4.6 (on its own @mysten/sui 1.45.2, tests/support/sdk-peers.ts)
// builds the same deposit and the same withdraw as our builder, from the same chain state, and every Move call must agree:
// package, module, function, type arguments, and each argument's kind and object or bytes.
// The SDK reads its config and pools from NAVI's web API; here that API is a local server answering with NAVI's published
// config (the ids below are typed from NAVI's sources, not taken from our registry), and `package` is the answer NAVI's
// API gives for this chain state: the newest version of the lending package, which the local Sui node lists.
// The chain-side checks of the same builder (package versions, the local node's simulation, price freshness, balances)
// are in navi-chain.oracle.test.ts; the SDK set-up both use is navi-sdk.fixture.ts.
import { bcs } from "@mysten/sui/bcs";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { updateOraclePricesPTB } from "@naviprotocol/lending";
import { Transaction as TransactionV1 } from "sui-v1/transactions";
import { describe, expect, it } from "vitest";
import { simulateSuiTransactions } from "../../chains/sui/simulate";
import { CONFIG, OWNER, ours, sdk, USDC, USDC_FEED, USDC_POOL, useNaviChain } from "./navi-sdk.fixture";
import { fundSuiOwner } from "../../../tests/support/fake-rpc";
import { NAVI_CURRENT_PACKAGE, NAVI_ORACLE_CURRENT_PACKAGE } from "../../../testing/chains/sui/venues/navi";
import { freshNaviPrices, NAVI_TEST_AGGREGATOR, naviUsdcFeed, PYTH_CURRENT_PACKAGE, WORMHOLE_CURRENT_PACKAGE } from "../../../testing/chains/sui/venues/navi-oracle";
import { NAVI_PYTH_PUSH_WITHDRAW } from "../../../tests/support/venue-fixtures";
import { CLOCK } from "../../../testing/chains/sui/simulate";
import { chainView, expectSameAs, ourBuild, ourPlan } from "../../../testing/oracle";
import { naviObjectTypes } from "./build";
import { forgetProvenIds } from "../shared/prove";
import { proveSuiObjectTypes } from "../shared/sui-types";

describe("NAVI: our deposit and withdraw are the ones @naviprotocol/lending 1.4.6 builds", () => {
  const chain = useNaviChain();

  it("deposit: coinWithBalance → incentive_v3::entry_deposit<USDC>(clock, storage, pool, 10, coin, amount, incentive v2, v3)", async () => {
    const [mine, theirs] = await Promise.all([ours("deposit", 2_500_000n), sdk("deposit", 2_500_000n)]);
    expectSameAs("depositCoinPTB", chainView(mine), chainView(theirs));
    // What they agree on, spelled out (a shared mistake would still show here).
    const view = chainView(mine);
    expect(view.commands.map((c) => ("function" in c ? `${c.package}::${c.module}::${c.function}` : "intent" in c ? c.intent : "transfer"))).toEqual([
      "CoinWithBalance",
      `${NAVI_CURRENT_PACKAGE}::incentive_v3::entry_deposit`,
    ]);
    expect(view.commands[1]).toMatchObject({
      typeArguments: [normalizeStructTag(USDC)],
      arguments: [
        { object: normalizeSuiAddress("0x6") },
        { object: CONFIG.storage },
        { object: USDC_POOL.contract.pool },
        { pure: Buffer.from([10]).toString("base64") },
        { result: 0, index: 0 },
        { pure: Buffer.from(new BigUint64Array([2_500_000n]).buffer).toString("base64") },
        { object: CONFIG.incentiveV2 },
        { object: CONFIG.incentiveV3 },
      ],
    });
    // The SDK asked NAVI's API (here: the local one) for its config and pools, for the main market in prod.
    expect(chain.api.requests.some((r) => r.startsWith("/api/navi/config?env=prod&sdk=1.4.6&market=main"))).toBe(true);
  });

  it("withdraw: oracle_pro::update_single_price_v2 (USDC feed) → incentive_v3::withdraw_v2<USDC>(clock, oracle, storage, pool, 10, amount, v2, v3, system state) → coin::from_balance → owner", async () => {
    const [mine, theirs] = await Promise.all([ours("withdraw", 3_000_000n), sdk("withdraw", 3_000_000n)]);
    expectSameAs("updateOraclePricesPTB + withdrawCoinPTB", chainView(mine), chainView(theirs));
    const view = chainView(mine);
    // Every object of the update read from the chain: OracleConfig's USDC feed, the PriceInfoObject Pyth's State lists
    // for its Pyth price identifier, the Aggregator its Switchboard provider config names.
    expect(view.commands[0]).toEqual({
      package: NAVI_ORACLE_CURRENT_PACKAGE,
      module: "oracle_pro",
      function: "update_single_price_v2",
      typeArguments: [],
      arguments: [
        { object: normalizeSuiAddress("0x6") },
        { object: CONFIG.oracle.oracleConfig },
        { object: CONFIG.oracle.priceOracle },
        { object: CONFIG.oracle.supraOracleHolder },
        { object: USDC_FEED.pythPriceInfoObject },
        { object: NAVI_TEST_AGGREGATOR },
        { pure: Buffer.from(USDC_FEED.feedId.slice(2), "hex").toString("base64") },
      ],
    });
    expect(view.commands[1]).toMatchObject({
      package: NAVI_CURRENT_PACKAGE,
      module: "incentive_v3",
      function: "withdraw_v2",
      arguments: [
        { object: normalizeSuiAddress("0x6") },
        { object: CONFIG.priceOracle },
        { object: CONFIG.storage },
        { object: USDC_POOL.contract.pool },
        { pure: Buffer.from([10]).toString("base64") },
        { pure: Buffer.from(new BigUint64Array([3_000_000n]).buffer).toString("base64") },
        { object: CONFIG.incentiveV2 },
        { object: CONFIG.incentiveV3 },
        { object: normalizeSuiAddress("0x5") },
      ],
    });
    expect(view.commands.slice(2)).toEqual([
      { package: normalizeSuiAddress("0x2"), module: "coin", function: "from_balance", typeArguments: [normalizeStructTag(USDC)], arguments: [{ result: 1, index: 0 }] },
      { transfer: [{ result: 2, index: 0 }], to: { pure: expect.any(String) } },
    ]);
  });


  it("stale Pyth: the withdraw pushes Hermes's price as NAVI's app does (SuiPythClient.updatePriceFeeds, then update_single_price_v2, withdraw_v2), call by call; the local node runs it", async () => {
    fundSuiOwner(chain.rpc, OWNER);
    const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
    const feed = naviUsdcFeed();
    // PriceOracle's price and both sources 31 s old; Hermes has Pyth's price of 1 s before the Clock.
    chain.rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
    chain.rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 31_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 31_000n } }];
    chain.hermes.prices.set(USDC_FEED.pythPriceFeedId.slice(2), { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });
    try {
      const [mine, theirs] = [await ours("withdraw", 3_000_000n), await sdk("withdraw", 3_000_000n, { hermes: chain.hermes })];
      expectSameAs("SuiPythClient.updatePriceFeeds + updateOraclePricesPTB + withdrawCoinPTB", chainView(mine), chainView(theirs));
      const view = chainView(mine);
      const clock = { object: normalizeSuiAddress("0x6") };
      // Spelled out: the Pyth and Wormhole packages are the States' upgrade caps' on the local chain.
      expect(view.commands.map((c) => ("function" in c ? `${c.module}::${c.function}` : "split" in c ? "SplitCoins" : "transfer"))).toEqual([
        ...NAVI_PYTH_PUSH_WITHDRAW,
        "coin::from_balance",
        "transfer",
      ]);
      expect(view.commands[0]).toMatchObject({ package: WORMHOLE_CURRENT_PACKAGE, typeArguments: [], arguments: [{ object: CONFIG.oracle.wormholeStateId }, { pure: expect.any(String) }, clock] });
      expect(view.commands[1]).toMatchObject({ package: PYTH_CURRENT_PACKAGE, typeArguments: [], arguments: [{ object: CONFIG.oracle.pythStateId }, { pure: expect.any(String) }, { result: 0, index: 0 }, clock] });
      expect(view.commands[2]).toEqual({ split: { gas: true }, amounts: [{ pure: Buffer.from(new BigUint64Array([1n]).buffer).toString("base64") }] });
      expect(view.commands[3]).toEqual({
        package: PYTH_CURRENT_PACKAGE,
        module: "pyth",
        function: "update_single_price_feed",
        typeArguments: [],
        arguments: [{ object: CONFIG.oracle.pythStateId }, { result: 1, index: 0 }, { object: USDC_FEED.pythPriceInfoObject }, { result: 2, index: 0 }, clock],
      });
      expect(view.commands[4]).toEqual({
        package: PYTH_CURRENT_PACKAGE,
        module: "hot_potato_vector",
        function: "destroy",
        typeArguments: [`${PYTH_CURRENT_PACKAGE}::price_info::PriceInfo`],
        arguments: [{ result: 3, index: 0 }],
      });
      // Our Hermes request: the v2 endpoint with the feed's price id, hex encoding.
      expect(chain.hermes.requests).toContain(`/v2/updates/price/latest?ids%5B%5D=${USDC_FEED.pythPriceFeedId.slice(2)}&encoding=hex&parsed=true`);
      // The local node runs it: the push refreshes the PriceInfoObject, the NAVI update stamps the price, the health
      // check passes. The same plan without the Pyth calls aborts 1502.
      const r = await ourPlan("navi", "withdraw", OWNER, 3_000_000n);
      if (!r.ok) throw new Error(r.blocker.message);
      expect(r.transactions[0]?.description).toContain("after pushing Pyth's latest price from Hermes for 1 PriceInfoObject older than 30 s");
      expect(await simulateSuiTransactions(r.transactions)).toMatchObject([{ status: "ok", error: null }]);
      const pure = (r.transactions[0]?.payload ?? "") as string;
      // Against Pyth's and Wormhole's published signatures (tests/fixtures/pyth, wormhole): the State and the
      // PriceInfoObject swapped in update_single_price_feed, or a function vaa.move does not declare, fail as on chain.
      const changed = async (change: (calls: { function: string; arguments: unknown[] }[]) => void) => {
        const d = Transaction.from(pure).getData();
        change(d.commands.flatMap((c) => (c.MoveCall ? [c.MoveCall] : [])));
        return (await simulateSuiTransactions([{ ...r.transactions[0], payload: JSON.stringify(d) }] as typeof r.transactions))[0];
      };
      const swappedPyth = await changed((calls) => {
        const update = calls.find((c) => c.function === "update_single_price_feed");
        if (update) [update.arguments[0], update.arguments[2]] = [update.arguments[2], update.arguments[0]];
      });
      expect(swappedPyth).toMatchObject({ status: "failed", error: expect.stringContaining("CommandArgumentError { arg_idx: 0, kind: TypeMismatch }") });
      const missing = await changed((calls) => {
        const parse = calls.find((c) => c.function === "parse_and_verify");
        if (parse) parse.function = "parse_and_verify_v2";
      });
      expect(missing).toMatchObject({ status: "failed", error: expect.stringContaining("FunctionNotFound") });
      const data = Transaction.from(pure).getData();
      const pythPure = data.commands[1]?.MoveCall?.arguments[1];
      expect(pythPure?.$kind).toBe("Input");
      // An update whose accumulator does not carry this PriceInfoObject's price id aborts in Pyth's code (5).
      const otherId = `0x${"77".repeat(32)}`;
      chain.hermes.prices.clear();
      chain.hermes.prices.set(otherId.slice(2), { price: 1n, conf: 1n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });
      const { accumulatorMessage } = await import("../../../tests/support/fake-hermes");
      const wrongBytes = bcs.vector(bcs.u8()).serialize(Array.from(accumulatorMessage([[otherId, { price: 1n, conf: 1n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n }]]))).toBytes();
      const input = pythPure && "Input" in pythPure ? data.inputs[pythPure.Input] : undefined;
      if (!input?.Pure) throw new Error("no accumulator input");
      input.Pure.bytes = Buffer.from(wrongBytes).toString("base64");
      const [wrong] = await simulateSuiTransactions([{ ...r.transactions[0], payload: JSON.stringify(data) }] as typeof r.transactions);
      expect(wrong).toMatchObject({ status: "failed", error: expect.stringContaining("abort code: 5") });
      expect(wrong?.error).toContain(`${PYTH_CURRENT_PACKAGE}::pyth::update_single_price_feed`);
    } finally {
      chain.hermes.prices.clear();
      chain.rpc.naviPriceOracle = freshNaviPrices();
      chain.rpc.naviOracleFeeds = [naviUsdcFeed()];
    }
  });

  it("@naviprotocol/lending's updateOraclePricesPTB for the USDC feed is the update our withdraw starts with", async () => {
    // Pyth left as it is on chain (with updatePythPriceFeeds it would also fetch update data from Hermes for Pyth
    // objects older than 30 s; neither builder pushes Pyth data here).
    const tx = new TransactionV1();
    tx.setSender(OWNER);
    type SdkTx = Parameters<typeof updateOraclePricesPTB>[0];
    await updateOraclePricesPTB(tx as unknown as SdkTx, [USDC_FEED], { updatePythPriceFeeds: false });
    const theirs = chainView(Transaction.from(await tx.toJSON()).getData());
    const mine = chainView(await ours("withdraw", 2_000_000n));
    expect(theirs.commands).toHaveLength(1);
    expectSameAs("updateOraclePricesPTB", mine.commands[0], theirs.commands[0]);
  });


  it("the shared objects are proven NAVI's by their Move type: swapped ids, or another protocol's object at Storage's id, block the plans naming it", async () => {
    const ids = {
      lendingPackage: CONFIG.package,
      oraclePackage: CONFIG.oracle.packageId,
      storage: CONFIG.storage,
      usdcPool: USDC_POOL.contract.pool,
      usdcCoinType: USDC,
      incentiveV2: CONFIG.incentiveV2,
      incentiveV3: CONFIG.incentiveV3,
      priceOracle: CONFIG.priceOracle,
      oracleConfig: CONFIG.oracle.oracleConfig,
    };
    forgetProvenIds();
    await expect(proveSuiObjectTypes("NAVI", naviObjectTypes(ids, "withdraw"))).resolves.toBeUndefined();
    // The USDC Pool given as Storage, and the IncentiveV2 as the v3 Incentive (same struct name, another module).
    for (const [swapped, name, id] of [
      [{ ...ids, storage: ids.usdcPool }, "Storage", ids.usdcPool],
      [{ ...ids, incentiveV3: ids.incentiveV2 }, "Incentive (v3)", ids.incentiveV2],
    ] as const) {
      const r = await proveSuiObjectTypes("NAVI", naviObjectTypes(swapped, "deposit")).catch((e: unknown) => e);
      expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`NAVI's ${name} ${id} is a <a version of package ${CONFIG.package}>::`) });
    }
    // The chain holds a Scallop Market at NAVI's Storage id (NAVI's storage moved elsewhere): our builder refuses both plans.
    const storage = chain.rpc.naviStorages.get(CONFIG.storage);
    if (!storage) throw new Error("no NAVI storage on the local chain");
    const elsewhere = `0x${"5f".repeat(32)}`;
    chain.rpc.naviStorages.delete(CONFIG.storage);
    chain.rpc.naviStorages.set(elsewhere, storage);
    chain.rpc.scallopMarkets.set(CONFIG.storage, { balanceSheetsTable: `0x${"5e".repeat(32)}`, sheets: new Map() });
    forgetProvenIds();
    try {
      for (const action of ["deposit", "withdraw"] as const) {
        const r = await ourBuild("navi", action, OWNER, 1_000_000n).catch((e: unknown) => e);
        expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`NAVI's Storage ${CONFIG.storage} is a `) });
        expect(r).toMatchObject({ message: expect.stringContaining("::market::Market") });
      }
    } finally {
      chain.rpc.scallopMarkets.delete(CONFIG.storage);
      chain.rpc.naviStorages.delete(elsewhere);
      forgetProvenIds();
    }
  });
});
