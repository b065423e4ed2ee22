// Once per `vitest run`: make sure the production build is current, and prepare a migrated PGlite
// folder that every test app copies (a fresh PGlite costs ~4 s of initdb; a copy opens in < 1 s).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIsCurrent, sourceFingerprint } from "../../scripts/build-state";
import { openDatabase } from "../../server/db/client";

const root = path.resolve(import.meta.dirname, "..", "..");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!buildIsCurrent(root)) {
    const r = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error("next build failed");
    writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
  }
  const dir = mkdtempSync(path.join(tmpdir(), "svc-template-"));
  const h = await openDatabase({ SVC_DATA_DIR: dir, DATABASE_URL: undefined });
  await h.close();
  project.provide("pgliteTemplate", path.join(dir, "pglite"));
  return () => rmSync(dir, { recursive: true, force: true });
}
