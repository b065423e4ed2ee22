// Aave v3 supply index: Pool.getReserveNormalizedIncome(asset) → uint256 in ray (1e27). An aToken
// balance is scaledBalance × this index, so a supplied position grows exactly with it.
import type { ChainId } from "../../chains/address";
import type { VenueReader } from "../shared/read";
import { evmRpc } from "../../chains/clients";
import { AAVE_POOL_ABI } from "./abi";

export function aaveV3Reader(venueId: string, chain: ChainId, pool: string, asset: string): VenueReader {
  return {
    venueId,
    what: "Aave v3 Pool.getReserveNormalizedIncome(USDC)",
    readIndex: async () => {
      const client = evmRpc(chain);
      return client.readContract({
        address: pool as `0x${string}`,
        abi: AAVE_POOL_ABI,
        functionName: "getReserveNormalizedIncome",
        args: [asset as `0x${string}`],
      });
    },
  };
}
