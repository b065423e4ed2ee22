// Aave v3 (evm-a Base, evm-b Arbitrum): ERC-20 approve of the Pool, then `Pool.supply(asset, amount,
// onBehalfOf, referralCode)`; withdraw = `Pool.withdraw(asset, amount, to)`. Prepare only (Map chains).
//
// Before either is built the ids are proven from the chain (issue 24): the Pool is the one the cited
// PoolAddressesProvider names (`getPool()`, the market's root), and that Pool's USDC reserve names the cited aToken
// (`getReserveData(usdc).aTokenAddress`). Another real Pool or aToken would simulate fine and supply to the wrong
// market; here it blocks the plan `venue_state_unavailable` naming the id.
import { getAddress, isAddressEqual } from "viem";
import { evmRpc } from "../../chains/clients";
import { approveTransaction, type EvmChain, evmCall, evmTransaction } from "../../chains/evm";
import { evmVenueIds } from "../shared/evm";
import { proveIds } from "../shared/prove";
import type { VenueDescriptor } from "../types";
import type { VenueAdapter } from "../shared/build";
import { AAVE_POOL_ABI, AAVE_POOL_ADDRESSES_PROVIDER_ABI } from "./abi";

/** Proves the Pool is the cited provider's and its USDC reserve's aToken is the cited one (cached per process). */
export function proveAaveIds(v: VenueDescriptor, chain: EvmChain): Promise<void> {
  const pool = getAddress(v.onchain.pool ?? "");
  const provider = getAddress(v.onchain.poolAddressesProvider ?? "");
  const usdc = getAddress(v.onchain.usdc ?? "");
  const aUsdc = getAddress(v.onchain.aUsdc ?? "");
  return proveIds([
    {
      key: `aave-v3|${chain}|pool|${provider}|${pool}`,
      what: `Aave v3 Pool ${pool} is PoolAddressesProvider ${provider}'s getPool()`,
      check: async () => {
        const named = await evmRpc(chain).readContract({ address: provider, abi: AAVE_POOL_ADDRESSES_PROVIDER_ABI, functionName: "getPool" });
        return isAddressEqual(named, pool) ? null : `the provider's getPool() is ${named}`;
      },
    },
    {
      key: `aave-v3|${chain}|atoken|${pool}|${usdc}|${aUsdc}`,
      what: `Aave v3 aToken ${aUsdc} is Pool ${pool}'s getReserveData(USDC ${usdc}).aTokenAddress`,
      check: async () => {
        const r = await evmRpc(chain).readContract({ address: pool, abi: AAVE_POOL_ABI, functionName: "getReserveData", args: [usdc] });
        return isAddressEqual(r.aTokenAddress, aUsdc) ? null : `the Pool's USDC reserve names aToken ${r.aTokenAddress}`;
      },
    },
  ]);
}

export function aaveV3Adapter(v: VenueDescriptor): VenueAdapter {
  const { chain, contract: pool, usdc } = evmVenueIds(v, "pool", "pool");
  if (!v.onchain.poolAddressesProvider || !v.onchain.aUsdc) throw new Error(`${v.id} has no poolAddressesProvider or aUsdc id`);
  return {
    venueId: v.id,
    onchainInterface: `Aave v3 Pool ${pool}: supply(address,uint256,address,uint16) / withdraw(address,uint256,address)`,
    deposit: async ({ owner, amountMicros }) => {
      await proveAaveIds(v, chain);
      return [
        approveTransaction(chain, usdc, pool, amountMicros, `Approve the Aave v3 Pool to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Aave v3 on behalf of the owner (aUSDC to the owner)`, evmCall(chain, pool, AAVE_POOL_ABI, "supply", [usdc, amountMicros, owner, 0])),
      ];
    },
    withdraw: async ({ owner, amountMicros }) => {
      await proveAaveIds(v, chain);
      return [
        evmTransaction(chain, "withdraw", `Withdraw ${amountMicros} micro-USDC from Aave v3 to the owner`, evmCall(chain, pool, AAVE_POOL_ABI, "withdraw", [usdc, amountMicros, owner])),
      ];
    },
  };
}
