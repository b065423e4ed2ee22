// Scallop's own SDK is the oracle: @scallop-io/sui-scallop-sdk 2.4.5 (on its own nested @mysten/sui 1.45.2) builds the
// same deposit and the same withdraw as our builder, and every Move call must agree: package, module, function, type
// arguments, and each argument's kind and object or bytes.
// The SDK normally reads its address book and pool list from Scallop's web API (sui.apis.scallop.io); here it is given
// them (`forceAddressesInterface`, `forcePoolAddressInterface`, `forceWhitelistInterface`), typed from Scallop's
// published sources rather than taken from our registry. `core.packages.protocol.id` is the answer Scallop's address
// book gives for this chain state: the package the protocol's UpgradeCap points at on the local Sui node.
// The SDK's normal methods `deposit` (mint::mint) and `withdraw` (redeem::redeem) read nothing from the chain: they are
// the calls its `depositQuick(amount, "usdc", false)` and `withdrawQuick` make once coins are chosen (coreBuilder.ts).
// The SDK's own client speaks JSON-RPC (a 1.x SuiClient), which the local gRPC node does not serve, so it is pointed at
// a local server that counts what it is asked: it must be asked nothing.
import { ScallopBuilder } from "@scallop-io/sui-scallop-sdk";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { coinWithBalance as coinWithBalanceV1 } from "sui-v1/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateSuiTransactions } from "../../chains/sui/simulate";
import { SCALLOP_MARKET_COIN_TYPE, scallopObjectTypes } from "./build";
import { forgetProvenIds } from "../shared/prove";
import { proveSuiObjectTypes } from "../shared/sui-types";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../../../tests/support/fake-rpc";
import { SCALLOP_CURRENT_PACKAGE, setScallopUsdc } from "../../../testing/chains/sui/venues/scallop";
import { chainView, expectSameAs, ourBuild, outline, ourSuiData, silentEndpoint, useLocalChain } from "../../../testing/oracle";

const OWNER = `0x${"ab".repeat(32)}`;
// Circle's native USDC on Sui: @scallop-io/sui-scallop-sdk 2.4.5 src/constants/testAddress.ts core.coins.usdc.coinType.
const USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
// Scallop's mainnet market and Version object: scallop-io/sui-lending-protocol contracts/protocol/publish-result.mainnet.json
// `marketId`, `versionId` (commit 334e93a1232a1d9417466080ae24491be3f7b27c).
const MARKET = "0xa757975255146dc9686aa823b7838b507f315d704f428cbadad2f4ea061939d9";
const VERSION = "0x07871c4b3c847a0f674510d4978d5cf6f960452795e8ff6f189fd2088a3f6ac7";
// The protocol's UpgradeCap: the same file's `upgradeCapId` (commit 334e93a1232a1d9417466080ae24491be3f7b27c).
const UPGRADE_CAP = "0x38527d154618d1fd5a644b90717fe07cf0e9f26b46b63e9568e611a3f86d5c1a";
// The original protocol package (defines MarketCoin): @scallop-io/sui-scallop-sdk 2.4.5 src/models/scallopConstants.ts
// `protocolObjectId` fallback (parseToOldMarketCoin).
const ORIGINAL = "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf";
// coinDecimalsRegistry: @scallop-io/sui-scallop-sdk 2.4.5 src/constants/testAddress.ts core.coinDecimalsRegistry.
const COIN_DECIMALS_REGISTRY = "0x200abe9bf19751cc566ae35aa58e2b7e4ff688fc1130f8d8909ea09bc137d668";

type SuiData = Parameters<typeof chainView>[0];

/**
 * Ours and the SDK's transaction agree; and what they agree on, spelled out (a shared mistake would still show here):
 * CoinWithBalance of `coinType` for `balance` → `<module>::<module><USDC>(version, market, that coin, clock)` at the
 * UpgradeCap's package → transfer. Returns our transaction's view.
 */
function expectSameMarketCall(what: string, mine: SuiData, theirs: SuiData, module: "mint" | "redeem", coinType: string, balance: string) {
  expectSameAs(what, chainView(mine), chainView(theirs));
  const view = chainView(mine);
  expect(outline(view)).toEqual(["CoinWithBalance", `${SCALLOP_CURRENT_PACKAGE}::${module}::${module}`, "transfer"]);
  expect(view.commands[0]).toEqual({ intent: "CoinWithBalance", type: normalizeStructTag(coinType), balance });
  expect(view.commands[1]).toEqual({
    package: SCALLOP_CURRENT_PACKAGE,
    module,
    function: module,
    typeArguments: [normalizeStructTag(USDC)],
    arguments: [{ object: VERSION }, { object: MARKET }, { result: 0, index: 0 }, { object: normalizeSuiAddress("0x6") }],
  });
  return view;
}

