// Dashboard benchmark: first-load JavaScript of `/` (gzip) and Largest Contentful Paint of `/`, in headless
// Debian Chromium against the production build (`next start`) on a fresh embedded database.
// run() returns markdown; the lead wires it into `npm run bench` (bench/run.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { POOLS } from "../e2e/fixtures";
import { buildIsCurrent, sourceFingerprint } from "../scripts/build-state";
import { freePort } from "../tests/support/net";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
// Issue 28 item 5.
const JS_GOAL_KB = 150;
const LCP_GOAL_MS = 200;
/** Strings only the wallet libraries' code carries: wagmi's docs URL, the Solana adapter's error name, dApp Kit's name. */
const WALLET_MARKERS = ["wagmi.sh", "WalletNotReadyError", "dapp-kit"];
const RUNS = 5;

/** A local DefiLlama-format yields server (the e2e fixtures), so `/` is measured with its real table rows. */
async function startYields(): Promise<{ url: string; close: () => void }> {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    res.writeHead(req.url === "/pools" ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url === "/pools" ? { status: "success", data: POOLS } : { status: "error" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export async function startApp(): Promise<{ url: string; stop: () => void }> {
  if (!buildIsCurrent(root)) {
    const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error("next build failed");
    writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
  }
  const yields = await startYields();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "svc-bench-dash-"));
  // Jobs on: the catalog refresh at start loads the local yields snapshot. RPCs closed: nothing leaves the machine.
  const closed = "http://127.0.0.1:9";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    SVC_DATA_DIR: dir,
    SVC_LOG_LEVEL: "warn",
    SVC_YIELDS_API_URL: yields.url,
    SVC_RPC_MOVE: closed,
    SVC_RPC_SVM: closed,
    SVC_RPC_EVM_A: closed,
    SVC_RPC_EVM_B: closed,
    PORT: String(port),
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/svc/status`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("app did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  // Wait for the first snapshot, so the table has rows.
  for (;;) {
    const home = (await (await fetch(`${url}/api/v1/svc/home`)).json()) as { status?: string };
    if (home.status === "ok") break;
    if (Date.now() > deadline) throw new Error("no yields snapshot");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () => {
      child.kill("SIGTERM");
      yields.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function hasWalletCode(b: Buffer): boolean {
  const text = b.toString("latin1");
  return WALLET_MARKERS.some((m) => text.includes(m));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

export async function run(): Promise<string> {
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"],
  });
  try {
    // First-load JS: every script the page loads before it is idle, without opening the wallet dialog.
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const scripts = new Map<string, Buffer>();
    page.on("response", async (r) => {
      if (r.request().resourceType() === "script" && r.url().startsWith(app.url)) {
        try {
          scripts.set(r.url(), await r.body());
        } catch {
          // body gone (navigation): ignored
        }
      }
    });
    await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
    await page.getByTestId("opportunity-row").first().waitFor();
    const rows = await page.getByTestId("opportunity-row").count();
    await page.waitForTimeout(500);
    let raw = 0;
    let gz = 0;
    const sizes: { name: string; raw: number; gz: number }[] = [];
    for (const [u, b] of scripts) {
      const g = gzipSync(b, { level: 9 }).length;
      raw += b.length;
      gz += g;
      sizes.push({ name: new URL(u).pathname.replace("/_next/static/chunks/", ""), raw: b.length, gz: g });
    }
    sizes.sort((a, b) => b.gz - a.gz);
    const walletInFirstLoad = [...scripts.values()].some((b) => hasWalletCode(b));
    // Opening the connect dialog is what fetches the wallet libraries.
    const before = new Set(scripts.keys());
    await page.getByTestId("wallet-button").click();
    await page.getByRole("dialog").waitFor();
    await page.waitForLoadState("networkidle");
    const walletOnOpen = [...scripts].some(([u, b]) => !before.has(u) && hasWalletCode(b));
    await ctx.close();
    if (walletInFirstLoad) throw new Error("a wallet library is in the first load of `/`");
    if (!walletOnOpen) throw new Error("opening the connect dialog fetched no wallet library (the check's markers are stale?)");

    // LCP: fresh context each run (cold HTTP cache), median of RUNS.
    const lcps: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = await browser.newContext();
      const p = await c.newPage();
      await p.addInitScript(() => {
        const w = window as Window & { __lcp?: number };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await p.goto(`${app.url}/`, { waitUntil: "networkidle" });
      await p.waitForTimeout(300);
      lcps.push(await p.evaluate(() => (window as Window & { __lcp?: number }).__lcp ?? Number.NaN));
      await c.close();
    }
    const lcp = median(lcps);
    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    const kb = gz / 1024;
    return [
      "## Dashboard (`/`)",
      "",
      `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, headless Debian Chromium, \`next start\` production build.`,
      "",
      "| Metric | Result | Goal | |",
      "|---|---|---|---|",
      `| First-load JS of \`/\` (gzip, ${scripts.size} scripts) | ${kb.toFixed(1)} kB (raw ${(raw / 1024).toFixed(0)} kB) | < ${JS_GOAL_KB} kB | ${kb < JS_GOAL_KB ? "met" : "MISSED"} |`,
      `| Largest Contentful Paint of \`/\` (median of ${RUNS}, cold cache) | ${lcp.toFixed(0)} ms (runs: ${lcps.map((x) => x.toFixed(0)).join(", ")}) | < ${LCP_GOAL_MS} ms | ${lcp < LCP_GOAL_MS ? "met" : "MISSED"} |`,
      "",
      "Largest first-load scripts (gzip):",
      "",
      "| Script | gzip | raw |",
      "|---|---|---|",
      ...sizes.slice(0, 8).map((x) => `| \`${x.name}\` | ${(x.gz / 1024).toFixed(1)} kB | ${(x.raw / 1024).toFixed(0)} kB |`),
      "",
      `\`/\` was measured with its real table (${rows} rows from a local DefiLlama-format yields server).`,
      "Wallet libraries (wagmi/viem, Solana adapter + web3.js, dapp-kit) are not in the first load (checked: no first-load script carries their code), and opening the connect dialog fetches them (checked).",
      "",
    ].join("\n");
  } finally {
    await browser.close();
    app.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  run().then((md) => process.stdout.write(`${md}\n`), (e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
