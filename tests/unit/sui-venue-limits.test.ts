// Two rules of the Sui venues' Move code a withdrawal meets, run by the local Sui node as the protocols' sources write
// them (testing/chains/sui/venues/navi.ts, suilend.ts, suilend-rate-limiter.ts), and what the service does with each:
// - NAVI's dust rule (lending_core/sources/logic.move execute_withdraw): a withdrawal leaving at most 1000 (9-decimal
//   units, a micro-USDC) behind gives that remainder to the treasury and takes the asset out of the owner's
//   collaterals, the owner's supply entry left as it is. The owner withdrawing all the service reads gets exactly what
//   it asked, the checker passes it, and the position then reads 0 (or the 1 micro still in the entry, withdrawable).
// - Suilend's outflow rate limiter (rate_limiter.move process_qty, run by every cToken redeem with the cTokens' USD
//   value): a redeem past what the window has left aborts ERateLimitExceeded and the plan is blocked
//   simulation_failed naming it in words; one within it passes and uses the window up.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { Transaction } from "@mysten/sui/transactions";
import { describe, expect, it } from "vitest";
import { type ChainRpc, startChainRpc, SUI_USDC } from "../../e2e/chain-rpc";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { resolveVenue } from "../../server/venues";
import { navi } from "../../server/venues/navi/descriptor";
import { naviWorth } from "../../server/venues/navi/worth";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { suilendWorth } from "../../server/venues/suilend/worth";
import { CLOCK } from "../../testing/chains/sui/simulate";
import { suilendRemainingOutflowWad } from "../../testing/chains/sui/venues/suilend-rate-limiter";
import { ourPlan, useLocalChain } from "../../testing/oracle";

const RAY = 10n ** 27n;
const WAD = 10n ** 18n;
const NOW_S = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms)) / 1000n;
const NAVI_ASSET = Number(navi.onchain.usdcAssetId);

/** The service's simulate path and checker, as vaultPlan runs them, on `venueId`'s withdraw of `amount` for `owner`. */
async function simulateWithdraw(venueId: string, owner: string, amount: bigint) {
  const built = await ourPlan(venueId, "withdraw", owner, amount);
  if (!built.ok) throw new Error(`${built.blocker.code}: ${built.blocker.message}`);
  const sim = await simulateTransactions(built.transactions, owner);
  const checked = sim.blocker ? null : checkChanges(sim.transactions, await vaultExpectedChanges("withdraw", resolveVenue(venueId), owner, amount));
  return { txs: sim.transactions, blocker: sim.blocker, checked };
}

/** The owner's net change of `coinType` in the (one) simulated transaction. */
function changeOf(txs: PlanTransaction[], owner: string, coinType: string): bigint {
  const changes = txs[0]?.simulation?.changes?.balanceChanges ?? [];
  return changes.filter((c) => c.owner === owner && c.asset.id === coinType).reduce((s, c) => s + BigInt(c.amount), 0n);
}

