// Save (formerly Solend): USDC lending on Solana.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const save = defineVenue({
  id: "save",
  protocol: "save",
  name: "Save (formerly Solend)",
  chain: "svm-chain",
  ready: true,
  // No write adapter yet (server/venues/adapters/save.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "save", symbol: "USDC", chain: "Solana" },
  onchain: {
    // Solend/Save production program and main lending market.
    program: "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo",
    mainMarket: "4UpD2fh7xH3VP9QQaXtsS1YY3bxzWhtfpks7FatyKvdY",
    usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
});
