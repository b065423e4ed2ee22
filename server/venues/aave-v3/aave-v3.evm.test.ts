// Aave v3 on its real bytecode (`@aave/core-v3` artifacts) in the in-process EVM, at the registry's published
// addresses on both EVM chains: our approve + supply and withdraw plans are signed with a local key and mined, and the
// aToken and USDC balances move exactly as the plans say.
import { AaveV3Arbitrum, AaveV3Base } from "@bgd-labs/aave-address-book";
import { erc20Abi, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { EvmCall } from "../../chains/evm";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { buildWithIds, whileDown } from "../../../testing/swapped-ids";
import { aaveV3Adapter } from "./build";
import { AAVE_POOL_FULL_ABI, type AaveDeployment, deployAaveV3, erc20Balance, mintUsdc } from "../../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../../testing/chains/evm/node";
import { signAndSend } from "../../../testing/chains/evm/wallet";
import { abiCallView, evmCallView, expectSameAs, ourBuild, useLocalChain } from "../../../testing/oracle";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = privateKeyToAccount(OWNER_KEY).address;

const build = (venueId: string, action: "deposit" | "withdraw", amountMicros: bigint) => ourBuild(venueId, action, OWNER, amountMicros);

describe("the registry's Aave v3 addresses are the address book's", () => {
  it("Base and Arbitrum: Pool, PoolAddressesProvider, USDC (and Arbitrum's data provider)", () => {
    expect(getVenue("aave-v3-base")?.onchain).toMatchObject({
      pool: AaveV3Base.POOL,
      poolAddressesProvider: AaveV3Base.POOL_ADDRESSES_PROVIDER,
      aUsdc: AaveV3Base.ASSETS.USDC.A_TOKEN,
      usdc: AaveV3Base.ASSETS.USDC.UNDERLYING,
    });
    expect(getVenue("aave-v3-arbitrum")?.onchain).toMatchObject({
      pool: AaveV3Arbitrum.POOL,
      poolAddressesProvider: AaveV3Arbitrum.POOL_ADDRESSES_PROVIDER,
      poolDataProvider: AaveV3Arbitrum.AAVE_PROTOCOL_DATA_PROVIDER,
      aUsdc: AaveV3Arbitrum.ASSETS.USDCn.A_TOKEN,
      usdc: AaveV3Arbitrum.ASSETS.USDCn.UNDERLYING,
    });
  });
});

describe.each([
  ["aave-v3-base", "evm-a", 8453, "SVC_RPC_EVM_A"],
  ["aave-v3-arbitrum", "evm-b", 42161, "SVC_RPC_EVM_B"],
] as const)("%s on real bytecode (%s, chain id %i)", (venueId, _chain, chainId, rpcVar) => {
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

  it("approve + supply, signed and mined: 3 USDC leave the wallet, 3 aUSDC arrive; withdraw 1 brings 1 back", async () => {
    const deposit = await build(venueId, "deposit", 3_000_000n);
    expect(deposit.map((t) => t.kind)).toEqual(["approve", "deposit"]);
    const receipts = await signAndSend(
      node.url,
      OWNER_KEY,
      deposit.map((t) => t.payload as EvmCall),
    );
    expect(receipts.map((r) => r.status)).toEqual(["success", "success"]);
    expect(await erc20Balance(node, aave.usdc, OWNER)).toBe(7_000_000n);
    // No borrows: the liquidity index stays 1 ray, so the aToken balance is exactly what was supplied.
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(3_000_000n);
    expect(await erc20Balance(node, aave.usdc, aave.aToken)).toBe(3_000_000n);

    const withdraw = await build(venueId, "withdraw", 1_000_000n);
    await signAndSend(
      node.url,
      OWNER_KEY,
      withdraw.map((t) => t.payload as EvmCall),
    );
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(2_000_000n);
    expect(await erc20Balance(node, aave.usdc, OWNER)).toBe(8_000_000n);
  });

  it("the calls are the ones Aave's own Pool ABI (@aave/core-v3 artifact) encodes: approve(pool), supply(usdc, amount, owner, 0), withdraw(usdc, amount, owner)", async () => {
    // Target and asset from Aave's own address book (@bgd-labs/aave-address-book), not from our registry.
    const book = venueId === "aave-v3-base" ? { pool: AaveV3Base.POOL, usdc: AaveV3Base.ASSETS.USDC.UNDERLYING } : { pool: AaveV3Arbitrum.POOL, usdc: AaveV3Arbitrum.ASSETS.USDCn.UNDERLYING };
    const { pool, usdc } = book;
    const deposit = await build(venueId, "deposit", 2_000_000n);
    expectSameAs(
      "approve + Pool.supply (@aave/core-v3)",
      deposit.map((t, i) => evmCallView(t.payload as EvmCall, i === 0 ? erc20Abi : AAVE_POOL_FULL_ABI)),
      [abiCallView(usdc, erc20Abi, "approve", [pool, 2_000_000n]), abiCallView(pool, AAVE_POOL_FULL_ABI, "supply", [usdc, 2_000_000n, OWNER, 0])],
    );
    const withdraw = await build(venueId, "withdraw", 1_000_000n);
    expectSameAs(
      "Pool.withdraw (@aave/core-v3)",
      withdraw.map((t) => evmCallView(t.payload as EvmCall, AAVE_POOL_FULL_ABI)),
      [abiCallView(pool, AAVE_POOL_FULL_ABI, "withdraw", [usdc, 1_000_000n, OWNER])],
    );
  });

  it("the supply without its approval reverts on the real Pool (the approval step is needed, not decoration)", async () => {
    const [, supply] = await build(venueId, "deposit", 1_000_000n);
    await expect(signAndSend(node.url, OWNER_KEY, [supply?.payload as EvmCall])).rejects.toThrow(/reverted|allowance/i);
    expect(await erc20Balance(node, aave.aToken, OWNER)).toBe(2_000_000n);
  });

  it("the node refuses what a chain refuses: another chain's id", async () => {
    const [approve] = await build(venueId, "deposit", 1_000_000n);
    const call = approve?.payload as EvmCall;
    await expect(signAndSend(node.url, OWNER_KEY, [{ ...call, chainId: chainId === 8453 ? 42161 : 8453 }])).rejects.toThrow(/chain/i);
  });

  it("the ids are proven from the chain: the Pool is the provider's getPool() and its USDC reserve names the address book's aToken", async () => {
    const book = venueId === "aave-v3-base" ? AaveV3Base.ASSETS.USDC : AaveV3Arbitrum.ASSETS.USDCn;
    expect(getAddress(aave.aToken)).toBe(getAddress(book.A_TOKEN));
    forgetProvenIds();
    await expect(build(venueId, "deposit", 1_000_000n)).resolves.toHaveLength(2);
  });

  describe("another real-shaped id blocks the plan venue_state_unavailable, naming it", () => {
    // The other chain's market from the address book, deployed on this chain too (same local USDC): a real Pool of a
    // real PoolAddressesProvider, and a real aToken of USDC, but not this venue's.
    const other = venueId === "aave-v3-base" ? AaveV3Arbitrum : AaveV3Base;
    let otherMarket: AaveDeployment;
    const blocked = (onchain: Record<string, string>, action: "deposit" | "withdraw" = "deposit") =>
      buildWithIds(venueId, aaveV3Adapter, onchain, action, { owner: OWNER, amountMicros: 1_000_000n });

    it("another market's Pool (the cited provider names another): deposit and withdraw blocked", async () => {
      otherMarket = await deployAaveV3(node, { pool: other.POOL, poolAddressesProvider: other.POOL_ADDRESSES_PROVIDER, usdc: aave.usdc });
      expect(getAddress(otherMarket.pool)).toBe(getAddress(other.POOL));
      for (const action of ["deposit", "withdraw"] as const) {
        expect(await blocked({ pool: other.POOL }, action)).toMatchObject({
          code: "venue_state_unavailable",
          message: expect.stringContaining(`Pool ${getAddress(other.POOL)} is PoolAddressesProvider ${getAddress(aave.poolAddressesProvider)}'s getPool(): it is not (the provider's getPool() is ${getAddress(aave.pool)})`),
        });
      }
    });

    it("another market's USDC aToken: blocked, the Pool names its own", async () => {
      expect(await blocked({ aUsdc: otherMarket.aToken })).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`aToken ${getAddress(otherMarket.aToken)} is Pool ${getAddress(aave.pool)}'s getReserveData`),
      });
      expect(await blocked({ aUsdc: otherMarket.aToken })).toMatchObject({ message: expect.stringContaining(`names aToken ${getAddress(aave.aToken)}`) });
    });

    it("the chain unreadable: blocked venue_state_unavailable (not a server error), nothing built", async () => {
      // Proven before (the plans above): forgotten, so the relationship is read again and cannot be.
      forgetProvenIds();
      const down = await whileDown(node, () => blocked({}));
      expect(down).toMatchObject({ code: "venue_state_unavailable", message: expect.stringMatching(/could not be read from the chain's RPC/) });
    });
  });
});
