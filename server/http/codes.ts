// The one table of every error and blocker code and the HTTP statuses each is answered with. The wrapper answers
// from it (handler.ts: an ApiError's status, a blocked body's status are checked against it) and GET /svc/errors
// lists it as it is, so the catalog cannot say other than what is answered. Renaming a code is a breaking change.

export const CATALOG_VERSION = "svc-errors.v1";

/** Error codes: the `code` of a non-2xx JSON body, with every status it is answered with (the first is the default). */
export const ERROR_CODES = {
  INVALID_REQUEST: { statuses: [400], meaning: "Body not JSON, wrong type, missing field, unknown field value or bad query/path parameter." },
  INVALID_AMOUNT: { statuses: [400], meaning: "Amount is not an integer-micros string (float, exponent, sign, empty, leading zeros, over 2^63-1)." },
  INVALID_ADDRESS: { statuses: [400], meaning: "Malformed wallet address for the chain family (Sui 0x+64 hex, Solana base58 32 bytes, EVM 0x+40 hex)." },
  UNAUTHORIZED: { statuses: [401, 403], meaning: "No X-API-Key on a route that needs a role (401), or the key's role may not do this (403)." },
  INVALID_API_KEY: { statuses: [401], meaning: "The X-API-Key is not a known, active key." },
  WALLET_SCOPE: { statuses: [403], meaning: "The wallet is not in the API key's scope." },
  NOT_FOUND: { statuses: [404], meaning: "Unknown strategy, opportunity, subscription, plan, character or route." },
  METHOD_NOT_ALLOWED: { statuses: [405], meaning: "The path exists but not with this method; see the Allow header." },
  ALREADY_EXISTS: { statuses: [409], meaning: "The resource already exists (a wallet has at most one character)." },
  NOTHING_TO_REDELIVER: { statuses: [409], meaning: "The event has no failed webhook delivery to an active subscription of this key." },
  IDEMPOTENCY_KEY_IN_FLIGHT: { statuses: [409], meaning: "A request with the same Idempotency-Key is still being processed." },
  PAYLOAD_TOO_LARGE: { statuses: [413], meaning: "The request body is over 1 MiB (1048576 bytes), on any route; the connection is closed after the answer." },
  UNSUPPORTED_MEDIA_TYPE: { statuses: [415], meaning: "A request body was sent with a content type other than application/json." },
  IDEMPOTENCY_KEY_REUSED: { statuses: [422], meaning: "The Idempotency-Key was used before with a different request body." },
  BLOCKED: {
    statuses: [422],
    meaning: "A money action cannot be done: beside code and message the body has status \"blocked\" and blockers[] with blocker codes. Plan endpoints answer a blocked plan with 200 instead.",
  },
  RATE_LIMITED: { statuses: [429], meaning: "Over the per-key (or per-client-address) rate limit; see Retry-After and RateLimit headers." },
  HEADERS_TOO_LARGE: {
    statuses: [431],
    meaning: "The request line and headers are over 16 KiB (16384 bytes, Node.js's limit), e.g. a query string or header value far past every declared limit; the connection is closed after the answer.",
  },
  INTERNAL: { statuses: [500], meaning: "Unexpected server fault. Never returned for bad input; the body carries the requestId to report." },
  UPSTREAM_UNAVAILABLE: {
    statuses: [503],
    meaning: "Superseded by UNAVAILABLE (issue 26) and no longer answered; kept in the catalog because removing a code is a breaking change.",
  },
  UNAVAILABLE: {
    statuses: [503],
    meaning:
      "The database is not reachable right now (restarting, refusing connections); nothing was applied unless an earlier answer said so. Retry after the Retry-After seconds. Also the answer to a JSON client asking for a dashboard page while the dashboard is being built (Retry-After, details.dashboard as in GET /api/v1/readyz) or after its build failed (no Retry-After).",
  },
  NOT_READY: {
    statuses: [503],
    meaning: "GET /api/v1/readyz: this instance should not take traffic now (database unreachable or migrations not applied); details.checks names each check.",
  },
} as const satisfies Record<string, { statuses: readonly number[]; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The statuses a code may be answered with. */
export type StatusOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]["statuses"][number];

