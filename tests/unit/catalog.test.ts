// Catalog domain rules in-process: estimates (spec §1.4), strategyId rules (spec §2.1), upstream
// parsing, and the snapshot store with apy.updated events on a real PGlite database (a template copy).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classify, liveApy } from "@/server/catalog/apy";
import { estimates, netApyBps } from "@/server/catalog/estimates";
import { poolForVenue, storeSnapshot } from "@/server/catalog/refresh";
import { extractPools, percentToBps, UpstreamError } from "@/server/catalog/upstream";
import { type DbHandle, openDatabase } from "@/server/db/client";
import { events, venueApys } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { AUTOPILOT, getVenue, opportunityIdOf, resolveStrategyId, VENUES, venuesOn } from "@/server/venues";
import { templateDir } from "../support/app";
import { makePools, venueRows } from "../support/fake-yields";

function must(id: string) {
  const v = getVenue(id);
  if (!v) throw new Error(`no venue ${id}`);
  return v;
}

describe("estimates (spec §1.4)", () => {
  it("follows the formulas with integer math", () => {
    const e = estimates(800, 1_000_000_000n, 500);
    expect(e.netApyBps).toBe(760); // 800 × 9500 / 10000
    expect(e.estDailyYieldMicros).toBe((1_000_000_000n * 760n) / 10_000n / 365n); // 208219
    expect(e.estDailyYieldMicros).toBe(208_219n);
    expect(e.estMonthlyYieldMicros).toBe(208_219n * 30n);
    expect(e.estimate).toBe(true);
  });
  it("is all null when the gross APY is missing", () => {
    expect(estimates(null, 5_000_000n, 500)).toMatchObject({ grossApyBps: null, netApyBps: null, estDailyYieldMicros: null, estMonthlyYieldMicros: null });
  });
  it("handles edge values", () => {
    expect(netApyBps(0, 500)).toBe(0);
    expect(netApyBps(1, 500)).toBe(0); // 1 × 9500 / 10000 rounds toward zero
    expect(netApyBps(10_000, 0)).toBe(10_000);
    expect(netApyBps(10_000, 10_000)).toBe(0);
    expect(netApyBps(-50, 500)).toBe(-50); // no skim on a loss
    expect(estimates(800, 0n, 500).estDailyYieldMicros).toBe(0n);
    const max = (1n << 63n) - 1n;
    const big = estimates(2_147_483_647, max, 0);
    expect(big.estDailyYieldMicros).toBe((max * 2_147_483_647n) / 10_000n / 365n);
    expect(() => netApyBps(1.5, 500)).toThrow(RangeError);
    expect(() => netApyBps(100, 10_001)).toThrow(RangeError);
    expect(() => estimates(100, -1n, 500)).toThrow(RangeError);
  });
});

describe("strategyId rules (spec §2.1)", () => {
  const code = (input: string) => {
    try {
      resolveStrategyId(input);
      return "ok";
    } catch (e) {
      return e instanceof ApiError ? `${e.status} ${e.code} ${e.message}` : String(e);
    }
  };
  it("resolves bare ids, form- aliases and opportunityIds", () => {
    expect(resolveStrategyId("scallop").venue?.id).toBe("scallop");
    expect(resolveStrategyId("form-scallop").venue?.id).toBe("scallop");
    const opp = opportunityIdOf(must("kamino"));
    expect(resolveStrategyId(opp).venue?.id).toBe("kamino");
    expect(resolveStrategyId(AUTOPILOT.id).kind).toBe("strategy");
    expect(resolveStrategyId(AUTOPILOT.opportunityId).kind).toBe("strategy");
  });
  it("rejects a composite market id with 400 naming the bare id", () => {
    expect(code("scallop-usdc")).toMatch(/^400 INVALID_REQUEST .*"scallop"/);
    expect(code("form-navi-usdc")).toMatch(/^400 INVALID_REQUEST .*"navi"/);
    expect(code("aave-v3-usdc")).toMatch(/^400 .*"aave-v3-base" or "aave-v3-arbitrum"/);
    expect(code("aave-v3-base-usdc")).toMatch(/^400 .*"aave-v3-base"/);
  });
  it("gives 404 NOT_FOUND for unknown ids", () => {
    expect(code("nope")).toMatch(/^404 NOT_FOUND/);
    expect(code("opp_0000000000")).toMatch(/^404 NOT_FOUND/);
    expect(code("form-")).toMatch(/^404 NOT_FOUND/);
  });
  it("opportunityIds are stable, prefixed and unique", () => {
    const ids = VENUES.map(opportunityIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^opp_[0-9a-f]{20}$/);
    expect(opportunityIdOf(must("scallop"))).toBe(opportunityIdOf(must("scallop")));
  });
  it("lists the required protocols with Map chains never broadcasting", () => {
    for (const id of ["scallop", "navi", "suilend"]) expect(getVenue(id)?.chain).toBe("move-chain");
    for (const id of ["kamino", "marginfi", "jupiter-lend", "save"]) expect(getVenue(id)?.chain).toBe("svm-chain");
    for (const chain of ["evm-a", "evm-b"] as const) {
      expect(venuesOn(chain).map((v) => v.protocol).sort()).toEqual(["aave-v3", "compound-v3", "morpho"]);
      for (const v of venuesOn(chain)) expect(v).toMatchObject({ label: "Map", broadcastEnabled: false, writeReady: false, liveMoneyPath: false });
    }
  });
});

