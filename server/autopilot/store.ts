// Autopilot settings and decisions in the database.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { ChainId } from "../chains/address";
import type { DbOrTx } from "../db/client";
import { autopilotDecisions, autopilotSettings } from "../db/schema";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import { noteAutopilotDecision } from "../metrics";
import type { Decision, SwitchPlan } from "./decision";

export type SettingsRow = typeof autopilotSettings.$inferSelect;
export type DecisionRow = typeof autopilotDecisions.$inferSelect;

export async function settingsOf(db: DbOrTx, wallet: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(autopilotSettings).where(eq(autopilotSettings.wallet, wallet));
  return row ?? null;
}

export async function setEnabled(db: DbOrTx, wallet: string, chain: ChainId, enabled: boolean): Promise<SettingsRow> {
  const now = new Date();
  const set = enabled ? { chain, enabled: true, enabledAt: now, updatedAt: now } : { enabled: false, disabledAt: now, updatedAt: now };
  const [row] = await db
    .insert(autopilotSettings)
    .values({ wallet, chain, enabled, enabledAt: enabled ? now : null, disabledAt: enabled ? null : now })
    .onConflictDoUpdate({ target: autopilotSettings.wallet, set })
    .returning();
  if (!row) throw new Error("autopilot settings upsert returned nothing");
  return row;
}

/** pg_advisory_xact_lock(int4, int4) namespace of autopilot ticks: one tick per wallet and chain at a time. */
const TICK_LOCK_SPACE = 7_340_223;

/** Inside a transaction: waits until no other tick of this wallet and chain runs, in any instance; held until commit. */
export async function lockTick(tx: DbOrTx, wallet: string, chain: ChainId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TICK_LOCK_SPACE}, hashtext(${`${wallet}|${chain}`}))`);
}

export async function lastDecision(db: DbOrTx, wallet: string, chain?: ChainId): Promise<DecisionRow | null> {
  const where = chain ? and(eq(autopilotDecisions.wallet, wallet), eq(autopilotDecisions.chain, chain)) : eq(autopilotDecisions.wallet, wallet);
  const [row] = await db.select().from(autopilotDecisions).where(where).orderBy(desc(autopilotDecisions.seq)).limit(1);
  return row ?? null;
}

type DecisionCore = Omit<Decision, "asOf" | "plan">;

/**
 * A decision's fields between `id` and `decidedAt`, in the order the row and the wire carry them; `trigger`,
 * `asOf` and `plan` are passed in because the row, the stored and the dry decision hold them differently.
 */
function decisionFields<D extends DecisionCore, T, A, P>(d: D, trigger: T, asOf: A, plan: P) {
  return {
    wallet: d.wallet,
    chain: d.chain,
    trigger,
    action: d.action,
    currentVenueId: d.currentVenueId,
    currentApy30dBps: d.currentApy30dBps,
    pickVenueId: d.pickVenueId,
    pickApy30dBps: d.pickApy30dBps,
    deltaBps: d.deltaBps,
    thresholdBps: d.thresholdBps,
    targetVenueId: d.targetVenueId,
    source: d.source,
    asOf,
    reason: d.reason,
    plan,
  };
}

export async function recordDecision(db: DbOrTx, d: Decision, trigger: "tick" | "decide", at: Date): Promise<DecisionRow> {
  const [row] = await db
    .insert(autopilotDecisions)
    .values({ id: newId("apd"), ...decisionFields(d, trigger, d.asOf, d.plan ? { ...d.plan } : null), decidedAt: at })
    .returning();
  if (!row) throw new Error("decision insert returned nothing");
  noteAutopilotDecision(d.action, trigger);
  return row;
}

function decodeCursor(c: string | undefined): bigint | null {
  if (c === undefined) return null;
  const m = /^s([0-9]{1,19})$/.exec(Buffer.from(c, "base64url").toString("utf8"));
  if (!m?.[1]) throw fieldError("INVALID_REQUEST", "query.cursor", "must be a cursor from a previous page");
  return BigInt(m[1]);
}

/** Decisions newest first, `limit` per page; `nextCursor` continues. */
export async function history(db: DbOrTx, wallet: string, cursor: string | undefined, limit: number) {
  const before = decodeCursor(cursor);
  const where = before === null ? eq(autopilotDecisions.wallet, wallet) : and(eq(autopilotDecisions.wallet, wallet), lt(autopilotDecisions.seq, before));
  const rows = await db.select().from(autopilotDecisions).where(where).orderBy(desc(autopilotDecisions.seq)).limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? Buffer.from(`s${last.seq}`).toString("base64url") : null;
  return { rows: page, nextCursor };
}

export function decisionWire(r: DecisionRow) {
  return {
    id: r.id,
    ...decisionFields(r, r.trigger, r.asOf?.toISOString() ?? null, (r.plan as SwitchPlan | null) ?? null),
    decidedAt: r.decidedAt.toISOString(),
  };
}

/** A computed, unrecorded decision in the same wire shape (id null). */
export function dryDecisionWire(d: Decision, trigger: "tick" | "decide" | "preview", at: Date) {
  return { id: null, ...decisionFields(d, trigger, d.asOf?.toISOString() ?? null, d.plan ? { ...d.plan } : null), decidedAt: at.toISOString() };
}
