// Scale bench (issue 28 items 6 and 7): cost that stays flat as the work grows. On a fresh PostgreSQL database of its
// own (svc_scale_<pid>, dropped afterwards), the production server (scripts/serve.ts) answers while the ledger grows to
// 10k, 100k and 1M journal rows (over 1k, 10k and 100k wallets: ten rows a wallet) with 1,000 webhook subscriptions.
// At each size: POST route p50/p99 (valid requests; any non-2xx makes the measure invalid), owner portfolio and public
// activity p50/p99 (first page, and a deep page through its keyset cursor), catalog ingest of 20k and 100k upstream
// rows, webhook fan-out of one event to 1,000 subscriptions, and the server's resident memory (VmRSS) at idle and
// after each step. Goal: p99 at 1M within 1.5× of p99 at 10k; no step grows RSS by more than 50 MB.
// The fill is plain SQL (bench/_scale-fill.ts); the bank invariant is checked in SQL before each size is measured.
// `npx tsx --conditions=react-server bench/scale.ts` prints the section alone. BENCH_SCALE_SIZES=3000,30000 (journal
// rows) for a quick try; BENCH_STALE_BUILD_OK=1 starts on an existing older build (the API is served from the sources).
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { toBase58 } from "@mysten/sui/utils";
import postgres from "postgres";
import { ensureBuild, serveArgs } from "../scripts/build-state";
import { VENUES } from "../server/venues";
import { makePools, venueRows } from "../tests/support/fake-yields";
import { ledgerViolations } from "../tests/support/ledger-sql";
import { freePort } from "../tests/support/net";
import { appEnv, CLOSED_UPSTREAMS, childOutput, stopApp, waitForApp } from "./_app-env";
import { CHAIN, fillActions, fillSubscriptions, HEAVY_EVERY, walletAddress } from "./_scale-fill";
import { lineChart } from "./_svg";

const root = path.resolve(import.meta.dirname, "..");
const BASE = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SIZES = (process.env.BENCH_SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const ROWS_PER_WALLET = 10;
const SUBSCRIPTIONS = 1000;
const CLIENTS = 4;
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 1000);
const ROUNDS = 3;
const PAGE = 50;
const KEY = "bench-scale-owner-key-0000000001";
const KEEPER = "bench-scale-keeper-key-000000001";
const GOAL_RATIO = 1.5;
const RSS_STEP_MB = 50;
const DB = `svc_scale_${process.pid}`;
/** The wallet the 1,000 subscriptions watch (outside the fill's wallet numbers). */
const FANOUT_WALLET = walletAddress(2 ** 40);

// --- HTTP measurement: a closed loop of CLIENTS keep-alive connections, every latency kept (sub-millisecond) ---

interface Req {
  method: "GET" | "POST";
  path: string;
  body?: string;
}
interface Measured {
  n: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** One non-2xx answer, to say why the measure is invalid. */
  sample: string | null;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function send(agent: http.Agent, port: number, r: Req): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "x-api-key": KEY };
    if (r.body) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(r.body)) });
    const req = http.request({ host: "127.0.0.1", port, method: r.method, path: r.path, agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(r.body);
  });
}

