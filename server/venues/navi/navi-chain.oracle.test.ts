// NAVI on the local Sui node: the call package is the newest version the chain lists, both plans simulate (and the
// previous package version is refused), the price update NAVI's health check needs is carried or the plan is blocked in
// words, and a withdrawal never exceeds the supplied balance. The SDK comparisons are in navi.oracle.test.ts; the set-up
// both use is navi-sdk.fixture.ts.
import { Transaction } from "@mysten/sui/transactions";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../config";
import { simulateSuiTransactions } from "../../chains/sui/simulate";
import { navi } from "./descriptor";
import { OWNER, ours, RAY, sdk, seedNaviStorage, USDC_FEED, useNaviChain } from "./navi-sdk.fixture";
import { forgetProvenIds } from "../shared/prove";
import { naviSuppliedMicros } from "./read";
import { fundSuiOwner, startFakeRpc } from "../../../tests/support/fake-rpc";
import { NAVI_CURRENT_PACKAGE, NAVI_PREVIOUS_PACKAGE } from "../../../testing/chains/sui/venues/navi";
import { freshNaviPrices, NAVI_TEST_AGGREGATOR, naviUsdcFeed } from "../../../testing/chains/sui/venues/navi-oracle";
import { CLOCK } from "../../../testing/chains/sui/simulate";
import { chainView, ourPlan, ourTransactions } from "../../../testing/oracle";

