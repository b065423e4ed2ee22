// GET /svc/strategies/{id}/chart: the upstream's GET /chart/{pool} for the venue's pool, with a
// timeout and a short in-process cache. An upstream failure is a 200 with status "unavailable".
import { config } from "../config";
import type { Db } from "../db/client";
import { resolveStrategyId } from "../venues";
import { liveApy } from "./apy";
import { autopilotPick, catalogState } from "./views";
import { type ChartPoint, fetchChart, SOURCE, UpstreamError } from "./upstream";

const OK_TTL_MS = 60_000;
const FAIL_TTL_MS = 5_000;
const MAX_ENTRIES = 200;

interface Entry {
  at: number;
  asOf: string;
  points: ChartPoint[] | null;
  error: string | null;
}

const holder = globalThis as unknown as { __svcCharts?: Map<string, Entry> };

async function chartOf(pool: string): Promise<Entry> {
  holder.__svcCharts ??= new Map();
  const cache = holder.__svcCharts;
  const hit = cache.get(pool);
  if (hit && Date.now() - hit.at < (hit.points ? OK_TTL_MS : FAIL_TTL_MS)) return hit;
  const cfg = config();
  let entry: Entry;
  try {
    const points = await fetchChart(cfg.SVC_YIELDS_API_URL, pool, cfg.SVC_YIELDS_TIMEOUT_MS);
    entry = { at: Date.now(), asOf: new Date().toISOString(), points, error: null };
  } catch (e) {
    const error = e instanceof UpstreamError ? e.message : "upstream read failed";
    entry = { at: Date.now(), asOf: new Date().toISOString(), points: null, error };
  }
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(pool, entry);
  return entry;
}

export async function chartBody(db: Db, id: string) {
  const r = resolveStrategyId(id, "path.id");
  let venueId: string | null = r.venue?.id ?? null;
  if (!r.venue) {
    const pick = autopilotPick(await catalogState(db));
    venueId = pick?.id ?? null;
  }
  const base = {
    schemaVersion: "svc-chart.v1" as const,
    opportunityId: r.opportunityId,
    strategyId: r.id,
    source: SOURCE,
  };
  if (!venueId) {
    return { ...base, pool: null, status: "unavailable" as const, asOf: null, reason: "the automated strategy has no current pick", points: [] };
  }
  const apy = await liveApy(db, venueId);
  if (!apy.pool) {
    return { ...base, pool: null, status: "unavailable" as const, asOf: null, reason: apy.reason ?? "no upstream pool for this venue", points: [] };
  }
  const c = await chartOf(apy.pool);
  if (!c.points) {
    return { ...base, pool: apy.pool, status: "unavailable" as const, asOf: null, reason: `yields upstream chart: ${c.error}`, points: [] };
  }
  return { ...base, pool: apy.pool, status: "ok" as const, asOf: c.asOf, reason: null, points: c.points };
}
