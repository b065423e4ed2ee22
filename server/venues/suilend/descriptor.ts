// Suilend: USDC lending on Sui. The DefiLlama slug `suilend` could not be checked in the indexed yield-server copy; it is the protocol's DefiLlama slug.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const suilend = defineVenue({
  id: "suilend",
  protocol: "suilend",
  name: "Suilend",
  chain: "move-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/suilend/build.ts (reserve slot and rate read at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "suilend", symbol: "USDC", chain: "Sui" },
  onchain: {
    // ORIGINAL package of the lending_market module: types (CToken, MAIN_POOL, RateLimiterExemption) keep it; calls go to
    // the current package read from `upgradeCap` at plan time (server/chains/sui/packages.ts).
    // @suilend/sdk 3.0.3 _generated/suilend/index.js PACKAGE_ID (mainnet branch).
    package: "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf",
    // @suilend/sdk 3.0.3 client.js SUILEND_UPGRADE_CAP_ID (mainnet branch): the SDK's getLatestPackageId reads this
    // object's `package` field and calls that package (setPublishedAt).
    upgradeCap: "0x3d4ef1859c3ee9fc72858f588b56a09da5466e64f8cc4e90a7b3b909fba8a7ae",
    // lendingMarket, lendingMarketType: @suilend/sdk 3.0.3 client.js LENDING_MARKET_ID, LENDING_MARKET_TYPE (mainnet branch).
    lendingMarket: "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1",
    lendingMarketType: "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf::suilend::MAIN_POOL",
    usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
  },
});
