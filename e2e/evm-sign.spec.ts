// Issue 15's last point: the dashboard's e2e wallet signs an EVM plan on real bytecode. Arbitrum (evm-b) in the e2e
// stack is the in-process EVM with Aave v3's shipped contracts (e2e/evm-chain.ts), and the operator gave the go for
// owner signing there only (SVC_OWNER_SIGNING_CHAINS=evm-b in e2e/server.ts; Base stays signing-disabled: wallets.spec).
// The test wallet is wagmi's mock connector; the node signs its eth_sendTransaction with the test account's local key,
// as Anvil does for its dev accounts. The plan review shows the chain's simulation of both legs before anything is
// signed; after signing, the node's aToken balance for the owner has moved by exactly the plan's amount, and the page
// says the service does not record Map-chain deposits in its ledger (execute is not asked).
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import { aaveV3Arbitrum } from "../server/venues/aave-v3/arbitrum";
import { E2E_EVM_ACCOUNT } from "./evm-constants";
import { allow, expect, test } from "./guarded";
import { ARBITRUM_PUBLIC_RPC, connectWallet, EVM_B_RPC_URL, enableTestWallets, expectNoSeriousA11y, opportunityIdOf, routeChainRpc, screenshots } from "./support";

// The wallet stack's Arbitrum RPC is the chain's public URL (no NEXT_PUBLIC_SVC_RPC_EVM_B in the build); routeChainRpc
// answers it from the local node, so the guard's "outside request" for that one URL never leaves the machine.
test.use({ allowedErrors: allow(new RegExp(`^outside request: ${ARBITRUM_PUBLIC_RPC.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`)) });

const ABI = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function getReserveData(address asset) view returns ((uint256 configuration, uint128 liquidityIndex, uint128 currentLiquidityRate, uint128 variableBorrowIndex, uint128 currentVariableBorrowRate, uint128 currentStableBorrowRate, uint40 lastUpdateTimestamp, uint16 id, address aTokenAddress, address stableDebtTokenAddress, address variableDebtTokenAddress, address interestRateStrategyAddress, uint128 accruedToTreasury, uint128 unbacked, uint128 isolationModeTotalDebt))",
]);

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

async function read<T>(rpc: Rpc, to: string, functionName: "balanceOf" | "getReserveData", args: readonly unknown[]): Promise<T> {
  const data = encodeFunctionData({ abi: ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  const out = (await rpc("eth_call", [{ to, data }, "latest"])) as Hex;
  return decodeFunctionResult({ abi: ABI, functionName, data: out }) as T;
}

test("EVM wallet signs an Aave v3 deposit on Arbitrum (real bytecode): simulated in the review, both legs mined, aUSDC up by the plan's amount", async ({ page, request }, testInfo) => {
  const rpc: Rpc = async (method, params) => {
    const r = await request.post(EVM_B_RPC_URL, { data: { jsonrpc: "2.0", id: 1, method, params } });
    const body = (await r.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const { pool, usdc } = aaveV3Arbitrum.onchain;
  const reserve = await read<{ aTokenAddress: Hex }>(rpc, pool ?? "", "getReserveData", [usdc]);
  const aTokenBefore = await read<bigint>(rpc, reserve.aTokenAddress, "balanceOf", [E2E_EVM_ACCOUNT]);
  const usdcBefore = await read<bigint>(rpc, usdc ?? "", "balanceOf", [E2E_EVM_ACCOUNT]);

  const executeCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/deposit/execute")) executeCalls.push(r.url());
  });
  await enableTestWallets(page);
  await routeChainRpc(page);
  const id = await opportunityIdOf(page.request, "aave-v3-arbitrum");
  await page.goto(`/opportunities/${id}`);
  await connectWallet(page, /Mock Connector/, "EVM");

  await page.getByLabel(/Deposit amount/).fill("25.5");
  await page.getByRole("button", { name: "Review deposit plan" }).click();
  await expect(page.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  await expect(page.getByTestId("plan")).toContainText("for 25.5 USDC");
  // Both legs, each simulated by the local chain (eth_call + eth_estimateGas, the approval applied as an override to
  // the supply's) before the wallet is asked for anything.
  const legs = page.getByTestId("transactions").locator("li");
  await expect(legs).toHaveCount(2);
  await expect(legs.nth(0)).toContainText("approve");
  await expect(legs.nth(1)).toContainText("deposit");
  for (const i of [0, 1]) await expect(legs.nth(i).getByTestId("simulation-ok")).toHaveText(/^Simulated by the chain: accepted, about \d+ gas units/);
  await expect(page.getByTestId("digest")).toHaveCount(0);
  // The operator's go for evm-b: signing is offered, with the Map chain's terms said before the wallet opens.
  await expect(page.getByTestId("sign-disabled-reason")).toHaveCount(0);
  await expect(page.getByTestId("map-sign-note")).toContainText("Arbitrum (evm-b) is a Map chain");
  await expect(page.getByTestId("sign")).toBeEnabled();
  await expectNoSeriousA11y(page);

  await page.getByTestId("sign").click();
  const digests = page.getByTestId("digests").getByTestId("digest");
  await expect(digests).toHaveCount(2, { timeout: 30_000 });
  const hashes: string[] = [];
  for (const i of [0, 1]) {
    const hash = (await digests.nth(i).innerText()).split(/\s/)[0]?.trim() ?? "";
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(digests.nth(i)).toHaveAttribute("href", `https://arbiscan.io/tx/${hash}`);
    hashes.push(hash);
  }
  const settlement = page.getByTestId("settlement");
  await expect(settlement).toContainText("Arbitrum (evm-b) is a Map chain: the service does not record Map-chain deposits in its ledger yet");

  // On the node: both legs mined from the test account, in order, and the balances moved by exactly the plan's amount.
  for (const [i, hash] of hashes.entries()) {
    const receipt = (await rpc("eth_getTransactionReceipt", [hash])) as { status: string; from: string; to: string };
    expect(receipt.status).toBe("0x1");
    expect(receipt.from.toLowerCase()).toBe(E2E_EVM_ACCOUNT.toLowerCase());
    expect(receipt.to.toLowerCase()).toBe((i === 0 ? (usdc ?? "") : (pool ?? "")).toLowerCase());
  }
  expect((await read<bigint>(rpc, reserve.aTokenAddress, "balanceOf", [E2E_EVM_ACCOUNT])) - aTokenBefore).toBe(25_500_000n);
  expect(usdcBefore - (await read<bigint>(rpc, usdc ?? "", "balanceOf", [E2E_EVM_ACCOUNT]))).toBe(25_500_000n);
  // The page did not report the signed plan to the execute endpoint (it answers map_chain_prepare_only on Map chains).
  expect(executeCalls).toEqual([]);
  await expectNoSeriousA11y(page);
  // The hashes wrap on a phone: no horizontal page scroll at 375 px.
  await screenshots(page, testInfo, "evm-signed-arbitrum");
});
