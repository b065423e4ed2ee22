// Reconciliation (issue 23 item 6; contract §11): for each wallet with venue positions, the ledger's figure beside the
// chain's. The ledger expects a position to be worth its staked principal grown by the venue's index since it was
// staked (`valueNow`); the chain says the owner's share balance times the venue's rate (server/venues/worth.ts). A
// difference beyond rounding is a drift: recorded in position_checks and sent as `position.drift` when first found or
// when its amount changes. The ledger itself is never rewritten here: a drift is for a person to look at.
import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { runScheduled } from "../db/job-lock";
import { balances, positionChecks } from "../db/schema";
import { emitEvents } from "../events/outbox";
import { log } from "../log";
import { readVenueIndex } from "../venues/readers";
import { forgetWorth, readPositionWorth } from "../venues/worth";
import { type BalanceRow, LIQUID, walletRows } from "./book";
import { valueNow } from "./position";

/** What a share conversion may lose or the index move between two reads: 10 micros plus 10 per million of the figure. */
export function driftTolerance(expected: bigint): bigint {
  return 10n + expected / 100_000n;
}

export type CheckStatus = "agrees" | "drift" | "unreadable";

export interface Finding {
  wallet: string;
  chain: string;
  token: string;
  venueId: string;
  status: CheckStatus;
  recordedMicros: bigint;
  expectedMicros: bigint | null;
  chainMicros: bigint | null;
  driftMicros: bigint | null;
  reason: string | null;
  source: string | null;
  checkedAt: string;
  /** A position.drift event went out for this finding. */
  notified: boolean;
}

/** The ledger's expectation for a row: principal × index now / index at stake, or the principal when either is unknown. */
async function expectedOf(r: BalanceRow): Promise<{ micros: bigint; grown: boolean }> {
  if (r.indexRef === null || r.stakedMicros === 0n) return { micros: r.stakedMicros, grown: false };
  const idx = await readVenueIndex(r.venueId);
  const v = idx.ok ? valueNow(r.stakedMicros, r.indexRef, idx.index) : null;
  return v === null ? { micros: r.stakedMicros, grown: false } : { micros: v, grown: true };
}

/** Compares one position with the chain; writes nothing. */
async function compare(wallet: string, r: BalanceRow, now: Date): Promise<Omit<Finding, "notified">> {
  const base = { wallet, chain: r.chain, token: r.token, venueId: r.venueId, recordedMicros: r.stakedMicros, checkedAt: now.toISOString() };
  forgetWorth(r.venueId, wallet);
  const [worth, expected] = await Promise.all([readPositionWorth(r.venueId, wallet), expectedOf(r)]);
  if (!worth.ok) return { ...base, status: "unreadable", expectedMicros: expected.micros, chainMicros: null, driftMicros: null, reason: worth.reason, source: null };
  const drift = worth.micros - expected.micros;
  const tol = driftTolerance(expected.micros);
  // Without the venue's index since staking, accrued yield is unknown: only a chain figure below the principal is a drift.
  const differs = expected.grown ? drift > tol || drift < -tol : drift < -tol;
  const reason = differs
    ? `The chain holds ${worth.micros} micros; the ledger expects ${expected.micros} (${expected.grown ? "principal grown by the venue's index" : "principal"}).`
    : expected.grown
      ? null
      : "The ledger has no venue index for this position: only that the chain holds at least the principal was checked.";
  return { ...base, status: differs ? "drift" : "agrees", expectedMicros: expected.micros, chainMicros: worth.micros, driftMicros: drift, reason, source: worth.source };
}

/** Stores the finding; emits position.drift when a drift is new or its amount moved beyond the tolerance. */
async function store(db: Db, f: Omit<Finding, "notified">): Promise<boolean> {
  return db.transaction(async (tx) => {
    const key = and(eq(positionChecks.wallet, f.wallet), eq(positionChecks.chain, f.chain), eq(positionChecks.token, f.token), eq(positionChecks.venueId, f.venueId));
    const [prev] = await tx.select().from(positionChecks).where(key).for("update");
    const isDrift = f.status === "drift";
    const moved = prev?.status !== "drift" || prev.driftMicros === null || f.driftMicros === null || absDiff(prev.driftMicros, f.driftMicros) > driftTolerance(f.expectedMicros ?? 0n);
    const notify = isDrift && moved;
    // An unreadable chain concludes nothing: a drift found before stays until the chain answers again.
    const keepDrift = f.status === "unreadable" && prev?.status === "drift";
    const row = {
      ...f,
      status: keepDrift ? ("drift" as const) : f.status,
      chainMicros: keepDrift ? prev.chainMicros : f.chainMicros,
      driftMicros: keepDrift ? prev.driftMicros : f.driftMicros,
      reason: keepDrift ? `${prev.reason ?? ""} Not re-read: ${f.reason}`.trim() : f.reason,
      checkedAt: new Date(f.checkedAt),
      driftSince: isDrift || keepDrift ? (prev?.status === "drift" ? prev.driftSince : new Date(f.checkedAt)) : null,
    };
    await tx.insert(positionChecks).values(row).onConflictDoUpdate({ target: [positionChecks.wallet, positionChecks.chain, positionChecks.token, positionChecks.venueId], set: row });
    if (notify) {
      const data = { venueId: f.venueId, chain: f.chain, token: f.token, recordedMicros: String(f.recordedMicros), expectedMicros: String(f.expectedMicros), chainMicros: String(f.chainMicros), driftMicros: String(f.driftMicros), source: f.source, checkedAt: f.checkedAt, reason: f.reason };
      await emitEvents(tx, [{ type: "position.drift", wallet: f.wallet, data }]);
    }
    return notify;
  });
}

