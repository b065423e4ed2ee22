// `npm start`: validate configuration, then serve at once with scripts/serve.ts: the API straight from the endpoint
// registry within seconds, the dashboard through Next.js's request handler once its production build is there. A
// missing or stale build is made in the background (`--build-if-needed`: scripts/dashboard.ts); until it is done,
// pages answer 503 with the build's progress and GET /api/v1/readyz reports it (issue 28 item 4).
// A second `npm start` with another PORT and SVC_DATA_DIR shares the build (one builds, the other waits for it:
// the lock directory .next-build.lock) and does not disturb the first.
import { spawn } from "node:child_process";
import path from "node:path";
import "dotenv/config";
import { ConfigError, parseConfig } from "../server/config";
import { serveArgs } from "./build-state";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";

let cfg: ReturnType<typeof parseConfig>;
try {
  cfg = parseConfig(process.env);
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
  throw e;
}

const child = spawn(process.execPath, [...serveArgs(root), "-p", String(cfg.PORT), "--build-if-needed"], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
