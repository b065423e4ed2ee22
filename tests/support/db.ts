// An in-process database for domain-level tests: a copy of the migrated PGlite template, or a fresh
// PostgreSQL database on the server of DATABASE_URL.
import { type Db, type DbHandle, openDatabase } from "../../server/db/client";
import { type DbKind, freshDatabase } from "./app";

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
  const { env, drop: remove } = await freshDatabase(kind, "svc-wh-");
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
