// Plan latency (issues 13.8, 14.7, 15.7): a deposit plan with an owner, simulation included, through the running app
// (scripts/serve.ts, PGlite) against the local chains behind a proxy injecting 50 ms of round-trip time per exchange
// (testing/latency/rtt-proxy.ts): Suilend on the local Sui gRPC-web node, Kamino on the local Solana RPC, Aave v3 on the
// local EVM. Cold = the first plan of a new app process on that chain (package ids, RPC clients and capabilities not yet
// known) for a new owner, after one plan without an owner has warmed the route itself; warm = later plans, each for
// another new owner. `npm run bench plan-latency` runs only this one.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { serveArgs } from "../scripts/build-state";
import { LATENCY_VENUE, type LatencyChain, type LatencyChains, RTT_MS, startLatencyChains } from "../tests/support/plan-latency";
import { wavesOf } from "../testing/latency/rtt-proxy";
import { freePort } from "../tests/support/net";
import { appEnv } from "./_app-env";

const root = path.resolve(import.meta.dirname, "..");
const APP_STARTS = 3;
const WARM_PER_START = 4;
const CHAINS: LatencyChain[] = ["move-chain", "svm-chain", "evm-a"];

async function startApp(chainEnv: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-bench-latency-"));
  const port = await freePort();
  const env = appEnv({
    SVC_DATA_DIR: dir,
    SVC_LOG_LEVEL: "silent",
    SVC_DISABLE_JOBS: "1",
    SVC_YIELDS_API_URL: "http://127.0.0.1:9",
    SVC_RPC_EVM_B: "http://127.0.0.1:9",
    SVC_RATE_LIMIT_PER_MIN: "1000000000",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    ...chainEnv,
  });
  const child: ChildProcess = spawn(process.execPath, [...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("app did not become ready");
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/svc/status`)).ok) break;
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

interface Sample {
  ms: number;
  waves: number;
  exchanges: string[][];
}

async function plan(chains: LatencyChains, url: string, chain: LatencyChain, action: "deposit" | "withdraw" = "deposit"): Promise<Sample> {
  const owner = action === "withdraw" && chain !== "evm-a" ? await chains.ownerWithShares(chain) : await chains.fundedOwner(chain);
  const proxy = chains.proxies[chain];
  proxy.reset();
  const t = performance.now();
  const r = await fetch(`${url}/api/v1/svc/strategies/${action}/plan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ strategyId: LATENCY_VENUE[chain], amountMicros: "5000000", owner }),
  });
  const body = (await r.json()) as { status?: string; blockers?: unknown; transactions?: { simulation?: { status: string } }[] };
  const ms = performance.now() - t;
  const sims = (body.transactions ?? []).map((x) => x.simulation?.status);
  if (r.status !== 200 || body.status !== "prepared" || sims.length === 0 || sims.some((s) => s !== "ok")) {
    throw new Error(`${chain} plan not prepared and simulated: ${r.status} ${JSON.stringify(body).slice(0, 400)}`);
  }
  return { ms, waves: proxy.waves(), exchanges: wavesOf(proxy.exchanges()) };
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

