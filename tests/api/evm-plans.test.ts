// EVM plans from the running app against the in-process EVM holding Aave v3's and Comet's real bytecode at the
// registry's addresses (evm-a, Base's chain id): the plan's transactions are simulated before they are returned, a
// plan that would revert is blocked simulation_failed with the decoded reason, the Compound withdraw is capped at the
// supplied balance read from the real Comet, and what the plan returns, signed with a local key, is mined.
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvmCall } from "../../server/chains/evm";
import type { GasFee } from "../../server/chains/evm/fees";
import type { Simulation } from "../../server/chains/simulation";
import { getVenue } from "../../server/venues";
import { type AaveDeployment, deployAaveV3, erc20Balance, mintUsdc } from "../../testing/chains/evm/aave";
import { cometView, deployComet } from "../../testing/chains/evm/comet";
import { cometMarket } from "../../testing/chains/evm/comet-deployments";
import { deployMorpho, vaultView } from "../../testing/chains/evm/morpho";
import { BASE_FEE_WEI, type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { signAndSend } from "../../testing/chains/evm/wallet";
import { type App, dbKinds, startApp } from "../support/app";
import { call } from "../support/http";

type Plan = {
  status: string;
  blockers?: { code: string; message: string }[];
  transactions: { kind: string; payload: EvmCall; simulation?: Simulation }[];
  gasFee?: GasFee;
};

// A throw-away key for the local chain only (anvil's default account 5).
const OWNER_KEY: Hex = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";
const OWNER = privateKeyToAccount(OWNER_KEY).address;

describe.each(dbKinds())("EVM plans on real bytecode, simulated before signing (%s)", (db) => {
  let app: App;
  let node: EvmNode;
  let aave: AaveDeployment;
  const post = (path: string, body: unknown) => call<Plan>(app.url, "POST", `/api/v1${path}`, { body });

  beforeAll(async () => {
    node = await startEvmNode({ chainId: 8453 });
    const a = getVenue("aave-v3-base")?.onchain ?? {};
    aave = await deployAaveV3(node, { pool: a.pool ?? "", poolAddressesProvider: a.poolAddressesProvider ?? "", usdc: a.usdc ?? "", aUsdc: a.aUsdc });
    const usdcComet = cometMarket("base", "usdc");
    await deployComet(node, { comet: usdcComet.comet, usdc: usdcComet.baseToken, configurator: usdcComet.configurator });
    const m = getVenue("morpho-base")?.onchain ?? {};
    await deployMorpho(node, { morphoBlue: m.morphoBlue ?? "", vault: m.vault ?? "", usdc: a.usdc ?? "" });
    await mintUsdc(node, aave.usdc, OWNER, 10_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    // The in-process EVM is slower than a node (several passes of Aave's supply per estimate): a wider RPC budget.
    app = await startApp({ db, env: { SVC_RPC_EVM_A: node.url, SVC_RPC_TIMEOUT_MS: "30000" } });
  });
  afterAll(async () => {
    await app?.stop();
    await node?.close();
  });

  it("Aave deposit: prepared, each transaction simulated ok with its gas; signed and mined, the aToken balance is the amount", async () => {
    const r = await post("/svc/strategies/deposit/plan", { strategyId: "aave-v3-base", amountMicros: "4000000", owner: OWNER });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe("prepared");
    expect(r.json.transactions.map((t) => [t.kind, t.simulation?.status])).toEqual([
      ["approve", "ok"],
      ["deposit", "ok"],
    ]);
    for (const t of r.json.transactions) expect(BigInt(t.simulation?.gasEstimate ?? "0")).toBeGreaterThan(21_000n);
    // The fees the wallet will ask for, from the node's eth_feeHistory (base fee BASE_FEE_WEI, tips BASE_FEE_WEI).
    const gas = r.json.transactions.reduce((s, t) => s + BigInt(t.simulation?.gasEstimate ?? "0"), 0n);
    const maxFee = 2n * BASE_FEE_WEI + BASE_FEE_WEI;
    expect(r.json.gasFee).toEqual({
      asset: "ETH",
      decimals: 18,
      gas: gas.toString(),
      baseFeePerGas: BASE_FEE_WEI.toString(),
      maxPriorityFeePerGas: BASE_FEE_WEI.toString(),
      maxFeePerGas: maxFee.toString(),
      maxCostWei: (gas * maxFee).toString(),
      expectedCostWei: (gas * 2n * BASE_FEE_WEI).toString(),
      usd: null,
      usdReason: expect.any(String),
      reason: null,
    });
    for (const t of r.json.transactions) {
      expect(t.simulation?.fee).toEqual({ amount: (BigInt(t.simulation?.gasEstimate ?? "0") * maxFee).toString(), asset: "ETH", decimals: 18, maxFeePerGas: maxFee.toString(), maxPriorityFeePerGas: BASE_FEE_WEI.toString() });
    }
    await signAndSend(
      node.url,
      OWNER_KEY,
      r.json.transactions.map((t) => t.payload),
    );
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(4_000_000n);
  });

  it("a deposit above the wallet's USDC: blocked simulation_failed with the token's decoded reason, nothing to sign", async () => {
    const r = await post("/svc/strategies/deposit/plan", { strategyId: "aave-v3-base", amountMicros: "50000000", owner: OWNER });
    expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(r.json.blockers).toEqual([{ code: "simulation_failed", message: expect.stringContaining("transfer amount exceeds balance") }]);
  });

  it("Compound withdraw with nothing supplied: blocked insufficient_balance from the real Comet's balanceOf", async () => {
    expect(await cometView(node, getVenue("compound-v3-base")?.onchain.cUSDCv3 ?? "", "balanceOf", [OWNER])).toBe(0n);
    const r = await post("/svc/strategies/withdraw/plan", { strategyId: "compound-v3-base", amountMicros: "1000000", owner: OWNER });
    expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(r.json.blockers).toEqual([{ code: "insufficient_balance", message: expect.stringContaining("withdraw at most 0") }]);
  });

  it("Morpho vault deposit then withdraw through the app: simulated, signed, mined; shares move exactly as planned", async () => {
    const vault = getVenue("morpho-base")?.onchain.vault ?? "";
    const dep = await post("/svc/strategies/deposit/plan", { strategyId: "morpho-base", amountMicros: "2000000", owner: OWNER });
    expect(dep.json.status).toBe("prepared");
    expect(dep.json.transactions.map((t) => [t.kind, t.simulation?.status])).toEqual([
      ["approve", "ok"],
      ["deposit", "ok"],
    ]);
    expect(dep.json.gasFee?.reason).toBeNull();
    const shares = await vaultView(node, vault, "previewDeposit", [2_000_000n]);
    await signAndSend(
      node.url,
      OWNER_KEY,
      dep.json.transactions.map((t) => t.payload),
    );
    expect(await vaultView(node, vault, "balanceOf", [OWNER])).toBe(shares);
    const wd = await post("/svc/strategies/withdraw/plan", { strategyId: "morpho-base", amountMicros: "2000000", owner: OWNER });
    expect(wd.json.status).toBe("prepared");
    expect(wd.json.transactions.map((t) => [t.kind, t.simulation?.status])).toEqual([["withdraw", "ok"]]);
    await signAndSend(
      node.url,
      OWNER_KEY,
      wd.json.transactions.map((t) => t.payload),
    );
    // No borrow in this market: a share is worth what it was, so redeeming previewWithdraw(2 USDC) burns them all.
    expect(await vaultView(node, vault, "balanceOf", [OWNER])).toBe(0n);
    const above = await post("/svc/strategies/withdraw/plan", { strategyId: "morpho-base", amountMicros: "1", owner: OWNER });
    expect(above.json.blockers).toEqual([{ code: "insufficient_balance", message: expect.stringContaining("withdraw at most 0") }]);
  });

  it("an RPC without eth_feeHistory: the plan is still prepared, the gas fee null with the node's refusal as the reason", async () => {
    node.methods.feeHistory = false;
    try {
      const r = await post("/svc/strategies/deposit/plan", { strategyId: "aave-v3-base", amountMicros: "1000000", owner: OWNER });
      expect(r.json.status).toBe("prepared");
      expect(r.json.gasFee).toMatchObject({ gas: expect.stringMatching(/^[0-9]+$/), maxFeePerGas: null, maxCostWei: null, reason: expect.stringContaining("eth_feeHistory") });
      for (const t of r.json.transactions) expect(t.simulation?.fee).toBeNull();
    } finally {
      node.methods.feeHistory = true;
    }
  });
});
