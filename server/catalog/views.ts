// The catalog views (spec §2.7): venues, the APY table, strategies, home and discover, built from the
// registry and the stored snapshot. Pure functions of (venues, live APYs, snapshot) so handlers stay thin.
import { CHAIN_IDS, type ChainId } from "../chains/address";
import { config } from "../config";
import type { Db } from "../db/client";
import { feePolicy } from "../fees/policy";
import { fieldError } from "../http/errors";
import { LAUNCH_HOMES, MAP_CHAINS } from "../chains/launch";
import { AUTOPILOT, opportunityIdOf, VENUES, type VenueDescriptor } from "../venues";
import { venueActions, venueRowReady } from "../venues/adapters";
import { allLiveApys, type LiveApy } from "./apy";
import { netApyBps } from "./estimates";
import { getSnapshot, isFresh, type Snapshot, snapshotReason } from "./snapshot";
import { CHAIN_TO_UPSTREAM, SOURCE, UPSTREAM_CHAINS } from "./upstream";

export interface CatalogState {
  apys: Map<string, LiveApy>;
  snapshot: Snapshot;
  status: "ok" | "unavailable";
  reason: string | null;
  skimBps: number;
}

export async function catalogState(db: Db): Promise<CatalogState> {
  const apys = await allLiveApys(db);
  const snapshot = await getSnapshot(db);
  const reason = snapshotReason(snapshot);
  return { apys, snapshot, status: reason === null ? "ok" : "unavailable", reason, skimBps: feePolicy().yieldSkimBps };
}

const NO_APY: LiveApy = {
  grossApyBps: null,
  apy30dBps: null,
  tvlUsd: null,
  source: null,
  asOf: null,
  status: "unavailable",
  reason: "no value",
  pool: null,
};

export function apyWire(a: LiveApy, skimBps: number) {
  return { ...a, netApyBps: a.grossApyBps === null ? null : netApyBps(a.grossApyBps, skimBps) };
}

export function venueWire(v: VenueDescriptor) {
  return {
    id: v.id,
    opportunityId: opportunityIdOf(v),
    protocol: v.protocol,
    name: v.name,
    chain: v.chain,
    family: v.family,
    kind: v.kind,
    token: v.token,
    label: v.label,
    // contract §8: readiness from the adapter registry that answers adapter_not_ready, per action.
    ready: venueRowReady(v),
    actions: venueActions(v),
    writeReady: v.writeReady,
    liveMoneyPath: v.liveMoneyPath,
    broadcastEnabled: v.broadcastEnabled,
    minDepositMicros: v.minDepositMicros.toString(),
    upstream: { ...v.upstream },
    onchain: { ...v.onchain },
  };
}

export function venuesBody(live: boolean, state: CatalogState | null) {
  return {
    schemaVersion: "svc-venues.v1" as const,
    executionMode: config().SVC_EXECUTION_MODE,
    launchHomes: [...LAUNCH_HOMES],
    mapChains: [...MAP_CHAINS],
    count: VENUES.length,
    venues: VENUES.map((v) =>
      live && state ? { ...venueWire(v), apy: apyWire(state.apys.get(v.id) ?? NO_APY, state.skimBps) } : venueWire(v),
    ),
  };
}

export function venueApyBody(state: CatalogState) {
  return {
    schemaVersion: "svc-venue-apy.v1" as const,
    status: state.status,
    source: SOURCE,
    asOf: state.snapshot.asOf?.toISOString() ?? null,
    reason: state.reason,
    skimBps: state.skimBps,
    venues: VENUES.map((v) => ({
      venueId: v.id,
      opportunityId: opportunityIdOf(v),
      protocol: v.protocol,
      chain: v.chain,
      label: v.label,
      ready: venueRowReady(v),
      ...apyWire(state.apys.get(v.id) ?? NO_APY, state.skimBps),
    })),
  };
}

/** The automated strategy's current pick: the ready venue with the top live 30-day APY (ties: venue id ascending). */
export function autopilotPick(state: CatalogState): VenueDescriptor | null {
  let best: { v: VenueDescriptor; apy30: number } | null = null;
  for (const v of VENUES) {
    const a = state.apys.get(v.id);
    if (!v.ready || !a || a.status !== "live" || a.apy30dBps === null) continue;
    if (!best || a.apy30dBps > best.apy30 || (a.apy30dBps === best.apy30 && v.id < best.v.id)) best = { v, apy30: a.apy30dBps };
  }
  return best?.v ?? null;
}

function autopilotApy(state: CatalogState, pick: VenueDescriptor | null): LiveApy {
  if (pick) return state.apys.get(pick.id) ?? NO_APY;
  return { ...NO_APY, reason: state.reason ?? "no ready venue has a live 30-day APY" };
}

