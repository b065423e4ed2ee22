// GET /svc/status, /svc/fees, /svc/errors, /svc/routes on the running app, on each database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKER_CODES, ERROR_CODES } from "../../server/http/codes";
import { type App, dbKinds, startApp, useApp } from "../support/app";
import { call } from "../support/http";

describe.each(dbKinds())("svc catalog endpoints on %s", (db) => {
  const app = useApp({ db });

  it("status reports phase, execution mode, fees and flags", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/status");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.headers.get("x-request-id")).toMatch(/^req_/);
    expect(r.json).toMatchObject({
      phase: "phase-1",
      executionMode: "owner_sign_prepare",
      launchHomes: ["move-chain", "svm-chain"],
      mapChains: ["evm-a", "evm-b"],
      database: db,
      execution: { ownerMustSign: true, serverHoldsKeys: false, serverMayBroadcast: false },
    });
    const chains = (r.json.execution as { chains: Array<{ chain: string; label: string; broadcastEnabled: boolean }> }).chains;
    expect(chains.find((c) => c.chain === "evm-a")).toMatchObject({ label: "Map", broadcastEnabled: false });
    expect(chains.find((c) => c.chain === "move-chain")).toMatchObject({ label: "Executable" });
    // No operator go by default (SVC_OWNER_SIGNING_CHAINS unset): owners sign on the Executable chains only.
    expect(Object.fromEntries(chains.map((c) => [c.chain, (c as { ownerSigning?: boolean }).ownerSigning]))).toEqual({
      "move-chain": true,
      "svm-chain": true,
      "evm-a": false,
      "evm-b": false,
    });
  });

  it("fees follow spec §1.3", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/fees");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      principal: { deposit: 0, route: 0, withdraw: 0 },
      profitFee: { bps: 100, capMicros: "10000000", enabled: false },
      yieldSkim: { bps: 500, defaultBps: 500, maxBps: 1000 },
      evmRegistry: { yieldFeeBps: 500, depositFeeBps: 0, maxYieldSkimBps: 1000 },
    });
  });

  it("fees list each chain's fee recipient: none configured → not collected, with the variable to set", async () => {
    const r = await call<{ recipients: { chain: string; recipient: string | null; collected: boolean; reason: string | null }[] }>(app.url, "GET", "/api/v1/svc/fees");
    expect(r.json.recipients.map((x) => x.chain).sort()).toEqual(["evm-a", "evm-b", "move-chain", "svm-chain"]);
    for (const x of r.json.recipients) {
      expect(x).toMatchObject({ recipient: null, collected: false });
      expect(x.reason).toMatch(/^no fee recipient is configured \(SVC_FEE_RECIPIENT_(MOVE|SVM|EVM_A|EVM_B)\)/);
    }
  });

  it("errors lists every error code with its status and the blocker codes", async () => {
    const r = await call<{ errors: Array<{ code: string; status: number }>; blockers: Array<{ code: string }> }>(
      app.url,
      "GET",
      "/api/v1/svc/errors",
    );
    expect(r.status).toBe(200);
    const byCode = Object.fromEntries(r.json.errors.map((e) => [e.code, e.status]));
    expect(byCode).toMatchObject({
      INVALID_REQUEST: 400,
      INVALID_AMOUNT: 400,
      INVALID_ADDRESS: 400,
      UNAUTHORIZED: 401,
      INVALID_API_KEY: 401,
      WALLET_SCOPE: 403,
      NOT_FOUND: 404,
      IDEMPOTENCY_KEY_REUSED: 422,
      IDEMPOTENCY_KEY_IN_FLIGHT: 409,
      RATE_LIMITED: 429,
    });
    const blockers = r.json.blockers.map((b) => b.code);
    for (const c of ["venue_not_allowed", "empty_upstream", "auto_yield_disabled", "no_ready_venue"]) expect(blockers).toContain(c);
  });

  it("errors lists each code with every status it is answered with, from the table the wrapper answers from", async () => {
    type Row = { code: string; status?: number; statuses: number[]; meaning: string };
    const r = await call<{ errors: Row[]; blockers: Row[] }>(app.url, "GET", "/api/v1/svc/errors");
    const errors = new Map(r.json.errors.map((e) => [e.code, e.statuses]));
    const blockers = new Map(r.json.blockers.map((b) => [b.code, b.statuses]));
    expect(errors.get("UNAUTHORIZED")).toEqual([401, 403]);
    expect(errors.get("BLOCKED")).toEqual([422]);
    // Plan endpoints answer insufficient_balance inside a 200 blocked plan; withdraw, rebalance and unstake with 422 BLOCKED.
    expect(blockers.get("insufficient_balance")).toEqual([200, 422]);
    // A character stake without a target venue answers discovery's outage blockers with 422; discovery itself with 200.
    expect(blockers.get("upstream_unavailable")).toEqual([200, 422]);
    // Bridge rescue answers its blockers inside a 200 (status "blocked"); delivery answers already_delivered with 422.
    expect(blockers.get("attestation_pending")).toEqual([200]);
    expect(blockers.get("already_delivered")).toEqual([200, 422]);
    expect(blockers.get("tx_failed")).toEqual([422]);
    expect(blockers.get("below_minimum")).toEqual([200]);
    // Exactly the table in server/http/codes.ts, which handler.ts checks every answer against.
    expect(Object.fromEntries(errors)).toEqual(Object.fromEntries(Object.entries(ERROR_CODES).map(([c, v]) => [c, [...v.statuses]])));
    expect(Object.fromEntries(blockers)).toEqual(Object.fromEntries(Object.entries(BLOCKER_CODES).map(([c, v]) => [c, [...v.answered]])));
    for (const e of r.json.errors) expect(e.status).toBe(e.statuses[0]);
  });
});

