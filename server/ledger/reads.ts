// Read views of the ledger: position, portfolio, performance, funding (owner or agent) and the public
// portfolio and activity (spec §2.3–2.5). Reads take no locks.
import { and, eq, or, sql, lt, gt, lte } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { activity } from "../db/schema";
import { fieldError } from "../http/errors";
import { microsToUnits } from "../money/amount";
import { getVenue, opportunityIdOf } from "../venues";
import { type BalanceRow, LIQUID, walletRows } from "./book";
import { currentOf, totalUsd } from "./current";
import { driftsOf } from "./reconcile";
import { positionProof, proofOf, txChainOf } from "./proof";

const YEAR_MS = 365n * 24n * 3600n * 1000n;

function venueInfo(venueId: string) {
  const v = getVenue(venueId);
  return { opportunityId: v ? opportunityIdOf(v) : null, protocol: v?.protocol ?? venueId };
}

export function positionOf(wallet: string, rows: BalanceRow[]) {
  const chains = new Map<string, { chain: string; token: string; liquidMicros: bigint; stakedMicros: bigint; venues: { venueId: string; opportunityId: string | null; stakedMicros: bigint }[] }>();
  let liquid = 0n;
  let staked = 0n;
  for (const r of rows) {
    const k = `${r.chain}|${r.token}`;
    let c = chains.get(k);
    if (!c) {
      c = { chain: r.chain, token: r.token, liquidMicros: 0n, stakedMicros: 0n, venues: [] };
      chains.set(k, c);
    }
    c.liquidMicros += r.liquidMicros;
    c.stakedMicros += r.stakedMicros;
    liquid += r.liquidMicros;
    staked += r.stakedMicros;
    if (r.venueId !== LIQUID && r.stakedMicros > 0n) c.venues.push({ venueId: r.venueId, opportunityId: venueInfo(r.venueId).opportunityId, stakedMicros: r.stakedMicros });
  }
  return { wallet, liquidMicros: liquid, stakedMicros: staked, byChain: [...chains.values()] };
}

export async function position(db: DbOrTx, wallet: string) {
  return positionOf(wallet, await walletRows(db, wallet));
}

export async function positions(db: DbOrTx, wallets: string[]) {
  const rows = await walletRows(db, "", wallets);
  return wallets.map((w) => positionOf(w, rows.filter((r) => r.wallet === w)));
}

export async function portfolio(db: DbOrTx, wallet: string) {
  const rows = await walletRows(db, wallet);
  const balances = rows.filter((r) => r.venueId === LIQUID).map((r) => ({ chain: r.chain, token: r.token, liquidMicros: r.liquidMicros }));
  const drifts = await driftsOf(db, wallet);
  const venues = await Promise.all(
    rows
      .filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.realizedYieldMicros > 0n))
      .map(async (r) => ({
        venueId: r.venueId,
        ...venueInfo(r.venueId),
        chain: r.chain,
        token: r.token,
        stakedMicros: r.stakedMicros,
        costBasisMicros: r.costBasisMicros,
        realizedYieldMicros: r.realizedYieldMicros,
        ...(await currentOf(wallet, r)),
        txId: r.txId,
        proof: positionProof(r),
        drift: drifts.get(`${r.chain}|${r.token}|${r.venueId}`) ?? null,
        openedAt: r.openedAt?.toISOString() ?? null,
      })),
  );
  const p = positionOf(wallet, rows);
  return { wallet, liquidMicros: p.liquidMicros, stakedMicros: p.stakedMicros, balances, venues };
}

/** Realized APY in bps over the holding time; null when unknown (no cost basis, no holding time, nothing realized). */
function realizedApyBps(realized: bigint, basis: bigint, since: Date | null, now: number): number | null {
  if (!since || basis <= 0n || realized <= 0n) return null;
  const ms = BigInt(now - since.getTime());
  if (ms <= 0n) return null;
  return Number((realized * 10_000n * YEAR_MS) / (basis * ms));
}

export async function performance(db: DbOrTx, wallet: string) {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.realizedYieldMicros > 0n));
  const now = Date.now();
  let realized = 0n;
  let basis = 0n;
  let since: Date | null = null;
  const list = rows.map((r) => {
    realized += r.realizedYieldMicros;
    basis += r.costBasisMicros;
    if (r.openedAt && (!since || r.openedAt < since)) since = r.openedAt;
    return {
      venueId: r.venueId,
      ...venueInfo(r.venueId),
      chain: r.chain,
      costBasisMicros: r.costBasisMicros,
      realizedYieldMicros: r.realizedYieldMicros,
      realizedApyBps: realizedApyBps(r.realizedYieldMicros, r.costBasisMicros, r.openedAt, now),
      since: r.openedAt?.toISOString() ?? null,
    };
  });
  return {
    wallet,
    realizedYieldMicros: realized,
    costBasisMicros: basis,
    realizedApyBps: realizedApyBps(realized, basis, since, now),
    since: (since as Date | null)?.toISOString() ?? null,
    positions: list,
  };
}

