// The autopilot endpoints (spec §4.5): state, history, enable/disable (owner), preview/decide/tick (owner or
// agent). Within one chain only; a decision records a pick and, for a switch, a rebalance plan the owner signs.
import { CHAIN_FAMILY, type ChainId, isAddressOf, normalizeAddress, mustBeAddressOf } from "../chains/address";
import { allLiveApys } from "../catalog/apy";
import type { Db, DbOrTx } from "../db/client";
import { blocker } from "../http/codes";
import { endpoint, ok } from "../http/endpoint";
import { fieldError } from "../http/errors";
import { walletRead, walletRoute } from "../http/wallet-routes";
import { AUTOPILOT, getVenue, opportunityIdOf } from "../venues";
import { computeDecision, MONTH_MS, pickOn } from "./decide";
import { autopilotSchema, chainBody, historyQuery, historySchema, optionalChainBody, runSchema } from "./schemas";
import { type DecisionRow, decisionWire, dryDecisionWire, history, lastDecision, lockTick, recordDecision, setEnabled, settingsOf } from "./store";

const TAGS = ["autopilot"];
const WALLET_EXAMPLE = `0x${"3".repeat(64)}`;
const params = { address: WALLET_EXAMPLE };

function assertChainWallet(wallet: string, chain: ChainId): void {
  if (!isAddressOf(CHAIN_FAMILY[chain], wallet)) {
    throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf(CHAIN_FAMILY[chain], `to have an autopilot on ${chain}`));
  }
}

/** The path's wallet, normalized, after checking it is an address of the chain's family. */
function chainWallet(address: string, chain: ChainId): string {
  const wallet = normalizeAddress(address);
  assertChainWallet(wallet, chain);
  return wallet;
}

/** When the monthly re-rank after `d` is due. */
function monthAfter(d: Date): Date {
  return new Date(d.getTime() + MONTH_MS);
}

const lastWire = (last: DecisionRow | null) => (last ? decisionWire(last) : null);

async function state(db: Db, wallet: string) {
  const s = await settingsOf(db, wallet);
  const chain = s?.chain ?? null;
  const last = chain ? await lastDecision(db, wallet, chain) : null;
  let currentPick = null;
  let pickReason: string | null = null;
  let currentVenueId: string | null = null;
  if (chain) {
    const pick = pickOn(chain, await allLiveApys(db));
    const v = pick ? getVenue(pick.venueId) : undefined;
    if (pick && v) {
      currentPick = {
        venueId: v.id,
        opportunityId: opportunityIdOf(v),
        apy30dBps: pick.apy.apy30dBps,
        grossApyBps: pick.apy.grossApyBps,
        source: pick.apy.source,
        asOf: pick.apy.asOf,
      };
    } else {
      pickReason = `no ready venue on ${chain} has a live 30-day APY`;
    }
    const d = await computeDecision(db, wallet, chain);
    currentVenueId = d.currentVenueId;
  } else {
    pickReason = "the autopilot was never enabled; enable it on one chain";
  }
  return {
    schemaVersion: "svc-autopilot.v1" as const,
    wallet,
    strategyId: AUTOPILOT.id,
    rerank: "monthly" as const,
    switchThresholdBps: AUTOPILOT.switchThresholdBps,
    enabled: s?.enabled ?? false,
    chain,
    enabledAt: s?.enabledAt?.toISOString() ?? null,
    currentVenueId,
    currentPick,
    pickReason,
    lastDecision: lastWire(last),
    nextTickDueAt: s?.enabled ? (last ? monthAfter(last.decidedAt).toISOString() : new Date().toISOString()) : null,
  };
}

async function chainFor(db: Db, wallet: string, chain: ChainId | undefined): Promise<ChainId> {
  const c = chain ?? (await settingsOf(db, wallet))?.chain;
  if (!c) throw fieldError("INVALID_REQUEST", "body.chain", "is required: the autopilot was never enabled on this wallet");
  assertChainWallet(wallet, c);
  return c;
}

export const getAutopilot = walletRead("getWalletAutopilot", "autopilot", "Autopilot state: enabled, chain, current venue, current pick (30-day APY, source, asOf), last decision", TAGS, WALLET_EXAMPLE, autopilotSchema, state);

export const getAutopilotHistory = endpoint({
  ...walletRoute("getWalletAutopilotHistory", "GET", "autopilot/history", "Recorded autopilot decisions, newest first (cursor-paginated)", TAGS, "wallet.read"),
  query: historyQuery,
  example: { params, query: { limit: "20" } },
  responses: { 200: historySchema },
  handler: async ({ db, params: p, query }) => {
    const wallet = normalizeAddress(p.address);
    const h = await history(db, wallet, query.cursor, query.limit ?? 50);
    return ok({
      schemaVersion: "svc-autopilot-history.v1" as const,
      wallet,
      count: h.rows.length,
      decisions: h.rows.map(decisionWire),
      nextCursor: h.nextCursor,
    });
  },
});