async function measure(port: number, n: number, make: (i: number) => Req): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const lat: number[] = [];
  let next = 0;
  let non2xx = 0;
  let sample: string | null = null;
  const loop = async () => {
    while (next < n) {
      const i = next++;
      const t0 = performance.now();
      const r = await send(agent, port, make(i));
      lat.push(performance.now() - t0);
      if (r.status < 200 || r.status > 299) {
        non2xx++;
        sample ??= `${r.status} ${r.body.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { n, p50: pct(lat, 50), p99: pct(lat, 99), non2xx, sample };
}

/** ROUNDS rounds of `n` requests: the median of their p50s and of their p99s (one noisy round on a shared machine moves neither). */
async function measureRounds(port: number, n: number, make: (i: number) => Req): Promise<Measured> {
  const rounds: Measured[] = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await measure(port, n, (i) => make(r * n + i)));
  return {
    n: n * ROUNDS,
    p50: med(rounds.map((m) => m.p50)),
    p99: med(rounds.map((m) => m.p99)),
    non2xx: rounds.reduce((t, m) => t + m.non2xx, 0),
    sample: rounds.find((m) => m.sample)?.sample ?? null,
  };
}

// --- the app, its database and the local services it talks to ---

async function admin<T>(f: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(BASE, { max: 1, onnotice: () => {} });
  try {
    return await f(sql);
  } finally {
    await sql.end();
  }
}

function dbUrl(): string {
  const u = new URL(BASE);
  u.pathname = `/${DB}`;
  return u.toString();
}

async function startApp(port: number, inspectPort: number): Promise<ChildProcess> {
  const env = appEnv({
    NODE_ENV: "production",
    DATABASE_URL: dbUrl(),
    PORT: String(port),
    SVC_API_KEYS: JSON.stringify([
      { key: KEY, role: "owner", wallets: ["*"] },
      { key: KEEPER, role: "keeper", wallets: ["*"] },
    ]),
    SVC_RATE_LIMIT_PER_MIN: "1000000000",
    SVC_LOG_LEVEL: "error",
    // Jobs run (the webhook worker fans out and delivers); the reconciliation job is off (it would read every position
    // from the chain), and the upstreams refuse connections: the catalog is ingested by the bench, not by the app.
    SVC_RECONCILE_INTERVAL_S: "0",
    SVC_WEBHOOK_ALLOW_INSECURE: "1",
    ...CLOSED_UPSTREAMS,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  // The inspector only serves fullGc() below (no session stays attached while measuring).
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, ...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (d: Buffer) => {
    const text = d.toString().replace(/^(Debugger listening on|Debugger ending on|For help, see|Debugger attached|Waiting for the debugger).*\n?/gm, "");
    if (text) process.stderr.write(text);
  });
  return waitForApp(child, port, 90_000);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Heap {
  /** VmRSS of the server process (Linux /proc), MB. */
  rss: number;
  /** V8's heap (used / reserved) and memory outside it (Buffers), MB, from the server's own GET /api/v1/metrics. */
  heapUsed: number;
  heapTotal: number;
  external: number;
}
/** As the step left the server, then after a full garbage collection (what it retains). */
interface Memory {
  raw: Heap;
  gc: Heap;
}

async function heap(pid: number, port: number): Promise<Heap> {
  const text = await (await fetch(`http://127.0.0.1:${port}/api/v1/metrics`, { headers: { "x-api-key": KEEPER } })).text();
  const mb = (name: string) => Number(new RegExp(`^svc_${name} ([0-9.e+]+)`, "m").exec(text)?.[1] ?? Number.NaN) / 1048576;
  return { rss: rssMb(pid), heapUsed: mb("nodejs_heap_size_used_bytes"), heapTotal: mb("nodejs_heap_size_total_bytes"), external: mb("nodejs_external_memory_bytes") };
}

async function memory(app: App): Promise<Memory> {
  const raw = await heap(app.pid, app.port);
  await fullGc(app.inspectPort);
  return { raw, gc: await heap(app.pid, app.port) };
}

interface App {
  pid: number;
  port: number;
  inspectPort: number;
}

interface Socket {
  onopen: (() => void) | null;
  onmessage: ((e: { data: string }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}
/** Node 22's global WebSocket (the @types/node in use predates it). */
const WebSocketCtor = (globalThis as unknown as { WebSocket: new (url: string) => Socket }).WebSocket;

/**
 * A full garbage collection in the server (HeapProfiler.collectGarbage through its inspector), so that what a step
 * left behind is told apart from garbage V8 has not collected yet.
 */
async function fullGc(inspectPort: number): Promise<void> {
  const list = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error("the server's inspector lists no target");
  const ws = new WebSocketCtor(url);
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no answer to HeapProfiler.collectGarbage in 30 s")), 30_000);
    ws.onerror = (e) => reject(new Error(`inspector: ${String(e)}`));
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
    ws.onmessage = (e) => {
      if ((JSON.parse(e.data) as { id?: number }).id === 1) {
        clearTimeout(t);
        resolve();
      }
    };
  });
  ws.close();
  await sleep(1000);
}

/** VmRSS of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The webhook receiver: counts deliveries; `expect(n)` resolves at the n-th since the last reset. */
function webhookReceiver() {
  let got = 0;
  let want = Number.POSITIVE_INFINITY;
  let done: (() => void) | null = null;
  const handler: http.RequestListener = (req, res) => {
    req.resume();
    req.on("end", () => {
      got++;
      res.writeHead(200).end();
      if (got >= want) done?.();
    });
  };
  return {
    handler,
    expect(n: number): Promise<void> {
      got = 0;
      want = n;
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`only ${got}/${n} webhook deliveries after 60 s`)), 60_000);
        done = () => {
          clearTimeout(t);
          done = null;
          resolve();
        };
      });
    },
  };
}

