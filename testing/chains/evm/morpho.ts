// Morpho on the local EVM, compiled from its published sources (morpho/artifacts.json beside this file, made by
// morpho/build.ts with the solc versions and settings each project pins): Morpho Blue at the registry's morphoBlue
// address, one USDC market (Morpho's own IrmMock and OracleMock, MetaMorpho's ERC20Mock as the collateral), and a
// MetaMorpho vault at the venue's pinned vault address, allocating to that market, created through Morpho's
// MetaMorphoFactory placed at the chain's published factory addresses (METAMORPHO_FACTORIES below, cited from Morpho's
// SDK, not from our venue registry), so the factory's `isMetaMorpho` is true for that vault and for no vault it did not
// create.
//
// Both are placed at their published addresses by running their creation code as that address's code (`EvmNode.deployAt`:
// constructor storage and immutables, e.g. Morpho's DOMAIN_SEPARATOR and the vault's MORPHO, land there). The vault's
// cap goes through MetaMorpho's own timelock (submitCap, then acceptCap after the 1-day minimum: the node's clock is
// moved), as a curator's would.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Abi, decodeFunctionResult, encodeAbiParameters, encodeDeployData, encodeFunctionData, type Hex, keccak256 } from "viem";
import { deployUsdc } from "./aave";
import type { EvmNode } from "./node";

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}
type Name = "Morpho" | "MetaMorpho" | "MetaMorphoFactory" | "IrmMock" | "OracleMock" | "ERC20Mock";
const built = JSON.parse(readFileSync(path.join(import.meta.dirname, "morpho", "artifacts.json"), "utf8")) as { artifacts: Record<Name, Compiled> };
export const MORPHO_ABI = built.artifacts.Morpho.abi;
export const METAMORPHO_ABI = built.artifacts.MetaMorpho.abi;
export const COLLATERAL_ABI = built.artifacts.ERC20Mock.abi;

const WAD = 10n ** 18n;
const deployData = (c: Compiled, args: readonly unknown[]) => encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args } as Parameters<typeof encodeDeployData>[0]);
const data = (abi: Abi, functionName: string, args: readonly unknown[] = []) => encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);

export interface MarketParams {
  loanToken: Hex;
  collateralToken: Hex;
  oracle: Hex;
  irm: Hex;
  lltv: bigint;
}

/** Morpho Blue's market id: keccak256(abi.encode(marketParams)) (MarketParamsLib.id). */
export function marketId(m: MarketParams): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "address" }, { type: "address" }, { type: "uint256" }],
      [m.loanToken, m.collateralToken, m.oracle, m.irm, m.lltv],
    ),
  );
}

export interface MorphoDeployment {
  morpho: Hex;
  vault: Hex;
  usdc: Hex;
  market: MarketParams;
  /** The market's collateral (18 decimals, priced at 2000 USDC by the oracle). */
  collateral: Hex;
  admin: Hex;
  /** The factory that created the vault (so its `isMetaMorpho(vault)` is true). */
  factory: Hex;
}

/**
 * The MetaMorpho factories Morpho publishes per chain, newest first, as Morpho's own SDK reads them to tell a MetaMorpho
 * vault (`isMetaMorpho(vault)` on each): morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3.
 */
export const METAMORPHO_FACTORIES: Readonly<Record<number, readonly Hex[]>> = {
  8453: [
    // packages/morpho-ts/src/addresses.ts (@morpho-org/morpho-ts 2.6.0), ChainId.BaseMainnet `metaMorphoFactory` (v1.1).
    "0xFf62A7c278C62eD665133147129245053Bbf5918",
    // packages/blue-sdk-viem/src/fetch/Vault.ts (@morpho-org/blue-sdk-viem 5.1.1): "the MetaMorphoV1.0 factory on Ethereum (1) and Base (8453)".
    "0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101",
  ],
  // packages/morpho-ts/src/addresses.ts (@morpho-org/morpho-ts 2.6.0), ChainId.ArbitrumMainnet `metaMorphoFactory` (v1.1).
  42161: ["0x878988f5f561081deEa117717052164ea1Ef0c82"],
};

export const VAULT_TIMELOCK = 86_400n; // MetaMorpho ConstantsLib.MIN_TIMELOCK (1 day)

