// Character auto-yield discovery (spec §2.8, §4.9) over the stored yields snapshot: stablecoin pools on the
// allowed chains, TVL ≥ the floor, optional project allowlist, sorted by TVL desc; each pool is matched to a
// venue (the venue's own upstream pool), checked against the allowlist (service ∩ the character's envelope),
// the adapter and the APY, then scored. An outage is 200 status "blocked" with a blocker, never a 500.
import { allLiveApys } from "../catalog/apy";
import { netApyBps } from "../catalog/estimates";
import { poolForVenue } from "../catalog/refresh";
import { getSnapshot, isFresh, snapshotReason } from "../catalog/snapshot";
import { SOURCE, UPSTREAM_CHAINS } from "../catalog/upstream";
import type { ChainId } from "../chains/address";
import { config } from "../config";
import type { Db } from "../db/client";
import { feePolicy } from "../fees/policy";
import { type Blocker, type BlockerCode, blocker } from "../http/codes";
import { VENUES, type VenueDescriptor } from "../venues";
import { rank } from "./rules";

export interface DiscoveryOptions {
  characterId: string;
  chain: ChainId;
  allowedVenues: string[] | null;
  minTvlUsd: number | null;
  stakeableMicros: bigint;
  selectedAmountMicros: bigint;
  autoYieldEnabled: boolean;
}

/** The venues auto-yield may use: the service allowlist (SVC_AUTO_YIELD_VENUES, default every venue) ∩ the envelope. */
export function allowlist(envelope: string[] | null): Set<string> {
  const service = config().SVC_AUTO_YIELD_VENUES;
  const base = VENUES.filter((v) => !service || service.includes(v.id)).map((v) => v.id);
  return new Set(envelope ? base.filter((id) => envelope.includes(id)) : base);
}

export interface PoolOut {
  pool: string;
  chain: ChainId;
  project: string;
  symbol: string;
  tvlUsd: number | null;
  grossApyBps: number | null;
  netApyBps: number | null;
  venue: string | null;
  adapterReady: boolean;
  eligible: boolean;
  rejected: BlockerCode[];
  score: number | null;
}

