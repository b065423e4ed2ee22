// A swap signed in the wallet reaches the activity log from the chain (issue 23 item 4): POST /svc/swap/execute
// confirms the transaction through the svm-chain RPC and writes one settled swap leg with what left the owner of the
// input token and what arrived of the output token, read from the transaction's token balances, beside the quote;
// a transaction that takes more than the plan or brings less than its minimum is refused, and nothing is written.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import { SOLANA_OTHER_MINT } from "../../testing/chains/solana/wallets";
import type { ChainTx } from "../../testing/chains/state";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeQuotes, quoteEnv, startFakeQuotes } from "../support/fake-quotes";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

type J = Record<string, unknown>;
type SolanaTx = Extract<ChainTx, { kind: "solana" }>;
const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
/** The rent-exempt minimum of a 165-byte token account (what getMinimumBalanceForRentExemption(165) answers). */
const RENT = 2_039_280n;
const sig = () => getBase58Decoder().decode(randomBytes(64));

describe.each(dbKinds())("swap execute: the chain's amounts reach the activity log (%s)", (db) => {
  let rpc: FakeRpc;
  let quotes: FakeQuotes;
  let app: App;
  const post = (path: string, body: unknown) => call<J>(app.url, "POST", `/api/v1${path}`, { body });
  const activity = async () => (await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${OWNER}`)).json.activity as J[];
  const plan = async (amountIn: string) => {
    const r = await post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: SOLANA_OTHER_MINT, amountIn, owner: OWNER, slippageBps: 50 });
    expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared" });
    return r.json as { planId: string; minAmountOut: string; quote: { outAmount: string } };
  };
  /** A confirmed transaction of the owner, paying its fee, with these balances: its signature. */
  const confirmed = (balances: { tokenBalances: SolanaTx["tokenBalances"]; lamports?: SolanaTx["lamports"] }) => {
    const s = sig();
    rpc.txs.set(s, { kind: "solana", feePayer: OWNER, confirmationStatus: "confirmed", ...balances });
    return s;
  };
  /** A confirmed transaction of the owner moving `usdc` out and `other` in. */
  const landed = (usdc: bigint, other: bigint) =>
    confirmed({
      tokenBalances: [
        { owner: OWNER, mint: USDC["svm-chain"], pre: 10_000_000n, post: 10_000_000n - usdc },
        { owner: OWNER, mint: SOLANA_OTHER_MINT, pre: 0n, post: other },
      ],
    });

  beforeAll(async () => {
    rpc = await startFakeRpc();
    quotes = await startFakeQuotes();
    app = await startApp({ db, env: { SVC_RPC_SVM: rpc.url, SVC_RPC_TIMEOUT_MS: "2000", ...quoteEnv(quotes.url) } });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
    await quotes?.close();
  });

  it("a confirmed swap: the leg records what left and what arrived, read from the transaction, beside the quote; a repeat records nothing", async () => {
    const p = await plan("1000000");
    // The chain delivered a little more than the minimum and less than the quote.
    const got = BigInt(p.minAmountOut) + 7n;
    const s = landed(1_000_000n, got);
    const done = await post("/svc/swap/execute", { planId: p.planId, digest: s });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: "done",
      settled: true,
      position: null,
      swap: { inputToken: USDC["svm-chain"], outputToken: SOLANA_OTHER_MINT, amountIn: "1000000", amountOut: got.toString(), quotedAmountOut: p.quote.outAmount, minAmountOut: p.minAmountOut },
    });
    expect((await post("/svc/swap/execute", { planId: p.planId, digest: s })).json).toEqual(done.json);
    const legs = (await activity()).filter((r) => r.planId === p.planId);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ kind: "swap", status: "settled", txId: s, token: USDC["svm-chain"], outToken: SOLANA_OTHER_MINT, amountIn: "1000000", amountOut: got.toString(), quotedAmountOut: p.quote.outAmount, amountInSource: "chain" });
    expect(legs[0]?.proof).toMatchObject({ confirmed: true });
  });

  it("a transaction that takes more than the plan, or brings less than its minimum, is refused and writes nothing", async () => {
    const p = await plan("1000000");
    const more = await post("/svc/swap/execute", { planId: p.planId, digest: landed(10_000_000n, BigInt(p.minAmountOut)) });
    expect(more.status).toBe(422);
    expect(more.json).toMatchObject({ blockers: [{ code: "tx_amount_mismatch", message: expect.stringContaining("the plan swaps 1000000") }] });
    const less = await post("/svc/swap/execute", { planId: p.planId, digest: landed(1_000_000n, BigInt(p.minAmountOut) - 1n) });
    expect(less.json).toMatchObject({ blockers: [{ code: "tx_amount_mismatch", message: expect.stringContaining(`the plan's minimum is ${p.minAmountOut}`) }] });
    expect((await activity()).filter((r) => r.planId === p.planId)).toHaveLength(0);
  });

  it("SOL in: the owner's lamports, less the network fee and the rent of the USDC account the swap opened, are what left; the leg records the plan's SOL and the USDC that arrived", async () => {
    const r = await post("/svc/swap-svm/plan", { inputToken: WRAPPED_SOL_MINT, outputToken: "USDC", amountIn: "100000000", owner: OWNER, slippageBps: 50 });
    expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared" });
    const p = r.json as { planId: string; minAmountOut: string };
    const got = BigInt(p.minAmountOut) + 11n;
    /** The owner's lamports fall by what the swap wrapped, the 5000-lamport fee and the new USDC account's rent (index 1). */
    const landedSol = (wrapped: bigint) =>
      confirmed({
        lamports: [
          { pre: 2_000_000_000n, post: 2_000_000_000n - wrapped - 5000n - RENT },
          { pre: 0n, post: RENT },
        ],
        tokenBalances: [{ owner: OWNER, mint: USDC["svm-chain"], pre: 0n, post: got, accountIndex: 1, opened: true }],
      });
    const done = await post("/svc/swap/execute", { planId: p.planId, digest: landedSol(100_000_000n) });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "done", swap: { inputToken: WRAPPED_SOL_MINT, outputToken: USDC["svm-chain"], amountIn: "100000000", amountOut: got.toString() } });
    const legs = (await activity()).filter((l) => l.planId === p.planId);
    expect(legs).toMatchObject([{ kind: "swap", status: "settled", token: WRAPPED_SOL_MINT, amountIn: "100000000", amountOut: got.toString(), amountInSource: "chain" }]);
    // Twice the SOL: refused, naming what left beside the fee and the rent.
    const again = await post("/svc/swap-svm/plan", { inputToken: WRAPPED_SOL_MINT, outputToken: "USDC", amountIn: "100000000", owner: OWNER, slippageBps: 50 });
    const more = await post("/svc/swap/execute", { planId: (again.json as { planId: string }).planId, digest: landedSol(200_000_000n) });
    expect(more.json).toMatchObject({ blockers: [{ code: "tx_amount_mismatch", message: expect.stringContaining(`moves 200000000 base units of ${WRAPPED_SOL_MINT}`) }] });
  });

  it("a deposit plan is not a swap plan; a transaction not yet final is 202 pending", async () => {
    const p = await plan("2000000");
    const s = sig();
    rpc.txs.set(s, { kind: "solana", feePayer: OWNER, confirmationStatus: "processed", tokenBalances: [] });
    const pending = await post("/svc/swap/execute", { planId: p.planId, digest: s });
    expect(pending.status).toBe(202);
    expect(pending.json).toMatchObject({ status: "pending", settled: false });
    const dep = await post("/svc/strategies/deposit/execute", { planId: p.planId, digest: s });
    expect(dep.json).toMatchObject({ blockers: [{ code: "plan_not_executable" }] });
  });
});
