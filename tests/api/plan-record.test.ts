// GET /svc/plans/{planId} (issue 22 item 4) on the running app, on both databases, against the local JSON-RPC server:
// a stored bridge plan and what the service knows of it. A burn transaction id is a hint the service checks on the
// source chain (unknown, malformed, reverted, another sender, too little USDC: never confirmed); the delivery is the
// one recorded with the destination chain's proof. Unknown plan 404; the key's scope must hold the owner or destination.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeIris, startFakeIris } from "../support/fake-iris";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { EVM, EVM_3 as EVM_OTHER, SOL, SOL_DEST } from "../support/wallets";

type J = Record<string, unknown>;

const OWNER = "plan-record-owner-key-000001";
const AGENT = "plan-record-agent-key-000001";
const DEST_ONLY = "plan-record-dest-key-0000001";
const KEEPER = "plan-record-keeper-key-00001";
const STRANGER = "plan-record-stranger-key-001";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [EVM, SOL_DEST] },
  { key: AGENT, role: "agent", wallets: [EVM] },
  { key: DEST_ONLY, role: "owner", wallets: [SOL_DEST] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
  { key: STRANGER, role: "owner", wallets: [EVM_OTHER, SOL] },
]);

const evmHash = () => `0x${randomBytes(32).toString("hex")}`;
const solSig = () => getBase58Decoder().decode(randomBytes(64));
// Circle's TokenMessengerV2 takes the owner's USDC in depositForBurn (lib/cctp-ids.ts cites its address).
const burnOf = (rpc: FakeRpc, from: string, value: bigint, status: "0x1" | "0x0" = "0x1") => {
  const h = evmHash();
  rpc.txs.set(h, { kind: "evm", from, status, transfers: [{ token: USDC["evm-a"], from, to: TOKEN_MESSENGER_V2, value }] });
  return h;
};

