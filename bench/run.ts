// `npm run bench`: runs every bench/<name>.ts (each exports `run(): Promise<string>`, a markdown section)
// on the production build and writes the results, with the machine and date, to docs/benchmarks.md.
// `npm run bench <name> [<name> …]` runs only those and replaces only their sections there.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

const unknown = only.filter((n) => !files.includes(`${n}.ts`));
if (unknown.length) throw new Error(`no bench named ${unknown.join(", ")} (bench/<name>.ts)`);

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const header = `# Benchmarks\n\nWhere the goals stand and why: docs/performance.md.\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.\n`;
const sections: string[] = [];
/** The bench name of each section, in order. */
const ran: string[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(path.join(root, "bench", f)).href)) as { run?: () => Promise<string> };
  if (typeof mod.run !== "function") continue;
  process.stdout.write(`== ${f}\n`);
  const md = await mod.run();
  process.stdout.write(`${md}\n`);
  sections.push(md);
  ran.push(f.replace(/\.ts$/, ""));
}
// Each bench's section is kept between markers, so `npm run bench <name> …` replaces only the sections of the benches it
// ran (each section says its own machine and date) and leaves the others as they were measured.
const doc = path.join(root, "docs", "benchmarks.md");
const marked = (name: string, md: string) => `<!-- bench:${name} -->\n${md}\n<!-- /bench:${name} -->`;
if (only.length === 0) {
  writeFileSync(doc, `${header}\n${sections.map((md, i) => marked(ran[i] ?? "", md)).join("\n\n")}\n`);
} else {
  let text = existsSync(doc) ? readFileSync(doc, "utf8") : `${header}\n`;
  sections.forEach((md, i) => {
    const name = ran[i] ?? "";
    const re = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
    text = re.test(text) ? text.replace(re, () => marked(name, md)) : `${text.trimEnd()}\n\n${marked(name, md)}\n`;
  });
  writeFileSync(doc, text);
}
process.exit(0);
