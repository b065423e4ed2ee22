// Balance changes from the chain before signing for the Sui venues (issue 23 items 1, 2 and 7): the local Sui node runs
// Scallop's mint/redeem, Suilend's cToken deposit/redeem and NAVI's deposit/withdraw as their published Move sources
// compute them (testing/chains/sui/venues/*.ts), so each plan's simulation carries the owner's balance changes and the
// service's one checker runs on them: the untouched plan is prepared with changes equal to it in exact base units, and a
// transaction altered after building (10 × the amount sent, the deposit rewritten into a plain transfer, a tenth or 10 ×
// the shares redeemed, the USDC sent to another address) is refused `simulation_mismatch` through the service's own
// simulate path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { resetConfigForTests } from "../../server/config";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { resolveVenue } from "../../server/venues";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { navi } from "../../server/venues/navi/descriptor";
import { naviReceipt } from "../../server/venues/navi/receipt";
import { NAVI_CURRENT_PACKAGE } from "../../testing/chains/sui/venues/navi";
import { bcs } from "@mysten/sui/bcs";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { type App, startApp } from "../support/app";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { suiUnavailableEither } from "../support/sui-unavailable";
import { suiScaled, suiSentTo } from "../support/altered";
import { coinWithBalance } from "@mysten/sui/transactions";
import { newSuiTransaction, suiPayload } from "../../server/chains/sui";

type Change = { owner: string; asset: { chain: string; id: string; symbol: string | null; decimals: number | null }; amount: string };
type Tx = PlanTransaction & { simulation?: { status: string; fee?: { amount: string }; changes?: { status: string; balanceChanges: Change[] | null; source: string | null } } };
type Plan = { status: string; blockers?: { code: string; message: string }[]; transactions: Tx[] };

const OWNER = `0x${"3c".repeat(32)}`;
const OTHER = `0x${"0d".repeat(32)}`;
const SUI_USDC = USDC["move-chain"];
const AMOUNT = 5_000_000n; // 5 USDC
const WAD = 10n ** 18n;

/**
 * What each venue's plan moves for the owner, worked out by hand from the local chain's state below and the venue's
 * Move formula: the owner's share-token change on deposit, and on withdraw the shares redeemed and the USDC paid.
 */
const CASES = [
  // Scallop: cash 2,000 + debt 1,000 USDC over 2,000 sUSDC. mint: floor(5 × 2,000 / 3,000) sUSDC; the withdraw
  // redeems ceil(5 / 1.5) = 3.333334 sUSDC, paying floor(3.333334 × 3,000 / 2,000) = 5.000001 USDC.
  { venue: "scallop", share: SCALLOP_MARKET_COIN_TYPE, minted: 3_333_333n, redeemed: 3_333_334n, paid: 5_000_001n },
  // Suilend: 1,000 USDC available + 250 borrowed over 1,000 cTokens (1.25). deposit: floor(5 × 1,000 / 1,250) = 4
  // cTokens; the withdraw redeems ceil(5 / 1.25) = 4 cTokens for 4 × 1.25 = 5 USDC.
  { venue: "suilend", share: SUILEND_CTOKEN_TYPE, minted: 4_000_000n, redeemed: 4_000_000n, paid: 5_000_000n },
  // NAVI: no token; the supply is kept in its Storage. The withdraw pays min(5, supplied 10) USDC.
  { venue: "navi", share: null, minted: 0n, redeemed: 0n, paid: 5_000_000n },
] as const;

/** The plan's transaction with its amount `from` set to `to` (tests/support/altered.ts). */
const altered = (tx: Tx, from: bigint, to: bigint): Tx => ({ ...tx, payload: suiScaled(tx.payload as string, from, to) });

/** The plan's transaction with the transfer's recipient `from` set to `to`. */
const sentTo = (tx: Tx, from: string, to: string): Tx => ({ ...tx, payload: suiSentTo(tx.payload as string, from, to) });

const changeOf = (changes: Change[], owner: string, id: string) => changes.filter((c) => c.owner === owner && c.asset.id === id).reduce((s, c) => s + BigInt(c.amount), 0n);

