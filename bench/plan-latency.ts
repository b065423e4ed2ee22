// Plan latency (issues 13.8, 14.7, 15.7, 28.3): on every venue, a deposit plan with an owner and a withdraw plan for an
// owner holding the venue's shares, simulation included, through the running app (scripts/serve.ts, PGlite) against
// the local chains behind proxies injecting 50 ms of round-trip time per exchange (testing/latency/rtt-proxy.ts; the
// chains and venues: tests/support/plan-latency.ts). Cold = the first plan of that venue and action in a new app process
// (package ids, proven ids, RPC clients and capabilities not yet known) for a new owner, after one plan without an
// owner has warmed the route itself; warm = later plans, each for another new owner. `npm run bench plan-latency`
// runs only this one.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { serveArgs } from "../scripts/build-state";
import { LATENCY_PLANS, type LatencyChain, type LatencyChains, type LatencyPlan, type LatencySample, RTT_MS, startLatencyChains, WARMED_LINE } from "../tests/support/plan-latency";
import { freePort } from "../tests/support/net";
import { appEnv } from "./_app-env";

const root = path.resolve(import.meta.dirname, "..");
const APP_STARTS = 3;
const WARM_PER_START = 4;
const WARM_WITHDRAWS_PER_START = 2;

async function startApp(chainEnv: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-bench-latency-"));
  const port = await freePort();
  const env = appEnv({
    SVC_DATA_DIR: dir,
    // Info: the app says when its start-up walk of NAVI's graph has ended (server/boot.ts); the plans start after it.
    SVC_LOG_LEVEL: "info",
    SVC_DISABLE_JOBS: "1",
    SVC_YIELDS_API_URL: "http://127.0.0.1:9",
    SVC_RPC_EVM_B: "http://127.0.0.1:9",
    SVC_RATE_LIMIT_PER_MIN: "1000000000",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    ...chainEnv,
  });
  const child: ChildProcess = spawn(process.execPath, [...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env, stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("app did not become ready");
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
    if (out.includes("warm-up walk failed")) throw new Error(`the app's NAVI warm-up failed: ${out.slice(-1000)}`);
    try {
      if (out.includes(WARMED_LINE) && (await fetch(`${url}/api/v1/svc/status`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Sample extends LatencySample {
  ms: number;
}

async function plan(chains: LatencyChains, url: string, p: LatencyPlan): Promise<Sample> {
  const owner = await chains.ownerFor(p, url);
  chains.reset();
  const t = performance.now();
  const r = await fetch(`${url}/api/v1/svc/strategies/${p.action}/plan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ strategyId: p.venue, amountMicros: "5000000", owner }),
  });
  const body = (await r.json()) as { status?: string; blockers?: unknown; transactions?: { simulation?: { status: string } }[] };
  const ms = performance.now() - t;
  const sims = (body.transactions ?? []).map((x) => x.simulation?.status);
  if (r.status !== 200 || body.status !== "prepared" || sims.length === 0 || sims.some((s) => s !== "ok")) {
    throw new Error(`${p.venue} ${p.action} plan not prepared and simulated: ${r.status} ${JSON.stringify(body).slice(0, 400)}`);
  }
  return { ms, ...chains.sample(p) };
}

/** The machine as `lscpu` tells it (model, CPUs, threads per core, hypervisor), or null where lscpu is missing. */
function lscpu(): string | null {
  const r = spawnSync("lscpu", [], { encoding: "utf8" });
  if (r.status !== 0) return null;
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "m").exec(r.stdout)?.[1]?.trim();
  const parts = [
    field("Model name"),
    field("CPU\\(s\\)") && `${field("CPU\\(s\\)")} CPUs`,
    field("Thread\\(s\\) per core") && `${field("Thread\\(s\\) per core")} thread per core`,
    field("Model") && `family ${field("CPU family")} model ${field("Model")}`,
    field("Hypervisor vendor") && `${field("Hypervisor vendor")} guest`,
  ];
  return parts.filter(Boolean).join(", ");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const f0 = (n: number) => Math.round(n).toString();

const key = (p: LatencyPlan) => `${p.venue} ${p.action}`;

export async function run(): Promise<string> {
  const chains = await startLatencyChains(RTT_MS);
  const load0 = loadavg()[0] ?? 0;
  const cold = new Map<string, Sample[]>();
  const warm = new Map<string, Sample[]>();
  const push = (m: Map<string, Sample[]>, p: LatencyPlan, s: Sample) => m.set(key(p), [...(m.get(key(p)) ?? []), s]);
  try {
    for (let s = 0; s < APP_STARTS; s++) {
      const app = await startApp(chains.env);
      try {
        // The route itself warmed by a plan without an owner (no chain read): the cold figures are the chains' own.
        await fetch(`${app.url}/api/v1/svc/strategies/deposit/plan`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ strategyId: "suilend", amountMicros: "5000000" }) });
        for (const p of LATENCY_PLANS) {
          const n = p.action === "deposit" ? WARM_PER_START : WARM_WITHDRAWS_PER_START;
          push(cold, p, await plan(chains, app.url, p));
          for (let i = 0; i < n; i++) push(warm, p, await plan(chains, app.url, p));
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await chains.close();
  }
  const load1 = loadavg()[0] ?? 0;
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push("## Plan latency: a plan with an owner, simulation included, 50 ms injected round-trip time, every venue (issues 13, 14, 15, 28)");
  lines.push("");
  lines.push(
    `Measured ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version} (lscpu: ${lscpu() ?? "not available"}); ${load0 > cpus().length / 2 ? `the ${cpus().length} cores were shared with other work during the run` : "an otherwise quiet machine"} (load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after).`,
  );
  lines.push("");
  lines.push(
    `POST /api/v1/svc/strategies/{deposit,withdraw}/plan on the running app (scripts/serve.ts, PGlite), each chain behind a proxy adding ${RTT_MS} ms to every HTTP exchange (testing/latency/rtt-proxy.ts), and Pyth's Hermes behind one too (counted with move-chain: the NAVI withdraw pushes a stale Pyth price). A wave is one step of the longest chain of exchanges that waited for each other (exchanges that overlap in time, or a JSON-RPC batch, are one wave); no plan can take less than waves × ${RTT_MS} ms. Goal (issue 28 item 3): at most 3 waves, the NAVI withdraw at most 4. Cold: the first plan of that venue and action in each of ${APP_STARTS} new app processes (package ids, proven ids, clients and RPC capabilities unknown), for a new owner, after the app's start-up walk of NAVI's graph ended (server/venues/navi/warmup.ts: it runs under npm start, jobs or not) and one plan without an owner warmed the route (a venue's withdraw comes after its deposits); warm: ${WARM_PER_START} more deposits (${WARM_WITHDRAWS_PER_START} more withdrawals) per process, each for another new owner. A withdraw's owner holds the venue's shares (the EVM owners by a deposit they signed, sent to the chain directly, not through the proxy).`,
  );
  lines.push("");
  lines.push(`| plan | chain (local) | cold waves | cold ms (median; runs) | warm waves | warm ms (median) | over the waves' floor, warm median | goal | met |`);
  lines.push("|---|---|---|---|---|---|---|---|---|");
  const chainName: Record<LatencyChain, string> = { "move-chain": "Sui gRPC-web node", "svm-chain": "Solana JSON-RPC (litesvm + program checks)", "evm-a": "EVM JSON-RPC (@ethereumjs/vm, shipped bytecode)" };
  const waves = (xs: Sample[]) => [...new Set(xs.map((x) => x.waves))].sort((a, b) => a - b).join("/");
  for (const p of LATENCY_PLANS) {
    const c = cold.get(key(p)) ?? [];
    const w = warm.get(key(p)) ?? [];
    const wm = median(w.map((x) => x.ms));
    const floor = Math.max(...w.map((x) => x.waves)) * RTT_MS;
    const worst = Math.max(...c.map((x) => x.waves), ...w.map((x) => x.waves));
    const warmWorst = Math.max(...w.map((x) => x.waves));
    const met = worst <= p.maxWaves ? "met" : warmWorst <= p.maxWaves ? "warm met, cold not met" : "not met";
    lines.push(
      `| ${key(p)}${p.holds ? ` (holds ${p.holds})` : ""} | ${chainName[p.chain]} | ${waves(c)} | ${f0(median(c.map((x) => x.ms)))} (${c.map((x) => f0(x.ms)).join(", ")}) | ${waves(w)} | ${f0(wm)} (of ${w.length}) | ${f0(wm - floor)} | ≤ ${p.maxWaves} | ${met} |`,
    );
  }
  lines.push("");
  lines.push("What each wave asked (the first cold plan and the first warm plan):");
  lines.push("");
  const show = (s: Sample | undefined) => (s ? s.exchanges.map((w, i) => `${i + 1}: ${w.join(" ‖ ")}`).join("; ") : "n/a");
  for (const p of LATENCY_PLANS) {
    lines.push(`- ${key(p)} cold: ${show(cold.get(key(p))?.[0])}`);
    lines.push(`- ${key(p)} warm: ${show(warm.get(key(p))?.[0])}`);
  }
  lines.push("");
  lines.push(
    "The milliseconds above the waves' floor are ours and the local chains' (the in-process EVM runs each contract in JavaScript for every estimate; the Solana chain runs litesvm), on a shared machine: the wave count is the figure the goal is about, and tests/api/plan-latency.test.ts asserts it.",
  );
  return lines.join("\n");
}
