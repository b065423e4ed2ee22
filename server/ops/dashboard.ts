// The dashboard's state in this process (issue 28 item 4). The production server (scripts/serve.ts) answers the API
// from the endpoint registry at once and builds the dashboard in the background when its build is missing or stale
// (scripts/dashboard-build.ts); until Next.js is prepared on a current build, pages answer 503 (scripts/dashboard-page.ts)
// and GET /api/v1/readyz reports how far the build is. Under `next dev` / `next start` nobody sets it: Next.js itself
// serves the pages there, so the dashboard is ready.

export type DashboardState = "building" | "ready" | "failed";

export interface DashboardStatus {
  state: DashboardState;
  /** What the build is doing, as `next build` printed it ("Generating static pages (3/12)"); null when ready. */
  phase: string | null;
  /** When this process began building (or waiting for another start's build); null when it never did. */
  startedAt: number | null;
  /** Why the dashboard cannot be served (failed only). */
  error: string | null;
  /** The build's output, relative to the service's folder; null when this process ran no build. */
  log: string | null;
}

/** What GET /api/v1/readyz says of the dashboard. */
export interface DashboardReport {
  state: DashboardState;
  phase: string | null;
  elapsedSeconds: number | null;
  error: string | null;
  log: string | null;
}

const READY: DashboardStatus = { state: "ready", phase: null, startedAt: null, error: null, log: null };

// On globalThis: the endpoint modules may be loaded twice (tsx and Next.js's bundle) and must read one state.
const holder = globalThis as unknown as { __svcDashboard?: DashboardStatus };

export function dashboardStatus(): DashboardStatus {
  return holder.__svcDashboard ?? READY;
}

export function setDashboardStatus(next: Partial<DashboardStatus> & Pick<DashboardStatus, "state">): DashboardStatus {
  const status = { ...dashboardStatus(), ...next };
  holder.__svcDashboard = status;
  return status;
}

export function dashboardReport(now = Date.now()): DashboardReport {
  const s = dashboardStatus();
  return {
    state: s.state,
    phase: s.phase,
    elapsedSeconds: s.state === "building" && s.startedAt !== null ? Math.max(0, Math.round((now - s.startedAt) / 1000)) : null,
    error: s.error,
    log: s.log,
  };
}

/**
 * The build's phase a line of `next build`'s output starts (Next.js 16's own words: node_modules/next/dist/build/index.js,
 * progress.js, type-check.js), or null for any other line.
 */
export function buildPhaseOf(line: string): string | null {
  const pages = /Generating static pages[^(]*\((\d+)\/(\d+)\)/.exec(line);
  if (pages) return `Generating static pages (${pages[1]}/${pages[2]})`;
  if (line.includes("Generating static pages")) return "Generating static pages";
  if (line.includes("Creating an optimized production build")) return "Creating an optimized production build";
  if (/Compiled successfully|Compiled with warnings/.test(line)) return "Compiled";
  if (/Running TypeScript|Skipping validation of types|Linting/.test(line)) return "Checking types";
  if (line.includes("Collecting page data")) return "Collecting page data";
  if (line.includes("Finalizing page optimization")) return "Finalizing page optimization";
  if (line.includes("Collecting build traces")) return "Collecting build traces";
  return null;
}
