// Suilend's own SDK is the oracle: @suilend/sdk 3.0.3, on our SuiGrpcClient pointed at the local Sui node, builds the
// same deposit and the same withdraw as our builder from the same chain state, and every Move call must agree: package,
// module, function, type arguments, and each argument's kind and object, bytes or coin.
// The SDK reads everything it needs from the chain: `SuilendClient.initialize` decodes the LendingMarket (its BCS, with
// the SDK's generated layout) and takes the call package from the UpgradeCap; `depositLiquidityAndGetCTokens` and
// `redeemCtokensAndWithdrawLiquidity` list the owner's coins (ListOwnedObjects). Our builder reads the same objects.
// The two pick coins differently (the SDK merges and splits the owner's coins, ours leaves a CoinWithBalance intent to
// the wallet), so coin arguments are compared by what the chain receives: a coin of type T worth this much.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { SuilendClient } from "@suilend/sdk/client";
import { beforeAll, describe, expect, it } from "vitest";
import { simulateSuiTransactions } from "../../chains/sui/simulate";
import { SUILEND_CTOKEN_TYPE, suilendObjectTypes } from "./build";
import { forgetProvenIds } from "../shared/prove";
import { proveSuiObjectTypes } from "../shared/sui-types";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../../../tests/support/fake-rpc";
import { type SuilendReserveState, SUILEND_CURRENT_PACKAGE } from "../../../testing/chains/sui/venues/suilend";
import { lendingMarketBcs, MAIN_POOL, MARKET, ORIGINAL, RESERVES, UPGRADE_CAP, USDC } from "./suilend-sdk.fixture";
import { type CoinFacts, expectSameAs, moveFlow, ourBuild, ourSuiData, useLocalChain } from "../../../testing/oracle";

const OWNER = `0x${"ab".repeat(32)}`;

