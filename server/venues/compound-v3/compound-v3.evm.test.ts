// Compound v3 on Comet's real bytecode (compiled from compound-finance/comet at the pinned solc) in the in-process EVM,
// at the registry's cUSDCv3 address on both EVM chains: our approve + supply and withdraw plans are signed and mined,
// the Comet balance moves exactly as they say, and the withdraw plan never leaves a borrow: above the supplied
// balance it is blocked insufficient_balance with the most that can be withdrawn, while the same call built by hand
// does borrow on the real contract (the cap is needed, not decoration).
import { encodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvmCall } from "../../chains/evm";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { buildWithIds, whileDown } from "../../../testing/swapped-ids";
import { COMET_ABI } from "./abi";
import { compoundV3Adapter } from "./build";
import { erc20Balance, mintUsdc } from "../../../testing/chains/evm/aave";
import { allocate, COMET_FULL_ABI, type CometDeployment, cometView, deployComet } from "../../../testing/chains/evm/comet";
import { cometMarket } from "../../../testing/chains/evm/comet-deployments";
import type { EvmNode } from "../../../testing/chains/evm/node";
import { signAndSend } from "../../../testing/chains/evm/wallet";
import { abiCallView, evmCallView, evmVenueChains, expectSameAs, ourBuild as build, signPlan, useVenueEvm } from "../../../testing/oracle";

// Throw-away keys for the local chain only (anvil's default accounts 3 and 4).
const OWNER_KEY: Hex = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
const BORROWER_KEY: Hex = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const BORROWER = privateKeyToAccount(BORROWER_KEY).address;
const LENDER = `0x${"1e".repeat(20)}`;

describe("the registry's Compound v3 ids are compound-finance/comet's deployment files'", () => {
  it.each([
    ["compound-v3-base", "base"],
    ["compound-v3-arbitrum", "arbitrum"],
  ] as const)("%s: Comet, USDC and Configurator of deployments/%s/usdc", (venueId, chain) => {
    const m = cometMarket(chain, "usdc");
    expect(getVenue(venueId)?.onchain).toMatchObject({ cUSDCv3: m.comet, usdc: m.baseToken, configurator: m.configurator });
  });
});

