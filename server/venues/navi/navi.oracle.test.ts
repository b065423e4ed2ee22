// NAVI's own SDK is the oracle: @naviprotocol/lending 1.4.6 (on its own @mysten/sui 1.45.2, tests/support/sdk-peers.ts)
// builds the same deposit and the same withdraw as our builder, from the same chain state, and every Move call must agree:
// package, module, function, type arguments, and each argument's kind and object or bytes.
// The SDK reads its config and pools from NAVI's web API; here that API is a local server answering with NAVI's published
// config (the ids below are typed from NAVI's sources, not taken from our registry), and `package` is the answer NAVI's
// API gives for this chain state: the newest version of the lending package, which the local Sui node lists.
import { depositCoinPTB, filterPriceFeeds, updateOraclePricesPTB, withdrawCoinPTB } from "@naviprotocol/lending";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { coinWithBalance as coinWithBalanceV1, Transaction as TransactionV1 } from "sui-v1/transactions";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../config";
import { builderFor, runBuilder } from "../adapters";
import { navi } from "./descriptor";
import { naviSuppliedMicros } from "./read";
import { simulateSuiTransactions } from "../../chains/sui/simulate";
import { type FakeRpc, fundSuiOwner, NAVI_CURRENT_PACKAGE, NAVI_ORACLE_CURRENT_PACKAGE, NAVI_PREVIOUS_PACKAGE, startFakeRpc } from "../../../tests/support/fake-rpc";
import { freshNaviPrices, NAVI_TEST_AGGREGATOR, naviUsdcFeed } from "../../../tests/support/fake-venues";
import { CLOCK } from "../../../testing/chains/sui/simulate";
import { type NaviOpenApi, routeNaviOpenApi, startNaviOpenApi } from "../../../tests/support/navi-open-api";
import { chainView } from "../../../tests/support/sui-chain-view";
import { HermesClient } from "@pythnetwork/hermes-client";
import { SuiPythClient } from "@pythnetwork/pyth-sui-js";
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import { suiRpc } from "../../chains/clients";
import { type FakeHermes, startFakeHermes } from "../../../tests/support/fake-hermes";
import { PYTH_CURRENT_PACKAGE, WORMHOLE_CURRENT_PACKAGE } from "../../../tests/support/fake-venues";

const OWNER = `0x${"ab".repeat(32)}`;
const RAY = 10n ** 27n;
const USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const NAVI_TABLE = `0x${"e6".repeat(32)}`;