function absDiff(a: bigint, b: bigint): bigint {
  return a > b ? a - b : b - a;
}

/** The wallet's positions (a stake, or a transaction that moved one) compared with the chain, stored, drifts sent. */
export async function reconcileWallet(db: Db, wallet: string): Promise<Finding[]> {
  const rows = (await walletRows(db, wallet)).filter((r) => r.venueId !== LIQUID && (r.stakedMicros > 0n || r.txId !== null));
  const now = new Date();
  const compared = await Promise.all(rows.map((r) => compare(wallet, r, now)));
  const out: Finding[] = [];
  for (const f of compared) out.push({ ...f, notified: await store(db, f) });
  return out;
}

/** One page of wallets holding venue positions, after `after` (keyset on the wallet). */
export async function walletsWithPositions(db: DbOrTx, after: string | null, limit: number): Promise<string[]> {
  const held = and(ne(balances.venueId, LIQUID), or(gt(balances.stakedMicros, 0n), sql`${balances.txId} is not null`));
  const rows = await db
    .selectDistinct({ wallet: balances.wallet })
    .from(balances)
    .where(after === null ? held : and(held, gt(balances.wallet, after)))
    .orderBy(asc(balances.wallet))
    .limit(limit);
  return rows.map((r) => r.wallet);
}

/** Every wallet with positions, a page at a time; counts what it found. */
export async function reconcileAll(db: Db, pageSize = 100): Promise<{ wallets: number; positions: number; drifts: number; unreadable: number }> {
  const total = { wallets: 0, positions: 0, drifts: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const page = await walletsWithPositions(db, after, pageSize);
    for (const w of page) {
      const found = await reconcileWallet(db, w);
      total.wallets += 1;
      total.positions += found.length;
      total.drifts += found.filter((f) => f.status === "drift").length;
      total.unreadable += found.filter((f) => f.status === "unreadable").length;
    }
    if (page.length < pageSize) return total;
    after = page[page.length - 1] ?? null;
  }
}

/** The background job: one pass every SVC_RECONCILE_INTERVAL_S (0 turns it off); a pass never overlaps the last. */
export function reconcileJob(intervalS: number) {
  return (db: Db): (() => void) => {
    if (intervalS === 0) return () => {};
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        // One pass per interval among all instances on one database (server/db/job-lock.ts).
        await runScheduled(db, "reconcile", intervalS * 1000, async () => {
          const r = await reconcileAll(db);
          (r.drifts > 0 ? log().warn : log().info).call(log(), { job: "reconcile", ...r }, "ledger reconciled with the chains");
        });
      } catch (e) {
        log().error({ job: "reconcile", err: e instanceof Error ? e.message : String(e) }, "reconciliation pass failed");
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), intervalS * 1000);
    timer.unref?.();
    return () => clearInterval(timer);
  };
}

/** The last finding per position of a wallet that is a drift, keyed `chain|token|venueId`. */
export async function driftsOf(db: DbOrTx, wallet: string): Promise<Map<string, { driftMicros: bigint; chainMicros: bigint; expectedMicros: bigint; checkedAt: string; since: string }>> {
  const rows = await db
    .select()
    .from(positionChecks)
    .where(and(eq(positionChecks.wallet, wallet), eq(positionChecks.status, "drift")));
  return new Map(
    rows.map((r) => [
      `${r.chain}|${r.token}|${r.venueId}`,
      {
        driftMicros: r.driftMicros ?? 0n,
        chainMicros: r.chainMicros ?? 0n,
        expectedMicros: r.expectedMicros ?? 0n,
        checkedAt: r.checkedAt.toISOString(),
        since: (r.driftSince ?? r.checkedAt).toISOString(),
      },
    ]),
  );
}
