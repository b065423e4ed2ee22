// `npm run test:fuzz`: the OpenAPI fuzz (tests/fuzz/openapi-fuzz.test.ts) at length, where `npm test` runs it short.
// FUZZ_RUNS generated requests per operation (default 200), a random FUZZ_SEED unless one is given (printed first),
// on PGlite and, when DATABASE_URL is set, on PostgreSQL (FUZZ_DB=pglite or postgres for one). A failure prints the
// line that replays it: FUZZ_SEED=… FUZZ_OP=… FUZZ_PATH=… FUZZ_DB=… npm run test:fuzz. FUZZ_STATS=1 prints the statuses
// each operation answered; FUZZ_TRACE=1 every request and answer.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS ?? (process.env.FUZZ_PATH ? "1" : "200");
process.stdout.write(`OpenAPI fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}${process.env.FUZZ_OP ? ` FUZZ_OP=${process.env.FUZZ_OP}` : ""}\n`);
const r = spawnSync(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "tests/fuzz/openapi-fuzz.test.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_STATS: process.env.FUZZ_STATS ?? "1", NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(r.status ?? 1);
