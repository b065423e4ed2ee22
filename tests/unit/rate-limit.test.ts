// Rate-limit counters in-process on each database: concurrent requests of one key share counter upserts on
// PostgreSQL, and each still gets the answer of its place in line (exactly `points` allowed, remaining counts
// down, the rest 429 with Retry-After).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "@/server/db/client";
import { consumeRate } from "@/server/http/rate-limit";
import { createPgDatabase, dbKinds, templateDir } from "../support/app";

describe.each(dbKinds())("rate limit counters on %s", (kind) => {
  let h: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (kind === "postgres") {
      const pg = await createPgDatabase();
      h = await openDatabase({ DATABASE_URL: pg.url, SVC_DATA_DIR: "memory://" });
      drop = pg.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "svc-rl-"));
      cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
      h = await openDatabase({ DATABASE_URL: undefined, SVC_DATA_DIR: dir });
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it("12 concurrent requests of one key with a budget of 5: exactly 5 allowed, remaining 4..0, the rest 429", async () => {
    const id = `k:test_${Date.now()}`;
    const all = await Promise.all(Array.from({ length: 12 }, () => consumeRate(h, 5, id)));
    const allowed = all.filter((d) => d.allowed);
    expect(allowed).toHaveLength(5);
    const remaining = allowed.map((d) => /r=(\d+)/.exec(d.headers.RateLimit ?? "")?.[1]).sort();
    expect(remaining).toEqual(["0", "1", "2", "3", "4"]);
    for (const d of all.filter((x) => !x.allowed)) {
      expect(Number(d.headers["Retry-After"])).toBeGreaterThan(0);
      expect(d.headers.RateLimit).toMatch(/r=0/);
    }
    expect((await consumeRate(h, 5, id)).allowed).toBe(false);
    expect((await consumeRate(h, 5, `${id}-other`)).allowed).toBe(true);
  });
});