describe("the Sui venues' simulated balance changes, checked against the plan", () => {
  let rpc: FakeRpc;
  let app: App;
  const plan = (action: "deposit" | "withdraw", strategyId: string, amount = AMOUNT) =>
    call<Plan>(app.url, "POST", `/api/v1/svc/strategies/${action}/plan`, { body: { strategyId, amountMicros: amount.toString(), owner: OWNER } });
  /** The service's own simulate path and checker, as vaultPlan runs them, on `txs` for a plan of `amount`. */
  const check = async (action: "deposit" | "withdraw", venueId: string, txs: Tx[]) => {
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    return checkChanges(sim.transactions, await vaultExpectedChanges(action, resolveVenue(venueId), OWNER, AMOUNT));
  };

  beforeAll(async () => {
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, OWNER); // 5 SUI, 1,000 USDC
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 100_000_000n);
    rpc.set(OWNER, SUILEND_CTOKEN_TYPE, 100_000_000n);
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    rpc.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", [
      { coinType: "0x2::sui::SUI", available: 1n, ctokens: 1n, borrowedWad: 0n, unclaimedWad: 0n },
      { coinType: SUI_USDC, available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n },
    ]);
    // The owner has 10 USDC supplied to NAVI (scaled at index 1.0, NAVI's 9-decimal amounts), another supplier 1,000
    // (validate_withdraw refuses a withdrawal above the reserve's whole supply); prices fresh.
    rpc.naviStorages.set(navi.onchain.storage ?? "", {
      reservesTable: `0x${"e6".repeat(32)}`,
      reserves: new Map([[10, { coinType: SUI_USDC, supplyIndex: 10n ** 27n, suppliers: new Map([[OWNER, 10_000_000_000n], [`0x${"0f".repeat(32)}`, 1_000_000_000_000n]]) }]]),
    });
    app = await startApp({ db: "pglite", env: { SVC_RPC_MOVE: rpc.url } });
    // The altered transactions are simulated in this process against the same node.
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await app?.stop();
    await rpc?.close();
  });

  for (const c of CASES) {
    describe(c.venue, () => {
      it("deposit: prepared; the node's changes are the plan's: exactly 5 USDC out, the venue's shares in, gas in SUI, nothing else", async () => {
        const r = await plan("deposit", c.venue);
        expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared" });
        const tx = r.json.transactions[0];
        expect(tx?.simulation?.changes).toMatchObject({ status: "ok", source: expect.stringMatching(/balance_changes/) });
        const changes = tx?.simulation?.changes?.balanceChanges ?? [];
        expect(changeOf(changes, OWNER, SUI_USDC)).toBe(-AMOUNT);
        expect(changes.find((x) => x.asset.id === "native")?.amount).toBe(`-${tx?.simulation?.fee?.amount}`);
        if (c.share) expect(changeOf(changes, OWNER, c.share)).toBe(c.minted);
        expect(changes).toHaveLength(c.share ? 3 : 2);
        expect(changes.every((x) => x.owner === OWNER)).toBe(true);
      });

      it("deposit altered after building to send 10 × the amount: refused simulation_mismatch, naming both amounts in USDC", async () => {
        const r = await plan("deposit", c.venue);
        const tx = r.json.transactions[0] as Tx;
        expect(await check("deposit", c.venue, [tx])).toBeNull();
        const b = await check("deposit", c.venue, [altered(tx, AMOUNT, AMOUNT * 10n)]);
        expect(b?.code).toBe("simulation_mismatch");
        expect(b?.message).toContain("you send 5.000000 USDC by the plan, the simulation sends 50.000000 USDC");
      });

      it("deposit rewritten into a plain transfer of the same 5 USDC to another address: refused, naming it (the venue keeps USDC in its shared objects, never at an address)", async () => {
        const r = await plan("deposit", c.venue);
        const tx = r.json.transactions[0] as Tx;
        const transfer = newSuiTransaction(OWNER);
        transfer.transferObjects([coinWithBalance({ type: SUI_USDC, balance: AMOUNT })], OTHER);
        const b = await check("deposit", c.venue, [{ ...tx, payload: await suiPayload(transfer) }]);
        expect(b?.code).toBe("simulation_mismatch");
        expect(b?.message).toContain(`5.000000 USDC goes to ${OTHER}, which the plan does not name`);
      });

      it("a node that does not answer the simulation, or does not offer it (SimulateTransaction unimplemented): the deposit's changes are unavailable with the reason, and the checker does not block", async () => {
        const r = await plan("deposit", c.venue);
        const tx = r.json.transactions[0] as Tx;
        const expected = await vaultExpectedChanges("deposit", resolveVenue(c.venue), OWNER, AMOUNT);
        await suiUnavailableEither(rpc, () => simulateTransactions([tx], OWNER), expected);
      });

      it("withdraw: prepared; the node's changes: at least 5 USDC in, the shares redeemed out, gas in SUI", async () => {
        const r = await plan("withdraw", c.venue);
        expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared" });
        const tx = r.json.transactions[0];
        const changes = tx?.simulation?.changes?.balanceChanges ?? [];
        expect(tx?.simulation?.changes?.status).toBe("ok");
        expect(changeOf(changes, OWNER, SUI_USDC)).toBe(c.paid);
        if (c.share) expect(changeOf(changes, OWNER, c.share)).toBe(-c.redeemed);
        expect(changes.find((x) => x.asset.id === "native")?.amount).toBe(`-${tx?.simulation?.fee?.amount}`);
        expect(changes).toHaveLength(c.share ? 3 : 2);
      });

      it("withdraw altered after building (a tenth redeemed; 10 × redeemed; the USDC sent to another address): refused simulation_mismatch", async () => {
        const r = await plan("withdraw", c.venue);
        const tx = r.json.transactions[0] as Tx;
        expect(await check("withdraw", c.venue, [tx])).toBeNull();
        // The builder's own figure in the PTB: the shares redeemed (Scallop, Suilend) or NAVI's amount.
        const figure = c.share ? c.redeemed : AMOUNT;
        const tenth = await check("withdraw", c.venue, [altered(tx, figure, figure / 10n)]);
        expect(tenth?.code).toBe("simulation_mismatch");
        expect(tenth?.message).toMatch(/you receive 5\.000000 USDC by the plan, the simulation gives you 0\.[45]\d{5} USDC/);
        // 10 × the figure: more shares leave than the amount needs at the simulation's own rate (Scallop, Suilend);
        // NAVI pays the owner 10 USDC of its supply (min(50, 10)), not the 5 asked.
        const more = await check("withdraw", c.venue, [altered(tx, figure, figure * 10n)]);
        expect(more?.code).toBe("simulation_mismatch");
        expect(more?.message).toMatch(
          c.share ? /leave your wallet; at the simulation's rate .* pay the 5\.000000 USDC the plan withdraws/ : /you withdraw 5\.000000 USDC by the plan, the simulation withdraws 10\.000000 USDC/,
        );
        const elsewhere = await check("withdraw", c.venue, [sentTo(tx, OWNER, OTHER)]);
        expect(elsewhere?.code).toBe("simulation_mismatch");
        expect(elsewhere?.message).toContain(`USDC goes to ${OTHER}, which the plan does not name`);
      });

      it("a node that does not answer the simulation, or does not offer it (SimulateTransaction unimplemented): the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
        const r = await plan("withdraw", c.venue);
        const tx = r.json.transactions[0] as Tx;
        const expected = await vaultExpectedChanges("withdraw", resolveVenue(c.venue), OWNER, AMOUNT);
        await suiUnavailableEither(rpc, () => simulateTransactions([tx], OWNER), expected);
      });
    });
  }

  // A venue's deposit limit as its Move code enforces it on the node (reserve.move EDepositLimitExceeded, NAVI
  // validation.move exceeded_maximum_deposit_cap): a deposit past it is blocked before the wallet opens, with the
  // venue's reason; one that just fits (the limit itself) is prepared.
  describe("deposit limits", () => {
    const blockedBy = async (strategyId: string, amount: bigint, reason: RegExp) => {
      const r = (await plan("deposit", strategyId, amount)).json;
      expect(r.status).toBe("blocked");
      expect(r.blockers?.[0]?.code).toBe("simulation_failed");
      expect(r.blockers?.[0]?.message).toMatch(reason);
    };
    const prepared = async (strategyId: string, amount: bigint) => {
      const r = (await plan("deposit", strategyId, amount)).json;
      expect(r.blockers ?? []).toEqual([]);
      expect(r.transactions[0]?.simulation?.status).toBe("ok");
    };

    it("Suilend: past the USDC reserve's deposit_limit (USDC) or deposit_limit_usd (at the higher of price and smoothed price): blocked EDepositLimitExceeded", async () => {
      const r = rpc.suilendMarkets.get(suilend.onchain.lendingMarket ?? "")?.[1];
      if (!r) throw new Error("no local Suilend USDC reserve");
      const saved = { ...r };
      try {
        // Total supply: available + borrowed − unclaimed fees (1,250 USDC); room for 3 USDC more.
        const total = r.available + r.borrowedWad / WAD - r.unclaimedWad / WAD;
        expect(total % 1_000_000n).toBe(0n);
        r.depositLimit = total + 3_000_000n;
        await blockedBy("suilend", AMOUNT, /MoveAbort .*abort code: 2, in '0x[0-9a-f]{64}::reserve::deposit_liquidity_and_mint_ctokens' — Suilend EDepositLimitExceeded/);
        await prepared("suilend", 3_000_000n);
        // In USD: the price 1, the smoothed price 2 (the upper bound counts), room for 3 USDC at 2 USD.
        r.depositLimit = undefined;
        r.priceWad = WAD;
        r.smoothedPriceWad = 2n * WAD;
        r.depositLimitUsd = (2n * (total + 3_000_000n)) / 1_000_000n;
        await blockedBy("suilend", AMOUNT, /Suilend EDepositLimitExceeded/);
        await prepared("suilend", 3_000_000n);
      } finally {
        Object.assign(r, { depositLimit: saved.depositLimit, depositLimitUsd: saved.depositLimitUsd, priceWad: saved.priceWad, smoothedPriceWad: saved.smoothedPriceWad });
      }
    });

    it("NAVI: past the USDC reserve's supply_cap_ceiling: blocked exceeded_maximum_deposit_cap (1604)", async () => {
      const reserve = rpc.naviStorages.get(navi.onchain.storage ?? "")?.reserves.get(10);
      if (!reserve) throw new Error("no local NAVI USDC reserve");
      try {
        // The reserve's supply (1,010 USDC at index 1, in NAVI's 9 decimals) plus room for 3 USDC, times ray.
        const supplied = [...(reserve.suppliers?.values() ?? [])].reduce((a, b) => a + b, 0n);
        reserve.supplyCapCeiling = (supplied + 3_000_000_000n) * 10n ** 27n;
        await blockedBy("navi", AMOUNT, /MoveAbort .*abort code: 1604, in '0x[0-9a-f]{64}::validation::validate_deposit' — NAVI exceeded_maximum_deposit_cap/);
        await prepared("navi", 3_000_000n);
      } finally {
        reserve.supplyCapCeiling = undefined;
      }
    });
  });

  // NAVI mints no share coin: its receipt is the DepositEvent its lending package emits (server/venues/navi/receipt.ts),
  // read here in this process against the same node, which lists NAVI's package versions.
  it("NAVI's receipt of a deposit: its own package's DepositEvent naming the owner, the USDC reserve and the amount; any other is none", async () => {
    const event = (pkg: string, f: { reserve?: number; sender?: string; amount?: bigint } = {}) => ({
      eventType: `${pkg}::event::DepositEvent`,
      bcs: bcs
        .struct("DepositEvent", { reserve: bcs.u8(), sender: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() })
        .serialize({ reserve: f.reserve ?? Number(navi.onchain.usdcAssetId), sender: f.sender ?? OWNER, amount: f.amount ?? AMOUNT, market_id: 0n })
        .toBytes(),
    });
    const receipt = (events: { eventType: string; bcs: Uint8Array }[]) => naviReceipt.deposit({ assets: new Map(), events, logs: [] }, OWNER, AMOUNT);
    const lending = navi.onchain.lendingPackage ?? "";
    expect(await receipt([event(lending)])).toEqual({ state: "shown" });
    // A later version of the package (the chain lists it) emits the same type: still NAVI's.
    expect(await receipt([event(NAVI_CURRENT_PACKAGE)])).toEqual({ state: "shown" });
    for (const other of [
      event(`0x${"66".repeat(32)}`), // the same module and struct name in another package
      event(lending, { sender: OTHER }),
      event(lending, { reserve: 0 }),
      event(lending, { amount: AMOUNT - 1n }),
    ]) {
      expect((await receipt([other])).state).toBe("missing");
    }
    expect(await receipt([])).toMatchObject({ state: "missing", reason: "the transaction emitted no NAVI DepositEvent" });
    // A withdraw's receipt: NAVI's WithdrawEvent paying the owner (sender and to) from the USDC reserve.
    const withdrawn = (pkg: string, to = OWNER) => ({
      eventType: `${pkg}::event::WithdrawEvent`,
      bcs: bcs
        .struct("WithdrawEvent", { reserve: bcs.u8(), sender: bcs.Address, to: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() })
        .serialize({ reserve: Number(navi.onchain.usdcAssetId), sender: OWNER, to, amount: AMOUNT, market_id: 0n })
        .toBytes(),
    });
    const out = (events: { eventType: string; bcs: Uint8Array }[]) => naviReceipt.withdraw({ assets: new Map(), events, logs: [] }, OWNER);
    expect(await out([withdrawn(lending)])).toEqual({ state: "shown" });
    expect((await out([withdrawn(`0x${"66".repeat(32)}`)])).state).toBe("missing");
    expect((await out([withdrawn(lending, OTHER)])).state).toBe("missing");
    expect((await out([event(lending)])).state).toBe("missing");
  });
});
