// A database whose first transaction does not commit when its callback returns: it stays open until the caller
// writes what it still must into it (`commit(write)`) or drops it (`abort()`). The Idempotency-Key wrapper uses it
// so an action's writes and its stored answer commit together: the answer is made from the action's result after
// the domain's transaction callback returned, and a crash in between would otherwise leave the action applied
// with no answer to replay. Reads before the transaction (venue indexes, RPC) stay outside it, as the domain wrote them.
import { type Db, HOLDS_COMMIT, type Tx } from "../db/client";

export interface DeferredCommit {
  /** The database to hand the action: `db` itself until its first transaction opens, then that transaction (`transaction` joins it). */
  db: Db;
  /** Runs `write` inside the open transaction (when one was opened) and commits; else runs it on `db`. */
  commit: (write: (db: Db) => Promise<void>) => Promise<void>;
  /** Rolls the open transaction back, if any. */
  abort: () => Promise<void>;
}

class Aborted extends Error {}

export function deferredCommit(db: Db): DeferredCommit {
  let open: { tx: Tx; done: Promise<void>; finish: (write: ((db: Db) => Promise<void>) | null) => void } | null = null;

  const transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    // A second transaction of the same action runs inside the first (it commits with it).
    if (open) return fn(open.tx);
    return new Promise<T>((resolve, reject) => {
      let finish: (write: ((db: Db) => Promise<void>) | null) => void = () => {};
      const gate = new Promise<((db: Db) => Promise<void>) | null>((r) => {
        finish = r;
      });
      let returned = false;
      const done = db.transaction(async (tx) => {
        const result = await fn(tx);
        open = { tx, done, finish };
        returned = true;
        resolve(result);
        const write = await gate;
        if (write === null) throw new Aborted();
        await write(tx as unknown as Db);
      });
      done.catch((e) => {
        if (!returned) reject(e);
      });
    });
  };

  // Once the transaction is open, what the handler still reads or writes goes through it: it sees its own writes, and
  // on PGlite (one connection, transactions exclusive) a query beside the open transaction would wait for it forever.
  const proxy = new Proxy(db, {
    get: (target, p) => {
      if (p === "transaction") return transaction;
      if (p === HOLDS_COMMIT) return true;
      const on = open ? (open.tx as unknown as Db) : target;
      const v = Reflect.get(on, p, on);
      return typeof v === "function" ? v.bind(on) : v;
    },
  });

  return {
    db: proxy,
    commit: async (write) => {
      const o = open;
      if (!o) return write(db);
      o.finish(write);
      await o.done;
    },
    abort: async () => {
      const o = open;
      if (!o) return;
      o.finish(null);
      await o.done.catch((e) => {
        if (!(e instanceof Aborted)) throw e;
      });
    },
  };
}
