// Aave v3 (evm-a Base, evm-b Arbitrum): ERC-20 approve of the Pool, then `Pool.supply(asset, amount,
// onBehalfOf, referralCode)`; withdraw = `Pool.withdraw(asset, amount, to)`. Prepare only (Map chains).
import { approveTransaction, evmCall, evmTransaction } from "../../chains/evm";
import { evmVenueIds } from "../shared/evm";
import type { VenueDescriptor } from "../types";
import type { VenueAdapter } from "../shared/build";
import { AAVE_POOL_ABI } from "./abi";

export function aaveV3Adapter(v: VenueDescriptor): VenueAdapter {
  const { chain, contract: pool, usdc } = evmVenueIds(v, "pool", "pool");
  return {
    venueId: v.id,
    onchainInterface: `Aave v3 Pool ${pool}: supply(address,uint256,address,uint16) / withdraw(address,uint256,address)`,
    deposit: async ({ owner, amountMicros }) => [
      approveTransaction(chain, usdc, pool, amountMicros, `Approve the Aave v3 Pool to pull ${amountMicros} micro-USDC`),
      evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Aave v3 on behalf of the owner (aUSDC to the owner)`, evmCall(chain, pool, AAVE_POOL_ABI, "supply", [usdc, amountMicros, owner, 0])),
    ],
    withdraw: async ({ owner, amountMicros }) => [
      evmTransaction(chain, "withdraw", `Withdraw ${amountMicros} micro-USDC from Aave v3 to the owner`, evmCall(chain, pool, AAVE_POOL_ABI, "withdraw", [usdc, amountMicros, owner])),
    ],
  };
}