export async function deployMorpho(node: EvmNode, at: { morphoBlue: string; vault: string; usdc: string }): Promise<MorphoDeployment> {
  const admin: Hex = `0x${"b1".repeat(20)}`;
  const { Morpho, MetaMorpho, IrmMock, OracleMock, ERC20Mock } = built.artifacts;
  await deployUsdc(node, at.usdc, admin);
  const morpho = at.morphoBlue as Hex;
  await node.deployAt(morpho, deployData(Morpho, [admin]), admin);
  const irm = await node.deploy(deployData(IrmMock, []), admin);
  await node.exec(admin, irm, data(IrmMock.abi, "setApr", [WAD / 10n])); // 10% a year on borrows
  const oracle = await node.deploy(deployData(OracleMock, []), admin);
  // ORACLE_PRICE_SCALE (1e36) × 2000 USDC (6 decimals) per collateral unit (18 decimals).
  await node.exec(admin, oracle, data(OracleMock.abi, "setPrice", [2000n * 10n ** 24n]));
  const collateral = await node.deploy(deployData(ERC20Mock, ["Wrapped Ether", "WETH"]), admin);
  const market: MarketParams = { loanToken: at.usdc as Hex, collateralToken: collateral, oracle, irm, lltv: (WAD * 86n) / 100n };
  await node.exec(admin, morpho, data(Morpho.abi, "enableIrm", [irm]));
  await node.exec(admin, morpho, data(Morpho.abi, "enableLltv", [market.lltv]));
  await node.exec(admin, morpho, data(Morpho.abi, "createMarket", [market]));

  const vault = at.vault as Hex;
  const factory = await deployFactories(node, morpho, admin);
  await createVault(node, factory, admin, at.usdc, vault);
  await node.exec(admin, vault, data(MetaMorpho.abi, "submitCap", [market, 1_000_000_000_000n]));
  await node.advanceTime(VAULT_TIMELOCK);
  await node.exec(admin, vault, data(MetaMorpho.abi, "acceptCap", [market]));
  await node.exec(admin, vault, data(MetaMorpho.abi, "setSupplyQueue", [[marketId(market)]]));
  return { morpho, vault, usdc: at.usdc as Hex, market, collateral, admin, factory };
}

/**
 * Morpho's MetaMorphoFactory (metamorpho 163eb2ae…, the v1.0 source; v1.1's MetaMorphoV1_1Factory keeps the same
 * `isMetaMorpho` mapping) at each of the chain's published factory addresses: the factory that creates the vaults
 * (the oldest, which made the longest-lived vaults).
 */
async function deployFactories(node: EvmNode, morpho: Hex, admin: Hex): Promise<Hex> {
  const factories = METAMORPHO_FACTORIES[node.chainId];
  if (!factories?.length) throw new Error(`no MetaMorpho factory published for chain ${node.chainId}`);
  for (const f of factories) await node.deployAt(f, deployData(built.artifacts.MetaMorphoFactory, [morpho]), admin);
  return factories[factories.length - 1] as Hex;
}

/**
 * A MetaMorpho vault of `asset` created through `factory` (createMetaMorpho, set-up only): at `at` when given, else
 * where the factory's CREATE2 puts it. Its address.
 */
export async function createVault(node: EvmNode, factory: string, owner: Hex, asset: string, at?: string): Promise<Hex> {
  const abi = built.artifacts.MetaMorphoFactory.abi;
  const call = data(abi, "createMetaMorpho", [owner, VAULT_TIMELOCK, asset, "Local vault", "lv", `0x${"00".repeat(32)}`]);
  const out = at ? await node.execCreatingAt(at, owner, factory, call) : await node.exec(owner, factory, call);
  return decodeFunctionResult({ abi, functionName: "createMetaMorpho", data: out } as Parameters<typeof decodeFunctionResult>[0]) as Hex;
}

/** A MetaMorpho vault of `asset` on `morpho` deployed directly (CREATE), not through any factory: real code, not indexed. */
export function deployVaultOutsideFactory(node: EvmNode, d: MorphoDeployment, asset: string): Promise<Hex> {
  return node.deploy(deployData(built.artifacts.MetaMorpho, [d.admin, d.morpho, VAULT_TIMELOCK, asset, "Outside vault", "ov"]), d.admin);
}

/** `isMetaMorpho(vault)` on `factory`. */
export async function isMetaMorpho(node: EvmNode, factory: string, vault: string): Promise<boolean> {
  const abi = built.artifacts.MetaMorphoFactory.abi;
  const out = await node.read(factory, data(abi, "isMetaMorpho", [vault]));
  return decodeFunctionResult({ abi, functionName: "isMetaMorpho", data: out } as Parameters<typeof decodeFunctionResult>[0]) as boolean;
}

export async function vaultView(node: EvmNode, vault: string, functionName: string, args: readonly unknown[] = []): Promise<bigint> {
  const abi = METAMORPHO_ABI;
  const out = await node.read(vault, data(abi, functionName, args));
  return decodeFunctionResult({ abi, functionName, data: out } as Parameters<typeof decodeFunctionResult>[0]) as bigint;
}

/** `borrower` posts `collateralUnits` of the collateral and borrows `assets` USDC from the market (set-up only). */
export async function borrow(node: EvmNode, d: MorphoDeployment, borrower: Hex, collateralUnits: bigint, assets: bigint): Promise<void> {
  await node.exec(borrower, d.collateral, data(COLLATERAL_ABI, "mint", [borrower, collateralUnits]));
  await node.exec(borrower, d.collateral, data(COLLATERAL_ABI, "approve", [d.morpho, collateralUnits]));
  await node.exec(borrower, d.morpho, data(MORPHO_ABI, "supplyCollateral", [d.market, collateralUnits, borrower, "0x"]));
  await node.exec(borrower, d.morpho, data(MORPHO_ABI, "borrow", [d.market, assets, 0n, borrower, borrower]));
}
