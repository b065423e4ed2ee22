// The HTTP statuses each code is really answered with (GET /svc/errors). A blocker is answered inside a 200
// on plan endpoints (deposit/withdraw/swap/bridge/gas plans, discovery, harvest plans, autopilot tick: contract
// §4, spec §7 rule 1) and inside a 422 with code BLOCKED on money actions (route, preview, withdraw, rebalance,
// character stake/unstake, execute, bridge delivery and rescue). Typed over every code: a new blocker code
// does not compile until it says where it is answered.
import type { BlockerCode, ErrorCode } from "./codes";

type Status = 200 | 422;
const PLAN: readonly Status[] = [200];
const ACTION: readonly Status[] = [422];
const BOTH: readonly Status[] = [200, 422];

export const BLOCKER_STATUSES = {
  venue_not_ready: BOTH,
  adapter_not_ready: BOTH,
  venue_not_allowed: BOTH,
  execution_disabled: BOTH,
  amount_zero: BOTH,
  below_minimum: PLAN,
  insufficient_balance: ACTION,
  insufficient_liquid: ACTION,
  no_ready_venue: ACTION,
  cross_chain_rebalance: ACTION,
  venue_wrong_chain: ACTION,
  nothing_staked: ACTION,
  map_chain_prepare_only: BOTH,
  quote_unavailable: PLAN,
  upstream_unavailable: PLAN,
  empty_upstream: PLAN,
  auto_yield_disabled: BOTH,
  venue_state_unavailable: PLAN,
  owner_required: BOTH,
  rpc_unavailable: PLAN,
  simulation_failed: PLAN,
  plan_not_executable: ACTION,
  tx_failed: ACTION,
  sender_not_owner: ACTION,
  tx_amount_mismatch: ACTION,
  digest_already_used: ACTION,
  plan_already_executed: ACTION,
  submit_rejected: ACTION,
  not_credited_to_destination: ACTION,
  already_delivered: ACTION,
  source_tx_required: ACTION,
  burn_not_found: ACTION,
  source_rpc_unavailable: ACTION,
  recipient_mismatch: ACTION,
  attestation_pending: ACTION,
  attestation_unavailable: ACTION,
  autopilot_disabled: PLAN,
  stakeable_zero: BOTH,
  max_stake_reached: BOTH,
  below_min_tvl: PLAN,
  apy_unavailable: BOTH,
  no_eligible_pool: BOTH,
} as const satisfies Record<BlockerCode, readonly Status[]>;

/** Error codes answered with more than their catalogued status. */
export const ERROR_STATUSES: Partial<Record<ErrorCode, readonly number[]>> = {
  UNAUTHORIZED: [401, 403],
};
