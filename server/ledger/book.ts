// The book: locks the balance rows a money action touches, applies signed changes to their liquid or
// staked bucket, and writes the changed rows and one journal entry per change (with the action's activity
// rows and events: one statement), all with the caller's transaction. Rows are always locked in one global order (chain, token, venue id; byte order) so two
// actions can never wait on each other in a cycle. A change that would go below 0 throws
// InsufficientFunds before anything is written; the CHECK constraints are the last line of defence.
import { and, type Column, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { Batch, colName, rowCol, rowsJson, Statement, tableFields } from "../db/batch";
import { CASING, type DbOrTx } from "../db/client";
import { balances, ledgerEntries } from "../db/schema";
import type { LEDGER_ENTRY_KINDS } from "../db/schema/ledger-entries";
import { addEvents, type NewEvent } from "../events/outbox";
import { type ActivityInsert, addActivity } from "./activity";

export type BalanceRow = typeof balances.$inferSelect;
export type EntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface BucketKey {
  wallet: string;
  chain: string;
  token: string;
  /** '' for the liquid row. */
  venueId: string;
}

export const LIQUID = "";

export class InsufficientFunds extends Error {
  constructor(
    readonly bucket: "liquid" | "staked",
    readonly key: BucketKey,
    readonly available: bigint,
    readonly needed: bigint,
  ) {
    super(`${bucket} balance ${available} is below ${needed}`);
  }
}

const keyOf = (k: BucketKey) => `${k.chain}\u0000${k.token}\u0000${k.venueId}`;
const order = (a: BucketKey, b: BucketKey) => {
  const x = keyOf(a);
  const y = keyOf(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export interface EntryMeta {
  actionId: string;
  planId?: string | null;
  legIndex?: number | null;
  txId?: string | null;
}

type Patch = Partial<Pick<BalanceRow, "costBasisMicros" | "realizedYieldMicros" | "confirmedMicros" | "indexRef" | "txId" | "txConfirmedAt" | "openedAt">>;

export class Book {
  private readonly rows = new Map<string, BalanceRow>();
  private readonly dirty = new Set<string>();
  private readonly entries: (typeof ledgerEntries.$inferInsert)[] = [];

  constructor(
    readonly wallet: string,
    locked: BalanceRow[],
  ) {
    for (const r of locked) this.rows.set(keyOf(r), r);
  }

  /** Locks (creating when missing) the rows of these keys, in the global order, with one statement. */
  static async lock(tx: DbOrTx, wallet: string, keys: Omit<BucketKey, "wallet">[]): Promise<Book> {
    const uniq = new Map<string, BucketKey>();
    for (const k of keys) uniq.set(keyOf({ ...k, wallet }), { ...k, wallet });
    const sorted = [...uniq.values()].sort(order);
    if (sorted.length === 0) return new Book(wallet, []);
    const rows = await LOCK.execute(tx, { rows: rowsJson(balances, sorted as unknown as Record<string, unknown>[], KEY_FIELDS) });
    return new Book(wallet, rows);
  }

  /** Locks every existing row of the wallet for a token (optionally one chain), in the global order. */
  static async lockAll(tx: DbOrTx, wallet: string, token: string, chain?: string): Promise<Book> {
    const rows = chain ? await LOCK_ALL_CHAIN.execute(tx, { wallet, token, chain }) : await LOCK_ALL.execute(tx, { wallet, token });
    return new Book(wallet, rows);
  }

  /** Locks the rows of some venues (and their chains' liquid rows) that already exist. */
  static async lockVenues(tx: DbOrTx, wallet: string, token: string, keys: Omit<BucketKey, "wallet" | "token">[]): Promise<Book> {
    return Book.lock(
      tx,
      wallet,
      keys.map((k) => ({ ...k, token })),
    );
  }

  all(): BalanceRow[] {
    return [...this.rows.values()].sort(order);
  }

  row(k: Omit<BucketKey, "wallet">): BalanceRow {
    const r = this.rows.get(keyOf({ ...k, wallet: this.wallet }));
    if (!r) throw new Error(`row ${k.chain}/${k.token}/${k.venueId || "liquid"} is not locked`);
    return r;
  }

  has(k: Omit<BucketKey, "wallet">): boolean {
    return this.rows.has(keyOf({ ...k, wallet: this.wallet }));
  }

  /** Adds a signed amount to a bucket and journals it; throws InsufficientFunds below 0. */
  change(k: Omit<BucketKey, "wallet">, kind: EntryKind, amount: bigint, meta: EntryMeta, counterparty: string | null = null): bigint {
    const r = this.row(k);
    const bucket = k.venueId === LIQUID ? "liquid" : "staked";
    const before = bucket === "liquid" ? r.liquidMicros : r.stakedMicros;
    const after = before + amount;
    if (after < 0n) throw new InsufficientFunds(bucket, { ...k, wallet: this.wallet }, before, -amount);
    if (bucket === "liquid") r.liquidMicros = after;
    else {
      r.stakedMicros = after;
      // What leaves a position is taken from its confirmed part first (issue 23: a ledger credit never borrows another
      // amount's confirmation): after a confirmed 100 and a 30 credit, withdrawing 100 leaves 30 of which none is
      // confirmed. Never overstated: never above what is staked.
      if (amount < 0n) r.confirmedMicros = r.confirmedMicros + amount > 0n ? r.confirmedMicros + amount : 0n;
      if (r.confirmedMicros > after) r.confirmedMicros = after;
    }
    this.dirty.add(keyOf(r));
    this.entries.push({
      actionId: meta.actionId,
      wallet: this.wallet,
      chain: k.chain,
      token: k.token,
      venueId: k.venueId === LIQUID ? null : k.venueId,
      kind,
      amountMicros: amount,
      balanceAfterMicros: after,
      planId: meta.planId ?? null,
      legIndex: meta.legIndex ?? null,
      txId: meta.txId ?? null,
      counterparty,
    });
    return after;
  }

  patch(k: Omit<BucketKey, "wallet">, p: Patch): void {
    const r = this.row(k);
    Object.assign(r, p);
    this.dirty.add(keyOf(r));
  }

  get changed(): boolean {
    return this.dirty.size > 0 || this.entries.length > 0;
  }

  /**
   * Writes the changed rows, the journal and, when given, the action's activity rows and outbox events: one
   * statement (one round trip). Returns the ids of the activity rows and events.
   */
  async flush(tx: DbOrTx, with_: { activity?: ActivityInsert[]; events?: NewEvent[] } = {}): Promise<{ activityIds: string[]; eventIds: string[] }> {
    const batch = new Batch();
    const now = new Date();
    const changed: BalanceRow[] = [];
    for (const key of [...this.dirty].sort()) {
      const r = this.rows.get(key);
      if (r) changed.push({ ...r, updatedAt: now });
    }
    batch.update(balances, [balances.wallet, balances.chain, balances.token, balances.venueId], WRITTEN, changed);
    batch.insert(ledgerEntries, this.entries);
    const activityIds = addActivity(batch, with_.activity ?? []);
    const eventIds = addEvents(batch, with_.events ?? []);
    await batch.run(tx);
    this.dirty.clear();
    this.entries.length = 0;
    return { activityIds, eventIds };
  }
}

const KEY_COLUMNS = [balances.wallet, balances.chain, balances.token, balances.venueId];
const KEY_FIELDS = ["wallet", "chain", "token", "venueId"];
const qb = new QueryBuilder({ casing: CASING });
const ident = (c: Column) => sql.identifier(colName(c));

// The locking statements never change: drizzle renders them once; on PostgreSQL each connection prepares them once.
// Rows are locked in the order given (sorted by the caller). ON CONFLICT DO UPDATE takes the row lock (waiting for a
// concurrent holder) and returns the latest values.
const LOCK = new Statement<BalanceRow>(
  "book_lock",
  () => sql`insert into ${balances} (${sql.join(KEY_COLUMNS.map(ident), sql`, `)})
    select ${sql.join(KEY_COLUMNS.map(rowCol), sql`, `)} from jsonb_populate_recordset(null::${balances}, ${sql.placeholder("rows")}::jsonb) r
    on conflict (${sql.join(KEY_COLUMNS.map(ident), sql`, `)}) do update set ${ident(balances.wallet)} = excluded.${ident(balances.wallet)}
    returning ${sql.join(Object.values(getTableColumns(balances)), sql`, `)}`,
  tableFields(balances),
);

const lockAllSql = (byChain: boolean) => () =>
  qb
    .select()
    .from(balances)
    .where(
      byChain
        ? and(eq(balances.wallet, sql.placeholder("wallet")), eq(balances.token, sql.placeholder("token")), eq(balances.chain, sql.placeholder("chain")))
        : and(eq(balances.wallet, sql.placeholder("wallet")), eq(balances.token, sql.placeholder("token"))),
    )
    .orderBy(sql`${balances.chain} collate "C"`, sql`${balances.venueId} collate "C"`)
    .for("update")
    .getSQL();
const LOCK_ALL = new Statement<BalanceRow>("book_lock_all", lockAllSql(false), tableFields(balances));
const LOCK_ALL_CHAIN = new Statement<BalanceRow>("book_lock_all_chain", lockAllSql(true), tableFields(balances));

/** The columns a flush writes back to a changed balance row. */
const WRITTEN = [
  balances.liquidMicros,
  balances.stakedMicros,
  balances.costBasisMicros,
  balances.realizedYieldMicros,
  balances.confirmedMicros,
  balances.indexRef,
  balances.txId,
  balances.txConfirmedAt,
  balances.openedAt,
  balances.updatedAt,
];

/** Unlocked read of a wallet's rows (reads only). */
export async function walletRows(db: DbOrTx, wallet: string, wallets?: string[]): Promise<BalanceRow[]> {
  const rows = await db
    .select()
    .from(balances)
    .where(wallets ? inArray(balances.wallet, wallets) : eq(balances.wallet, wallet))
    .orderBy(sql`${balances.chain} collate "C"`, sql`${balances.venueId} collate "C"`);
  return rows;
}
