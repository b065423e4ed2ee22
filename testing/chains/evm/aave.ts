// Aave v3 on the local EVM from its real compiled bytecode (`@aave/core-v3` 1.19.3 Hardhat artifacts, devDependency),
// with a 6-decimals USDC stand-in (the package's own MintableERC20 mock), at the addresses the venue registry holds:
// the Pool proxy, the PoolAddressesProvider, the data provider and USDC sit at their published addresses, so the
// service's registry (server/venues/aave-v3-*.ts) is what the test exercises.
//
// The order follows Aave's own deployment scripts (aave/aave-v3-deploy 27ccc6d24ef767a2b71946784a843526edbc9618:
// deploy/00_core/01_logic_libraries.ts, deploy/02_market/00_setup_addresses_provider.ts, 01a_pool_implementation.ts,
// 02_pool_configurator.ts, 03_init_acl.ts, 04/05 oracles, 06_init_pool.ts, 08_tokens_implementations.ts,
// 09_init_reserves.ts): logic libraries (FlashLoanLogic links BorrowLogic), addresses provider, ACL, Pool
// implementation linked to the libraries and initialized, PoolConfigurator linked to ConfiguratorLogic, oracle,
// token implementations, an interest rate strategy, then `PoolConfigurator.initReserves`. The provider and USDC are
// placed at their published addresses (their constructors run as those addresses' code: `EvmNode.deployAt`); the
// Pool proxy is then the provider's first CREATE, which is where the published Pool is on both chains.
import { type Abi, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { aaveArtifact, initcode } from "./artifacts";
import type { EvmNode } from "./node";

const A = {
  erc20: aaveArtifact("mocks/tokens/MintableERC20.sol/MintableERC20"),
  provider: aaveArtifact("protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider"),
  acl: aaveArtifact("protocol/configuration/ACLManager.sol/ACLManager"),
  pool: aaveArtifact("protocol/pool/Pool.sol/Pool"),
  configurator: aaveArtifact("protocol/pool/PoolConfigurator.sol/PoolConfigurator"),
  aToken: aaveArtifact("protocol/tokenization/AToken.sol/AToken"),
  stableDebt: aaveArtifact("protocol/tokenization/StableDebtToken.sol/StableDebtToken"),
  variableDebt: aaveArtifact("protocol/tokenization/VariableDebtToken.sol/VariableDebtToken"),
  strategy: aaveArtifact("protocol/pool/DefaultReserveInterestRateStrategy.sol/DefaultReserveInterestRateStrategy"),
  oracle: aaveArtifact("misc/AaveOracle.sol/AaveOracle"),
  aggregator: aaveArtifact("mocks/oracle/CLAggregators/MockAggregator.sol/MockAggregator"),
  dataProvider: aaveArtifact("misc/AaveProtocolDataProvider.sol/AaveProtocolDataProvider"),
  tokenProxy: aaveArtifact("protocol/libraries/aave-upgradeability/InitializableImmutableAdminUpgradeabilityProxy.sol/InitializableImmutableAdminUpgradeabilityProxy"),
};
const LIBRARIES = ["SupplyLogic", "BorrowLogic", "LiquidationLogic", "EModeLogic", "BridgeLogic", "ConfiguratorLogic", "PoolLogic"] as const;

export const MINTABLE_ERC20_ABI = A.erc20.abi;
export const ATOKEN_ABI = A.aToken.abi;
export const AAVE_POOL_FULL_ABI = A.pool.abi;

export interface AaveAt {
  pool: string;
  poolAddressesProvider: string;
  usdc: string;
  poolDataProvider?: string;
  /** Where the USDC aToken proxy goes (the published aUSDC); a CREATE address when absent. */
  aUsdc?: string;
}

export interface AaveDeployment extends AaveAt {
  admin: Hex;
  aToken: Hex;
  configurator: Hex;
  oracle: Hex;
}

const RAY = 10n ** 27n;

async function call(node: EvmNode, from: string, to: string, abi: Abi, functionName: string, args: readonly unknown[] = []): Promise<Hex> {
  return node.exec(from, to, encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
}

async function view<T>(node: EvmNode, to: string, abi: Abi, functionName: string, args: readonly unknown[] = []): Promise<T> {
  const data = await node.read(to, encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  return decodeFunctionResult({ abi, functionName, data } as Parameters<typeof decodeFunctionResult>[0]) as T;
}

/** Deploys the market with one USDC reserve (supply only: LTV 0, no borrowing enabled) at `at`'s addresses. */
export async function deployAaveV3(node: EvmNode, at: AaveAt): Promise<AaveDeployment> {
  const admin: Hex = `0x${"ad".repeat(20)}`;
  await deployUsdc(node, at.usdc, admin);

  // 00_setup_addresses_provider: PoolAddressesProvider(marketId, owner) at the published address.
  await node.deployAt(at.poolAddressesProvider, initcode(A.provider, ["Local Aave v3 Market", admin]), admin);
  const provider = at.poolAddressesProvider;

  // 03_init_acl: the ACL admin, the ACLManager, the pool admin.
  await call(node, admin, provider, A.provider.abi, "setACLAdmin", [admin]);
  const acl = await node.deploy(initcode(A.acl, [provider]), admin);
  await call(node, admin, provider, A.provider.abi, "setACLManager", [acl]);
  await call(node, admin, acl, A.acl.abi, "addPoolAdmin", [admin]);

  // 01_logic_libraries, then 01a_pool_implementation: Pool(provider) linked, initialized.
  const libs: Record<string, string> = {};
  for (const name of LIBRARIES) libs[name] = await node.deploy(initcode(aaveArtifact(`protocol/libraries/logic/${name}.sol/${name}`)), admin);
  libs.FlashLoanLogic = await node.deploy(initcode(aaveArtifact("protocol/libraries/logic/FlashLoanLogic.sol/FlashLoanLogic"), [], { BorrowLogic: libs.BorrowLogic ?? "" }), admin);
  const poolImpl = await node.deploy(initcode(A.pool, [provider], libs), admin);
  await call(node, admin, poolImpl, A.pool.abi, "initialize", [provider]);

  // 06_init_pool: provider.setPoolImpl creates the Pool proxy (the provider's first CREATE) and initializes it. On Base
  // and Arbitrum the published Pool is exactly that address, keccak(rlp(provider, 1)), so it lands where the registry
  // says; checked, not assumed.
  await call(node, admin, provider, A.provider.abi, "setPoolImpl", [poolImpl]);
  const poolProxy = await view<Hex>(node, provider, A.provider.abi, "getPool");
  if (poolProxy.toLowerCase() !== at.pool.toLowerCase()) throw new Error(`the Pool proxy landed at ${poolProxy}, not the published ${at.pool}`);

  // 02_pool_configurator: PoolConfigurator linked to ConfiguratorLogic; the provider makes its proxy.
  const configuratorImpl = await node.deploy(initcode(A.configurator, [], { ConfiguratorLogic: libs.ConfiguratorLogic ?? "" }), admin);
  await call(node, admin, configuratorImpl, A.configurator.abi, "initialize", [provider]);
  await call(node, admin, provider, A.provider.abi, "setPoolConfiguratorImpl", [configuratorImpl]);
  const configurator = await view<Hex>(node, provider, A.provider.abi, "getPoolConfigurator");

  // 04/05 oracles: USDC at $1 (8 decimals, USD base currency as Aave's L2 markets use).
  const aggregator = await node.deploy(initcode(A.aggregator, [100_000_000n]), admin);
  const oracle = await node.deploy(initcode(A.oracle, [provider, [at.usdc], [aggregator], `0x${"00".repeat(20)}`, `0x${"00".repeat(20)}`, 100_000_000n]), admin);
  await call(node, admin, provider, A.provider.abi, "setPriceOracle", [oracle]);

  // The protocol data provider, at its published address when the registry has one.
  let dataProvider = at.poolDataProvider;
  if (dataProvider) await node.deployAt(dataProvider, initcode(A.dataProvider, [provider]), admin);
  else dataProvider = await node.deploy(initcode(A.dataProvider, [provider]), admin);
  await call(node, admin, provider, A.provider.abi, "setPoolDataProvider", [dataProvider]);

  // 08_tokens_implementations, then 09_init_reserves with a rate strategy.
  const pool = at.pool;
  const strategy = await node.deploy(initcode(A.strategy, [provider, (RAY * 90n) / 100n, 0n, (RAY * 4n) / 100n, (RAY * 60n) / 100n, 0n, 0n, 0n, 0n, 0n]), admin);
  await initUsdcReserve(node, { pool, configurator, usdc: at.usdc, aUsdc: at.aUsdc, strategy, admin });
  const reserve = await view<{ aTokenAddress: Hex }>(node, pool, A.pool.abi, "getReserveData", [at.usdc]);
  return { ...at, admin, aToken: reserve.aTokenAddress, configurator, oracle };
}

/**
 * 09_init_reserves for USDC as PoolConfigurator.initReserves runs it (@aave/core-v3 1.19.3
 * contracts/protocol/libraries/logic/ConfiguratorLogic.sol `executeInitReserve`, `_initTokenWithProxy`), step by step
 * as the configurator: each token is an InitializableImmutableAdminUpgradeabilityProxy(configurator) initialized with
 * its implementation, then `Pool.initReserve` and `Pool.setConfiguration` (decimals 6, active). The one difference: the
 * aToken proxy is placed at the published aUSDC address when `aUsdc` is given (on chain it is the configurator's CREATE,
 * which a fresh local deployment cannot reproduce), so the Pool names the address book's aToken as on mainnet.
 */
async function initUsdcReserve(node: EvmNode, r: { pool: string; configurator: Hex; usdc: string; aUsdc?: string; strategy: Hex; admin: Hex }): Promise<void> {
  const [aTokenImpl, stableImpl, variableImpl] = [
    await node.deploy(initcode(A.aToken, [r.pool]), r.admin),
    await node.deploy(initcode(A.stableDebt, [r.pool]), r.admin),
    await node.deploy(initcode(A.variableDebt, [r.pool]), r.admin),
  ];
  const none = `0x${"00".repeat(20)}`;
  const proxy = async (impl: Hex, init: Hex, at?: string): Promise<Hex> => {
    let address: Hex;
    if (at) {
      await node.deployAt(at, initcode(A.tokenProxy, [r.configurator]), r.admin);
      address = at as Hex;
    } else address = await node.deploy(initcode(A.tokenProxy, [r.configurator]), r.admin);
    await call(node, r.configurator, address, A.tokenProxy.abi, "initialize", [impl, init]);
    return address;
  };
  const enc = (abi: Abi, args: readonly unknown[]) => encodeFunctionData({ abi, functionName: "initialize", args } as Parameters<typeof encodeFunctionData>[0]);
  const aToken = await proxy(aTokenImpl, enc(A.aToken.abi, [r.pool, r.admin, r.usdc, none, 6, "Aave Local USDC", "aLocUSDC", "0x"]), r.aUsdc);
  const stable = await proxy(stableImpl, enc(A.stableDebt.abi, [r.pool, r.usdc, none, 6, "Aave Local Stable Debt USDC", "stableDebtLocUSDC", "0x"]));
  const variable = await proxy(variableImpl, enc(A.variableDebt.abi, [r.pool, r.usdc, none, 6, "Aave Local Variable Debt USDC", "variableDebtLocUSDC", "0x"]));
  await call(node, r.configurator, r.pool, A.pool.abi, "initReserve", [r.usdc, aToken, stable, variable, r.strategy]);
  // ReserveConfiguration: decimals at bits 48-55, active at bit 56 (paused and frozen 0).
  await call(node, r.configurator, r.pool, A.pool.abi, "setConfiguration", [r.usdc, { data: (6n << 48n) | (1n << 56n) }]);
}

/** The USDC stand-in (6 decimals, open mint) at `address`, unless a contract is already there (Aave and Comet share it). */
export async function deployUsdc(node: EvmNode, address: string, admin: string): Promise<void> {
  await deployMintableToken(node, address, admin, "USD Coin", "USDC", 6);
}

/** Aave's MintableERC20 (open mint) named `name`/`symbol` with `decimals` at `address`, unless a contract is already there. */
export async function deployMintableToken(node: EvmNode, address: string, admin: string, name: string, symbol: string, decimals: number): Promise<void> {
  const code = await node.request("eth_getCode", [address, "latest"]);
  if (code !== "0x") return;
  await node.deployAt(address, initcode(A.erc20, [name, symbol, decimals]), admin);
}

/** Mints `amount` of the USDC stand-in to `to` (the mock's open mint). */
export async function mintUsdc(node: EvmNode, usdc: string, to: string, amount: bigint): Promise<void> {
  await call(node, to, usdc, A.erc20.abi, "mint", [to, amount]);
}

export async function erc20Balance(node: EvmNode, token: string, owner: string): Promise<bigint> {
  return view<bigint>(node, token, A.erc20.abi, "balanceOf", [owner]);
}

/**
 * Yield to the USDC reserve's suppliers on a market that enables no borrowing: a flash loan of `amount` USDC, repaid
 * with its premium by Aave's own MockFlashLoanSimpleReceiver (`@aave/core-v3` 1.19.3 contracts/mocks/flashloan/
 * MockSimpleFlashLoanReceiver.sol, which mints the premium it repays). The Pool adds the premium (none of it to the
 * protocol: FLASHLOAN_PREMIUM_TO_PROTOCOL stays 0) to the reserve's liquidity index
 * (contracts/protocol/libraries/logic/FlashLoanLogic.sol `_handleFlashLoanRepayment` → `cumulateToLiquidityIndex`), so
 * every aToken balance grows by its share of it. Flash loans and the premium (`premiumBps`) are enabled by the pool
 * admin first (PoolConfigurator `setReserveFlashLoaning`, `updateFlashloanPremiumTotal`). Set-up only.
 */
export async function flashLoanPremium(node: EvmNode, d: AaveDeployment, amount: bigint, premiumBps: bigint): Promise<void> {
  await call(node, d.admin, d.configurator, A.configurator.abi, "setReserveFlashLoaning", [d.usdc, true]);
  await call(node, d.admin, d.configurator, A.configurator.abi, "updateFlashloanPremiumTotal", [premiumBps]);
  const receiver = await node.deploy(initcode(aaveArtifact("mocks/flashloan/MockSimpleFlashLoanReceiver.sol/MockFlashLoanSimpleReceiver"), [d.poolAddressesProvider]), d.admin);
  await call(node, d.admin, d.pool, A.pool.abi, "flashLoanSimple", [receiver, d.usdc, amount, "0x", 0]);
}
