// The chain's word on a position after signing (issue 23 items 5 and 6): the portfolio's currentMicros is the owner's
// cUSDC on the local Solana chain times Kamino's reserve rate, the ledger's figure beside it as recordedMicros; an
// unreadable RPC gives null with the reason and ROI null (never the ledger's number); reconciliation records a drift
// provoked on the chain, sends position.drift to a subscribed receiver once, and never changes the ledger.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { KAMINO_CUSDC_MINT, setKaminoUsdc } from "../../testing/chains/solana/venues/kamino";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";

type J = Record<string, unknown>;
const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const OWNER_KEY = "reconcile-owner-key-000000001";
const KEEPER_KEY = "reconcile-keeper-key-00000001";
const sig = () => getBase58Decoder().decode(randomBytes(64));

describe.each(dbKinds())("current worth from the chain and reconciliation (%s)", (db) => {
  let rpc: FakeRpc;
  let app: App;
  let rx: Receiver;
  const post = (path: string, body: unknown, key?: string) => call<J>(app.url, "POST", `/api/v1${path}`, { body, key });
  const portfolio = async () => (await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${OWNER}`)).json;
  const kaminoPosition = async () => ((await portfolio()).positions as J[]).find((p) => p.venueId === "kamino") as J;
  const reconcile = async () => {
    const r = await post("/svc/reconcile", { wallet: OWNER }, KEEPER_KEY);
    expect(r.status).toBe(200);
    return (r.json.findings as J[]).find((f) => f.venueId === "kamino") as J;
  };
  const drifts = () => rx.received.filter((r) => JSON.parse(r.rawBody).type === "position.drift");

  beforeAll(async () => {
    rpc = await startFakeRpc();
    // 3,000 USDC against 2,000 cUSDC: 1.5 USDC per cUSDC.
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    rx = await startReceiver();
    const keys = JSON.stringify([
      { key: OWNER_KEY, role: "owner", wallets: [OWNER] },
      { key: KEEPER_KEY, role: "keeper", wallets: ["*"] },
    ]);
    app = await startApp({
      db,
      env: { SVC_RPC_SVM: rpc.url, SVC_RPC_TIMEOUT_MS: "2000", SVC_API_KEYS: keys, SVC_DISABLE_JOBS: "0", SVC_WEBHOOK_ALLOW_INSECURE: "1", SVC_WEBHOOK_POLL_MS: "50", SVC_RECONCILE_INTERVAL_S: "0" },
    });
    const sub = await post("/svc/webhooks", { url: `${rx.url}/hook`, events: ["position.drift"] }, OWNER_KEY);
    expect(sub.status).toBe(201);
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
    await rx?.close();
  });

  it("a confirmed Kamino deposit of 30 USDC: recorded 30, on chain 20 cUSDC × 1.5 = 30, ROI 0; reconciliation agrees and sends nothing", async () => {
    const plan = await post("/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "30000000", owner: OWNER });
    expect(plan.json.status).toBe("prepared");
    const s = sig();
    rpc.txs.set(s, { kind: "solana", feePayer: OWNER, confirmationStatus: "confirmed", tokenBalances: [{ owner: OWNER, mint: USDC["svm-chain"], pre: 40_000_000n, post: 10_000_000n }, { owner: OWNER, mint: KAMINO_CUSDC_MINT, pre: 0n, post: 20_000_000n }] });
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 20_000_000n);
    expect((await post("/svc/strategies/deposit/execute", { planId: plan.json.planId, digest: s })).json).toMatchObject({ status: "done" });

    const p = await kaminoPosition();
    expect(p).toMatchObject({ recordedMicros: "30000000", currentMicros: "30000000", currentReason: null, roiPct: 0, drift: null, txId: s });
    expect(p.currentSource).toContain("chain:svm-chain Kamino cUSDC balance");
    expect(Date.parse(String(p.currentAsOf))).toBeGreaterThan(Date.now() - 60_000);
    expect(await reconcile()).toMatchObject({ status: "agrees", recordedMicros: "30000000", chainMicros: "30000000", driftMicros: "0", notified: false });
    expect(drifts()).toHaveLength(0);
  });

  /** When the drift was first found (the reconciliation's checkedAt then). */
  let firstFound = "";
  it("a drift provoked on the chain (the owner's cUSDC falls to 10) is recorded, sent once as position.drift, shown on the portfolio; the ledger is untouched", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 10_000_000n);
    const f = await reconcile();
    expect(f).toMatchObject({ status: "drift", recordedMicros: "30000000", chainMicros: "15000000", driftMicros: "-15000000", notified: true });
    firstFound = String(f.checkedAt);
    await rx.waitFor((all) => all.some((r) => JSON.parse(r.rawBody).type === "position.drift"), 20_000);
    const event = JSON.parse(drifts()[0]?.rawBody ?? "{}");
    expect(event).toMatchObject({ type: "position.drift", wallet: OWNER, data: { venueId: "kamino", chain: "svm-chain", recordedMicros: "30000000", chainMicros: "15000000", driftMicros: "-15000000" } });

    // The same drift found again sends nothing more.
    expect(await reconcile()).toMatchObject({ status: "drift", notified: false });
    const p = await kaminoPosition();
    expect(p).toMatchObject({ recordedMicros: "30000000", currentMicros: "15000000", roiPct: -50, drift: { driftMicros: "-15000000", chainMicros: "15000000", expectedMicros: "30000000", since: firstFound } });
    // Never silently rewritten: the owner's ledger still holds 30 staked.
    const position = await call<J>(app.url, "GET", `/api/v1/wallets/${OWNER}/position`, { key: OWNER_KEY });
    expect(position.json).toMatchObject({ stakedMicros: "30000000" });
  });

  it("RPC down: currentMicros null with the reason, ROI null, total null; reconciliation concludes nothing and keeps the drift", async () => {
    rpc.failing.add("getAccountInfo");
    rpc.failing.add("getTokenAccountsByOwner");
    try {
      const f = await reconcile();
      expect(f).toMatchObject({ status: "unreadable", chainMicros: null, notified: false, reason: expect.stringContaining("RPC") });
      const pf = await portfolio();
      const p = (pf.positions as J[]).find((x) => x.venueId === "kamino") as J;
      expect(p).toMatchObject({ recordedMicros: "30000000", currentMicros: null, roiPct: null, currentAsOf: null });
      expect(String(p.currentReason)).toContain("the chain's RPC read failed");
      expect(pf).toMatchObject({ totalCurrentUsd: null, totalRecordedUsd: "30" });
      expect(String(pf.totalCurrentReason)).toContain("kamino: ");
      // The last drift found stays shown until the chain answers again: since when it was found, and this later check.
      expect(p.drift).toMatchObject({ driftMicros: "-15000000", chainMicros: "15000000", since: firstFound, checkedAt: f.checkedAt });
      expect(Date.parse(String(f.checkedAt))).toBeGreaterThan(Date.parse(firstFound));
    } finally {
      rpc.failing.clear();
    }
  });

  it("the chain back at 30: reconciliation agrees again and the badge goes", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 20_000_000n);
    expect(await reconcile()).toMatchObject({ status: "agrees", notified: false });
    expect(await kaminoPosition()).toMatchObject({ drift: null });
    expect(drifts()).toHaveLength(1);
  });

  it("reconcile is a keeper operation: without a key 401, with the owner's key 403", async () => {
    expect((await post("/svc/reconcile", {})).status).toBe(401);
    expect((await post("/svc/reconcile", {}, OWNER_KEY)).status).toBe(403);
    const all = await post("/svc/reconcile", {}, KEEPER_KEY);
    expect(all.json).toMatchObject({ wallets: expect.any(Number), findings: null });
    expect(all.json.positions as number).toBeGreaterThanOrEqual(1);
  });
});
