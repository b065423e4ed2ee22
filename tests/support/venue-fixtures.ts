// Venue states and expected call sequences that more than one suite sets up or checks the same way.
import type { CometState } from "../../testing/chains/evm/venues/compound-v3";

/**
 * A Comet (Compound v3) with nothing borrowed and every rate zero, in which `owner` has supplied `supplied` (the base
 * and borrow indexes at 1e15, 1e12 base supplied in all).
 */
/** An idle Comet (no interest) of base token `baseToken` where `owner` has `supplied` micro-USDC. */
export const idleComet = (owner: string, supplied: bigint, baseToken: string): CometState => ({
  baseToken,
  baseSupplyIndex: 10n ** 15n,
  baseBorrowIndex: 10n ** 15n,
  totalSupplyBase: 10n ** 12n,
  totalBorrowBase: 0n,
  lastAccrualTime: 1_760_000_000n,
  supplyKink: 0n,
  supplyRateBase: 0n,
  supplySlopeLow: 0n,
  supplySlopeHigh: 0n,
  supplied: new Map([[owner, supplied]]),
});

/**
 * A NAVI withdraw when Pyth's price is stale, as NAVI's app builds it, up to the withdraw: Hermes's price pushed to Pyth
 * (Wormhole verify, Pyth accumulator, the fee coin split off gas, update_single_price_feed, destroy), then NAVI's
 * oracle update and the withdraw itself.
 */
export const NAVI_PYTH_PUSH_WITHDRAW = [
  "vaa::parse_and_verify",
  "pyth::create_authenticated_price_infos_using_accumulator",
  "SplitCoins",
  "pyth::update_single_price_feed",
  "hot_potato_vector::destroy",
  "oracle_pro::update_single_price_v2",
  "incentive_v3::withdraw_v2",
] as const;
