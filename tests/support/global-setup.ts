// Once per `vitest run`: make sure the production build and the server bundle are current, and prepare a migrated PGlite
// folder that every test app copies (a fresh PGlite costs ~4 s of initdb; a copy opens in < 1 s).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-state";
import { serverBundle } from "../../scripts/server-bundle";
import { openDatabase } from "../../server/db/client";

const root = path.resolve(import.meta.dirname, "..", "..");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  ensureBuild(root);
  // Bundled once here, before the workers start servers (each start checks it is still current).
  serverBundle(root);
  const dir = mkdtempSync(path.join(tmpdir(), "svc-template-"));
  const h = await openDatabase({ SVC_DATA_DIR: dir, DATABASE_URL: undefined });
  await h.close();
  project.provide("pgliteTemplate", path.join(dir, "pglite"));
  return () => rmSync(dir, { recursive: true, force: true });
}
