// An in-process database for domain-level tests: a copy of the migrated PGlite template, or a fresh
// PostgreSQL database on the server of DATABASE_URL.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Db, type DbHandle, openDatabase } from "../../server/db/client";
import { createPgDatabase, type DbKind, templateDir } from "./app";

export interface TestDb {
  readonly db: Db;
  kind: DbKind;
  /** DATABASE_URL or SVC_DATA_DIR: the env that points a server (or another process) at this database. */
  env: Record<string, string>;
  /** Closes the connection (PGlite: frees the folder for another process); `reopen` opens it again. */
  close: () => Promise<void>;
  reopen: () => Promise<void>;
  destroy: () => Promise<void>;
}

export async function openTestDb(kind: DbKind): Promise<TestDb> {
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  if (kind === "postgres") {
    const pg = await createPgDatabase();
    env = { DATABASE_URL: pg.url };
    remove = pg.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "svc-wh-"));
    cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
    env = { SVC_DATA_DIR: dir };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  const open = () => openDatabase({ DATABASE_URL: env.DATABASE_URL, SVC_DATA_DIR: env.SVC_DATA_DIR ?? "memory://" });
  let h: DbHandle | null = await open();
  return {
    get db() {
      if (!h) throw new Error("test database is closed");
      return h.db;
    },
    kind,
    env,
    close: async () => {
      await h?.close();
      h = null;
    },
    reopen: async () => {
      h ??= await open();
    },
    destroy: async () => {
      await h?.close();
      h = null;
      await remove();
    },
  };
}
