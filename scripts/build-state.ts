// Whether .next holds a production build of the current sources (a hash of every source file).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serverBundle } from "./server-bundle";

// client/src: the typed client the dashboard's pages call through (issue 27); client/dist is a pack's output, not a source.
const SOURCE_DIRS = ["app", "components", "server", "public", "drizzle", "lib", "client/src"];
const SOURCE_FILES = ["package-lock.json", "next.config.ts", "tsconfig.json", "instrumentation.ts"];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
}

export function sourceFingerprint(root: string): string {
  const files: string[] = [];
  for (const d of SOURCE_DIRS) walk(path.join(root, d), files);
  for (const f of SOURCE_FILES) if (existsSync(path.join(root, f))) files.push(path.join(root, f));
  files.sort();
  const h = createHash("sha256");
  for (const f of files) {
    h.update(path.relative(root, f));
    h.update("\0");
    h.update(readFileSync(f));
    h.update("\0");
  }
  return h.digest("hex");
}

export function buildIsCurrent(root: string): boolean {
  const stamp = path.join(root, ".next", "svc-source.sha256");
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === sourceFingerprint(root);
}

/**
 * Node arguments that run the production server (scripts/serve.ts, bundled: scripts/server-bundle.ts, built here when
 * its sources changed); append `-p PORT` and `-H HOST`.
 */
export function serveArgs(root: string): string[] {
  return ["--conditions=react-server", serverBundle(root)];
}

/** Runs `next build` unless .next already holds a production build of the current sources. */
export function ensureBuild(root: string): void {
  if (buildIsCurrent(root)) return;
  // A developer iterating on API or server code may keep an older build for the pages: the API is answered from
  // the sources (scripts/serve.ts), so only page tests need a current build. Never set in CI.
  if (process.env.SVC_KEEP_BUILD === "1" && existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  const r = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
  writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
}
