// Raw SQL results differ by driver: postgres.js returns the rows, PGlite returns { rows }.
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown;
  if (Array.isArray(r)) return r as T[];
  return ((r as { rows?: T[] }).rows ?? []) as T[];
}
