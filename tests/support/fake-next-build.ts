// A stand-in for `next build` in the first-start tests (run through SVC_TEST_BUILD_COMMAND, scripts/dashboard-build.ts):
// prints the lines Next.js 16's build prints (node_modules/next/dist/build/index.js, progress.js, type-check.js, as
// they come out without a terminal), stops half-way until the test creates the `go` file, then either fails as a
// build fails (exit 1 with an error line) or puts a real production build in place: a copy of the build in `from`
// (this repository's .next, made by the test set-up), without its source stamp, which the server writes itself.
//   node --import tsx fake-next-build.ts <from .next> <go file> <runs file> <ok|fail>
import { appendFileSync, cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const [from = "", go = "", runs = "", outcome = "ok"] = process.argv.slice(2);
appendFileSync(runs, `${process.pid}\n`);
const say = (line: string) => process.stdout.write(`${line}\n`);

// As Next.js 16.4.5 printed them into .next-build.log on this repository (2026-11-27), up to the pages half-way.
say("▲ Next.js 16.4.5 (Turbopack)");
say("");
say("  Creating an optimized production build ...");
say("✓ Compiled successfully in 48s");
say("  Skipping validation of types");
say("  Finished TypeScript config validation in 10ms ...");
say("  Collecting page data using 1 worker ...");
say("  Generating static pages using 1 worker (0/59) ...");
say("  Generating static pages using 1 worker (14/59) ");

while (!existsSync(go)) await new Promise((r) => setTimeout(r, 50));

if (outcome === "fail") {
  process.stderr.write("Error: Failed to collect page data for /portfolio\n");
  say("> Build error occurred");
  process.exit(1);
}
say("  Generating static pages using 1 worker (29/59) ");
say("  Generating static pages using 1 worker (44/59) ");
say("✓ Generating static pages using 1 worker (59/59) in 421ms");
say("  Finalizing page optimization ...");
const dist = path.join(process.cwd(), ".next");
rmSync(dist, { recursive: true, force: true });
cpSync(from, dist, { recursive: true, filter: (src) => !src.startsWith(path.join(from, "cache")) && path.basename(src) !== "svc-source.sha256" });
