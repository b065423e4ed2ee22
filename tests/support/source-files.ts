// The TypeScript sources under a folder, for the tests that read the code itself (layers, sizes, API types).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const isTest = (name: string) => /\.(test|spec)\.tsx?$/.test(name);

/** Every .ts/.tsx file under `dir` (declaration files never; test files unless `withTests` is false). */
export function sourceFiles(dir: string, withTests = true): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full, withTests));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts") && (withTests || !isTest(name))) out.push(full);
  }
  return out;
}