/** Scallop's SDK given the address book the web API would serve for this chain (the parts deposit and withdraw read). */
async function scallopSdk(endpoint: string, protocolPackage: string) {
  // Shape: @scallop-io/sui-scallop-sdk 2.4.5 src/types/address.ts AddressesInterface (only what coreBuilder.ts reads for
  // mint and redeem is given; anything else it read would come out undefined and fail the comparison).
  const book = { core: { version: VERSION, market: MARKET, coinDecimalsRegistry: COIN_DECIMALS_REGISTRY, packages: { protocol: { id: protocolPackage, upgradeCap: UPGRADE_CAP } }, oracles: {} } };
  type Params = NonNullable<ConstructorParameters<typeof ScallopBuilder>[0]>;
  const builder = new ScallopBuilder({
    networkType: "mainnet",
    fullnodeUrls: [endpoint],
    urls: { poolAddresses: [endpoint], whitelist: [endpoint] },
    forceAddressesInterface: { mainnet: book as unknown as NonNullable<Params["forceAddressesInterface"]>["mainnet"] },
    // Shape: src/types/constant/poolAddress.ts PoolAddress; coinType is what parseCoinType("usdc") answers.
    forcePoolAddressInterface: { usdc: { coinName: "usdc", symbol: "USDC", coinType: USDC, decimals: 6 } as unknown as NonNullable<Params["forcePoolAddressInterface"]>[string] },
    // The whitelist keys ScallopConstants.isInitialized requires (so init reads nothing from the web).
    forceWhitelistInterface: { lending: ["usdc"], collateral: ["usdc"], borrowing: ["usdc"], packages: ["protocol"], scoin: ["susdc"], spool: ["susdc"], oracles: ["pyth"], pythEndpoints: [endpoint], emerging: ["usdc"] },
  });
  await builder.init();
  return builder;
}

/** Our builder's transaction, as the wallet reads it. */
const ours = (action: "deposit" | "withdraw", amountMicros: bigint) => ourSuiData("scallop", action, OWNER, amountMicros);

/** The SDK's transaction for the same coin amount (its own @mysten/sui 1.45.2), read back with ours. */
async function sdk(builder: ScallopBuilder, action: "deposit" | "withdraw", coinType: string, coinAmount: bigint) {
  const txb = builder.createTxBlock();
  txb.setSender(OWNER);
  type CoinArg = Parameters<typeof txb.deposit>[0];
  const coin = txb.txBlock.add(coinWithBalanceV1({ type: coinType, balance: coinAmount }) as unknown as Parameters<typeof txb.txBlock.add>[0]) as unknown as CoinArg;
  const out = action === "deposit" ? txb.deposit(coin, "usdc") : txb.withdraw(coin, "usdc");
  txb.transferObjects([out], OWNER);
  // Serialized as a wallet receives it (the coin intent left for the wallet to resolve), then read with our SDK.
  return Transaction.from(await txb.txBlock.toJSON({ supportedIntents: ["CoinWithBalance"] })).getData();
}

