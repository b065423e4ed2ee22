// What every EVM venue's builders start from: the venue's EVM chain, the contract they call and USDC, from its descriptor.
import { type EvmChain, isEvmChain } from "../../chains/evm";
import type { VenueDescriptor } from "../types";

/**
 * The venue's chain, its `onchain[key]` contract (`what` names it in the error) and its USDC; throws when the venue is
 * not on an EVM chain or its descriptor lacks either id.
 */
export function evmVenueIds(v: VenueDescriptor, key: string, what: string): { chain: EvmChain; contract: string; usdc: string } {
  const chain = v.chain;
  if (!isEvmChain(chain)) throw new Error(`${v.id} is not on an EVM chain`);
  const contract = v.onchain[key];
  const usdc = v.onchain.usdc;
  if (!contract || !usdc) throw new Error(`${v.id} has no ${what} or usdc id`);
  return { chain, contract, usdc };
}
