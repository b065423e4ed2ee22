// What the EVM venue modules of the local chain's answered EVM (../rpc.ts) share: an `eth_call` request and the one
// interface a venue's part exports (./index.ts lists them).

/** An `eth_call` transaction object (viem sends `data`; some clients `input`). */
export interface EvmCall {
  to: string;
  data?: string;
  input?: string;
}

/**
 * One EVM venue's part of the answered chain, over the state slice `S` it owns: the ABI-encoded answer of an `eth_call`
 * to its contracts at `block` (the tag asked, undefined for none), undefined when the call is not to one of them; a
 * revert is thrown.
 */
export interface EvmVenueChain<S> {
  venue: string;
  call: (state: S, call: EvmCall, block: string | undefined) => string | undefined;
}
