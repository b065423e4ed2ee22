// Compound v3's Comet on the local EVM, compiled from its published source (artifacts.json beside this file, made by
// comet/build.ts with solc 0.8.15 and the project's pinned settings), at the registry's cUSDCv3 address, with the
// registry's USDC as base token and one collateral asset (Comet's own FaucetToken and SimplePriceFeed test contracts).
//
// On mainnet the Comet sits behind a proxy at that address; here its implementation is placed there directly (its
// constructor runs as that address's code: `EvmNode.deployAt`), then `initializeStorage()` as the proxy's deploy does.
// Rates follow deployments/base/usdc/configuration.json (compound-finance/comet d5a30b0a…): kinks 0.85, supply slope
// 0.048 / 1.6 per year, borrow base 0.015 and slopes 0.053 / 1.8 per year; supply base 0.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Abi, decodeFunctionResult, encodeDeployData, encodeFunctionData, type Hex, stringToHex } from "viem";
import { deployUsdc } from "./aave";
import type { EvmNode } from "./node";

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}
const built = JSON.parse(readFileSync(path.join(import.meta.dirname, "comet", "artifacts.json"), "utf8")) as {
  artifacts: Record<"Comet" | "CometExt" | "SimplePriceFeed" | "FaucetToken" | "Configurator" | "ConfiguratorProxy", Compiled>;
};
export const COMET_FULL_ABI = built.artifacts.Comet.abi;
export const FAUCET_TOKEN_ABI = built.artifacts.FaucetToken.abi;

const E18 = 10n ** 18n;
const deployData = (c: Compiled, args: readonly unknown[]) => encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args } as Parameters<typeof encodeDeployData>[0]);

export interface CometDeployment {
  comet: string;
  usdc: string;
  /** The collateral asset (18 decimals, $2000 by its price feed). */
  weth: Hex;
}

/**
 * The market's Configurator at `configurator` (once per address): Configurator's implementation, then its
 * ConfiguratorProxy (compound-finance/comet contracts/ConfiguratorProxy.sol, a TransparentUpgradeableProxy) placed at
 * the published address and initialized with the governor, as the deployment scripts do. Then
 * `setConfiguration(comet, config)` from the governor: the registry entry `getConfiguration(comet)` answers.
 */
async function configure(node: EvmNode, configurator: string, comet: string, admin: Hex, config: unknown): Promise<void> {
  const { Configurator, ConfiguratorProxy } = built.artifacts;
  const fn = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: Configurator.abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  if ((await node.request("eth_getCode", [configurator, "latest"])) === "0x") {
    const impl = await node.deploy(deployData(Configurator, []), admin);
    const proxyAdmin: Hex = `0x${"c1".repeat(20)}`;
    await node.deployAt(configurator, deployData(ConfiguratorProxy, [impl, proxyAdmin, fn("initialize", [admin])]), admin);
  }
  await node.exec(admin, configurator, fn("setConfiguration", [comet, config]));
}

/** Comet at `at.comet` with base token `at.usdc` (a 6-decimals stand-in placed there if empty), listed by `at.configurator` when given. */
export async function deployComet(node: EvmNode, at: { comet: string; usdc: string; configurator?: string | undefined }): Promise<CometDeployment> {
  const admin: Hex = `0x${"c0".repeat(20)}`;
  await deployUsdc(node, at.usdc, admin);
  const { Comet, CometExt, SimplePriceFeed, FaucetToken } = built.artifacts;
  const usdcFeed = await node.deploy(deployData(SimplePriceFeed, [100_000_000n, 8]), admin);
  const weth = await node.deploy(deployData(FaucetToken, [0n, "Wrapped Ether", 18, "WETH"]), admin);
  const wethFeed = await node.deploy(deployData(SimplePriceFeed, [200_000_000_000n, 8]), admin);
  const ext = await node.deploy(deployData(CometExt, [{ name32: stringToHex("Compound USDC", { size: 32 }), symbol32: stringToHex("cUSDCv3", { size: 32 }) }]), admin);
  const config = {
    governor: admin,
    pauseGuardian: admin,
    baseToken: at.usdc,
    baseTokenPriceFeed: usdcFeed,
    extensionDelegate: ext,
    supplyKink: (E18 * 85n) / 100n,
    supplyPerYearInterestRateSlopeLow: (E18 * 48n) / 1000n,
    supplyPerYearInterestRateSlopeHigh: (E18 * 16n) / 10n,
    supplyPerYearInterestRateBase: 0n,
    borrowKink: (E18 * 85n) / 100n,
    borrowPerYearInterestRateSlopeLow: (E18 * 53n) / 1000n,
    borrowPerYearInterestRateSlopeHigh: (E18 * 18n) / 10n,
    borrowPerYearInterestRateBase: (E18 * 15n) / 1000n,
    storeFrontPriceFactor: (E18 * 6n) / 10n,
    trackingIndexScale: 10n ** 15n,
    baseTrackingSupplySpeed: 0n,
    baseTrackingBorrowSpeed: 0n,
    baseMinForRewards: 1_000_000n,
    baseBorrowMin: 1_000_000n,
    targetReserves: 5_000_000_000_000n,
    assetConfigs: [
      { asset: weth, priceFeed: wethFeed, decimals: 18, borrowCollateralFactor: (E18 * 80n) / 100n, liquidateCollateralFactor: (E18 * 85n) / 100n, liquidationFactor: (E18 * 90n) / 100n, supplyCap: 1_000n * E18 },
    ],
  };
  await node.deployAt(at.comet, deployData(Comet, [config]), admin);
  await node.exec(admin, at.comet, encodeFunctionData({ abi: Comet.abi, functionName: "initializeStorage" } as Parameters<typeof encodeFunctionData>[0]));
  if (at.configurator) await configure(node, at.configurator, at.comet, admin, config);
  return { comet: at.comet, usdc: at.usdc, weth };
}

export async function cometView(node: EvmNode, comet: string, functionName: "balanceOf" | "borrowBalanceOf" | "collateralBalanceOf", args: readonly unknown[]): Promise<bigint> {
  const abi = COMET_FULL_ABI;
  const data = await node.read(comet, encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  return decodeFunctionResult({ abi, functionName, data } as Parameters<typeof decodeFunctionResult>[0]) as bigint;
}

/** Comet's test token faucet: gives `to` `amount` of the collateral asset. */
export async function allocate(node: EvmNode, token: string, to: string, amount: bigint): Promise<void> {
  await node.exec(to, token, encodeFunctionData({ abi: FAUCET_TOKEN_ABI, functionName: "allocateTo", args: [to, amount] } as Parameters<typeof encodeFunctionData>[0]));
}
