// The scale bench's fill (bench/scale.ts): grows the ledger of a dedicated database with plain SQL (generate_series),
// writing what POST /wallets/{address}/route with stake into suilend writes (server/ledger/route.ts through
// server/ledger/book.ts): per action 3 journal rows (liquid credit +a, liquid stake −a, venue stake +a, each with the
// bucket's balance after it), the two balance rows updated, one activity row (kind deposit, settled) and the two outbox
// events (deposit.settled, position.updated). The events count as already fanned out: the webhook cursor moves past them
// in the same transaction (a real ledger's history was delivered long ago).
import type postgres from "postgres";

export const CHAIN = "move-chain";
export const VENUE = "suilend";
export const TOKEN = "USDC";
/**
 * One action in HEAVY_EVERY goes to wallet 0 (the wallet whose activity is paged deep); the others are numbered without
 * the heavy ones and spread over wallets 1 … wallets by a multiplier prime to it, so every wallet gets its share.
 */
export const HEAVY_EVERY = 20;

/** Wallet i as a Sui address (0x + 64 hex, lower case as normalizeAddress keeps it). */
export const walletAddress = (i: number) => `0x${i.toString(16).padStart(64, "0")}`;

const WALLET_SQL = (i: string) => `'0x' || lpad(to_hex(${i}), 64, '0')`;
/** An id of server/ids.ts's form: prefix + 20 characters of its alphabet (md5's hex digits are all in it). */
const ID_SQL = (prefix: string, salt: string, n: string) => `'${prefix}_' || substr(md5('${salt}' || ${n}), 1, 20)`;

/**
 * Adds actions n0+1 … n1 over wallets 1 … wallets (and the heavy wallet 0), in one transaction. Each bucket's
 * balance_after continues from its balance row, so the fill can run after the app itself wrote to the same wallets.
 */
