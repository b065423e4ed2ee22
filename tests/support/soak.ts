// The bank-invariant load (issue 26 items 2 and 3): workers send concurrent money actions and reads over many wallets
// to the running app through HTTP — route with and without stake (half with a txId of the right form), withdraw,
// harvest, auto-pay, rebalance, and position, funding and batch reads — and keep what each answered and when.
// `checkReads` then proves every read against the acknowledged writes: a read's liquid + staked must equal the sum of
// the writes answered before it was sent plus some subset of the writes in flight meanwhile (each all or nothing),
// and nothing in it is negative. On PostgreSQL every read is also checked in the database (./ledger-sql.ts).
import { randomBytes } from "node:crypto";
import { toBase58 } from "@mysten/sui/utils";
import { rng } from "./fake-yields";
import { call } from "./http";

export type OpKind = "route" | "routeStake" | "withdraw" | "harvest" | "autoPay" | "rebalance";

export interface WriteRecord {
  kind: OpKind;
  wallet: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  start: number;
  /** When the answer arrived; null: none came (connection cut, server killed). */
  end: number | null;
  status: number | null;
  text: string;
  /** What the action did to the wallet's liquid + staked: known once answered (0 when blocked). */
  delta: bigint | null;
  actionId: string | null;
}

export interface ReadRecord {
  wallet: string;
  start: number;
  end: number;
  total: bigint;
}

export interface SoakOptions {
  url: string;
  ownerKey: string;
  agentKey: string;
  wallets: string[];
  concurrency: number;
  /** Stop sending after this long (ms), or when `stop()` of the handle is called. */
  durationMs: number;
  seed: number;
  /** Send an Idempotency-Key with every route, withdraw and auto-pay. */
  idempotent?: boolean;
  /** Called after each position read with its wallet (a database-side check, run concurrently). */
  onRead?: (wallet: string) => Promise<void>;
}

export interface SoakRun {
  writes: WriteRecord[];
  reads: ReadRecord[];
  /** Answers that are violations by themselves (5xx, undeclared shapes, negative figures). */
  violations: string[];
  ops: number;
  elapsedMs: number;
}

/** `count` distinct Sui addresses (0x + 64 hex), the same for a seed. */
export function soakWallets(count: number, seed = 1): string[] {
  return Array.from({ length: count }, (_, i) => `0x${seed.toString(16).padStart(8, "0")}${"5a".repeat(24)}${i.toString(16).padStart(8, "0")}`);
}

/** A Sui transaction digest of the right form (base58 of 32 bytes): route only checks the form. */
const digest = () => toBase58(randomBytes(32));

const PAYEE = `0x${"4".repeat(64)}`;

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

function writeFor(r: () => number, wallet: string): Pick<WriteRecord, "kind" | "path" | "body"> {
  const base = `/api/v1/wallets/${wallet}`;
  const amount = String(1 + Math.floor(r() * 3_000_000));
  const x = r();
  if (x < 0.22) return { kind: "route", path: `${base}/route`, body: { amountMicros: amount, chain: "move-chain", ...(r() < 0.5 ? { txId: digest() } : {}) } };
  if (x < 0.44) {
    const body = { amountMicros: amount, chain: "move-chain", stake: true, strategyId: "suilend", ...(r() < 0.5 ? { txId: digest() } : {}) };
    return { kind: "routeStake", path: `${base}/route`, body };
  }
  if (x < 0.7) return { kind: "withdraw", path: `${base}/withdraw`, body: { amountMicros: amount } };
  if (x < 0.82) return { kind: "harvest", path: `${base}/harvest`, body: {} };
  if (x < 0.92) return { kind: "autoPay", path: `${base}/auto-pay`, body: { chain: "move-chain", payees: [{ address: PAYEE, bps: 1 + Math.floor(r() * 9999) }] } };
  const [from, to] = r() < 0.5 ? ["suilend", "navi"] : ["navi", "suilend"];
  return { kind: "rebalance", path: `${base}/rebalance`, body: { fromStrategyId: from, toStrategyId: to, amountMicros: amount } };
}

/** What an answered write did to liquid + staked, from its own answer. */
function deltaOf(kind: OpKind, status: number, json: Record<string, unknown> | null): bigint {
  if (status === 422 || !json) return 0n;
  if (kind === "route" || kind === "routeStake") return BigInt(String(json.amountMicros));
  if (kind === "withdraw") return -BigInt(String(json.amountMicros));
  if (kind === "harvest" || kind === "autoPay") return BigInt(String(json.compoundedMicros ?? "0"));
  return 0n;
}

/** Checks one position answer on its own: nothing negative, the parts add up. */
export function positionViolations(wallet: string, p: Record<string, unknown>): string[] {
  const out: string[] = [];
  const liquid = BigInt(String(p.liquidMicros));
  const staked = BigInt(String(p.stakedMicros));
  if (liquid < 0n || staked < 0n) out.push(`${wallet}: negative position ${liquid}/${staked}`);
  let l = 0n;
  let s = 0n;
  for (const c of (p.byChain ?? []) as Record<string, unknown>[]) {
    const cl = BigInt(String(c.liquidMicros));
    const cs = BigInt(String(c.stakedMicros));
    if (cl < 0n || cs < 0n) out.push(`${wallet}: negative ${String(c.chain)} ${cl}/${cs}`);
    l += cl;
    s += cs;
  }
  if (l !== liquid || s !== staked) out.push(`${wallet}: byChain sums ${l}/${s} differ from ${liquid}/${staked}`);
  return out;
}

