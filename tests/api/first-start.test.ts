// Issue 28 item 4, the first start, on real processes: the production server run as `npm start` runs it
// (scripts/serve.ts --build-if-needed) in a copy of the repository with no .next, so it must build. The API answers
// at once; pages and assets answer 503 with Retry-After, a request id and the build's progress (a JSON client gets
// the catalogued envelope) and /readyz reports the build, until the build is done and the same process serves the
// pages. A failed build leaves pages at 503 "failed" with the log's path, the API still answering; SIGTERM during a
// build ends the build too. The build is a stand-in (tests/support/fake-next-build.ts: `next build`'s own lines, then a
// copy of this repository's real build) that waits for the test's go-ahead, so every state is seen without timing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIsCurrent } from "../../scripts/build-state";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";
import { ALL_TESTS, SCORE_MODIFIERS } from "../support/observatory";
import { observe } from "../support/observatory-retrieve";
import { copyRepo, repoRoot } from "../support/repo-copy";

const REQ_ID = /^req_[0-9a-z]+$/;

interface Dashboard {
  state: string;
  phase: string | null;
  elapsedSeconds: number | null;
  error: string | null;
  log: string | null;
}

function fakeBuild(dir: string, outcome: "ok" | "fail") {
  const go = path.join(dir, "fake-build.go");
  const runs = path.join(dir, "fake-build.runs");
  const command = [process.execPath, "--import", "tsx", path.join(repoRoot, "tests", "support", "fake-next-build.ts"), path.join(repoRoot, ".next"), go, runs, outcome];
  return {
    env: { SVC_TEST_BUILD_COMMAND: JSON.stringify(command) },
    go: () => writeFileSync(go, ""),
    /** The pids of every build run so far. */
    runs: () => (existsSync(runs) ? readFileSync(runs, "utf8").split("\n").filter(Boolean).map(Number) : []),
  };
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function dashboardOf(app: App): Promise<Dashboard> {
  const r = await call<{ ready: boolean; dashboard: Dashboard }>(app.url, "GET", "/api/v1/readyz");
  expect(r.status, r.text).toBe(200);
  expect(r.json.ready).toBe(true);
  return r.json.dashboard;
}

const phaseIs = (app: App, phase: string | RegExp) => async () => {
  const d = await dashboardOf(app);
  return (typeof phase === "string" ? d.phase === phase : phase.test(d.phase ?? "")) ? d : null;
};

describe("first start with no build: API at once, dashboard built in the background", () => {
  const repo = copyRepo("svc-first-start-");
  const build = fakeBuild(repo.dir, "ok");
  let app: App;
  let second: App;
  beforeAll(async () => {
    app = await startApp({ root: repo.dir, args: ["--build-if-needed"], env: { ...build.env, SVC_HTTPS_REDIRECT: "1" } });
  });
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
    repo.remove();
  });

  it("while building: the API answers 200 and /readyz is ready, reporting the build's phase", async () => {
    const d = await until("the build's half-way phase", phaseIs(app, "Generating static pages (14/59)"));
    expect(d).toMatchObject({ state: "building", error: null, log: ".next-build.log" });
    expect(typeof d.elapsedSeconds).toBe("number");
    const status = await call(app.url, "GET", "/api/v1/svc/status");
    expect(status.status, status.text).toBe(200);
    expect(readFileSync(path.join(repo.dir, ".next-build.log"), "utf8")).toContain("Creating an optimized production build");
  });

  it("while building: pages and assets answer 503 with Retry-After, a request id and the progress, self-contained", async () => {
    for (const p of ["/", "/portfolio", "/_next/static/chunks/main.js"]) {
      const r = await call(app.url, "GET", p, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(r.status, p).toBe(503);
      expect(r.headers.get("retry-after"), p).toBe("5");
      expect(r.headers.get("x-request-id"), p).toMatch(REQ_ID);
      expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.text).toContain("The dashboard is being built");
      expect(r.text).toContain("Generating static pages (14/59)");
      expect(r.text).toMatch(/<meta http-equiv="refresh" content="5">/);
      // Nothing to load and nothing to run: no script, no stylesheet or image from anywhere.
      expect(r.text).not.toMatch(/<script|<link|<img|src=/i);
      const csp = r.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'$/);
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("while building: the 503 page passes every MDN HTTP Observatory test, none scoring below zero", async () => {
    // The Observatory grades no 503 (analyzeScan refuses it), so its twelve tests are run on the answer one by one.
    const observed = await observe(app.url, "/");
    expect(observed.auto?.status).toBe(503);
    const results = Object.fromEntries(ALL_TESTS.map(([name, test]) => [name, test(observed)]));
    expect(results["content-security-policy"]?.result).toBe("csp-implemented-with-no-unsafe-default-src-none");
    expect(results.redirection?.result).toBe("redirection-to-https");
    expect(results["strict-transport-security"]?.result).toBe("hsts-implemented-max-age-at-least-six-months");
    for (const [name, out] of Object.entries(results)) {
      expect({ name, pass: out.pass }).toEqual({ name, pass: true });
      expect(SCORE_MODIFIERS[out.result ?? ""] ?? 0, `${name}: ${out.result}`).toBeGreaterThanOrEqual(0);
    }
  });

  it("while building: a JSON client gets the catalogued UNAVAILABLE envelope with the build's state", async () => {
    const r = await call<{ code: string; requestId: string; details: { dashboard: Dashboard } }>(app.url, "GET", "/portfolio", { headers: { accept: "application/json" } });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.json).toMatchObject({ code: "UNAVAILABLE", requestId: r.headers.get("x-request-id") });
    expect(r.json.details.dashboard).toMatchObject({ state: "building", phase: "Generating static pages (14/59)" });
    const catalog = await call<{ errors: { code: string; statuses: number[] }[] }>(app.url, "GET", "/api/v1/svc/errors");
    expect(catalog.json.errors.find((e) => e.code === "UNAVAILABLE")?.statuses).toContain(503);
  });

  it("a second start in the same folder waits for that build instead of building again", async () => {
    second = await startApp({ root: repo.dir, args: ["--build-if-needed"], env: build.env });
    await until("the second start following the first's build", phaseIs(second, /^Waiting for another start's build: Generating static pages \(14\/59\)$/));
    expect((await call(second.url, "GET", "/")).status).toBe(503);
  });

  it("once the build is done, the same process serves the pages (no restart) and /readyz says ready", async () => {
    build.go();
    for (const a of [app, second]) {
      const page = await until("the dashboard served", async () => {
        const r = await call(a.url, "GET", "/");
        return r.status === 503 ? null : r;
      });
      expect(page.status, page.text).toBe(200);
      expect(page.headers.get("x-request-id")).toMatch(REQ_ID);
      // Next.js's page now, with its nonce policy.
      expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
      expect(await dashboardOf(a)).toMatchObject({ state: "ready", phase: null, error: null });
    }
    expect(app.output()).toContain("dashboard ready");
    expect(build.runs()).toHaveLength(1);
    expect(buildIsCurrent(repo.dir)).toBe(true);
    expect(existsSync(path.join(repo.dir, ".next-build.lock"))).toBe(false);
  });
});

describe("first start whose build fails: pages say so, the API keeps answering", () => {
  const repo = copyRepo("svc-first-fail-");
  const build = fakeBuild(repo.dir, "fail");
  let app: App;
  beforeAll(async () => {
    build.go();
    app = await startApp({ root: repo.dir, args: ["--build-if-needed"], env: build.env });
  });
  afterAll(async () => {
    await app?.stop();
    repo.remove();
  });

  it("pages answer 503 saying the build failed and where its output is; the API and /readyz answer 200", async () => {
    const d = await until("the failed build", async () => {
      const r = await dashboardOf(app);
      return r.state === "failed" ? r : null;
    });
    expect(d.error).toContain("Error: Failed to collect page data for /portfolio");
    const page = await call(app.url, "GET", "/");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBeNull();
    expect(page.headers.get("x-request-id")).toMatch(REQ_ID);
    expect(page.text).toContain("The dashboard's build failed");
    expect(page.text).toContain(".next-build.log");
    expect(page.text).toContain("Failed to collect page data for /portfolio");
    expect(page.text).not.toContain('http-equiv="refresh"');
    expect((await call(app.url, "GET", "/api/v1/svc/status")).status).toBe(200);
    expect(readFileSync(path.join(repo.dir, ".next-build.log"), "utf8")).toContain("Build error occurred");
    expect(existsSync(path.join(repo.dir, ".next-build.lock"))).toBe(false);
  });
});

describe("SIGTERM during a background build", () => {
  const repo = copyRepo("svc-first-term-");
  const build = fakeBuild(repo.dir, "ok");
  let app: App;
  afterAll(async () => {
    await app?.stop();
    repo.remove();
  });

  it("ends the build with the server: exit 0, the build process gone, the lock released", async () => {
    app = await startApp({ root: repo.dir, args: ["--build-if-needed"], env: build.env });
    await until("the build half-way", phaseIs(app, "Generating static pages (14/59)"));
    const [pid] = build.runs();
    expect(pid).toBeGreaterThan(0);
    expect(await app.terminate()).toEqual({ code: 0, signal: null });
    expect(app.output()).toContain("svc stopped");
    const alive = () => {
      try {
        process.kill(pid ?? 0, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until("the build process gone", async () => (alive() ? null : true), 10_000);
    expect(existsSync(path.join(repo.dir, ".next-build.lock"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".next", "BUILD_ID"))).toBe(false);
  });
});
