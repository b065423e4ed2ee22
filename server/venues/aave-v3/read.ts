// Aave v3 supply index: Pool.getReserveNormalizedIncome(asset) → uint256 in ray (1e27). An aToken
// balance is scaledBalance × this index, so a supplied position grows exactly with it.
import { erc20Abi, getAddress } from "viem";
import type { ChainId } from "../../chains/address";
import type { VenueReader, VenueWorth } from "../shared/read";
import { evmRpc } from "../../chains/clients";
import { evmVenueIds } from "../shared/evm";
import type { VenueDescriptor } from "../types";
import { AAVE_POOL_ABI } from "./abi";
import { proveAaveIds } from "./build";

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

/**
 * The owner's Aave v3 position now: the USDC reserve's aToken `balanceOf(owner)`, the scaled balance × the reserve's
 * normalized income (aave/aave-v3-core, `@aave/core-v3` 1.19.3 contracts/protocol/tokenization/AToken.sol `balanceOf`),
 * which is exactly what `Pool.withdraw(usdc, type(uint256).max, to)` pays (contracts/protocol/libraries/logic/
 * SupplyLogic.sol `executeWithdraw`: `userBalance = scaledBalanceOf(owner).rayMul(nextLiquidityIndex)`). The aToken is the
 * cited one the builders prove is the Pool's `getReserveData(USDC).aTokenAddress` (`proveAaveIds`, remembered once
 * proven); proof and balance are read at once, and the balance counts only when the proof holds.
 */
export function aaveV3Worth(v: VenueDescriptor): VenueWorth {
  const { chain } = evmVenueIds(v, "pool", "pool");
  const aUsdc = getAddress(v.onchain.aUsdc ?? "");
  return {
    venueId: v.id,
    what: "Aave v3 aUSDC balanceOf (the Pool's USDC reserve aToken)",
    readWorth: async (owner) => {
      const [, held] = await Promise.all([
        proveAaveIds(v, chain),
        evmRpc(chain).readContract({ address: aUsdc, abi: erc20Abi, functionName: "balanceOf", args: [getAddress(owner)] }),
      ]);
      return held;
    },
  };
}
