// An in-process database for domain-level tests: a copy of the migrated PGlite template, or a fresh
// PostgreSQL database on the server of DATABASE_URL.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DbHandle, openDatabase } from "../../server/db/client";
import { createPgDatabase, type DbKind, templateDir } from "./app";

export interface TestDb extends DbHandle {
  /** DATABASE_URL or SVC_DATA_DIR: the env that points a server (or another process) at this database. */
  env: Record<string, string>;
  destroy: () => Promise<void>;
}

export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === "postgres") {
    const pg = await createPgDatabase();
    const h = await openDatabase({ DATABASE_URL: pg.url, SVC_DATA_DIR: "memory://" });
    return {
      ...h,
      env: { DATABASE_URL: pg.url },
      destroy: async () => {
        await h.close();
        await pg.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "svc-wh-"));
  cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
  const h = await openDatabase({ DATABASE_URL: undefined, SVC_DATA_DIR: dir });
  return {
    ...h,
    env: { SVC_DATA_DIR: dir },
    destroy: async () => {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
