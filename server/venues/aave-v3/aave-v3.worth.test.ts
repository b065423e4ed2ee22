// An Aave v3 position's worth now, from the chain (issue 23 item 5), on Aave's real bytecode (`@aave/core-v3`
// artifacts) in the in-process EVM at the registry's addresses: the worth reader says what the Pool's USDC aToken's own
// balanceOf says (scaled balance × the reserve's normalized income), after a supply signed through our own plan, after
// the liquidity index grows (a flash loan's premium, the local market enabling no borrows) and after a withdraw; 0 for
// an owner holding no aUSDC; an unreachable RPC answers a reason, never a number.
import { encodeFunctionData, getAddress, type Hex, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { aaveArtifact } from "../../../testing/chains/evm/artifacts";
import { type AaveDeployment, deployAaveV3, erc20Balance, flashLoanPremium, mintUsdc } from "../../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../../testing/chains/evm/node";
import { ourBuild as build, signPlan, useLocalChain } from "../../../testing/oracle";
import { rpcDownWorthCases } from "../../../testing/worth-cases";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { forgetWorth, readPositionWorth } from "../worth";
import { aaveV3Worth } from "./read";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const NOBODY: Hex = `0x${"0e".repeat(20)}`;
const WHAT = "Aave v3 aUSDC balanceOf (the Pool's USDC reserve aToken)";

describe.each([
  ["aave-v3-base", "evm-a", 8453, "SVC_RPC_EVM_A"],
  ["aave-v3-arbitrum", "evm-b", 42161, "SVC_RPC_EVM_B"],
] as const)("%s: a position's current worth is the aToken's balanceOf (%s, chain id %i)", (venueId, chain, chainId, rpcVar) => {
  let node: EvmNode;
  let aave: AaveDeployment;
  useLocalChain([rpcVar], async () => {
    node = await startEvmNode({ chainId });
    const v = getVenue(venueId)?.onchain ?? {};
    aave = await deployAaveV3(node, { pool: v.pool ?? "", poolAddressesProvider: v.poolAddressesProvider ?? "", usdc: v.usdc ?? "", aUsdc: v.aUsdc, poolDataProvider: v.poolDataProvider });
    await mintUsdc(node, aave.usdc, OWNER, 10_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  beforeEach(() => forgetWorth());

  it("supply 3 USDC through our plan: worth 3 USDC (the index at 1 ray), read from the chain now, the ids proven first", async () => {
    forgetProvenIds();
    await signPlan(node, OWNER_KEY, await build(venueId, "deposit", OWNER, 3_000_000n));
    expect(await erc20Balance(node, aave.usdc, OWNER)).toBe(7_000_000n);
    forgetProvenIds(); // the worth reader proves the Pool and aToken itself
    const w = await readPositionWorth(venueId, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 3_000_000n, source: `chain:${chain} ${WHAT}` });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the liquidity index grows (a 3 USDC flash loan's 0.09% premium, all to the only supplier): worth 3.0027 USDC, the aToken's balanceOf", async () => {
    await flashLoanPremium(node, aave, 3_000_000n, 9n);
    const onChain = await erc20Balance(node, aave.aToken, OWNER);
    expect(onChain).toBe(3_002_700n);
    expect(await readPositionWorth(venueId, OWNER)).toMatchObject({ ok: true, micros: onChain });
  });

  it("an owner holding no aUSDC is worth 0, whatever the reserve holds", async () => {
    expect(await erc20Balance(node, aave.usdc, aave.aToken)).toBeGreaterThan(3_000_000n);
    expect(await readPositionWorth(venueId, NOBODY)).toMatchObject({ ok: true, micros: 0n });
  });

  it("a 1 USDC withdraw through our plan lowers the worth by exactly 1 USDC", async () => {
    await signPlan(node, OWNER_KEY, await build(venueId, "withdraw", OWNER, 1_000_000n));
    expect(await erc20Balance(node, aave.usdc, OWNER)).toBe(8_000_000n);
    expect(await readPositionWorth(venueId, OWNER)).toMatchObject({ ok: true, micros: 2_002_700n });
  });

  it("only the proven aToken counts: another ERC-20 in its place (the owner's 8 USDC) is refused, naming the Pool's own", async () => {
    const d = getVenue(venueId);
    if (!d) throw new Error(`no ${venueId}`);
    forgetProvenIds();
    const swapped = aaveV3Worth({ ...d, onchain: { ...d.onchain, aUsdc: aave.usdc } });
    await expect(swapped.readWorth(OWNER, new AbortController().signal)).rejects.toThrow(`the Pool's USDC reserve names aToken ${aave.aToken}`);
  });

  it("the provider names another Pool (a governance change): the worth is refused with the reason, not read from the old Pool's aToken", async () => {
    // PoolAddressesProvider.setAddress(POOL, …) by its owner (`@aave/core-v3` 1.19.3
    // contracts/protocol/configuration/PoolAddressesProvider.sol: `bytes32 private constant POOL = 'POOL'`).
    const providerAbi = aaveArtifact("protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider").abi;
    const setPool = (to: string) => node.exec(aave.admin, aave.poolAddressesProvider, encodeFunctionData({ abi: providerAbi, functionName: "setAddress", args: [stringToHex("POOL", { size: 32 }), to] }));
    await setPool(NOBODY);
    forgetProvenIds();
    try {
      expect(await readPositionWorth(venueId, OWNER)).toEqual({
        ok: false,
        reason: `${WHAT}: Aave v3 Pool ${getAddress(aave.pool)} is PoolAddressesProvider ${getAddress(aave.poolAddressesProvider)}'s getPool(): it is not (the provider's getPool() is ${getAddress(NOBODY)}). Nothing is read against this id`,
      });
    } finally {
      await setPool(aave.pool);
      forgetProvenIds();
    }
    expect(await readPositionWorth(venueId, OWNER)).toMatchObject({ ok: true, micros: 2_002_700n });
  });

  rpcDownWorthCases(() => node, () => venueId, WHAT, OWNER, { ok: true, micros: 2_002_700n });
});
