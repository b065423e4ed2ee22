// Catalog benchmark (issue 3): (1) ingesting a 20k-row, >10 MB DefiLlama /pools payload: wall time and
// peak memory; (2) GET /api/v1/svc/home under 64 connections (autocannon) next to a bare node:http
// server sending the same bytes, same machine, same run. `run()` returns a markdown section.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { buildIsCurrent, serveArgs, sourceFingerprint } from "../scripts/build-state";
import { makePools, venueRows } from "../tests/support/fake-yields";
import { VENUES } from "../server/venues";

const root = path.resolve(import.meta.dirname, "..");
const CONNECTIONS = 64;
const DURATION_S = 5;
const ROUNDS = 3;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: { url: string; connections: number; duration: number; pipelining?: number }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Cannon;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const a = server.address();
      resolve(`http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`);
    }),
  );
}

async function freePort(): Promise<number> {
  const s = createServer();
  const url = await listen(s);
  await new Promise((r) => s.close(r));
  return Number(new URL(url).port);
}

function ensureBuild(): void {
  if (buildIsCurrent(root)) return;
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
  writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
}

async function ingest(yieldsUrl: string) {
  // Async spawn: this process serves the upstream the child fetches (spawnSync would block it).
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--conditions=react-server", path.join(root, "bench/_catalog-ingest.ts"), yieldsUrl],
    { cwd: root, env: { ...process.env, SVC_LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`ingest child failed: ${err.split("\n").slice(0, 8).join(" ")}`);
  return JSON.parse(out) as {
    runs: Array<{ fetchParseMs: number; storeMs: number; totalMs: number; pools: number; upstreamRows: number }>;
    baselineRssMb: number;
    firstRunPeakExtraMb: number;
    allRunsPeakExtraMb: number;
  };
}

async function startApp(yieldsUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-bench-app-"));
  const port = await freePort();
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("SVC_") && k !== "DATABASE_URL") env[k] = v;
  Object.assign(env, {
    SVC_DATA_DIR: dir,
    SVC_YIELDS_API_URL: yieldsUrl,
    SVC_RATE_LIMIT_PER_MIN: "1000000",
    SVC_LOG_LEVEL: "silent",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  });
  const child: ChildProcess = spawn(process.execPath, [...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("app did not become ready with a yields snapshot");
    try {
      const r = await fetch(`${url}/api/v1/svc/venues/apy`);
      if (r.ok && ((await r.json()) as { status: string }).status === "ok") break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => Math.round(n).toLocaleString("en-US");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function run(): Promise<string> {
  const rows = makePools(20_000, venueRows(VENUES.map((v) => v.upstream)));
  const payload = Buffer.from(JSON.stringify({ status: "success", data: rows }));
  const upstream = createServer((req, res) => {
    if (req.url === "/pools") res.writeHead(200, { "content-type": "application/json" }).end(payload);
    else res.writeHead(404).end();
  });
  const yieldsUrl = await listen(upstream);
  const lines: string[] = [];
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  lines.push("## Catalog (issue 3)", "");
  lines.push(`Machine: ${cpus().length} × ${cpu}, ${f0(totalmem() / 1048576)} MB RAM, Node ${process.version}. Date: ${new Date().toISOString()}.`, "");
  try {
    const ing = await ingest(yieldsUrl);
    const first = ing.runs[0];
    lines.push(`### Ingest of GET /pools: ${f0(rows.length)} rows, ${f1(payload.length / 1048576)} MB`, "");
    lines.push("Fetch over loopback + JSON.parse + validation and filtering to the four chains, then one transaction on PGlite");
    lines.push(`storing the snapshot (${first?.pools ?? 0} four-chain rows as jsonb) and 13 venue APY rows. Goal: < 1 s, < 150 MB extra.`, "");
    lines.push("| run | fetch + parse + filter (ms) | store (ms) | total (ms) |", "|---|---|---|---|");
    ing.runs.forEach((r, i) => {
      lines.push(`| ${i + 1}${i === 0 ? " (cold)" : ""} | ${f0(r.fetchParseMs)} | ${f0(r.storeMs)} | ${f0(r.totalMs)} |`);
    });
    lines.push("");
    lines.push(`Median total: **${f0(median(ing.runs.map((r) => r.totalMs)))} ms**. Peak RSS above the baseline (${f0(ing.baselineRssMb)} MB RSS with PGlite open), sampled every 2 ms from a worker thread:`);
    lines.push(`**${f1(ing.firstRunPeakExtraMb)} MB** after the first ingest, ${f1(ing.allRunsPeakExtraMb)} MB after all five.`, "");
  } catch (e) {
    lines.push(`Ingest benchmark failed: ${e instanceof Error ? e.message : String(e)}`, "");
  }

  ensureBuild();
  let app: { url: string; stop: () => Promise<void> };
  try {
    app = await startApp(yieldsUrl);
  } catch (e) {
    await new Promise((r) => upstream.close(r));
    lines.push(`Home benchmark failed: ${e instanceof Error ? e.message : String(e)}`, "");
    return lines.join("\n");
  }
  try {
    const sample = await fetch(`${app.url}/api/v1/svc/home`);
    const body = Buffer.from(await sample.arrayBuffer());
    const bare = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body);
    });
    const bareUrl = await listen(bare);
    // Warm both, then alternate rounds (the machine is shared: interleaving spreads the noise evenly
    // over both servers). Never both at once on 2 cores.
    const homeUrl = `${app.url}/api/v1/svc/home`;
    const statusUrl = `${app.url}/api/v1/svc/status`;
    await autocannon({ url: `${bareUrl}/`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: homeUrl, connections: CONNECTIONS, duration: 3 });
    const bareRuns: CannonResult[] = [];
    const appRuns: CannonResult[] = [];
    const statusRuns: CannonResult[] = [];
    const load0 = loadavg()[0] ?? 0;
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(await autocannon({ url: `${bareUrl}/`, connections: CONNECTIONS, duration: DURATION_S }));
      appRuns.push(await autocannon({ url: homeUrl, connections: CONNECTIONS, duration: DURATION_S }));
      statusRuns.push(await autocannon({ url: statusUrl, connections: CONNECTIONS, duration: DURATION_S }));
    }
    const load1 = loadavg()[0] ?? 0;
    await new Promise((r) => bare.close(r));
    const sum = (rs: CannonResult[]) => ({
      rps: median(rs.map((r) => r.requests.average)),
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    });
    const b = sum(bareRuns);
    const a = sum(appRuns);
    const st = sum(statusRuns);
    lines.push(`### GET /api/v1/svc/home: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s (autocannon), ${f1(body.length / 1024)} KB body`, "");
    lines.push(`Load average (1 min) during the run: ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores (shared machine). Medians of the rounds:`, "");
    lines.push("| server | req/s | p50 ms | p99 ms | non-2xx | errors |", "|---|---|---|---|---|---|");
    lines.push(`| bare node:http, same bytes | ${f0(b.rps)} | ${b.p50} | ${b.p99} | ${b.non2xx} | ${b.errors} |`);
    lines.push(`| app GET /api/v1/svc/home (scripts/serve.ts, PGlite) | ${f0(a.rps)} | ${a.p50} | ${a.p99} | ${a.non2xx} | ${a.errors} |`);
    lines.push(`| app GET /api/v1/svc/status (foundation route, for reference) | ${f0(st.rps)} | ${st.p50} | ${st.p99} | ${st.non2xx} | ${st.errors} |`);
    lines.push("");
    lines.push(`App home / bare: **${f1((100 * a.rps) / b.rps)} %** of the bare server's requests per second (goal: ≥ 50 %).`);
    lines.push(`Home / status on the same app: ${f1((100 * a.rps) / st.rps)} %.`, "");
  } finally {
    await app.stop();
    await new Promise((r) => upstream.close(r));
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((md) => process.stdout.write(`${md}\n`));
}
