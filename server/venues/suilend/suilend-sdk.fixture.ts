// Suilend's main LendingMarket as @suilend/sdk 3.0.3 reads it from the chain (its BCS, in the SDK's generated layout),
// for the tests that drive the SDK against the local Sui node (suilend.oracle.test.ts, suilend.worth.test.ts).
import { normalizeStructTag } from "@mysten/sui/utils";
import { PACKAGE_ID as SUILEND_PACKAGE_ID } from "@suilend/sdk/_generated/suilend";
import { LendingMarket } from "@suilend/sdk/_generated/suilend/lending-market/structs";
import { Reserve } from "@suilend/sdk/_generated/suilend/reserve/structs";
import type { SuilendReserveState } from "../../../testing/chains/sui/venues/suilend";

// Suilend's main market, its type and its UpgradeCap: @suilend/sdk 3.0.3 client.js LENDING_MARKET_ID, LENDING_MARKET_TYPE,
// SUILEND_UPGRADE_CAP_ID (mainnet branch).
export const MARKET = "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1";
// The original package that defines the types, imported from @suilend/sdk 3.0.3 (_generated/suilend/index.js PACKAGE_ID).
export const ORIGINAL = SUILEND_PACKAGE_ID;
export const MAIN_POOL = `${ORIGINAL}::suilend::MAIN_POOL`;
// source: @suilend/sdk 3.0.3 client.js SUILEND_UPGRADE_CAP_ID, mainnet branch (not exported by the SDK, so copied here).
export const UPGRADE_CAP = "0x3d4ef1859c3ee9fc72858f588b56a09da5466e64f8cc4e90a7b3b909fba8a7ae";
// Circle's native USDC on Sui (@suilend/sui-fe 3.0.2 lib/coinType.js NORMALIZED_USDC_COINTYPE).
export const USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
export const WAD = 10n ** 18n;

// Two reserves, USDC in slot 1: 3,000 USDC available for 2,000 cTokens (1.5 USDC per cToken).
export const RESERVES: SuilendReserveState[] = [
  { coinType: "0x2::sui::SUI", available: 1_000_000n, ctokens: 1_000_000n, borrowedWad: 0n, unclaimedWad: 0n },
  { coinType: USDC, available: 3_000_000_000n, ctokens: 2_000_000_000n, borrowedWad: 0n, unclaimedWad: 0n },
];

/** The LendingMarket<MAIN_POOL> in the SDK's generated BCS layout, holding `reserves` (what the SDK decodes). */
export function lendingMarketBcs(reserves: SuilendReserveState[]): Uint8Array {
  const uid = (n: number) => ({ id: { bytes: `0x${n.toString(16).padStart(64, "0")}` } });
  const dec = (v: bigint) => ({ value: v.toString() });
  const rewards = (n: number) => ({ id: uid(n), total_shares: "0", pool_rewards: [], last_update_time_ms: "0" });
  const reserveBcs = Reserve.bcs;
  type ReserveInput = Parameters<typeof reserveBcs.serialize>[0];
  const rows = reserves.map(
    (r, i): ReserveInput => ({
      id: uid(0x100 + i),
      lending_market_id: { bytes: MARKET },
      array_index: String(i),
      coin_type: { name: { bytes: [...Buffer.from(normalizeStructTag(r.coinType).replace(/^0x/, ""))] } },
      config: { element: { vec: [] } },
      mint_decimals: 6,
      price_identifier: { bytes: [] },
      price: dec(WAD),
      smoothed_price: dec(WAD),
      price_last_update_timestamp_s: "0",
      available_amount: r.available.toString(),
      ctoken_supply: r.ctokens.toString(),
      borrowed_amount: dec(r.borrowedWad),
      cumulative_borrow_rate: dec(WAD),
      interest_last_update_timestamp_s: "0",
      unclaimed_spread_fees: dec(r.unclaimedWad),
      attributed_borrow_value: dec(0n),
      deposits_pool_reward_manager: rewards(0x200 + i),
      borrows_pool_reward_manager: rewards(0x300 + i),
    }),
  );
  const zero = { value: "0" };
  return LendingMarket.bcs
    .serialize({
      id: { id: { bytes: MARKET } },
      version: "7",
      reserves: rows as never,
      obligations: { id: uid(0x0b), size: "0" },
      rate_limiter: { config: { window_duration: "86400", max_outflow: "1000000" }, prev_qty: zero, window_start: "0", cur_qty: zero },
      fee_receiver: `0x${"fe".repeat(32)}`,
      bad_debt_usd: zero,
      bad_debt_limit_usd: zero,
    })
    .toBytes();
}
