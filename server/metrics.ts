// Prometheus metrics (prom-client), one registry per process, served at GET /api/v1/metrics (server/ops/).
// Bottom layer, like log.ts: the request wrapper, the chain RPC calls, the yields upstream, the webhook worker and
// the autopilot record here. Counts are per instance (Prometheus sums instances); figures that live in the
// database (queue depth, the catalog's age) are read at scrape time by server/ops/metrics.ts, so every
// instance reports the same shared truth.
import { collectDefaultMetrics, Counter, Gauge, type Histogram, Registry } from "prom-client";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface RequestSeries {
  labels: { operation: string; status: string };
  /** Per bucket (REQUEST_BUCKETS, then +Inf): observations in it alone; made cumulative when scraped. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * svc_http_request_duration_seconds, the histogram every API answer records into (issue 28 item 1): the same series,
 * buckets and text as a prom-client Histogram, with none of its per-call work (labels object, label validation, label
 * hash): one Map lookup by a string per answer. prom-client's Registry formats it at scrape time from get().
 */
class RequestHistogram {
  readonly name = "svc_http_request_duration_seconds";
  readonly help = "API requests by operation and HTTP status: latency; _count is the number of requests.";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private series = new Map<string, RequestSeries>();

  observe(operation: string, status: number, seconds: number): void {
    const key = `${operation} ${status}`;
    let s = this.series.get(key);
    if (s === undefined) {
      s = { labels: { operation, status: String(status) }, counts: new Array<number>(REQUEST_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    let i = 0;
    while (i < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[i] as number)) i++;
    s.counts[i] = (s.counts[i] ?? 0) + 1;
    s.sum += seconds;
    s.count++;
  }

  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.series.values()) {
      let acc = 0;
      REQUEST_BUCKETS.forEach((le, i) => {
        acc += s.counts[i] ?? 0;
        values.push({ labels: { ...s.labels, le }, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...s.labels, le: "+Inf" }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "svc_" });
  const lastOk = new Map<string, number>();
  const requests = new RequestHistogram();
  // prom-client formats any metric that has its get()/reset() (its Registry reads nothing else of it).
  registry.registerMetric(requests as unknown as Histogram);
  const upstreamErrors = new Counter({
    name: "svc_upstream_errors_total",
    help: "Failed calls to an outside service: upstream is yields, quotes (swap quote APIs), cctp-attestation (Circle's Iris), pyth-hermes, or rpc:<chain> for a chain's RPC.",
    labelNames: ["upstream"] as const,
    registers: [registry],
  });
  const upstreamAge = new Gauge({
    name: "svc_upstream_last_success_age_seconds",
    help: "Seconds since this instance last had a good answer from the upstream (absent: never since start).",
    labelNames: ["upstream"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const [upstream, at] of lastOk) this.set({ upstream }, (now - at) / 1000);
    },
  });
  const webhookAttempts = new Counter({
    name: "svc_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome: delivered, retry (will be tried again), failed (gave up), cancelled (subscription gone), released (interrupted by shutdown, not counted as an attempt).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const autopilotDecisions = new Counter({
    name: "svc_autopilot_decisions_total",
    help: "Autopilot decisions recorded, by action and trigger.",
    labelNames: ["action", "trigger"] as const,
    registers: [registry],
  });
  return { registry, lastOk, requests, upstreamErrors, upstreamAge, webhookAttempts, autopilotDecisions };
}

type Metrics = ReturnType<typeof build>;
// One set per process: route files and the production server may load this module twice (see db/client.ts), and
// prom-client refuses a second metric of one name in one registry.
const holder = globalThis as unknown as { __svcMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__svcMetrics ??= build();
  return holder.__svcMetrics;
}

/** One API answer: one histogram observation (its _count is the request counter). */
export function observeRequest(operation: string, status: number, seconds: number): void {
  metrics().requests.observe(operation, status, seconds);
}

/** A call to an outside service ended: `upstream` is "yields", "quotes", "cctp-attestation", "pyth-hermes" or "rpc:<chain>". */
export function noteUpstream(upstream: string, ok: boolean): void {
  const m = metrics();
  if (ok) m.lastOk.set(upstream, Date.now());
  else m.upstreamErrors.inc({ upstream });
}

export function noteWebhookAttempt(outcome: "delivered" | "retry" | "failed" | "cancelled" | "released", n = 1): void {
  if (n > 0) metrics().webhookAttempts.inc({ outcome }, n);
}

export function noteAutopilotDecision(action: string, trigger: string): void {
  metrics().autopilotDecisions.inc({ action, trigger });
}

/** `fetch` that notes each call's outcome for `upstream` (no answer or HTTP 5xx: an error), for SDK clients that take one. */
export function countedFetch(upstream: string): typeof fetch {
  return async (input, init) => {
    try {
      const res = await fetch(input, init);
      noteUpstream(upstream, res.status < 500);
      return res;
    } catch (e) {
      noteUpstream(upstream, false);
      throw e;
    }
  };
}
