// A copy of this repository in a temporary folder: its files (tracked, and new ones not ignored) copied, node_modules
// linked, no .next. For tests of what a fresh clone does (issue 28 item 4: the first start with no build).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export function copyRepo(prefix = "svc-repo-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const ls = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 << 20 });
  if (ls.status !== 0) throw new Error(`git ls-files failed: ${ls.stderr}`);
  for (const f of ls.stdout.split("\0").filter(Boolean)) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    try {
      cpSync(path.join(repoRoot, f), path.join(dir, f));
    } catch (e) {
      // A tracked file deleted in the working tree is not part of it.
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
