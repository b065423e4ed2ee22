// A cross-chain deposit's continuation once the bridge delivers (issue 24 item 4): at plan time the destination deposit
// cannot run (the USDC is not there yet) and says so; the delivery answer carries it rebuilt for the continuing amount
// and simulated on the destination chain as it is now, so the verdict follows the chain's balances, not the plan.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainId } from "../../server/chains/address";
import { USDC } from "../../server/chains/balances";
import { kaminoSimulationChain } from "../../testing/chains/solana/kamino-simulation";
import type { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { dbKinds } from "../support/app";
import { type BridgeStack, startBridgeStack } from "../support/bridge-stack";
import { fundSuiOwner } from "../support/fake-rpc";
import { call } from "../support/http";
import { suiScaled, suiSentTo } from "../support/altered";
import { resetConfigForTests } from "../../server/config";
import type { PlanTransaction } from "../../server/chains/transaction";
import { checkedContinuation } from "../../server/plans/bridge";

type J = Record<string, unknown>;
type Tx = { chain: string; kind: string; simulation?: { status: string; error?: string | null } };
type Continuation = { strategyId: string; amountMicros: string; transactions: Tx[]; blockers: { code: string; message: string }[] };

const SOURCE = "0x5555555555555555555555555555555555555555";
const SOL_FUNDED = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
/** A wallet (on the ed25519 curve) the local chain holds nothing for. */
const SOL_EMPTY = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58();
const SUI_FUNDED = `0x${"8".repeat(64)}`;
const SUI_OTHER = `0x${"0d".repeat(32)}`;
/** Micro-USDC in token units, as the checker names them. */
const usdc = (m: bigint) => `${m / 1_000_000n}.${(m % 1_000_000n).toString().padStart(6, "0")}`;
const OWNER = "bridge-continuation-owner-001";
const KEEPER = "bridge-continuation-keeper-01";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [SOURCE, SOL_FUNDED, SOL_EMPTY, SUI_FUNDED] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
]);
const b58 = (n: number) => getBase58Decoder().decode(randomBytes(n));

