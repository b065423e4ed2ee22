// The production server as one ESM file, .svc/serve.mjs: scripts/serve.ts and everything it imports from server/,
// lib/ and client/src, bundled by esbuild; packages stay external (node_modules, resolved when it runs with
// --conditions=react-server, as before). Loading the sources through tsx's hooks cost about 2.7 s of CPU per start on
// this 2-core machine (a resolve and a transform hook on every one of ~400 imports); the bundle loads in a fraction
// of that. Every start runs it: `npm start`, the tests' servers, e2e and the benches (serveArgs in build-state.ts).
// It is rebuilt when one of its inputs changed: esbuild's metafile lists them, and their hashes are kept beside it.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

export const BUNDLE_DIR = ".svc";
const ENTRY = path.join("scripts", "serve.ts");

interface Stamp {
  /** Input file (relative to the root) → sha256 of its bytes. */
  inputs: Record<string, string>;
}

const sha = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");

function isCurrent(root: string, out: string, stampFile: string): boolean {
  if (!existsSync(out) || !existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Stamp;
    for (const [rel, hash] of Object.entries(stamp.inputs)) {
      const file = path.join(root, rel);
      if (!existsSync(file) || sha(file) !== hash) return false;
    }
    return Object.keys(stamp.inputs).length > 0;
  } catch {
    return false;
  }
}

/** Path of the bundled server under `root`, built first unless every input is unchanged since the last build. */
export function serverBundle(root: string): string {
  const dir = path.join(root, BUNDLE_DIR);
  const out = path.join(dir, "serve.mjs");
  const stampFile = path.join(dir, "serve.inputs.json");
  if (isCurrent(root, out, stampFile)) return out;
  mkdirSync(dir, { recursive: true });
  // Written beside the target, then renamed: two starts building at once (tests' workers, two `npm start`s) never
  // leave a half-written file for the other to run.
  const tmp = path.join(dir, `serve.${process.pid}.${Date.now()}.mjs`);
  const r = buildSync({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    conditions: ["react-server"],
    // A map beside the bundle for a debugger or `node --enable-source-maps` by hand; the server runs without that flag
    // (serveArgs): mapping every error's stack through a 2 MB map made API requests that meet errors ≈ 1.6× slower
    // (tests/api/plans.test.ts 36 s against 23 s). Class and function names stay as written (keepNames).
    sourcemap: "linked",
    keepNames: true,
    metafile: true,
    logLevel: "silent",
  });
  const inputs: Record<string, string> = {};
  for (const rel of Object.keys(r.metafile?.inputs ?? {})) inputs[rel] = sha(path.join(root, rel));
  // The map names the bundle it belongs to: rename both, then point the bundle's comment at the final map's name.
  const code = readFileSync(tmp, "utf8").replace(/\/\/# sourceMappingURL=\S+\s*$/, "//# sourceMappingURL=serve.mjs.map\n");
  writeFileSync(tmp, code);
  renameSync(`${tmp}.map`, `${out}.map`);
  renameSync(tmp, out);
  writeFileSync(`${stampFile}.${process.pid}`, JSON.stringify({ inputs } satisfies Stamp));
  renameSync(`${stampFile}.${process.pid}`, stampFile);
  return out;
}
