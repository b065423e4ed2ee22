// POST /wallets/{address}/route with stake on the machine's PostgreSQL at 16 connections, next to pgbench's
// built-in tpcb-like script with the same client count on the same server, in the same run. The app is the
// production server (scripts/serve.ts, as `npm start` runs it). `npx tsx bench/ledger.ts` runs it alone.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there (node --cpu-prof).
// BENCH_STALE_BUILD_OK=1 starts on an existing older build instead of rebuilding (the /api route under test is
// served from the sources, not from .next; only Next.js's own start needs a build).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { toBase58 } from "@mysten/sui/utils";
import autocannon from "autocannon";
import postgres from "postgres";
import { ensureBuild, serveArgs } from "../scripts/build-state";
import { CLOSED_UPSTREAMS, stopApp, waitForApp } from "./_app-env";
import { freePort } from "../tests/support/net";

const root = path.resolve(import.meta.dirname, "..");
const CLIENTS = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5); // per round, for each of route and pgbench
const BASE = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const KEY = "bench-owner-key-000000000001";

// Per-run database names: another checkout running this bench on the same server does not drop ours.
const APP_DB = `svc_bench_ledger_${process.pid}`;
const PGBENCH_DB = `svc_bench_pgbench_${process.pid}`;

async function dropDb(name: string): Promise<void> {
  const admin = postgres(BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function checkpoint(): Promise<void> {
  const admin = postgres(BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe("checkpoint").catch(() => {}); // needs a superuser or pg_checkpoint; skipped otherwise
  await admin.end();
}

async function freshDb(name: string): Promise<string> {
  const admin = postgres(BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

async function reachable(): Promise<boolean> {
  try {
    const c = postgres(BASE, { max: 1, onnotice: () => {}, connect_timeout: 3 });
    await c`select 1`;
    await c.end();
    return true;
  } catch {
    return false;
  }
}

function pgbenchBin(): string | null {
  for (const c of ["pgbench", ...["17", "16", "15", "14"].map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`)]) {
    if (spawnSync(c, ["--version"]).status === 0) return c;
  }
  return null;
}

function initPgbench(bin: string, url: string): void {
  const init = spawnSync(bin, ["-i", "-s", "1", "-q", url], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
}

interface PgbenchRound {
  tps: number;
  latencyMs: number | null;
  txs: number;
  pgCpuMs: number | null;
  clientCpuMs: number | null;
}

async function pgbenchRound(bin: string, url: string): Promise<PgbenchRound> {
  const db = new URL(url).pathname.slice(1);
  const pgMeter = cpuMeter(() => backendsOf(db));
  pgMeter.start();
  const child = spawn(bin, ["-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS), url], { stdio: ["ignore", "pipe", "pipe"] });
  const clientMeter = cpuMeter(() => (child.pid ? [child.pid] : []));
  clientMeter.start();
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  await new Promise((r) => child.once("close", r));
  const pgCpuMs = pgMeter.stop();
  const clientCpuMs = clientMeter.stop();
  const tps = Number(/tps = ([0-9.]+) \(without initial connection time\)/.exec(out)?.[1] ?? "0");
  const lat = /latency average = ([0-9.]+) ms/.exec(out)?.[1];
  const txs = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? "0");
  return { tps, latencyMs: lat ? Number(lat) : null, txs, pgCpuMs, clientCpuMs };
}

async function startApp(url: string, port: number): Promise<ChildProcess> {
  const prof = process.env.BENCH_CPU_PROF;
  const profArgs = prof ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(prof)}`] : [];
  const child = spawn(process.execPath, [...profArgs, ...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      PORT: String(port),
      SVC_API_KEYS: JSON.stringify([{ key: KEY, role: "owner", wallets: ["*"] }]),
      SVC_RATE_LIMIT_PER_MIN: "1000000000",
      SVC_DISABLE_JOBS: "1",
      SVC_LOG_LEVEL: "warn",
      ...CLOSED_UPSTREAMS,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitForApp(child, port, 60_000);
}

const load = () => os.loadavg()[0]?.toFixed(1) ?? "?";

/** utime + stime of a process (or, with `thread`, of one of its threads) in ms (Linux /proc; 10 ms ticks), or null. */
function cpuMs(pid: number, thread?: number): number | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** PostgreSQL backends serving a database (their title is "postgres: [<cluster>: ]<user> <db> <client> …"). */
function backendsOf(db: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8");
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmd)?.[1] === db) out.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

/**
 * CPU time spent by some processes between start() and stop(): samples every 200 ms so processes that exit
 * before stop() (pgbench's backends) still count up to their last sample. Null when /proc is unreadable.
 */
function cpuMeter(pids: () => number[], mainThreadOnly = false) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = (baseline: boolean) => {
    for (const pid of pids()) {
      const ms = cpuMs(pid, mainThreadOnly ? pid : undefined);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, baseline ? ms : 0);
      last.set(pid, ms);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      sample(true);
      timer = setInterval(() => sample(false), 200);
    },
    stop(): number | null {
      clearInterval(timer);
      sample(false);
      if (last.size === 0) return null;
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}

const wallet = (i: number) => `0x${i.toString(16).padStart(64, "0")}`;
/** A well-formed Sui transaction digest (base58 of 32 bytes), distinct per request: the route checks a txId's form for its chain. */
export const benchDigest = (i: number) => toBase58(createHash("sha256").update(`svc-bench-${i}`).digest());

interface RouteRound {
  ops: number;
  total: number;
  p99: number;
  non2xx: number;
  nodeCpuMs: number | null;
  /** The server's main (JavaScript) thread only. */
  nodeMainMs: number | null;
  pgCpuMs: number | null;
}

let sent = 0;
async function routeRound(port: number, pid: number | undefined, seconds: number): Promise<RouteRound> {
  const nodeMeter = cpuMeter(() => (pid ? [pid] : []));
  const mainMeter = cpuMeter(() => (pid ? [pid] : []), true);
  const pgMeter = cpuMeter(() => backendsOf(APP_DB));
  nodeMeter.start();
  mainMeter.start();
  pgMeter.start();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CLIENTS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          sent += 1;
          return {
            ...req,
            path: `/api/v1/wallets/${wallet(sent % 5000)}/route`,
            headers: { "content-type": "application/json", "x-api-key": KEY },
            body: JSON.stringify({ amountMicros: "1000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: benchDigest(sent) }),
          };
        },
      },
    ],
  });
  return { ops: r.requests.average, total: r.requests.total, p99: r.latency.p99, non2xx: r.non2xx, nodeCpuMs: nodeMeter.stop(), nodeMainMs: mainMeter.stop(), pgCpuMs: pgMeter.stop() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const sum = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : xs.reduce<number>((s, x) => s + (x ?? 0), 0));
const per = (ms: number | null, n: number) => (ms === null || n === 0 ? "?" : (ms / n).toFixed(2));

export async function run(): Promise<string> {
  const when = new Date().toISOString();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  if (!(await reachable())) return `## Ledger: POST route with stake\n\nSkipped (${when}): PostgreSQL at ${new URL(BASE).host} is not reachable.\n`;
  const bin = pgbenchBin();
  // The route is answered from the sources by scripts/serve.ts; Next.js (pages) needs a production build to start.
  if (!(process.env.BENCH_STALE_BUILD_OK === "1" && existsSync(path.join(root, ".next", "BUILD_ID")))) ensureBuild(root);
  const loads = [load()];
  const appUrl = await freshDb(APP_DB);
  const pgbenchUrl = bin ? await freshDb(PGBENCH_DB) : null;
  if (bin && pgbenchUrl) initPgbench(bin, pgbenchUrl);
  // pgbench -i writes ~100k rows: flush them now rather than in the first measured round.
  await checkpoint();
  const port = await freePort();
  const app = await startApp(appUrl, port);
  const routes: RouteRound[] = [];
  const pgs: PgbenchRound[] = [];
  try {
    // Warm-up (JIT, connections, prepared statements), then rounds that alternate route and pgbench so that the
    // shared machine's load changes hit both alike.
    await routeRound(port, app.pid, 3);
    for (let r = 0; r < ROUNDS; r++) {
      routes.push(await routeRound(port, app.pid, SECONDS));
      if (bin && pgbenchUrl) pgs.push(await pgbenchRound(bin, pgbenchUrl));
      loads.push(load());
    }
  } finally {
    await stopApp(app);
    await dropDb(APP_DB);
    if (pgbenchUrl) await dropDb(PGBENCH_DB);
  }
  const ops = median(routes.map((r) => r.ops));
  const tps = bin ? median(pgs.map((p) => p.tps)) : 0;
  // A round in which any answer was not 2xx measured refusals, not routes: the run is invalid and gives no ratio.
  const refused = routes.reduce((s, r) => s + r.non2xx, 0);
  const ratio = tps > 0 && refused === 0 ? ops / tps : null;
  const n = routes.reduce((s, r) => s + r.total, 0);
  const txs = pgs.reduce((s, p) => s + p.txs, 0);
  const lines = [
    "## Ledger: POST route with stake vs pgbench (PostgreSQL, 16 connections)",
    "",
    `Measured ${when} on ${machine}; PostgreSQL at ${new URL(BASE).host}; ${ROUNDS} rounds of ${SECONDS} s, route and pgbench alternating, same server. Load average (1 min, shared machine) before and after each round: ${loads.join(" → ")}.`,
    "",
    "| Workload | Clients | Throughput (median; rounds) | p99 latency |",
    "|---|---|---|---|",
    `| POST /api/v1/wallets/{address}/route (stake into suilend; 5000 wallets; \`scripts/serve.ts\`) | ${CLIENTS} | ${ops.toFixed(0)} ops/s (${routes.map((r) => r.ops.toFixed(0)).join(", ")}) | ${median(routes.map((r) => r.p99))} ms |`,
    bin
      ? `| pgbench tpcb-like (built-in, scale 1, -j 2) | ${CLIENTS} | ${tps.toFixed(0)} tps (${pgs.map((p) => p.tps.toFixed(0)).join(", ")}) | avg ${median(pgs.map((p) => p.latencyMs ?? Number.NaN))} ms |`
      : "| pgbench | — | not installed | — |",
    "",
    refused > 0
      ? `**Invalid run: ${refused} route answers were not 2xx** (rounds: ${routes.map((r) => r.non2xx).join(", ")}); no ratio is given. Goal: route/pgbench ≥ 0.8.`
      : `Route answers that were not 2xx: 0. Ratio route/pgbench (medians): ${ratio === null ? "n/a (pgbench not installed)" : ratio.toFixed(2)} (goal ≥ 0.8: ${ratio !== null && ratio >= 0.8 ? "met" : "not met"}).`,
    `CPU per operation (Linux /proc, 10 ms ticks, all rounds): route ${per(sum(routes.map((r) => r.nodeCpuMs)), n)} ms in the Node server (${per(sum(routes.map((r) => r.nodeMainMs)), n)} ms on its JavaScript thread) + ${per(sum(routes.map((r) => r.pgCpuMs)), n)} ms in its PostgreSQL backends; pgbench ${per(sum(pgs.map((p) => p.pgCpuMs)), txs)} ms in its PostgreSQL backends + ${per(sum(pgs.map((p) => p.clientCpuMs)), txs)} ms in the pgbench client. With 2 cores shared, throughput is at most about 2000 ms/s divided by the CPU per operation (and the route's JavaScript runs on one thread: at most about 1000 ms/s divided by its share).`,
    "Each route is one statement on PostgreSQL in its own implicit transaction, one round trip (server/ledger/route-write.ts): the upsert that locks and updates the liquid and venue rows, the journal (3 rows with balance_after), the activity row and the 2 outbox events. The HTTP layer adds the API-key check and the rate-limit counter upsert (shared by the key's concurrent requests). The venue index read goes to an RPC URL that refuses connections here: it fails fast, and the failure is kept for 1 s (server/venues/shared/index-read.ts), so about one read per second is tried (a real RPC adds its latency before the statement, not inside it).",
  ];
  return lines.join("\n");
}

// `npx tsx bench/ledger.ts`: this section alone, printed (docs/benchmarks.md is written by `npm run bench`).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(`${await run()}\n`);
  process.exit(0);
}
