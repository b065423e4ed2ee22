// Compound v3 (Comet, USDC market): the base supply index accrued to the block it is read at.
// Sources (compound-finance/comet):
//   contracts/CometCore.sol — presentValueSupply(index, principal) = principal × index / BASE_INDEX_SCALE (1e15):
//     a supplied balance grows exactly with baseSupplyIndex; FACTOR_SCALE = 1e18.
//   contracts/Comet.sol — accruedInterestIndices(timeElapsed): utilization = getUtilization();
//     supplyRate = getSupplyRate(utilization); index += index × (supplyRate × timeElapsed) / FACTOR_SCALE, with
//     timeElapsed = block.timestamp − lastAccrualTime (balanceOf and totalSupply use this accrued index).
//   contracts/CometStorage.sol — struct TotalsBasic { uint64 baseSupplyIndex; uint64 baseBorrowIndex;
//     uint64 trackingSupplyIndex; uint64 trackingBorrowIndex; uint104 totalSupplyBase; uint104 totalBorrowBase;
//     uint40 lastAccrualTime; uint8 pauseFlags; }; contracts/CometExtInterface.sol — totalsBasic() returns it.
// totalsBasic() alone is the index at the market's last interaction. Comet exposes no view of the accrued index, so
// the reader pins one block (eth_getBlockByNumber "latest"), reads totalsBasic() and getUtilization() at it, then
// getSupplyRate(utilization) at it, and applies accruedInterestIndices' integer math with that block's timestamp:
// the exact index balanceOf uses in that block (1e15 scale).
import type { ChainId } from "../../chains/address";
import { compoundV3Arbitrum } from "./arbitrum";
import { compoundV3Base } from "./base";
import type { VenueDescriptor } from "../types";
import type { VenueReader, VenueWorth } from "../shared/read";
import { evmRpc } from "../../chains/clients";
import { evmVenueIds } from "../shared/evm";
import { COMET_ABI } from "./abi";
import { cometBalanceOf, proveCometIds } from "./build";

const FACTOR_SCALE = 10n ** 18n;

/** Comet's accruedInterestIndices for the supply side: the index at `now` (unix seconds). */
export function accruedSupplyIndex(baseSupplyIndex: bigint, lastAccrualTime: bigint, supplyRatePerSecond: bigint, now: bigint): bigint {
  const elapsed = now - lastAccrualTime;
  if (elapsed <= 0n) return baseSupplyIndex;
  return baseSupplyIndex + (baseSupplyIndex * (supplyRatePerSecond * elapsed)) / FACTOR_SCALE;
}

function cometReader(venue: VenueDescriptor): VenueReader {
  const comet = (venue.onchain.cUSDCv3 ?? "") as `0x${string}`;
  return {
    venueId: venue.id,
    what: "Compound v3 Comet baseSupplyIndex accrued to the block (totalsBasic, getUtilization, getSupplyRate)",
    readIndex: async () => {
      const chain: ChainId = venue.chain;
      const client = evmRpc(chain);
      const block = await client.getBlock({ blockTag: "latest" });
      const at = { address: comet, abi: COMET_ABI, blockNumber: block.number } as const;
      const [totals, utilization] = await Promise.all([
        client.readContract({ ...at, functionName: "totalsBasic" }),
        client.readContract({ ...at, functionName: "getUtilization" }),
      ]);
      const supplyRate = await client.readContract({ ...at, functionName: "getSupplyRate", args: [utilization] });
      return accruedSupplyIndex(totals.baseSupplyIndex, BigInt(totals.lastAccrualTime), supplyRate, block.timestamp);
    },
  };
}

export const compoundV3BaseReader = cometReader(compoundV3Base);
export const compoundV3ArbitrumReader = cometReader(compoundV3Arbitrum);

/**
 * The owner's Compound v3 position now: Comet `balanceOf(owner)` (./build.ts `cometBalanceOf`, the read the withdraw
 * builder caps with), the supplied principal at the supply index accrued to the block: what withdrawing it all pays.
 * Read only against a Comet proven the USDC market's (`proveCometIds`, the builders' proof), both at once.
 */
export function compoundV3Worth(venue: VenueDescriptor): VenueWorth {
  const { chain } = evmVenueIds(venue, "cUSDCv3", "comet");
  return {
    venueId: venue.id,
    what: "Compound v3 Comet balanceOf (USDC supplied at the accrued supply index)",
    readWorth: async (owner) => {
      const [, supplied] = await Promise.all([proveCometIds(venue, chain), cometBalanceOf(venue, owner)]);
      return supplied;
    },
  };
}

export const compoundV3BaseWorth = compoundV3Worth(compoundV3Base);
export const compoundV3ArbitrumWorth = compoundV3Worth(compoundV3Arbitrum);
