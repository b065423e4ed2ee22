// `next build` in a background child process while the server already answers the API (issue 28 item 4). One build at
// a time per folder: the lock directory `.next-build.lock` (with the builder's pid inside) is taken before building; a
// second start that finds it follows the other's output (`.next-build.log`) and, when the lock is gone, serves that
// build if it is current or builds itself. A lock whose builder is gone (pid not alive) or older than 15 min is stale
// and removed. On success the source fingerprint is written (scripts/build-state.ts), as before.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildPhaseOf } from "../server/ops/dashboard";
import { buildIsCurrent, sourceFingerprint } from "./build-state";

export const BUILD_LOCK = ".next-build.lock";
/** The last build's output, relative to the service's folder (said on the failed page and in readyz). */
export const BUILD_LOG = ".next-build.log";
const STALE_LOCK_MS = 15 * 60_000;
const POLL_MS = 1_000;

export type BuildResult = { ok: true } | { ok: false; error: string };

/**
 * The command that builds: `next build`. Tests only may replace it with SVC_TEST_BUILD_COMMAND (a JSON array: program
 * and arguments), a fake that prints `next build`'s own lines and puts a real build in place when told to
 * (tests/support/fake-next-build.ts), so a test sees the whole building → ready path without a 4-minute build.
 */
function buildCommand(root: string): string[] {
  const fake = process.env.SVC_TEST_BUILD_COMMAND;
  if (fake) return JSON.parse(fake) as string[];
  return [process.execPath, path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch {
    return false;
  }
  writeFileSync(path.join(lock, "pid"), String(process.pid));
  return true;
}

/** Whether the lock is gone, or held by a builder that is gone or has held it for too long (then it is removed). */
function lockReleased(lock: string): boolean {
  try {
    let dead = false;
    const pidFile = path.join(lock, "pid");
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0;
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (e) {
        dead = (e as NodeJS.ErrnoException).code === "ESRCH";
      }
    }
    if (dead || Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    return !existsSync(lock);
  } catch {
    return !existsSync(lock);
  }
}

/** The last phase `next build` printed into the log (another start's build). */
function lastPhaseIn(log: string): string | null {
  let text = "";
  try {
    text = readFileSync(log, "utf8");
  } catch {
    return null;
  }
  let phase: string | null = null;
  for (const line of text.split(/[\r\n]+/)) phase = buildPhaseOf(line) ?? phase;
  return phase;
}

/** Why a build failed, from its output: its first error ("Error: …", "Type error: …"), else a line naming one, else its last line. */
function failureOf(code: number | null, signal: string | null, lines: string[]): string {
  const said = lines.find((l) => /^\s*(?:[A-Z]\w*)?Error:|Type error:/.test(l)) ?? lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? "";
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  return `next build ${how}${said ? `: ${said.trim()}` : ""}`.slice(0, 300);
}

export class DashboardBuild {
  private child: ChildProcess | null = null;
  private ownsLock = false;
  private stopped = false;
  private readonly lock: string;
  private readonly log: string;

  constructor(
    private readonly root: string,
    private readonly onPhase: (phase: string) => void,
  ) {
    this.lock = path.join(root, BUILD_LOCK);
    this.log = path.join(root, BUILD_LOG);
    // Whatever ends this process ends its build too (process.exit included).
    process.once("exit", () => this.killChild("SIGKILL"));
  }

  /** Ends with a current build in .next (built here or by another start), or the reason there is none. */
  async run(): Promise<BuildResult> {
    for (;;) {
      if (this.stopped) return { ok: false, error: "stopped" };
      if (takeLock(this.lock)) {
        this.ownsLock = true;
        try {
          return buildIsCurrent(this.root) ? { ok: true } : await this.build();
        } finally {
          this.releaseLock();
        }
      }
      while (!this.stopped && !lockReleased(this.lock)) {
        this.onPhase(`Waiting for another start's build: ${lastPhaseIn(this.log) ?? "starting"}`);
        await sleep(POLL_MS);
      }
      if (!this.stopped && buildIsCurrent(this.root)) return { ok: true };
    }
  }

  /** Stops the build (SIGTERM to its whole process group: next build's workers too) and releases the lock. */
  stop(): void {
    this.stopped = true;
    this.killChild("SIGTERM");
    const child = this.child;
    if (child) setTimeout(() => this.killChild("SIGKILL"), 3_000).unref();
    this.releaseLock();
  }

  private killChild(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null || this.child?.signalCode !== null) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }

  private releaseLock(): void {
    if (!this.ownsLock) return;
    this.ownsLock = false;
    rmSync(this.lock, { recursive: true, force: true });
  }

  private build(): Promise<BuildResult> {
    const fingerprint = sourceFingerprint(this.root);
    const out = createWriteStream(this.log);
    const [cmd = process.execPath, ...args] = buildCommand(this.root);
    this.onPhase("Starting next build");
    // Its own process group (detached), so a stop reaches the workers next build starts, not only the child.
    const child = spawn(cmd, args, {
      cwd: this.root,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    const lines: string[] = [];
    let partial = "";
    const onData = (chunk: Buffer) => {
      out.write(chunk);
      const parts = (partial + chunk.toString("utf8")).split(/[\r\n]+/);
      partial = parts.pop() ?? "";
      for (const line of parts) {
        if (line.trim()) lines.push(line);
        const phase = buildPhaseOf(line);
        if (phase) this.onPhase(phase);
      }
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    return new Promise<BuildResult>((resolve) => {
      child.once("error", (e) => {
        out.end();
        resolve({ ok: false, error: `next build could not start: ${e.message}` });
      });
      child.once("close", (code, signal) => {
        if (partial.trim()) lines.push(partial);
        out.end();
        if (code === 0 && !this.stopped && existsSync(path.join(this.root, ".next", "BUILD_ID"))) {
          writeFileSync(path.join(this.root, ".next", "svc-source.sha256"), fingerprint);
          resolve({ ok: true });
        } else resolve({ ok: false, error: this.stopped ? "stopped" : failureOf(code, signal, lines) });
      });
    });
  }
}
