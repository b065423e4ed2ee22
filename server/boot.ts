// Start-up, once per process: configuration, database and migrations, bootstrap keys, background jobs.
// Called from instrumentation.ts at server start and, as a fallback, by the first request.
import { config } from "./config";
import { type DbHandle, closeDb, dbHandle } from "./db/client";
import { loadBootstrapKeys } from "./http/auth";
import { JOBS } from "./jobs";
import { log } from "./log";

const holder = globalThis as unknown as { __svcBoot?: Promise<DbHandle>; __svcJobStops?: Array<() => void> };

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
  log().info({ database: handle.kind, executionMode: cfg.SVC_EXECUTION_MODE }, "svc ready");
  return handle;
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

export function stopJobs(): void {
  for (const stop of holder.__svcJobStops ?? []) stop();
  holder.__svcJobStops = [];
}

/** Stops jobs and closes the database (graceful shutdown; tests switching databases in one process). */
export async function shutdown(): Promise<void> {
  stopJobs();
  holder.__svcBoot = undefined;
  await closeDb();
}