async function ingest(url: string, runs: number): Promise<number> {
  const out = await childOutput(["--import", "tsx", "--conditions=react-server", path.join(root, "bench/_scale-ingest.ts"), url, String(runs)], {
    cwd: root,
    env: appEnv({ DATABASE_URL: dbUrl(), SVC_LOG_LEVEL: "silent" }),
    what: "ingest",
    errLines: 6,
  });
  const totals = (JSON.parse(out) as { totals: number[] }).totals.sort((a, b) => a - b);
  return totals[Math.floor(totals.length / 2)] ?? Number.NaN;
}

// --- one size ---

/** A well-formed Sui transaction digest, distinct per request (the route checks a txId's form for its chain). */
const digest = (i: number) => toBase58(createHash("sha256").update(`svc-scale-${process.pid}-${i}`).digest());
let routes = 0;
const routeReq = (wallet: string): Req => {
  routes++;
  return {
    method: "POST",
    path: `/api/v1/wallets/${wallet}/route`,
    body: JSON.stringify({ amountMicros: "1000000", token: "USDC", stake: true, chain: CHAIN, strategyId: "suilend", txId: digest(routes) }),
  };
};

/** Wallets 1 … wallets, spread (a fixed pseudo-random walk, the same in every run). */
const pick = (i: number, wallets: number) => walletAddress(1 + ((i * 2654435761) % wallets));

export interface Step {
  /** The size aimed at (journal rows); `rows` is what the journal held when the measures began. */
  target: number;
  rows: number;
  wallets: number;
  fillS: number;
  checkS: number;
  heavyActivity: number;
  deepAt: number;
  route: Measured;
  portfolio: Measured;
  activityFirst: Measured;
  activityDeep: Measured;
  ingest20k: number;
  ingest100k: number;
  fanoutMs: number[];
  mem: Memory;
  load: string;
}

async function deepCursor(sql: postgres.Sql, wallet: string): Promise<{ cursor: string; depth: number; total: number }> {
  const [{ n }] = (await sql`select count(*)::int as n from activity where wallet = ${wallet}`) as unknown as [{ n: number }];
  // At 90 % of the wallet's rows, but always with a full page after the cursor (the 10k step's wallet has ~160 rows).
  const depth = Math.max(1, Math.min(Math.floor(n * 0.9), n - PAGE - 1));
  const [row] = await sql`select group_seq::text as g, leg_index as l, seq::text as s from activity where wallet = ${wallet}
    order by group_seq desc, leg_index, seq offset ${Math.max(0, depth - 1)} limit 1`;
  if (!row) throw new Error("the heavy wallet has no activity");
  return { cursor: Buffer.from(`${row.g}.${row.l}.${row.s}`).toString("base64url"), depth, total: n };
}

async function fanout(port: number, rx: ReturnType<typeof webhookReceiver>): Promise<number> {
  const agent = new http.Agent({ keepAlive: false });
  const all = rx.expect(SUBSCRIPTIONS);
  const t0 = performance.now();
  const r = await send(agent, port, routeReq(FANOUT_WALLET));
  if (r.status !== 200) throw new Error(`fan-out route answered ${r.status}: ${r.body.slice(0, 200)}`);
  await all;
  return performance.now() - t0;
}

