// The EVM venues' parts of the local chain's answered EVM (../rpc.ts), one module each (./<venue>.ts: the `eth_call`s
// of its contracts, answered from its state slice). The answered EVM asks each in this order before an ERC-20
// balanceOf, in the venue list's order and each checked to belong to an EVM venue of it (../../venue-parts.ts; a venue
// whose tests run its bytecode, Morpho, needs none): adding an EVM venue's part is its file and its state slice here.
import { type AaveChainState, aaveBookMarkets, aaveV3Chain } from "./aave-v3";
import { partsInListOrder } from "../../venue-parts";
import type { EvmCall, EvmVenueChain } from "./call";
import { type CompoundChainState, compoundV3Chain, publishedConfigurators } from "./compound-v3";

/** The EVM venues' state of a local chain: each venue's slice. */
export type EvmVenueState = CompoundChainState & AaveChainState;

export const EVM_VENUE_CHAINS: readonly EvmVenueChain<EvmVenueState>[] = partsInListOrder<EvmVenueChain<EvmVenueState>>("evm", [compoundV3Chain, aaveV3Chain], { everyBuiltVenue: false });

/** No Comets and no Aave supply indices; the published Comet Configurators and Aave markets (their own sources'). */
export function evmVenueState(): EvmVenueState {
  return { comets: new Map(), cometCallBlocks: [], cometConfigurators: publishedConfigurators(), aaveIndex: new Map(), ...aaveBookMarkets() };
}

/** The first venue's answer to this `eth_call`, or undefined when it is to no venue's contract. */
export function evmVenueCall(state: EvmVenueState, call: EvmCall, block: string | undefined): string | undefined {
  for (const c of EVM_VENUE_CHAINS) {
    const answer = c.call(state, call, block);
    if (answer !== undefined) return answer;
  }
  return undefined;
}
