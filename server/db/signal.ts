// Wake-ups on commit (issue 26 item 6). A write marks its transaction with a channel (signalOnCommit); once
// db.transaction() has committed, the channel fires: at once for this database handle's own listeners, and on
// PostgreSQL with a NOTIFY, sent after the commit on its own, for every other instance's (each handle LISTENs).
//
// The NOTIFY is not issued inside the writing transaction: PostgreSQL serializes the commits of transactions that
// issued a NOTIFY behind one database-wide lock held through the commit's WAL flush (measured here: 16 clients
// inserting two rows went from ~12,000 to ~2,000 commits/s; docs/decisions.md). Sent after the commit, on a
// synchronous_commit=off session, coalesced to at most one in flight per channel, it costs the writer nothing.
// A lost signal (crash between commit and NOTIFY, a listener reconnecting) is caught by the listener's poll.
import type postgres from "postgres";

type Listener = () => void;

export interface Signals {
  /** Fires `channel` after a commit: this handle's listeners now, other instances' through NOTIFY (PostgreSQL). */
  fire(channel: string): void;
  /** Calls `fn` when `channel` fires here or in another instance; returns the unsubscribe. */
  on(channel: string, fn: Listener): () => void;
}

class LocalListeners {
  private readonly by = new Map<string, Set<Listener>>();
  add(channel: string, fn: Listener): () => void {
    const set = this.by.get(channel) ?? new Set<Listener>();
    this.by.set(channel, set);
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  }
  call(channel: string): void {
    for (const fn of this.by.get(channel) ?? []) {
      try {
        fn();
      } catch {
        // a listener's failure is its own; the others still wake
      }
    }
  }
}

/** One process, one database (PGlite): the listeners of this handle are every listener there is. */
export function localSignals(): Signals {
  const local = new LocalListeners();
  return { fire: (ch) => local.call(ch), on: (ch, fn) => local.add(ch, fn) };
}

/**
 * PostgreSQL: `notifier` sends the NOTIFY (a pool whose sessions need not wait for the WAL flush), `listener` holds
 * the LISTEN connection (postgres.js opens one of its own per client and re-listens after a reconnect). Each handle
 * tags its NOTIFYs with an id of its own and ignores those, having woken its listeners already.
 */
export function postgresSignals(listener: postgres.Sql, notifier: postgres.Sql): Signals {
  const local = new LocalListeners();
  const self = `i${process.pid.toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
  const listening = new Map<string, Promise<unknown>>();
  const inFlight = new Map<string, boolean>();
  const notify = (ch: string): void => {
    if (inFlight.has(ch)) {
      inFlight.set(ch, true); // one more after the one in flight: it may have been sent before this commit
      return;
    }
    inFlight.set(ch, false);
    notifier
      .notify(ch, self)
      .catch(() => {}) // the other instances' poll is the safety net
      .finally(() => {
        const again = inFlight.get(ch);
        inFlight.delete(ch);
        if (again) notify(ch);
      });
  };
  const listen = (ch: string): void => {
    if (listening.has(ch)) return;
    const started = listener.listen(
      ch,
      (payload) => {
        if (payload !== self) local.call(ch);
      },
      // (Re)connected: notifications sent while the connection was down are lost, so look once.
      () => local.call(ch),
    );
    started.catch(() => listening.delete(ch));
    listening.set(ch, started);
  };
  return {
    fire: (ch) => {
      local.call(ch);
      notify(ch);
    },
    on: (ch, fn) => {
      const off = local.add(ch, fn);
      listen(ch);
      return off;
    },
  };
}

// Handles and transactions → their signals. A transaction's channels wait in `pending` until it commits.
const signalsOf = new WeakMap<object, Signals>();
const pending = new WeakMap<object, Set<string>>();

interface Transactional {
  transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/** Wraps `db.transaction` so that channels marked in a transaction fire after its COMMIT (never after a rollback). */
export function withSignals<D extends object>(db: D, signals: Signals): D {
  const t = db as unknown as Transactional;
  const original = t.transaction.bind(db);
  t.transaction = async (fn, config) => {
    const channels = new Set<string>();
    const result = await original(async (tx: never) => {
      signalsOf.set(tx as object, signals);
      pending.set(tx as object, channels);
      return fn(tx);
    }, config);
    for (const ch of channels) signals.fire(ch);
    return result;
  };
  signalsOf.set(db, signals);
  return db;
}

/**
 * Marks `channel` to fire once what `dbOrTx` wrote is committed. Call it after the write was issued: in a
 * transaction it fires after COMMIT; on the database itself (autocommit) the write is committed, so it fires now.
 */
export function signalOnCommit(dbOrTx: object, channel: string): void {
  const channels = pending.get(dbOrTx);
  if (channels) {
    channels.add(channel);
    return;
  }
  // A nested transaction (savepoint) is not tracked: its outer COMMIT is unknown here, and the poll catches it.
  if (!("rollback" in dbOrTx)) signalsOf.get(dbOrTx)?.fire(channel);
}

/** Subscribes to `channel` on the database `db` (its own commits and, on PostgreSQL, every other instance's). */
export function onSignal(db: object, channel: string, fn: Listener): () => void {
  return signalsOf.get(db)?.on(channel, fn) ?? (() => {});
}
