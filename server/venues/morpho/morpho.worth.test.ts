// A Morpho vault position's worth now, from the chain (issue 23 item 5), on Morpho Blue + MetaMorpho bytecode in the
// in-process EVM with the vault at the venue's pinned address: the worth reader says what the vault's own
// previewRedeem(balanceOf(owner)) says (what redeeming every share pays), after a deposit signed through our own plan
// and after interest accrues, even while borrowers hold the liquidity (maxWithdraw is lower then: a cap on what can
// leave now, not the worth); 0 for an owner holding no shares; an unreachable RPC answers a reason, never a number.
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { erc20Balance, mintUsdc } from "../../../testing/chains/evm/aave";
import { borrow, deployMorpho, deployVaultOutsideFactory, type MorphoDeployment, vaultView } from "../../../testing/chains/evm/morpho";
import type { EvmNode } from "../../../testing/chains/evm/node";
import { evmVenueChains, ourBuild as build, signPlan, useVenueEvm } from "../../../testing/oracle";
import { rpcDownWorthCases } from "../../../testing/worth-cases";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { forgetWorth, readPositionWorth } from "../worth";
import { morphoVaultWorth } from "./read";

// A throw-away key for the local chain only (anvil's default account 5).
const OWNER_KEY: Hex = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const BORROWER: Hex = `0x${"b0".repeat(20)}`;
const NOBODY: Hex = `0x${"0e".repeat(20)}`;
const WHAT = "Morpho vault previewRedeem(balanceOf) (the USDC the owner's shares redeem for)";

describe.each(evmVenueChains("morpho"))("%s: a position's current worth is the vault's previewRedeem of the owner's shares (chain id %i)", (venueId, chainId, rpcVar) => {
  let node: EvmNode;
  let d: MorphoDeployment;
  const chain = chainId === 8453 ? "evm-a" : "evm-b";
  useVenueEvm(venueId, chainId, rpcVar, async (n, v) => {
    node = n;
    d = await deployMorpho(node, { morphoBlue: v.morphoBlue ?? "", vault: v.vault ?? "", usdc: v.usdc ?? "" });
    await node.setBalance(OWNER, 10n ** 18n);
    await mintUsdc(node, d.usdc, OWNER, 10_000_000n);
  });
  beforeEach(() => forgetWorth());
  const redeemable = async (owner: string) => vaultView(node, d.vault, "previewRedeem", [await vaultView(node, d.vault, "balanceOf", [owner])]);

  it("deposit 10 USDC through our plan: worth what the shares redeem for, 10 USDC less the vault's rounding", async () => {
    await signPlan(node, OWNER_KEY, await build(venueId, "deposit", OWNER, 10_000_000n));
    expect(await erc20Balance(node, d.usdc, OWNER)).toBe(0n);
    const w = await readPositionWorth(venueId, OWNER);
    expect(w).toMatchObject({ ok: true, micros: await redeemable(OWNER), source: `chain:${chain} ${WHAT}` });
    expect(w.ok && w.micros).toBeGreaterThanOrEqual(9_999_999n);
    expect(w.ok && w.micros).toBeLessThanOrEqual(10_000_000n);
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("interest accrues (6 USDC borrowed, 30 days): the worth grows, above maxWithdraw (the liquidity left), exactly previewRedeem", async () => {
    await borrow(node, d, BORROWER, 10n ** 18n, 6_000_000n);
    await node.advanceTime(30n * 86_400n);
    const w = await readPositionWorth(venueId, OWNER);
    const onChain = await redeemable(OWNER);
    expect(onChain).toBeGreaterThan(10_000_000n);
    expect(w).toMatchObject({ ok: true, micros: onChain });
    // What can leave now is capped by the market's liquidity (4 USDC): a limit on timing, not a loss of worth.
    expect(await vaultView(node, d.vault, "maxWithdraw", [OWNER])).toBeLessThan(onChain);
  });

  it("an owner holding no vault shares is worth 0, whatever the vault holds", async () => {
    expect(await vaultView(node, d.vault, "totalAssets")).toBeGreaterThan(10_000_000n);
    expect(await readPositionWorth(venueId, NOBODY)).toMatchObject({ ok: true, micros: 0n });
  });

  it("a withdraw through our plan lowers the worth by what it paid", async () => {
    const before = await redeemable(OWNER);
    await signPlan(node, OWNER_KEY, await build(venueId, "withdraw", OWNER, 3_000_000n));
    const paid = await erc20Balance(node, d.usdc, OWNER);
    expect(paid).toBeGreaterThanOrEqual(3_000_000n);
    const w = await readPositionWorth(venueId, OWNER);
    expect(w).toMatchObject({ ok: true, micros: await redeemable(OWNER) });
    // The block of the withdraw accrues a second of interest; the shares' rounding costs at most a micro each way.
    expect(w.ok && w.micros).toBeGreaterThanOrEqual(before - paid - 2n);
    expect(w.ok && w.micros).toBeLessThan(before - paid + 10n);
  });

  it("only the proven vault counts: a USDC MetaMorpho vault no cited factory made is refused, naming it", async () => {
    const d0 = getVenue(venueId);
    if (!d0) throw new Error(`no ${venueId}`);
    const outside = await deployVaultOutsideFactory(node, d, d.usdc);
    forgetProvenIds();
    const swapped = morphoVaultWorth({ ...d0, onchain: { ...d0.onchain, vault: outside } });
    await expect(swapped.readWorth(OWNER, new AbortController().signal)).rejects.toThrow(`isMetaMorpho(${outside}) is false`);
  });

  rpcDownWorthCases(() => node, () => venueId, WHAT, OWNER, { ok: true });
});