describe("NAVI on the local Sui node: package versions, simulation, oracle prices, balances", () => {
  const chain = useNaviChain();

  it("the call package is the newest version the chain lists, whatever the order or the version id it is asked with", async () => {
    const original = navi.onchain.lendingPackage ?? "";
    chain.rpc.packageVersions.set(original, [original, NAVI_PREVIOUS_PACKAGE]);
    try {
      // Cached for 60 s per RPC URL: a fresh local chain sees the change.
      const other = await startFakeRpc();
      seedNaviStorage(other); // the shared objects the plan's type proofs read
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
        seedNaviStorage(unknown);
        unknown.packageVersions.clear();
        process.env.SVC_RPC_MOVE = unknown.url;
        resetConfigForTests();
        forgetProvenIds();
        const r = await ourPlan("navi", "deposit", OWNER, 2_000_000n);
        // Blocked by the first read that needs the list: the type proofs' (which versions may define Storage's type)
        // or the call package's.
        expect(r).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining(`package ${normalizeSuiAddress(original)} not found`) } });
        await unknown.close();
      } finally {
        await other.close();
      }
    } finally {
      chain.rpc.packageVersions.set(original, [original, NAVI_PREVIOUS_PACKAGE, NAVI_CURRENT_PACKAGE]);
      process.env.SVC_RPC_MOVE = chain.rpc.url;
      resetConfigForTests();
    }
  });

  it("the local node simulates both (shared objects resolved from their owners); the previous package version is refused", async () => {
    fundSuiOwner(chain.rpc, OWNER);
    const plans = await Promise.all(
      (["deposit", "withdraw"] as const).map((action) => ourTransactions("navi", action, OWNER, 2_000_000n)),
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
    fundSuiOwner(chain.rpc, OWNER);
    const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
    const plan = (action: "deposit" | "withdraw") => ourPlan("navi", action, OWNER, 2_000_000n);
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
      chain.rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
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
      // A PriceInfoObject where update_single_price_v2 declares `&Aggregator` fails the chain's type check (oracle_pro.move's
      // signature, tests/fixtures/navi) before NAVI's code runs.
      const swapped = [{ ...withdraw[0], payload: String(withdraw[0]?.payload).replaceAll(NAVI_TEST_AGGREGATOR, USDC_FEED.pythPriceInfoObject) }] as typeof withdraw;
      const [wrongType] = await simulateSuiTransactions(swapped);
      expect(wrongType).toMatchObject({ status: "failed", error: expect.stringContaining("CommandArgumentError { arg_idx: 5, kind: TypeMismatch }") });
      // Another feed's Aggregator than the USDC feed's Switchboard config aborts pair_not_match (6007).
      const otherAggregator = `0x${"5d".repeat(32)}`;
      const other = { ...naviUsdcFeed(), feed: `0x${"5e".repeat(32)}`, oracleId: 99, pyth: undefined, switchboard: { aggregator: otherAggregator, updatedMs: clockMs - 1_000n } };
      chain.rpc.naviOracleFeeds = [naviUsdcFeed(), other];
      const otherAgg = [{ ...withdraw[0], payload: String(withdraw[0]?.payload).replaceAll(NAVI_TEST_AGGREGATOR, otherAggregator) }] as typeof withdraw;
      const [wrong] = await simulateSuiTransactions(otherAgg);
      expect(wrong).toMatchObject({ status: "failed", error: expect.stringContaining("6007") });
      chain.rpc.naviOracleFeeds = [naviUsdcFeed()];

      // Both sources 31 s old (over the feed's max_timestamp_diff of 30 s) and Hermes's latest Pyth price as old:
      // update_single_price_v2 would not refresh the price even after the push, so the plan is blocked before any
      // simulation, saying why.
      const feed = naviUsdcFeed();
      chain.rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 31_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 31_000n } }];
      chain.hermes.prices.set(USDC_FEED.pythPriceFeedId.slice(2), { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 31_000n) / 1000n });
      const blocked = await plan("withdraw");
      expect(blocked).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
      const message = blocked.ok ? "" : blocked.blocker.message;
      expect(message).toContain("oracle id 10");
      expect(message).toContain("31 s old");
      expect(message).toContain("Pyth published 31 s ago, Switchboard updated 31 s ago");
      expect(message).toContain("abort 1502");
      expect(message).toContain("even with the Pyth update Hermes serves now");
      // Hermes unreachable: the fresh Pyth price cannot be fetched; blocked rpc_unavailable naming Hermes.
      chain.hermes.failing.on = true;
      const down = await plan("withdraw");
      expect(down).toMatchObject({ ok: false, blocker: { code: "rpc_unavailable", message: expect.stringContaining(`Pyth's Hermes (${chain.hermes.url})`) } });
      expect(down.ok ? "" : down.blocker.message).toContain("would abort 1502");
      chain.hermes.failing.on = false;
      chain.hermes.prices.clear();
      // Sources stale but the PriceOracle's price fresh: built (the update is a no-op, the price still passes).
      chain.rpc.naviPriceOracle = freshNaviPrices();
      expect(await simulateSuiTransactions(await txs("withdraw"))).toMatchObject([{ status: "ok" }]);

      // No feed names a Switchboard Aggregator on chain: the update cannot be built without inventing one. With fresh
      // prices the withdraw is built without it and says so; with a stale price it is blocked before simulation.
      chain.rpc.naviOracleFeeds = [{ ...feed, secondary: "", switchboard: undefined }];
      const plain = await txs("withdraw");
      expect(chainView(Transaction.from(String(plain[0]?.payload)).getData()).commands.some((c) => "module" in c && c.module === "oracle_pro")).toBe(false);
      expect(plain[0]?.description).toContain("no feed of NAVI's OracleConfig names a Switchboard Aggregator");
      expect(await simulateSuiTransactions(plain)).toMatchObject([{ status: "ok" }]);
      chain.rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 31_000n });
      expect(await plan("withdraw")).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("would abort 1502") } });
    } finally {
      chain.rpc.naviPriceOracle = freshNaviPrices();
      chain.rpc.naviOracleFeeds = [naviUsdcFeed()];
    }
  });


  it("a withdrawal never asks for more than the owner's supplied balance read at plan time", async () => {
    // scaled 10 USDC × 1.25 = 12.5 USDC: the whole balance can be withdrawn, one micro more cannot.
    await expect(ours("withdraw", 12_500_000n)).resolves.toBeDefined();
    const over = await ourPlan("navi", "withdraw", OWNER, 12_500_001n);
    expect(over).toMatchObject({ ok: false, blocker: { code: "insufficient_balance", message: expect.stringContaining("12500000 micro-USDC supplied") } });
    // An owner with no entry in the reserve's user_state table has nothing to withdraw.
    const stranger = await ourPlan("navi", "withdraw", `0x${"cd".repeat(32)}`, 1n);
    expect(stranger).toMatchObject({ ok: false, blocker: { code: "insufficient_balance", message: expect.stringContaining(" 0 micro-USDC supplied") } });
    // logic.move user_collateral_balance rounds ray_mul half up, then 9 → 6 decimals floors.
    expect(naviSuppliedMicros(1999n, RAY / 2n)).toBe(1n); // 999.5 → 1000 (9 decimals) → 1 micro
    expect(naviSuppliedMicros(1997n, RAY / 2n)).toBe(0n); // 998.5 → 999 → 0
    expect(naviSuppliedMicros(12_345_678_901n, RAY)).toBe(12_345_678n);
    // Storage unreadable: blocked in words, never a guess.
    chain.rpc.naviStorages.clear();
    expect(await ourPlan("navi", "withdraw", OWNER, 1n)).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable" } });
  });
});