export function strategyRows(state: CatalogState) {
  const pick = autopilotPick(state);
  const pickApy = pick ? state.apys.get(pick.id) : undefined;
  const strategy = {
    opportunityId: AUTOPILOT.opportunityId,
    strategyId: AUTOPILOT.id,
    kind: "strategy" as const,
    protocol: AUTOPILOT.protocol,
    name: AUTOPILOT.name,
    // Within-chain: it runs on the chain of its current pick; the first launch home until there is one.
    chain: (pick?.chain ?? LAUNCH_HOMES[0]) as ChainId,
    label: "Executable" as const,
    ready: VENUES.some(venueRowReady),
    // The automated strategy has no deposit or withdraw plan of its own: it is turned on per wallet and chain.
    actions: null,
    writeReady: VENUES.some((v) => v.ready && v.writeReady),
    liveMoneyPath: VENUES.some((v) => v.ready && v.liveMoneyPath),
    broadcastEnabled: pick?.broadcastEnabled ?? false,
    minDepositMicros: (pick?.minDepositMicros ?? 1_000_000n).toString(),
    rerank: AUTOPILOT.rerank,
    switchThresholdBps: AUTOPILOT.switchThresholdBps,
    currentPick:
      pick && pickApy?.apy30dBps !== null && pickApy?.apy30dBps !== undefined
        ? { venueId: pick.id, opportunityId: opportunityIdOf(pick), chain: pick.chain, apy30dBps: pickApy.apy30dBps }
        : null,
    apy: apyWire(autopilotApy(state, pick), state.skimBps),
  };
  const venues = VENUES.map((v) => {
    const w = venueWire(v);
    return {
      opportunityId: w.opportunityId,
      strategyId: v.id,
      kind: "venue" as const,
      protocol: v.protocol,
      name: v.name,
      chain: v.chain,
      label: v.label,
      ready: w.ready,
      actions: w.actions,
      writeReady: v.writeReady,
      liveMoneyPath: v.liveMoneyPath,
      broadcastEnabled: v.broadcastEnabled,
      minDepositMicros: w.minDepositMicros,
      apy: apyWire(state.apys.get(v.id) ?? NO_APY, state.skimBps),
    };
  });
  return [strategy, ...venues];
}

export type StrategyRow = ReturnType<typeof strategyRows>[number];

// ---- home -------------------------------------------------------------------------------------------

export interface HomeQuery {
  chain?: ChainId;
  ready?: boolean;
  q?: string;
  sort?: "grossApyBps" | "netApyBps" | "apy30dBps" | "tvlUsd" | "protocol" | "chain";
  order?: "asc" | "desc";
}

const MARKETS_LIMIT = 50;

function homeRow(r: StrategyRow) {
  return {
    opportunityId: r.opportunityId,
    strategyId: r.strategyId,
    protocol: r.protocol,
    name: r.name,
    chain: r.chain,
    kind: r.kind,
    label: r.label,
    ready: r.ready,
    actions: r.actions,
    grossApyBps: r.apy.grossApyBps,
    netApyBps: r.apy.netApyBps,
    apy30dBps: r.apy.apy30dBps,
    tvlUsd: r.apy.tvlUsd,
    source: r.apy.source,
    asOf: r.apy.asOf,
    reason: r.apy.reason,
  };
}
type HomeRow = ReturnType<typeof homeRow>;

function matchesQ(q: string | undefined, ...fields: string[]): boolean {
  if (!q) return true;
  const needle = q.trim().toLowerCase();
  return needle === "" || fields.some((f) => f.toLowerCase().includes(needle));
}

function compareRows(sort: NonNullable<HomeQuery["sort"]>, dir: 1 | -1) {
  return (a: HomeRow, b: HomeRow): number => {
    const x = a[sort];
    const y = b[sort];
    // Nulls last in either order: an unknown number never outranks a known one.
    if (x === null || y === null) {
      if (x === y) return a.strategyId < b.strategyId ? -1 : 1;
      return x === null ? 1 : -1;
    }
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    if (c !== 0) return c * dir;
    return a.strategyId < b.strategyId ? -1 : a.strategyId > b.strategyId ? 1 : 0;
  };
}

