// The dashboard build's progress as the 503 page and /readyz say it (issue 28 item 4): phases read from `next build`'s
// own output, as Next.js 16.4.5 wrote it into .next-build.log on this repository, and the page escapes what it shows.
import { describe, expect, it } from "vitest";
import { dashboardPageHtml } from "../../scripts/dashboard-page";
import { buildPhaseOf } from "../../server/ops/dashboard";

const LOG = `▲ Next.js 16.4.5 (Turbopack)
✓ Running next.config.ts took 107ms

  Creating an optimized production build ...
✓ Compiled successfully in 48s
  Skipping validation of types
  Finished TypeScript config validation in 10ms ...
  Collecting page data using 1 worker ...
  Generating static pages using 1 worker (0/59) ...
  Generating static pages using 1 worker (14/59) 
✓ Generating static pages using 1 worker (59/59) in 421ms
  Finalizing page optimization ...

Route (app)
┌ ƒ /`;

describe("the build's phase from next build's output", () => {
  it("names each phase in Next.js's words, with the pages' count, and ignores every other line", () => {
    const phases = LOG.split("\n").map(buildPhaseOf).filter((p) => p !== null);
    expect(phases).toEqual([
      "Creating an optimized production build",
      "Compiled",
      "Checking types",
      "Collecting page data",
      "Generating static pages (0/59)",
      "Generating static pages (14/59)",
      "Generating static pages (59/59)",
      "Finalizing page optimization",
    ]);
  });
});

describe("the 503 page", () => {
  it("shows the phase and elapsed time while building, and reloads itself", () => {
    const html = dashboardPageHtml({ state: "building", phase: "Collecting page data", elapsedSeconds: 75, error: null, log: ".next-build.log" });
    expect(html).toContain("<dd>Collecting page data</dd>");
    expect(html).toContain("<dd>1 min 15 s</dd>");
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
  });

  it("escapes a failed build's message (it comes from the build's output)", () => {
    const html = dashboardPageHtml({ state: "failed", phase: null, elapsedSeconds: null, error: "Error: <script>alert(1)</script>", log: ".next-build.log" });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;");
    expect(html).not.toContain("http-equiv");
  });
});
