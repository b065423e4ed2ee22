// A withdraw signed in the wallet reaches the ledger like a deposit does (issue 23 item 4): POST
// /svc/strategies/withdraw/execute confirms the transaction on chain and records what arrived in the owner's wallet,
// read from its balance changes (never the plan's figure): deposit 100, withdraw 50 twice → nothing staked, each
// withdraw row carrying its transaction; a withdraw that brings the owner nothing, or a digest already used, is refused.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

type J = Record<string, unknown>;
const OWNER = `0x${"5a".repeat(32)}`;
const digest = () => getBase58Decoder().decode(randomBytes(32));
const OWNER_KEY = "withdraw-execute-owner-key-01";

describe.each(dbKinds())("withdraw execute: the chain's amounts reach the ledger (%s)", (db) => {
  let rpc: FakeRpc;
  let app: App;
  const post = (path: string, body: unknown, key?: string) => call<J>(app.url, "POST", `/api/v1${path}`, { body, key });
  const portfolio = async () => (await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${OWNER}`)).json;
  const activity = async () => (await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${OWNER}`)).json.activity as J[];
  /**
   * A confirmed Scallop transaction of the owner moving `usdc` (signed micros) in its wallet, and Scallop's market coin
   * the other way (minted on a deposit, redeemed on a withdraw; at 1.5 USDC each).
   */
  const landed = (usdc: bigint) => {
    const d = digest();
    const shares = { owner: OWNER, coinType: SCALLOP_MARKET_COIN_TYPE, amount: (-usdc * 2n) / 3n };
    rpc.txs.set(d, { kind: "sui", sender: OWNER, status: "success", balanceChanges: [{ owner: OWNER, coinType: USDC["move-chain"], amount: usdc }, shares] });
    return d;
  };
  const plan = async (action: "deposit" | "withdraw", amount: string) => {
    const r = await post(`/svc/strategies/${action}/plan`, { strategyId: "scallop", amountMicros: amount, owner: OWNER });
    expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared", action });
    return r.json.planId as string;
  };

  beforeAll(async () => {
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, OWNER);
    // The owner holds Scallop market coins for the withdraw plans' simulation; 1.5 USDC per market coin.
    rpc.set(OWNER, SCALLOP_MARKET_COIN_TYPE, 1_000_000_000n);
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    const keys = JSON.stringify([{ key: OWNER_KEY, role: "owner", wallets: [OWNER] }]);
    app = await startApp({ db, env: { SVC_RPC_MOVE: rpc.url, SVC_RPC_TIMEOUT_MS: "2000", SVC_API_KEYS: keys } });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
  });

  it("deposit 100, withdraw 50 twice: each withdraw records what arrived, the position ends at 0 staked", async () => {
    const dep = await plan("deposit", "100000000");
    const d0 = landed(-100_000_000n);
    expect((await post("/svc/strategies/deposit/execute", { planId: dep, digest: d0 })).json).toMatchObject({ status: "done", position: { stakedMicros: "100000000" } });

    expect(JSON.stringify((await portfolio()).positions)).toContain('"scallop"');

    const w1 = await plan("withdraw", "50000000");
    // 50 USDC arriving without Scallop's sUSDC leaving (a transfer from someone) is not this withdraw: nothing recorded.
    const gift = digest();
    rpc.txs.set(gift, { kind: "sui", sender: OWNER, status: "success", balanceChanges: [{ owner: OWNER, coinType: USDC["move-chain"], amount: 50_000_000n }] });
    const unproven = await post("/svc/strategies/withdraw/execute", { planId: w1, digest: gift });
    expect(unproven.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_not_venue_withdraw" }] });
    expect(JSON.stringify(unproven.json.blockers)).toContain("no Scallop share token");
    const d1 = landed(50_000_000n);
    const first = await post("/svc/strategies/withdraw/execute", { planId: w1, digest: d1 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "done", settled: true, amountMicros: "50000000", settledMicros: "50000000", position: { stakedMicros: "50000000" } });
    // A repeat answers the first and records nothing.
    expect((await post("/svc/strategies/withdraw/execute", { planId: w1, digest: d1 })).json).toEqual(first.json);

    // The second arrives with 0.000123 USDC of yield on top: principal 50 leaves the position, the rest is yield.
    const w2 = await plan("withdraw", "50000000");
    const d2 = landed(50_000_123n);
    expect((await post("/svc/strategies/withdraw/execute", { planId: w2, digest: d2 })).json).toMatchObject({ status: "done", settledMicros: "50000123", position: { stakedMicros: "0" } });

    // Nothing is left staked in the ledger: the closed position stays listed with 0 recorded and its deposit's proof.
    expect(((await portfolio()).positions as J[]).find((p) => p.venueId === "scallop")).toMatchObject({ recordedMicros: "0", txId: d0 });
    const rows = (await activity()).filter((r) => r.kind === "withdraw");
    expect(rows.map((r) => [r.txId, r.amountOut, r.status])).toEqual(
      expect.arrayContaining([
        [d1, "50000000", "settled"],
        [d2, "50000123", "settled"],
      ]),
    );
    // Every amount on these rows is what the confirmed transactions moved, and each row says so (issue 23): the
    // second withdraw's amountIn is what arrived, the plan's 50 stays its quoted figure.
    const mine = (await activity()).filter((r) => [d0, d1, d2].includes(r.txId as string));
    expect(mine.map((r) => [r.kind, r.txId, r.amountIn, r.amountOut, r.quotedAmountOut, r.amountInSource])).toEqual(
      expect.arrayContaining([
        ["deposit", d0, "100000000", "100000000", null, "chain"],
        ["withdraw", d1, "50000000", "50000000", "50000000", "chain"],
        ["withdraw", d2, "50000123", "50000123", "50000000", "chain"],
      ]),
    );
    expect(mine).toHaveLength(3);
  });

  it("a withdraw that brings the owner no USDC is refused, and a deposit's endpoint refuses a withdraw plan", async () => {
    const w = await plan("withdraw", "1000000");
    const none = await post("/svc/strategies/withdraw/execute", { planId: w, digest: landed(-1_000_000n) });
    expect(none.status).toBe(422);
    expect(none.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_amount_mismatch" }] });
    const wrong = await post("/svc/strategies/deposit/execute", { planId: w, digest: landed(1_000_000n) });
    expect(wrong.json).toMatchObject({ status: "blocked", blockers: [{ code: "plan_not_executable" }] });
  });

  it("a position mixing a confirmed deposit with a ledger credit says how much is confirmed, never lending the proof to all of it", async () => {
    const dep = await plan("deposit", "100000000");
    const digest = landed(-100_000_000n);
    expect((await post("/svc/strategies/deposit/execute", { planId: dep, digest })).json).toMatchObject({ status: "done" });
    // 30 USDC routed and staked with no transaction: a ledger credit.
    const routed = await post(`/wallets/${OWNER}/route`, { amountMicros: "30000000", stake: true, chain: "move-chain", strategyId: "scallop" }, OWNER_KEY);
    expect(routed.json, JSON.stringify(routed.json)).toMatchObject({ status: "done" });
    // The credit's row says its amount is the request's (no transaction read), the confirmed deposit's the chain's.
    const rows = await activity();
    expect(rows.find((r) => r.planId === routed.json.actionId)).toMatchObject({ kind: "deposit", txId: null, amountIn: "30000000", amountInSource: "request" });
    expect(rows.find((r) => r.planId === dep)).toMatchObject({ txId: digest, amountInSource: "chain" });
    const position = ((await portfolio()).positions as J[]).find((p) => p.venueId === "scallop") as J;
    expect(position).toMatchObject({ txId: digest, proof: { txId: digest, confirmed: false, confirmedMicros: "100000000" } });
    expect((position.proof as J).note).toMatch(/for 100000000 of the 130000000 micros staked/);
    // A confirmed withdraw of 100 takes the confirmed part first: the 30 left is the credit, none of it confirmed, and
    // the deposit's confirmation is never lent to it.
    const w = await plan("withdraw", "100000000");
    expect((await post("/svc/strategies/withdraw/execute", { planId: w, digest: landed(100_000_000n) })).json).toMatchObject({ status: "done", position: { stakedMicros: "30000000" } });
    const left = ((await portfolio()).positions as J[]).find((p) => p.venueId === "scallop") as J;
    expect(left).toMatchObject({ recordedMicros: "30000000", proof: { confirmed: false, confirmedMicros: "0" } });
    expect((left.proof as J).note).toMatch(/for 0 of the 30000000 micros staked/);
    // Leaving nothing behind for the test below.
    const rest = await plan("withdraw", "30000000");
    expect((await post("/svc/strategies/withdraw/execute", { planId: rest, digest: landed(30_000_000n) })).json).toMatchObject({ status: "done", position: { stakedMicros: "0" } });
  });

  // Last: it leaves 2 USDC staked at Scallop, which the test above would count.
  it("a deposit whose transaction moved more than the plan records the plan's amount and says it is the plan's", async () => {
    const dep = await plan("deposit", "2000000");
    const d = landed(-3_000_000n);
    expect((await post("/svc/strategies/deposit/execute", { planId: dep, digest: d })).json).toMatchObject({ status: "done", settledMicros: "2000000" });
    const [row] = (await activity()).filter((r) => r.planId === dep);
    expect(row).toMatchObject({ kind: "deposit", txId: d, amountIn: "2000000", amountOut: "2000000", amountInSource: "plan" });
  });
});
