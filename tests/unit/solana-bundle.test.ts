
import { beforeEach, describe, expect, it } from "vitest";
import type { SolanaPayload } from "../../server/chains/solana";
import { simulateTransactions } from "../../server/chains/simulate";
import { solanaBurnV2 } from "../../server/rails/cctp-v2/solana";
import { builderFor } from "../../server/venues/adapters";
import { kamino } from "../../server/venues/kamino/descriptor";
import type { PlanTransaction } from "../../server/venues/shared/build";
import { kaminoSimulationChain } from "../../testing/chains/solana/kamino-simulation";
import type { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { KAMINO_CUSDC_MINT, } from "../../testing/chains/solana/venues/kamino";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { useLocalChain } from "../../testing/oracle";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const SPONSOR = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const RECIPIENT = `0x${"00".repeat(12)}${"22".repeat(20)}` as const;
const _ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcMint", string>;
const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";

async function withdraw(amountMicros: bigint): Promise<PlanTransaction> {
  const b = builderFor("kamino", "withdraw");
  if (!("build" in b)) throw new Error(b.reason);
  const [tx] = await b.build({ owner: OWNER, amountMicros });
  if (!tx) throw new Error("no transaction");
  return tx;
}
async function burn(amountMicros: bigint): Promise<PlanTransaction> {
  const { payload } = await solanaBurnV2(OWNER, amountMicros, 6, RECIPIENT, 0n, "standard");
  return { chain: "svm-chain", kind: "burn", description: `Burn ${amountMicros} micro-USDC with CCTP V2 toward evm-a`, encoding: "solana-v0-message-base64", payload };
}
const payloadOf = (t: PlanTransaction | undefined) => t?.payload as SolanaPayload;

describe("svm-chain plans of several transactions: simulated in order with simulateBundle", () => {
  let rpc: FakeRpc;
  let chain: SolanaLocalChain;

  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeEach(async () => {
    // Kamino's USDC reserve: 3,000 USDC for 2,000 cUSDC (1.5 USDC each). The owner holds 5 cUSDC and no USDC at all.
    chain = await kaminoSimulationChain(rpc, SPONSOR);
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 5_000_000n);
    chain.lamports.set(OWNER, 1_000_000_000n);
    await chain.setTokenBalance(OWNER, KAMINO_CUSDC_MINT, 5_000_000n);
    rpc.solanaJito = true;
    rpc.calls.length = 0;
  });

  it("the burn simulates ok because the withdraw before it pays the USDC; alone it fails; what is offered is what was simulated", async () => {
    const [w, b] = [await withdraw(3_000_000n), await burn(3_000_000n)];
    // Alone, on the chain as it is, the burn fails: the owner has no USDC account yet.
    const alone = await simulateTransactions([b], OWNER);
    expect(alone.transactions[0]?.simulation?.status).toBe("failed");
    expect(alone.blocker?.code).toBe("simulation_failed");

    rpc.calls.length = 0;
    const sim = await simulateTransactions([w, b], OWNER);
    expect(sim.blocker).toBeNull();
    expect(rpc.calls).toContain("simulateBundle");
    expect(rpc.calls).not.toContain("simulateTransaction");
    const [sw, sb] = sim.transactions;
    expect(sw?.simulation).toMatchObject({ status: "ok", error: null });
    expect(sb?.simulation).toMatchObject({ status: "ok", error: null });
    expect(sw?.simulation?.logs).toEqual(expect.arrayContaining(["Program log: Instruction: RedeemReserveCollateral"]));
    expect(sb?.simulation?.logs).toEqual(expect.arrayContaining(["Program log: Instruction: DepositForBurn"]));
    // The withdraw gets its compute budget from the units the bundle reports; the burn, already signed by its event
    // account, is offered exactly as built.
    expect(payloadOf(sw).instructions.slice(0, 2).map((i) => i.programAddress)).toEqual([COMPUTE_BUDGET, COMPUTE_BUDGET]);
    expect(payloadOf(sw).computeBudget?.basis).toMatch(new RegExp(`^Unit limit: ${sw?.simulation?.gasEstimate} compute units consumed in simulation`));
    expect(payloadOf(sb)).toEqual(payloadOf(b));
    // The transactions offered, in order, simulate ok on the chain too (the bundle simulated what is signed).
    const none = [null, null];
    const offered = await chain.simulateBundle([payloadOf(sw).transaction, payloadOf(sb).transaction], {
      preExecutionAccountsConfigs: none,
      postExecutionAccountsConfigs: none,
      skipSigVerify: true,
      replaceRecentBlockhash: true,
    });
    expect(offered.summary).toBe("succeeded");
  });

  it("a later transaction that fails blocks the plan simulation_failed naming it; the one after it is not simulated", async () => {
    const [w, b, again] = [await withdraw(3_000_000n), await burn(4_000_000n), await withdraw(1_000_000n)];
    const sim = await simulateTransactions([w, b, again], OWNER);
    expect(sim.transactions.map((t) => t.simulation?.status)).toEqual(["ok", "failed", "unavailable"]);
    expect(sim.blocker?.code).toBe("simulation_failed");
    expect(sim.blocker?.message).toContain(b.description);
    expect(sim.transactions[1]?.simulation?.error).toMatch(/SPL Token: INSUFFICIENT_FUNDS|insufficient funds/i);
    expect(sim.transactions[2]?.simulation?.error).toMatch(/^Not simulated: an earlier transaction of the plan fails \(.+\)\.$/);
  });

  it("an RPC without simulateBundle: the first is simulated alone, the later ones are unavailable naming simulateBundle and the answer", async () => {
    rpc.solanaJito = false;
    const sim = await simulateTransactions([await withdraw(3_000_000n), await burn(3_000_000n)], OWNER);
    expect(sim.blocker).toBeNull();
    expect(sim.transactions[0]?.simulation).toMatchObject({ status: "ok" });
    expect(payloadOf(sim.transactions[0]).computeBudget).not.toBeUndefined();
    expect(sim.transactions[1]?.simulation?.status).toBe("unavailable");
    expect(sim.transactions[1]?.simulation?.error).toMatch(/simulateBundle \(.*Method not found.*-32601.*\)\.$/);
    expect(rpc.calls.filter((c) => c === "simulateTransaction")).toHaveLength(1);
  });
});
