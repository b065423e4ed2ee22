// Readiness (GET /api/v1/readyz): the database answers and holds every migration this build ships; the outside
// sources' ages are reported beside, never a reason to leave the load balancer (a stale catalog is served with its
// asOf, an unreachable RPC as null with a reason: the service still answers), and so is the dashboard's build (the
// API is served while the pages build: server/ops/dashboard.ts, docs/decisions.md). Each check is bounded in time, and
// one answer serves every probe of the same second (single flight), so a busy prober costs one query a second.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { ensureBooted } from "../boot";
import { SOURCE } from "../catalog/upstream";
import { CHAIN_IDS } from "../chains/address";
import type { Db } from "../db/client";
import { yieldSnapshots } from "../db/schema";
import { metrics } from "../metrics";
import { rowsOf } from "../webhooks/sql";
import { type DashboardReport, dashboardReport } from "./dashboard";

const CHECK_MS = 2_000;
const CACHE_MS = 1_000;

export interface Check {
  ok: boolean;
  ms: number;
  error: string | null;
}

export interface Readiness {
  schemaVersion: "svc-ready.v1";
  ready: boolean;
  checks: {
    database: Check & { kind: "pglite" | "postgres" | null };
    migrations: Check & { applied: number | null; expected: number };
  };
  upstreams: Array<{ name: string; asOf: string | null; ageSeconds: number | null; lastAttemptAt: string | null; error: string | null }>;
  /** The pages: reported, never a reason to be not ready (the API answers while the dashboard builds). */
  dashboard: DashboardReport;
  time: string;
}

/** The migrations this build ships (drizzle's journal; the migrator reads the same folder: db/client.ts). */
function journal(): { count: number; lastWhen: number } {
  const file = path.join(process.cwd(), "drizzle", "meta", "_journal.json");
  const entries = (JSON.parse(readFileSync(file, "utf8")) as { entries: Array<{ when: number }> }).entries;
  return { count: entries.length, lastWhen: entries[entries.length - 1]?.when ?? 0 };
}

function bounded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_MS} ms`)), CHECK_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const message = (e: unknown) => (e instanceof Error ? e.message.split("\n")[0] ?? "" : String(e)).slice(0, 300);

async function timed<T>(what: string, work: () => Promise<T>): Promise<{ value: T | null; check: Check }> {
  const started = Date.now();
  try {
    const value = await bounded(work(), what);
    return { value, check: { ok: true, ms: Date.now() - started, error: null } };
  } catch (e) {
    return { value: null, check: { ok: false, ms: Date.now() - started, error: message(e) } };
  }
}

async function appliedMigrations(db: Db, expected: { count: number; lastWhen: number }): Promise<number> {
  const [first] = await rowsOf<{ n: number | string; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const n = Number(first?.n ?? 0);
  if (n < expected.count || first?.last !== String(expected.lastWhen)) {
    throw new Error(`${n} of ${expected.count} migrations applied; the newest this build ships is not`);
  }
  return n;
}

async function yieldsAge(db: Db, now: number): Promise<Readiness["upstreams"][number]> {
  const [row] = await db.select().from(yieldSnapshots).where(eq(yieldSnapshots.source, SOURCE));
  const asOf = row?.asOf ?? null;
  return {
    name: "yields",
    asOf: asOf?.toISOString() ?? null,
    ageSeconds: asOf ? Math.round((now - asOf.getTime()) / 1000) : null,
    lastAttemptAt: row?.lastAttemptAt.toISOString() ?? null,
    error: row ? row.lastError : "no refresh has run yet",
  };
}

/** The chain RPCs: age of this instance's last good answer (they are called on demand, so none is not a fault). */
function rpcAges(now: number): Readiness["upstreams"] {
  const lastOk = metrics().lastOk;
  return [...CHAIN_IDS.map((c) => `rpc:${c}`), "rpc:evm"].map((name) => {
    const at = lastOk.get(name);
    return {
      name,
      asOf: at === undefined ? null : new Date(at).toISOString(),
      ageSeconds: at === undefined ? null : Math.round((now - at) / 1000),
      lastAttemptAt: null,
      error: at === undefined ? "no good answer since this instance started" : null,
    };
  });
}

async function measure(): Promise<Omit<Readiness, "dashboard">> {
  const expected = journal();
  const boot = await timed("the database", async () => {
    const h = await ensureBooted();
    await h.db.execute(sql`select 1`);
    return h;
  });
  const handle = boot.value;
  const migrations = handle
    ? await timed("the migrations table", () => appliedMigrations(handle.db, expected))
    : { value: null, check: { ok: false, ms: 0, error: "the database is not reachable" } };
  const now = Date.now();
  const yields = handle ? await timed("the yields snapshot", () => yieldsAge(handle.db, now)) : null;
  const upstreams = [
    yields?.value ?? { name: "yields", asOf: null, ageSeconds: null, lastAttemptAt: null, error: yields?.check.error ?? "the database is not reachable" },
    ...rpcAges(now),
  ];
  return {
    schemaVersion: "svc-ready.v1",
    ready: boot.check.ok && migrations.check.ok,
    checks: {
      database: { ...boot.check, kind: handle?.kind ?? null },
      migrations: { ...migrations.check, applied: migrations.value, expected: expected.count },
    },
    upstreams,
    time: new Date(now).toISOString(),
  };
}

const holder = globalThis as unknown as { __svcReady?: { at: number; answer: Promise<Omit<Readiness, "dashboard">> } };

/** This instance's readiness, measured at most once a second (the dashboard's state is read on every call). */
export async function readiness(): Promise<Readiness> {
  const now = Date.now();
  const last = holder.__svcReady;
  const fresh = last && now - last.at < CACHE_MS ? last : { at: now, answer: measure() };
  holder.__svcReady = fresh;
  const { time, ...rest } = await fresh.answer;
  return { ...rest, dashboard: dashboardReport(), time };
}
