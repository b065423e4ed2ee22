// `npm run bench`: runs every bench/<name>.ts (each exports `run(): Promise<string>`, a markdown section)
// on the production build and writes the results, with the machine and date, to docs/benchmarks.md.
import { readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "../scripts/build-state";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";

ensureBuild(root);

const only = process.argv.slice(2);
const files = readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, "")))
  .sort();

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const header = `# Benchmarks\n\nWhere the goals stand and why: docs/performance.md.\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.\n`;
const sections: string[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(path.join(root, "bench", f)).href)) as { run?: () => Promise<string> };
  if (typeof mod.run !== "function") continue;
  process.stdout.write(`== ${f}\n`);
  const md = await mod.run();
  process.stdout.write(`${md}\n`);
  sections.push(md);
}
if (only.length === 0) writeFileSync(path.join(root, "docs", "benchmarks.md"), `${header}\n${sections.join("\n\n")}\n`);
process.exit(0);
