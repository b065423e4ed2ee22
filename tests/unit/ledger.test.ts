// The ledger in-process on a real database (a PGlite template copy, and a fresh PostgreSQL database when
// DATABASE_URL is set): venue readers against a local JSON-RPC server, property-based invariants,
// the functions the plans domain calls, and exactness under concurrency.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { type DbHandle, openDatabase } from "@/server/db/client";
import { activity, balances, events, ledgerEntries } from "@/server/db/schema";
import { insertActivity } from "@/server/ledger/activity";
import { harvest } from "@/server/ledger/harvest";
import { mergedIndex } from "@/server/ledger/position";
import { position, publicActivity, publicPortfolio } from "@/server/ledger/reads";
import { creditLiquid, recordDeposit, recordLegs } from "@/server/ledger/record";
import { routeMoney } from "@/server/ledger/route";
import { withdrawMoney } from "@/server/ledger/withdraw";
import { readVenueIndex } from "@/server/venues/readers";
import { SAVE_USDC_RESERVE } from "@/server/venues/save/read";
import { createPgDatabase, dbKinds, templateDir } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const SUILEND_MARKET = "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1";
const SOLEND = "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo";
const WAD = 10n ** 18n;
let n = 0;
const wallet = () => `0x${(++n).toString(16).padStart(8, "0")}${Date.now().toString(16).padStart(56, "0")}`.slice(0, 66);

/** Suilend rate = (available + borrowed − fees) / ctokens; `num/den` sets it exactly. */
function setSuilend(rpc: FakeRpc, num: bigint, den: bigint) {
  rpc.suilendMarkets.set(SUILEND_MARKET, [
    { coinType: "0x2::sui::SUI", available: 1n, ctokens: 1n, borrowedWad: 0n, unclaimedWad: 0n },
    { coinType: SUI_USDC, available: num, ctokens: den, borrowedWad: 0n, unclaimedWad: 0n },
  ]);
}

async function openFor(kind: "pglite" | "postgres"): Promise<{ h: DbHandle; drop: () => Promise<void> }> {
  if (kind === "postgres") {
    const pg = await createPgDatabase();
    const h = await openDatabase({ DATABASE_URL: pg.url, SVC_DATA_DIR: "memory://" });
    return { h, drop: pg.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "svc-ledger-"));
  cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
  const h = await openDatabase({ DATABASE_URL: undefined, SVC_DATA_DIR: dir });
  return { h, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every balance ≥ 0, and per bucket the journal sums to the balance and ends at it. */
async function checkInvariants(h: DbHandle, w: string) {
  const rows = await h.db.select().from(balances).where(eq(balances.wallet, w));
  const entries = await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.wallet, w)).orderBy(asc(ledgerEntries.seq));
  for (const r of rows) {
    expect(r.liquidMicros >= 0n && r.stakedMicros >= 0n).toBe(true);
    const mine = entries.filter((e) => e.chain === r.chain && e.token === r.token && (e.venueId ?? "") === r.venueId);
    const sum = mine.reduce((s, e) => s + e.amountMicros, 0n);
    expect(sum).toBe(r.venueId === "" ? r.liquidMicros : r.stakedMicros);
    const last = mine[mine.length - 1];
    if (last) expect(last.balanceAfterMicros).toBe(sum);
  }
}

let rpc: FakeRpc;
beforeAll(async () => {
  rpc = await startFakeRpc();
  process.env.SVC_RPC_MOVE = rpc.url;
  process.env.SVC_RPC_SVM = rpc.url;
  process.env.SVC_RPC_EVM_A = rpc.url;
  process.env.SVC_RPC_EVM_B = rpc.url;
  process.env.SVC_RPC_TIMEOUT_MS = "2000";
  process.env.SVC_YIELD_SKIM_BPS = "500";
  resetConfigForTests();
});
afterAll(async () => {
  await rpc?.close();
});

