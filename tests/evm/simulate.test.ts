// EVM simulation before signing, against Aave v3's real bytecode in the in-process EVM: the per-step path (eth_call +
// eth_estimateGas with the approval as a state override) and eth_simulateV1 when the node offers it; a plan that would
// revert is `failed` with the decoded reason and blocks the plan; an unreachable RPC is `unavailable`, with no gas.
import { encodeErrorResult, type Hex, parseAbi, toFunctionSelector } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeRevert } from "../../server/chains/evm/simulate";
import type { EvmCall } from "../../server/chains/evm";
import { resetConfigForTests } from "../../server/config";
import { simulateTransactions } from "../../server/chains/simulate";
import { getVenue } from "../../server/venues";
import { builderFor } from "../../server/venues/adapters";
import { type AaveDeployment, deployAaveV3, erc20Balance, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { signAndSend } from "../../testing/chains/evm/wallet";

const OWNER_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const OWNER = privateKeyToAccount(OWNER_KEY).address;

async function depositPlan(amountMicros: bigint) {
  const b = builderFor("aave-v3-base", "deposit");
  if (!("build" in b)) throw new Error(b.reason);
  return b.build({ owner: OWNER, amountMicros });
}

async function aaveOnBase(node: EvmNode): Promise<AaveDeployment> {
  const v = getVenue("aave-v3-base")?.onchain ?? {};
  const aave = await deployAaveV3(node, { pool: v.pool ?? "", poolAddressesProvider: v.poolAddressesProvider ?? "", usdc: v.usdc ?? "", aUsdc: v.aUsdc });
  await mintUsdc(node, aave.usdc, OWNER, 10_000_000n);
  await node.setBalance(OWNER, 10n ** 18n);
  return aave;
}

describe.each([
  ["eth_call + eth_estimateGas (no eth_simulateV1)", false],
  ["eth_simulateV1", true],
] as const)("Aave v3 deposit simulated through %s", (_name, simulateV1) => {
  let node: EvmNode;
  let aave: AaveDeployment;
  beforeAll(async () => {
    node = await startEvmNode({ chainId: 8453 });
    node.methods.simulateV1 = simulateV1;
    aave = await aaveOnBase(node);
    process.env.SVC_RPC_EVM_A = node.url;
    // The in-process EVM runs Aave's supply in ~100 ms per pass on a busy 2-core machine (estimateGas makes several).
    process.env.SVC_RPC_TIMEOUT_MS = "30000";
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_EVM_A;
    delete process.env.SVC_RPC_TIMEOUT_MS;
    resetConfigForTests();
    await node?.close();
  });

  it("approve then supply: both ok with a gas figure the mined transactions match", async () => {
    node.calls.length = 0;
    const sim = await simulateTransactions(await depositPlan(3_000_000n), OWNER);
    expect(sim.blocker).toBeNull();
    expect(sim.transactions.map((t) => t.simulation?.status)).toEqual(["ok", "ok"]);
    const [approveGas = 0n, supplyGas = 0n] = sim.transactions.map((t) => BigInt(t.simulation?.gasEstimate ?? "0"));
    expect(approveGas).toBeGreaterThan(21_000n);
    // The supply could only be simulated with the approval in place (without it the Pool's transferFrom reverts).
    expect(supplyGas).toBeGreaterThan(approveGas);
    // eth_simulateV1 alone answered: no per-step call or estimate. While the node's eth_simulateV1 is not yet known, the
    // approval's allowance-slot probe (one read-only eth_call) rides in the same batch, so a fallback costs one round
    // trip more, not two; once known, eth_simulateV1 is asked alone.
    if (simulateV1) {
      expect(node.calls).toEqual(["eth_simulateV1", "eth_call"]);
      node.calls.length = 0;
      expect((await simulateTransactions(await depositPlan(3_000_000n), OWNER)).transactions.map((t) => t.simulation?.status)).toEqual(["ok", "ok"]);
      expect(node.calls).toEqual(["eth_simulateV1"]);
    } else expect(node.calls).not.toContain("eth_sendRawTransaction");
    // Nothing was sent: simulation changes no state.
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(0n);
    // eth_estimateGas: a gas limit; signed with exactly those limits, the chain mines both within them.
    // eth_simulateV1: the gas each step used; the mined transactions use exactly that.
    const gas = sim.transactions.map((t) => BigInt(t.simulation?.gasEstimate ?? "0"));
    const receipts = await signAndSend(
      node.url,
      OWNER_KEY,
      sim.transactions.map((t, i) => ({ ...(t.payload as EvmCall), ...(simulateV1 ? {} : { gas: gas[i] }) })),
    );
    expect(receipts.map((r) => r.status)).toEqual(["success", "success"]);
    if (simulateV1) expect(receipts.map((r) => r.gasUsed)).toEqual(gas);
    else for (const [i, r] of receipts.entries()) expect(r.gasUsed).toBeLessThanOrEqual(gas[i] ?? 0n);
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(3_000_000n);
  });

  it("supplying more USDC than the owner holds: the supply step fails with the token's decoded reason; the plan is blocked simulation_failed", async () => {
    const sim = await simulateTransactions(await depositPlan(50_000_000n), OWNER);
    const [approve, supply] = sim.transactions;
    expect(approve?.simulation?.status).toBe("ok");
    expect(supply?.simulation).toMatchObject({ status: "failed", gasEstimate: null, error: expect.stringContaining("transfer amount exceeds balance") });
    expect(sim.blocker).toMatchObject({ code: "simulation_failed", message: expect.stringContaining("transfer amount exceeds balance") });
  });
});

describe("an unreachable or refusing EVM RPC: unavailable with the reason, no gas invented", () => {
  let node: EvmNode;
  beforeAll(async () => {
    node = await startEvmNode({ chainId: 8453 });
    await aaveOnBase(node);
    process.env.SVC_RPC_EVM_A = node.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_EVM_A;
    resetConfigForTests();
    await node?.close();
  });
  it("connection dropped → every step unavailable, the plan not blocked by simulation", async () => {
    const txs = await depositPlan(1_000_000n);
    node.down = true;
    try {
      const sim = await simulateTransactions(txs, OWNER);
      expect(sim.blocker).toBeNull();
      for (const t of sim.transactions) expect(t.simulation).toMatchObject({ status: "unavailable", gasEstimate: null, error: expect.stringMatching(/RPC did not answer/) });
    } finally {
      node.down = false;
    }
  });
});

describe("revert decoding", () => {
  it("Error(string), Panic(uint256), Comet's custom errors, and nothing invented for unknown data", () => {
    expect(decodeRevert("0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000023236000000000000000000000000000000000000000000000000000000000000", "execution reverted")).toBe("reverted: 26");
    expect(decodeRevert("0x4e487b710000000000000000000000000000000000000000000000000000000000000011", "execution reverted")).toBe("reverted: Panic(0x11)");
    // Custom errors: selectors computed by viem from the signatures, not typed here.
    expect(decodeRevert(toFunctionSelector("error NotCollateralized()"), "execution reverted")).toBe("reverted: NotCollateralized()");
    expect(decodeRevert(toFunctionSelector("error NotEnoughAvailableUserBalance()"), "execution reverted")).toBe("reverted: NotEnoughAvailableUserBalance()");
    const needed = encodeErrorResult({ abi: parseAbi(["error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)"]), errorName: "ERC20InsufficientBalance", args: [OWNER, 1n, 2n] });
    expect(decodeRevert(needed, "execution reverted")).toBe(`reverted: ERC20InsufficientBalance(${OWNER}, 1, 2)`);
    expect(decodeRevert(null, "execution reverted")).toBe("execution reverted (no reason given)");
    expect(decodeRevert("0xdeadbeef", "execution reverted")).toMatch(/unrecognised data 0xdeadbeef/);
  });
});
