// A Compound v3 position's worth now, from the chain (issue 23 item 5), on Comet's real bytecode in the in-process EVM
// at the registry's cUSDCv3 address: the worth reader says what Comet's own balanceOf says (the supplied principal at
// the accrued supply index), after a deposit signed through our own plan, after interest accrues, and 0 for an owner who
// supplied nothing or only borrows; an unreachable RPC answers a reason, never a number.
import { encodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erc20Balance, mintUsdc } from "../../../testing/chains/evm/aave";
import { allocate, type CometDeployment, cometView, deployComet } from "../../../testing/chains/evm/comet";
import { cometMarket } from "../../../testing/chains/evm/comet-deployments";
import type { EvmNode } from "../../../testing/chains/evm/node";
import { evmVenueChains, ourBuild as build, signPlan, useVenueEvm } from "../../../testing/oracle";
import { rpcDownWorthCases } from "../../../testing/worth-cases";
import { forgetWorth, readPositionWorth } from "../worth";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { COMET_ABI } from "./abi";
import { compoundV3Worth } from "./read";

// A throw-away key for the local chain only (anvil's default account 3).
const OWNER_KEY: Hex = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const BORROWER: Hex = `0x${"b0".repeat(20)}`;
const LENDER: Hex = `0x${"1e".repeat(20)}`;
const NOBODY: Hex = `0x${"0e".repeat(20)}`;
const WHAT = "Compound v3 Comet balanceOf (USDC supplied at the accrued supply index)";

describe.each(evmVenueChains("compound-v3"))("%s: a position's current worth is Comet's balanceOf (chain id %i)", (venueId, chainId, rpcVar) => {
  let node: EvmNode;
  let c: CometDeployment;
  const chain = chainId === 8453 ? "evm-a" : "evm-b";
  useVenueEvm(venueId, chainId, rpcVar, async (n) => {
    node = n;
    const m = cometMarket(chainId === 8453 ? "base" : "arbitrum", "usdc");
    c = await deployComet(node, { comet: m.comet, usdc: m.baseToken, configurator: m.configurator });
  });
  beforeAll(async () => {
    await node.setBalance(OWNER, 10n ** 18n);
    await mintUsdc(node, c.usdc, OWNER, 10_000_000n);
    // Another supplier's liquidity, so a borrow (and with it interest) is possible.
    await mintUsdc(node, c.usdc, LENDER, 100_000_000n);
    await node.exec(LENDER, c.usdc, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [c.comet as Hex, 100_000_000n] }));
    await node.exec(LENDER, c.comet, encodeFunctionData({ abi: COMET_ABI, functionName: "supply", args: [c.usdc as Hex, 100_000_000n] }));
  });
  beforeEach(() => forgetWorth());

  it("deposit 5 USDC through our plan: worth 5 USDC, read from the chain now", async () => {
    await signPlan(node, OWNER_KEY, await build(venueId, "deposit", OWNER, 5_000_000n));
    expect(await erc20Balance(node, c.usdc, OWNER)).toBe(5_000_000n);
    const w = await readPositionWorth(venueId, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 5_000_000n, source: `chain:${chain} ${WHAT}` });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("interest accrues (a borrower, 30 days): the worth grows, exactly what Comet's balanceOf says", async () => {
    await allocate(node, c.weth, BORROWER, 10n ** 18n);
    await node.exec(BORROWER, c.weth, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [c.comet as Hex, 10n ** 18n] }));
    await node.exec(BORROWER, c.comet, encodeFunctionData({ abi: COMET_ABI, functionName: "supply", args: [c.weth, 10n ** 18n] }));
    await node.exec(BORROWER, c.comet, encodeFunctionData({ abi: COMET_ABI, functionName: "withdraw", args: [c.usdc as Hex, 60_000_000n] }));
    await node.advanceTime(30n * 86_400n);
    const onChain = await cometView(node, c.comet, "balanceOf", [OWNER]);
    expect(onChain).toBeGreaterThan(5_000_000n);
    expect(await readPositionWorth(venueId, OWNER)).toMatchObject({ ok: true, micros: onChain });
  });

  it("an owner who supplied nothing is worth 0, and so is one who only borrows", async () => {
    expect(await readPositionWorth(venueId, NOBODY)).toMatchObject({ ok: true, micros: 0n });
    expect(await cometView(node, c.comet, "borrowBalanceOf", [BORROWER])).toBeGreaterThan(60_000_000n);
    expect(await readPositionWorth(venueId, BORROWER)).toMatchObject({ ok: true, micros: 0n });
  });

  it("the whole worth withdrawn through our plan: worth 0 on chain", async () => {
    const held = await cometView(node, c.comet, "balanceOf", [OWNER]);
    const before = await erc20Balance(node, c.usdc, OWNER);
    await signPlan(node, OWNER_KEY, await build(venueId, "withdraw", OWNER, held));
    expect(await erc20Balance(node, c.usdc, OWNER)).toBe(before + held);
    // The seconds between the read and the mined withdraw accrue a few micro of interest at most.
    const left = await readPositionWorth(venueId, OWNER);
    expect(left).toMatchObject({ ok: true });
    expect(left.ok && left.micros).toBeLessThan(10n);
    expect(left).toMatchObject({ micros: await cometView(node, c.comet, "balanceOf", [OWNER]) });
  });

  it("only the proven Comet counts: a USDC Comet the market's Configurator does not list is refused, naming it", async () => {
    const d = getVenue(venueId);
    if (!d) throw new Error(`no ${venueId}`);
    const stray = `0x${"5e".repeat(20)}`;
    await deployComet(node, { comet: stray, usdc: c.usdc });
    forgetProvenIds();
    const swapped = compoundV3Worth({ ...d, onchain: { ...d.onchain, cUSDCv3: stray } });
    await expect(swapped.readWorth(OWNER, new AbortController().signal)).rejects.toThrow(`Comet ${getAddress(stray)} is the USDC market Configurator`);
    await expect(swapped.readWorth(OWNER, new AbortController().signal)).rejects.toThrow("the Configurator's baseToken for it is 0x0000000000000000000000000000000000000000");
  });

  rpcDownWorthCases(() => node, () => venueId, WHAT, OWNER, { ok: true });
});
