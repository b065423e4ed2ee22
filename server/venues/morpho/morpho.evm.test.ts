// Morpho vaults on real bytecode (Morpho Blue and MetaMorpho compiled from Morpho's sources at their pinned solc) in the
// in-process EVM, with the vault at the venue's pinned address on both EVM chains: our approve + deposit and redeem
// plans are signed and mined, and the vault share balance moves exactly as the plan says. The withdraw plan's shares
// are previewWithdraw read when it is built (so at least the asked assets come back, with interest accruing in
// between), and a withdrawal above maxWithdraw (here capped by the market's liquidity, below the owner's shares'
// worth) is blocked insufficient_balance with that amount; an unreadable vault is venue_state_unavailable.
//
// The vault is proven before either plan: its asset() is USDC and a MetaMorpho factory Morpho's SDK names for the chain
// (testing/chains/evm/morpho.ts METAMORPHO_FACTORIES, not our registry) created it. The factory runs here (compiled
// from metamorpho's source, placed at those addresses) and created the pinned vault, so another real vault put in the
// descriptor — one of another asset made by the same factory, or a USDC vault no factory made — is blocked
// venue_state_unavailable naming it.
//
// Which listed USDC vault is pinned is our choice (docs/decisions.md); that it is a vault Morpho lists on the chain, for
// USDC, is checked against Morpho's own listing (morpho-org/morpho-blue-api-metadata at be217e4, kept in
// tests/fixtures/morpho/): a registry naming another listed vault of another asset fails there (npm run test:mutations,
// morpho-base-vault-is-steakhouse-eth).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { EvmCall } from "../../chains/evm";
import { resetConfigForTests } from "../../config";
import { getVenue } from "..";
import { forgetProvenIds } from "../shared/prove";
import { morphoVaultAdapter } from "./build";
import { ERC4626_ABI } from "./abi";
import { erc20Balance, mintUsdc } from "../../../testing/chains/evm/aave";
import { borrow, createVault, deployMorpho, deployVaultOutsideFactory, isMetaMorpho, METAMORPHO_ABI, METAMORPHO_FACTORIES, type MorphoDeployment, vaultView } from "../../../testing/chains/evm/morpho";
import type { EvmNode } from "../../../testing/chains/evm/node";
import { signAndSend } from "../../../testing/chains/evm/wallet";
import { buildWithIds } from "../../../testing/swapped-ids";
import { abiCallView, evmCallView, evmVenueChains, expectSameAs, ourBuild as build, signPlan, useVenueEvm } from "../../../testing/oracle";

// Throw-away key for the local chain only (anvil's default account 5).
const OWNER_KEY: Hex = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const BORROWER: Hex = `0x${"b0".repeat(20)}`;

interface ListedVault {
  address: string;
  chainId: number;
  description: string;
  history: { action: string; timestamp: number }[];
}
/** Morpho's vault listing (the entries of Base and Arbitrum, unchanged). */
const LISTING = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "morpho", "vaults-listing.base-arbitrum.json"), "utf8")) as ListedVault[];

describe("the registry's Morpho vaults are ones Morpho's own listing names, for USDC", () => {
  it.each(evmVenueChains("morpho"))("%s: listed on chain %i, not removed, described as a USDC vault", (venueId, chainId) => {
    const vault = getVenue(venueId)?.onchain.vault ?? "";
    const listed = LISTING.find((v) => v.chainId === chainId && getAddress(v.address) === getAddress(vault));
    expect(listed, `${vault} is not in Morpho's listing for chain ${chainId}`).toBeDefined();
    expect(listed?.history.map((h) => h.action)).not.toContain("removed");
    // The listing names the asset only in words: "The Steakhouse USDC vault aims to optimize yields by lending USDC …".
    expect(listed?.description).toMatch(/\bUSDC\b/);
    expect(listed?.description).not.toMatch(/\b(ETH|WETH|EURC|cbBTC)\b/);
  });
});

