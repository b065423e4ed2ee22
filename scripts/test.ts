// `npm test`: every suite that needs no network beyond loopback. The OpenAPI lint (Redocly, recommended
// ruleset, zero problems: scripts/lint-openapi.ts), unit and integration tests (vitest:
// PGlite always, PostgreSQL too when DATABASE_URL is set), then end-to-end tests in headless Chromium
// (Playwright). Ends with one summary line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const out = path.join(root, "test-results");
mkdirSync(out, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const args = process.argv.slice(2);

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
/** Each failed test, by file and name with its first message line: repeated at the very end, where a CI log's tail shows it. */
const failures: string[] = [];
const firstLine = (s: string | undefined): string => stripVTControlCharacters(s ?? "").split("\n").find((l) => l.trim() !== "")?.trim().slice(0, 300) ?? "";

// The served OpenAPI document, linted: counted as one test.
const lint = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(root, "scripts", "lint-openapi.ts")], { stdio: "inherit", env });
if (lint.status === 0) passed += 1;
else {
  failed += 1;
  ok = false;
}

const vitestJson = path.join(out, "vitest.json");
const v = spawnSync(
  process.execPath,
  [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...args],
  { stdio: "inherit", env },
);
if (v.status !== 0) ok = false;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults) {
    const rel = path.relative(root, file.name);
    const bad = file.assertionResults.filter((a) => a.status === "failed");
    for (const a of bad) failures.push(`vitest ${rel} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
    if (file.status === "failed" && bad.length === 0) failures.push(`vitest ${rel} (the file failed outside a test): ${firstLine(file.message)}`);
  }
}

if (existsSync(path.join(root, "playwright.config.ts")) && args.length === 0) {
  const pwJson = path.join(out, "playwright.json");
  const p = spawnSync(process.execPath, [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", "--reporter=list,json"], {
    stdio: "inherit",
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });
  if (p.status !== 0) ok = false;
  if (existsSync(pwJson)) {
    const r = JSON.parse(readFileSync(pwJson, "utf8")) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number }; suites?: PwSuite[]; errors?: { message?: string }[] };
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    for (const s of r.suites ?? []) collectPlaywrightFailures(s, []);
    for (const e of r.errors ?? []) failures.push(`playwright (outside a test): ${firstLine(e.message)}`);
  }
}

if (!ok && failed === 0) failed = 1; // a suite crashed before reporting
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);

interface PwSuite {
  title: string;
  file?: string;
  suites?: PwSuite[];
  specs?: { title: string; file: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

function collectPlaywrightFailures(suite: PwSuite, titles: string[]): void {
  const here = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      if (t.status !== "unexpected") continue;
      failures.push(`playwright ${spec.file} › ${[...here, spec.title].join(" › ")}: ${firstLine(t.results.at(-1)?.error?.message)}`);
    }
  }
  for (const s of suite.suites ?? []) collectPlaywrightFailures(s, here);
}