describe("Suilend: our deposit and withdraw are the ones @suilend/sdk 3.0.3 builds", () => {
  let rpc: FakeRpc;
  let client: SuiGrpcClient;
  let sdk: SuilendClient;
  /** A coin object's type and balance as the local node serves it (undefined for anything that is not a coin). */
  const coinOf = async (objectId: string): Promise<CoinFacts | undefined> => {
    try {
      const { object } = await client.getObject({ objectId, include: { json: true } });
      const type = /^0x0*2::coin::Coin<(.+)>$/.exec(object.type)?.[1];
      const balance = (object.json as { balance?: string } | null)?.balance;
      return type && balance !== undefined ? { type, balance: BigInt(balance) } : undefined;
    } catch {
      return undefined;
    }
  };

  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));
  beforeAll(async () => {
    rpc.suilendMarkets.set(MARKET, RESERVES);
    rpc.suiObjectBcs.set(MARKET, lendingMarketBcs(RESERVES));
    fundSuiOwner(rpc, OWNER);
    // 4,000,000 cTokens: worth 6 USDC at 1.5.
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 4_000_000n);
    client = new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url });
    sdk = await SuilendClient.initialize(MARKET, MAIN_POOL, client as never);
    // The SDK's UpgradeCap on this chain points at the current package both builders must call.
    expect(rpc.upgradeCaps.get(UPGRADE_CAP)).toBe(SUILEND_CURRENT_PACKAGE);
  });

  const ours = (action: "deposit" | "withdraw", amountMicros: bigint) => ourSuiData("suilend", action, OWNER, amountMicros);

  it("deposit: USDC → deposit_liquidity_and_mint_ctokens<MAIN_POOL, USDC>(market, slot 1, clock, coin) → cTokens to the owner", async () => {
    const tx = new Transaction();
    tx.setSender(OWNER);
    await sdk.depositLiquidityAndGetCTokens(OWNER, USDC, "2500000", tx as never);
    const theirs = await moveFlow(tx.getData(), coinOf);
    const mine = await moveFlow((await ours("deposit", 2_500_000n)).data, coinOf);
    expectSameAs("SuilendClient.depositLiquidityAndGetCTokens", mine, theirs);
    // What they agree on, spelled out (a shared mistake would still show here).
    expect(mine.calls).toEqual([
      {
        call: `${SUILEND_CURRENT_PACKAGE}::lending_market::deposit_liquidity_and_mint_ctokens`,
        typeArguments: [normalizeStructTag(MAIN_POOL), normalizeStructTag(USDC)],
        arguments: [{ object: MARKET }, { pure: Buffer.from(new BigUint64Array([1n]).buffer).toString("base64") }, { object: normalizeSuiAddress("0x6") }, { coin: normalizeStructTag(USDC), amount: "2500000" }],
      },
      { transfer: [{ resultOf: 0, index: 0 }], to: { pure: Buffer.from(normalizeSuiAddress(OWNER).slice(2), "hex").toString("base64") } },
    ]);
  });

  it("withdraw: the owner's cTokens → redeem request, fulfill (option::none exemption) → USDC to the owner", async () => {
    const tx = new Transaction();
    tx.setSender(OWNER);
    // The SDK redeems every cToken the owner holds; ours is asked for what they are worth (6 USDC at 1.5).
    await sdk.redeemCtokensAndWithdrawLiquidity(OWNER, [SUILEND_CTOKEN_TYPE], tx as never);
    const theirs = await moveFlow(tx.getData(), coinOf);
    const mine = await moveFlow((await ours("withdraw", 6_000_000n)).data, coinOf);
    expectSameAs("SuilendClient.redeemCtokensAndWithdrawLiquidity", mine, theirs);
    const slot = { pure: Buffer.from(new BigUint64Array([1n]).buffer).toString("base64") };
    expect(mine.calls).toEqual([
      { call: `${normalizeSuiAddress("0x1")}::option::none`, typeArguments: [normalizeStructTag(`${ORIGINAL}::lending_market::RateLimiterExemption<${MAIN_POOL}, ${USDC}>`)], arguments: [] },
      {
        call: `${SUILEND_CURRENT_PACKAGE}::lending_market::redeem_ctokens_and_withdraw_liquidity_request`,
        typeArguments: [normalizeStructTag(MAIN_POOL), normalizeStructTag(USDC)],
        arguments: [{ object: MARKET }, slot, { object: normalizeSuiAddress("0x6") }, { coin: normalizeStructTag(SUILEND_CTOKEN_TYPE), amount: "4000000" }, { resultOf: 0, index: 0 }],
      },
      {
        call: `${SUILEND_CURRENT_PACKAGE}::lending_market::fulfill_liquidity_request`,
        typeArguments: [normalizeStructTag(MAIN_POOL), normalizeStructTag(USDC)],
        arguments: [{ object: MARKET }, slot, { resultOf: 1, index: 0 }],
      },
      { transfer: [{ resultOf: 2, index: 0 }], to: { pure: Buffer.from(normalizeSuiAddress(OWNER).slice(2), "hex").toString("base64") } },
    ]);
  });

  it("the comparison sees a wrong slot: the SDK on a market whose USDC reserve sits elsewhere disagrees with ours", async () => {
    const other = await startFakeRpc();
    try {
      const swapped = [RESERVES[1], RESERVES[0]] as SuilendReserveState[];
      other.suilendMarkets.set(MARKET, swapped);
      other.suiObjectBcs.set(MARKET, lendingMarketBcs(swapped));
      fundSuiOwner(other, OWNER);
      const elsewhere = await SuilendClient.initialize(MARKET, MAIN_POOL, new SuiGrpcClient({ network: "mainnet", baseUrl: other.url }) as never);
      const tx = new Transaction();
      tx.setSender(OWNER);
      await elsewhere.depositLiquidityAndGetCTokens(OWNER, USDC, "2500000", tx as never);
      const theirs = await moveFlow(tx.getData(), async () => undefined);
      const mine = await moveFlow((await ours("deposit", 2_500_000n)).data, async () => undefined);
      expect(mine).not.toEqual(theirs);
      // The only difference: the slot each read from its chain (0 there, 1 here).
      const slotOf = (flow: typeof mine) => (flow.calls[0] as { arguments: unknown[] }).arguments[1];
      expect(slotOf(theirs)).toEqual({ pure: Buffer.from(new BigUint64Array([0n]).buffer).toString("base64") });
      expect({ ...mine, calls: [{ ...(mine.calls[0] as object), arguments: [] }, ...mine.calls.slice(1)] }).toEqual({
        ...theirs,
        calls: [{ ...(theirs.calls[0] as object), arguments: [] }, ...theirs.calls.slice(1)],
      });
    } finally {
      await other.close();
      // initialize set the SDK's call package from the other chain's cap; put back this chain's.
      sdk = await SuilendClient.initialize(MARKET, MAIN_POOL, client as never);
    }
  });

  it("the local node simulates both; the same calls sent to the original package abort in its version check", async () => {
    const [deposit, withdraw] = await Promise.all([ours("deposit", 2_500_000n), ours("withdraw", 6_000_000n)]);
    const all = [...deposit.transactions, ...withdraw.transactions];
    expect(await simulateSuiTransactions(all)).toMatchObject([
      { status: "ok", error: null },
      { status: "ok", error: null },
    ]);
    const stale = all.map((t) => ({ ...t, payload: String(t.payload).replaceAll(SUILEND_CURRENT_PACKAGE, ORIGINAL) }));
    const [staleDeposit, staleWithdraw] = await simulateSuiTransactions(stale);
    expect(staleDeposit).toMatchObject({ status: "failed", error: expect.stringContaining("lending_market") });
    expect(staleWithdraw).toMatchObject({ status: "failed", error: expect.stringContaining("lending_market") });
  });

  it("the LendingMarket is proven by its Move type: another object at its id (Scallop's Market) blocks both plans naming it", async () => {
    const want = normalizeStructTag(`${ORIGINAL}::lending_market::LendingMarket<${MAIN_POOL}>`);
    forgetProvenIds();
    await expect(proveSuiObjectTypes("Suilend", suilendObjectTypes({ package: ORIGINAL, lendingMarket: MARKET, lendingMarketType: MAIN_POOL }))).resolves.toBeUndefined();
    // A LendingMarket of another pool type is not this one either.
    const otherPool = await proveSuiObjectTypes("Suilend", suilendObjectTypes({ package: ORIGINAL, lendingMarket: MARKET, lendingMarketType: `${ORIGINAL}::suilend::OTHER_POOL` })).catch((e: unknown) => e);
    expect(otherPool).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`Suilend's LendingMarket ${MARKET}`) });
    // The chain holds another protocol's shared object (a Scallop Market) at the pinned id: our builder refuses it.
    const reserves = rpc.suilendMarkets.get(MARKET) ?? RESERVES;
    rpc.suilendMarkets.delete(MARKET);
    rpc.scallopMarkets.set(MARKET, { balanceSheetsTable: `0x${"5e".repeat(32)}`, sheets: new Map() });
    forgetProvenIds();
    try {
      for (const action of ["deposit", "withdraw"] as const) {
        const r = await ourBuild("suilend", action, OWNER, 1_000_000n).catch((e: unknown) => e);
        expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`Suilend's LendingMarket ${MARKET} is a ${want}: it is not (the chain says it is a `) });
        expect(r).toMatchObject({ message: expect.stringContaining("::market::Market") });
      }
    } finally {
      rpc.scallopMarkets.delete(MARKET);
      rpc.suilendMarkets.set(MARKET, reserves);
      forgetProvenIds();
    }
  });
});