describe("venue readers speak each chain's real RPC", () => {
  it("Suilend: the LendingMarket object → USDC reserve cToken rate (1e18)", async () => {
    rpc.suilendMarkets.set(SUILEND_MARKET, [
      { coinType: SUI_USDC, available: 1_000_000n, ctokens: 900_000n, borrowedWad: 200_000n * WAD, unclaimedWad: 100_000n * WAD },
    ]);
    const r = await readVenueIndex("suilend");
    expect(r).toMatchObject({ ok: true, index: (1_100_000n * WAD) / 900_000n });
  });
  it("Save: getAccountInfo base64 Reserve → (available + borrowed − protocol fees) / cToken supply", async () => {
    rpc.saveReserves.set(SAVE_USDC_RESERVE, { owner: SOLEND, available: 500n, borrowedWads: 700n * WAD, collateralSupply: 1000n, protocolFeesWads: 100n * WAD });
    expect(await readVenueIndex("save")).toMatchObject({ ok: true, index: (1100n * WAD) / 1000n });
    rpc.saveReserves.set(SAVE_USDC_RESERVE, { owner: "11111111111111111111111111111111", available: 1n, borrowedWads: 0n, collateralSupply: 1n, protocolFeesWads: 0n });
    const wrong = await readVenueIndex("save");
    expect(wrong.ok).toBe(false);
  });
  it("Aave v3: eth_call getReserveNormalizedIncome(USDC) → ray", async () => {
    rpc.aaveIndex.set("0xa238dd80c259a72e81d7e4664a9801593f98d1c5|0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", 1_050_000_000_000_000_000_000_000_000n);
    expect(await readVenueIndex("aave-v3-base")).toMatchObject({ ok: true, index: 1_050_000_000_000_000_000_000_000_000n });
  });
  it("no reader or a failing RPC is unavailable with a reason, never a number", async () => {
    const none = await readVenueIndex("morpho-base");
    expect(none).toMatchObject({ ok: false });
    if (!none.ok) expect(none.reason).toMatch(/no on-chain reader/);
    rpc.failing.add("BatchGetObjects");
    const down = await readVenueIndex("suilend");
    rpc.failing.delete("BatchGetObjects");
    expect(down.ok).toBe(false);
    if (!down.ok) expect(down.reason).toMatch(/RPC/);
  });
});