export async function discover(db: Db, o: DiscoveryOptions) {
  const cfg = config();
  const snapshot = await getSnapshot(db);
  const skimBps = feePolicy().yieldSkimBps;
  const floor = Math.max(cfg.SVC_AUTO_YIELD_MIN_TVL_USD, o.minTvlUsd ?? 0);
  const chains = cfg.SVC_AUTO_YIELD_CHAINS;
  const projects = cfg.SVC_AUTO_YIELD_PROJECTS ?? null;
  const filters = { stablecoinOnly: true as const, chains: [...chains], minTvlUsd: floor, projects };
  const head = {
    schemaVersion: "auto-yield-discovery.v1" as const,
    characterId: o.characterId,
    source: SOURCE,
    asOf: snapshot.asOf?.toISOString() ?? null,
    filters,
  };
  const reason = snapshotReason(snapshot);
  if (reason !== null || !isFresh(snapshot.asOf)) {
    const empty = /empty upstream/.test(snapshot.lastError ?? "") || (snapshot.asOf !== null && snapshot.upstreamRows === 0);
    const b = empty ? blocker("empty_upstream", "The yields upstream returned no pools") : blocker("upstream_unavailable", reason ?? "no live yields snapshot");
    return { ...head, status: "blocked" as const, reason, count: 0, pools: [] as PoolOut[], ranking: [] as string[], plan: plan(o, null, [], [b]), blockers: [b] };
  }
  if (snapshot.pools.length === 0 && snapshot.upstreamRows === 0) {
    const b = blocker("empty_upstream", "The yields upstream returned no pools");
    return { ...head, status: "blocked" as const, reason: "empty upstream", count: 0, pools: [] as PoolOut[], ranking: [] as string[], plan: plan(o, null, [], [b]), blockers: [b] };
  }

  const allowed = allowlist(o.allowedVenues);
  const apys = await allLiveApys(db);
  // Each venue's own pool (the deepest matching row, as the catalog picks it).
  const venueByPool = new Map<string, VenueDescriptor>();
  for (const v of VENUES) {
    const p = poolForVenue(v, snapshot.pools);
    if (p) venueByPool.set(p.pool, v);
  }
  const upstreamChains = new Set(chains.map((c) => Object.entries(UPSTREAM_CHAINS).find(([, id]) => id === c)?.[0]));
  const pools: PoolOut[] = snapshot.pools
    .filter(
      (p) =>
        p.stablecoin &&
        upstreamChains.has(p.chain) &&
        p.tvlUsd !== null &&
        p.tvlUsd >= floor &&
        (projects === null || projects.includes(p.project.toLowerCase())),
    )
    .map((p) => {
      const v = venueByPool.get(p.pool) ?? null;
      const live = v ? apys.get(v.id) : undefined;
      const gross = v ? (live?.status === "live" ? live.grossApyBps : null) : p.apyBps;
      const rejected: BlockerCode[] = [];
      if (!v || !allowed.has(v.id)) rejected.push("venue_not_allowed");
      if (!v?.writeReady) rejected.push("adapter_not_ready");
      if (gross === null) rejected.push("apy_unavailable");
      return {
        pool: p.pool,
        chain: UPSTREAM_CHAINS[p.chain] as ChainId,
        project: p.project,
        symbol: p.symbol,
        tvlUsd: p.tvlUsd,
        grossApyBps: gross,
        netApyBps: gross === null ? null : netApyBps(gross, skimBps),
        venue: v?.id ?? null,
        adapterReady: v?.writeReady ?? false,
        eligible: rejected.length === 0,
        rejected,
        score: null as number | null,
      };
    });
  const ranked = rank(
    pools
      .filter((p) => p.eligible && p.venue !== null && p.netApyBps !== null && p.tvlUsd !== null)
      .map((p) => ({ venueId: p.venue as string, netApyBps: p.netApyBps as number, tvlUsd: p.tvlUsd as number, adapterReady: p.adapterReady, pool: p })),
  );
  for (const r of ranked) r.pool.score = r.score;
  const onChain = ranked.filter((r) => r.pool.chain === o.chain);
  const blockers: Blocker[] = [];
  if (ranked.length === 0) blockers.push(blocker("no_eligible_pool"));
  else if (onChain.length === 0) blockers.push(blocker("no_eligible_pool", `No eligible pool on ${o.chain}; other chains need an explicit bridge plan`));
  const top = onChain[0]?.pool ?? null;
  const alternatives = ranked.filter((r) => r.pool !== top).map((r) => r.pool);
  return {
    ...head,
    status: "ok" as const,
    reason: null,
    count: pools.length,
    pools,
    ranking: ranked.map((r) => r.venueId),
    plan: plan(o, top, alternatives, blockers),
    blockers,
  };
}

function planItem(p: PoolOut, amount: bigint) {
  return { venue: p.venue as string, chain: p.chain, marketRef: p.pool, grossApyBps: p.grossApyBps, netApyBps: p.netApyBps, score: p.score, amountMicros: amount.toString() };
}

/** auto-yield-plan.v1: a dry run; the selected amount is min(stakeable, max allocation). */
function plan(o: DiscoveryOptions, top: PoolOut | null, alternatives: PoolOut[], given: Blocker[]) {
  const blockers = [...given];
  if (top && o.stakeableMicros === 0n) blockers.push(blocker("stakeable_zero"));
  else if (top && o.selectedAmountMicros === 0n) blockers.push(blocker("max_stake_reached"));
  if (!o.autoYieldEnabled) blockers.push(blocker("auto_yield_disabled"));
  return {
    schemaVersion: "auto-yield-plan.v1" as const,
    characterId: o.characterId,
    mode: "dry_run" as const,
    selected: top && o.selectedAmountMicros > 0n ? planItem(top, o.selectedAmountMicros) : null,
    alternatives: alternatives.map((p) => planItem(p, 0n)),
    blockers,
  };
}
