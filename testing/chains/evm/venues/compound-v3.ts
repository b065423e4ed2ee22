// Compound v3 on the local chain's answered EVM (../rpc.ts): Comets by address whose `eth_call`s compute totalsBasic,
// getUtilization, getSupplyRate(uint256) and balanceOf as Comet.sol does, from the state below, with ABI-encoded
// answers. (The real Comet bytecode runs on the in-process EVM instead: ../comet.ts on ../node.ts.)
import { decodeFunctionData, encodeFunctionResult } from "viem";
import { COMET_ABI } from "../../../../server/venues/compound-v3/abi";
import type { EvmCall, EvmVenueChain } from "./call";

export interface CometState {
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
}

/** The answer of a Comet at `call.to`, or undefined when no Comet is there. */
function cometCall(v: CompoundChainState, call: EvmCall, block: string | undefined): string | undefined {
  const comet = v.comets.get(call.to.toLowerCase());
  if (!comet) return undefined;
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
  if (functionName === "getUtilization") return encodeFunctionResult({ abi: COMET, functionName, result: cometUtilization(comet) });
  if (functionName === "balanceOf") {
    const [account] = args as readonly [string];
    return encodeFunctionResult({ abi: COMET, functionName, result: comet.supplied?.get(account.toLowerCase()) ?? 0n });
  }
  return encodeFunctionResult({ abi: COMET, functionName, result: cometSupplyRate(comet, (args as readonly [bigint])[0]) });
}

export const compoundV3Chain: EvmVenueChain<CompoundChainState> = { venue: "compound-v3", call: cometCall };
