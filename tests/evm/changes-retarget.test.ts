// A vault plan retargeted after building to another real venue on the same chain (issue 23 item 2: "an EVM approval is
// exact and only to the contract the plan names"): the plan's deposit into one venue rewritten into an approval of, and
// a deposit into, another (the owner still gets shares there, the USDC still leaves exactly once) is refused
// `simulation_mismatch`, naming the other contract. The contracts a plan may pay or approve are the ones its venue's
// descriptor cites, never the addresses the transactions call.
import { encodeFunctionData, erc20Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { checkChanges } from "../../server/chains/check-changes";
import type { EvmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { getVenue } from "../../server/venues";
import { AAVE_POOL_FULL_ABI, deployAaveV3, mintUsdc } from "../../testing/chains/evm/aave";
import { COMET_FULL_ABI, deployComet } from "../../testing/chains/evm/comet";
import { cometMarket } from "../../testing/chains/evm/comet-deployments";
import { deployMorpho, METAMORPHO_ABI } from "../../testing/chains/evm/morpho";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { ourBuild, useLocalChain } from "../../testing/oracle";
import { alteredCalls } from "../support/altered";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const AMOUNT = 3_000_000n;
const onchain = (id: string) => getVenue(id)?.onchain ?? {};

describe("EVM: a vault plan retargeted to another real venue on Base is refused, naming it", () => {
  let node: EvmNode;
  const usdc = (onchain("aave-v3-base").usdc ?? "") as Hex;
  const pool = onchain("aave-v3-base").pool as Hex;
  const vault = onchain("morpho-base").vault as Hex;
  const comet = onchain("compound-v3-base").cUSDCv3 as Hex;
  useLocalChain(["SVC_RPC_EVM_A"], async () => {
    node = await startEvmNode({ chainId: 8453 });
    node.methods.simulateV1 = true;
    const a = onchain("aave-v3-base");
    await deployAaveV3(node, { pool: a.pool ?? "", poolAddressesProvider: a.poolAddressesProvider ?? "", usdc, aUsdc: a.aUsdc });
    const m = onchain("morpho-base");
    await deployMorpho(node, { morphoBlue: m.morphoBlue ?? "", vault: m.vault ?? "", usdc });
    const c = cometMarket("base", "usdc");
    await deployComet(node, { comet: c.comet, usdc: c.baseToken, configurator: c.configurator });
    await mintUsdc(node, usdc, OWNER, 100_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  const approve = (spender: Hex) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, AMOUNT] });
  const intoVault = encodeFunctionData({ abi: METAMORPHO_ABI, functionName: "deposit", args: [AMOUNT, OWNER] });
  const intoPool = encodeFunctionData({ abi: AAVE_POOL_FULL_ABI, functionName: "supply", args: [usdc, AMOUNT, OWNER, 0] });
  const intoComet = encodeFunctionData({ abi: COMET_FULL_ABI, functionName: "supply", args: [usdc, AMOUNT] } as Parameters<typeof encodeFunctionData>[0]);

  it.each([
    ["aave-v3-base", vault, intoVault],
    ["compound-v3-base", vault, intoVault],
    ["morpho-base", pool, intoPool],
    ["morpho-base", comet, intoComet],
  ] as const)("%s's deposit sent to %s (approved exactly, the deposit succeeding there) is refused", async (venueId, other, deposit) => {
    const venue = getVenue(venueId);
    if (!venue) throw new Error(`${venueId} is not listed`);
    const built = await ourBuild(venueId, "deposit", OWNER, AMOUNT);
    const untouched = await simulateTransactions(built, OWNER);
    expect(checkChanges(untouched.transactions, await vaultExpectedChanges("deposit", venue, OWNER, AMOUNT))?.message ?? null).toBeNull();
    // The approval stays a call to USDC (to another spender); the deposit goes to the other venue's contract.
    const retargeted = alteredCalls(built, { 0: approve(other), 1: deposit }).map((t, i) => (i === 1 ? { ...t, payload: { ...(t.payload as EvmCall), to: other } } : t));
    const sim = await simulateTransactions(retargeted, OWNER);
    // It runs: the other venue takes the USDC and credits the owner there.
    expect(sim.transactions.map((t) => t.simulation?.status)).toEqual(["ok", "ok"]);
    const b = checkChanges(sim.transactions, await vaultExpectedChanges("deposit", venue, OWNER, AMOUNT));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`an approval of 3.000000 USDC to ${other}`);
  });
});
