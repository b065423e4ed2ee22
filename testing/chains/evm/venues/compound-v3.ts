// Compound v3 on the local chain's answered EVM (../rpc.ts): Comets by address whose `eth_call`s compute totalsBasic,
// getUtilization, getSupplyRate(uint256) and balanceOf as Comet.sol does and answer baseToken() from the state below,
// with ABI-encoded answers; and the markets' Configurators (compound-finance/comet's deployment files, ../comet-
// deployments.ts, not the service's registry) answering getConfiguration(comet) with the base token they list for it,
// all zero for a Comet they do not list, as Configurator.sol does. (The real Comet bytecode runs on the in-process EVM
// instead: ../comet.ts on ../node.ts.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Abi, decodeFunctionData, encodeFunctionResult, type Hex } from "viem";
import { COMET_ABI } from "../../../../server/venues/compound-v3/abi";
import { COMET_MARKETS } from "../comet-deployments";
import type { EvmCall, EvmVenueChain } from "./call";

// Configurator's own ABI as compiled from compound-finance/comet (../comet/artifacts.json), not the service's subset.
const CONFIGURATOR = (JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "comet", "artifacts.json"), "utf8")) as { artifacts: { Configurator: { abi: Abi } } }).artifacts.Configurator.abi;

export interface CometState {
  /** baseToken(): the market's base asset (the deployment file's baseTokenAddress). */
  baseToken: string;
  baseSupplyIndex: bigint;
  baseBorrowIndex: bigint;
  totalSupplyBase: bigint;
  totalBorrowBase: bigint;
  lastAccrualTime: bigint;
  /** Per-second supply rate model (FACTOR_SCALE 1e18), as Comet's constructor stores it. */
  supplyKink: bigint;
  supplyRateBase: bigint;
  supplySlopeLow: bigint;
  supplySlopeHigh: bigint;
  /** balanceOf(account) answers (lower-case address → micro-USDC supplied); an account not here has 0. */
  supplied?: Map<string, bigint>;
}

// The service's Comet ABI (server/venues/compound-v3/abi.ts, proven equal to the compiled Comet/CometExt ABI).
const COMET = COMET_ABI;
const FACTOR = 10n ** 18n;
const BASE_INDEX_SCALE = 10n ** 15n;

/** Comet.getUtilization(): borrow / supply at the stored (unaccrued) indices, 1e18 scale. */
export function cometUtilization(c: CometState): bigint {
  const supply = (c.totalSupplyBase * c.baseSupplyIndex) / BASE_INDEX_SCALE;
  const borrow = (c.totalBorrowBase * c.baseBorrowIndex) / BASE_INDEX_SCALE;
  return supply === 0n ? 0n : (borrow * FACTOR) / supply;
}

/** Comet.getSupplyRate(utilization). */
export function cometSupplyRate(c: CometState, u: bigint): bigint {
  if (u <= c.supplyKink) return c.supplyRateBase + (c.supplySlopeLow * u) / FACTOR;
  return c.supplyRateBase + (c.supplySlopeLow * c.supplyKink) / FACTOR + (c.supplySlopeHigh * (u - c.supplyKink)) / FACTOR;
}

/** Compound v3's part of the local chain's state. */
export interface CompoundChainState {
  /** Comets by address (lower-case). */
  comets: Map<string, CometState>;
  /** Block tag of every eth_call answered for a Comet. */
  cometCallBlocks: string[];
  /** Configurators (lower-case) → the base token they list for each Comet (lower-case). */
  cometConfigurators: Map<string, Map<string, string>>;
}

/** The Configurators of compound-finance/comet's published markets (../comet-deployments.ts), each listing its Comets. */
export function publishedConfigurators(): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const m of COMET_MARKETS) {
    const key = m.configurator.toLowerCase();
    const listed = out.get(key) ?? new Map<string, string>();
    listed.set(m.comet.toLowerCase(), m.baseToken);
    out.set(key, listed);
  }
  return out;
}

/** Configurator.getConfiguration(comet): the listed base token, every other field 0 (not read by the service). */
function configuratorCall(v: CompoundChainState, call: EvmCall): string | undefined {
  const listed = v.cometConfigurators.get(call.to.toLowerCase());
  if (!listed) return undefined;
  let decoded: ReturnType<typeof decodeFunctionData<typeof CONFIGURATOR>>;
  try {
    decoded = decodeFunctionData({ abi: CONFIGURATOR, data: (call.data ?? call.input ?? "0x") as Hex });
  } catch {
    throw new Error("execution reverted");
  }
  if (decoded.functionName !== "getConfiguration") throw new Error("execution reverted");
  const [comet] = decoded.args as readonly [string];
  const none = `0x${"00".repeat(20)}`;
  const result = {
    governor: none,
    pauseGuardian: none,
    baseToken: listed.get(comet.toLowerCase()) ?? none,
    baseTokenPriceFeed: none,
    extensionDelegate: none,
    supplyKink: 0n,
    supplyPerYearInterestRateSlopeLow: 0n,
    supplyPerYearInterestRateSlopeHigh: 0n,
    supplyPerYearInterestRateBase: 0n,
    borrowKink: 0n,
    borrowPerYearInterestRateSlopeLow: 0n,
    borrowPerYearInterestRateSlopeHigh: 0n,
    borrowPerYearInterestRateBase: 0n,
    storeFrontPriceFactor: 0n,
    trackingIndexScale: 0n,
    baseTrackingSupplySpeed: 0n,
    baseTrackingBorrowSpeed: 0n,
    baseMinForRewards: 0n,
    baseBorrowMin: 0n,
    targetReserves: 0n,
    assetConfigs: [],
  };
  return encodeFunctionResult({ abi: CONFIGURATOR, functionName: "getConfiguration", result } as Parameters<typeof encodeFunctionResult>[0]);
}

/** The answer of a Comet at `call.to`, or undefined when no Comet is there. */
function cometCall(v: CompoundChainState, call: EvmCall, block: string | undefined): string | undefined {
  const comet = v.comets.get(call.to.toLowerCase());
  if (!comet) return configuratorCall(v, call);
  v.cometCallBlocks.push(block ?? "latest");
  const { functionName, args } = decodeFunctionData({ abi: COMET, data: (call.data ?? call.input ?? "0x") as `0x${string}` });
  if (functionName === "totalsBasic") {
    return encodeFunctionResult({
      abi: COMET,
      functionName,
      result: {
        baseSupplyIndex: comet.baseSupplyIndex,
        baseBorrowIndex: comet.baseBorrowIndex,
        trackingSupplyIndex: 0n,
        trackingBorrowIndex: 0n,
        totalSupplyBase: comet.totalSupplyBase,
        totalBorrowBase: comet.totalBorrowBase,
        lastAccrualTime: Number(comet.lastAccrualTime),
        pauseFlags: 0,
      },
    });
  }
  if (functionName === "baseToken") return encodeFunctionResult({ abi: COMET, functionName, result: comet.baseToken as Hex });
  if (functionName === "getUtilization") return encodeFunctionResult({ abi: COMET, functionName, result: cometUtilization(comet) });
  if (functionName === "balanceOf") {
    const [account] = args as readonly [string];
    return encodeFunctionResult({ abi: COMET, functionName, result: comet.supplied?.get(account.toLowerCase()) ?? 0n });
  }
  return encodeFunctionResult({ abi: COMET, functionName, result: cometSupplyRate(comet, (args as readonly [bigint])[0]) });
}

export const compoundV3Chain: EvmVenueChain<CompoundChainState> = { venue: "compound-v3", call: cometCall };
