// The write of POST route (spec §4.3) as one statement: it locks the liquid row and, when staking, the venue row (in
// the book's global order: liquid first), applies the credit and the stake to them, and writes the journal with each
// entry's balance_after, the activity row and the outbox events, returning the new balances. Outside a held
// transaction it runs as its own implicit transaction: one round trip to the database instead of three (BEGIN with
// the lock, the writes, COMMIT; docs/performance.md). Route has no balance to check: it credits before it stakes the
// same amount, so no bucket can go below 0 (the table's CHECK constraints still stand behind it). Its activity row's
// amounts are the request's (amount_in_source 'request': a txId given with a route is the caller's word, never read).
//
// It writes exactly what Book.lock + change + patch + flush write for a route (tests/unit/ledger.test.ts compares):
// ON CONFLICT DO UPDATE takes the row lock (waiting for a concurrent holder) and computes from the latest committed
// row; a new row is inserted with the values the change gives it (a change to a row of zeros).
import { sql } from "drizzle-orm";
import { Statement } from "../db/batch";
import { atomically, type Db } from "../db/client";
import { signalOnCommit } from "../db/signal";
import { OUTBOX_CHANNEL } from "../events/outbox";
import { newId } from "../ids";

export interface RouteWrite {
  wallet: string;
  chain: string;
  token: string;
  amountMicros: bigint;
  /** The venue staked into; null when the route only credits. */
  venueId: string | null;
  /** The venue's index read before the statement; null when unknown. */
  indexNow: bigint | null;
  txId: string | null;
  actionId: string;
}

// Values by name; the SQL below refers to them as $name::type and render() numbers them.
const NAMES = ["wallet", "chain", "token", "venue", "amount", "idx", "tx", "action", "act", "evd", "evp"] as const;

/** mergedIndex (./position.ts) on the locked row t: the reference index that keeps the position's value unchanged. */
const MERGED = `case when $idx::numeric is null then null
    when t.staked_micros = 0 then $idx::numeric
    when t.index_ref is null then null
    when t.staked_micros * $idx::numeric + $amount::numeric * t.index_ref = 0 then $idx::numeric
    else div((t.staked_micros + $amount::numeric) * $idx::numeric * t.index_ref, t.staked_micros * $idx::numeric + $amount::numeric * t.index_ref) end`;

