// The venue registry's shape: one descriptor per (protocol, chain) where the service lists a USDC
// lending opportunity. Adapters (deposit/withdraw builders, on-chain reads) live in adapters/<id>.ts.
import type { ChainFamily, ChainId } from "../chains/address";

/** DefiLlama's `chain` names of the four chains (contract §2). */
export type UpstreamChain = "Sui" | "Solana" | "Base" | "Arbitrum";

export interface VenueDescriptor {
  /** Bare protocol id, the `strategyId` input (e.g. `scallop`); chain-qualified only when a protocol is listed on two chains. */
  readonly id: string;
  /** The protocol behind the venue (`aave-v3` for both `aave-v3-base` and `aave-v3-arbitrum`). */
  readonly protocol: string;
  readonly name: string;
  readonly chain: ChainId;
  readonly family: ChainFamily;
  readonly kind: "lending";
  readonly token: "USDC";
  readonly label: "Executable" | "Map";
  /** Listed for execution in phase 1 (Executable chains only). */
  readonly ready: boolean;
  /** A write adapter can build deposit/withdraw transactions. */
  readonly writeReady: boolean;
  /** Real money can move through this venue (owner-signed). */
  readonly liveMoneyPath: boolean;
  /** Computed: true only in SVC_EXECUTION_MODE=broadcast on an Executable chain; never on a Map chain. */
  readonly broadcastEnabled: boolean;
  /** Service policy minimum for a deposit plan (not an upstream figure). */
  readonly minDepositMicros: bigint;
  /** Where the live APY comes from: the DefiLlama yields row with this project, symbol and chain. */
  readonly upstream: { readonly project: string; readonly symbol: string; readonly chain: UpstreamChain };
  /** Published on-chain ids of the venue (package, program, market, pool …). Only ids confirmed in public sources. */
  readonly onchain: Readonly<Record<string, string>>;
}
