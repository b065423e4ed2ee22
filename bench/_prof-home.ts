// Profiling aid (not a bench): serves a fake /pools, starts scripts/serve.ts (PGlite) with --cpu-prof, loads
// GET /api/v1/svc/home with autocannon, stops the server, prints server CPU per request.
//   npx tsx bench/_prof-home.ts PROFILE_DIR [SECONDS]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { serveArgs } from "../scripts/build-state";
import { VENUES } from "../server/venues";
import { makePools, venueRows } from "../tests/support/fake-yields";
import { freePort } from "../tests/support/net";
import { appEnv } from "./_app-env";

const root = path.resolve(import.meta.dirname, "..");
const [profDir, secs] = process.argv.slice(2);
const autocannon = createRequire(import.meta.url)("autocannon") as (o: object) => Promise<{ requests: { average: number; total: number }; non2xx: number }>;
const payload = Buffer.from(JSON.stringify({ status: "success", data: makePools(20_000, venueRows(VENUES.map((v) => v.upstream))) }));
const up = createServer((_q, s) => s.writeHead(200, { "content-type": "application/json" }).end(payload));
await new Promise<void>((r) => up.listen(0, "127.0.0.1", () => r()));
const a = up.address();
const yields = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`;
const port = await freePort();
const prof = profDir && profDir !== "-" ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profDir)}`] : [];
const child = spawn(process.execPath, [...prof, ...serveArgs(root), "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env: appEnv({ SVC_DATA_DIR: mkdtempSync(path.join(tmpdir(), "hperf-")), SVC_YIELDS_API_URL: yields, SVC_RATE_LIMIT_PER_MIN: "1000000000", SVC_LOG_LEVEL: "silent", NODE_ENV: "production" }),
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://127.0.0.1:${port}/api/v1/svc/home`;
for (;;) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/svc/venues/apy`);
    if (r.ok && ((await r.json()) as { status: string }).status === "ok") break;
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
const cpu = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(f[11]) + Number(f[12])) * 10_000;
};
await autocannon({ url, connections: 64, duration: 2 });
const c0 = cpu();
const r = await autocannon({ url, connections: 64, duration: Number(secs ?? 8) });
const c1 = cpu();
console.log(JSON.stringify({ rps: Math.round(r.requests.average), non2xx: r.non2xx, cpuUsPerReq: ((c1 - c0) / r.requests.total).toFixed(1) }));
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
up.close();
process.exit(0);
