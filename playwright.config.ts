// Playwright: one browser project in Debian's Chromium (never a downloaded browser), against the production
// build served by e2e/server.ts (next start on a fresh database + a local DefiLlama-format yields server).
import { defineConfig } from "@playwright/test";
import { assertLocalDatabase } from "./e2e/guard";

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";
if (process.env.DATABASE_URL) assertLocalDatabase(process.env.DATABASE_URL);

const port = Number(process.env.E2E_PORT ?? 3410);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    // One browser context per worker, reset between tests (Playwright's reuse mode: other pages closed, the page sent
    // to about:blank, cookies, storage, init scripts, routes and viewport reset; e2e/reuse.spec.ts checks it). A new
    // context costs a new renderer process (≈ 1.3 CPU-s on this VM, whose page faults are slow); alone it took the suite's
    // test time from 689 to 677 s, with the flags below 714 → ≈ 500 s of wall time (docs/decisions.md).
    reuseContext: true,
    // A trace records every action's DOM snapshot (≈ 7 % of the suite's time); nobody opens one from a CI run.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            // Fewer processes per page: starting one costs ≈ 1 CPU-s on this VM (slow page faults). One renderer for
            // the suite's one origin, the GPU thread in the browser process, no site-isolation trial processes.
            "--renderer-process-limit=1",
            "--in-process-gpu",
            "--disable-site-isolation-trials",
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx tsx e2e/server.ts`,
    url: `${baseURL}/api/v1/svc/status`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
