// A deposit's settled amount comes from the chain (issue 23 item 4): once its transaction is confirmed, the position
// stakes what arrived in it, the owner's USDC outflow read from the transaction less the USDC fees the plan disclosed,
// never the plan's amount. Plans stored as the plan endpoints store them (insertPlan), confirmed against the local
// chain's move-chain node (GetTransaction balance changes), executed in-process on a migrated database.
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { executeDeposit } from "../../server/execute/deposit";
import { position } from "../../server/ledger/reads";
import { insertPlan } from "../../server/plans/store";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { useLocalChain } from "../../testing/oracle";
import { openTestDb, type TestDb } from "../support/db";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

const USDC_SUI = USDC["move-chain"];
const digest = () => getBase58Decoder().decode(randomBytes(32));
let n = 0;
const wallet = () => `0x${"5e".repeat(28)}${(++n).toString(16).padStart(8, "0")}`;

describe("a confirmed deposit stakes the outflow less the disclosed fees", () => {
  let rpc: FakeRpc;
  let t: TestDb;
  useLocalChain(["SVC_RPC_MOVE"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeAll(async () => {
    t = await openTestDb("pglite");
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** A prepared Scallop deposit of `amount` whose answer disclosed a USDC service fee of `fee` (and the network fee). */
  const plan = async (owner: string, amount: bigint, fee: bigint) => {
    const id = `pln_settle_${owner.slice(-8)}`;
    const fees = [
      { label: "Service fee on deposit of principal", kind: "service", amountMicros: fee.toString(), bps: 10, estimate: false, asset: USDC_SUI },
      { label: "Network fee (gas), paid by the owner's wallet", kind: "network", amountMicros: null, estimate: true },
    ];
    await insertPlan(t.db, { id, kind: "deposit", status: "prepared", chain: "move-chain", owner, strategyId: "scallop", amountMicros: amount, payload: { fees } });
    return id;
  };
  /** A checkpointed Scallop deposit of `owner` moving `outflow` micro-USDC out of its wallet (and Scallop's sUSDC in). */
  const sent = (owner: string, outflow: bigint) => {
    const d = digest();
    const minted = { owner, coinType: SCALLOP_MARKET_COIN_TYPE, amount: (outflow * 2n) / 3n };
    rpc.txs.set(d, { kind: "sui", sender: owner, status: "success", balanceChanges: [{ owner, coinType: USDC_SUI, amount: -outflow }, minted] });
    return d;
  };
  const staked = async (owner: string) => (await position(t.db, owner)).byChain.find((c) => c.chain === "move-chain")?.venues.find((v) => v.venueId === "scallop")?.stakedMicros;

  it("5 USDC with a disclosed 0.05 USDC fee: 5.05 USDC leaves the wallet and 5 USDC is staked (the outflow less the fee)", async () => {
    const owner = wallet();
    const r = await executeDeposit(t.db, { planId: await plan(owner, 5_000_000n, 50_000n), digest: sent(owner, 5_050_000n) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "done", amountMicros: "5000000", settledMicros: "5000000" });
    expect(await staked(owner)).toBe(5_000_000n);
  });

  it("the transaction sent 5.30 USDC: the 0.25 USDC beyond the amount and its fee is not proven to be in the position, so 5 USDC is staked", async () => {
    const owner = wallet();
    const r = await executeDeposit(t.db, { planId: await plan(owner, 5_000_000n, 50_000n), digest: sent(owner, 5_300_000n) });
    expect(r.body).toMatchObject({ status: "done", amountMicros: "5000000", settledMicros: "5000000" });
    expect(await staked(owner)).toBe(5_000_000n);
  });

  it("an outflow that covers the amount but not its disclosed fee is refused tx_amount_mismatch, naming both, and stakes nothing", async () => {
    const owner = wallet();
    const r = await executeDeposit(t.db, { planId: await plan(owner, 5_000_000n, 50_000n), digest: sent(owner, 5_040_000n) });
    expect(r.status).toBe(422);
    const b = (r.body as { blockers: { code: string; message: string }[] }).blockers[0];
    expect(b?.code).toBe("tx_amount_mismatch");
    expect(b?.message).toBe("The transaction moves 5040000 micro-USDC out of the owner's wallet; the plan deposits 5000000 and discloses 50000 micro-USDC of fees.");
    expect((await staked(owner)) ?? 0n).toBe(0n);
  });

  it("a plan disclosing no USDC fee (0, as vault plans answer it) stakes its amount, never more than it", async () => {
    const owner = wallet();
    const r = await executeDeposit(t.db, { planId: await plan(owner, 5_000_000n, 0n), digest: sent(owner, 5_200_000n) });
    expect(r.body).toMatchObject({ status: "done", settledMicros: "5000000" });
    expect(await staked(owner)).toBe(5_000_000n);
  });
});
