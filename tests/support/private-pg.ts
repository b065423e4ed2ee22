// A private PostgreSQL cluster for a test that stops and starts its database (issue 26 item 4): initdb into a temporary
// folder, trust auth, a free loopback port and the socket in that folder; never the machine's shared PostgreSQL,
// which other tests use. Run as the `postgres` user when the test runs as root (initdb refuses root).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "./net";

const BIN = process.env.SVC_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export const privatePgAvailable = (): boolean => existsSync(path.join(BIN, "initdb")) && existsSync(path.join(BIN, "pg_ctl"));

export interface PrivatePg {
  /** postgres://…/svc: an empty database the app migrates. */
  url: string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
}

function asPostgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

export async function startPrivatePg(): Promise<PrivatePg> {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-pg-"));
  const user = asPostgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  const run = (bin: string, args: string[]) => {
    const r = spawnSync(path.join(BIN, bin), args, { ...user, cwd: dir, encoding: "utf8", timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe("create database svc");
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/svc`,
    stop,
    start,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
