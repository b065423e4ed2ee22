// The metrics exposition: the process's counters and histograms (server/metrics.ts) plus gauges read from the
// database at scrape time (webhook queue depth, the yields catalog's age), so every instance on one PostgreSQL
// reports the same shared figures and nothing is kept in memory for them. One scrape, two short queries.
import { eq, sql } from "drizzle-orm";
import { Gauge } from "prom-client";
import { SOURCE } from "../catalog/upstream";
import type { Db } from "../db/client";
import { webhookDeliveries, yieldSnapshots } from "../db/schema";
import { metrics } from "../metrics";
import { rowsOf } from "../webhooks/sql";

function dbGauges() {
  const { registry } = metrics();
  const existing = registry.getSingleMetric("svc_webhook_queue_depth");
  if (existing) {
    return {
      queue: existing as Gauge<"state">,
      yieldsAge: registry.getSingleMetric("svc_yields_snapshot_age_seconds") as Gauge,
      yieldsAttemptAge: registry.getSingleMetric("svc_yields_last_attempt_age_seconds") as Gauge,
      yieldsFailing: registry.getSingleMetric("svc_yields_last_attempt_failed") as Gauge,
    };
  }
  return {
    queue: new Gauge({
      name: "svc_webhook_queue_depth",
      help: "Webhook deliveries by state: due (pending, to send now), scheduled (pending: a retry later or an attempt in flight), failed (gave up).",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    yieldsAge: new Gauge({ name: "svc_yields_snapshot_age_seconds", help: "Age of the yields catalog's last good snapshot (absent: none yet).", registers: [registry] }),
    yieldsAttemptAge: new Gauge({ name: "svc_yields_last_attempt_age_seconds", help: "Seconds since the last yields refresh attempt.", registers: [registry] }),
    yieldsFailing: new Gauge({ name: "svc_yields_last_attempt_failed", help: "1 when the last yields refresh failed (the last good snapshot is kept), else 0.", registers: [registry] }),
  };
}

async function readDbGauges(db: Db): Promise<void> {
  const g = dbGauges();
  const [[queue], [snap]] = await Promise.all([
    rowsOf<{ due: number | string; scheduled: number | string; failed: number | string }>(
      db,
      sql`select
        count(*) filter (where ${webhookDeliveries.state} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= now())::int as due,
        count(*) filter (where ${webhookDeliveries.state} = 'pending' and ${webhookDeliveries.nextAttemptAt} > now())::int as scheduled,
        count(*) filter (where ${webhookDeliveries.state} = 'failed')::int as failed
      from ${webhookDeliveries} where ${webhookDeliveries.state} in ('pending', 'failed')`,
    ),
    db.select().from(yieldSnapshots).where(eq(yieldSnapshots.source, SOURCE)),
  ]);
  g.queue.set({ state: "due" }, Number(queue?.due ?? 0));
  g.queue.set({ state: "scheduled" }, Number(queue?.scheduled ?? 0));
  g.queue.set({ state: "failed" }, Number(queue?.failed ?? 0));
  const now = Date.now();
  g.yieldsAge.reset();
  g.yieldsAttemptAge.reset();
  g.yieldsFailing.reset();
  if (snap?.asOf) g.yieldsAge.set((now - snap.asOf.getTime()) / 1000);
  if (snap) {
    g.yieldsAttemptAge.set((now - snap.lastAttemptAt.getTime()) / 1000);
    g.yieldsFailing.set(snap.lastError === null ? 0 : 1);
  }
}

/** The Prometheus text exposition of this instance. */
export async function exposition(db: Db): Promise<string> {
  await readDbGauges(db);
  return metrics().registry.metrics();
}
