// Jupiter Lend: USDC lending on Solana.
import { USDC } from "../../../lib/tokens";
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const jupiterLend = defineVenue({
  id: "jupiter-lend",
  protocol: "jupiter-lend",
  name: "Jupiter Lend",
  chain: "svm-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/jupiter-lend/build.ts (checked against @jup-ag/lend).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "jupiter-lend", symbol: "USDC", chain: "Solana" },
  onchain: {
    // Jupiter Lend Earn (lending) program: the lending IDL's `address` in @jup-ag/lend 0.0.107
    // (dist/shared/lend.DS0KoPpL.mjs) and jup-ag/jupiter-lend docs/earn/cpi.md @ 33a22cf7a5bfdd32ab1712dda4adfbeb9b348ad9.
    lendingProgram: "jup3YeL8QhtSx1e253b2FDvsMNC87fDrgQZivbrndc9",
    // Liquidity-layer program: the liquidity IDL's `address` in @jup-ag/lend 0.0.107 (dist/shared/lend.CioR9-te.mjs,
    // the SDK's LIQUIDITY_PROGRAM_ID) and docs/earn/cpi.md @ 33a22cf (LIQUIDITY_PROGRAM, mainnet). Plans also require it
    // to own the lending's supply position account read from chain.
    liquidityProgram: "jupeiUmn818Jg1ekPURTpr4mFo29p46vygyykFJ3wZC",
    // Lending rewards rate model program: the lending_reward_rate_model IDL's `address` in @jup-ag/lend 0.0.107
    // (dist/shared/lend.DS0KoPpL.mjs, the PROGRAM_ID of getLendingRewardsRateModel).
    rewardsRateModelProgram: "jup7TthsMgcR9Y3L277b8Eo9uboVSmu1utkuXHNUKar",
    // Derived, not chosen: PDAs of the lending program (jup-ag/jupiter-lend target/idl/lending.json): jlUSDC =
    // ["f_token_mint", USDC], the USDC Lending account = ["lending", USDC, jlUSDC]. Written out for the registry's
    // display; every plan derives both again and blocks when they differ (build.ts readJupiterLendState), and
    // tests/unit/adapters.test.ts checks them against the derivation.
    jlUsdcMint: "9BEcn9aPEmhSPbPQeFGjidRiEKki46fVQDyPpSQXPA2D",
    usdcLending: "2vVYHYM8VYnvZqQWpTJSj8o8DBf1wM8pVs3bsTgYZiqJ",
    // Circle's USDC mint (lib/tokens.ts, cited there).
    usdcMint: USDC["svm-chain"],
  },
});
