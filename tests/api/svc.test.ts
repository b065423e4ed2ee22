// GET /svc/status, /svc/fees, /svc/errors, /svc/routes on the running app, on each database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, dbKinds, startApp } from "../support/app";
import { call } from "../support/http";

describe.each(dbKinds())("svc catalog endpoints on %s", (db) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ db });
  });
  afterAll(async () => {
    await app?.stop();
  });

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
});
