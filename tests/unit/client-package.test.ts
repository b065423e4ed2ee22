// The client installs as a consumer would get it (issue 27): `npm pack` of client/ into a tarball, installed into an
// empty folder with no network (openapi-fetch and its one dependency packed from this repository's node_modules),
// then a consumer file, the README's five-line example among it, type-checks with tsc and the package loads in Node.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function pack(dir: string, into: string, scripts: boolean): string {
  const before = new Set(readdirSync(into));
  run("npm", ["pack", "--pack-destination", into, ...(scripts ? [] : ["--ignore-scripts"])], dir);
  const made = readdirSync(into).find((f) => f.endsWith(".tgz") && !before.has(f));
  if (!made) throw new Error(`npm pack made no tarball in ${into}`);
  return path.join(into, made);
}

/** The TypeScript block of README.md's "Typed client" section. */
function readmeExample(): string {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Typed client"));
  const m = /```ts\n([\s\S]*?)```/.exec(section);
  if (!m?.[1]) throw new Error("README.md has no ```ts block in its Typed client section");
  return m[1];
}

const CONSUMER_TSCONFIG = {
  compilerOptions: { target: "ES2022", lib: ["ES2022", "DOM"], module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false, types: [] },
  include: ["*.ts"],
};

const TYPED_USE = `import { createSvcClient, type ErrorCode, SvcApiError, toMicros } from "@svc/client";
const c = createSvcClient({ baseUrl: "http://127.0.0.1:1", retry: { attempts: 2 } });
const r = await c.GET("/api/v1/wallets/{address}/position", { params: { path: { address: "0x1" } } });
if (r.error) {
  const code: ErrorCode = r.error.code;
  const scoped: boolean = code === "WALLET_SCOPE";
  console.log(scoped, r.error.requestId, new SvcApiError({ code, status: 403, message: "m", requestId: null }).blockers);
} else {
  const liquid: string = r.data.liquidMicros;
  console.log(liquid, toMicros("1") + 1n);
}
// @ts-expect-error: no such operation
await c.GET("/api/v1/no-such-path");
// @ts-expect-error: amountMicros is an integer-micros string, not a number
await c.POST("/api/v1/wallets/{address}/route", { params: { path: { address: "0x1" } }, body: { amountMicros: 1, chain: "move-chain" } });
`;

describe("the packed client", () => {
  let dir = "";
  let app = "";

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "svc-client-pack-"));
    const tarballs = path.join(dir, "tarballs");
    mkdirSync(tarballs);
    const client = pack(path.join(root, "client"), tarballs, true); // prepack builds dist/ with tsc
    const fetchPkg = pack(path.join(root, "node_modules", "openapi-fetch"), tarballs, false);
    const helpers = pack(path.join(root, "node_modules", "openapi-typescript-helpers"), tarballs, false);
    app = path.join(dir, "app");
    mkdirSync(app);
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    run("npm", ["install", "--offline", "--cache", path.join(dir, "npm-cache"), client, fetchPkg, helpers], app);
    writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG));
  }, 180_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("holds the built package, its README and CHANGELOG, and not the sources", () => {
    const pkg = path.join(app, "node_modules", "@svc", "client");
    for (const f of ["package.json", "README.md", "CHANGELOG.md", "dist/index.js", "dist/index.d.ts", "dist/schema.d.ts"]) {
      expect({ f, present: existsSync(path.join(pkg, f)) }).toEqual({ f, present: true });
    }
    expect(existsSync(path.join(pkg, "src"))).toBe(false);
    expect(existsSync(path.join(pkg, "tsconfig.build.json"))).toBe(false);
  });

  it("type-checks a consumer file and the README's example with tsc", () => {
    writeFileSync(path.join(app, "typed.ts"), TYPED_USE);
    writeFileSync(path.join(app, "readme.ts"), `declare const process: { env: Record<string, string | undefined> };\n${readmeExample()}export {};\n`);
    run(process.execPath, [tsc, "-p", "tsconfig.json"], app);
  });

  it("and fails on a wrong use (the check can fail)", () => {
    const bad = path.join(dir, "bad");
    mkdirSync(bad);
    writeFileSync(path.join(bad, "package.json"), JSON.stringify({ name: "bad", private: true, type: "module" }));
    writeFileSync(path.join(bad, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG));
    writeFileSync(path.join(bad, "wrong.ts"), `import { createSvcClient } from "@svc/client";\nconst c = createSvcClient({ baseUrl: "x" });\nconst r = await c.GET("/api/v1/svc/status");\nconst n: number = r.data?.phase;\nexport { n };\n`);
    // The same installed packages, reached through a link, so only the file differs.
    spawnSync("ln", ["-s", path.join(app, "node_modules"), path.join(bad, "node_modules")]);
    const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: bad, encoding: "utf8" });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/wrong\.ts\(4,7\): error TS2322/);
  });

  it("loads in Node as an ES module", () => {
    writeFileSync(path.join(app, "run.mjs"), `import { toMicros, formatMicros, IDEMPOTENT_OPERATIONS } from "@svc/client";\nconsole.log(String(toMicros("1.25")), formatMicros(1250000n), IDEMPOTENT_OPERATIONS.length > 0);\n`);
    expect(run(process.execPath, ["run.mjs"], app).trim()).toBe("1250000 1.25 true");
  });
});
