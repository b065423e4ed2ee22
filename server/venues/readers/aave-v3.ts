// Aave v3 supply index: Pool.getReserveNormalizedIncome(asset) → uint256 in ray (1e27). An aToken
// balance is scaledBalance × this index, so a supplied position grows exactly with it.
import { createPublicClient, http, parseAbi } from "viem";
import type { ChainId } from "../../chains/address";
import { config } from "../../config";
import { rpcUrlOf } from "./rpc";
import type { VenueReader } from "./types";

export const AAVE_POOL_ABI = parseAbi(["function getReserveNormalizedIncome(address asset) view returns (uint256)"]);

export function aaveV3Reader(venueId: string, chain: ChainId, pool: string, asset: string): VenueReader {
  return {
    venueId,
    what: "Aave v3 Pool.getReserveNormalizedIncome(USDC)",
    readIndex: async () => {
      const client = createPublicClient({ transport: http(rpcUrlOf(chain), { timeout: config().SVC_RPC_TIMEOUT_MS, retryCount: 0 }) });
      return client.readContract({
        address: pool as `0x${string}`,
        abi: AAVE_POOL_ABI,
        functionName: "getReserveNormalizedIncome",
        args: [asset as `0x${string}`],
      });
    },
  };
}
