// Idempotency-Key records on a real database (server/http/idempotency.ts): the stored answer commits with the action's
// own transaction, an action that throws leaves nothing and frees the key, and (PostgreSQL, where two requests run at
// once) a holder whose claim lapsed and was taken over is rolled back: the action applies once.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balances, idempotencyKeys, rateLimits } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { withIdempotency } from "@/server/http/idempotency";
import { routeMoney } from "@/server/ledger/route";
import { dbKinds } from "../support/app";
import { openTestDb, type TestDb } from "../support/db";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dbKinds())("Idempotency-Key records on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  /** The action: one row written in its own transaction (any table will do; rate_limits has a text key). */
  const write = (key: string) => async (db: TestDb["db"]) => {
    await db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key, points: 1, expire: null });
    });
    return { status: 200, body: JSON.stringify({ wrote: key }) };
  };
  const rows = async (prefix: string) => (await t.db.select().from(rateLimits).where(like(rateLimits.key, `${prefix}%`))).map((r) => r.key).sort();
  const opts = (key: string, leaseMs = 30_000) => ({ scope: `s-${kind}`, key, fingerprint: "f", leaseMs });

  it("stores the answer with the action and replays it without running the action again", async () => {
    const first = await withIdempotency(t.db, opts("k1"), write("one-a"));
    const again = await withIdempotency(t.db, opts("k1"), write("one-b"));
    expect(first).toMatchObject({ status: 200, replayed: false });
    expect(again).toMatchObject({ status: 200, body: first.body, replayed: true });
    expect(await rows("one-")).toEqual(["one-a"]);
  });

  it("an action that fails after its transaction leaves nothing and frees the key", async () => {
    const failing = async (db: TestDb["db"]) => {
      await write("two-a")(db);
      throw new Error("the answer could not be made");
    };
    await expect(withIdempotency(t.db, opts("k2"), failing)).rejects.toThrow("could not be made");
    expect(await rows("two-")).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k2"))).toEqual([]);
    expect((await withIdempotency(t.db, opts("k2"), write("two-b"))).replayed).toBe(false);
    expect(await rows("two-")).toEqual(["two-b"]);
  });

  it("a handler reading after its transaction reads through it (on PGlite a read beside it would wait forever)", async () => {
    const readsAfter = async (db: TestDb["db"]) => {
      await write("four-a")(db);
      const seen = await db.select().from(rateLimits).where(eq(rateLimits.key, "four-a"));
      return { status: 200, body: JSON.stringify({ seen: seen.length }) };
    };
    expect((await withIdempotency(t.db, opts("k4"), readsAfter)).body).toBe('{"seen":1}');
    expect(await rows("four-")).toEqual(["four-a"]);
  });

  it("a route, one statement in no transaction of its own, still commits with the answer: no answer, no balance", async () => {
    const wallet = `0x${"d2".repeat(32)}`;
    const route = (db: TestDb["db"]) => routeMoney(db, wallet, { amountMicros: 5_000_000n, token: "USDC", stake: false, chain: "move-chain" }, false);
    const failing = async (db: TestDb["db"]) => {
      await route(db);
      throw new Error("the answer could not be made");
    };
    await expect(withIdempotency(t.db, opts("k5"), failing)).rejects.toThrow("could not be made");
    expect(await t.db.select().from(balances).where(eq(balances.wallet, wallet))).toEqual([]);
    const ok = async (db: TestDb["db"]) => {
      const r = await route(db);
      return { status: 200, body: JSON.stringify({ status: r.status }) };
    };
    expect(await withIdempotency(t.db, opts("k5"), ok)).toMatchObject({ status: 200, replayed: false });
    expect(await withIdempotency(t.db, opts("k5"), ok)).toMatchObject({ status: 200, replayed: true });
    const [row] = await t.db.select().from(balances).where(eq(balances.wallet, wallet));
    expect(row?.liquidMicros).toBe(5_000_000n);
  });

  it.skipIf(kind !== "postgres")("a holder whose claim lapsed and was taken over is rolled back: applied once", async () => {
    const slow = async (db: TestDb["db"]) => {
      const a = await write("three-slow")(db);
      await sleep(1500); // the transaction stays open, the claim (1 s) lapses meanwhile
      return a;
    };
    const first = withIdempotency(t.db, opts("k3", 1000), slow);
    first.catch(() => {});
    await sleep(1100);
    const second = await withIdempotency(t.db, opts("k3", 1000), write("three-fast"));
    expect(second.replayed).toBe(false);
    const e = await first.then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe("IDEMPOTENCY_KEY_IN_FLIGHT");
    expect(await rows("three-")).toEqual(["three-fast"]);
    expect((await withIdempotency(t.db, opts("k3", 1000), write("three-late"))).body).toBe(second.body);
  });
});
