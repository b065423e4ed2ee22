// A webhook worker in a process of its own, so a test can kill it mid-delivery (SIGKILL = crash).
// Env: DATABASE_URL or SVC_DATA_DIR, WORKER_OPTS (JSON of WorkerOptions overrides).
import { openDatabase } from "../../server/db/client";
import { startWebhookWorker } from "../../server/webhooks/worker";

const h = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, SVC_DATA_DIR: process.env.SVC_DATA_DIR ?? "memory://" });
startWebhookWorker(h.db, JSON.parse(process.env.WORKER_OPTS ?? "{}"));
process.stdout.write("worker ready\n");
