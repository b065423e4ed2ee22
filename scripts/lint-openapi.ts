// `npm run lint:openapi` (and the first step of `npm test`): lints the OpenAPI document the server serves
// (the same bytes as GET /api/v1/openapi.json: documentJson() of server/api.ts) with Redocly CLI's
// recommended ruleset (redocly.yaml). Exit code 0 only with zero errors and zero warnings.
//   tsx --conditions=react-server scripts/lint-openapi.ts
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { documentJson } from "../server/api";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "test-results");
mkdirSync(out, { recursive: true });
const file = path.join(out, "openapi.json");
writeFileSync(file, documentJson());
const r = spawnSync(
  process.execPath,
  [path.join(root, "node_modules", "@redocly", "cli", "bin", "cli.js"), "lint", file, "--config", path.join(root, "redocly.yaml"), "--max-problems", "200"],
  { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
);
const text = `${r.stdout.toString()}${r.stderr.toString()}`;
process.stdout.write(text);
// Warnings count too: a document with a warning is not the contract we mean to publish.
const problems = /Validation failed with (\d+) errors?(?: and (\d+) warnings?)?/.exec(text) ?? /You have (\d+) warnings?/.exec(text);
const clean = r.status === 0 && !problems;
process.stdout.write(clean ? "OpenAPI lint: 0 problems\n" : "OpenAPI lint: problems found (see above)\n");
process.exit(clean ? 0 : 1);