async function step(sql: postgres.Sql, app: App, rows: number, state: { actions: number }, ctx: { rx: ReturnType<typeof webhookReceiver>; upstream: string }): Promise<Step> {
  const wallets = rows / ROWS_PER_WALLET;
  const [{ j }] = (await sql`select count(*)::int as j from ledger_entries`) as unknown as [{ j: number }];
  const add = Math.max(0, Math.ceil((rows - j) / 3));
  const t0 = performance.now();
  await fillActions(sql, state.actions, state.actions + add, wallets);
  state.actions += add;
  // What autovacuum and the checkpointer would have done long ago in a ledger that grew over months, done before the
  // measures rather than during them.
  await sql.unsafe("vacuum analyze balances, ledger_entries, activity, events");
  await sql.unsafe("checkpoint").catch(() => {}); // needs a superuser or pg_checkpoint; skipped otherwise
  const t1 = performance.now();
  const violations = await ledgerViolations((t, p = []) => sql.unsafe(t, p as never[]) as unknown as Promise<Record<string, unknown>[]>);
  if (violations.length) throw new Error(`bank invariant broken after the fill: ${violations.slice(0, 5).join("; ")}`);
  const t2 = performance.now();
  const heavy = walletAddress(0);
  const deep = await deepCursor(sql, heavy);
  const reads = {
    portfolio: (i: number): Req => ({ method: "GET", path: `/api/v1/wallets/${pick(i + 7, wallets)}/portfolio` }),
    first: (i: number): Req => ({ method: "GET", path: `/api/v1/svc/activity?wallet=${pick(i + 13, wallets)}&limit=${PAGE}` }),
    deep: (): Req => ({ method: "GET", path: `/api/v1/svc/activity?wallet=${heavy}&limit=${PAGE}&cursor=${deep.cursor}` }),
  };
  // Warm-up (JIT, prepared statements, the buffers of the indexes' upper levels), then the measures.
  await measure(app.port, 200, (i) => routeReq(pick(i + 1_000_003, wallets)));
  await measure(app.port, 100, reads.portfolio);
  await measure(app.port, 100, reads.first);
  await measure(app.port, 100, reads.deep);
  const route = await measureRounds(app.port, REQUESTS, (i) => routeReq(pick(i + 3, wallets)));
  const portfolio = await measureRounds(app.port, REQUESTS, reads.portfolio);
  const activityFirst = await measureRounds(app.port, REQUESTS, reads.first);
  const activityDeep = await measureRounds(app.port, REQUESTS, reads.deep);
  const fanoutMs: number[] = [];
  for (let k = 0; k < 3; k++) fanoutMs.push(await fanout(app.port, ctx.rx));
  const ingest20k = await ingest(`${ctx.upstream}/r20k`, 3);
  const ingest100k = await ingest(`${ctx.upstream}/r100k`, 3);
  await sleep(2000);
  return {
    target: rows,
    rows: j + add * 3,
    wallets,
    fillS: (t1 - t0) / 1000,
    checkS: (t2 - t1) / 1000,
    heavyActivity: deep.total,
    deepAt: deep.depth,
    route,
    portfolio,
    activityFirst,
    activityDeep,
    ingest20k,
    ingest100k,
    fanoutMs,
    mem: await memory(app),
    load: os.loadavg()[0]?.toFixed(1) ?? "?",
  };
}