describe.each(dbKinds())("GET /svc/plans/{planId} (%s)", (db) => {
  let app: App;
  let rpc: FakeRpc;
  let iris: FakeIris;
  const get = (path: string, key?: string) => call<J>(app.url, "GET", `/api/v1${path}`, { key });
  const bridgePlan = async (amount: string) => {
    const r = await call<J>(app.url, "POST", "/api/v1/svc/bridge/plan", {
      body: { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: amount, sourceAddress: EVM, destAddress: SOL_DEST },
    });
    expect(r.json.status, r.text).toBe("prepared");
    return r.json.planId as string;
  };

  beforeAll(async () => {
    rpc = await startFakeRpc();
    iris = await startFakeIris();
    app = await startApp({
      db,
      env: { SVC_RPC_MOVE: rpc.url, SVC_RPC_SVM: rpc.url, SVC_RPC_EVM_A: rpc.url, SVC_RPC_EVM_B: rpc.url, SVC_API_KEYS: KEYS, SVC_RPC_TIMEOUT_MS: "2000", SVC_CCTP_ATTESTATION_URL: iris.url },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
    await iris?.close();
  });

  it("answers the stored plan: nothing reported, nothing delivered", async () => {
    const planId = await bridgePlan("5000000");
    const r = await get(`/svc/plans/${planId}`, OWNER);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      schemaVersion: "svc-plan-record.v1",
      planId,
      kind: "bridge",
      status: "prepared",
      chain: "evm-a",
      owner: EVM,
      amountMicros: "5000000",
      destChain: "svm-chain",
      destAddress: SOL_DEST,
      plan: { planId, sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "5000000", destAddress: SOL_DEST },
      bridge: {
        rail: "circle-cctp-v2",
        burn: { txId: null, state: "not_reported" },
        attestation: { state: "not_read" },
        delivery: { state: "none", destTxId: null, creditedMicros: null },
      },
    });
  });

  it("a burn id is a hint checked on the source chain: only a final burn by the owner of the plan's amount is confirmed", async () => {
    const planId = await bridgePlan("5000000");
    const burn = async (txId: string) => ((await get(`/svc/plans/${planId}?sourceTxId=${encodeURIComponent(txId)}`, OWNER)).json.bridge as J).burn as J;

    expect(await burn("ABCDEF")).toMatchObject({ txId: "ABCDEF", state: "invalid", reason: "ABCDEF is not a transaction id on evm-a." });
    // A Solana signature is not a transaction id on the plan's source chain.
    expect(await burn(solSig())).toMatchObject({ state: "invalid" });
    const unknown = evmHash();
    expect(await burn(unknown)).toMatchObject({ txId: unknown, state: "not_confirmed", reason: expect.stringContaining("not_found_yet") });
    expect(await burn(burnOf(rpc, EVM, 5_000_000n, "0x0"))).toMatchObject({ state: "failed" });
    expect(await burn(burnOf(rpc, EVM_OTHER, 5_000_000n))).toMatchObject({ state: "not_this_plan", reason: expect.stringContaining(`not by the plan's owner ${EVM}`) });
    expect(await burn(burnOf(rpc, EVM, 4_999_999n))).toMatchObject({ state: "not_this_plan", reason: expect.stringContaining("takes 4999999 micro-USDC") });

    const real = burnOf(rpc, EVM, 5_000_000n);
    rpc.down = true;
    try {
      expect(await burn(real)).toMatchObject({ state: "not_confirmed", reason: expect.stringContaining("rpc_unavailable") });
    } finally {
      rpc.down = false;
    }
    expect(await burn(real)).toEqual({ txId: real, state: "confirmed", reason: null });
  });

  it("the delivery is the one recorded with the destination chain's proof", async () => {
    const planId = await bridgePlan("3000000");
    const mint = solSig();
    rpc.txs.set(mint, { kind: "solana", feePayer: SOL_DEST, confirmationStatus: "finalized", tokenBalances: [{ owner: SOL_DEST, mint: USDC["svm-chain"], pre: 0n, post: 3_000_000n }] });
    // A made-up mint id reported to delivery proves nothing: the record stays empty.
    const madeUp = await call<J>(app.url, "POST", "/api/v1/svc/bridge/delivery", { key: OWNER, body: { planId, destTxId: solSig() } });
    expect(madeUp.status).toBe(202);
    expect(((await get(`/svc/plans/${planId}`, OWNER)).json.bridge as J).delivery).toMatchObject({ state: "none", destTxId: null });

    const ok = await call<J>(app.url, "POST", "/api/v1/svc/bridge/delivery", { key: OWNER, body: { planId, destTxId: mint } });
    expect(ok.json).toMatchObject({ status: "delivered", credited: true });
    const r = await get(`/svc/plans/${planId}`, OWNER);
    expect(r.json.bridge).toMatchObject({
      attestation: { state: "attested", reason: null },
      delivery: { state: "delivered", destTxId: mint, creditedMicros: "3000000", error: null, recordedAt: expect.any(String) },
    });
  });

  it("unknown plan 404 NOT_FOUND; the key must hold the owner or the destination; no key 401; keeper role 403", async () => {
    const unknown = await get("/svc/plans/pln_fake123", OWNER);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: "NOT_FOUND", message: "plan pln_fake123 not found" });

    const planId = await bridgePlan("2000000");
    const stranger = await get(`/svc/plans/${planId}`, STRANGER);
    expect(stranger.status).toBe(403);
    expect(stranger.json).toMatchObject({ code: "WALLET_SCOPE" });
    expect(JSON.stringify(stranger.json)).not.toContain(SOL_DEST);
    expect((await get(`/svc/plans/${planId}`)).status).toBe(401);
    expect((await get(`/svc/plans/${planId}`, KEEPER)).status).toBe(403);
    expect((await get(`/svc/plans/${planId}`, AGENT)).status).toBe(200);
    expect((await get(`/svc/plans/${planId}`, DEST_ONLY)).status).toBe(200);
  });
});
