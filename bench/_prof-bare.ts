// Profiling aid: the bare server of bench/catalog.ts under the same load, server CPU per request.
//   npx tsx bench/_prof-bare.ts BODY_FILE [SECONDS]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { freePort } from "../tests/support/net";

const [file, secs] = process.argv.slice(2);
const autocannon = createRequire(import.meta.url)("autocannon") as (o: object) => Promise<{ requests: { average: number; total: number }; non2xx: number }>;
const port = await freePort();
const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "_bare-server.ts"), file ?? "", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
await new Promise((r) => child.stdout?.once("data", r));
const cpu = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(f[11]) + Number(f[12])) * 10_000;
};
const url = `http://127.0.0.1:${port}/`;
await autocannon({ url, connections: 64, duration: 2 });
const c0 = cpu();
const r = await autocannon({ url, connections: 64, duration: Number(secs ?? 8) });
console.log(JSON.stringify({ rps: Math.round(r.requests.average), non2xx: r.non2xx, cpuUsPerReq: ((cpu() - c0) / r.requests.total).toFixed(1) }));
child.kill("SIGTERM");
process.exit(0);
