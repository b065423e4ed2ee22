// marginfi: USDC lending on Solana.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const marginfi = defineVenue({
  id: "marginfi",
  protocol: "marginfi",
  name: "marginfi",
  chain: "svm-chain",
  ready: true,
  // No write adapter yet (server/venues/adapters/marginfi.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "marginfi-lending", symbol: "USDC", chain: "Solana" },
  onchain: {
    // marginfi v2 mainnet program, production group and its USDC bank.
    program: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
    group: "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8",
    usdcBank: "2s37akK2eyBbp8DZgCm7RtsaEz8eJP3Nxd4urLHQv7yB",
    usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
});
