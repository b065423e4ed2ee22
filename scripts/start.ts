// `npm start`: validate configuration, build once if needed, then serve API and dashboard with scripts/serve.ts
// (the API straight from the endpoint registry, everything else through Next.js's request handler).
// A second `npm start` with another PORT and SVC_DATA_DIR reuses the build and does not disturb the first.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import "dotenv/config";
import { ConfigError, parseConfig } from "../server/config";
import { buildIsCurrent, serveArgs, sourceFingerprint } from "./build-state";

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

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function buildIfNeeded(): void {
  if (buildIsCurrent(root)) return;
  const lock = path.join(root, ".next-build.lock");
  try {
    mkdirSync(lock);
  } catch {
    // Another start is building: wait for it.
    process.stdout.write("waiting for another build to finish…\n");
    while (existsSync(lock)) {
      if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      spawnSync("sleep", ["1"]);
    }
    if (buildIsCurrent(root)) return;
    mkdirSync(lock);
  }
  try {
    process.stdout.write("building (first start or sources changed)…\n");
    const r = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: process.env });
    if (r.status !== 0) {
      process.stderr.write("Cannot start: next build failed\n");
      process.exit(1);
    }
    writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

buildIfNeeded();

const child = spawn(process.execPath, [...serveArgs(root), "-p", String(cfg.PORT)], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