describe("SVC_OWNER_SIGNING_CHAINS=evm-b: the owner may sign on Arbitrum, the server still never broadcasts there", () => {
  const app = useApp({ db: "pglite", env: { SVC_OWNER_SIGNING_CHAINS: "evm-b", SVC_RPC_EVM_B: "http://127.0.0.1:9" } });

  it("status: ownerSigning on evm-b only among the Map chains; labels and broadcast flags unchanged", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/status");
    const chains = (r.json.execution as { chains: Array<{ chain: string; label: string; broadcastEnabled: boolean; ownerSigning: boolean }> }).chains;
    expect(chains.find((c) => c.chain === "evm-b")).toEqual({ chain: "evm-b", label: "Map", broadcastEnabled: false, ownerSigning: true, writeReady: false });
    expect(chains.find((c) => c.chain === "evm-a")).toMatchObject({ label: "Map", broadcastEnabled: false, ownerSigning: false });
  });

  it("plans carry the flag (evm-b true, evm-a false); execute still answers map_chain_prepare_only on evm-b", async () => {
    const b = await call<{ planId: string; ownerSigning: boolean; broadcastEnabled: boolean }>(app.url, "POST", "/api/v1/svc/strategies/deposit/plan", {
      body: { strategyId: "aave-v3-arbitrum", amountMicros: "3000000" },
    });
    expect(b.status).toBe(200);
    expect(b.json).toMatchObject({ ownerSigning: true, broadcastEnabled: false });
    const a = await call<{ ownerSigning: boolean }>(app.url, "POST", "/api/v1/svc/strategies/deposit/plan", { body: { strategyId: "aave-v3-base", amountMicros: "3000000" } });
    expect(a.json.ownerSigning).toBe(false);
    const executed = await call(app.url, "POST", "/api/v1/svc/strategies/deposit/execute", { body: { planId: b.json.planId, digest: `0x${"cd".repeat(32)}` } });
    expect(executed.status).toBe(422);
    expect(executed.json).toMatchObject({ blockers: [{ code: "map_chain_prepare_only" }] });
  });
});

describe("GET /svc/fees with fee recipients configured", () => {
  let app: App;
  const SVM = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  const EVM_B = "0x8888888888888888888888888888888888888888";
  beforeAll(async () => {
    app = await startApp({ db: "pglite", env: { SVC_FEE_RECIPIENT_SVM: SVM, SVC_FEE_RECIPIENT_EVM_B: EVM_B } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("names the recipient where one is set and the reason where none is", async () => {
    const r = await call<{ recipients: { chain: string; recipient: string | null; collected: boolean; reason: string | null }[] }>(app.url, "GET", "/api/v1/svc/fees");
    const by = Object.fromEntries(r.json.recipients.map((x) => [x.chain, x]));
    expect(by["svm-chain"]).toEqual({ chain: "svm-chain", recipient: SVM, collected: true, reason: null });
    expect(by["evm-b"]).toEqual({ chain: "evm-b", recipient: EVM_B, collected: true, reason: null });
    expect(by["move-chain"]).toMatchObject({ recipient: null, collected: false, reason: expect.stringContaining("SVC_FEE_RECIPIENT_MOVE") });
    expect(by["evm-a"]).toMatchObject({ recipient: null, collected: false, reason: expect.stringContaining("SVC_FEE_RECIPIENT_EVM_A") });
  });
});
