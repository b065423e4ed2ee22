// Compound v3: USDC lending on Arbitrum. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const compoundV3Arbitrum = defineVenue({
  id: "compound-v3-arbitrum",
  protocol: "compound-v3",
  name: "Compound v3",
  chain: "evm-b",
  ready: false,
  // No write adapter yet (server/venues/compound-v3/build.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "compound-v3", symbol: "USDC", chain: "Arbitrum" },
  onchain: {
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/roots.json "comet".
    cUSDCv3: "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf",
    // The ConfiguratorProxy whose getConfiguration(comet).baseToken proves the Comet is the market's:
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/roots.json "configurator".
    configurator: "0xb21b06D71c75973babdE35b49fFDAc3F82Ad3775",
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/arbitrum/usdc/configuration.json "baseTokenAddress".
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
});