export async function fillActions(sql: postgres.Sql, n0: number, n1: number, wallets: number): Promise<void> {
  if (n1 <= n0) return;
  await sql.begin(async (tx) => {
    await tx.unsafe(`create temp table acts on commit drop as
      select n, ${WALLET_SQL(`case when n % ${HEAVY_EVERY} = 0 then 0 else 1 + ((n - n / ${HEAVY_EVERY} - 1) * 2654435761) % ${wallets} end`)} as wallet,
        (1000000 + (n % 97) * 10000)::numeric as amt,
        ${ID_SQL("act", "action-", "n")} as action_id, ${ID_SQL("act", "activity-", "n")} as activity_id,
        ${ID_SQL("evt", "deposit-", "n")} as dep_event, ${ID_SQL("evt", "position-", "n")} as pos_event,
        now() - (${n1} - n) * interval '10 ms' as at
      from generate_series(${n0 + 1}::bigint, ${n1}::bigint) n`);
    await tx.unsafe(`insert into balances (wallet, chain, token, venue_id)
      select distinct a.wallet, '${CHAIN}', '${TOKEN}', v.venue from acts a cross join (values (''), ('${VENUE}')) v(venue)
      on conflict do nothing`);
    // Each action's venue bucket after it: the row's staked amount before the fill plus the running sum of the new stakes.
    await tx.unsafe(`create temp table steps on commit drop as
      select a.*, bl.liquid_micros as liquid_before,
        bv.staked_micros + sum(a.amt) over (partition by a.wallet order by a.n) as staked_after
      from acts a
      join balances bl on bl.wallet = a.wallet and bl.chain = '${CHAIN}' and bl.token = '${TOKEN}' and bl.venue_id = ''
      join balances bv on bv.wallet = a.wallet and bv.chain = '${CHAIN}' and bv.token = '${TOKEN}' and bv.venue_id = '${VENUE}'`);
    await tx.unsafe(`insert into ledger_entries (seq, action_id, wallet, chain, token, venue_id, kind, amount_micros, balance_after_micros, plan_id, leg_index, created_at)
      select b.base + (s.n - ${n0} - 1) * 3 + e.k, s.action_id, s.wallet, '${CHAIN}', '${TOKEN}', e.venue, e.kind, e.amount, e.after, s.action_id, 0, s.at
      from steps s
      cross join (select coalesce(max(seq), 0) as base from ledger_entries) b
      cross join lateral (values
        (1, null::text, 'credit', s.amt, s.liquid_before + s.amt),
        (2, null::text, 'stake', -s.amt, s.liquid_before),
        (3, '${VENUE}', 'stake', s.amt, s.staked_after)) e(k, venue, kind, amount, after)`);
    await tx.unsafe(`update balances b set staked_micros = b.staked_micros + t.total, cost_basis_micros = b.cost_basis_micros + t.total,
        opened_at = coalesce(b.opened_at, t.first_at), updated_at = t.last_at
      from (select wallet, sum(amt) as total, min(at) as first_at, max(at) as last_at from acts group by wallet) t
      where b.wallet = t.wallet and b.chain = '${CHAIN}' and b.token = '${TOKEN}' and b.venue_id = '${VENUE}'`);
    await tx.unsafe(`insert into activity (seq, id, wallet, plan_id, leg_index, group_seq, kind, chain, venue_id, token, amount_in_micros, amount_out_micros, status, created_at)
      select b.base + s.n - ${n0}, s.activity_id, s.wallet, s.action_id, 0, g.base + s.n - ${n0}, 'deposit', '${CHAIN}', '${VENUE}', '${TOKEN}', s.amt, s.amt, 'settled', s.at
      from steps s
      cross join (select coalesce(max(seq), 0) as base from activity) b
      cross join (select greatest(coalesce(max(group_seq), 0), (select last_value from activity_group_seq)) as base from activity) g`);
    await tx.unsafe(`insert into events (seq, id, type, wallet, data, created_at)
      select b.base + (s.n - ${n0} - 1) * 2 + e.k, e.id, e.type, s.wallet, e.data, s.at
      from steps s
      cross join (select coalesce(max(seq), 0) as base from events) b
      cross join lateral (values
        (1, s.dep_event, 'deposit.settled', jsonb_build_object('wallet', s.wallet, 'chain', '${CHAIN}', 'token', '${TOKEN}', 'venueId', '${VENUE}',
          'amountMicros', s.amt::text, 'planId', s.action_id, 'legIndex', 0, 'txId', null)),
        (2, s.pos_event, 'position.updated', jsonb_build_object('wallet', s.wallet, 'chain', '${CHAIN}', 'token', '${TOKEN}', 'reason', 'route',
          'liquidMicros', s.liquid_before::text, 'venues', jsonb_build_array(jsonb_build_object('venueId', '${VENUE}', 'stakedMicros', s.staked_after::text))))
      ) e(k, id, type, data)`);
    // The sequences continue past the rows written with explicit values (the app's next writes take the next numbers).
    await tx.unsafe(`select setval(pg_get_serial_sequence('ledger_entries', 'seq'), (select max(seq) from ledger_entries)),
      setval(pg_get_serial_sequence('activity', 'seq'), (select max(seq) from activity)),
      setval('activity_group_seq', greatest((select max(group_seq) from activity), (select last_value from activity_group_seq))),
      setval(pg_get_serial_sequence('events', 'seq'), (select max(seq) from events))`);
    await tx.unsafe(`insert into webhook_cursor (name, seq) values ('fanout', (select max(seq) from events))
      on conflict (name) do update set seq = excluded.seq, updated_at = now()`);
  });
}

/** 1,000 (or `n`) subscriptions to deposit.settled, scoped to one wallet, delivering to `url` (a local receiver). */
export async function fillSubscriptions(sql: postgres.Sql, n: number, wallet: string, url: string): Promise<void> {
  await sql.unsafe(
    `insert into webhook_subscriptions (id, key_id, wallets, url, events, hmac_key)
     select ${ID_SQL("whk", "sub-", "i")}, 'key_scale_bench', jsonb_build_array($1::text), $2, '["deposit.settled"]'::jsonb,
       'whsec_' || encode(sha256(('scale-' || i)::bytea), 'hex')
     from generate_series(1, ${n}) i`,
    [wallet, url],
  );
}
