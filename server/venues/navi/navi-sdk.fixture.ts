// NAVI's SDK as both NAVI oracle tests drive it (navi.oracle.test.ts: call by call against the SDK; navi-chain.oracle.test.ts:
// the same builder on the local node), with the chain state and the local NAVI API and Hermes they share.
// NAVI's own SDK is the oracle: @naviprotocol/lending 1.4.6 (on its own @mysten/sui 1.45.2, tests/support/sdk-peers.ts)
// builds the same deposit and the same withdraw as our builder, from the same chain state, and every Move call must agree:
// package, module, function, type arguments, and each argument's kind and object or bytes.
// The SDK reads its config and pools from NAVI's web API; here that API is a local server answering with NAVI's published
// config (the ids below are typed from NAVI's sources, not taken from our registry), and `package` is the answer NAVI's
// API gives for this chain state: the newest version of the lending package, which the local Sui node lists.
import { depositCoinPTB, filterPriceFeeds, updateOraclePricesPTB, withdrawCoinPTB } from "@naviprotocol/lending";
import { bcs } from "@mysten/sui/bcs";
import { Transaction } from "@mysten/sui/transactions";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import { HermesClient } from "@pythnetwork/hermes-client";
import { SuiPythClient } from "@pythnetwork/pyth-sui-js";
import { coinWithBalance as coinWithBalanceV1, Transaction as TransactionV1 } from "sui-v1/transactions";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { suiRpc } from "../../chains/clients";
import { resetConfigForTests } from "../../config";
import { navi } from "./descriptor";
import { type FakeHermes, startFakeHermes } from "../../../tests/support/fake-hermes";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { NAVI_CURRENT_PACKAGE, NAVI_ORACLE_CURRENT_PACKAGE } from "../../../testing/chains/sui/venues/navi";
import { NAVI_TEST_AGGREGATOR } from "../../../testing/chains/sui/venues/navi-oracle";
import { type NaviOpenApi, routeNaviOpenApi, startNaviOpenApi } from "../../../tests/support/navi-open-api";
import { ourSuiData, useLocalChain } from "../../../testing/oracle";

export const OWNER = `0x${"ab".repeat(32)}`;
export const RAY = 10n ** 27n;
export const USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const NAVI_TABLE = `0x${"e6".repeat(32)}`;

// NAVI's lending config as its API serves it (shape: @naviprotocol/lending 1.4.6 dist/types.d.ts LendingConfig; example
// answer: naviprotocol/naviprotocol-monorepo packages/docs/content/docs/lending/config-utils.mdx, commit
// 76878fcd6979cf77b9a194f3094a07bdf273317a). storage, incentiveV2, incentiveV3, priceOracle: naviprotocol/navi-sdk
// src/address.ts getConfig() (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778). version 2: the withdraw NAVI's SDKs build
// today (navi-sdk src/libs/PTB/commonFunctions.ts withdrawCoin calls withdraw_v2 at that commit; lending_core
// incentive_v3.move marks the v1 withdraw "may be deprecated, use v2 instead").
export const CONFIG = {
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
    // USDC feed names in its Switchboard provider config (testing/chains/sui/venues/navi-oracle.ts naviUsdcFeed), as NAVI's API
    // would answer for this chain state.
    switchboardAggregator: NAVI_TEST_AGGREGATOR,
    feeds: [] as unknown[],
  },
};
// USDC's oracle feed: navi-sdk src/address.ts PriceFeedConfig.NUSDC (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778).
export const USDC_FEED = {
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
export const USDC_POOL = {
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
export async function ours(action: "deposit" | "withdraw", amountMicros: bigint) {
  return (await ourSuiData("navi", action, OWNER, amountMicros)).data;
}

/**
 * The amount as the NAVI SDK's builders take it, kept a bigint: their `amount: number | TransactionResult` goes through
 * the SDK's own `g(amount, tx.pure.u64)` (@naviprotocol/lending 1.4.6 dist/index.esm.js: an object is used as given, a
 * number becomes `tx.pure.u64(number)`), so the same pure u64 input made here from the bigint is what a number gives.
 */
function sdkAmount(tx: TransactionV1, amountMicros: bigint): SdkAmount {
  return tx.pure.u64(amountMicros) as unknown as SdkAmount;
}
type SdkAmount = Parameters<typeof withdrawCoinPTB>[2];

/** The SDK's transaction (its own @mysten/sui 1.45.2), read back with ours. */
export async function sdk(action: "deposit" | "withdraw", amountMicros: bigint, pyth?: { hermes: FakeHermes }) {
  const tx = new TransactionV1();
  tx.setSender(OWNER);
  type SdkTx = Parameters<typeof depositCoinPTB>[0];
  if (action === "deposit") {
    const coin = tx.add(coinWithBalanceV1({ type: USDC, balance: amountMicros }));
    await depositCoinPTB(tx as unknown as SdkTx, USDC, coin as unknown as Parameters<typeof depositCoinPTB>[2], { amount: sdkAmount(tx, amountMicros) });
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
    const coin = await withdrawCoinPTB(tx as unknown as SdkTx, USDC, sdkAmount(tx, amountMicros));
    tx.transferObjects([coin as unknown as Parameters<TransactionV1["transferObjects"]>[0][number]], OWNER);
  }
  // Serialized as a wallet receives it (the coin intent left for the wallet to resolve), then read with our SDK.
  return Transaction.from(await tx.toJSON({ supportedIntents: ["CoinWithBalance"] })).getData();
}

/**
 * The local Sui node, NAVI's API and Pyth's Hermes for the file's tests; before each test the owner has 12.5 USDC
 * supplied at a supply index of 1.25 (scaled 10 USDC in NAVI's 9-decimal amounts).
 */
/** NAVI's Storage with its USDC reserve (index 1.25) and the owner's 10,000 USDC supplied, on a local chain. */
export function seedNaviStorage(rpc: FakeRpc): void {
  rpc.naviStorages.set(navi.onchain.storage ?? "", {
    reservesTable: NAVI_TABLE,
    reserves: new Map([[10, { coinType: USDC, supplyIndex: (RAY * 5n) / 4n, suppliers: new Map([[OWNER, 10_000_000_000n]]) }]]),
  });
}

export function useNaviChain(): { rpc: FakeRpc; api: NaviOpenApi; hermes: FakeHermes } {
  const chain = {} as { rpc: FakeRpc; api: NaviOpenApi; hermes: FakeHermes };
  let unroute: () => void = () => {};
  useLocalChain(["SVC_RPC_MOVE"], async () => (chain.rpc = await startFakeRpc()));
  beforeAll(async () => {
    chain.api = await startNaviOpenApi(CONFIG, [USDC_POOL]);
    unroute = routeNaviOpenApi(chain.api);
    chain.hermes = await startFakeHermes();
    process.env.SVC_PYTH_HERMES_URL = chain.hermes.url;
    resetConfigForTests();
  });
  beforeEach(() => seedNaviStorage(chain.rpc));
  afterAll(async () => {
    unroute();
    delete process.env.SVC_PYTH_HERMES_URL;
    await chain.hermes.close();
    resetConfigForTests();
    await chain.api.close();
  });
  return chain;
}
