// What a Move abort means, for the aborts a plan on move-chain can meet because of chain state the plan cannot fix by
// itself (a stale price, a venue's deposit limit or supply cap, its outflow rate limit) or because of what it was given
// (a CCTP attestation Circle's MessageTransmitter does not accept). Keyed by the aborting module and function and the
// code, each from the protocol's published Move source; the node's own message is kept and this meaning follows it.

interface KnownAbort {
  module: string;
  functionName: string;
  code: string;
  meaning: string;
}

const KNOWN: KnownAbort[] = [
  {
    // naviprotocol/navi-smart-contracts lending_core/sources/calculator.move `calculate_value` asserts
    // `error::invalid_price()` = 1502 (lending_core/sources/error.move) when oracle/sources/oracle.move `get_token_price`
    // finds a price zero or older than the PriceOracle's `update_interval` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
    module: "calculator",
    functionName: "calculate_value",
    code: "1502",
    meaning:
      "NAVI invalid_price: a price NAVI's PriceOracle holds for the owner's collateral is older than its update interval, so the health check aborts. " +
      "A fresh price update is needed first: oracle_pro::update_single_price_v2 in the same transaction, from a Pyth, Supra or Switchboard source younger than the feed's max_timestamp_diff " +
      "(NAVI's app also pushes Pyth data from Hermes; this service does not); try again once NAVI's oracle sources have been updated.",
  },
  {
    // suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca contracts/suilend/sources/reserve.move
    // `deposit_liquidity_and_mint_ctokens` asserts, after adding the deposit, total_supply ≤ config.deposit_limit and its
    // USD value (at max(price, smoothed_price)) ≤ config.deposit_limit_usd, else `EDepositLimitExceeded` = 2.
    module: "reserve",
    functionName: "deposit_liquidity_and_mint_ctokens",
    code: "2",
    meaning:
      "Suilend EDepositLimitExceeded: the USDC reserve's deposit limit (in USDC or in USD, from its config) would be passed by this deposit, so Suilend refuses it. " +
      "A smaller amount may fit under the limit; otherwise the reserve takes deposits again once others withdraw or Suilend raises the limit.",
  },
  {
    // suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca contracts/suilend/sources/lending_market.move
    // `redeem_ctokens_and_withdraw_liquidity_request` (lines 442-447) runs rate_limiter::process_qty with the cTokens' USD
    // value (reserve.move ctoken_market_value_upper_bound, at max(price, smoothed_price)); rate_limiter.move
    // `process_qty` (lines 159-171) asserts the window's outflow stays ≤ config.max_outflow, else `ERateLimitExceeded` = 2.
    module: "rate_limiter",
    functionName: "process_qty",
    code: "2",
    meaning:
      "Suilend ERateLimitExceeded: Suilend's lending market limits how much value (in USD) may leave it per time window, across all its reserves, and this withdrawal would pass what is left of that limit now, so Suilend refuses it. " +
      "A smaller amount may fit under what remains; otherwise the limit frees up as the window moves on.",
  },
  {
    // naviprotocol/navi-smart-contracts @ 473b0934235d6dc1357fa4309308167c6d175fd1 lending_core/sources/validation.move
    // `validate_deposit` asserts supply_cap_ceiling ≥ (ray_mul(total_supply, supply_index) + amount) × ray, else
    // `error::exceeded_maximum_deposit_cap()` = 1604 (lending_core/sources/error.move).
    module: "validation",
    functionName: "validate_deposit",
    code: "1604",
    meaning:
      "NAVI exceeded_maximum_deposit_cap: the reserve's supply cap would be passed by this deposit, so NAVI refuses it. " +
      "A smaller amount may fit under the cap; otherwise the reserve takes deposits again once others withdraw or NAVI raises the cap.",
  },
  {
    // circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move
    // `const EInvalidAttestationLength: u64 = 0;`: `verify_attestation_signatures` asserts the attestation is exactly signature_threshold × 65 bytes.
    module: "attestation",
    functionName: "verify_attestation_signatures",
    code: "0",
    meaning:
      "Circle CCTP EInvalidAttestationLength: the attestation does not hold exactly as many 65-byte signatures as the move-chain MessageTransmitter's signature threshold requires (too few or too many), so Circle's receive_message refuses it. Only the attestation Circle's attestation service gives for this message is accepted; read it again from Circle (if Circle changed its threshold since, the message needs Circle's attestation under the new one).",
  },
  {
    // circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move
    // `const EInvalidSignatureOrder: u64 = 1;`: the address each signature recovers must be above the previous one's (increasing order, no signer twice).
    module: "attestation",
    functionName: "verify_attestation_signatures",
    code: "1",
    meaning:
      "Circle CCTP EInvalidSignatureOrder: the attestation's signatures are not in increasing order of attester address, or one attester signed twice, so Circle's receive_message refuses it. Circle's attestation service orders them; the attestation was altered or not made by Circle; read it again from Circle.",
  },
  {
    // circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move
    // `const ESignerIsNotAttester: u64 = 2;`: each recovered address must be an attester the State enables.
    module: "attestation",
    functionName: "verify_attestation_signatures",
    code: "2",
    meaning:
      "Circle CCTP ESignerIsNotAttester: a signature in the attestation does not come from an attester the move-chain MessageTransmitter enables: the attestation was signed by another key, or over another message than the one received, so Circle's receive_message refuses it. Only Circle's attestation of this exact message is accepted; read it again from Circle's attestation service.",
  },
  {
    // circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move
    // `const EInvalidSignatureRecoveryId: u64 = 3;`: `normalize_attestation` asserts each signature's v is 27 or 28.
    module: "attestation",
    functionName: "verify_attestation_signatures",
    code: "3",
    meaning:
      "Circle CCTP EInvalidSignatureRecoveryId: a signature in the attestation has a recovery byte (v) other than 27 or 28, so it is not a signature Circle's attestation service makes and Circle's receive_message refuses it. Read the attestation again from Circle.",
  },
  {
    // circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move
    // `const EInvalidSignatureSValue: u64 = 4;`: `verify_low_s_value` asserts each signature's s is at most HALF_CURVE_ORDER.
    module: "attestation",
    functionName: "verify_attestation_signatures",
    code: "4",
    meaning:
      "Circle CCTP EInvalidSignatureSValue: a signature in the attestation has an s value in the upper half of the curve order (a malleable signature, which Circle's attestation service does not make), so Circle's receive_message refuses it. Read the attestation again from Circle.",
  },
];

/** The meaning of a MoveAbort at `location` with `abortCode`, when it is one of the known ones. */
export function knownAbortMeaning(abort: { abortCode?: string; location?: { module?: string; functionName?: string } } | undefined): string | null {
  if (!abort) return null;
  const hit = KNOWN.find((k) => k.code === abort.abortCode && k.module === abort.location?.module && k.functionName === abort.location?.functionName);
  return hit?.meaning ?? null;
}
