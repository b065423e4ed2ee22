// The delivery worker, one per server process (safe with several): fan out new events, claim due
// deliveries with FOR UPDATE SKIP LOCKED (the claim pushes nextAttemptAt out as a lease), send them
// outside any transaction, then record each attempt and the next state in one short transaction.
// Stopping (graceful shutdown) aborts the sends in flight and releases their claims: due again at once,
// the interrupted attempt not counted, so another instance (or this one restarted) sends them without
// waiting for the lease to run out.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { config } from "../config";
import type { Db } from "../db/client";
import { events, webhookAttempts, webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { onSignal } from "../db/signal";
import { OUTBOX_CHANNEL } from "../events/outbox";
import { log } from "../log";
import { noteWebhookAttempt } from "../metrics";
import { ensureCursor, fanOut, GAP_MIN_MS, newFanoutState } from "./fanout";
import { openKey } from "./secret";
import { DELIVERY_TIMEOUT_MS, type SendResult, sendDelivery } from "./send";
import { cancelPending } from "./subscriptions";

export interface WorkerOptions {
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  allowInsecure: boolean;
  masterKey?: string;
  /** Per-attempt limit (contract: 10 s). */
  timeoutMs: number;
  /** Deliveries claimed (and sent concurrently) per round. */
  batchSize: number;
  /** Delivery loops per process. */
  lanes: number;
  /** How long a claim holds a delivery (default timeout + 15 s); only a crashed holder's claim runs out. */
  leaseMs?: number;
  /** Set by startWebhookWorker: aborted when the worker stops; the sends it interrupts are released, not recorded. */
  stopSignal?: AbortSignal;
}

const MAX_DELAY_MS = 6 * 3600_000;

export function workerOptionsFromConfig(): WorkerOptions {
  const c = config();
  return {
    pollMs: c.SVC_WEBHOOK_POLL_MS,
    retryBaseMs: c.SVC_WEBHOOK_RETRY_BASE_MS,
    maxAttempts: c.SVC_WEBHOOK_MAX_ATTEMPTS,
    allowInsecure: c.SVC_WEBHOOK_ALLOW_INSECURE,
    masterKey: c.SVC_WEBHOOK_SECRET_KEY,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    batchSize: 200,
    lanes: 3,
  };
}

/** Delay before the retry that follows failed attempt `n` (1-based): base·2^(n−1), plus up to 20 % jitter, never below base. */
export function retryDelayMs(base: number, n: number): number {
  const d = Math.min(base * 2 ** Math.max(0, n - 1), MAX_DELAY_MS);
  return Math.max(base, Math.round(d * (1 + Math.random() * 0.2)));
}

/** The delivery body of contract §5: { id, type, createdAt, wallet?, data }. */
export function eventBody(e: { id: string; type: string; createdAt: Date; wallet: string | null; data: unknown }): string {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    createdAt: e.createdAt.toISOString(),
    ...(e.wallet === null ? {} : { wallet: e.wallet }),
    data: e.data,
  });
}

interface Claimed {
  id: string;
  eventSeq: bigint;
  eventId: string;
  subscriptionId: string;
  attempts: number;
}

async function claim(db: Db, opts: WorkerOptions): Promise<Claimed[]> {
  // Longer than an attempt can take (timeout + recording): only a crashed holder's claim expires.
  const leaseMs = opts.leaseMs ?? opts.timeoutMs + 15_000;
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, "pending"), lte(webhookDeliveries.nextAttemptAt, sql`now()`)))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(opts.batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      eventSeq: webhookDeliveries.eventSeq,
      eventId: webhookDeliveries.eventId,
      subscriptionId: webhookDeliveries.subscriptionId,
      attempts: webhookDeliveries.attempts,
    });
}

interface Outcome {
  d: Claimed;
  at: Date;
  result: SendResult | null;
  /** Set when the delivery was not sent because its subscription is gone or disabled. */
  cancelled?: boolean;
}