/** Where a blocked answer comes: 200 inside a body with status "blocked" (plans, discovery, bridge rescue, autopilot tick), 422 BLOCKED (money actions). */
export type BlockedStatus = 200 | 422;
type Answered = readonly BlockedStatus[];
const PLAN: Answered = [200];
const ACTION: Answered = [422];
const BOTH: Answered = [200, 422];

/**
 * Blocker codes: the `code` of an item in `blockers[]` of an answer with status "blocked", with the HTTP statuses
 * it is answered with (contract §4, spec §7 rule 1). Domains add theirs here, so /svc/errors lists every one; a
 * blocked answer with a status its codes do not list is a server fault (handler.ts), never a silent drift.
 */
export const BLOCKER_CODES = {
  venue_not_ready: { answered: BOTH, meaning: "The venue is not ready for this action." },
  adapter_not_ready: { answered: BOTH, meaning: "The venue's adapter cannot build or execute this action yet; no placeholder transaction is produced." },
  venue_not_allowed: { answered: BOTH, meaning: "The venue is not on the allowlist." },
  execution_disabled: { answered: BOTH, meaning: "Execution mode is disabled; plans still prepare but nothing is broadcast." },
  amount_zero: { answered: BOTH, meaning: "The amount is 0." },
  below_minimum: { answered: PLAN, meaning: "The amount is below the venue minimum." },
  insufficient_balance: { answered: BOTH, meaning: "The amount is above the wallet's balance." },
  insufficient_liquid: { answered: ACTION, meaning: "Staking more than the liquid balance." },
  no_ready_venue: { answered: ACTION, meaning: "No ready venue on that chain to stake into." },
  cross_chain_rebalance: { answered: ACTION, meaning: "Rebalance is within one chain only; use a bridge plan to move across chains." },
  venue_wrong_chain: { answered: ACTION, meaning: "The chosen venue is on another chain than the one named in the request." },
  nothing_staked: { answered: ACTION, meaning: "The wallet has nothing staked at the venue named in the request." },
  map_chain_prepare_only: { answered: BOTH, meaning: "evm-a and evm-b are Map chains: prepare only, broadcast disabled." },
  quote_unavailable: { answered: PLAN, meaning: "The swap or bridge quote source is unavailable." },
  upstream_unavailable: { answered: BOTH, meaning: "The upstream data source is unavailable." },
  empty_upstream: { answered: BOTH, meaning: "The upstream returned no pools." },
  auto_yield_disabled: { answered: BOTH, meaning: "Auto-yield is off for this character; stake and unstake are blocked." },
  rail_retiring: { answered: PLAN, meaning: "The route's bridge rail is being retired by its operator (CCTP V1) and its end is near: no burn is offered on it, as it might not be received before the rail stops. The message names the dates and their source." },
  venue_state_unavailable: { answered: PLAN, meaning: "The venue's on-chain state the plan is built from (its exchange rate, its reserve's slot) could not be read from its chain; nothing is built. Try again." },
  owner_required: { answered: BOTH, meaning: "The plan needs an owner address to build transactions." },
  rpc_unavailable: { answered: PLAN, meaning: "The chain's RPC did not answer or refused a read the transaction needs (a recent blockhash, an object version); nothing signable was built. Try again." },
  simulation_mismatch: {
    answered: PLAN,
    meaning: "The balance changes the chain's own simulation reports differ from the plan (what leaves the owner, what arrives, to whom); the message names what the plan says and what was simulated, in token units. Nothing is offered for signing.",
  },
  simulation_failed: { answered: PLAN, meaning: "The chain's own simulation of a transaction in the plan failed; the message carries the chain's error, decoded. Nothing is offered for signing." },
  plan_not_executable: { answered: ACTION, meaning: "The plan is not of the kind this step needs (a prepared deposit plan for execute, a prepared bridge plan for delivery and rescue)." },
  tx_failed: { answered: ACTION, meaning: "The transaction failed or reverted on chain; nothing is credited." },
  sender_not_owner: { answered: ACTION, meaning: "The transaction's sender (Sui sender, Solana fee payer) is not the plan's owner." },
  tx_amount_mismatch: { answered: ACTION, meaning: "The confirmed transaction does not move the plan's amount of USDC out of the owner's wallet." },
  tx_not_venue_deposit: {
    answered: ACTION,
    meaning: "The confirmed transaction moves the USDC out of the owner's wallet but does not show it reaching the plan's venue (no share coin of the venue arrived, or no deposit event of the venue's package names the owner and amount); nothing is recorded.",
  },
  tx_not_venue_withdraw: {
    answered: ACTION,
    meaning: "The confirmed transaction brings USDC to the owner's wallet but does not show the plan's venue paying it (no share token of the venue left the owner, or no withdraw event of the venue's package names the owner); nothing is recorded.",
  },
  digest_already_used: { answered: ACTION, meaning: "This on-chain transaction already proves another plan." },
  plan_already_executed: { answered: ACTION, meaning: "The plan was already executed with another transaction." },
  submit_rejected: { answered: ACTION, meaning: "The chain's RPC refused to submit the signed transaction." },
  not_credited_to_destination: { answered: ACTION, meaning: "The destination transaction does not credit USDC to the plan's owner-locked destination address." },
  already_delivered: { answered: BOTH, meaning: "The bridge plan was already delivered; there is nothing to rescue or fail." },
  source_tx_required: { answered: PLAN, meaning: "The rescue needs the burn transaction on the source chain (sourceTxId) to read its CCTP message." },
  burn_not_found: {
    answered: PLAN,
    meaning:
      "The source transaction is not a successful CCTP burn of this plan (no receipt yet, reverted, or no matching MessageSent log; move-chain: no MessageSent and matching DepositForBurn event in the executed transaction; svm-chain: a failed or unknown transaction, or no MessageSent event account of Circle's message transmitter among its signers; or Circle's attestation service lists for it a message other than the one the chain emitted).",
  },
  source_rpc_unavailable: { answered: PLAN, meaning: "The source chain's RPC could not be read; nothing was built. Try again." },
  recipient_mismatch: { answered: PLAN, meaning: "The burn message's mint recipient is not the plan's owner-locked destination; no transaction is built." },
  attestation_pending: { answered: PLAN, meaning: "Circle has not attested the burn message yet (source-chain finality); try again later." },
  attestation_unavailable: { answered: PLAN, meaning: "Circle's attestation service could not be read (unreachable, error or unexpected format); try again later." },
  autopilot_disabled: { answered: PLAN, meaning: "The wallet's autopilot is disabled (or enabled on another chain); the monthly tick records nothing." },
  stakeable_zero: { answered: BOTH, meaning: "Nothing is stakeable: balance minus fan-credit liability minus non-stakeable conditioned tranches is 0." },
  max_stake_reached: { answered: BOTH, meaning: "The character's max stake (max_stake_micros) is already staked." },
  below_min_tvl: { answered: PLAN, meaning: "The pool's TVL is below the discovery floor." },
  apy_unavailable: { answered: BOTH, meaning: "The venue has no live gross APY; a missing APY is never selected as executable." },
  no_eligible_pool: { answered: BOTH, meaning: "Discovery found no pool that passes the allowlist, adapter, TVL and APY rules." },
} as const satisfies Record<string, { answered: Answered; meaning: string }>;

export type BlockerCode = keyof typeof BLOCKER_CODES;

/** The blocker codes of `body.blockers` a blocked answer with HTTP `status` may not carry (empty: as catalogued). */
export function uncatalogued(status: number, blockers: readonly { code?: unknown }[]): string[] {
  return blockers
    .map((b) => String(b.code))
    .filter((c) => !(c in BLOCKER_CODES && (BLOCKER_CODES[c as BlockerCode].answered as readonly number[]).includes(status)));
}

export interface Blocker {
  code: BlockerCode;
  message: string;
}

export function blocker(code: BlockerCode, message?: string): Blocker {
  return { code, message: message ?? BLOCKER_CODES[code].meaning };
}
