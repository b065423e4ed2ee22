// Aave v3 on the local chain's answered EVM (../rpc.ts): a Pool's `getReserveNormalizedIncome(address)` (selector
// 0xd15e0053) answered from the supply index (ray) held for the pool and asset, ABI-encoded uint256; an asset the pool
// does not list reverts. (The real Aave v3 bytecode runs on the in-process EVM instead: ../aave.ts on ../node.ts.)
import type { EvmCall, EvmVenueChain } from "./call";

/** Aave v3's part of the local chain's state. */
export interface AaveChainState {
  /** Aave v3 supply index (ray) by `${pool}|${asset}` lower-cased. */
  aaveIndex: Map<string, bigint>;
}

function poolCall(v: AaveChainState, call: EvmCall): string | undefined {
  const data = (call.data ?? call.input ?? "").toLowerCase();
  // getReserveNormalizedIncome(address) = 0xd15e0053
  if (!data.startsWith("0xd15e0053")) return undefined;
  const idx = v.aaveIndex.get(`${call.to.toLowerCase()}|0x${data.slice(-40)}`);
  if (idx === undefined) throw new Error("execution reverted");
  return `0x${idx.toString(16).padStart(64, "0")}`;
}

export const aaveV3Chain: EvmVenueChain<AaveChainState> = { venue: "aave-v3", call: (v, call) => poolCall(v, call) };
