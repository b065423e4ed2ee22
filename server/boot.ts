// Start-up, once per process: configuration, database and migrations, bootstrap keys, background jobs.
// Called from instrumentation.ts at server start and, as a fallback, by the first request.
import { config } from "./config";
import { type DbHandle, closeDb, dbHandle } from "./db/client";
import { loadBootstrapKeys } from "./http/auth";
import { JOBS } from "./jobs";
import { log } from "./log";
import { warmNaviWalks } from "./venues/navi/warmup";

const holder = globalThis as unknown as { __svcBoot?: Promise<DbHandle>; __svcJobStops?: Array<() => void | Promise<void>> };

async function boot(): Promise<DbHandle> {
  const cfg = config();
  const handle = await dbHandle();
  loadBootstrapKeys(cfg.SVC_API_KEYS ?? []);
  if (!cfg.SVC_DISABLE_JOBS) {
    holder.__svcJobStops = Object.entries(JOBS).map(([name, start]) => {
      log().info({ job: name }, "job started");
      return start(handle.db);
    });
  }
  warmUp();
  log().info({ database: handle.kind, executionMode: cfg.SVC_EXECUTION_MODE }, "svc ready");
  return handle;
}

/**
 * One walk of NAVI's object graph so the process's first NAVI withdraw plan knows its ids (server/venues/navi/warmup.ts).
 * Not a job: one read at start, not repeated, nothing to stop; it runs with SVC_DISABLE_JOBS too, as plans do. Never
 * awaited: a failure only logs (plans then walk cold).
 */
function warmUp(): void {
  warmNaviWalks().then(
    () => log().info({ warmup: "navi" }, "warm-up walk done"),
    (e: unknown) => log().warn({ warmup: "navi", err: e instanceof Error ? e.message.split("\n")[0] : String(e) }, "warm-up walk failed; plans walk cold"),
  );
}

export function ensureBooted(): Promise<DbHandle> {
  if (!holder.__svcBoot) {
    holder.__svcBoot = boot();
    holder.__svcBoot.catch(() => {
      holder.__svcBoot = undefined;
    });
  }
  return holder.__svcBoot;
}

/** Stops every job and waits for their work in flight (the webhook worker releases its claims: webhooks/worker.ts). */
export async function stopJobs(): Promise<void> {
  const stops = holder.__svcJobStops ?? [];
  holder.__svcJobStops = [];
  const results = await Promise.allSettled(stops.map((stop) => stop()));
  for (const r of results) if (r.status === "rejected") log().warn({ err: String(r.reason) }, "a job did not stop cleanly");
}

/** Stops jobs, then closes the database (graceful shutdown; tests switching databases in one process). */
export async function shutdown(): Promise<void> {
  await stopJobs();
  holder.__svcBoot = undefined;
  await closeDb();
}
