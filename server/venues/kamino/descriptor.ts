// Kamino Lend: USDC lending on Solana.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const kamino = defineVenue({
  id: "kamino",
  protocol: "kamino",
  name: "Kamino Lend",
  chain: "svm-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/kamino/build.ts (withdraw sized at the rate read at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "kamino-lend", symbol: "USDC", chain: "Solana" },
  onchain: {
    // Kamino-Finance/klend README.md ("Mainnet") and programs/klend/src/lib.rs declare_id! @ edd5ff509af3 (v1.16.0);
    // also PROGRAM_ID in @kamino-finance/klend-sdk 8.0.2 dist/@codegen/klend/programId.js.
    program: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD",
    // @kamino-finance/klend-sdk 8.0.2 README.md ("main market address").
    mainMarket: "7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF",
    // Kamino-Finance/klend-sdk @ cf46535690930a5d1e9d9fab1550a3de59a59fad examples/klend-examples/example_deposit_in_obligation.ts:
    // it loads MAIN_MARKET's reserve for USDC_MINT (loadReserveData) and its recorded output refreshes
    // `RefreshReserve[D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59]` (lines 47-56). The SDK ships no reserve list (it
    // reads reserves from chain), so the reader also checks at plan time that it is a klend-owned Reserve of mainMarket
    // whose liquidity mint is usdcMint, else nothing is built (kamino.ids.test.ts checks the example).
    usdcReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59",
    // Circle's USDC on Solana; USDC_MINT in @kamino-finance/kliquidity-sdk 8.5.10 src/services/JupService.ts.
    usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
});