/** One round: claim, send concurrently, record. Returns how many deliveries it handled. */
export async function deliverDue(db: Db, opts: WorkerOptions): Promise<number> {
  const claimed = await claim(db, opts);
  if (claimed.length === 0) return 0;
  const seqs = [...new Set(claimed.map((c) => c.eventSeq))];
  const subIds = [...new Set(claimed.map((c) => c.subscriptionId))];
  const [evs, subs] = await Promise.all([
    db.select().from(events).where(inArray(events.seq, seqs)),
    db.select().from(webhookSubscriptions).where(inArray(webhookSubscriptions.id, subIds)),
  ]);
  const evBySeq = new Map(evs.map((e) => [e.seq, e]));
  const subById = new Map(subs.map((s) => [s.id, s]));
  const outcomes = await Promise.all(
    claimed.map(async (d): Promise<Outcome> => {
      const at = new Date();
      const ev = evBySeq.get(d.eventSeq);
      const sub = subById.get(d.subscriptionId);
      if (!ev || !sub || sub.deletedAt || sub.disabledAt) return { d, at, result: null, cancelled: true };
      let secret: string;
      try {
        secret = openKey(sub.hmacKey, opts.masterKey);
      } catch (e) {
        return { d, at, result: { status: null, durationMs: 0, error: e instanceof Error ? e.message : "cannot read signing key" } };
      }
      const result = await sendDelivery({
        url: sub.url,
        eventId: ev.id,
        deliveryId: d.id,
        rawBody: eventBody(ev),
        secret,
        allowInsecure: opts.allowInsecure,
        timeoutMs: opts.timeoutMs,
        signal: opts.stopSignal,
      });
      return { d, at, result };
    }),
  );
  // A send cut short by the stop never reached an answer: release its claim instead of counting an attempt.
  const interrupted = opts.stopSignal?.aborted ? outcomes.filter((o) => !o.cancelled && o.result !== null && o.result.status === null) : [];
  const finished = interrupted.length ? outcomes.filter((o) => !interrupted.includes(o)) : outcomes;
  if (finished.length) await record(db, opts, finished);
  if (interrupted.length) await release(db, interrupted.map((o) => o.d));
  return claimed.length;
}

/** Gives claims back: due now, attempt count as before the claim (only while this claim still holds them). */
async function release(db: Db, list: Claimed[]): Promise<void> {
  const values = sql.join(
    list.map((c) => sql`(${c.id}, ${c.attempts}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${webhookDeliveries} as d set attempts = d.attempts - 1, next_attempt_at = now(), updated_at = now()
    from (values ${values}) as v(id, attempts)
    where d.id = v.id and d.attempts = v.attempts and d.state = 'pending'`);
  noteWebhookAttempt("released", list.length);
  log().info({ deliveries: list.length }, "webhook worker: claims released at shutdown");
}

type Settle = { id: string; attempts: number; state: "pending" | "delivered" | "failed" | "cancelled"; delayMs: number };

function settlementOf(o: Outcome, opts: WorkerOptions): Settle {
  const base = { id: o.d.id, attempts: o.d.attempts, delayMs: 0 };
  const status = o.result?.status ?? null;
  if (o.cancelled) return { ...base, state: "cancelled" };
  if (status !== null && status >= 200 && status < 300) return { ...base, state: "delivered" };
  if (status === 410 || o.d.attempts >= opts.maxAttempts) return { ...base, state: "failed" };
  return { ...base, state: "pending", delayMs: retryDelayMs(opts.retryBaseMs, o.d.attempts) };
}

/** Records the attempts and settles every claimed delivery in one short transaction (two statements). */
async function record(db: Db, opts: WorkerOptions, outcomes: Outcome[]): Promise<void> {
  const settles = outcomes.map((o) => settlementOf(o, opts));
  for (const x of settles) noteWebhookAttempt(x.state === "pending" ? "retry" : x.state);
  const gone = [...new Set(outcomes.filter((o) => o.result?.status === 410).map((o) => o.d.subscriptionId))];
  const values = sql.join(
    settles.map((x) => sql`(${x.id}, ${x.attempts}::int, ${x.state}, ${x.delayMs}::int)`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    const attempts = outcomes
      .filter((o) => o.result !== null)
      .map((o) => ({
        deliveryId: o.d.id,
        attemptedAt: o.at,
        status: o.result?.status ?? null,
        durationMs: o.result?.durationMs ?? 0,
        error: o.result?.error ?? null,
      }));
    if (attempts.length) await tx.insert(webhookAttempts).values(attempts);
    // Only the holder of a claim may settle it: same attempt count, still pending.
    await tx.execute(sql`
      update ${webhookDeliveries} as d set
        state = v.state,
        delivered_at = case when v.state = 'delivered' then now() else d.delivered_at end,
        next_attempt_at = case when v.state = 'pending' then now() + v.delay_ms * interval '1 millisecond' else d.next_attempt_at end,
        updated_at = now()
      from (values ${values}) as v(id, attempts, state, delay_ms)
      where d.id = v.id and d.attempts = v.attempts and d.state = 'pending'`);
    if (gone.length) {
      await tx
        .update(webhookSubscriptions)
        .set({ disabledAt: sql`now()`, disabledReason: "receiver answered 410 Gone" })
        .where(inArray(webhookSubscriptions.id, gone));
      await cancelPending(tx, gone);
    }
  });
}

// In-process wake-up: a redeliver (or a domain right after its commit) need not wait for the next poll.
const wakeHolder = globalThis as unknown as { __svcWebhookWake?: Set<() => void> };
function wakers(): Set<() => void> {
  wakeHolder.__svcWebhookWake ??= new Set();
  return wakeHolder.__svcWebhookWake;
}

export function nudgeWebhookWorker(): void {
  for (const w of wakers()) w();
}

/** A lane other than the first re-checks on its own this rarely (a safety net; it is normally woken). */
const IDLE_LANE_MS = 30_000;

/** Sleeps up to `ms`, or until woken. */
class Waiter {
  private wake: (() => void) | null = null;
  private pending = false;
  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(t);
        this.wake = null;
        resolve();
      };
    });
  }
  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }
}