export function homeBody(state: CatalogState, q: HomeQuery) {
  const [strategy, ...venueRows] = strategyRows(state);
  const keep = (r: StrategyRow) =>
    (q.ready === undefined || r.ready === q.ready) && matchesQ(q.q, r.protocol, r.name, r.strategyId);
  const sort = q.sort ?? "grossApyBps";
  const dir = (q.order ?? (sort === "protocol" || sort === "chain" ? "asc" : "desc")) === "asc" ? 1 : -1;
  const venues = venueRows
    .filter((r) => keep(r) && (q.chain === undefined || r.chain === q.chain))
    .map(homeRow)
    .sort(compareRows(sort, dir));
  // The featured strategy stays first; a chain filter keeps it when that chain is a launch home.
  const showStrategy = strategy && keep(strategy) && (q.chain === undefined || LAUNCH_HOMES.includes(q.chain));
  const opportunities = showStrategy && strategy ? [homeRow(strategy), ...venues] : venues;

  const byProtocol = new Map<string, { protocol: string; name: string; chains: Set<string>; opportunities: number }>();
  for (const r of venues) {
    const p = byProtocol.get(r.protocol) ?? { protocol: r.protocol, name: r.name, chains: new Set<string>(), opportunities: 0 };
    p.chains.add(r.chain);
    p.opportunities++;
    byProtocol.set(r.protocol, p);
  }
  const protocols = [...byProtocol.values()]
    .sort((a, b) => a.protocol.localeCompare(b.protocol))
    .map((p) => ({ protocol: p.protocol, name: p.name, chains: CHAIN_IDS.filter((c) => p.chains.has(c)), opportunities: p.opportunities }));

  return {
    schemaVersion: "svc-home.v1" as const,
    status: state.status,
    source: SOURCE,
    asOf: state.snapshot.asOf?.toISOString() ?? null,
    opportunities,
    protocols,
    markets: state.status === "ok" ? homeMarkets(state.snapshot, venues, q) : [],
  };
}

/** Upstream stablecoin pools of the listed protocols on their chains (deepest first), trimmed to table fields. */
function homeMarkets(snapshot: Snapshot, venues: HomeRow[], q: HomeQuery) {
  const protocolOf = new Map<string, string>();
  const listed = new Set(venues.map((r) => r.strategyId));
  for (const v of VENUES) if (listed.has(v.id)) protocolOf.set(`${v.upstream.chain}|${v.upstream.project}`, v.protocol);
  const out = [];
  for (const p of snapshot.pools) {
    if (!p.stablecoin) continue;
    const protocol = protocolOf.get(`${p.chain}|${p.project}`);
    const chain = UPSTREAM_CHAINS[p.chain];
    if (!protocol || !chain) continue;
    if (q.chain !== undefined && chain !== q.chain) continue;
    out.push({ chain, protocol, symbol: p.symbol, pool: p.pool, tvlUsd: p.tvlUsd, apyBps: p.apyBps, apy30dBps: p.apy30dBps });
    if (out.length >= MARKETS_LIMIT) break;
  }
  return out;
}

// ---- discover ---------------------------------------------------------------------------------------

export interface DiscoverQuery {
  chain?: ChainId;
  stablecoin?: boolean;
  minTvlUsd?: number;
  project?: string;
  cursor?: string;
  limit?: number;
}

function decodeCursor(c: string | undefined): number {
  if (c === undefined) return 0;
  const m = /^o([0-9]{1,9})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return Number(m[1]);
}

export function discoverBody(snapshot: Snapshot, q: DiscoverQuery) {
  const reason = snapshotReason(snapshot);
  const fresh = reason === null && isFresh(snapshot.asOf);
  const offset = decodeCursor(q.cursor);
  const limit = q.limit ?? 50;
  const upstreamChain = q.chain ? CHAIN_TO_UPSTREAM[q.chain] : undefined;
  const project = q.project?.toLowerCase();
  const matching = fresh
    ? snapshot.pools.filter(
        (p) =>
          (upstreamChain === undefined || p.chain === upstreamChain) &&
          (q.stablecoin === undefined || p.stablecoin === q.stablecoin) &&
          (q.minTvlUsd === undefined || (p.tvlUsd !== null && p.tvlUsd >= q.minTvlUsd)) &&
          (project === undefined || p.project.toLowerCase() === project),
      )
    : [];
  const page = matching.slice(offset, offset + limit);
  const next = offset + limit < matching.length ? Buffer.from(`o${offset + limit}`).toString("base64url") : null;
  return {
    schemaVersion: "svc-discover.v1" as const,
    executionTruth: false as const,
    note: "Market map from the yields upstream, for discovery and display ranking only; not execution truth.",
    status: fresh ? ("ok" as const) : ("unavailable" as const),
    source: SOURCE,
    asOf: snapshot.asOf?.toISOString() ?? null,
    reason,
    total: matching.length,
    count: page.length,
    nextCursor: next,
    pools: page.map((p) => ({
      pool: p.pool,
      chain: UPSTREAM_CHAINS[p.chain] as ChainId,
      network: p.chain,
      project: p.project,
      symbol: p.symbol,
      stablecoin: p.stablecoin,
      tvlUsd: p.tvlUsd,
      apyBps: p.apyBps,
      apyBaseBps: p.apyBaseBps,
      apyRewardBps: p.apyRewardBps,
      apy30dBps: p.apy30dBps,
    })),
  };
}
