// The production server as one ESM file, .svc/serve.mjs: scripts/serve.ts and everything it imports from server/,
// lib/, client/src and node_modules, bundled by esbuild with --conditions=react-server. Loading the sources through
// tsx's hooks cost about 2.7 s of CPU per start on this 2-core machine (a resolve and a transform hook on every one of
// ~400 imports); resolving the packages at run time (package.json reads, ESM resolution) another ≈ 1.1 s of a 3.9 s
// start, so they are bundled too (2.7 s), except those that must stay files of their own (EXTERNAL). Every start runs
// it: `npm start`, the tests' servers, e2e and the benches (serveArgs in build-state.ts).
// It is rebuilt when one of its inputs changed: esbuild's metafile lists them; each one's size and mtime are kept
// beside it (and its hash, read only when those moved: a checkout that rewrote the same bytes).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

export const BUNDLE_DIR = ".svc";
const ENTRY = path.join("scripts", "serve.ts");

/**
 * Packages loaded from node_modules when the server runs: Next.js and React (the dashboard's runtime, one copy shared
 * with the pages' own code), PGlite (its WebAssembly and data files sit beside its modules), pino (its worker
 * transports are files), esbuild (a native binary), the optional native WebSocket helpers, and node-fetch (its URL
 * parser requires Node's deprecated `punycode`, which warns unless the requiring code sits in node_modules).
 */
const EXTERNAL = ["next", "react", "react-dom", "@electric-sql/pglite", "pino", "esbuild", "bufferutil", "utf-8-validate", "node-fetch"];

interface Stamp {
  /** Input file (relative to the root) → its size, mtime and sha256 when the bundle was built. */
  inputs: Record<string, { size: number; mtimeMs: number; sha: string }>;
}

const sha = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");

function isCurrent(root: string, out: string, stampFile: string): boolean {
  if (!existsSync(out) || !existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Stamp;
    for (const [rel, was] of Object.entries(stamp.inputs)) {
      const file = path.join(root, rel);
      const now = statSync(file, { throwIfNoEntry: false });
      if (!now || now.size !== was.size) return false;
      if (now.mtimeMs !== was.mtimeMs && sha(file) !== was.sha) return false;
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
    external: EXTERNAL,
    // Bundled CommonJS packages require Node's built-ins: an ESM file has no `require` of its own.
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
    conditions: ["react-server"],
    // A map beside the bundle for a debugger or `node --enable-source-maps` by hand; the server runs without that flag
    // (serveArgs): mapping every error's stack through a 2 MB map made API requests that meet errors ≈ 1.6× slower
    // (tests/api/plans.test.ts 36 s against 23 s). Class and function names stay as written (keepNames).
    sourcemap: "linked",
    keepNames: true,
    metafile: true,
    logLevel: "silent",
  });
  const inputs: Stamp["inputs"] = {};
  for (const rel of Object.keys(r.metafile?.inputs ?? {})) {
    const file = path.join(root, rel);
    const st = statSync(file);
    inputs[rel] = { size: st.size, mtimeMs: st.mtimeMs, sha: sha(file) };
  }
  // The map names the bundle it belongs to: rename both, then point the bundle's comment at the final map's name.
  const code = readFileSync(tmp, "utf8").replace(/\/\/# sourceMappingURL=\S+\s*$/, "//# sourceMappingURL=serve.mjs.map\n");
  writeFileSync(tmp, code);
  renameSync(`${tmp}.map`, `${out}.map`);
  renameSync(tmp, out);
  writeFileSync(`${stampFile}.${process.pid}`, JSON.stringify({ inputs } satisfies Stamp));
  renameSync(`${stampFile}.${process.pid}`, stampFile);
  return out;
}