// NAVI's lending config as its API serves it (shape: @naviprotocol/lending 1.4.6 dist/types.d.ts LendingConfig; example
// answer: naviprotocol/naviprotocol-monorepo packages/docs/content/docs/lending/config-utils.mdx, commit
// 76878fcd6979cf77b9a194f3094a07bdf273317a). storage, incentiveV2, incentiveV3, priceOracle: naviprotocol/navi-sdk
// src/address.ts getConfig() (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778). version 2: the withdraw NAVI's SDKs build
// today (navi-sdk src/libs/PTB/commonFunctions.ts withdrawCoin calls withdraw_v2 at that commit; lending_core
// incentive_v3.move marks the v1 withdraw "may be deprecated, use v2 instead").
const CONFIG = {
  package: NAVI_CURRENT_PACKAGE,
  storage: "0xbb4e2f4b6205c2e2a2db47aeb4f830796ec7c005f88537ee775986639bc442fe",
  incentiveV2: "0xf87a8acb8b81d14307894d12595541a73f19933f88e1326d5be349c7a6f7559c",
  incentiveV3: "0x62982dad27fb10bb314b3384d5de8d2ac2d72ab2dbeae5d801dbdb9efa816c80",
  priceOracle: "0x1568865ed9a0b5ec414220e8f79b3d04c77acc82358f6e5ae4635687392ffbef",
  reserveParentId: "0xe6d4c6610b86ce7735ea754596d71d72d10c7980b5052fc3c8cdf8d09fea9b4b",
  version: 2,
  oracle: {
    // packageId, oracleConfig, supraOracleHolder: navi-sdk src/address.ts OracleProConfig PackageId, OracleConfig,
    // SupraOracleHolder (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids in the monorepo's config example.
    // The answer NAVI's API gives for this chain state: the newest version of the oracle package the local node lists
    // (navi-sdk's OracleProConfig.PackageId is 0xc2d4…5a83 on mainnet).
    packageId: NAVI_ORACLE_CURRENT_PACKAGE,
    priceOracle: "0x1568865ed9a0b5ec414220e8f79b3d04c77acc82358f6e5ae4635687392ffbef",
    oracleConfig: "0x1afe1cb83634f581606cc73c4487ddd8cc39a944b951283af23f7d69d5589478",
    supraOracleHolder: "0xaa0315f0748c1f24ddb2b45f7939cff40f7a8104af5ccbc4a1d32f870c0b4105",
    // pythStateId, wormholeStateId: navi-sdk src/address.ts OracleProConfig PythStateId, WormholeStateId (commit
    // 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids in the monorepo's config example.
    pythStateId: "0x1f9310238ee9298fb703c3419030b35b22bb1cc37113e3bb5007c99aec79e5b8",
    wormholeStateId: "0xaeab97f96cf9877fee2883315d459552b2b921edc16d7ceac6eab944dd88919c",
    // Only NAVI's web API serves this id (no published source: docs/decisions.md); here the Aggregator the local chain's
    // USDC feed names in its Switchboard provider config (tests/support/fake-venues.ts naviUsdcFeed), as NAVI's API
    // would answer for this chain state.
    switchboardAggregator: NAVI_TEST_AGGREGATOR,
    feeds: [] as unknown[],
  },
};
// USDC's oracle feed: navi-sdk src/address.ts PriceFeedConfig.NUSDC (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778).
const USDC_FEED = {
  oracleId: 10,
  feedId: "0xe120611435395f144b4bcc4466a00b6b26d7a27318f96e148648852a9dd6b31c",
  pythPriceFeedId: "0xeaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a",
  pythPriceInfoObject: "0x5dec622733a204ca27f5a90d8c2fad453cc6665186fd5dff13a83d0b6c9027ab",
  coinType: USDC,
  priceDecimal: 6,
  supraPairId: 47,
};
CONFIG.oracle.feeds.push(USDC_FEED);
// The USDC pool as NAVI's API lists it (shape: dist/types.d.ts Pool). id and contract.pool: navi-sdk src/address.ts
// pool.nUSDC.assetId and poolId (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778). Figures are placeholders the deposit
// and withdraw builders do not read.
const USDC_POOL = {
  uniqueId: "main-10",
  id: 10,
  coinType: USDC.replace(/^0x/, ""),
  suiCoinType: USDC,
  market: "main",
  token: { coinType: USDC, decimals: 6, logoUri: "", symbol: "USDC", price: 1 },
  contract: { reserveId: "0x0", pool: "0xa3582097b4c57630046c0c49a88bfc6b202a3ec0a9db5597c31765f7563755a8" },
  oracleId: 10,
  oracle: { decimal: 6, value: "1000000", price: "1", oracleId: 10, valid: true },
  totalSupplyAmount: "0",
  borrowedAmount: "0",
  validBorrowAmount: "0",
  supplyCapCeiling: "0",
  isDeprecated: false,
  status: "active",
};

/**
 * The JSON-RPC reads @pythnetwork/pyth-sui-js 2.2.0 SuiPythClient makes (lib/client.js: provider.getObject with
 * showContent for a State's upgrade_cap.fields.package and base_update_fee; provider.getDynamicFieldObject for Pyth
 * State's "price_info" table and a PriceIdentifier's entry), answered from the local node over gRPC in JSON-RPC's
 * shape (structs as { type, fields }): the local chain speaks gRPC only, and the SDK is kept as it is.
 */
