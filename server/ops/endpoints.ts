// GET /api/v1/healthz, /api/v1/readyz (public probes) and /api/v1/metrics (keeper): contract §10.
import { ApiError } from "../http/errors";
import { endpoint, ok } from "../http/endpoint";
import { METRICS_CONTENT_TYPE } from "../metrics";
import { exposition } from "./metrics";
import { readiness } from "./ready";
import { healthSchema, metricsText, readySchema } from "./schemas";

const probe = { tags: ["ops"], access: "public" as const, probe: true };

export const getHealthz = endpoint({
  ...probe,
  operationId: "getHealthz",
  method: "GET",
  path: "/api/v1/healthz",
  summary: "Liveness: the process answers",
  description: "Answered without the database, a key or the rate limit: for a liveness probe.",
  responses: { 200: healthSchema },
  handler: async () => ok({ schemaVersion: "svc-health.v1" as const, status: "ok" as const, uptimeSeconds: Math.round(process.uptime()), time: new Date().toISOString() }),
});

export const getReadyz = endpoint({
  ...probe,
  operationId: "getReadyz",
  method: "GET",
  path: "/api/v1/readyz",
  summary: "Readiness: database reachable, migrations applied, upstream ages, dashboard build",
  description:
    "For a readiness probe or a load balancer's health check: 503 NOT_READY (details: the same body) takes the instance out of rotation. The dashboard's build is reported (`dashboard`), not checked: the API is served while the pages build.",
  responses: { 200: readySchema },
  errors: ["NOT_READY"],
  handler: async () => {
    const r = await readiness();
    if (!r.ready) {
      const failing = Object.entries(r.checks).filter(([, c]) => !c.ok).map(([name, c]) => `${name}: ${c.error}`);
      throw new ApiError("NOT_READY", `Not ready: ${failing.join("; ")}`, r);
    }
    return ok(r);
  },
});

export const getMetrics = endpoint({
  operationId: "getMetrics",
  method: "GET",
  path: "/api/v1/metrics",
  summary: "Prometheus metrics of this instance",
  description:
    "Requests and latency per operation and status (svc_http_request_duration_seconds), webhook queue depth and attempts, upstream and RPC errors and ages, autopilot decisions, and the process's own figures (svc_process_*, svc_nodejs_*).",
  tags: ["ops"],
  access: "keeper.ops",
  produces: METRICS_CONTENT_TYPE,
  responses: { 200: metricsText },
  handler: async ({ db }) => ok(await exposition(db)),
});

export const opsEndpoints = [getHealthz, getReadyz, getMetrics];
