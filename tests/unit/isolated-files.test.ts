// The "shared" vitest project runs test files one after another on the same modules (vitest.config.ts): a file that
// changes process.env or a global, or boots the service in its own process with tests/support/serve.ts (which sets
// the environment for good), would leak into the next. Such a file must be in ISOLATED_TEST_FILES.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_TEST_FILES } from "../support/isolated-files";
import { sourceFiles } from "../support/source-files";

const root = path.resolve(import.meta.dirname, "..", "..");
const LEAKS: [string, RegExp][] = [
  ["assigns process.env", /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env|vi\.stubEnv/],
  ["touches globalThis", /globalThis/],
  ["mocks a module", /vi\.mock\(/],
  ["boots the service in its own process", /support\/serve"/],
];

const testFiles = ["tests", "server", "testing"]
  .flatMap((d) => sourceFiles(path.join(root, d)))
  .filter((f) => f.endsWith(".test.ts") && f !== import.meta.filename);

describe("test files that need fresh modules run isolated", () => {
  it("finds the test files", () => {
    expect(testFiles.length).toBeGreaterThan(100);
  });

  it("every file that changes the environment, a global or a module is in ISOLATED_TEST_FILES", () => {
    const isolated = new Set(ISOLATED_TEST_FILES);
    const missing: string[] = [];
    for (const f of testFiles) {
      const rel = path.relative(root, f);
      const text = readFileSync(f, "utf8");
      for (const [what, re] of LEAKS) if (re.test(text) && !isolated.has(rel)) missing.push(`${rel} ${what}`);
    }
    expect(missing).toEqual([]);
  });

  it("every listed file exists", () => {
    expect(ISOLATED_TEST_FILES.filter((f) => !existsSync(path.join(root, f)))).toEqual([]);
  });
});
