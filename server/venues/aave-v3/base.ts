// Aave v3: USDC lending on Base. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const aaveV3Base = defineVenue({
  id: "aave-v3-base",
  protocol: "aave-v3",
  name: "Aave v3",
  chain: "evm-a",
  ready: false,
  // No write adapter yet (server/venues/aave-v3/build.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "aave-v3", symbol: "USDC", chain: "Base" },
  // @bgd-labs/aave-address-book 4.44.22 (devDependency), AaveV3Base: POOL, POOL_ADDRESSES_PROVIDER,
  // ASSETS.USDC.A_TOKEN, ASSETS.USDC.UNDERLYING.
  onchain: {
    pool: "0xA238Dd80C259a72e81d7e4664a9801593F98d1c5",
    poolAddressesProvider: "0xe20fCBdBfFC4Dd138cE8b2E6FBb6CB49777ad64D",
    aUsdc: "0x4e65fE4DbA92790696d040ac24Aa414708F5c0AB",
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  },
});