describe("Sui withdrawals against NAVI's dust rule and Suilend's rate limiter", () => {
  let chain: ChainRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => (chain = await startChainRpc(0)));
  const client = () => new SuiGrpcClient({ network: "mainnet", baseUrl: chain.url });

  /** `key` signs and executes the plan's transaction as its wallet does (dApp Kit resolves, the wallet builds). */
  async function land(key: Ed25519Keypair, venueId: string, amount: bigint) {
    const built = await ourPlan(venueId, "withdraw", key.toSuiAddress(), amount);
    if (!built.ok) throw new Error(`${built.blocker.code}: ${built.blocker.message}`);
    const c = client();
    const json = await Transaction.from(built.transactions[0]?.payload as string).toJSON({ client: c, supportedIntents: [] });
    const bytes = await Transaction.from(json).build({ client: c });
    const r = await c.core.executeTransaction({ transaction: bytes, signatures: [(await key.signTransaction(bytes)).signature], include: { effects: true } });
    expect(r.$kind).toBe("Transaction");
  }

  describe("NAVI: a withdrawal of the whole position leaves dust", () => {
    const storage = navi.onchain.storage ?? "";
    const reserve = () => chain.naviStorages.get(storage)?.reserves.get(NAVI_ASSET);
    const entry = (owner: string) => reserve()?.suppliers?.get(owner);
    const worth = (owner: string) => naviWorth.readWorth(owner, AbortSignal.timeout(5_000));
    /** Supply index 1.2; `owners` hold these scaled entries, another supplier 1,000 USDC. */
    const serve = (owners: [string, bigint][]) =>
      chain.naviStorages.set(storage, {
        reservesTable: `0x${"e8".repeat(32)}`,
        reserves: new Map([[NAVI_ASSET, { coinType: SUI_USDC, supplyIndex: (12n * RAY) / 10n, suppliers: new Map([...owners, [`0x${"0e".repeat(32)}`, 1_000_000_000_000n]]) }]]),
      });

    it("remainder below a micro: the owner gets exactly the amount read and asked, the checker passes it; landed, the treasury keeps the dust and the position reads 0", async () => {
      const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(21));
      const me = key.toSuiAddress();
      // 4,166,667,250 scaled × 1.2 = 5,000,000,700 (9 decimals): 5 USDC and 0.7 of a micro.
      serve([[me, 4_166_667_250n]]);
      try {
        expect(await worth(me)).toBe(5_000_000n);
        const { txs, blocker, checked } = await simulateWithdraw("navi", me, 5_000_000n);
        expect(blocker).toBeNull();
        expect(txs[0]?.simulation).toMatchObject({ status: "ok", changes: { status: "ok" } });
        // min(5,000,000,000, 5,000,000,700) paid, back in 6 decimals: the 700 is not paid out.
        expect(changeOf(txs, me, SUI_USDC)).toBe(5_000_000n);
        expect(checked).toBeNull();

        await land(key, "navi", 5_000_000n);
        // decrease_supply_balance: 4,166,667,250 − ray_div(5,000,000,000, 1.2) = 583 scaled (699.6 → 700 at the index)
        // stays in the entry; the dust rule adds the 700 to treasury_balance and takes USDC out of the collaterals.
        expect(entry(me)).toBe(583n);
        expect(reserve()?.treasuryBalance).toBe(700n);
        expect(reserve()?.leftCollaterals?.has(me)).toBe(true);
        // The service's position reader (and so its worth) reads 0: 700 of 9 decimals floors to 0 micros.
        expect(await worth(me)).toBe(0n);
        const again = await ourPlan("navi", "withdraw", me, 1n);
        expect(again).toMatchObject({ ok: false, blocker: { code: "insufficient_balance", message: expect.stringContaining("the owner has 0 micro-USDC supplied") } });
      } finally {
        chain.naviStorages.clear();
      }
    });

    it("remainder of exactly 1000 (a micro): the dust rule runs yet the entry keeps the micro; the reader shows it and it can be withdrawn", async () => {
      const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(22));
      const me = key.toSuiAddress();
      // 5,000,005,000 scaled × 1.2 = 6,000,006,000: 6.000006 USDC exactly.
      serve([[me, 5_000_005_000n]]);
      try {
        await land(key, "navi", 6_000_005n);
        // 5,000,005,000 − ray_div(6,000,005,000, 1.2) (5,000,004,167, half up) = 833 scaled, 999.6 → 1000 at the index:
        // ≤ 1000, so the treasury counts it and USDC leaves the collaterals, yet the entry holds it.
        expect(entry(me)).toBe(833n);
        expect(reserve()?.treasuryBalance).toBe(1000n);
        expect(reserve()?.leftCollaterals?.has(me)).toBe(true);
        expect(await worth(me)).toBe(1n);
        // execute_withdraw asserts only user_collateral_balance > 0 (the entry), so the micro is paid.
        const { txs, blocker, checked } = await simulateWithdraw("navi", me, 1n);
        expect(blocker).toBeNull();
        expect(changeOf(txs, me, SUI_USDC)).toBe(1n);
        expect(checked).toBeNull();
        await land(key, "navi", 1n);
        expect(entry(me)).toBe(0n);
        expect(await worth(me)).toBe(0n);
      } finally {
        chain.naviStorages.clear();
      }
    });
  });

  describe("Suilend: a redeem past the market's outflow rate limit", () => {
    const market = suilend.onchain.lendingMarket ?? "";
    const limiter = () => chain.suilendRateLimiters.get(market);

    it("aborts ERateLimitExceeded in rate_limiter::process_qty: the plan is blocked simulation_failed naming it; a redeem within what is left passes and uses it", async () => {
      const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(23));
      const me = key.toSuiAddress();
      // 1.25 USDC per cToken; price 1, smoothed price 1.02 (the limiter values at the higher one).
      chain.suilendMarkets.set(market, [
        { coinType: SUI_USDC, available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n, priceWad: WAD, smoothedPriceWad: (102n * WAD) / 100n },
      ]);
      // A day's window, 10 USD; half of it gone with 8 USD out in the previous window and 1 USD in this one:
      // 8 × (86,400 − 43,201) / 86,400 + 1 ≈ 4.9999 USD counted, ≈ 5.0001 USD left (without the decay, none).
      const set = { windowDurationS: 86_400n, maxOutflow: 10n, prevQtyWad: 8n * WAD, windowStartS: NOW_S - 43_200n, curQtyWad: WAD };
      chain.suilendRateLimiters.set(market, { ...set });
      chain.set(me, SUILEND_CTOKEN_TYPE, 100_000_000n);
      try {
        // rate_limiter.move remaining_outflow: prev_weight = (86,400 − 43,201) / 86,400 as Decimals.
        expect(suilendRemainingOutflowWad(set, NOW_S)).toBe(10n * WAD - ((8n * WAD * ((43_199n * WAD * WAD) / (86_400n * WAD))) / WAD + WAD));
        // 4.91 USDC = 3.928 cTokens, worth 4.91 × 1.02 = 5.0082 USD > 5.0001 left.
        const over = await simulateWithdraw("suilend", me, 4_910_000n);
        expect(over.txs[0]?.simulation?.status).toBe("failed");
        expect(over.blocker).toMatchObject({
          code: "simulation_failed",
          message: expect.stringMatching(/abort code: 2, in '0x[0-9a-f]{64}::rate_limiter::process_qty' — Suilend ERateLimitExceeded: .*per time window/),
        });
        // 4.9 USDC = 3.92 cTokens, 4.998 USD: within it. The owner gets the 4.9 USDC; the checker passes it.
        const within = await simulateWithdraw("suilend", me, 4_900_000n);
        expect(within.blocker).toBeNull();
        expect(changeOf(within.txs, me, SUI_USDC)).toBe(4_900_000n);
        expect(changeOf(within.txs, me, SUILEND_CTOKEN_TYPE)).toBe(-3_920_000n);
        expect(within.checked).toBeNull();
        // Landed, the window's quantity grows by the 4.998 USD (a simulation writes nothing: the limiter was as set).
        expect(limiter()).toEqual(set);
        await land(key, "suilend", 4_900_000n);
        expect(limiter()).toMatchObject({ windowStartS: NOW_S - 43_200n, prevQtyWad: 8n * WAD, curQtyWad: WAD + (4_998n * WAD) / 1000n });
        // The LendingMarket the node serves carries it (lending_market.move `rate_limiter: RateLimiter`).
        const { object } = await client().core.getObject({ objectId: market, include: { json: true } });
        expect(object.json).toMatchObject({
          rate_limiter: { config: { window_duration: "86400", max_outflow: "10" }, prev_qty: { value: (8n * WAD).toString() }, window_start: (NOW_S - 43_200n).toString(), cur_qty: { value: (WAD + (4_998n * WAD) / 1000n).toString() } },
        });
        // What is left (≈ 0.0021 USD) no longer covers 0.01 USDC; the owner's cTokens still do.
        expect(await suilendWorth.readWorth(me, AbortSignal.timeout(5_000))).toBeGreaterThan(100_000_000n);
        const after = await simulateWithdraw("suilend", me, 10_000n);
        expect(after.blocker?.message).toMatch(/rate_limiter::process_qty.*Suilend ERateLimitExceeded/);
      } finally {
        chain.suilendMarkets.clear();
        chain.suilendRateLimiters.clear();
      }
    });

    it("a market without a limiter set has the one create_lending_market gives (1 s, u64::MAX USD): nothing is refused", async () => {
      const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(24));
      const me = key.toSuiAddress();
      chain.suilendMarkets.set(market, [{ coinType: SUI_USDC, available: 1_000_000_000_000n, ctokens: 1_000_000_000_000n, borrowedWad: 0n, unclaimedWad: 0n }]);
      chain.set(me, SUILEND_CTOKEN_TYPE, 900_000_000_000n);
      try {
        const { blocker, checked } = await simulateWithdraw("suilend", me, 900_000_000_000n);
        expect(blocker).toBeNull();
        expect(checked).toBeNull();
      } finally {
        chain.suilendMarkets.clear();
      }
    });
  });
});