describe("Scallop: our deposit and withdraw are the ones @scallop-io/sui-scallop-sdk 2.4.5 builds", () => {
  let rpc: FakeRpc;
  let endpoint: Awaited<ReturnType<typeof silentEndpoint>>;
  let builder: ScallopBuilder;
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));
  beforeAll(async () => {
    endpoint = await silentEndpoint();
    // Rate 1.5 USDC per market coin: (cash 2000 + debt 1000 − revenue 0) / 2000 market coins.
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 10_000_000n);
    // What Scallop's address book serves as core.packages.protocol.id on this chain: its UpgradeCap's package.
    const capPackage = rpc.upgradeCaps.get(UPGRADE_CAP);
    if (!capPackage) throw new Error("the local chain has no Scallop UpgradeCap");
    builder = await scallopSdk(endpoint.url, capPackage);
  });
  afterAll(async () => {
    await endpoint.close();
  });

  it("deposit: coinWithBalance → mint::mint<USDC>(version, market, coin, clock) → owner, at the UpgradeCap's package", async () => {
    const mine = await ours("deposit", 2_500_000n);
    const theirs = await sdk(builder, "deposit", USDC, 2_500_000n);
    const view = expectSameMarketCall("ScallopBuilder deposit (mint::mint)", mine.data, theirs, "mint", USDC, "2500000");
    expect(view.commands[2]).toEqual({ transfer: [{ result: 1, index: 0 }], to: { pure: expect.any(String) } });
    // Built offline: neither the SDK's full node nor Scallop's API was asked anything.
    expect(endpoint.requests).toEqual([]);
  });

  it("withdraw: the market coins for the amount at the chain's rate → redeem::redeem<USDC>(version, market, coins, clock) → owner", async () => {
    const mine = await ours("withdraw", 3_000_000n);
    // 3 USDC at 1.5 USDC per market coin: 2 market coins (MarketCoin keeps the original package in its type).
    const marketCoin = `${ORIGINAL}::reserve::MarketCoin<${USDC}>`;
    const theirs = await sdk(builder, "withdraw", marketCoin, 2_000_000n);
    expectSameMarketCall("ScallopBuilder withdraw (redeem::redeem)", mine.data, theirs, "redeem", marketCoin, "2000000");
    expect(endpoint.requests).toEqual([]);
  });

  it("the SDK told an older package (the original id) builds a different call: the comparison sees the package", async () => {
    const stale = await scallopSdk(endpoint.url, ORIGINAL);
    const mine = await ours("deposit", 2_500_000n);
    const theirs = await sdk(stale, "deposit", USDC, 2_500_000n);
    expect(chainView(mine.data)).not.toEqual(chainView(theirs));
    expect(chainView(theirs).commands[1]).toMatchObject({ package: ORIGINAL, module: "mint", function: "mint" });
  });

  it("the local node simulates both; the same calls sent to the original package abort in its version check", async () => {
    fundSuiOwner(rpc, OWNER);
    const [deposit, withdraw] = await Promise.all([ours("deposit", 2_000_000n), ours("withdraw", 3_000_000n)]);
    const sims = await simulateSuiTransactions([...deposit.transactions, ...withdraw.transactions]);
    expect(sims).toMatchObject([
      { status: "ok", error: null },
      { status: "ok", error: null },
    ]);
    const stale = [...deposit.transactions, ...withdraw.transactions].map((t) => ({ ...t, payload: String(t.payload).replaceAll(SCALLOP_CURRENT_PACKAGE, ORIGINAL) }));
    const [staleDeposit, staleWithdraw] = await simulateSuiTransactions(stale);
    expect(staleDeposit).toMatchObject({ status: "failed", error: expect.stringContaining("mint") });
    expect(staleWithdraw).toMatchObject({ status: "failed", error: expect.stringContaining("redeem") });
  });

  it("Version and Market are proven by their Move type: swapped ids, or another protocol's object at the Market's id, block the plans naming it", async () => {
    const market = normalizeStructTag(`${ORIGINAL}::market::Market`);
    forgetProvenIds();
    await expect(proveSuiObjectTypes("Scallop", scallopObjectTypes({ protocolPackage: ORIGINAL, version: VERSION, market: MARKET }))).resolves.toBeUndefined();
    // The Version object given as the Market (a real Scallop object of another type).
    const swapped = await proveSuiObjectTypes("Scallop", scallopObjectTypes({ protocolPackage: ORIGINAL, version: VERSION, market: VERSION })).catch((e: unknown) => e);
    expect(swapped).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`Scallop's Market ${VERSION} is a ${market}: it is not (the chain says it is a `) });
    expect(swapped).toMatchObject({ message: expect.stringContaining("::version::Version") });
    // The chain holds a Suilend LendingMarket at the pinned Market id (Scallop's market moved elsewhere, so its Version
    // stays): our builder refuses both plans.
    const sheets = rpc.scallopMarkets.get(MARKET);
    if (!sheets) throw new Error("no Scallop market on the local chain");
    const elsewhere = `0x${"5d".repeat(32)}`;
    rpc.scallopMarkets.delete(MARKET);
    rpc.scallopMarkets.set(elsewhere, sheets);
    rpc.suilendMarkets.set(MARKET, []);
    forgetProvenIds();
    try {
      for (const action of ["deposit", "withdraw"] as const) {
        const r = await ourBuild("scallop", action, OWNER, 1_000_000n).catch((e: unknown) => e);
        expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`Scallop's Market ${MARKET} is a ${market}: it is not`) });
        expect(r).toMatchObject({ message: expect.stringContaining("::lending_market::LendingMarket<") });
      }
    } finally {
      rpc.suilendMarkets.delete(MARKET);
      rpc.scallopMarkets.delete(elsewhere);
      rpc.scallopMarkets.set(MARKET, sheets);
      forgetProvenIds();
    }
  });
});