/** Enable (moving it to the body's chain) or disable (when it is enabled on that chain) the wallet's autopilot; answers its state. */
function autopilotSwitch(kind: "enable" | "disable", summary: string) {
  return endpoint({
    ...walletRoute(`${kind}WalletAutopilot`, "POST", `autopilot/${kind}`, summary, TAGS, "wallet.policy"),
    body: chainBody,
    example: { params, body: { chain: "move-chain" } },
    responses: { 200: autopilotSchema },
    handler: async ({ db, params: p, body }) => {
      const wallet = chainWallet(p.address, body.chain);
      if (kind === "enable") {
        await setEnabled(db, wallet, body.chain, true);
      } else {
        const s = await settingsOf(db, wallet);
        if (s && s.chain === body.chain && s.enabled) await setEnabled(db, wallet, body.chain, false);
      }
      return ok(await state(db, wallet));
    },
  });
}

export const postAutopilotEnable = autopilotSwitch("enable", "Enable the autopilot on one chain (owner); enabling on another chain moves it there");
export const postAutopilotDisable = autopilotSwitch("disable", "Disable the autopilot (owner); nothing is unstaked or moved");

function run(kind: "preview" | "decide" | "tick") {
  const summaries = {
    preview: "Dry run of the monthly re-rank on one chain; records nothing",
    decide: "Run the re-rank now and record the decision (no money moves; a switch carries a rebalance plan the owner signs)",
    tick: "The monthly tick: records a decision when 30 days have passed since the last one on the enabled chain",
  } as const;
  return endpoint({
    ...walletRoute(`${kind}WalletAutopilot`, "POST", `autopilot/${kind}`, summaries[kind], TAGS, "wallet.dryrun"),
    body: optionalChainBody.optional(),
    example: { params, body: { chain: "move-chain" } },
    responses: { 200: runSchema },
    handler: async ({ db, params: p, body }) => {
      const wallet = normalizeAddress(p.address);
      const chain = await chainFor(db, wallet, body?.chain);
      return ok(await runOnce(db, kind, wallet, chain));
    },
  });
}

type Kind = "preview" | "decide" | "tick";

/** Where a run stands on `q`: the last decision, whether one is due, and for a tick the answer when it stops here. */
async function gate(q: DbOrTx, kind: Kind, wallet: string, chain: ChainId, now: Date) {
  const last = await lastDecision(q, wallet, chain);
  const dueAt = last ? monthAfter(last.decidedAt) : now;
  const due = now.getTime() >= dueAt.getTime();
  const out = { schemaVersion: "svc-autopilot-run.v1" as const, wallet, chain, due, blockers: [] as ReturnType<typeof blocker>[] };
  if (kind !== "tick") return { out, dueAt, stop: null };
  const s = await settingsOf(q, wallet);
  if (!s?.enabled || s.chain !== chain) {
    const blockers = [blocker("autopilot_disabled", `The autopilot is not enabled on ${chain} for this wallet`)];
    return { out, dueAt, stop: { ...out, dryRun: false, recorded: false, nextTickDueAt: null, decision: lastWire(last), blockers } };
  }
  if (!due) return { out, dueAt, stop: { ...out, dryRun: false, recorded: false, nextTickDueAt: dueAt.toISOString(), decision: lastWire(last) } };
  return { out, dueAt, stop: null };
}

async function runOnce(db: Db, kind: Kind, wallet: string, chain: ChainId) {
  const now = new Date();
  const g = await gate(db, kind, wallet, chain, now);
  if (g.stop) return g.stop;
  const d = await computeDecision(db, wallet, chain);
  if (kind === "preview") {
    return { ...g.out, dryRun: true, recorded: false, nextTickDueAt: g.dueAt.toISOString(), decision: dryDecisionWire(d, "preview", now) };
  }
  const recorded = (row: DecisionRow) => ({ ...g.out, dryRun: false, recorded: true, nextTickDueAt: monthAfter(now).toISOString(), decision: decisionWire(row) });
  if (kind === "decide") return recorded(await recordDecision(db, d, kind, now));
  // Two ticks of one wallet and chain at once (two instances, a retried request) record one decision: each re-checks
  // under a lock held to its commit, so the second finds the first's decision and is not due.
  return db.transaction(async (tx) => {
    await lockTick(tx, wallet, chain);
    const again = await gate(tx, kind, wallet, chain, now);
    return again.stop ?? recorded(await recordDecision(tx, d, kind, now));
  });
}

export const postAutopilotPreview = run("preview");
export const postAutopilotDecide = run("decide");
export const postAutopilotTick = run("tick");

export const autopilotEndpoints = [
  getAutopilot,
  getAutopilotHistory,
  postAutopilotEnable,
  postAutopilotDisable,
  postAutopilotPreview,
  postAutopilotDecide,
  postAutopilotTick,
];