function pythJsonRpcView() {
  const nest = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(nest);
    if (v && typeof v === "object") return { fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nest(x)])) };
    return v;
  };
  const read = async (id: string) => {
    const { objects } = await suiRpc().getObjects({ objectIds: [id], include: { json: true } });
    const [o] = objects;
    if (!o || o instanceof Error) return { error: { code: "notExists" } };
    const fields = (nest(o.json) as { fields: Record<string, unknown> }).fields;
    // JSON-RPC writes the framework's addresses short and type arguments after ", " (0x2::table::Table<K, V>), which
    // getPriceTableInfo's string replaces expect.
    const type = o.type.replace(/0x0{63}([1-9a-f])(?=::)/g, "0x$1").replace(/,(?! )/g, ", ");
    return { data: { objectId: o.objectId, type, content: { dataType: "moveObject", type, fields } } };
  };
  return {
    getObject: ({ id }: { id: string }) => read(id),
    getDynamicFieldObject: async ({ parentId, name }: { parentId: string; name: { type: string; value: unknown } }) => {
      if (name.type === "vector<u8>") {
        // A dynamic object field: JSON-RPC answers the child object (here the price table).
        const wrapper = "0x2::dynamic_object_field::Wrapper<vector<u8>>";
        const field = await read(deriveDynamicFieldID(parentId, wrapper, bcs.vector(bcs.u8()).serialize(new TextEncoder().encode(String(name.value))).toBytes()));
        const child = "data" in field ? String((field.data?.content.fields as { value: unknown }).value) : "";
        return read(child);
      }
      const bytes = (name.value as { bytes: number[] }).bytes;
      const key = bcs.struct("PriceIdentifier", { bytes: bcs.vector(bcs.u8()) }).serialize({ bytes }).toBytes();
      const field = await read(deriveDynamicFieldID(parentId, name.type, key));
      return field;
    },
  };
}

/** Our builder's transaction, as the wallet reads it. */
async function ours(action: "deposit" | "withdraw", amountMicros: bigint) {
  const b = builderFor("navi", action);
  if (!("build" in b)) throw new Error(b.reason);
  const r = await runBuilder(b.build, { owner: OWNER, amountMicros });
  if (!r.ok) throw new Error(`${r.blocker.code}: ${r.blocker.message}`);
  const [tx] = r.transactions;
  return Transaction.from(String(tx?.payload)).getData();
}

/** The SDK's transaction (its own @mysten/sui 1.45.2), read back with ours. */
async function sdk(action: "deposit" | "withdraw", amountMicros: bigint, pyth?: { hermes: FakeHermes }) {
  const tx = new TransactionV1();
  tx.setSender(OWNER);
  type SdkTx = Parameters<typeof depositCoinPTB>[0];
  if (action === "deposit") {
    const coin = tx.add(coinWithBalanceV1({ type: USDC, balance: amountMicros }));
    await depositCoinPTB(tx as unknown as SdkTx, USDC, coin as unknown as Parameters<typeof depositCoinPTB>[2], { amount: Number(amountMicros) });
  } else {
    // NAVI's app first refreshes the prices of the owner's positions and of the pool withdrawn from
    // (updateOraclePriceBeforeUserOperationPTB: filterPriceFeeds over the owner's positions and the pools, then
    // updateOraclePricesPTB). Its positions come from NAVI's API/indexer, which this test cannot run: they are given here
    // as the local chain holds them (a USDC supply). Pyth is left as it is on chain (no Hermes push in either builder).
    const positions = [{ type: "navi-lending-supply", "navi-lending-supply": { pool: USDC_POOL } }];
    type Feeds = Parameters<typeof filterPriceFeeds>[0];
    type Filters = Parameters<typeof filterPriceFeeds>[1];
    const feeds = filterPriceFeeds(CONFIG.oracle.feeds as Feeds, { lendingPositions: positions, pools: [USDC_POOL] } as unknown as Filters);
    if (pyth) {
      // updateOraclePricesPTB with updatePythPriceFeeds (dist/index.esm.js: getPythStalePriceFeedIdV2, then
      // updatePythPriceFeeds = SuiPriceServiceConnection("https://hermes.pyth.network").getPriceFeedsUpdateData →
      // new SuiPythClient(client, oracle.pythStateId, oracle.wormholeStateId).updatePriceFeeds(tx, data, staleIds)).
      // Its Hermes connection is a module constant with that root hard-coded, so the same steps run here with the
      // update data from the local Hermes (through @pythnetwork/hermes-client 3.1.0) and the SDK's own SuiPythClient.
      // The stale ids are the feeds whose PriceInfoObject is older than 30 s (the test sets it so).
      const stale = (feeds as { pythPriceFeedId: string }[]).map((f) => f.pythPriceFeedId);
      const answer = await new HermesClient(pyth.hermes.url, { httpRetries: 0 }).getLatestPriceUpdates(stale, { encoding: "base64" });
      const data = answer.binary.data.map((d) => Buffer.from(d, "base64"));
      await new SuiPythClient(pythJsonRpcView() as never, CONFIG.oracle.pythStateId, CONFIG.oracle.wormholeStateId).updatePriceFeeds(tx as never, data, stale);
    }
    await updateOraclePricesPTB(tx as unknown as SdkTx, feeds, { updatePythPriceFeeds: false });
    const coin = await withdrawCoinPTB(tx as unknown as SdkTx, USDC, Number(amountMicros));
    tx.transferObjects([coin as unknown as Parameters<TransactionV1["transferObjects"]>[0][number]], OWNER);
  }
  // Serialized as a wallet receives it (the coin intent left for the wallet to resolve), then read with our SDK.
  return Transaction.from(await tx.toJSON({ supportedIntents: ["CoinWithBalance"] })).getData();
}