export async function run(): Promise<string> {
  const chains = await startLatencyChains(RTT_MS);
  const load0 = loadavg()[0] ?? 0;
  const cold: Record<LatencyChain, Sample[]> = { "move-chain": [], "svm-chain": [], "evm-a": [] };
  const warm: Record<LatencyChain, Sample[]> = { "move-chain": [], "svm-chain": [], "evm-a": [] };
  const withdraw: Record<"move-chain" | "svm-chain", Sample[]> = { "move-chain": [], "svm-chain": [] };
  try {
    for (let s = 0; s < APP_STARTS; s++) {
      const app = await startApp(chains.env);
      try {
        // The route itself warmed by a plan without an owner (no chain read): the cold figures are the chains' own.
        await fetch(`${app.url}/api/v1/svc/strategies/deposit/plan`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ strategyId: "suilend", amountMicros: "5000000" }) });
        for (const c of CHAINS) cold[c].push(await plan(chains, app.url, c));
        for (let i = 0; i < WARM_PER_START; i++) for (const c of CHAINS) warm[c].push(await plan(chains, app.url, c));
        for (const c of ["move-chain", "svm-chain"] as const) withdraw[c].push(await plan(chains, app.url, c, "withdraw"));
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
  lines.push("## Plan latency: deposit plan with an owner, simulation included, 50 ms injected round-trip time (issues 13, 14, 15)");
  lines.push("");
  lines.push(
    `Measured ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version} (lscpu: ${lscpu() ?? "not available"}); ${load0 > cpus().length / 2 ? `the ${cpus().length} cores were shared with other work during the run` : "an otherwise quiet machine"} (load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after).`,
  );
  lines.push("");
  lines.push(
    `POST /api/v1/svc/strategies/deposit/plan on the running app (scripts/serve.ts, PGlite), each chain behind a proxy adding ${RTT_MS} ms to every HTTP exchange (testing/latency/rtt-proxy.ts). A wave is one step of the longest chain of exchanges that waited for each other (exchanges that overlap in time, or a JSON-RPC batch, are one wave); no plan can take less than waves × ${RTT_MS} ms. Goal: at most 3 waves. Cold: the first plan on that chain of each of ${APP_STARTS} new app processes (package ids, clients and RPC capabilities unknown), for a new owner, after one plan without an owner warmed the route; warm: ${WARM_PER_START} more per process, each for another new owner.`,
  );
  lines.push("");
  lines.push(`| plan | chain (local) | cold waves | cold ms (median; runs) | warm waves | warm ms (median of ${APP_STARTS * WARM_PER_START}) | over the waves' floor, warm median |`);
  lines.push("|---|---|---|---|---|---|---|");
  const chainName: Record<LatencyChain, string> = { "move-chain": "Sui gRPC-web node", "svm-chain": "Solana JSON-RPC (litesvm + klend checks)", "evm-a": "EVM JSON-RPC (@ethereumjs/vm, Aave v3 bytecode)" };
  for (const c of CHAINS) {
    const cw = [...new Set(cold[c].map((x) => x.waves))].join("/");
    const ww = [...new Set(warm[c].map((x) => x.waves))].join("/");
    const wm = median(warm[c].map((x) => x.ms));
    const floor = Math.max(...warm[c].map((x) => x.waves)) * RTT_MS;
    lines.push(
      `| ${LATENCY_VENUE[c]} deposit | ${chainName[c]} | ${cw} | ${f0(median(cold[c].map((x) => x.ms)))} (${cold[c].map((x) => f0(x.ms)).join(", ")}) | ${ww} | ${f0(wm)} | ${f0(wm - floor)} |`,
    );
  }
  for (const c of ["move-chain", "svm-chain"] as const) {
    const ws = withdraw[c];
    const floor = Math.max(...ws.map((x) => x.waves)) * RTT_MS;
    const m = median(ws.map((x) => x.ms));
    lines.push(`| ${LATENCY_VENUE[c]} withdraw (owner holds shares; after the deposits) | ${chainName[c]} | n/a | n/a | ${[...new Set(ws.map((x) => x.waves))].join("/")} | ${f0(m)} (of ${ws.length}) | ${f0(m - floor)} |`);
  }
  lines.push("");
  lines.push("What each wave asked (the first cold plan and the first warm plan):");
  lines.push("");
  const show = (s: Sample | undefined) => (s ? s.exchanges.map((w, i) => `${i + 1}: ${w.join(" ‖ ")}`).join("; ") : "n/a");
  for (const c of CHAINS) {
    lines.push(`- ${LATENCY_VENUE[c]} cold: ${show(cold[c][0])}`);
    lines.push(`- ${LATENCY_VENUE[c]} warm: ${show(warm[c][0])}`);
  }
  for (const c of ["move-chain", "svm-chain"] as const) lines.push(`- ${LATENCY_VENUE[c]} withdraw: ${show(withdraw[c][0])}`);
  lines.push("");
  lines.push(
    "The milliseconds above the waves' floor are ours and the local chains' (the in-process EVM runs Aave's supply in JavaScript for each estimate; the Solana chain runs litesvm), on a shared machine: the wave count is the figure the goal is about, and tests/api/plan-latency.test.ts asserts it.",
  );
  return lines.join("\n");
}
