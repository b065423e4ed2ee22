// Schemas of the operations endpoints: liveness, readiness and the metrics exposition.
import { z } from "zod";
import { isoTime } from "../http/schemas";

export const healthSchema = z
  .object({
    schemaVersion: z.literal("svc-health.v1"),
    status: z.literal("ok"),
    uptimeSeconds: z.number().meta({ description: "Seconds since this process started." }),
    time: isoTime,
  })
  .meta({ id: "Health", description: "The process answers. Nothing else is checked (see /api/v1/readyz)." });

const check = z.object({
  ok: z.boolean(),
  ms: z.number().int().meta({ description: "How long the check took." }),
  error: z.string().nullable().meta({ description: "Why it failed; null when ok." }),
});

const upstream = z.object({
  name: z.string().meta({ description: "yields (the yields catalog), or rpc:<chain> for a chain's RPC (rpc:evm: EVM simulation batches)." }),
  asOf: isoTime.nullable().meta({ description: "When the last good answer was had; null with `error` when none." }),
  ageSeconds: z.number().int().nullable(),
  lastAttemptAt: isoTime.nullable().meta({ description: "yields: the last refresh attempt. RPCs are called on demand: null." }),
  error: z.string().nullable().meta({ description: "yields: the last refresh's error (the last good snapshot is kept); RPCs: why there is no age." }),
});

const dashboard = z
  .object({
    state: z.enum(["building", "ready", "failed"]).meta({
      description: "building: the pages answer 503 with Retry-After until the production build is done; ready: served; failed: the build failed, the pages answer 503 until a restart builds again.",
    }),
    phase: z.string().nullable().meta({ description: "What the build is doing, in `next build`'s words (\"Generating static pages (3/12)\"); null when ready." }),
    elapsedSeconds: z.number().int().nullable().meta({ description: "Seconds since this instance began building (or waiting for another start's build); null unless building." }),
    error: z.string().nullable().meta({ description: "Why the pages cannot be served; null unless failed." }),
    log: z.string().nullable().meta({ description: "The build's output, relative to the service's folder; null when this instance ran no build." }),
  })
  .meta({
    description:
      "The dashboard (the pages), reported, never a reason to be not ready: the API is served from the start. A load balancer that routes pages to this instance can wait for state ready.",
  });

export const readySchema = z
  .object({
    schemaVersion: z.literal("svc-ready.v1"),
    ready: z.boolean(),
    checks: z.object({
      database: check.extend({ kind: z.enum(["pglite", "postgres"]).nullable() }),
      migrations: check.extend({
        applied: z.number().int().nullable(),
        expected: z.number().int().meta({ description: "Migrations this build ships." }),
      }),
    }),
    upstreams: z.array(upstream).meta({ description: "Ages of the outside sources: reported, never a reason to be not ready." }),
    dashboard,
    time: isoTime,
  })
  .meta({
    id: "Readiness",
    description:
      "Ready when the database answers and holds every migration this build ships; 503 NOT_READY otherwise, with this same body as the error's details. Measured at most once a second.",
  });

export const metricsText = z.string().meta({ description: "Prometheus text exposition format 0.0.4." });