async function sendWrite(o: SoakOptions, r: () => number, run: SoakRun, n: number): Promise<void> {
  const wallet = pick(r, o.wallets);
  const w = writeFor(r, wallet);
  const idem = o.idempotent && w.kind !== "harvest" && w.kind !== "rebalance" ? `soak-${o.seed}-${n}` : null;
  const rec: WriteRecord = { ...w, wallet, idempotencyKey: idem, start: performance.now(), end: null, status: null, text: "", delta: null, actionId: null };
  run.writes.push(rec);
  const key = w.kind === "harvest" ? undefined : o.ownerKey;
  const a = await call<Record<string, unknown>>(o.url, "POST", w.path, { key, body: w.body, headers: idem ? { "idempotency-key": idem } : {} });
  rec.end = performance.now();
  rec.status = a.status;
  rec.text = a.text;
  if (a.status >= 500 || ![200, 202, 422].includes(a.status)) {
    run.violations.push(`${w.kind} ${wallet} answered ${a.status}: ${a.text.slice(0, 200)}`);
    return;
  }
  rec.delta = deltaOf(w.kind, a.status, a.json);
  rec.actionId = typeof a.json?.actionId === "string" ? a.json.actionId : null;
}

async function sendRead(o: SoakOptions, r: () => number, run: SoakRun): Promise<void> {
  const x = r();
  if (x < 0.15) {
    const list = Array.from({ length: 5 }, () => pick(r, o.wallets));
    const a = await call<{ positions: Record<string, unknown>[] }>(o.url, "POST", "/api/v1/wallets/batch/positions", { key: o.agentKey, body: { wallets: list } });
    if (a.status !== 200) run.violations.push(`batch positions answered ${a.status}: ${a.text.slice(0, 200)}`);
    else for (const p of a.json.positions) run.violations.push(...positionViolations(String(p.wallet), p));
    return;
  }
  const wallet = pick(r, o.wallets);
  const funding = x < 0.35;
  const start = performance.now();
  const a = await call<Record<string, unknown>>(o.url, "GET", `/api/v1/wallets/${wallet}/${funding ? "funding" : "position"}`, { key: o.agentKey });
  const end = performance.now();
  if (a.status !== 200) {
    run.violations.push(`read ${wallet} answered ${a.status}: ${a.text.slice(0, 200)}`);
    return;
  }
  if (!funding) run.violations.push(...positionViolations(wallet, a.json));
  const total = BigInt(String(a.json.liquidMicros)) + BigInt(String(a.json.stakedMicros));
  if (funding && BigInt(String(a.json.totalMicros)) !== total) run.violations.push(`${wallet}: funding total ${String(a.json.totalMicros)} is not liquid + staked ${total}`);
  run.reads.push({ wallet, start, end, total });
  if (o.onRead) await o.onRead(wallet);
}

/** Runs the load; `stop()` ends it early (e.g. right before the server is killed). */
export function startSoak(o: SoakOptions): { done: Promise<SoakRun>; stop: () => void } {
  const run: SoakRun = { writes: [], reads: [], violations: [], ops: 0, elapsedMs: 0 };
  let stopped = false;
  const started = performance.now();
  const deadline = started + o.durationMs;
  let n = 0;
  const worker = async (id: number) => {
    const r = rng(o.seed * 1000 + id);
    while (!stopped && performance.now() < deadline) {
      const op = n++;
      try {
        if (r() < 0.6) await sendWrite(o, r, run, op);
        else await sendRead(o, r, run);
        run.ops += 1;
      } catch (e) {
        // No answer at all: the server went away (a crash test) or the request failed on the wire.
        if (!stopped) run.violations.push(`no answer: ${(e as Error).message}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: o.concurrency }, (_, i) => worker(i))).then(() => {
    run.elapsedMs = performance.now() - started;
    return run;
  });
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}

/** Whether some subset of `options` sums to `target` (each write in flight during a read: applied or not). */
function subsetSums(options: bigint[], target: bigint): boolean {
  let sums = new Set<bigint>([0n]);
  for (const d of options) {
    const next = new Set(sums);
    for (const s of sums) next.add(s + d);
    sums = next;
    if (sums.size > 1 << 18) return true; // too many to tell apart: not checked (counted by the caller)
  }
  return sums.has(target);
}

/** Every read against the acknowledged writes of its wallet (see the file's head). Returns violations and how many reads were checked. */
export function checkReads(run: SoakRun): { violations: string[]; checked: number } {
  const byWallet = new Map<string, WriteRecord[]>();
  for (const w of run.writes) byWallet.set(w.wallet, [...(byWallet.get(w.wallet) ?? []), w]);
  const violations: string[] = [];
  let checked = 0;
  for (const read of run.reads) {
    let before = 0n;
    const during: bigint[] = [];
    let unknown = false;
    for (const w of byWallet.get(read.wallet) ?? []) {
      if (w.start > read.end) continue;
      const answered = w.end !== null && w.delta !== null;
      if (answered && (w.end as number) < read.start) before += w.delta as bigint;
      else if (answered) {
        if (w.delta !== 0n) during.push(w.delta as bigint);
      } else unknown = true;
    }
    if (unknown) continue;
    checked += 1;
    if (!subsetSums(during, read.total - before)) {
      violations.push(`${read.wallet}: read ${read.total} is not ${before} (answered before) plus any of [${during.join(", ")}] (in flight)`);
    }
  }
  return { violations, checked };
}

/** The wallet totals the answered writes add up to (every write answered). */
export function expectedTotals(run: SoakRun): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const w of run.writes) out.set(w.wallet, (out.get(w.wallet) ?? 0n) + (w.delta ?? 0n));
  return out;
}
