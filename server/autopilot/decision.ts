// What one autopilot run decided (server/autopilot/decide.ts computes it, store.ts keeps it): its own module so
// the two import it without importing each other.
import type { ChainId } from "../chains/address";

export interface SwitchPlan {
  kind: "rebalance";
  status: "prepared";
  ownerMustSign: true;
  submitted: false;
  chain: ChainId;
  fromStrategyId: string;
  toStrategyId: string;
  amountMicros: string;
  endpoint: string;
  body: { fromStrategyId: string; toStrategyId: string };
}

export interface Decision {
  wallet: string;
  chain: ChainId;
  action: "hold" | "switch" | "select" | "none";
  currentVenueId: string | null;
  currentApy30dBps: number | null;
  pickVenueId: string | null;
  pickApy30dBps: number | null;
  deltaBps: number | null;
  thresholdBps: number;
  targetVenueId: string | null;
  source: string | null;
  asOf: Date | null;
  reason: string;
  plan: SwitchPlan | null;
}
