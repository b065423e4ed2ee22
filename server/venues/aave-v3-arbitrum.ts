// Aave v3: USDC lending on Arbitrum. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const aaveV3Arbitrum = defineVenue({
  id: "aave-v3-arbitrum",
  protocol: "aave-v3",
  name: "Aave v3",
  chain: "evm-b",
  ready: false,
  // No write adapter yet (server/venues/adapters/aave-v3-arbitrum.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "aave-v3", symbol: "USDC", chain: "Arbitrum" },
  onchain: {
    pool: "0x794a61358D6845594F94dc1DB02A252b5b4814aD",
    poolAddressesProvider: "0xa97684ead0e402dC232d5A977953DF7ECBaB3CDb",
    poolDataProvider: "0x69FA688f1Dc47d4B5d8029D5a35FB7a548310654",
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
});