describe.each(dbKinds())("ledger on %s", (kind) => {
  let h: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, drop } = await openFor(kind));
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it("property: random route/stake/withdraw/harvest sequences keep balances ≥ 0 and journal = balances", async () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant("route" as const), amount: fc.bigInt({ min: 0n, max: 5_000_000n }), stake: fc.boolean(), venue: fc.constantFrom("suilend", "navi", "scallop") }),
      fc.record({ t: fc.constant("withdraw" as const), amount: fc.bigInt({ min: 0n, max: 8_000_000n }) }),
      fc.record({ t: fc.constant("harvest" as const), bump: fc.bigInt({ min: 0n, max: 50_000n }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const w = wallet();
        let num = 1_000_000n;
        setSuilend(rpc, num, 1_000_000n);
        let expected = 0n;
        for (const o of ops) {
          if (o.t === "route") {
            const r = await routeMoney(h.db, w, { amountMicros: o.amount, token: "USDC", stake: o.stake, chain: "move-chain", strategyId: o.venue }, false);
            if (r.status === "done") expected += o.amount;
            else expect(o.amount).toBe(0n);
          } else if (o.t === "withdraw") {
            const r = await withdrawMoney(h.db, w, { amountMicros: o.amount, token: "USDC" });
            if (r.status === "done") expected -= o.amount;
            else expect(o.amount === 0n || o.amount > expected).toBe(true);
          } else {
            num += o.bump;
            setSuilend(rpc, num, 1_000_000n);
            const r = await harvest(h.db, w, { execute: true });
            expected += BigInt(r.compoundedMicros);
          }
          const p = await position(h.db, w);
          expect(p.liquidMicros + p.stakedMicros).toBe(expected);
        }
        await checkInvariants(h, w);
      }),
      { numRuns: 25 },
    );
  });

  it("harvest: real yield skims on gross, compounds the rest, emits harvest.completed + position.updated", async () => {
    const w = wallet();
    setSuilend(rpc, 1_000_000n, 1_000_000n);
    const r = await routeMoney(h.db, w, { amountMicros: 100_000_000n, token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: "D1" }, false);
    expect(r.status).toBe("done");
    setSuilend(rpc, 1_000_200n, 1_000_000n); // +0.02 %: 20000 micros on 100 USDC
    const plan = await harvest(h.db, w, { execute: false });
    expect(plan.reason).toBeNull();
    expect(plan).toMatchObject({ prepared: true, schemaVersion: "harvest-plan.v1", grossYieldMicros: 20_000n });
    const done = await harvest(h.db, w, { execute: true });
    expect(done).toMatchObject({ mode: "harvest", outcome: "done", grossYieldMicros: 20_000n, protocolFeeMicros: 1_000n, netYieldMicros: 19_000n, compoundedMicros: 19_000n });
    expect((await position(h.db, w)).stakedMicros).toBe(100_019_000n);
    const again = await harvest(h.db, w, { execute: true });
    expect(again).toMatchObject({ outcome: "no_yield", grossYieldMicros: 0n });
    const types = (await h.db.select().from(events).where(eq(events.wallet, w))).map((e) => e.type);
    expect(types.filter((t) => t === "harvest.completed")).toHaveLength(1);
    await checkInvariants(h, w);
  });

  it("recordDeposit + recordLegs: proven position, cost basis net of routing legs, one activity row per leg", async () => {
    const w = wallet();
    const planId = `pln_test${n}`;
    await h.db.transaction(async (tx) => {
      await recordLegs(tx, [
        { wallet: w, planId, legIndex: 0, kind: "bridge", chain: "svm-chain", destChain: "move-chain", txId: "B1", amountInMicros: 10_100_000n, amountInSource: "chain", amountOutMicros: 10_050_000n, quotedAmountOutMicros: 10_060_000n, status: "settled" },
      ]);
      await creditLiquid(tx, { wallet: w, chain: "move-chain", token: "USDC", amountMicros: 10_050_000n, planId, legIndex: 0, txId: "B1" });
    });
    await h.db.transaction(async (tx) => {
      await recordLegs(tx, [
        { wallet: w, planId, legIndex: 1, kind: "swap", chain: "move-chain", txId: "S1", amountInMicros: 10_050_000n, amountInSource: "chain", amountOutMicros: 10_000_000n, quotedAmountOutMicros: 10_010_000n, status: "settled" },
      ]);
      await recordDeposit(tx, { wallet: w, chain: "move-chain", token: "USDC", venueId: "navi", amountMicros: 10_000_000n, amountInSource: "chain", planId, legIndex: 2, txId: "D9", quotedAmountOutMicros: 10_000_000n });
      await recordLegs(tx, [
        { wallet: w, planId, legIndex: 3, kind: "bridge", chain: "move-chain", destChain: "svm-chain", txId: null, amountInMicros: 1n, amountInSource: "plan", amountOutMicros: null, quotedAmountOutMicros: 1n, status: "failed", error: "reverted" },
      ]);
    });
    const pf = await publicPortfolio(h.db, w);
    expect(pf.count).toBe(1);
    expect(pf.positions[0]).toMatchObject({ depositedMicros: 10_100_000n, recordedMicros: 10_000_000n, txId: "D9" });
    // No chain to read here: the worth now is unknown, with its reason, and so is the ROI (never the ledger's figure).
    expect(pf.positions[0]).toMatchObject({ currentMicros: null, currentReason: expect.any(String), roiPct: null });
    expect(pf).toMatchObject({ totalRecordedUsd: "10", totalCurrentUsd: null, totalCurrentReason: expect.stringContaining("navi: ") });
    const act = await publicActivity(h.db, w, undefined, 50);
    expect(act.activity.map((a) => `${a.legIndex}:${a.kind}:${a.status}`)).toEqual(["0:bridge:settled", "1:swap:settled", "2:deposit:settled", "3:bridge:failed"]);
    expect(act.activity[0]).toMatchObject({ amountOut: 10_050_000n, quotedAmountOut: 10_060_000n, destChain: "move-chain" });
    const types = (await h.db.select().from(events).where(eq(events.wallet, w))).map((e) => e.type).sort();
    expect(types).toEqual(["deposit.settled", "position.updated", "position.updated"]);
    await checkInvariants(h, w);
  });

  it("route with stake writes exactly: two balance rows, three journal rows, one activity row, two events (one statement)", async () => {
    const w = wallet();
    setSuilend(rpc, 1_000_000n, 1_000_000n);
    const r = await routeMoney(h.db, w, { amountMicros: 7_000_000n, token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: "T7" }, false);
    if (r.status !== "done" || !r.actionId) throw new Error("route not done");
    const rows = await h.db.select().from(balances).where(eq(balances.wallet, w)).orderBy(asc(balances.venueId));
    expect(rows.map((b) => [b.venueId, b.liquidMicros, b.stakedMicros, b.costBasisMicros, b.indexRef, b.txId, b.openedAt !== null])).toEqual([
      ["", 0n, 0n, 0n, null, null, false],
      ["suilend", 0n, 7_000_000n, 7_000_000n, WAD, "T7", true],
    ]);
    const entries = await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.wallet, w)).orderBy(asc(ledgerEntries.seq));
    expect(entries.map((e) => [e.venueId, e.kind, e.amountMicros, e.balanceAfterMicros, e.actionId, e.planId, e.legIndex, e.txId, e.counterparty])).toEqual([
      [null, "credit", 7_000_000n, 7_000_000n, r.actionId, r.actionId, 0, "T7", null],
      [null, "stake", -7_000_000n, 0n, r.actionId, r.actionId, 0, "T7", null],
      ["suilend", "stake", 7_000_000n, 7_000_000n, r.actionId, r.actionId, 0, "T7", null],
    ]);
    const acts = await h.db.select().from(activity).where(eq(activity.wallet, w));
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ planId: r.actionId, legIndex: 0, kind: "deposit", chain: "move-chain", destChain: null, venueId: "suilend", token: "USDC", txId: "T7", amountInMicros: 7_000_000n, amountInSource: "request", amountOutMicros: 7_000_000n, quotedAmountOutMicros: null, status: "settled", error: null });
    expect(acts[0]?.id).toMatch(/^act_/);
    const evs = await h.db.select().from(events).where(eq(events.wallet, w)).orderBy(asc(events.seq));
    expect(evs.map((e) => [e.type, e.data])).toEqual([
      ["deposit.settled", { wallet: w, chain: "move-chain", token: "USDC", venueId: "suilend", amountMicros: "7000000", planId: r.actionId, legIndex: 0, txId: "T7" }],
      ["position.updated", { wallet: w, chain: "move-chain", token: "USDC", reason: "route", liquidMicros: "0", venues: [{ venueId: "suilend", stakedMicros: "7000000" }] }],
    ]);
  });

  it("route into a held position: the reference index merges as position.ts says, a later route without a txId keeps the last one, 20 at once add up", async () => {
    const w = wallet();
    setSuilend(rpc, 1_000_000n, 1_000_000n);
    const route = (amountMicros: bigint, txId?: string) => routeMoney(h.db, w, { amountMicros, token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId }, false);
    await route(3_000_000n, "T1");
    setSuilend(rpc, 1_100_000n, 1_000_000n); // the index now 1.1
    const r = await route(2_000_000n);
    expect(r).toMatchObject({ status: "done", position: { liquidMicros: 0n, venueStakedMicros: 5_000_000n } });
    const [row] = await h.db.select().from(balances).where(and(eq(balances.wallet, w), eq(balances.venueId, "suilend")));
    expect(row).toMatchObject({ stakedMicros: 5_000_000n, costBasisMicros: 5_000_000n, txId: "T1", txConfirmedAt: null });
    expect(row?.indexRef).toBe(mergedIndex(3_000_000n, WAD, 2_000_000n, (11n * WAD) / 10n));
    expect(row?.indexRef).not.toBe(WAD);
    // A route without stake credits the liquid row only.
    const plain = await routeMoney(h.db, w, { amountMicros: 1_000n, token: "USDC", stake: false, chain: "move-chain" }, false);
    expect(plain).toMatchObject({ status: "done", position: { liquidMicros: 1_000n, venueStakedMicros: null } });
    await Promise.all(Array.from({ length: 20 }, () => route(1_000n)));
    expect(await position(h.db, w)).toMatchObject({ liquidMicros: 1_000n, stakedMicros: 5_020_000n });
    // Every entry's balance_after is the running sum of its bucket, in journal order (the concurrent ones included).
    const entries = await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.wallet, w)).orderBy(asc(ledgerEntries.seq));
    const sums = new Map<string, bigint>();
    for (const e of entries) {
      const sum = (sums.get(e.venueId ?? "") ?? 0n) + e.amountMicros;
      sums.set(e.venueId ?? "", sum);
      expect(e.balanceAfterMicros).toBe(sum);
    }
    await checkInvariants(h, w);
  });

  it("activity groups: a plan keeps its group across calls, new plans number in order of first appearance, a row without a plan is its own group", async () => {
    const w = wallet();
    const row = (planId: string | null, legIndex: number) => ({ wallet: w, planId, legIndex, kind: "swap" as const, chain: "move-chain", txId: null, amountInMicros: 1n, amountInSource: "request" as const, amountOutMicros: 1n, quotedAmountOutMicros: null, status: "settled" as const });
    await insertActivity(h.db, [row("pA", 0)]);
    await h.db.transaction(async (tx) => {
      await insertActivity(tx, [row("pB", 0), row("pA", 1), row(null, 0), row("pC", 0), row("pB", 1)]);
    });
    const acts = await h.db.select().from(activity).where(eq(activity.wallet, w)).orderBy(asc(activity.seq));
    const g = (planId: string | null, leg: number) => acts.find((a) => a.planId === planId && a.legIndex === leg)?.groupSeq ?? -1n;
    expect(g("pA", 1)).toBe(g("pA", 0));
    expect(g("pB", 1)).toBe(g("pB", 0));
    expect(g("pB", 0) > g("pA", 0)).toBe(true);
    expect(g("pC", 0) > g("pB", 0)).toBe(true);
    expect(new Set([g("pA", 0), g("pB", 0), g("pC", 0), g(null, 0)]).size).toBe(4);
    expect(acts.map((a) => a.token)).toEqual(["USDC", "USDC", "USDC", "USDC", "USDC", "USDC"]);
  });

  it("transactions: a throw rolls everything back; a failed statement whose error was caught does not commit", async () => {
    const w = wallet();
    await expect(
      h.db.transaction(async (tx) => {
        await creditLiquid(tx, { wallet: w, chain: "move-chain", token: "USDC", amountMicros: 5n, planId: null, legIndex: 0, txId: null });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.wallet, w))).toHaveLength(0);
    const caught = h.db.transaction(async (tx) => {
      await creditLiquid(tx, { wallet: w, chain: "move-chain", token: "USDC", amountMicros: 5n, planId: null, legIndex: 0, txId: null });
      await tx.execute(sql`select 1 / 0`).catch(() => null);
      return "done";
    });
    if (kind === "postgres") await expect(caught).rejects.toThrow();
    else await caught.catch(() => null);
    expect(await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.wallet, w))).toHaveLength(0);
  });

  it("a credit without proof is not a public position; ROI is null without cost basis", async () => {
    const w = wallet();
    await routeMoney(h.db, w, { amountMicros: 5_000_000n, token: "USDC", stake: true, chain: "move-chain", strategyId: "scallop" }, false);
    expect((await publicPortfolio(h.db, w)).count).toBe(0);
  });

  it("20 concurrent withdraws of 10 from 100: exactly 10 succeed, balance 0; 40 concurrent on one wallet stay exact", async () => {
    const w = wallet();
    await routeMoney(h.db, w, { amountMicros: 100n, token: "USDC", stake: false, chain: "move-chain" }, false);
    const rs = await Promise.all(Array.from({ length: 20 }, () => withdrawMoney(h.db, w, { amountMicros: 10n, token: "USDC" })));
    expect(rs.filter((r) => r.status === "done")).toHaveLength(10);
    expect((await position(h.db, w)).liquidMicros).toBe(0n);
    const w2 = wallet();
    await routeMoney(h.db, w2, { amountMicros: 600n, token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend" }, false);
    await routeMoney(h.db, w2, { amountMicros: 300n, token: "USDC", stake: false, chain: "move-chain" }, false);
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => withdrawMoney(h.db, w2, { amountMicros: BigInt(10 + (i % 3) * 10), token: "USDC" })));
    const out = many.reduce((s, r) => (r.status === "done" ? s + r.amountMicros : s), 0n);
    const p = await position(h.db, w2);
    expect(p.liquidMicros + p.stakedMicros).toBe(900n - out);
    await checkInvariants(h, w);
    await checkInvariants(h, w2);
  });
});
