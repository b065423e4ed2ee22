// Aave v3: USDC lending on Arbitrum. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const aaveV3Arbitrum = defineVenue({
  id: "aave-v3-arbitrum",
  protocol: "aave-v3",
  name: "Aave v3",
  chain: "evm-b",
  ready: false,
  // No write adapter yet (server/venues/aave-v3/build.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "aave-v3", symbol: "USDC", chain: "Arbitrum" },
  // @bgd-labs/aave-address-book 4.44.22 (devDependency), AaveV3Arbitrum: POOL, POOL_ADDRESSES_PROVIDER,
  // AAVE_PROTOCOL_DATA_PROVIDER (the registry had 0x69FA…0654, the data provider the book no longer lists),
  // ASSETS.USDCn.A_TOKEN, ASSETS.USDCn.UNDERLYING (native USDC; ASSETS.USDC is the bridged USDC.e).
  onchain: {
    pool: "0x794a61358D6845594F94dc1DB02A252b5b4814aD",
    poolAddressesProvider: "0xa97684ead0e402dC232d5A977953DF7ECBaB3CDb",
    poolDataProvider: "0x243Aa95cAC2a25651eda86e80bEe66114413c43b",
    aUsdc: "0x724dc807b04555b71ed48a6896b6F41593b8C637",
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
});