describe("upstream parsing", () => {
  it("converts percents to integer bps", () => {
    expect(percentToBps(4.236)).toBe(424);
    expect(percentToBps(null)).toBeNull();
    expect(percentToBps(Number.NaN)).toBeNull();
    expect(percentToBps("5")).toBeNull();
    expect(percentToBps(1e12)).toBeNull();
  });
  it("keeps the four chains and rejects empty or malformed bodies", () => {
    const rows = makePools(2000);
    const { pools, upstreamRows } = extractPools({ status: "success", data: rows });
    expect(upstreamRows).toBe(2000);
    expect(pools.length).toBe(rows.filter((r) => ["Sui", "Solana", "Base", "Arbitrum"].includes(r.chain)).length);
    expect(() => extractPools({ status: "success", data: [] })).toThrow(UpstreamError);
    expect(() => extractPools({ data: { pools: [] } })).toThrow(/malformed/);
    expect(() => extractPools([{ foo: 1 }])).toThrow(/malformed/);
    expect(() => extractPools({ data: [{ foo: 1 }] })).toThrow(/malformed rows/);
  });
});

describe("snapshot store on PGlite", () => {
  let h: DbHandle;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "svc-cat-"));
    cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
    h = await openDatabase({ SVC_DATA_DIR: dir, DATABASE_URL: undefined });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores venue APYs equal to the upstream and emits apy.updated only on change", async () => {
    const vrows = venueRows(VENUES.map((v) => v.upstream));
    const all = extractPools({ data: makePools(3000, vrows) }).pools;
    const n1 = await storeSnapshot(h.db, all, 3000, new Date());
    expect(n1).toBe(VENUES.length);
    const scallop = getVenue("scallop");
    if (!scallop) throw new Error("no scallop");
    const expected = poolForVenue(scallop, all);
    const live = await liveApy(h.db, "scallop");
    expect(live).toMatchObject({ status: "live", grossApyBps: expected?.apyBps, apy30dBps: expected?.apy30dBps, source: "defillama" });
    // Same data again: nothing changed, no events.
    expect(await storeSnapshot(h.db, all, 3000, new Date())).toBe(0);
    // One venue's APY moves: exactly one event, with before and after.
    const moved = all.map((p) => (p.pool === expected?.pool ? { ...p, apyBps: (p.apyBps ?? 0) + 37 } : p));
    expect(await storeSnapshot(h.db, moved, 3000, new Date())).toBe(1);
    const [evt] = await h.db.select().from(events).where(eq(events.type, "apy.updated")).orderBy(desc(events.seq)).limit(1);
    expect(evt?.data).toMatchObject({ venueId: "scallop", grossApyBps: (expected?.apyBps ?? 0) + 37, previousGrossApyBps: expected?.apyBps });
    expect(evt?.wallet).toBeNull();
  });

  it("a stale value is null with status stale; a missing pool is unavailable with a reason", async () => {
    const [row] = await h.db.select().from(venueApys).where(eq(venueApys.venueId, "navi"));
    const v = getVenue("navi");
    if (!row || !v) throw new Error("setup");
    const meta = { asOf: row.asOf, lastAttemptAt: row.asOf, lastError: "HTTP 500", upstreamRows: 1 };
    const later = row.asOf.getTime() + 3601_000;
    const stale = classify(v, row, meta, later);
    expect(stale).toMatchObject({ status: "stale", grossApyBps: null, apy30dBps: null, tvlUsd: null });
    expect(stale.reason).toMatch(/older than 3600 s; last refresh failed: HTTP 500/);
    const missing = classify(v, { ...row, pool: null, grossApyBps: null }, meta, row.asOf.getTime());
    expect(missing).toMatchObject({ status: "unavailable", grossApyBps: null });
    expect(missing.reason).toMatch(/no pool for project navi-lending/);
  });
});
