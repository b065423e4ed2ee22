// The swap quote providers, one per chain family: the only list of them. The swap plan asks `quoterFor(chain)`.
import type { ChainId } from "../chains/address";
import { cetusQuoter } from "./cetus";
import { jupiterQuoter } from "./jupiter";
import type { SwapQuoter } from "./types";
import { zeroExQuoter } from "./zerox";

export const SWAP_QUOTERS: readonly SwapQuoter[] = [jupiterQuoter, cetusQuoter, zeroExQuoter];

/** The quoter of `chain`, or null when no aggregator quotes there. */
export function quoterFor(chain: ChainId): SwapQuoter | null {
  return SWAP_QUOTERS.find((q) => q.supports(chain)) ?? null;
}