/**
 * Starts a fan-out loop and `lanes` delivery loops (claim → send → record), so sending and database work
 * overlap. The returned function stops them and resolves when the rounds in flight have finished.
 */
export function startWebhookWorker(db: Db, overrides: Partial<WorkerOptions> = {}): () => Promise<void> {
  const stopping = new AbortController();
  const opts = { ...workerOptionsFromConfig(), ...overrides, stopSignal: stopping.signal };
  const state = newFanoutState();
  let stopped = false;
  const fanWaiter = new Waiter();
  const laneWaiters = Array.from({ length: opts.lanes }, () => new Waiter());
  const wakeAll = () => {
    fanWaiter.notify();
    for (const w of laneWaiters) w.notify();
  };
  wakers().add(wakeAll);
  // The fan-out is woken by every commit that wrote events, in this process and (PostgreSQL LISTEN) in every other
  // instance; it wakes the lanes when it has fanned something out.
  const unsubscribe = onSignal(db, OUTBOX_CHANNEL, () => fanWaiter.notify());
  const warn = (what: string, e: unknown) => {
    if (!stopped) log().warn({ err: e instanceof Error ? e.message : String(e) }, `webhook worker: ${what} failed`);
  };

  const fanLoop = (async () => {
    let ready = false;
    while (!stopped) {
      let more = false;
      try {
        if (!ready) {
          await ensureCursor(db);
          ready = true;
        }
        const n = await fanOut(db, state);
        if (n > 0) for (const w of laneWaiters) w.notify();
        more = n > 0;
      } catch (e) {
        warn("fan-out", e);
      }
      // Stopped at a gap: a rollback leaves no commit to wake on, so look again once the gap may be judged.
      if (!more && !stopped) await fanWaiter.sleep(state.gaps.size > 0 ? Math.min(opts.pollMs, GAP_MIN_MS) : opts.pollMs);
    }
  })();

  // Only the first lane polls on a timer; the others sleep until woken (fan-out found events, the first
  // lane found due deliveries, or a nudge), so an idle server runs two polling queries per interval, not 1 + lanes.
  const laneLoops = laneWaiters.map(async (waiter, i) => {
    while (!stopped) {
      let n = 0;
      try {
        n = await deliverDue(db, opts);
      } catch (e) {
        warn("delivery round", e);
      }
      if (i === 0 && n > 0) for (const w of laneWaiters.slice(1)) w.notify();
      if (n < opts.batchSize && !stopped) await waiter.sleep(i === 0 ? opts.pollMs : IDLE_LANE_MS);
    }
  });

  return async () => {
    stopped = true;
    stopping.abort();
    unsubscribe();
    wakers().delete(wakeAll);
    wakeAll();
    await Promise.all([fanLoop, ...laneLoops]);
  };
}
