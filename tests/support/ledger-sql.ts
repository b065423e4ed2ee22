// The ledger's invariants checked in SQL against the schema (server/db/schema: balances, ledger_entries), on the
// database a test app ran on: PostgreSQL through postgres.js, or the PGlite folder opened once the app has stopped.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface SqlHandle {
  query: Query;
  close: () => Promise<void>;
}

/** Opens the database of an app's env (DATABASE_URL, or SVC_DATA_DIR's PGlite folder: the app must be stopped). */
export async function openSql(env: Record<string, string>): Promise<SqlHandle> {
  if (env.DATABASE_URL) {
    const pg = postgres(env.DATABASE_URL, { max: 4, onnotice: () => {} });
    return { query: (t, p = []) => pg.unsafe(t, p as postgres.ParameterOrJSON<never>[]) as unknown as Promise<Record<string, unknown>[]>, close: () => pg.end({ timeout: 5 }) };
  }
  const dir = env.SVC_DATA_DIR;
  if (!dir) throw new Error("the env names neither DATABASE_URL nor SVC_DATA_DIR");
  const lite = new PGlite(path.join(dir, "pglite"));
  await lite.waitReady;
  return { query: async (t, p = []) => (await lite.query<Record<string, unknown>>(t, p)).rows, close: () => lite.close() };
}

/**
 * One wallet, in one statement (one snapshot): liquid + staked equals credits minus debits of its journal (credit,
 * harvest in; debit, payout out), its stakes and unstakes net to 0, and no bucket is negative.
 */
export async function walletViolations(q: Query, wallet: string): Promise<string[]> {
  const [row] = await q(
    `select
      (select coalesce(sum(liquid_micros + staked_micros), 0)::text from balances where wallet = $1) as held,
      (select coalesce(sum(amount_micros) filter (where kind in ('credit', 'harvest', 'debit', 'payout')), 0)::text from ledger_entries where wallet = $1) as net,
      (select coalesce(sum(amount_micros) filter (where kind in ('stake', 'unstake')), 0)::text from ledger_entries where wallet = $1) as moved,
      (select count(*)::int from balances where wallet = $1 and (liquid_micros < 0 or staked_micros < 0)) as negative`,
    [wallet],
  );
  const out: string[] = [];
  if (!row) return [`${wallet}: no answer`];
  if (row.held !== row.net) out.push(`${wallet}: liquid + staked ${String(row.held)} is not credits − debits ${String(row.net)}`);
  if (row.moved !== "0") out.push(`${wallet}: stakes and unstakes net to ${String(row.moved)}, not 0`);
  if (row.negative !== 0) out.push(`${wallet}: ${String(row.negative)} negative balance rows`);
  return out;
}

/** The whole ledger at rest: every bucket's balance is its journal's sum and its last balance_after; every action's moves net to 0. */
export async function ledgerViolations(q: Query): Promise<string[]> {
  const out: string[] = [];
  const buckets = await q(
    `with j as (
       select wallet, chain, token, coalesce(venue_id, '') as venue_id, sum(amount_micros) as total,
              (array_agg(balance_after_micros order by seq desc))[1] as last
       from ledger_entries group by 1, 2, 3, 4),
     b as (select wallet, chain, token, venue_id, case when venue_id = '' then liquid_micros else staked_micros end as held from balances)
     select coalesce(b.wallet, j.wallet) as wallet, coalesce(b.chain, j.chain) as chain, coalesce(b.venue_id, j.venue_id) as venue,
            coalesce(b.held, 0)::text as held, coalesce(j.total, 0)::text as total, j.last::text as last
     from b full join j using (wallet, chain, token, venue_id)
     where coalesce(b.held, 0) <> coalesce(j.total, 0) or (j.last is not null and j.last <> coalesce(b.held, 0)) or coalesce(b.held, 0) < 0`,
  );
  for (const r of buckets) out.push(`${String(r.wallet)} ${String(r.chain)}/${String(r.venue) || "liquid"}: balance ${String(r.held)}, journal sum ${String(r.total)}, last balance_after ${String(r.last)}`);
  const actions = await q(
    `select action_id, sum(amount_micros)::text as moved from ledger_entries where kind in ('stake', 'unstake')
     group by action_id having sum(amount_micros) <> 0`,
  );
  for (const r of actions) out.push(`action ${String(r.action_id)}: its stakes and unstakes net to ${String(r.moved)}`);
  const negative = await q(`select count(*)::int as n from balances where liquid_micros < 0 or staked_micros < 0 or cost_basis_micros < 0`);
  if (negative[0]?.n !== 0) out.push(`${String(negative[0]?.n)} balance rows are negative`);
  return out;
}

/** Each wallet's liquid + staked (for the final comparison with the answered writes). */
export async function walletTotals(q: Query): Promise<Map<string, bigint>> {
  const rows = await q(`select wallet, sum(liquid_micros + staked_micros)::text as total from balances group by wallet`);
  return new Map(rows.map((r) => [String(r.wallet), BigInt(String(r.total))]));
}

/** The journal's sum per action id (what each applied action did to its wallet's liquid + staked). */
export async function actionDeltas(q: Query): Promise<Map<string, bigint>> {
  const rows = await q(`select action_id, sum(amount_micros)::text as delta from ledger_entries group by action_id`);
  return new Map(rows.map((r) => [String(r.action_id), BigInt(String(r.delta))]));
}
