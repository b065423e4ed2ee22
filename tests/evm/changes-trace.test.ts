// Balance changes on an EVM RPC without eth_simulateV1 (issue 23 item 1: "else the ERC-20 Transfer / Approval logs of
// the simulated call"): each step's debug_traceCall with geth's callTracer and withLog, the plan's earlier approvals as
// its stateOverrides, read by the same reader as eth_simulateV1's logs. On Aave v3's real bytecode: the plan's changes
// exact and checked; altered after building, refused; an RPC without debug_traceCall leaves them unavailable, saying so.
import { encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { checkChanges } from "../../server/chains/check-changes";
import { evmChanges, traceLogs } from "../../server/chains/evm/simulate";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { getVenue } from "../../server/venues";
import { AAVE_POOL_FULL_ABI, type AaveDeployment, deployAaveV3, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { ourBuild, useLocalChain } from "../../testing/oracle";
import { alteredCalls } from "../support/altered";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const OTHER: Hex = "0x000000000000000000000000000000000000bEEF";
const AMOUNT = 3_000_000n;

describe("EVM balance changes from debug_traceCall (callTracer, withLog) where the RPC has no eth_simulateV1 (Aave v3 on Base's bytecode)", () => {
  let node: EvmNode;
  let aave: AaveDeployment;
  const venue = getVenue("aave-v3-base");
  if (!venue) throw new Error("aave-v3-base is not listed");
  useLocalChain(["SVC_RPC_EVM_A"], async () => {
    node = await startEvmNode({ chainId: 8453 });
    // geth without eth_simulateV1 (before 1.14.9) or a provider that disables it, debug_traceCall on.
    node.methods.simulateV1 = false;
    const v = venue.onchain;
    aave = await deployAaveV3(node, { pool: v.pool ?? "", poolAddressesProvider: v.poolAddressesProvider ?? "", usdc: v.usdc ?? "", aUsdc: v.aUsdc });
    await mintUsdc(node, aave.usdc, OWNER, 100_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  const check = async (txs: PlanTransaction[]) => {
    const sim = await simulateTransactions(txs, OWNER);
    return { sim, blocker: checkChanges(sim.transactions, await vaultExpectedChanges("deposit", venue, OWNER, AMOUNT)) };
  };
  const supply = (amount: bigint, onBehalfOf: Hex) => encodeFunctionData({ abi: AAVE_POOL_FULL_ABI, functionName: "supply", args: [aave.usdc as Hex, amount, onBehalfOf, 0] });
  const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [aave.pool as Hex, amount] });

  it("the plan's approve + supply: the exact approval, 3 USDC out, 3 aUSDC to the owner, from the trace (the supply traced with the approval as a state override); the checker passes", async () => {
    const { sim, blocker } = await check(await ourBuild("aave-v3-base", "deposit", OWNER, AMOUNT));
    const [appr, dep] = sim.transactions.map((t) => t.simulation?.changes);
    expect(appr).toMatchObject({ status: "ok", approvals: [{ token: aave.usdc, spender: aave.pool, amount: AMOUNT.toString() }] });
    expect(dep?.source).toMatch(/^EVM RPC: debug_traceCall \(callTracer, withLog\)/);
    const of = (owner: string, token: string) => dep?.balanceChanges?.find((c) => c.owner.toLowerCase() === owner.toLowerCase() && c.asset.id.toLowerCase() === token.toLowerCase())?.amount;
    expect([of(OWNER, aave.usdc), of(OWNER, aave.aToken)]).toEqual([(-AMOUNT).toString(), AMOUNT.toString()]);
    expect(blocker?.message ?? null).toBeNull();
  });

  it("altered after building: ten times the amount, the aUSDC credited to someone else, an unlimited approval — each refused simulation_mismatch", async () => {
    const txs = await ourBuild("aave-v3-base", "deposit", OWNER, AMOUNT);
    const ten = await check(alteredCalls(txs, { 0: approve(AMOUNT * 10n), 1: supply(AMOUNT * 10n, OWNER) }));
    expect(ten.blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
    const elsewhere = await check(alteredCalls(txs, { 1: supply(AMOUNT, OTHER) }));
    expect(elsewhere.blocker?.message).toContain(`is minted to ${OTHER}, not to you`);
    const unlimited = await check(alteredCalls(txs, { 0: approve(maxUint256) }));
    expect(unlimited.blocker?.code).toBe("simulation_mismatch");
    expect(unlimited.blocker?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
  });

  it("an RPC with neither eth_simulateV1 nor debug_traceCall: the changes are unavailable with the reason, and the checker does not block", async () => {
    node.methods.traceCall = false;
    try {
      const { sim, blocker } = await check(await ourBuild("aave-v3-base", "deposit", OWNER, AMOUNT));
      for (const t of sim.transactions) {
        expect(t.simulation?.changes).toMatchObject({ status: "unavailable", reason: "The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known." });
      }
      expect(blocker).toBeNull();
    } finally {
      node.methods.traceCall = true;
    }
  });
});

describe("a callTracer frame tree read as the call's logs in execution order (geth's wire format)", () => {
  const A = "0x000000000000000000000000000000000000c411";
  const B = "0x0000000000000000000000000000000000001066";
  const log = (address: string, n: string, position: string) => ({ address, topics: [`0x${n.padStart(64, "0")}`] as Hex[], data: "0x" as Hex, position });

  it("a frame's value is an ETH transfer at its start; its logs interleave with its subcalls by position; a failed frame and a DELEGATECALL's value count for nothing", () => {
    const frame = {
      type: "CALL",
      from: OWNER,
      to: A,
      value: "0x5",
      logs: [log(A, "aa", "0x0"), log(A, "cc", "0x2")],
      calls: [
        { type: "CALL", from: A, to: B, value: "0x1", logs: [log(B, "bb", "0x0")] },
        { type: "CALL", from: A, to: B, value: "0x7", error: "execution reverted", logs: [] },
        { type: "DELEGATECALL", from: A, to: B, value: "0x5" },
      ],
    };
    const logs = traceLogs(frame);
    expect(logs.map((l) => (l.address.toLowerCase() === "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" ? `eth ${BigInt(l.data)}` : l.topics[0]?.slice(-2)))).toEqual(["eth 5", "aa", "eth 1", "bb", "cc"]);
    const changes = evmChanges("evm-a", logs);
    const eth = (owner: string) => changes.balanceChanges?.find((c) => c.owner.toLowerCase() === owner.toLowerCase() && c.asset.id === "native")?.amount;
    expect([eth(OWNER), eth(A), eth(B)]).toEqual(["-5", "4", "1"]);
  });
});
