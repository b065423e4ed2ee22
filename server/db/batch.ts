// Several writes as one statement (one round trip): each write is a data-modifying CTE, and the rows of each
// write travel as one jsonb parameter that `jsonb_populate_recordset(null::<table>, …)` reads back with the
// table's own column types. So a money action's balance updates, journal rows, activity rows and outbox events
// cost one statement whose SQL text does not grow with the number of rows.
//
// All parts of one statement see the database as it was before the statement (PostgreSQL data-modifying
// CTEs): a part must not read what another part of the same batch writes, nor write a row another part writes.
// Values follow drizzle's insert rules: `undefined` takes the column's default (its JS default or $defaultFn;
// a column with only an SQL default must then be left out of every row), `null` is NULL.
import { type Column, getTableColumns, getTableName, is, Placeholder, type Query, SQL, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { type PgColumn, PgDialect, type PgTable, type PreparedQueryConfig, type SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import { CASING, type DbOrTx, writeAtCommit } from "./client";
import { signalOnCommit } from "./signal";

const casing = new CasingCache(CASING);
const dialect = new PgDialect({ casing: CASING });

/** A column's unqualified name, as the insert column list and the recordset alias need it. */
export function colName(c: Column): string {
  return casing.getColumnCasing(c);
}

/** `r.<column>`: a column of the current row of a part's recordset (its alias is always `r`). */
export function rowCol(c: Column): SQL {
  return sql`r.${sql.identifier(colName(c))}`;
}

/** JSON text; bigint as its decimal string (cells are converted by cellOf; nested ones, rare, by the fallback). */
function jsonText(rows: unknown[]): string {
  try {
    return JSON.stringify(rows);
  } catch {
    return JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  }
}

function cellOf(row: Record<string, unknown>, key: string, c: Column): unknown {
  const v = row[key];
  if (typeof v === "bigint") return v.toString();
  if (v !== undefined) return v;
  if (c.defaultFn) return c.defaultFn();
  if (c.default !== undefined) {
    if (is(c.default, SQL)) throw new Error(`batch: column ${colName(c)} has an SQL default; give it in every row or in none`);
    return c.default;
  }
  return null;
}

/** A table's columns by key, with their unqualified names (computed once per table). */
const columnsOf = new WeakMap<PgTable, Map<string, { name: string; column: Column }>>();
function columns(table: PgTable): Map<string, { name: string; column: Column }> {
  let m = columnsOf.get(table);
  if (!m) {
    m = new Map(Object.entries(getTableColumns(table) as Record<string, Column>).map(([k, c]) => [k, { name: colName(c), column: c }]));
    columnsOf.set(table, m);
  }
  return m;
}

function columnAt(table: PgTable, key: string): { name: string; column: Column } {
  const c = columns(table).get(key);
  if (!c) throw new Error(`batch: ${getTableName(table)} has no column ${key}`);
  return c;
}

/**
 * The rows as one jsonb text, keyed by column name, for `jsonb_populate_recordset(null::<table>, …)`; every row
 * gets every key (a missing value is the column default, see cellOf).
 */
export function rowsJson(table: PgTable, rows: Record<string, unknown>[], keys: string[]): string {
  const named = keys.map((k) => [k, columnAt(table, k)] as const);
  const out = rows.map((row) => {
    const o: Record<string, unknown> = {};
    for (const [k, c] of named) o[c.name] = cellOf(row, k, c.column);
    return o;
  });
  return jsonText(out);
}

/**
 * One part of a batch: its share of the statement's shape (everything its SQL text depends on), its values in
 * order, and how to build its SQL from placeholders for those values (only when that shape is new).
 */
interface Part {
  shape: string;
  values: unknown[];
  build: (params: SQL[], name: SQL) => SQL;
}

/** Rendered statements by shape: drizzle renders a batch's SQL once per shape, later runs only bind values. */
const rendered = new Map<string, Query>();

export class Batch {
  private readonly parts: Part[] = [];
  private readonly channels = new Set<string>();

  /** Fires `channel` once the batch's writes are committed (server/db/signal.ts): e.g. the outbox wakes its worker. */
  signalOnCommit(channel: string): this {
    this.channels.add(channel);
    return this;
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  private static nameOf(prefix: "q" | "w", index: number): SQL {
    return sql`${sql.identifier(`${prefix}${index}`)}`;
  }

  /**
   * A read the later parts refer to by the returned name (e.g. a number taken once from a sequence).
   * MATERIALIZED: evaluated exactly once, whatever refers to it. `shape` names everything the body's text
   * depends on; `values` are bound to the placeholders `build` receives, in order.
   */
  with(shape: string, values: unknown[], build: (params: SQL[]) => SQL): SQL {
    const name = Batch.nameOf("q", this.parts.length);
    this.parts.push({ shape: `with:${shape}`, values, build: (params, n) => sql`${n} as materialized (${build(params)})` });
    return name;
  }

  /**
   * INSERT of many rows. The columns are those any row gives (plus `computed`); `computed.columns` replaces a
   * column's value by an SQL expression (no values of its own; it may use rowCol(…) of the same row and names
   * returned by with()), and `computed.shape` names what those expressions depend on.
   */
  insert<T extends PgTable>(
    table: T,
    rows: T["$inferInsert"][],
    computed: { shape: string; columns: Partial<Record<keyof T["$inferInsert"] & string, SQL>> } = { shape: "", columns: {} },
  ): this {
    if (rows.length === 0) return this;
    const extra = Object.keys(computed.columns);
    const keys = new Set<string>();
    for (const r of rows) for (const [k, v] of Object.entries(r)) if (v !== undefined && !(k in computed.columns)) keys.add(k);
    const plain = [...keys];
    this.parts.push({
      shape: `insert:${getTableName(table)}:${plain.join(",")}:${extra.join(",")}:${computed.shape}`,
      values: [rowsJson(table, rows as Record<string, unknown>[], plain)],
      build: ([json], n) => {
        const target = [...plain, ...extra].map((k) => sql.identifier(columnAt(table, k).name));
        const select = [...plain.map((k) => rowCol(columnAt(table, k).column)), ...extra.map((k) => (computed.columns as Record<string, SQL>)[k] as SQL)];
        return sql`${n} as (insert into ${table} (${sql.join(target, sql`, `)}) select ${sql.join(select, sql`, `)} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) r)`;
      },
    });
    return this;
  }

  /** UPDATE of many rows, each found by its `keys` columns, setting its `set` columns to the row's values. */
  update<T extends PgTable>(table: T, keys: Column[], set: Column[], rows: T["$inferSelect"][]): this {
    if (rows.length === 0) return this;
    const byColumn = new Map([...columns(table)].map(([k, c]) => [c.column, k] as const));
    const keyOf = (c: Column) => {
      const k = byColumn.get(c);
      if (!k) throw new Error(`batch: column ${colName(c)} is not in ${getTableName(table)}`);
      return k;
    };
    const keyKeys = keys.map(keyOf);
    const setKeys = set.map(keyOf);
    // A key every row shares (a book's wallet) is also given as a value: the planner cannot see into the jsonb
    // rows (it assumes 100) and could otherwise scan the whole table instead of using the key's index.
    const shared = keyKeys.map((k) => {
      const first = (rows[0] as Record<string, unknown>)[k];
      return typeof first === "string" && rows.every((r) => (r as Record<string, unknown>)[k] === first) ? first : null;
    });
    const values: unknown[] = [rowsJson(table, rows as Record<string, unknown>[], [...keyKeys, ...setKeys])];
    for (const v of shared) if (v !== null) values.push(v);
    this.parts.push({
      shape: `update:${getTableName(table)}:${keyKeys.join(",")}:${setKeys.join(",")}:${shared.map((v) => (v === null ? "-" : "=")).join("")}`,
      values,
      build: ([json, ...fixed], n) => {
        const t = (k: string) => sql`t.${sql.identifier(columnAt(table, k).name)}`;
        const assign = setKeys.map((k) => sql`${sql.identifier(columnAt(table, k).name)} = ${rowCol(columnAt(table, k).column)}`);
        let f = 0;
        const match = keyKeys.map((k, i) => {
          const same = sql`${t(k)} = ${rowCol(columnAt(table, k).column)}`;
          return shared[i] === null ? same : sql`${t(k)} = ${fixed[f++]} and ${same}`;
        });
        return sql`${n} as (update ${table} t set ${sql.join(assign, sql`, `)} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) r where ${sql.join(match, sql` and `)})`;
      },
    });
    return this;
  }

  /** The statement's shape: equal shapes have equal SQL text. */
  private shape(): string {
    return this.parts.map((p) => p.shape).join("|");
  }

  /** The whole batch as one statement, with placeholders p0, p1, … for its values (see values()). */
  toSql(): SQL {
    let k = 0;
    const parts = this.parts.map((p, i) =>
      p.build(
        p.values.map(() => sql`${sql.placeholder(`p${k++}`)}`),
        Batch.nameOf(p.shape.startsWith("with:") ? "q" : "w", i),
      ),
    );
    return sql`with ${sql.join(parts, sql`, `)} select 1`;
  }

  /** The values for the placeholders of toSql(). */
  values(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let k = 0;
    for (const p of this.parts) for (const v of p.values) out[`p${k++}`] = v;
    return out;
  }

  /**
   * Runs the batch as one statement (nothing when empty). Its text depends only on its shape, so drizzle renders
   * it once per shape, and on PostgreSQL it runs as a prepared statement (postgres.js keeps one per text and
   * connection): PostgreSQL then skips parsing and, after a few runs, planning. In a transaction on PostgreSQL
   * the statement is sent now and its answer awaited at COMMIT (writeAtCommit): a failure still fails the
   * transaction, but is thrown by db.transaction() rather than by run().
   */
  async run(tx: DbOrTx): Promise<void> {
    if (this.parts.length === 0) return;
    const shape = this.shape();
    let query = rendered.get(shape);
    if (!query) {
      query = dialect.sqlToQuery(this.toSql());
      // Every value must be one of the batch's placeholders: a value inside an expression would be frozen into the
      // text rendered for this shape.
      if (query.params.some((p) => !is(p, Placeholder))) throw new Error("batch: an expression carries its own value; pass it through with()");
      rendered.set(shape, query);
    }
    const prepared = tx._.session.prepareQuery(query, undefined, "svc_batch", false);
    const values = this.values();
    // Nothing waits for a batch's answer: in a transaction on PostgreSQL it travels with COMMIT.
    if (!writeAtCommit(tx, () => prepared.execute(values))) await prepared.execute(values);
    for (const ch of this.channels) signalOnCommit(tx, ch);
  }
}

/**
 * A statement whose text never changes: built and rendered by drizzle once, then run with `sql.placeholder`
 * values, as a prepared statement on PostgreSQL. With `fields`, rows are decoded by drizzle exactly as a query
 * builder selecting those fields would decode them.
 */
export class Statement<R = Record<string, unknown>> {
  private query: Query | undefined;

  constructor(
    private readonly name: string,
    private readonly build: () => SQL,
    private readonly fields?: SelectedFieldsOrdered,
  ) {}

  async execute(tx: DbOrTx, values: Record<string, unknown>): Promise<R[]> {
    this.query ??= dialect.sqlToQuery(this.build());
    const prepared = tx._.session.prepareQuery<PreparedQueryConfig & { execute: R[] }>(this.query, this.fields, this.name, false);
    return prepared.execute(values);
  }
}

/** Every column of a table, in table order, as drizzle's ordered field list (for Statement and RETURNING). */
export function tableFields(table: PgTable): SelectedFieldsOrdered {
  return [...columns(table)].map(([k, c]) => ({ path: [k], field: c.column as PgColumn }));
}
