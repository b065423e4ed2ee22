// `npm run test:soak`: the bank invariant soak (tests/soak/soak.test.ts) at full length: 60 s on PostgreSQL by default.
// SOAK_SECONDS, SOAK_WALLETS, SOAK_CONCURRENCY, SOAK_SEED and SOAK_DB (postgres | pglite) override; DATABASE_URL names
// the PostgreSQL server (default: the local one CI starts). The summary (ops/s, violations) is printed and written to
// test-results/soak-<db>.json. Extra arguments go to vitest (e.g. tests/soak/crash.test.ts to run the crash test too).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
env.SOAK_SECONDS ??= "60";
env.SOAK_DB ??= "postgres";
if (env.SOAK_DB === "postgres") env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const files = process.argv.slice(2);
const r = spawnSync(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...(files.length ? files : ["tests/soak/soak.test.ts"])], {
  cwd: root,
  stdio: "inherit",
  env,
});
process.exit(r.status ?? 1);