describe.each(dbKinds())("a cross-chain deposit's continuation after delivery (%s)", (db) => {
  let stack: BridgeStack;
  let solana: SolanaLocalChain;
  const post = (path: string, body: unknown, key?: string) => call<J>(stack.app.url, "POST", `/api/v1${path}`, { body, key });

  beforeAll(async () => {
    stack = await startBridgeStack(db, KEYS, (rpc) => {
      fundSuiOwner(rpc, SUI_FUNDED);
      setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    });
    // The svm-chain simulation chain: Kamino's market, reserve and vault; the destinations pay their own fees.
    solana = await kaminoSimulationChain(stack.rpc);
    for (const w of [SOL_FUNDED, SOL_EMPTY]) solana.lamports.set(w, 1_000_000_000n);
    // An altered continuation is simulated and checked in this process against the same Sui node.
    process.env.SVC_RPC_MOVE = stack.rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await stack?.stop();
  });

  /** Plans evm-a → `dest` continuing into `venue`, lands a mint of the expected amount and posts the delivery. */
  async function deliver(dest: ChainId, destAddress: string, venue: string, landOnChain: boolean) {
    const plan = await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: dest, amountMicros: "10000000", sourceAddress: SOURCE, destAddress, continueTo: { strategyId: venue } });
    expect(plan.json).toMatchObject({ status: "prepared" });
    const deposit = (plan.json.transactions as Tx[]).at(-1);
    // Before the bridge delivers the deposit cannot run: unavailable, pointing at the delivery answer.
    expect(deposit).toMatchObject({ chain: dest, kind: "deposit", simulation: { status: "unavailable" } });
    expect(deposit?.simulation?.error).toMatch(/delivery answer/);
    const minted = BigInt(plan.json.expectedReceivedMicros as string);
    const { rpc } = stack;
    const mint = dest === "svm-chain" ? b58(64) : b58(32);
    if (dest === "svm-chain") {
      rpc.txs.set(mint, { kind: "solana", feePayer: destAddress, confirmationStatus: "finalized", tokenBalances: [{ owner: destAddress, mint: USDC[dest], pre: 0n, post: minted }] });
      // The mint landed: the destination's USDC account on the chain the deposit simulates on holds it.
      if (landOnChain) await solana.setTokenBalance(destAddress, USDC[dest], minted);
    } else rpc.txs.set(mint, { kind: "sui", sender: destAddress, status: "success", balanceChanges: [{ owner: destAddress, coinType: USDC[dest], amount: minted }] });
    const first = await post("/svc/bridge/delivery", { planId: plan.json.planId, destTxId: mint }, KEEPER);
    return { first, minted, mint, planId: plan.json.planId as string };
  }

  it("svm-chain → Kamino: the delivered answer carries the deposit rebuilt and simulated ok on the chain that now holds the USDC", async () => {
    const { first, minted, mint, planId } = await deliver("svm-chain", SOL_FUNDED, "kamino", true);
    // Nothing is staked by the delivery: the minted USDC is liquid until the continuation's own deposit is executed.
    expect(first.json).toMatchObject({ status: "delivered", credited: true, deposit: null, liquidMicros: minted.toString() });
    const c = first.json.continuation as Continuation;
    expect(c, JSON.stringify(c.transactions.map((t) => t.simulation))).toMatchObject({ strategyId: "kamino", amountMicros: minted.toString(), blockers: [] });
    expect(c.transactions.map((t) => [t.chain, t.kind, t.simulation?.status]), JSON.stringify(c.transactions.map((t) => t.simulation?.error))).toEqual([["svm-chain", "deposit", "ok"]]);
    // The continuation is stored as a deposit plan's answer, so the dashboard reviews it like any deposit: the plan the
    // locked destination signs, its simulated changes checked (exactly the deposited USDC leaves the destination).
    const planIdOf = (first.json.continuation as { planId: string }).planId;
    const rec = await call<J>(stack.app.url, "GET", `/api/v1/svc/plans/${planIdOf}`, { key: OWNER });
    expect(rec.status).toBe(200);
    expect(rec.json).toMatchObject({ kind: "deposit", status: "prepared", chain: "svm-chain", owner: SOL_FUNDED, strategyId: "kamino", amountMicros: minted.toString() });
    const stored = rec.json.plan as J & { transactions: { simulation: { status: string; changes: { status: string; balanceChanges: { owner: string; asset: { id: string }; amount: string }[] } } }[] };
    expect(stored).toMatchObject({ schemaVersion: "svc-vault-plan.v1", action: "deposit", status: "prepared", planId: planIdOf, strategyId: "kamino", chain: "svm-chain", owner: SOL_FUNDED, amountMicros: minted.toString(), continuationOf: planId, legIndex: 2 });
    expect(stored.transactions).toHaveLength(1);
    const changes = stored.transactions[0]?.simulation.changes;
    expect(changes?.status).toBe("ok");
    const sent = changes?.balanceChanges.filter((b) => b.owner === SOL_FUNDED && b.asset.id === USDC["svm-chain"]).map((b) => b.amount);
    expect(sent).toEqual([(-minted).toString()]);
    // A repeat answers the first delivery (crediting nothing) with a fresh build and verdict.
    const again = await post("/svc/bridge/delivery", { planId, destTxId: mint }, KEEPER);
    expect(again.json).toMatchObject({ status: "delivered", credited: false, continuation: { planId: expect.stringMatching(/-deposit$/), strategyId: "kamino", amountMicros: minted.toString(), depositTxId: null, blockers: [] } });
  });

  it("svm-chain → Kamino when the destination holds no USDC on chain: the continuation's simulation fails and says why", async () => {
    const { first } = await deliver("svm-chain", SOL_EMPTY, "kamino", false);
    expect(first.json).toMatchObject({ status: "delivered", credited: true });
    const c = first.json.continuation as Continuation;
    expect(c.blockers.map((b) => b.code)).toEqual(["simulation_failed"]);
    expect(c.transactions[0]?.simulation?.status).toBe("failed");
  });

  it("move-chain → Scallop: the continuation is simulated by the Sui node for the locked destination", async () => {
    const { first, minted } = await deliver("move-chain", SUI_FUNDED, "scallop", true);
    const c = first.json.continuation as Continuation;
    expect(c).toMatchObject({ strategyId: "scallop", amountMicros: minted.toString(), blockers: [] });
    expect(c.transactions.map((t) => [t.chain, t.kind, t.simulation?.status])).toEqual([["move-chain", "deposit", "ok"]]);
  });

  it("move-chain → Scallop: the continuation's deposit altered after building (10 × the amount; the shares to another address) is refused simulation_mismatch by its check, naming both sides", async () => {
    const { first } = await deliver("move-chain", SUI_FUNDED, "scallop", true);
    const c = first.json.continuation as Continuation & { transactions: (Tx & PlanTransaction)[] };
    expect(c.blockers).toEqual([]);
    const amount = BigInt(c.amountMicros);
    const tx = c.transactions[0] as PlanTransaction;
    const check = (payload: string) => checkedContinuation("scallop", SUI_FUNDED, amount, [{ ...tx, payload }]);
    // As delivered, the continuation's own check (simulation by the node, the one checker) passes it.
    expect((await check(tx.payload as string)).blocker).toBeNull();
    const more = await check(suiScaled(tx.payload as string, amount, amount * 10n));
    expect(more.blocker?.code).toBe("simulation_mismatch");
    expect(more.blocker?.message).toContain(`you send ${usdc(amount)} USDC by the plan, the simulation sends ${usdc(amount * 10n)} USDC`);
    // The simulated changes stay on the transaction, so the review shows the other side.
    const sent = (more.transactions[0]?.simulation?.changes?.balanceChanges ?? []).filter((b) => b.owner === SUI_FUNDED && b.asset.id === USDC["move-chain"]);
    expect(sent.map((b) => b.amount)).toEqual([(-amount * 10n).toString()]);
    const elsewhere = await check(suiSentTo(tx.payload as string, SUI_FUNDED, SUI_OTHER));
    expect(elsewhere.blocker?.code).toBe("simulation_mismatch");
    expect(elsewhere.blocker?.message).toContain(SUI_OTHER);
  });

  it("a plain bridge's delivery has no continuation", async () => {
    const plan = await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "3000000", sourceAddress: SOURCE, destAddress: SOL_FUNDED });
    const mint = b58(64);
    const minted = BigInt(plan.json.expectedReceivedMicros as string);
    stack.rpc.txs.set(mint, { kind: "solana", feePayer: SOL_FUNDED, confirmationStatus: "finalized", tokenBalances: [{ owner: SOL_FUNDED, mint: USDC["svm-chain"], pre: 0n, post: minted }] });
    const d = await post("/svc/bridge/delivery", { planId: plan.json.planId, destTxId: mint }, KEEPER);
    expect(d.json).toMatchObject({ status: "delivered", deposit: null, continuation: null });
  });
});