describe.each(evmVenueChains("morpho"))("%s on Morpho Blue + MetaMorpho bytecode (chain id %i)", (venueId, chainId, rpcVar) => {
  let node: EvmNode;
  let d: MorphoDeployment;
  useVenueEvm(venueId, chainId, rpcVar, async (n, v) => {
    node = n;
    d = await deployMorpho(node, { morphoBlue: v.morphoBlue ?? "", vault: v.vault ?? "", usdc: v.usdc ?? "" });
    await node.setBalance(OWNER, 10n ** 18n);
    await mintUsdc(node, d.usdc, OWNER, 10_000_000n);
  });

  it("deposit plan (approve + deposit) mined: 10 USDC leave the wallet, the owner's vault shares are exactly previewDeposit", async () => {
    const deposit = await build(venueId, "deposit", OWNER, 10_000_000n);
    expect(deposit.map((t) => (t.payload as EvmCall).to.toLowerCase())).toEqual([d.usdc.toLowerCase(), d.vault.toLowerCase()]);
    const expected = await vaultView(node, d.vault, "previewDeposit", [10_000_000n]);
    expect(expected).toBeGreaterThan(0n);
    await signPlan(node, OWNER_KEY, deposit);
    expect(await erc20Balance(node, d.usdc, OWNER)).toBe(0n);
    expect(await vaultView(node, d.vault, "balanceOf", [OWNER])).toBe(expected);
    // The vault put the USDC into its Morpho Blue market.
    expect(await erc20Balance(node, d.usdc, d.morpho)).toBe(10_000_000n);
  });

  it("the calls are the ones MetaMorpho's own ABI (compiled from Morpho's sources) encodes: approve(vault), deposit(assets, owner), redeem(previewWithdraw, owner, owner)", async () => {
    const deposit = await build(venueId, "deposit", OWNER, 2_000_000n);
    expectSameAs(
      "approve + MetaMorpho.deposit",
      deposit.map((t, i) => evmCallView(t.payload as EvmCall, i === 0 ? erc20Abi : METAMORPHO_ABI)),
      [abiCallView(d.usdc, erc20Abi, "approve", [d.vault, 2_000_000n]), abiCallView(d.vault, METAMORPHO_ABI, "deposit", [2_000_000n, OWNER])],
    );
    const shares = await vaultView(node, d.vault, "previewWithdraw", [1_000_000n]);
    const withdraw = await build(venueId, "withdraw", OWNER, 1_000_000n);
    expectSameAs(
      "MetaMorpho.redeem",
      withdraw.map((t) => evmCallView(t.payload as EvmCall, METAMORPHO_ABI)),
      [abiCallView(d.vault, METAMORPHO_ABI, "redeem", [shares, OWNER, OWNER])],
    );
  });

  it("withdraw above maxWithdraw (the market's liquidity after a borrow, below the owner's worth): blocked with the most that can be withdrawn", async () => {
    await borrow(node, d, BORROWER, 10n ** 18n, 6_000_000n);
    await node.advanceTime(30n * 86_400n); // interest accrues: a share is worth more than at deposit
    const max = await vaultView(node, d.vault, "maxWithdraw", [OWNER]);
    const worth = await vaultView(node, d.vault, "convertToAssets", [await vaultView(node, d.vault, "balanceOf", [OWNER])]);
    expect(worth).toBeGreaterThan(10_000_000n);
    expect(max).toBeLessThan(worth);
    const above = await build(venueId, "withdraw", OWNER, max + 1n).catch((e: unknown) => e);
    expect(above).toMatchObject({ code: "insufficient_balance", message: expect.stringContaining(`withdraw at most ${max}`) });
  });

  it("withdraw plan mined: redeem burns exactly the planned shares (previewWithdraw at plan time) and pays at least the asked USDC", async () => {
    const sharesBefore = await vaultView(node, d.vault, "balanceOf", [OWNER]);
    const expectedShares = await vaultView(node, d.vault, "previewWithdraw", [3_000_000n]);
    const withdraw = await build(venueId, "withdraw", OWNER, 3_000_000n);
    expect(withdraw).toHaveLength(1);
    const call = withdraw[0]?.payload as EvmCall;
    const decoded = decodeFunctionData({ abi: ERC4626_ABI, data: call.data as Hex });
    expect(decoded.functionName).toBe("redeem");
    expect(decoded.args).toEqual([expectedShares, OWNER, OWNER]);
    await signAndSend(node.url, OWNER_KEY, [call]);
    expect(await vaultView(node, d.vault, "balanceOf", [OWNER])).toBe(sharesBefore - expectedShares);
    const got = await erc20Balance(node, d.usdc, OWNER);
    expect(got).toBeGreaterThanOrEqual(3_000_000n);
    expect(got).toBeLessThan(3_000_100n); // a few seconds of interest at most
  });

  it("the pinned vault is the one a factory Morpho names made, of USDC; another real vault in its place blocks both plans naming it", async () => {
    expect(METAMORPHO_FACTORIES[chainId]).toContain(d.factory);
    expect(await isMetaMorpho(node, d.factory, d.vault)).toBe(true);

    // A MetaMorpho vault of another asset (the market's collateral), created by the same factory: isMetaMorpho holds.
    const otherAsset = await createVault(node, d.factory, d.admin, d.collateral);
    expect(await isMetaMorpho(node, d.factory, otherAsset)).toBe(true);
    // A USDC MetaMorpho vault on the same Morpho Blue, real code, deployed by no factory.
    const outside = await deployVaultOutsideFactory(node, d, d.usdc);
    expect(await vaultView(node, outside, "totalAssets")).toBe(0n);
    for (const [vault, mismatch] of [
      [otherAsset, `its asset() is ${d.collateral}`],
      [outside, `isMetaMorpho(${outside}) is false`],
    ] as const) {
      for (const action of ["deposit", "withdraw"] as const) {
        const r = await buildWithIds(venueId, morphoVaultAdapter, { vault }, action, { owner: OWNER, amountMicros: 1_000_000n });
        expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`The Morpho vault ${vault}`) });
        expect(r).toMatchObject({ message: expect.stringContaining(mismatch) });
      }
    }
    // The pinned vault still plans.
    expect(await build(venueId, "deposit", OWNER, 1_000_000n)).toHaveLength(2);
  });

  it("an unreachable RPC: the withdraw is blocked venue_state_unavailable, nothing built", async () => {
    await build(venueId, "deposit", OWNER, 1_000_000n); // the vault proven (remembered), so the withdraw's own reads fail
    node.down = true;
    try {
      process.env.SVC_RPC_TIMEOUT_MS = "2000";
      resetConfigForTests();
      const r = await build(venueId, "withdraw", OWNER, 1_000_000n).catch((e: unknown) => e);
      expect(r).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining("maxWithdraw and previewWithdraw") });
      // Not yet proven (a new process): the proof's read fails first and blocks the plan the same way, naming the vault.
      forgetProvenIds();
      const p = await build(venueId, "deposit", OWNER, 1_000_000n).catch((e: unknown) => e);
      expect(p).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining(`The Morpho vault ${d.vault}'s asset() is USDC`) });
      expect(p).toMatchObject({ message: expect.stringContaining("could not be read from the chain's RPC") });
    } finally {
      node.down = false;
      process.env.SVC_RPC_TIMEOUT_MS = "30000";
      resetConfigForTests();
    }
  });
});
