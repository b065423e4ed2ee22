// Compound v3: USDC lending on Base. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const compoundV3Base = defineVenue({
  id: "compound-v3-base",
  protocol: "compound-v3",
  name: "Compound v3",
  chain: "evm-a",
  ready: false,
  // No write adapter yet (server/venues/compound-v3/build.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "compound-v3", symbol: "USDC", chain: "Base" },
  onchain: {
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/roots.json "comet".
    cUSDCv3: "0xb125E6687d4313864e53df431d5425969c15Eb2F",
    // The ConfiguratorProxy whose getConfiguration(comet).baseToken proves the Comet is the market's:
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/roots.json "configurator".
    configurator: "0x45939657d1CA34A8FA39A924B71D28Fe8431e581",
    // compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, deployments/base/usdc/configuration.json "baseTokenAddress".
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  },
});
