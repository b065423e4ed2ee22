// The Rail interface: one provider per bridge rail (./cctp-v2, ./cctp-v1), listed once in ./registry.ts. In the spirit
// of Circle bridge-kit's BridgingProvider (supportsRoute, estimate, bridge, retry): `supports` the route, the rail fee
// (`fee`), the burn the owner signs (`burn`), and the rescue that reads the attestation and builds the receive
// (`rescue`). The bridge plan (server/plans/bridge.ts) and delivery/rescue (server/execute/bridge.ts) call only this.
import type { Hex } from "viem";
import type { ChainId } from "../chains/address";
import type { ServiceFee } from "../fees/recipient";
import type { Blocker } from "../http/codes";
import type { PlanTransaction } from "../venues/adapters";
import type { DestinationSeen, ReceivedBurn } from "./cctp/received";

/** A transfer speed a rail may offer (CCTP V2: fast = soft finality for a fee, standard = hard finality). */
export type Speed = "fast" | "standard";

export interface RailFee {
  /** The rail fee in micro-USDC, null when Circle's fee API could not be read. */
  amountMicros: bigint | null;
  /** Circle's minimumFee for the tier, in basis points as Circle writes it ("1.3"), or null. */
  bps: string | null;
  /** The burn's maxFee argument (V2), or null on V1. */
  maxFeeMicros: bigint | null;
  source: string | null;
  reason: string | null;
}

/** The burn a bridge plan asks the rail for: `burnAmount` (the amount less the service fee) minted to `mintRecipient`. */
export interface BurnRequest {
  source: ChainId;
  dest: ChainId;
  sourceAddress: string;
  destAddress: string;
  burnAmount: bigint;
  mintRecipient: Hex;
  speed: Speed | null;
  railFee: RailFee;
  /** The service fee, taken on the source chain in the burn's transaction (svm, move) or one before it (EVM). */
  serviceFee: ServiceFee;
}

/** The source-chain transactions of the burn, not simulated yet (the plan simulates them), or why none is built. */
export type BurnBuild = { ok: true; transactions: PlanTransaction[] } | { ok: false; blocker: Blocker };

/** The route of a stored bridge plan a rescue is built for. */
export interface RescueRoute {
  source: ChainId;
  dest: ChainId;
  /** The owner-locked destination: the only address the receive may mint to. */
  destAddress: string;
}

export interface RescueBuild {
  blockers: Blocker[];
  transactions: PlanTransaction[];
  burn: { sourceTxId: string; nonce: string; amountMicros: string; mintRecipient: string; message: string; attestation: string | null } | null;
  /** With a receive built: what it mints to the destination (`amount`) and the fee it executes to the rail's fee recipient. */
  mint?: { amount: bigint; fee: bigint };
  /** The burn as the source chain's own transaction states it (EVM receipt, move-chain events); absent where it is read from the attestation service. */
  settledBurn?: { amount: bigint };
}

export interface Rail {
  /** The rail's name on the wire (`rail` of bridge plans, rescues, records and GET /svc/bridge/paths). */
  readonly id: string;
  /** How plans name it ("Circle CCTP V2"). */
  readonly label: string;
  /** The speeds a plan may ask for; empty when the rail has one (the plan's speed is then null). */
  readonly speeds: readonly Speed[];
  /** The attestation API the rescue reads, as its steps name it. */
  readonly attestationApi: string;
  /** Whether the rail carries USDC from `source` to `dest`. */
  supports(source: ChainId, dest: ChainId): boolean;
  /** The plan's speed for the requested one (400 when the rail does not offer it; null on a rail without speeds). */
  speedFor(source: ChainId, dest: ChainId, requested: Speed | undefined): Speed | null;
  /** The chain's id on the rail (CCTP domain). */
  domain(chain: ChainId): number;
  /** The bytes32 mint recipient of a destination address. */
  mintRecipient(dest: ChainId, destAddress: string): Promise<Hex>;
  /** The rail fee of burning `burnAmount` at `speed`, and the blocker when a fee the burn needs cannot be known. */
  fee(source: ChainId, dest: ChainId, burnAmount: bigint, speed: Speed | null): Promise<{ fee: RailFee; blocker: Blocker | null }>;
  /** The plan's fee line label for the rail fee. */
  feeLabel(speed: Speed | null, fee: RailFee): string;
  /** The plan's risk disclosure. */
  risks(speed: Speed | null): string[];
  /** The owner's burn on the source chain (per chain family). */
  burn(req: BurnRequest): Promise<BurnBuild>;
  /** Read the burn and Circle's attestation, and build the receive on the destination (network reads only). */
  rescue(route: RescueRoute, planRecipient: string | null, sourceTxId: string | undefined): Promise<RescueBuild>;
  /** The contract or program the receive is sent to on `dest`, or null. */
  receiver(dest: ChainId): string | null;
  /**
   * The rail's burns from `source` that a confirmed transaction on `dest` received, as the destination chain shows them
   * (its transmitter's MessageReceived, or the receive_message it ran): the delivery's bridge leg reads the burned amount there.
   */
  received(source: ChainId, dest: ChainId, seen: DestinationSeen): ReceivedBurn[];
  /** The contract the owner's burn on `source` approves (EVM TokenMessenger), or null where the burn approves nothing. */
  burner(source: ChainId): string | null;
}