export async function funding(db: DbOrTx, wallet: string) {
  const p = await position(db, wallet);
  return {
    wallet,
    asOf: new Date().toISOString(),
    totalMicros: p.liquidMicros + p.stakedMicros,
    liquidMicros: p.liquidMicros,
    stakedMicros: p.stakedMicros,
    chains: p.byChain.map((c) => ({
      chain: c.chain,
      token: c.token,
      liquidMicros: c.liquidMicros,
      stakedMicros: c.stakedMicros,
      /** What a route with stake could put to work now without new money: the liquid balance. */
      stakeableMicros: c.liquidMicros,
    })),
  };
}

/**
 * Public portfolio (spec §2.4): the wallet's own positions that carry a transaction id, a closed one (withdrawn to 0)
 * included so its last transaction and what the chain still holds stay visible; `proof.confirmed` says whether that id
 * was confirmed on chain (execute, bridge delivery) or only given with a route. `currentMicros` is the chain's figure
 * (null with the reason when unreadable), `recordedMicros` the ledger's.
 */
export async function publicPortfolio(db: DbOrTx, wallet: string) {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && r.txId !== null);
  const drifts = await driftsOf(db, wallet);
  const list = await Promise.all(
    rows.map(async (r) => {
      const info = venueInfo(r.venueId);
      return {
        opportunityId: info.opportunityId ?? r.venueId,
        protocol: info.protocol,
        venueId: r.venueId,
        chain: r.chain,
        token: r.token,
        depositedMicros: r.costBasisMicros,
        ...(await currentOf(wallet, r)),
        txId: r.txId as string,
        proof: positionProof(r),
        drift: drifts.get(`${r.chain}|${r.token}|${r.venueId}`) ?? null,
      };
    }),
  );
  const current = list.map((p) => p.currentMicros);
  const unknown = list.filter((p) => p.currentMicros === null).map((p) => `${p.venueId}: ${p.currentReason}`);
  return {
    schemaVersion: "svc-wallet-portfolio.v1" as const,
    wallet,
    count: list.length,
    positions: list,
    totalDepositedUsd: microsToUnits(list.reduce((a, p) => a + p.depositedMicros, 0n)),
    totalCurrentUsd: totalUsd(current),
    totalCurrentReason: unknown.length ? `Not read from the chain: ${unknown.join("; ")}` : null,
    totalRecordedUsd: microsToUnits(list.reduce((a, p) => a + p.recordedMicros, 0n)),
  };
}

function encodeCursor(g: bigint, leg: number, seq: bigint): string {
  return Buffer.from(`${g}.${leg}.${seq}`).toString("base64url");
}

function decodeCursor(c: string): { g: bigint; leg: number; seq: bigint } {
  const m = /^([0-9]{1,19})\.([0-9]{1,9})\.([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return { g: BigInt(m[1] ?? "0"), leg: Number(m[2]), seq: BigInt(m[3] ?? "0") };
}

/** Public activity (spec §2.5): newest group first, legs by legIndex; cursor pages. */
export async function publicActivity(db: DbOrTx, wallet: string, cursor: string | undefined, limit: number) {
  const after = cursor ? decodeCursor(cursor) : null;
  const where = after
    ? and(
        eq(activity.wallet, wallet),
        // Implied by the condition below, but only this form bounds the index scan (activity_wallet_page_idx): without
        // it the scan starts at the wallet's newest row and filters out every row before the cursor (bench/scale.ts).
        lte(activity.groupSeq, after.g),
        or(
          lt(activity.groupSeq, after.g),
          and(eq(activity.groupSeq, after.g), or(gt(activity.legIndex, after.leg), and(eq(activity.legIndex, after.leg), gt(activity.seq, after.seq)))),
        ),
      )
    : eq(activity.wallet, wallet);
  const rows = await db
    .select()
    .from(activity)
    .where(where)
    .orderBy(sql`${activity.groupSeq} desc`, activity.legIndex, activity.seq)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    schemaVersion: "svc-wallet-activity.v1" as const,
    wallet,
    count: page.length,
    activity: page.map((r) => ({
      id: r.id,
      planId: r.planId,
      legIndex: r.legIndex,
      kind: r.kind,
      chain: r.chain,
      destChain: r.destChain,
      venueId: r.venueId,
      token: r.token,
      outToken: r.outToken,
      txId: r.txId,
      proof: proofOf(r.txId, txChainOf(r), r.txConfirmedAt),
      amountIn: r.amountInMicros,
      amountInSource: r.amountInSource,
      amountOut: r.amountOutMicros,
      quotedAmountOut: r.quotedAmountOutMicros,
      status: r.status,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.groupSeq, last.legIndex, last.seq) : null,
  };
}
