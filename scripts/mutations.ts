// `npm run test:mutations` (not part of `npm test`): each mutation of scripts/mutations-list.ts — one wrong-but-valid id,
// swapped argument, missing function, wrong selector, account order, signer flag, domain or discriminator — is applied
// to a copy of the repository (tracked and untracked-but-not-ignored files, node_modules linked; the working tree is
// never touched), then the test files that should catch it are run there. A mutation counts as caught only when the
// named test FAILED; a crash, a compile error or another test failing is not a catch. Before any mutation, the same
// test files run unmutated: if one fails, or a named test is not among them, the suite stops (a test that fails anyway
// proves nothing). Prints one line per mutation, then `N caught, M missed`; exits non-zero when M > 0.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { MUTATIONS, type Mutation } from "./mutations-list";

const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);
const chosen = only.length > 0 ? MUTATIONS.filter((m) => only.includes(m.id)) : MUTATIONS;
const started = Date.now();

interface VitestJson {
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** The repository's files (tracked, and new ones not ignored) copied to a fresh folder, node_modules linked. */
function copyRepo(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-mutations-"));
  const ls = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (ls.status !== 0) throw new Error(`git ls-files failed: ${ls.stderr}`);
  for (const f of new Set(ls.stdout.split("\0").filter(Boolean))) {
    const from = path.join(root, f);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(from, path.join(dir, f));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/** The first `n` non-empty lines of a message, joined (a comparison's heading and its first difference). */
const firstLine = (s: string | undefined, n = 1): string =>
  stripVTControlCharacters(s ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("at "))
    .slice(0, n)
    .map((l) => l.slice(0, 200))
    .join(" | ");

/** Runs `files` in `dir` with the mutations config (no Next build); the JSON report, or why there is none. */
function vitest(dir: string, files: readonly string[], tag: string): VitestJson | string {
  const out = path.join(dir, "test-results", `mutation-${tag}.json`);
  rmSync(out, { force: true });
  const r = spawnSync(
    process.execPath,
    [path.join(dir, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "vitest.mutations.config.ts", "--reporter=json", `--outputFile=${out}`, ...files],
    { cwd: dir, encoding: "utf8", env: { ...process.env, SVC_KEEP_BUILD: "1", VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" }, timeout: 10 * 60_000, maxBuffer: 64 << 20 },
  );
  if (!existsSync(out)) return `vitest wrote no report (exit ${r.status ?? r.signal}): ${firstLine(r.stderr) || firstLine(r.stdout)}`;
  return JSON.parse(readFileSync(out, "utf8")) as VitestJson;
}

const rel = (dir: string, name: string) => path.relative(dir, name);
/** The named test's results: in one of the mutation's files, full name containing its substring. */
const named = (dir: string, report: VitestJson, m: Mutation) =>
  report.testResults
    .filter((f) => m.caughtBy.files.includes(rel(dir, f.name)))
    .flatMap((f) => f.assertionResults.filter((a) => a.fullName.includes(m.caughtBy.test)).map((a) => ({ file: rel(dir, f.name), ...a })));

function main(): number {
  const dir = copyRepo();
  console.log(`mutations: ${chosen.length} in a copy at ${dir}`);
  try {
    // Stale: the text to change is not there exactly once (the builder moved on; the mutation must follow it).
    const stale = new Map<string, string>();
    for (const m of chosen) {
      for (const e of m.edits) {
        const p = path.join(dir, e.file);
        const n = existsSync(p) ? readFileSync(p, "utf8").split(e.find).length - 1 : -1;
        if (n !== 1) stale.set(m.id, n < 0 ? `${e.file} does not exist` : `${JSON.stringify(e.find.slice(0, 60))} occurs ${n} times in ${e.file}`);
      }
    }

    // Baseline: every catching file unmutated, once; each must pass and hold its named test.
    const files = [...new Set(chosen.filter((m) => !stale.has(m.id)).flatMap((m) => m.caughtBy.files))];
    const base = vitest(dir, files, "baseline");
    if (typeof base === "string") {
      console.log(`baseline: ${base}`);
      return 2;
    }
    const broken = base.testResults.flatMap((f) =>
      f.status === "passed" ? [] : [`${rel(dir, f.name)}: ${f.assertionResults.find((a) => a.status === "failed")?.fullName ?? firstLine(f.message)}`],
    );
    for (const f of files) if (!base.testResults.some((r) => rel(dir, r.name) === f)) broken.push(`${f}: not run`);
    for (const m of chosen) {
      if (stale.has(m.id)) continue;
      const hits = named(dir, base, m);
      if (hits.length === 0) broken.push(`${m.id}: no test in ${m.caughtBy.files.join(", ")} is named like "${m.caughtBy.test}"`);
      else if (hits.some((h) => h.status !== "passed")) broken.push(`${m.id}: "${m.caughtBy.test}" does not pass unmutated`);
    }
    if (broken.length > 0) {
      console.log(`baseline fails unmutated, nothing is proven:\n${broken.map((b) => `  ✗ ${b}`).join("\n")}`);
      return 2;
    }
    console.log(`baseline: ${files.length} files pass unmutated (${Math.round((Date.now() - started) / 1000)} s)\n`);

    let caught = 0;
    let missed = 0;
    for (const m of chosen) {
      const label = `[${m.kind}] ${m.id}`;
      const why = stale.get(m.id);
      if (why) {
        missed += 1;
        console.log(`STALE   ${label}: ${why}`);
        continue;
      }
      // Edits of one file apply in turn; every file is put back after the run, whatever happened.
      const originals = new Map<string, string>();
      for (const e of m.edits) {
        const p = path.join(dir, e.file);
        if (!originals.has(p)) originals.set(p, readFileSync(p, "utf8"));
        writeFileSync(p, readFileSync(p, "utf8").replace(e.find, () => e.replace));
      }
      const t0 = Date.now();
      let report: VitestJson | string;
      try {
        report = vitest(dir, m.caughtBy.files, m.id);
      } finally {
        for (const [p, text] of originals) writeFileSync(p, text);
      }
      const secs = `${Math.round((Date.now() - t0) / 1000)} s`;
      if (typeof report === "string") {
        missed += 1;
        console.log(`MISSED  ${label}: ${report}`);
        continue;
      }
      const failed = named(dir, report, m).filter((h) => h.status === "failed");
      const first = failed[0];
      if (first) {
        caught += 1;
        console.log(`caught  ${label} by ${first.file} › ${first.fullName} (${secs})\n          ${firstLine(first.failureMessages[0], 2)}`);
      } else {
        missed += 1;
        const other = report.testResults.flatMap((f) =>
          f.status === "passed" ? [] : [`${rel(dir, f.name)}: ${f.assertionResults.find((a) => a.status === "failed")?.fullName ?? firstLine(f.message)}`],
        );
        console.log(`MISSED  ${label}: "${m.caughtBy.test}" passed (${secs})${other.length > 0 ? `; failed instead: ${other.join("; ")}` : ""}`);
      }
    }
    console.log(`\n${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`${caught} caught, ${missed} missed`);
    return missed > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exit(main());
