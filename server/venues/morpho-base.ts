// Morpho: USDC lending on Base. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const morphoBase = defineVenue({
  id: "morpho-base",
  protocol: "morpho",
  name: "Morpho",
  chain: "evm-a",
  ready: false,
  // No write adapter yet (server/venues/adapters/morpho-base.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "morpho-blue", symbol: "USDC", chain: "Base" },
  onchain: {
    // Morpho Blue singleton; the USDC vault (MetaMorpho) is the upstream row picked by TVL, not pinned.
    morphoBlue: "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb",
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  },
});
