// Starts the real app (scripts/serve.ts, the production server, on the production build) on a free loopback port, on a fresh
// database: a copy of a migrated PGlite folder, or a new database on the PostgreSQL of DATABASE_URL.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { serveArgs } from "../../scripts/build-state";
import { freePort } from "./net";

export type DbKind = "pglite" | "postgres";

export interface App {
  url: string;
  port: number;
  db: DbKind;
  /** The env the server runs with (for a restart on the same database). */
  env: Record<string, string>;
  /** Everything the server printed. */
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL: a crash, leaving the database as it is. */
  kill: () => Promise<void>;
  /** Sends SIGTERM (a graceful stop), leaving the database; resolves with the exit code once the process has ended. */
  terminate: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = path.resolve(import.meta.dirname, "..", "..");

export function templateDir(): string {
  const t = inject("pgliteTemplate");
  if (!t) throw new Error("globalSetup did not prepare the PGlite template (tests/support/global-setup.ts)");
  return t;
}


/** Databases to run integration suites on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function dbKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export function assertLocalDatabase(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database (${host})`);
  }
}

/** A new empty PostgreSQL database on the server of DATABASE_URL; returns its URL and a drop function. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("DATABASE_URL is not set");
  assertLocalDatabase(base);
  const name = `svc_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A fresh database: a copy of the migrated PGlite template in a new temporary folder (named from `prefix`), or a new
 * database on the PostgreSQL of DATABASE_URL; the env that points the service at it, and a function that removes it.
 */
export async function freshDatabase(kind: DbKind, prefix: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === "postgres") {
    const pg = await createPgDatabase();
    return { env: { DATABASE_URL: pg.url }, drop: pg.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(templateDir(), path.join(dir, "pglite"), { recursive: true });
  return { env: { SVC_DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output()}`);
    // Only this child's own answer counts: another server may hold the port it was given (a free port is picked, then
    // bound by the child later), and that server's 200 would send the test to the wrong app.
    if (!output().includes(`svc listening on ${url}`)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const r = await fetch(`${url}/api/v1/svc/status`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`app not ready after ${timeoutMs} ms:\n${output()}`);
}

export interface StartOptions {
  db?: DbKind;
  env?: Record<string, string>;
  /** Reuse the database of an earlier app (restart): pass its env. */
  reuseEnv?: Record<string, string>;
  port?: number;
  /** Another copy of the repository to run (tests/support/repo-copy.ts); this one by default. */
  root?: string;
  /** More arguments for scripts/serve.ts (e.g. `--build-if-needed`, as `npm start` passes). */
  args?: string[];
}

export async function startApp(opts: StartOptions = {}, attempt = 1): Promise<App> {
  const db = opts.db ?? "pglite";
  const port = opts.port ?? (await freePort());
  const { env: dbEnv, drop: cleanup } = opts.reuseEnv ? { env: {}, drop: async () => {} } : await freshDatabase(db, "svc-app-");
  const env: Record<string, string> = {
    SVC_LOG_LEVEL: "warn",
    SVC_DISABLE_JOBS: "1",
    // Pages' code loads on a page's first request, not at start (next.config.ts): these servers mostly answer the API.
    SVC_TEST_LAZY_PAGES: "1",
    // Outside services are never reached from tests: every upstream points at a closed port unless a test sets it.
    SVC_YIELDS_API_URL: "http://127.0.0.1:9",
    SVC_RPC_MOVE: "http://127.0.0.1:9",
    SVC_RPC_SVM: "http://127.0.0.1:9",
    SVC_RPC_EVM_A: "http://127.0.0.1:9",
    SVC_RPC_EVM_B: "http://127.0.0.1:9",
    SVC_QUOTE_SVM_URL: "http://127.0.0.1:9",
    SVC_QUOTE_MOVE_URL: "http://127.0.0.1:9",
    SVC_QUOTE_EVM_URL: "http://127.0.0.1:9",
    SVC_CCTP_ATTESTATION_URL: "http://127.0.0.1:9",
    SVC_PYTH_HERMES_URL: "http://127.0.0.1:9",
    ...(opts.reuseEnv ?? {}),
    ...dbEnv,
    ...(opts.env ?? {}),
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const childEnv: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("SVC_") && k !== "DATABASE_URL" && k !== "PORT") childEnv[k] = v;
  }
  Object.assign(childEnv, env);
  const dir = opts.root ?? root;
  const child = spawn(process.execPath, [...serveArgs(dir), "-p", String(port), "-H", "127.0.0.1", ...(opts.args ?? [])], {
    cwd: dir,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const output = () => out;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
  };
  try {
    await waitReady(url, child, output);
  } catch (e) {
    await stopWith("SIGKILL");
    await cleanup();
    // Another process took the free port between its pick and this child's bind: pick another.
    if (opts.port === undefined && attempt < 3 && /EADDRINUSE/.test(out)) return startApp(opts, attempt + 1);
    throw e;
  }
  return {
    url,
    port,
    db,
    env,
    output,
    stop: async () => {
      await stopWith("SIGTERM");
      await cleanup();
    },
    kill: () => stopWith("SIGKILL"),
    terminate: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}

/**
 * The app of one describe block: started before its tests (in `beforeAll`, so `opts` may read what earlier hooks set)
 * and stopped after them. Its fields are read inside hooks and tests, once it has started.
 */
export function useApp(opts: StartOptions | (() => StartOptions) = {}): App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(typeof opts === "function" ? opts() : opts);
  });
  afterAll(async () => {
    await app?.stop();
  });
  return started(() => app);
}

const shared = new Map<string, { users: number; app?: Promise<App> }>();

/**
 * One app for every describe block of a test file that names the same `name` (each block's tests must not depend on
 * what the others wrote): started before the first block's tests, stopped after the last block's. An app start is a
 * production server of its own (seconds), so blocks that need the same configuration share one.
 */
export function useSharedApp(name: string, opts: StartOptions): App {
  const entry = shared.get(name) ?? { users: 0 };
  shared.set(name, entry);
  entry.users += 1;
  let app: App | undefined;
  beforeAll(async () => {
    entry.app ??= startApp(opts);
    app = await entry.app;
  });
  afterAll(async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.delete(name);
    await app?.stop();
  });
  return started(() => app);
}

function started(get: () => App | undefined): App {
  return new Proxy({} as App, {
    get: (_, field) => {
      const app = get();
      if (!app) throw new Error("the app is not started yet: read it inside a hook or a test");
      return app[field as keyof App];
    },
  });
}