export async function run(): Promise<string> {
  const when = new Date().toISOString();
  try {
    await admin((sql) => sql`select 1`);
  } catch {
    return `## Scale: cost as the ledger grows\n\nSkipped (${when}): PostgreSQL at ${new URL(BASE).host} is not reachable.\n`;
  }
  if (!(process.env.BENCH_STALE_BUILD_OK === "1" && existsSync(path.join(root, ".next", "BUILD_ID")))) ensureBuild(root);
  const started = performance.now();
  const load0 = os.loadavg()[0]?.toFixed(1) ?? "?";
  const payload = (n: number) => Buffer.from(JSON.stringify({ status: "success", data: makePools(n, venueRows(VENUES.map((v) => v.upstream))) }));
  const bodies: Record<string, Buffer> = { "/r20k/pools": payload(20_000), "/r100k/pools": payload(100_000) };
  const upstream = await listen((req, res) => {
    const b = bodies[req.url ?? ""];
    if (b) res.writeHead(200, { "content-type": "application/json" }).end(b);
    else res.writeHead(404).end();
  });
  const rx = webhookReceiver();
  const hooks = await listen(rx.handler);
  await admin(async (sql) => {
    await sql.unsafe(`drop database if exists ${DB} with (force)`);
    await sql.unsafe(`create database ${DB}`);
  });
  const sql = postgres(dbUrl(), { max: 2, onnotice: () => {} });
  const port = await freePort();
  const inspectPort = await freePort();
  let child: ChildProcess | null = null;
  const steps: Step[] = [];
  let idle: Memory | null = null;
  let warm: Memory | null = null;
  try {
    child = await startApp(port, inspectPort);
    const app: App = { pid: child.pid ?? 0, port, inspectPort };
    await sleep(3000);
    idle = await memory(app);
    // The same server after its first requests (modules of the routes loaded, JIT, database connections opened) on an
    // empty ledger: what a step adds is counted from here too, so a first use is not blamed on the ledger's size.
    const w = walletAddress(1);
    await measure(port, 200, () => routeReq(w));
    await measure(port, 100, () => ({ method: "GET", path: `/api/v1/wallets/${w}/portfolio` }));
    await measure(port, 100, () => ({ method: "GET", path: `/api/v1/svc/activity?wallet=${w}&limit=${PAGE}` }));
    await sleep(2000);
    warm = await memory(app);
    await fillSubscriptions(sql, SUBSCRIPTIONS, FANOUT_WALLET, `${hooks.url}/hook`);
    const state = { actions: 0 };
    for (const rows of SIZES) {
      steps.push(await step(sql, app, rows, state, { rx, upstream: upstream.url }));
      process.stdout.write(`scale: ${rows} rows measured (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
  } finally {
    if (child) await stopApp(child);
    await sql.end();
    await admin((a) => a.unsafe(`drop database if exists ${DB} with (force)`));
    await upstream.close();
    await hooks.close();
  }
  if (!idle || !warm) throw new Error("no memory figures");
  return report(steps, idle, warm, when, load0, (performance.now() - started) / 1000);
}

// --- the report and the plots ---

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const sizeLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n));

function report(steps: Step[], idle: Memory, warm: Memory, when: string, load0: string, seconds: number): string {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}`;
  const first = steps[0];
  const last = steps[steps.length - 1];
  const x = steps.map((s) => sizeLabel(s.target));
  const latency: Array<[string, string, (s: Step) => Measured]> = [
    ["route", "POST /wallets/{address}/route (stake)", (s) => s.route],
    ["portfolio", "GET /wallets/{address}/portfolio", (s) => s.portfolio],
    ["activity-first", "GET /svc/activity, first page", (s) => s.activityFirst],
    ["activity-deep", "GET /svc/activity, deep page (cursor at 90 %, a full page after it)", (s) => s.activityDeep],
  ];
  const timed: Array<[string, string, (s: Step) => number]> = [
    ["ingest-20k", "Catalog ingest, 20k upstream rows", (s) => s.ingest20k],
    ["ingest-100k", "Catalog ingest, 100k upstream rows", (s) => s.ingest100k],
    ["fanout", "Webhook fan-out, 1 event → 1,000 subscriptions", (s) => med(s.fanoutMs)],
  ];
  const lines = [
    "## Scale: cost as the ledger grows (issue 28 items 6, 7)",
    "",
    `Measured ${when} on ${machine}; PostgreSQL at ${new URL(BASE).host} (fresh database, dropped afterwards); whole run ${seconds.toFixed(0)} s. Load average (1 min, shared machine): ${load0} before, ${steps.map((s) => s.load).join(" → ")} after each step.`,
    `The ledger is grown with SQL (bench/_scale-fill.ts: what a route with stake writes: 3 journal rows, 2 balance rows, 1 activity row, 2 outbox events per action; ${ROWS_PER_WALLET} journal rows a wallet; one action in ${HEAVY_EVERY} to one heavy wallet whose activity is paged deep) and the bank invariant is checked in SQL (tests/support/ledger-sql.ts) before each size is measured. ${SUBSCRIPTIONS.toLocaleString("en-US")} webhook subscriptions throughout (deposit.settled of one wallet).`,
    `Latencies: ${ROUNDS} rounds of ${REQUESTS} requests per measure over ${CLIENTS} keep-alive connections to scripts/serve.ts, after a warm-up; every latency kept; p50 and p99 are the medians of the rounds'. Any non-2xx answer makes a measure invalid. Portfolio: the owner's read (balances, positions; the chain's figure is unreadable here: the RPC URLs refuse connections). Activity: the public read, ${PAGE} rows a page, keyset cursor.`,
    "",
    `| Measure | ${steps.map((s) => `${sizeLabel(s.target)} rows (${s.rows.toLocaleString("en-US")} journal rows, ${sizeLabel(s.wallets)} wallets)`).join(" | ")} | p99 ${last ? sizeLabel(last.target) : "?"} / ${first ? sizeLabel(first.target) : "?"} | Goal ≤ ${GOAL_RATIO}× |`,
    `|---|${steps.map(() => "---|").join("")}---|---|`,
  ];
  for (const [, name, get] of latency) {
    const cells = steps.map((s) => {
      const m = get(s);
      return m.non2xx > 0 ? `**invalid**: ${m.non2xx} non-2xx (${m.sample ?? ""})` : `p50 ${ms(m.p50)} ms, p99 ${ms(m.p99)} ms`;
    });
    const valid = first && last && get(first).non2xx === 0 && get(last).non2xx === 0;
    const ratio = valid ? get(last).p99 / get(first).p99 : null;
    const verdict = ratio === null ? "invalid" : ratio <= GOAL_RATIO ? "met" : "not met";
    lines.push(`| ${name} | ${cells.join(" | ")} | ${ratio === null ? "—" : `${ratio.toFixed(2)}×`} | ${verdict} |`);
  }
  for (const [key, name, get] of timed) {
    const cells = steps.map((s) => (key === "fanout" ? `${ms(get(s))} ms (${s.fanoutMs.map(ms).join(", ")})` : `${ms(get(s))} ms`));
    const ratio = first && last ? get(last) / get(first) : null;
    lines.push(`| ${name} | ${cells.join(" | ")} | ${ratio === null ? "—" : `${ratio.toFixed(2)}× (time)`} | ${ratio !== null && ratio <= GOAL_RATIO ? "met" : "not met"} |`);
  }
  lines.push(...memoryRows(steps, idle, warm));
  lines.push(
    `| Fill (SQL) + VACUUM ANALYZE + CHECKPOINT; invariant check | ${steps.map((s) => `${s.fillS.toFixed(1)} s; ${s.checkS.toFixed(1)} s`).join(" | ")} | | |`,
    `| Heavy wallet's activity rows; the deep page's cursor after row … | ${steps.map((s) => `${s.heavyActivity.toLocaleString("en-US")}; ${s.deepAt.toLocaleString("en-US")}`).join(" | ")} | | |`,
    "",
    `Memory: VmRSS of the server process (/proc/<pid>/status) at idle (3 s after start), warm (after a first ${200 + 100 + 100} requests on the empty ledger) and after each step (fill, measures, fan-out; the ingest runs in its own process), read as the step left it and again after a full garbage collection requested through the server's inspector (HeapProfiler.collectGarbage): the goal is read on the second, what the step left behind. Heap figures from the server's GET /api/v1/metrics.`,
    `Ingest: the median of 3 runs of fetch + parse + store (server/catalog: fetchPools, storeSnapshot) into the same database, from a local DefiLlama-format server; fan-out: from the POST of a route for the watched wallet to the 1,000th delivery at a local receiver (server's webhook worker), median of 3. Ingest and fan-out times are reported against the same ${GOAL_RATIO}× bound.`,
    "Where a goal is not met and why: docs/performance.md (section \"Scale\"). The plots (written by this bench; x: journal rows, ten-fold a step):",
    "",
    [...latency, ...timed, ["rss", "Server resident memory"] as const].map(([key, name]) => `![${name}](scale-${key}.svg)`).join("\n"),
  );
  writePlots(steps, idle, warm, x, latency, timed);
  return lines.join("\n");
}

/** RSS as each step left the server and after a full GC, each against the one before (the first step: against warm and idle). */
function memoryRows(steps: Step[], idle: Memory, warm: Memory): string[] {
  const sign = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(0)}`;
  const heapOf = (h: Heap) => `${h.heapUsed.toFixed(0)} / ${h.heapTotal.toFixed(0)} MB heap; ${h.external.toFixed(0)} MB external`;
  const row = (label: string, pick: (m: Memory) => Heap, goal: boolean) => {
    const before = [warm, ...steps.map((s) => s.mem)].map((m) => pick(m).rss);
    const growth = steps.map((s, i) => pick(s.mem).rss - (before[i] ?? Number.NaN));
    const fromIdle = (steps[0] ? pick(steps[0].mem).rss : Number.NaN) - pick(idle).rss;
    const worst = Math.max(...growth);
    const cells = steps.map((s, i) => `${pick(s.mem).rss.toFixed(0)} MB (${sign(growth[i] ?? Number.NaN)}${i === 0 ? `; ${sign(fromIdle)} from idle` : ""})`);
    const verdict = goal
      ? `≤ +${RSS_STEP_MB} MB a step: ${Math.max(worst, fromIdle) <= RSS_STEP_MB ? "met" : "not met"}`
      : "no verdict: garbage V8 has not collected yet comes and goes";
    return `| ${label} (idle ${pick(idle).rss.toFixed(0)} MB; warm ${pick(warm).rss.toFixed(0)} MB) | ${cells.join(" | ")} | largest step ${sign(worst)} MB (first step ${sign(fromIdle)} from idle) | ${verdict} |`;
  };
  return [
    row("Server RSS as the step left it", (m) => m.raw, false),
    row("Server RSS once the step is over: after a full GC", (m) => m.gc, true),
    `| Server V8 heap after a full GC (idle: ${heapOf(idle.gc)}; warm: ${heapOf(warm.gc)}) | ${steps.map((s) => heapOf(s.mem.gc)).join(" | ")} | | |`,
    `| Server V8 heap as the step left it | ${steps.map((s) => heapOf(s.mem.raw)).join(" | ")} | | |`,
  ];
}

function writePlots(steps: Step[], idle: Memory, warm: Memory, x: string[], latency: Array<[string, string, (s: Step) => Measured]>, timed: Array<[string, string, (s: Step) => number]>): void {
  const docs = path.join(root, "docs");
  const xLabel = "journal rows (log scale)";
  for (const [key, name, get] of latency) {
    const p99First = steps[0] ? get(steps[0]).p99 : Number.NaN;
    const values = (f: (m: Measured) => number) => steps.map((s) => (get(s).non2xx > 0 ? null : f(get(s))));
    const svg = lineChart({
      title: name,
      xLabel,
      yLabel: "latency (ms)",
      x,
      series: [
        { name: "p50", values: values((m) => m.p50), color: "#2b6cb0" },
        { name: "p99", values: values((m) => m.p99), color: "#c05621" },
      ],
      guide: Number.isFinite(p99First) ? { value: p99First * GOAL_RATIO, label: `goal: ${GOAL_RATIO}× p99 at ${x[0]}` } : undefined,
    });
    writeFileSync(path.join(docs, `scale-${key}.svg`), svg);
  }
  for (const [key, name, get] of timed) {
    const firstV = steps[0] ? get(steps[0]) : Number.NaN;
    const svg = lineChart({
      title: name,
      xLabel,
      yLabel: "time (ms)",
      x,
      series: [{ name: "time", values: steps.map(get), color: "#2f855a" }],
      guide: Number.isFinite(firstV) ? { value: firstV * GOAL_RATIO, label: `${GOAL_RATIO}× ${x[0]}` } : undefined,
    });
    writeFileSync(path.join(docs, `scale-${key}.svg`), svg);
  }
  writeFileSync(
    path.join(docs, "scale-rss.svg"),
    lineChart({
      title: "Server resident memory (VmRSS)",
      xLabel: "idle, after a first 400 requests, after the step at … journal rows",
      yLabel: "RSS (MB)",
      x: ["idle", "warm", ...x],
      series: [
        { name: "as left", values: [idle.raw.rss, warm.raw.rss, ...steps.map((s) => s.mem.raw.rss)], color: "#6b46c1" },
        { name: "after full GC", values: [idle.gc.rss, warm.gc.rss, ...steps.map((s) => s.mem.gc.rss)], color: "#2f855a" },
      ],
    }),
  );
}

// `npx tsx --conditions=react-server bench/scale.ts`: this section alone, printed (and the plots written).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(`${await run()}\n`);
  process.exit(0);
}