describe.each(evmVenueChains("compound-v3"))("%s on Comet's real bytecode (chain id %i)", (venueId, chainId, rpcVar) => {
  let node: EvmNode;
  let c: CometDeployment;
  const chain = chainId === 8453 ? "base" : "arbitrum";
  useVenueEvm(venueId, chainId, rpcVar, async (n) => {
    node = n;
    // The published USDC market (Comet, base token, Configurator) from the deployment files, not from our registry.
    const m = cometMarket(chain, "usdc");
    c = await deployComet(node, { comet: m.comet, usdc: m.baseToken, configurator: m.configurator });
  });
  beforeAll(async () => {
    // Liquidity from another supplier, so a borrow is possible at all.
    await mintUsdc(node, c.usdc, LENDER, 100_000_000n);
    await node.exec(LENDER, c.usdc, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [c.comet as Hex, 100_000_000n] }));
    await node.exec(LENDER, c.comet, encodeFunctionData({ abi: COMET_ABI, functionName: "supply", args: [c.usdc as Hex, 100_000_000n] }));
    // Both accounts hold 10 USDC and post 1 WETH ($2000) as collateral: a withdraw above their supply could borrow.
    for (const [who, key] of [
      [OWNER, OWNER_KEY],
      [BORROWER, BORROWER_KEY],
    ] as const) {
      await node.setBalance(who, 10n ** 18n);
      await mintUsdc(node, c.usdc, who, 10_000_000n);
      await allocate(node, c.weth, who, 10n ** 18n);
      const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [c.comet as Hex, 10n ** 18n] });
      const post = encodeFunctionData({ abi: COMET_ABI, functionName: "supply", args: [c.weth, 10n ** 18n] });
      await signAndSend(node.url, key, [
        { chainId, to: c.weth, data: approve, value: "0" },
        { chainId, to: c.comet, data: post, value: "0" },
      ]);
    }
  });

  it("deposit plan (approve + supply) mined: 5 USDC leave the wallet, Comet balanceOf = 5 USDC", async () => {
    const deposit = await build(venueId, "deposit", OWNER, 5_000_000n);
    await signPlan(node, OWNER_KEY, deposit);
    expect(await erc20Balance(node, c.usdc, OWNER)).toBe(5_000_000n);
    expect(await cometView(node, c.comet, "balanceOf", [OWNER])).toBe(5_000_000n);
  });

  it("the calls are the ones Comet's own ABI (compiled from compound-finance/comet) encodes: approve(comet), supply(usdc, amount), withdraw(usdc, amount)", async () => {
    const deposit = await build(venueId, "deposit", OWNER, 2_000_000n);
    expectSameAs(
      "approve + Comet.supply",
      deposit.map((t, i) => evmCallView(t.payload as EvmCall, i === 0 ? erc20Abi : COMET_FULL_ABI)),
      [abiCallView(c.usdc, erc20Abi, "approve", [c.comet, 2_000_000n]), abiCallView(c.comet, COMET_FULL_ABI, "supply", [c.usdc, 2_000_000n])],
    );
    const withdraw = await build(venueId, "withdraw", OWNER, 1_000_000n);
    expectSameAs(
      "Comet.withdraw",
      withdraw.map((t) => evmCallView(t.payload as EvmCall, COMET_FULL_ABI)),
      [abiCallView(c.comet, COMET_FULL_ABI, "withdraw", [c.usdc, 1_000_000n])],
    );
  });

  it("withdraw above the supplied balance: blocked insufficient_balance with the most that can be withdrawn (read from the real Comet)", async () => {
    const above = await build(venueId, "withdraw", OWNER, 5_000_001n).catch((e: unknown) => e);
    expect(above).toMatchObject({ code: "insufficient_balance", message: expect.stringContaining("withdraw at most 5000000") });
  });

  it("without the cap the same call borrows: Comet.withdraw(usdc, 6) by hand leaves a 1 USDC borrow on the real contract", async () => {
    const deposit = await build(venueId, "deposit", BORROWER, 5_000_000n);
    await signPlan(node, BORROWER_KEY, deposit);
    const uncapped = encodeFunctionData({ abi: COMET_ABI, functionName: "withdraw", args: [c.usdc as Hex, 6_000_000n] });
    await signAndSend(node.url, BORROWER_KEY, [{ chainId, to: c.comet, data: uncapped, value: "0" }]);
    expect(await cometView(node, c.comet, "borrowBalanceOf", [BORROWER])).toBeGreaterThanOrEqual(1_000_000n);
  });

  it("withdraw plan of exactly the supplied balance mined: Comet balance 0, no borrow, 10 USDC back in the wallet", async () => {
    const supplied = await cometView(node, c.comet, "balanceOf", [OWNER]);
    const withdraw = await build(venueId, "withdraw", OWNER, supplied);
    await signPlan(node, OWNER_KEY, withdraw);
    expect(await cometView(node, c.comet, "borrowBalanceOf", [OWNER])).toBe(0n);
    expect(await erc20Balance(node, c.usdc, OWNER)).toBe(5_000_000n + supplied);
    // Interest accrued since the deposit (a borrow exists now) stays supplied; never negative.
    expect(await cometView(node, c.comet, "balanceOf", [OWNER])).toBeLessThan(10n);
  });

  describe("another real-shaped Comet blocks the plan venue_state_unavailable, naming it", () => {
    const blocked = (onchain: Record<string, string>, action: "deposit" | "withdraw" = "deposit") =>
      buildWithIds(venueId, compoundV3Adapter, onchain, action, { owner: OWNER, amountMicros: 1_000_000n });

    it("the USDC market's ids are proven: baseToken() and the Configurator's entry for it are USDC", async () => {
      forgetProvenIds();
      await expect(build(venueId, "deposit", OWNER, 1_000_000n)).resolves.toHaveLength(2);
    });

    it("the WETH market's Comet (another base, listed by the same Configurator): deposit and withdraw blocked", async () => {
      const weth = cometMarket(chain, "weth");
      await deployComet(node, { comet: weth.comet, usdc: weth.baseToken, configurator: weth.configurator });
      for (const action of ["deposit", "withdraw"] as const) {
        expect(await blocked({ cUSDCv3: weth.comet }, action)).toMatchObject({
          code: "venue_state_unavailable",
          message: expect.stringContaining(`Comet ${getAddress(weth.comet)}'s baseToken() is USDC ${getAddress(c.usdc)}: it is not (its baseToken() is ${getAddress(weth.baseToken)})`),
        });
      }
    });

    it("a USDC Comet the Configurator does not list: blocked, the Configurator's entry for it is empty", async () => {
      // A second USDC Comet (real bytecode, same base) at a local address no deployment file names.
      const stray = `0x${"5e".repeat(20)}`;
      await deployComet(node, { comet: stray, usdc: c.usdc });
      expect(await blocked({ cUSDCv3: stray })).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining(`Comet ${getAddress(stray)} is the USDC market Configurator ${getAddress(cometMarket(chain, "usdc").configurator)} lists`),
      });
    });

    it("the chain unreadable: blocked venue_state_unavailable (not a server error), nothing built", async () => {
      // Proven before (the plans above): forgotten, so the relationship is read again and cannot be.
      forgetProvenIds();
      const down = await whileDown(node, () => blocked({}));
      expect(down).toMatchObject({ code: "venue_state_unavailable", message: expect.stringMatching(/could not be read from the chain's RPC/) });
    });
  });
});
