// The e2e stack, started by Playwright's webServer: a local yields server speaking the DefiLlama format,
// and the real production app (`next build` if the sources changed, then scripts/serve.ts) on a fresh database.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent, serveArgs, sourceFingerprint } from "../scripts/build-state";
import { assertLocalDatabase } from "./guard";
import { type FakeIris, type IrisEntry, startFakeIris } from "../tests/support/fake-iris";
import { quoteEnv, startFakeQuotes } from "../tests/support/fake-quotes";
import { startChainRpc } from "./chain-rpc";
import { EVM_B_PATH } from "./evm-constants";
import { startEvmB } from "./evm-chain";
import { POOLS, chartFor } from "./fixtures";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
export const APP_PORT = Number(process.env.E2E_PORT ?? 3410);
const YIELDS_PORT = Number(process.env.E2E_YIELDS_PORT ?? APP_PORT + 1);
/** The local chain RPC (testing/chains/server.ts with the wallets' book, e2e/chain-rpc.ts); support.ts routes the browser's wallet RPC calls here. */
export const CHAIN_RPC_PORT = Number(process.env.E2E_CHAIN_RPC_PORT ?? APP_PORT + 2);

if (process.env.DATABASE_URL) assertLocalDatabase(process.env.DATABASE_URL);

/** The local chain's switch (set once it runs): `POST /__e2e/chain {"down": true}` makes its RPC drop every connection. */
const chainSwitch = { down: (_: boolean) => {} };

function startYields(iris: FakeIris): Promise<void> {
  // A test can take the upstream down (`POST /__e2e/upstream {"down": true}`) to see the unavailable banner.
  let down = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/__e2e/upstream" && req.method === "POST") {
      let raw = "";
      req.on("data", (d) => {
        raw += d;
      });
      req.on("end", () => {
        down = (JSON.parse(raw || "{}") as { down?: boolean }).down === true;
        send(200, { down });
      });
      return;
    }
    // The local chain RPC down (every connection dropped) or up again: a test of what the service says without it.
    if (url.pathname === "/__e2e/chain" && req.method === "POST") {
      let raw = "";
      req.on("data", (d) => {
        raw += d;
      });
      req.on("end", () => {
        const chainDown = (JSON.parse(raw || "{}") as { down?: boolean }).down === true;
        chainSwitch.down(chainDown);
        send(200, { down: chainDown });
      });
      return;
    }
    // The local Circle attestation service (tests/support/fake-iris.ts): a test lists a burn's V1 messages, PENDING or
    // attested (`POST /__e2e/iris {"key": "<sourceDomain>/<txId>", "messages": [{ message, attestation, eventNonce }]}`).
    if (url.pathname === "/__e2e/iris" && req.method === "POST") {
      let raw = "";
      req.on("data", (d) => {
        raw += d;
      });
      req.on("end", () => {
        const b = JSON.parse(raw || "{}") as { key?: string; messages?: IrisEntry[] };
        if (!b.key || !Array.isArray(b.messages)) return send(400, { error: "key and messages[] are required" });
        iris.messages.set(b.key, b.messages);
        send(200, { key: b.key, count: b.messages.length });
      });
      return;
    }
    if (down) return send(500, { status: "error", message: "upstream down (e2e)" });
    if (url.pathname === "/pools") return send(200, { status: "success", data: POOLS });
    const m = /^\/chart\/(.+)$/.exec(url.pathname);
    if (m?.[1]) {
      const data = chartFor(decodeURIComponent(m[1]));
      return data ? send(200, { status: "success", data }) : send(404, { status: "error", message: "unknown pool" });
    }
    send(404, { status: "error", message: "not found" });
  });
  return new Promise((resolve) => server.listen(YIELDS_PORT, "127.0.0.1", () => resolve()));
}

function buildIfNeeded(): void {
  if (buildIsCurrent(root)) return;
  process.stdout.write("e2e: building the app (sources changed)…\n");
  const r = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
  writeFileSync(path.join(root, ".next", "svc-source.sha256"), sourceFingerprint(root));
}

async function main(): Promise<void> {
  const iris = await startFakeIris();
  await startYields(iris);
  // Arbitrum (evm-b): Aave v3's real bytecode in the in-process EVM (e2e/evm-chain.ts), passed through at /evm-b.
  const evmB = await startEvmB();
  const rpc = await startChainRpc(CHAIN_RPC_PORT, { [EVM_B_PATH]: evmB.url });
  chainSwitch.down = (v) => {
    rpc.down = v;
  };
  // Swap quotes from a local aggregator speaking the Jupiter, Cetus and 0x formats (the plans tests' double).
  const quotes = await startFakeQuotes();
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), "svc-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(APP_PORT),
    SVC_LOG_LEVEL: "error",
    SVC_DATA_DIR: dataDir,
    SVC_YIELDS_API_URL: `http://127.0.0.1:${YIELDS_PORT}`,
    // Refresh every 2 s and call a snapshot older than 15 s unavailable, so the upstream-down test takes seconds.
    SVC_YIELDS_REFRESH_S: "2",
    SVC_APY_MAX_AGE_S: "15",
    // Sui and Solana read the local chain RPC (the one the test wallets submit to). Base (evm-a) points at a closed
    // port: its balances must show N/A, never a number, and its plans stay unsigned (Map, no owner-signing go).
    // Arbitrum (evm-b) is the local EVM with Aave v3 on real bytecode, and the operator's go for owner signing is given
    // there only (SVC_OWNER_SIGNING_CHAINS): the dashboard's test wallet signs an Aave v3 plan on it.
    SVC_RPC_MOVE: rpc.url,
    SVC_RPC_SVM: rpc.url,
    SVC_RPC_EVM_A: "http://127.0.0.1:9",
    SVC_RPC_EVM_B: evmB.url,
    SVC_OWNER_SIGNING_CHAINS: "evm-b",
    // The in-process EVM runs Aave's supply several times per eth_estimateGas (as tests/api/evm-plans.test.ts says):
    // a wider budget per RPC read, so a busy machine does not turn the plan's simulation into "unavailable".
    SVC_RPC_TIMEOUT_MS: "20000",
    SVC_WEBHOOK_ALLOW_INSECURE: "1",
    // Circle's attestation and fee API: the local Iris (never iris-api.circle.com).
    SVC_CCTP_ATTESTATION_URL: iris.url,
    ...quoteEnv(quotes.url),
    SVC_API_KEYS: JSON.stringify([
      { key: "e2e-owner-key-0123456789", role: "owner", wallets: ["*"] },
      // e2e/support.ts KEEPER_KEY: reconciliation on demand (the background job's interval is not waited for).
      { key: "e2e-keeper-key-0123456789", role: "keeper", wallets: ["*"] },
    ]),
  };
  // The end-to-end suite always runs on the embedded database, never on the DATABASE_URL of the integration tests.
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...serveArgs(root), "-p", String(APP_PORT), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.on(sig, () => {
      stop();
      process.exit(0);
    });
  child.on("exit", (code) => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? 1);
  });
}

void main();
