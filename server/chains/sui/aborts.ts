// What a Move abort means, for the aborts a plan on move-chain can meet because of chain state the plan cannot fix by
// itself. Keyed by the aborting module and function and the code, each from the protocol's published Move source; the
// node's own message is kept and this meaning follows it.

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
];

/** The meaning of a MoveAbort at `location` with `abortCode`, when it is one of the known ones. */
export function knownAbortMeaning(abort: { abortCode?: string; location?: { module?: string; functionName?: string } } | undefined): string | null {
  if (!abort) return null;
  const hit = KNOWN.find((k) => k.code === abort.abortCode && k.module === abort.location?.module && k.functionName === abort.location?.functionName);
  return hit?.meaning ?? null;
}
