// The chain's word on a Sui lending position after signing (issue 23 items 5, 6 and 7), end to end on the local Sui
// node with the wallets' book (testing/chains/sui: signed transactions land, move the coins and write the venue's own
// state as its Move code does): for Suilend and NAVI, the service's deposit plan of 3 USDC and then its withdraw plan of
// 1.5 USDC are signed and executed by the owner's wallet, reported to the service, and after each step the portfolio's
// currentMicros (the owner's share balance on chain × the venue's rate, read by server/venues/{suilend,navi}/worth.ts)
// says 3 then 1.5 USDC beside the ledger's recorded figure, and reconciliation finds no drift. A Suilend withdraw the
// reserve's cash cannot pay (lent out again after the deposit) is blocked before the wallet opens, as the chain refuses it.
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { coinWithBalance, Transaction } from "@mysten/sui/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChainRpc, startChainRpc, SUI_USDC } from "../../e2e/chain-rpc";
import { navi } from "../../server/venues/navi/descriptor";
import { suilend } from "../../server/venues/suilend/descriptor";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";

type J = Record<string, unknown>;
const KEEPER_KEY = "sui-lending-worth-keeper-key-1";
const WAD = 10n ** 18n;
const RAY = 10n ** 27n;

describe("Suilend and NAVI positions: deposit 3, withdraw 1.5, the portfolio's current worth read from the local Sui node", () => {
  let chain: ChainRpc;
  let app: App;
  let client: SuiGrpcClient;
  const post = (path: string, body: unknown, key?: string) => call<J>(app.url, "POST", `/api/v1${path}`, { body, key });

  beforeAll(async () => {
    chain = await startChainRpc(0);
    client = new SuiGrpcClient({ network: "mainnet", baseUrl: chain.url });
    // Suilend: 1.25 USDC per cToken, 100 USDC available and 1,150 lent out over 1,000 cTokens.
    chain.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", [
      { coinType: SUI_USDC, available: 100_000_000n, ctokens: 1_000_000_000n, borrowedWad: 1_150_000_000n * WAD, unclaimedWad: 0n },
    ]);
    // NAVI: supply index 1.2; another supplier holds 1,000 USDC of the reserve.
    chain.naviStorages.set(navi.onchain.storage ?? "", {
      reservesTable: `0x${"e8".repeat(32)}`,
      reserves: new Map([[Number(navi.onchain.usdcAssetId), { coinType: SUI_USDC, supplyIndex: (12n * RAY) / 10n, suppliers: new Map([[`0x${"0e".repeat(32)}`, 1_000_000_000_000n]]) }]]),
    });
    const keys = JSON.stringify([{ key: KEEPER_KEY, role: "keeper", wallets: ["*"] }]);
    app = await startApp({ db: "pglite", env: { SVC_RPC_MOVE: chain.url, SVC_RPC_TIMEOUT_MS: "4000", SVC_API_KEYS: keys, SVC_RECONCILE_INTERVAL_S: "0" } });
  });
  afterAll(async () => {
    await app?.stop();
    await chain?.close();
  });

  /** The owner's wallet signs and executes the plan's Sui transaction (dApp Kit's resolution, the wallet's build). */
  const signAndExecute = async (owner: Ed25519Keypair, plan: J): Promise<string> => {
    const tx = (plan.transactions as J[]).find((t) => t.encoding === "sui-transaction-json");
    const json = await Transaction.from(String(tx?.payload)).toJSON({ client, supportedIntents: [] });
    const bytes = await Transaction.from(json).build({ client });
    const r = await client.core.executeTransaction({ transaction: bytes, signatures: [(await owner.signTransaction(bytes)).signature], include: { effects: true } });
    expect(r.$kind).toBe("Transaction");
    return r.Transaction?.digest ?? "";
  };

  /** Plan, sign, execute and report `action` of `amount` micros; the service answers done once the chain has it final. */
  const step = async (owner: Ed25519Keypair, venueId: string, action: "deposit" | "withdraw", amount: string) => {
    const plan = await post(`/svc/strategies/${action}/plan`, { strategyId: venueId, amountMicros: amount, owner: owner.toSuiAddress() });
    expect(plan.json, JSON.stringify(plan.json.blockers)).toMatchObject({ status: "prepared" });
    const digest = await signAndExecute(owner, plan.json);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const r = await post(`/svc/strategies/${action}/execute`, { planId: plan.json.planId, digest });
      if (r.json.status === "done" || Date.now() > deadline) {
        expect(r.json, JSON.stringify(r.json)).toMatchObject({ status: "done" });
        return digest;
      }
      expect(r.status, JSON.stringify(r.json)).toBe(202);
      await new Promise((f) => setTimeout(f, 500));
    }
  };

  const position = async (owner: string, venueId: string) => {
    const pf = await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${owner}`);
    return (pf.json.positions as J[]).find((p) => p.venueId === venueId) as J;
  };
  const finding = async (owner: string, venueId: string) => {
    const r = await post("/svc/reconcile", { wallet: owner }, KEEPER_KEY);
    expect(r.status).toBe(200);
    return (r.json.findings as J[]).find((f) => f.venueId === venueId) as J;
  };

  for (const [venueId, seed] of [
    ["suilend", 21],
    ["navi", 22],
  ] as const) {
    it(`${venueId}: deposit 3 USDC → 3 on chain and recorded; withdraw 1.5 → 1.5 and 1.5; reconciliation agrees after each`, async () => {
      const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(seed));
      const me = owner.toSuiAddress();

      const deposit = await step(owner, venueId, "deposit", "3000000");
      expect(await position(me, venueId)).toMatchObject({ recordedMicros: "3000000", currentMicros: "3000000", currentReason: null, drift: null, txId: deposit });
      expect(String((await position(me, venueId)).currentSource)).toContain("chain:move-chain");
      expect(await finding(me, venueId)).toMatchObject({ status: "agrees", recordedMicros: "3000000", chainMicros: "3000000", driftMicros: "0", notified: false });

      await step(owner, venueId, "withdraw", "1500000");
      expect(await position(me, venueId)).toMatchObject({ recordedMicros: "1500000", currentMicros: "1500000", currentReason: null, drift: null });
      expect(await finding(me, venueId)).toMatchObject({ status: "agrees", recordedMicros: "1500000", chainMicros: "1500000", driftMicros: "0", notified: false });
    });
  }

  it("navi: a plain USDC transfer reported as the deposit is refused tx_not_venue_deposit (no NAVI DepositEvent), and nothing is recorded", async () => {
    const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(23));
    const me = owner.toSuiAddress();
    const plan = await post("/svc/strategies/deposit/plan", { strategyId: "navi", amountMicros: "3000000", owner: me });
    expect(plan.json, JSON.stringify(plan.json.blockers)).toMatchObject({ status: "prepared" });
    // The owner's wallet sends 3 USDC to another address instead: the USDC leaves the owner as a deposit's would.
    const transfer = new Transaction();
    transfer.setSender(me);
    transfer.transferObjects([coinWithBalance({ type: SUI_USDC, balance: 3_000_000n })], `0x${"7e".repeat(32)}`);
    const digest = await signAndExecute(owner, { transactions: [{ encoding: "sui-transaction-json", payload: await transfer.toJSON({ client, supportedIntents: ["CoinWithBalance"] }) }] });
    const deadline = Date.now() + 20_000;
    let r = await post("/svc/strategies/deposit/execute", { planId: plan.json.planId, digest });
    while (r.status === 202 && Date.now() < deadline) {
      await new Promise((f) => setTimeout(f, 500));
      r = await post("/svc/strategies/deposit/execute", { planId: plan.json.planId, digest });
    }
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_not_venue_deposit" }] });
    expect(JSON.stringify(r.json.blockers)).toContain("no NAVI DepositEvent");
    expect(await position(me, "navi")).toBeUndefined();
  });

  it("suilend: once the reserve's cash is lent out again, a withdraw it cannot pay is blocked before the wallet opens (redeem_ctokens fails on chain)", async () => {
    const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(23));
    const me = owner.toSuiAddress();
    await step(owner, "suilend", "deposit", "3000000");
    // A borrower takes all but 1 USDC (and the reserve's minimum 100 micros) of the cash; the rate stays 1.25.
    const reserve = chain.suilendMarkets.get(suilend.onchain.lendingMarket ?? "")?.[0];
    if (!reserve) throw new Error("no Suilend USDC reserve");
    const lent = reserve.available - 1_000_100n;
    reserve.available -= lent;
    reserve.borrowedWad += lent * WAD;
    expect(await position(me, "suilend")).toMatchObject({ currentMicros: "3000000" });
    const plan = await post("/svc/strategies/withdraw/plan", { strategyId: "suilend", amountMicros: "1500000", owner: me });
    expect(plan.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }] });
    expect(JSON.stringify(plan.json.blockers)).toMatch(/redeem_ctokens/);
    // 1 USDC it can still pay.
    await step(owner, "suilend", "withdraw", "1000000");
    expect(await position(me, "suilend")).toMatchObject({ recordedMicros: "2000000", currentMicros: "2000000" });
  });
});
