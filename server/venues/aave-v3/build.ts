// Aave v3 (evm-a Base, evm-b Arbitrum): ERC-20 approve of the Pool, then `Pool.supply(asset, amount,
// onBehalfOf, referralCode)`; withdraw = `Pool.withdraw(asset, amount, to)`. Prepare only (Map chains).
import { approveTransaction, evmCall, isEvmChain } from "../../chains/evm";
import type { VenueDescriptor } from "../types";
import type { VenueAdapter } from "../shared/build";
import { AAVE_POOL_ABI } from "./abi";

export function aaveV3Adapter(v: VenueDescriptor): VenueAdapter {
  const chain = v.chain;
  if (!isEvmChain(chain)) throw new Error(`${v.id} is not on an EVM chain`);
  const pool = v.onchain.pool;
  const usdc = v.onchain.usdc;
  if (!pool || !usdc) throw new Error(`${v.id} has no pool or usdc id`);
  return {
    venueId: v.id,
    onchainInterface: `Aave v3 Pool ${pool}: supply(address,uint256,address,uint16) / withdraw(address,uint256,address)`,
    deposit: async ({ owner, amountMicros }) => [
      approveTransaction(chain, usdc, pool, amountMicros, `Approve the Aave v3 Pool to pull ${amountMicros} micro-USDC`),
      {
        chain,
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to Aave v3 on behalf of the owner (aUSDC to the owner)`,
        encoding: "evm-call",
        payload: evmCall(chain, pool, AAVE_POOL_ABI, "supply", [usdc, amountMicros, owner, 0]),
      },
    ],
    withdraw: async ({ owner, amountMicros }) => [
      {
        chain,
        kind: "withdraw",
        description: `Withdraw ${amountMicros} micro-USDC from Aave v3 to the owner`,
        encoding: "evm-call",
        payload: evmCall(chain, pool, AAVE_POOL_ABI, "withdraw", [usdc, amountMicros, owner]),
      },
    ],
  };
}
