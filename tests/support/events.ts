// Writes events into the outbox of a test app's database, as a domain would (emitEvents in a transaction).
// PostgreSQL: while the app runs. PGlite (one process per folder): the app is crashed first and the
// caller restarts it on the same folder.
import { openDatabase } from "../../server/db/client";
import { emitEvents, type NewEvent } from "../../server/events/outbox";

export async function emitInto(env: Record<string, string>, list: NewEvent[]): Promise<string[]> {
  const h = await openDatabase({ DATABASE_URL: env.DATABASE_URL, SVC_DATA_DIR: env.SVC_DATA_DIR ?? "memory://" });
  try {
    return await h.db.transaction((tx) => emitEvents(tx, list));
  } finally {
    await h.close();
  }
}
