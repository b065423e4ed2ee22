// POST /wallets/{address}/route with stake on the machine's PostgreSQL at 16 connections, next to pgbench's
// built-in tpcb-like script with the same client count on the same server, in the same run.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BASE = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const KEY = "bench-owner-key-000000000001";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
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

function runPgbench(bin: string, url: string): { tps: number; latencyMs: number | null; raw: string } {
  const init = spawnSync(bin, ["-i", "-s", "1", "-q", url], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const r = spawnSync(bin, ["-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS), url], { encoding: "utf8" });
  const out = `${r.stdout}`;
  const tps = Number(/tps = ([0-9.]+) \(without initial connection time\)/.exec(out)?.[1] ?? "0");
  const lat = /latency average = ([0-9.]+) ms/.exec(out)?.[1];
  return { tps, latencyMs: lat ? Number(lat) : null, raw: out };
}

async function startApp(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      SVC_API_KEYS: JSON.stringify([{ key: KEY, role: "owner", wallets: ["*"] }]),
      SVC_RATE_LIMIT_PER_MIN: "1000000",
      SVC_DISABLE_JOBS: "1",
      SVC_LOG_LEVEL: "warn",
      SVC_YIELDS_API_URL: "http://127.0.0.1:9",
      SVC_RPC_MOVE: "http://127.0.0.1:9",
      SVC_RPC_SVM: "http://127.0.0.1:9",
      SVC_RPC_EVM_A: "http://127.0.0.1:9",
      SVC_RPC_EVM_B: "http://127.0.0.1:9",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/svc/status`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("app did not start");
}

const wallet = (i: number) => `0x${i.toString(16).padStart(64, "0")}`;

export async function run(): Promise<string> {
  const when = new Date().toISOString();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  if (!(await reachable())) return `## Ledger: POST route with stake\n\nSkipped (${when}): PostgreSQL at ${new URL(BASE).host} is not reachable.\n`;
  const bin = pgbenchBin();
  const appUrl = await freshDb("svc_bench_ledger");
  const port = await freePort();
  const app = await startApp(appUrl, port);
  let i = 0;
  let result: autocannon.Result;
  try {
    // warm-up (JIT, connection pool), then the measured run
    await autocannon({ url: `http://127.0.0.1:${port}`, connections: CLIENTS, duration: 3, requests: [{ method: "GET", path: "/api/v1/svc/status" }] });
    result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CLIENTS,
      duration: SECONDS,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            i += 1;
            return {
              ...req,
              path: `/api/v1/wallets/${wallet(i % 5000)}/route`,
              headers: { "content-type": "application/json", "x-api-key": KEY },
              body: JSON.stringify({ amountMicros: "1000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: `bench-${i}` }),
            };
          },
        },
      ],
    });
  } finally {
    app.kill("SIGTERM");
  }
  const non2xx = result.non2xx;
  const ops = result.requests.average;
  const p99 = result.latency.p99;
  let pg = { tps: 0, latencyMs: null as number | null };
  if (bin) pg = runPgbench(bin, await freshDb("svc_bench_pgbench"));
  const ratio = pg.tps > 0 ? ops / pg.tps : null;
  const lines = [
    "## Ledger: POST route with stake vs pgbench (PostgreSQL, 16 connections)",
    "",
    `Measured ${when} on ${machine}; PostgreSQL at ${new URL(BASE).host}; ${SECONDS} s each, same server, same run.`,
    "",
    "| Workload | Clients | Throughput | p99 latency |",
    "|---|---|---|---|",
    `| POST /api/v1/wallets/{address}/route (stake into suilend; 5000 wallets; \`next start\`) | ${CLIENTS} | ${ops.toFixed(0)} ops/s | ${p99} ms |`,
    bin ? `| pgbench tpcb-like (built-in, scale 1, -j 2) | ${CLIENTS} | ${pg.tps.toFixed(0)} tps | avg ${pg.latencyMs ?? "?"} ms |` : "| pgbench | — | not installed | — |",
    "",
    `Route answers that were not 2xx: ${non2xx}. Ratio route/pgbench: ${ratio === null ? "n/a" : ratio.toFixed(2)} (goal ≥ 0.5).`,
    "Each route is one transaction: one upsert that locks the liquid and venue rows, one update, the journal (3 rows), the activity row and 2 outbox events; the HTTP layer adds the API-key check and a rate-limit upsert. The venue index read goes to an RPC URL that refuses connections here, so it fails fast (a real RPC adds its latency before the transaction, not inside it).",
  ];
  return lines.join("\n");
}
