// Kamino Lend: USDC lending on Solana.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const kamino = defineVenue({
  id: "kamino",
  protocol: "kamino",
  name: "Kamino Lend",
  chain: "svm-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/adapters/kamino.ts (withdraw sized at the rate read at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "kamino-lend", symbol: "USDC", chain: "Solana" },
  onchain: {
    // Kamino-Finance/klend README (mainnet program) and the main market with its USDC reserve.
    program: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD",
    mainMarket: "7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF",
    usdcReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59",
    usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
});
