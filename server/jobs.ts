// Background jobs started once per server process (yields refresh, webhook delivery …).
// Each domain adds its starter here; a starter returns a stop function.
import { yieldsRefreshJob } from "./catalog/refresh";
import type { Db } from "./db/client";
import { config } from "./config";
import { reconcileJob } from "./ledger/reconcile";
import { startWebhookWorker } from "./webhooks/worker";

/** Starts a job; returns its stop, which resolves once the job's work in flight has ended (graceful shutdown). */
export type JobStarter = (db: Db) => () => void | Promise<void>;

export const JOBS: Record<string, JobStarter> = {
  "yields-refresh": yieldsRefreshJob,
  webhooks: (db) => startWebhookWorker(db),
  reconcile: (db) => reconcileJob(config().SVC_RECONCILE_INTERVAL_S)(db),
};
