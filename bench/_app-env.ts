// The environment of the app a bench starts (scripts/serve.ts in a child process), and the child processes' lifecycle.
import { type ChildProcess, spawn } from "node:child_process";

/** Every outside service pointed at a closed loopback port: a bench that measures our own work talks to none of them. */
export const CLOSED_UPSTREAMS = {
  SVC_YIELDS_API_URL: "http://127.0.0.1:9",
  SVC_RPC_MOVE: "http://127.0.0.1:9",
  SVC_RPC_SVM: "http://127.0.0.1:9",
  SVC_RPC_EVM_A: "http://127.0.0.1:9",
  SVC_RPC_EVM_B: "http://127.0.0.1:9",
} as const;

/** This process's environment without any SVC_ variable or DATABASE_URL (nothing of the caller's service leaks in), then `vars`. */
export function appEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("SVC_") && k !== "DATABASE_URL") env[k] = v;
  return Object.assign(env, vars) as NodeJS.ProcessEnv;
}

/** Resolves with `child` once the app on `port` answers /api/v1/svc/status; kills it and throws when it does not within `ms`. */
export async function waitForApp(child: ChildProcess, port: number, ms: number): Promise<ChildProcess> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/svc/status`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("app did not start");
}

/** SIGTERM (scripts/serve.ts shuts down gracefully, which also writes a --cpu-prof profile), SIGKILL after 10 s; resolves once it exited. */
export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `node <args>` to its end (asynchronously: the caller may serve what the child fetches) and returns its stdout;
 * a non-zero exit throws with the first `errLines` lines of its stderr. */
export async function childOutput(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; what: string; errLines: number }): Promise<string> {
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`${opts.what} failed: ${err.split("\n").slice(0, opts.errLines).join(" ")}`);
  return out;
}
