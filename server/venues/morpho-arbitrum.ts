// Morpho: USDC lending on Arbitrum. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const morphoArbitrum = defineVenue({
  id: "morpho-arbitrum",
  protocol: "morpho",
  name: "Morpho",
  chain: "evm-b",
  ready: false,
  // No write adapter yet (server/venues/adapters/morpho-arbitrum.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "morpho-blue", symbol: "USDC", chain: "Arbitrum" },
  onchain: {
    morphoBlue: "0x6c247b1F6182318877311737BaC0844bAa518F5e",
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
});
