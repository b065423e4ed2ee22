// Save (formerly Solend): USDC lending on Solana.
import { USDC } from "../../../lib/tokens";
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const save = defineVenue({
  id: "save",
  protocol: "save",
  name: "Save (formerly Solend)",
  chain: "svm-chain",
  ready: true,
  // Deposit (depositReserveLiquidity) and withdraw (refreshReserve + redeemReserveCollateral) in
  // server/venues/save/build.ts; the reserve's accounts are read from the reserve at plan time.
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "save", symbol: "USDC", chain: "Solana" },
  onchain: {
    // @solendprotocol/solend-sdk 0.14.27 core/constants.js SOLEND_PRODUCTION_PROGRAM_ID.
    program: "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo",
    // @solendprotocol/solend-sdk 0.14.27 core/constants.js MAIN_POOL_ADDRESS (the main lending market).
    mainMarket: "4UpD2fh7xH3VP9QQaXtsS1YY3bxzWhtfpks7FatyKvdY",
    // solendprotocol/solana-program-library token-lending/cli/scripts/withdraw.sh USDC_RESERVE (commit 9ffd16ddf0047bb0e500c1bb1b3cb66725581546);
    // the SDK ships no reserve list (it fetches api.save.finance at run time). The builder checks at plan time that
    // this reserve is owned by the program, belongs to the main market and lends USDC.
    usdcReserve: "BgxfHJDzm44T7XG68MYKx7YisTjZu73tVovyZSjJMpmw",
    // Circle's USDC mint (lib/tokens.ts, cited there); the reserve's liquidity mint is checked against it at plan time.
    usdcMint: USDC["svm-chain"],
  },
});