describe("NAVI: our deposit and withdraw are the ones @naviprotocol/lending 1.4.6 builds", () => {
  let rpc: FakeRpc;
  let api: NaviOpenApi;
  let unroute: () => void;
  let hermes: FakeHermes;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    api = await startNaviOpenApi(CONFIG, [USDC_POOL]);
    unroute = routeNaviOpenApi(api);
    hermes = await startFakeHermes();
    process.env.SVC_PYTH_HERMES_URL = hermes.url;
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
  });
  beforeEach(() => {
    // The owner has 12.5 USDC supplied at a supply index of 1.25: scaled 10 USDC in NAVI's 9-decimal amounts.
    rpc.naviStorages.set(navi.onchain.storage ?? "", {
      reservesTable: NAVI_TABLE,
      reserves: new Map([[10, { coinType: USDC, supplyIndex: (RAY * 5n) / 4n, suppliers: new Map([[OWNER, 10_000_000_000n]]) }]]),
    });
  });
  afterAll(async () => {
    unroute();
    delete process.env.SVC_RPC_MOVE;
    delete process.env.SVC_PYTH_HERMES_URL;
    await hermes.close();
    resetConfigForTests();
    await api.close();
    await rpc.close();
  });

  it("deposit: coinWithBalance → incentive_v3::entry_deposit<USDC>(clock, storage, pool, 10, coin, amount, incentive v2, v3)", async () => {
    const [mine, theirs] = await Promise.all([ours("deposit", 2_500_000n), sdk("deposit", 2_500_000n)]);
    expect(chainView(mine)).toEqual(chainView(theirs));
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
    expect(api.requests.some((r) => r.startsWith("/api/navi/config?env=prod&sdk=1.4.6&market=main"))).toBe(true);
  });

  it("withdraw: oracle_pro::update_single_price_v2 (USDC feed) → incentive_v3::withdraw_v2<USDC>(clock, oracle, storage, pool, 10, amount, v2, v3, system state) → coin::from_balance → owner", async () => {
    const [mine, theirs] = await Promise.all([ours("withdraw", 3_000_000n), sdk("withdraw", 3_000_000n)]);
    expect(chainView(mine)).toEqual(chainView(theirs));
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

  it("the call package is the newest version the chain lists, whatever the order or the version id it is asked with", async () => {
    const original = navi.onchain.lendingPackage ?? "";
    rpc.packageVersions.set(original, [original, NAVI_PREVIOUS_PACKAGE]);
    try {
      // Cached for 60 s per RPC URL: a fresh local chain sees the change.
      const other = await startFakeRpc();
      other.packageVersions.set(original, [original, NAVI_PREVIOUS_PACKAGE]);
      process.env.SVC_RPC_MOVE = other.url;
      resetConfigForTests();
      try {
        const deposit = chainView(await ours("deposit", 2_000_000n));
        expect(deposit.commands[1]).toMatchObject({ package: NAVI_PREVIOUS_PACKAGE });
        expect(deposit.commands[1]).not.toMatchObject({ package: normalizeSuiAddress(original) });
        // The SDK, told by NAVI's API that NAVI_CURRENT_PACKAGE is current, disagrees with a chain whose newest is older.
        expect(deposit).not.toEqual(chainView(await sdk("deposit", 2_000_000n)));
        other.packageVersions.clear();
        const unknown = await startFakeRpc();
        unknown.packageVersions.clear();
        process.env.SVC_RPC_MOVE = unknown.url;
        resetConfigForTests();
        const b = builderFor("navi", "deposit");
        if (!("build" in b)) throw new Error(b.reason);
        const r = await runBuilder(b.build, { owner: OWNER, amountMicros: 2_000_000n });
        expect(r).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("NAVI's current lending package") } });
        await unknown.close();
      } finally {
        await other.close();
      }
    } finally {
      rpc.packageVersions.set(original, [original, NAVI_PREVIOUS_PACKAGE, NAVI_CURRENT_PACKAGE]);
      process.env.SVC_RPC_MOVE = rpc.url;
      resetConfigForTests();
    }
  });

  it("the local node simulates both (shared objects resolved from their owners); the previous package version is refused", async () => {
    fundSuiOwner(rpc, OWNER);
    const plans = await Promise.all(
      (["deposit", "withdraw"] as const).map(async (action) => {
        const b = builderFor("navi", action);
        if (!("build" in b)) throw new Error(b.reason);
        const r = await runBuilder(b.build, { owner: OWNER, amountMicros: 2_000_000n });
        if (!r.ok) throw new Error(r.blocker.message);
        return r.transactions;
      }),
    );
    const [deposit, withdraw] = await simulateSuiTransactions(plans.flat());
    expect(deposit).toMatchObject({ status: "ok", error: null });
    expect(withdraw).toMatchObject({ status: "ok", error: null });
    // The same deposit sent to the version before the newest: that code's version check aborts, as on chain.
    const stale = plans.flat().map((t) => ({ ...t, payload: String(t.payload).replaceAll(NAVI_CURRENT_PACKAGE, NAVI_PREVIOUS_PACKAGE) }));
    const [staleDeposit] = await simulateSuiTransactions(stale.slice(0, 1));
    expect(staleDeposit).toMatchObject({ status: "failed", error: expect.stringContaining("incentive_v3") });
  });

  it("oracle prices: a withdraw carrying the price update passes while NAVI's sources are fresh; without it a stale price aborts 1502; stale sources block the plan before simulation", async () => {
    fundSuiOwner(rpc, OWNER);
    const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
    const plan = async (action: "deposit" | "withdraw") => {
      const b = builderFor("navi", action);
      if (!("build" in b)) throw new Error(b.reason);
      return runBuilder(b.build, { owner: OWNER, amountMicros: 2_000_000n });
    };
    const txs = async (action: "deposit" | "withdraw") => {
      const r = await plan(action);
      if (!r.ok) throw new Error(r.blocker.message);
      return r.transactions;
    };
    /** The same transaction without its price updates (what this service built before). */
    const withoutUpdates = (t: Awaited<ReturnType<typeof txs>>) => {
      const tx = Transaction.from(String(t[0]?.payload));
      const data = tx.getData();
      const n = data.commands.filter((c) => c.MoveCall?.function === "update_single_price_v2").length;
      expect(n).toBe(1);
      data.commands.splice(0, n);
      // Results are numbered by command: shift the later commands' references.
      const shift = (a: unknown): void => {
        if (!a || typeof a !== "object") return;
        const o = a as Record<string, unknown>;
        if (o.$kind === "Result" && typeof o.Result === "number") o.Result -= n;
        else if (o.$kind === "NestedResult" && Array.isArray(o.NestedResult)) o.NestedResult = [Number(o.NestedResult[0]) - n, o.NestedResult[1]];
        else for (const v of Object.values(o)) if (v && typeof v === "object") shift(v);
      };
      for (const c of data.commands) shift(c);
      return [{ ...t[0], payload: JSON.stringify(data) }] as typeof t;
    };
    try {
      // The PriceOracle's USDC price 31 s old (over update_interval 30 s), its Pyth and Switchboard sources 1 s old.
      rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
      const [deposit, withdraw] = await Promise.all([txs("deposit"), txs("withdraw")]);
      expect(withdraw[0]?.description).toContain("It first refreshes NAVI's prices for the owner's positions (oracle_pro::update_single_price_v2 for oracle id 10");
      // With the update first, the health check reads a price stamped in the same transaction: it passes.
      expect(await simulateSuiTransactions(withdraw)).toMatchObject([{ status: "ok", error: null }]);
      // The same withdraw without the update aborts where NAVI's code does, and says what is needed.
      const [bare] = await simulateSuiTransactions(withoutUpdates(withdraw));
      expect(bare).toMatchObject({ status: "failed", gasEstimate: null });
      expect(bare?.error).toContain(`${NAVI_CURRENT_PACKAGE}::calculator::calculate_value`);
      expect(bare?.error).toContain("1502");
      expect(bare?.error).toContain("A fresh price update is needed first");
      // A deposit does not check health: the same stale prices do not stop it.
      expect(await simulateSuiTransactions(deposit)).toMatchObject([{ status: "ok" }]);
      // An update naming another Aggregator than the feed's Switchboard config aborts pair_not_match (6007).
      const swapped = [{ ...withdraw[0], payload: String(withdraw[0]?.payload).replaceAll(NAVI_TEST_AGGREGATOR, USDC_FEED.pythPriceInfoObject) }] as typeof withdraw;
      const [wrong] = await simulateSuiTransactions(swapped);
      expect(wrong).toMatchObject({ status: "failed", error: expect.stringContaining("6007") });

      // Both sources 31 s old (over the feed's max_timestamp_diff of 30 s) and Hermes's latest Pyth price as old:
      // update_single_price_v2 would not refresh the price even after the push, so the plan is blocked before any
      // simulation, saying why.
      const feed = naviUsdcFeed();
      rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 31_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 31_000n } }];
      hermes.prices.set(USDC_FEED.pythPriceFeedId.slice(2), { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 31_000n) / 1000n });
      const blocked = await plan("withdraw");
      expect(blocked).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
      const message = blocked.ok ? "" : blocked.blocker.message;
      expect(message).toContain("oracle id 10");
      expect(message).toContain("31 s old");
      expect(message).toContain("Pyth published 31 s ago, Switchboard updated 31 s ago");
      expect(message).toContain("abort 1502");
      expect(message).toContain("even with the Pyth update Hermes serves now");
      // Hermes unreachable: the fresh Pyth price cannot be fetched; blocked rpc_unavailable naming Hermes.
      hermes.failing.on = true;
      const down = await plan("withdraw");
      expect(down).toMatchObject({ ok: false, blocker: { code: "rpc_unavailable", message: expect.stringContaining(`Pyth's Hermes (${hermes.url})`) } });
      expect(down.ok ? "" : down.blocker.message).toContain("would abort 1502");
      hermes.failing.on = false;
      hermes.prices.clear();
      // Sources stale but the PriceOracle's price fresh: built (the update is a no-op, the price still passes).
      rpc.naviPriceOracle = freshNaviPrices();
      expect(await simulateSuiTransactions(await txs("withdraw"))).toMatchObject([{ status: "ok" }]);

      // No feed names a Switchboard Aggregator on chain: the update cannot be built without inventing one. With fresh
      // prices the withdraw is built without it and says so; with a stale price it is blocked before simulation.
      rpc.naviOracleFeeds = [{ ...feed, secondary: "", switchboard: undefined }];
      const plain = await txs("withdraw");
      expect(chainView(Transaction.from(String(plain[0]?.payload)).getData()).commands.some((c) => "module" in c && c.module === "oracle_pro")).toBe(false);
      expect(plain[0]?.description).toContain("no feed of NAVI's OracleConfig names a Switchboard Aggregator");
      expect(await simulateSuiTransactions(plain)).toMatchObject([{ status: "ok" }]);
      rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
      expect(await plan("withdraw")).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("would abort 1502") } });
    } finally {
      rpc.naviPriceOracle = freshNaviPrices();
      rpc.naviOracleFeeds = [naviUsdcFeed()];
    }
  });

  it("stale Pyth: the withdraw pushes Hermes's price as NAVI's app does (SuiPythClient.updatePriceFeeds, then update_single_price_v2, withdraw_v2), call by call; the local node runs it", async () => {
    fundSuiOwner(rpc, OWNER);
    const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
    const feed = naviUsdcFeed();
    // PriceOracle's price and both sources 31 s old; Hermes has Pyth's price of 1 s before the Clock.
    rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
    rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 31_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 31_000n } }];
    hermes.prices.set(USDC_FEED.pythPriceFeedId.slice(2), { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });
    try {
      const [mine, theirs] = [await ours("withdraw", 3_000_000n), await sdk("withdraw", 3_000_000n, { hermes })];
      expect(chainView(mine)).toEqual(chainView(theirs));
      const view = chainView(mine);
      const clock = { object: normalizeSuiAddress("0x6") };
      // Spelled out: the Pyth and Wormhole packages are the States' upgrade caps' on the local chain.
      expect(view.commands.map((c) => ("function" in c ? `${c.module}::${c.function}` : "split" in c ? "SplitCoins" : "transfer"))).toEqual([
        "vaa::parse_and_verify",
        "pyth::create_authenticated_price_infos_using_accumulator",
        "SplitCoins",
        "pyth::update_single_price_feed",
        "hot_potato_vector::destroy",
        "oracle_pro::update_single_price_v2",
        "incentive_v3::withdraw_v2",
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
      expect(hermes.requests).toContain(`/v2/updates/price/latest?ids%5B%5D=${USDC_FEED.pythPriceFeedId.slice(2)}&encoding=hex&parsed=true`);
      // The local node runs it: the push refreshes the PriceInfoObject, the NAVI update stamps the price, the health
      // check passes. The same plan without the Pyth calls aborts 1502.
      const b = builderFor("navi", "withdraw");
      if (!("build" in b)) throw new Error(b.reason);
      const r = await runBuilder(b.build, { owner: OWNER, amountMicros: 3_000_000n });
      if (!r.ok) throw new Error(r.blocker.message);
      expect(r.transactions[0]?.description).toContain("after pushing Pyth's latest price from Hermes for 1 PriceInfoObject older than 30 s");
      expect(await simulateSuiTransactions(r.transactions)).toMatchObject([{ status: "ok", error: null }]);
      const pure = (r.transactions[0]?.payload ?? "") as string;
      const data = Transaction.from(pure).getData();
      const pythPure = data.commands[1]?.MoveCall?.arguments[1];
      expect(pythPure?.$kind).toBe("Input");
      // An update whose accumulator does not carry this PriceInfoObject's price id aborts in Pyth's code (5).
      const otherId = `0x${"77".repeat(32)}`;
      hermes.prices.clear();
      hermes.prices.set(otherId.slice(2), { price: 1n, conf: 1n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });
      const { accumulatorMessage } = await import("../../../tests/support/fake-hermes");
      const wrongBytes = bcs.vector(bcs.u8()).serialize(Array.from(accumulatorMessage([[otherId, { price: 1n, conf: 1n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n }]]))).toBytes();
      const input = pythPure && "Input" in pythPure ? data.inputs[pythPure.Input] : undefined;
      if (!input?.Pure) throw new Error("no accumulator input");
      input.Pure.bytes = Buffer.from(wrongBytes).toString("base64");
      const [wrong] = await simulateSuiTransactions([{ ...r.transactions[0], payload: JSON.stringify(data) }] as typeof r.transactions);
      expect(wrong).toMatchObject({ status: "failed", error: expect.stringContaining("abort code: 5") });
      expect(wrong?.error).toContain(`${PYTH_CURRENT_PACKAGE}::pyth::update_single_price_feed`);
    } finally {
      hermes.prices.clear();
      rpc.naviPriceOracle = freshNaviPrices();
      rpc.naviOracleFeeds = [naviUsdcFeed()];
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
    expect(mine.commands[0]).toEqual(theirs.commands[0]);
  });

  it("a withdrawal never asks for more than the owner's supplied balance read at plan time", async () => {
    // scaled 10 USDC × 1.25 = 12.5 USDC: the whole balance can be withdrawn, one micro more cannot.
    await expect(ours("withdraw", 12_500_000n)).resolves.toBeDefined();
    const b = builderFor("navi", "withdraw");
    if (!("build" in b)) throw new Error(b.reason);
    const over = await runBuilder(b.build, { owner: OWNER, amountMicros: 12_500_001n });
    expect(over).toMatchObject({ ok: false, blocker: { code: "insufficient_balance", message: expect.stringContaining("12500000 micro-USDC supplied") } });
    // An owner with no entry in the reserve's user_state table has nothing to withdraw.
    const stranger = await runBuilder(b.build, { owner: `0x${"cd".repeat(32)}`, amountMicros: 1n });
    expect(stranger).toMatchObject({ ok: false, blocker: { code: "insufficient_balance", message: expect.stringContaining(" 0 micro-USDC supplied") } });
    // logic.move user_collateral_balance rounds ray_mul half up, then 9 → 6 decimals floors.
    expect(naviSuppliedMicros(1999n, RAY / 2n)).toBe(1n); // 999.5 → 1000 (9 decimals) → 1 micro
    expect(naviSuppliedMicros(1997n, RAY / 2n)).toBe(0n); // 998.5 → 999 → 0
    expect(naviSuppliedMicros(12_345_678_901n, RAY)).toBe(12_345_678n);
    // Storage unreadable: blocked in words, never a guess.
    rpc.naviStorages.clear();
    expect(await runBuilder(b.build, { owner: OWNER, amountMicros: 1n })).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
  });
});