const ROUTE_SQL = `with k as (
  select * from (values (0, ''::text), (1, coalesce($venue::text, ''))) v(n, venue_id) where n = 0 or $venue::text is not null
), b as (
  insert into balances as t (wallet, chain, token, venue_id, liquid_micros, staked_micros, cost_basis_micros, index_ref, tx_id, opened_at, updated_at)
  select $wallet::text, $chain::text, $token::text, k.venue_id,
    case when k.n = 0 and $venue::text is null then $amount::numeric else 0 end,
    case when k.n = 1 then $amount::numeric else 0 end,
    case when k.n = 1 then $amount::numeric else 0 end,
    case when k.n = 1 then $idx::numeric end,
    case when k.n = 1 then $tx::text end,
    case when k.n = 1 then now() end,
    now()
  from k order by k.n
  on conflict (wallet, chain, token, venue_id) do update set
    liquid_micros = t.liquid_micros + excluded.liquid_micros,
    staked_micros = t.staked_micros + excluded.staked_micros,
    cost_basis_micros = t.cost_basis_micros + excluded.cost_basis_micros,
    index_ref = case when t.venue_id = '' then t.index_ref else ${MERGED} end,
    tx_id = case when t.venue_id = '' then t.tx_id else coalesce($tx::text, t.tx_id) end,
    tx_confirmed_at = case when t.venue_id = '' or $tx::text is null then t.tx_confirmed_at end,
    opened_at = case when t.venue_id = '' then t.opened_at else coalesce(t.opened_at, now()) end,
    updated_at = excluded.updated_at
  returning t.venue_id, t.liquid_micros, t.staked_micros
), l as (select * from b where venue_id = ''), v as (select * from b where venue_id <> ''),
j as (
  insert into ledger_entries (action_id, wallet, chain, token, venue_id, kind, amount_micros, balance_after_micros, plan_id, leg_index, tx_id, counterparty)
  select $action::text, $wallet::text, $chain::text, $token::text, e.venue_id, e.kind, e.amount, e.after, $action::text, 0, $tx::text, null
  from (
    select 1 as n, null::text as venue_id, 'credit' as kind, $amount::numeric as amount,
      l.liquid_micros + case when $venue::text is null then 0 else $amount::numeric end as after from l
    union all select 2, null, 'stake', -$amount::numeric, l.liquid_micros from l where $venue::text is not null
    union all select 3, v.venue_id, 'stake', $amount::numeric, v.staked_micros from v
  ) e order by e.n
), a as (
  insert into activity (id, wallet, plan_id, leg_index, kind, chain, venue_id, token, tx_id, amount_in_micros, amount_in_source, amount_out_micros, quoted_amount_out_micros, status)
  values ($act::text, $wallet::text, $action::text, 0, 'deposit', $chain::text, $venue::text, $token::text, $tx::text, $amount::numeric, 'request', $amount::numeric, null, 'settled')
), ev as (
  insert into events (id, type, wallet, data)
  select x.id, x.type, $wallet::text, x.data from (
    select 1 as n, $evd::text as id, 'deposit.settled' as type, jsonb_build_object('wallet', $wallet::text, 'chain', $chain::text, 'token', $token::text,
      'venueId', $venue::text, 'amountMicros', $amount::numeric::text, 'planId', $action::text, 'legIndex', 0, 'txId', $tx::text) as data
    where $venue::text is not null
    union all select 2, $evp::text, 'position.updated', jsonb_build_object('wallet', $wallet::text, 'chain', $chain::text, 'token', $token::text,
      'reason', 'route', 'liquidMicros', l.liquid_micros::text,
      'venues', coalesce((select jsonb_agg(jsonb_build_object('venueId', v.venue_id, 'stakedMicros', v.staked_micros::text)) from v), '[]'::jsonb))
    from l
  ) x order by x.n
)
select l.liquid_micros::text as liquid, (select v.staked_micros::text from v) as staked from l`;

/** The statement as drizzle SQL: each $name::type becomes a placeholder of that name (numbered by drizzle). */
function render(): ReturnType<typeof sql> {
  const parts = ROUTE_SQL.split(/\$([a-z]+)::/);
  const chunks = [sql.raw(parts[0] ?? "")];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as (typeof NAMES)[number];
    if (!NAMES.includes(name)) throw new Error(`route statement: unknown value ${name}`);
    chunks.push(sql`${sql.placeholder(name)}::`, sql.raw(parts[i + 1] ?? ""));
  }
  return sql.join(chunks);
}

type Row = { liquid: string; staked: string | null };
const ROUTE = new Statement<Row>("ledger_route", render);

/**
 * Applies a route and returns the new liquid balance and, when staking, the venue's staked amount. Inside a held
 * transaction (the Idempotency-Key's deferred commit) it runs there; otherwise as one implicit transaction.
 */
export async function writeRoute(db: Db, w: RouteWrite): Promise<{ liquidMicros: bigint; venueStakedMicros: bigint | null }> {
  const values = {
    wallet: w.wallet,
    chain: w.chain,
    token: w.token,
    venue: w.venueId,
    amount: w.amountMicros.toString(),
    idx: w.indexNow === null ? null : w.indexNow.toString(),
    tx: w.txId,
    action: w.actionId,
    act: newId("act"),
    evd: newId("evt"),
    evp: newId("evt"),
  };
  const [row] = await atomically(db, async (q) => {
    // Undecoded rows: postgres.js gives the rows, PGlite a result that holds them.
    const res = (await ROUTE.execute(q, values)) as unknown as Row[] | { rows: Row[] };
    signalOnCommit(q, OUTBOX_CHANNEL);
    return Array.isArray(res) ? res : res.rows;
  });
  if (!row) throw new Error("route statement returned no row");
  return { liquidMicros: BigInt(row.liquid), venueStakedMicros: row.staked === null ? null : BigInt(row.staked) };
}
