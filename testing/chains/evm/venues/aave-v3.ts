// Aave v3 on the local chain's answered EVM (../rpc.ts), answered from the state below with ABI-encoded answers:
// - a PoolAddressesProvider's `getPool()`: the Pool held for that provider;
// - a Pool's `getReserveData(address)`: the reserve held for that pool and asset (its aToken, variable debt token,
//   rate strategy and id; the rest 0);
// - a Pool's `getReserveNormalizedIncome(address)` (selector 0xd15e0053): the supply index (ray) held for the pool and
//   asset.
// An address that is not a provider or pool held here, or an asset the pool does not list, reverts: a venue pointed at
// another id is refused, never echoed. The markets are Aave's own address book's (@bgd-labs/aave-address-book 4.44.22,
// devDependency: AaveV3Base, AaveV3Arbitrum), not the service's registry. (The real Aave v3 bytecode runs on the
// in-process EVM instead: ../aave.ts on ../node.ts.)
import { AaveV3Arbitrum, AaveV3Base } from "@bgd-labs/aave-address-book";
import { decodeFunctionData, encodeFunctionResult, type Hex } from "viem";
import { aaveArtifact } from "../artifacts";
import type { EvmCall, EvmVenueChain } from "./call";

/** One reserve of a Pool, as getReserveData names it. */
export interface AaveReserve {
  id: number;
  aToken: string;
  variableDebtToken: string;
  interestRateStrategy: string;
}

/** Aave v3's part of the local chain's state. */
export interface AaveChainState {
  /** Aave v3 supply index (ray) by `${pool}|${asset}` lower-cased. */
  aaveIndex: Map<string, bigint>;
  /** The Pool each PoolAddressesProvider names (lower-case provider → pool). */
  aaveProviders: Map<string, string>;
  /** Reserves by `${pool}|${asset}` lower-cased. */
  aaveReserves: Map<string, AaveReserve>;
}

/** The address book's Base and Arbitrum markets with their USDC reserves (Arbitrum's native USDC, ASSETS.USDCn). */
export function aaveBookMarkets(): Pick<AaveChainState, "aaveProviders" | "aaveReserves"> {
  const markets = [
    { book: AaveV3Base, usdc: AaveV3Base.ASSETS.USDC },
    { book: AaveV3Arbitrum, usdc: AaveV3Arbitrum.ASSETS.USDCn },
  ];
  return {
    aaveProviders: new Map(markets.map(({ book }) => [book.POOL_ADDRESSES_PROVIDER.toLowerCase(), book.POOL])),
    aaveReserves: new Map(
      markets.map(({ book, usdc }) => [
        `${book.POOL.toLowerCase()}|${usdc.UNDERLYING.toLowerCase()}`,
        { id: usdc.id, aToken: usdc.A_TOKEN, variableDebtToken: usdc.V_TOKEN, interestRateStrategy: usdc.INTEREST_RATE_STRATEGY },
      ]),
    ),
  };
}

// Aave's own ABIs (@aave/core-v3 1.19.3 artifacts), not the service's subset.
const POOL = aaveArtifact("protocol/pool/Pool.sol/Pool").abi;
const PROVIDER = aaveArtifact("protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider").abi;
const NONE = `0x${"00".repeat(20)}` as Hex;
const RAY = 10n ** 27n;

/** The call decoded by `abi`; a selector the contract does not have reverts, as the contract's dispatcher does. */
function decodeOrRevert(abi: typeof POOL, data: Hex) {
  try {
    return decodeFunctionData({ abi, data });
  } catch {
    throw new Error("execution reverted");
  }
}

function providerCall(v: AaveChainState, to: string, data: Hex): string | undefined {
  const pool = v.aaveProviders.get(to);
  if (pool === undefined) return undefined;
  const { functionName } = decodeOrRevert(PROVIDER, data);
  if (functionName !== "getPool") throw new Error("execution reverted");
  return encodeFunctionResult({ abi: PROVIDER, functionName, result: pool as Hex });
}

function poolCall(v: AaveChainState, call: EvmCall): string | undefined {
  const to = call.to.toLowerCase();
  const data = (call.data ?? call.input ?? "0x").toLowerCase() as Hex;
  const viaProvider = providerCall(v, to, data);
  if (viaProvider !== undefined) return viaProvider;
  // getReserveNormalizedIncome(address) = 0xd15e0053
  if (data.startsWith("0xd15e0053")) {
    const idx = v.aaveIndex.get(`${to}|0x${data.slice(-40)}`);
    if (idx === undefined) throw new Error("execution reverted");
    return `0x${idx.toString(16).padStart(64, "0")}`;
  }
  if (![...v.aaveProviders.values()].some((p) => p.toLowerCase() === to)) return undefined;
  const { functionName, args } = decodeOrRevert(POOL, data);
  if (functionName !== "getReserveData") throw new Error("execution reverted");
  const [asset] = args as readonly [string];
  const r = v.aaveReserves.get(`${to}|${asset.toLowerCase()}`);
  // A Pool answers an unlisted asset with an all-zero reserve (Pool.sol getReserveData reads the mapping).
  return encodeFunctionResult({
    abi: POOL,
    functionName,
    result: {
      configuration: { data: 0n },
      liquidityIndex: r ? RAY : 0n,
      currentLiquidityRate: 0n,
      variableBorrowIndex: r ? RAY : 0n,
      currentVariableBorrowRate: 0n,
      currentStableBorrowRate: 0n,
      lastUpdateTimestamp: 0,
      id: r?.id ?? 0,
      aTokenAddress: (r?.aToken ?? NONE) as Hex,
      stableDebtTokenAddress: NONE,
      variableDebtTokenAddress: (r?.variableDebtToken ?? NONE) as Hex,
      interestRateStrategyAddress: (r?.interestRateStrategy ?? NONE) as Hex,
      accruedToTreasury: 0n,
      unbacked: 0n,
      isolationModeTotalDebt: 0n,
    },
  } as Parameters<typeof encodeFunctionResult>[0]);
}

export const aaveV3Chain: EvmVenueChain<AaveChainState> = { venue: "aave-v3", call: (v, call) => poolCall(v, call) };
