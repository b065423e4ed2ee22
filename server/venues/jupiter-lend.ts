// Jupiter Lend: USDC lending on Solana.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const jupiterLend = defineVenue({
  id: "jupiter-lend",
  protocol: "jupiter-lend",
  name: "Jupiter Lend",
  chain: "svm-chain",
  ready: true,
  // Deposit builder in server/venues/adapters/jupiter-lend.ts (withdraw not yet: see its reason).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "jupiter-lend", symbol: "USDC", chain: "Solana" },
  onchain: {
    // Jupiter Lend Earn (lending) program. The liquidity-layer program is not pinned: deposit plans read it from chain
    // (the owner of the lending's supply position) and check its PDAs (server/venues/adapters/jupiter-lend.ts).
    lendingProgram: "jup3YeL8QhtSx1e253b2FDvsMNC87fDrgQZivbrndc9",
    // PDAs of jup-ag/jupiter-lend target/idl/lending.json: jlUSDC = ["f_token_mint", USDC], the USDC Lending account =
    // ["lending", USDC, jlUSDC] (the same addresses Jupiter's integrators publish).
    jlUsdcMint: "9BEcn9aPEmhSPbPQeFGjidRiEKki46fVQDyPpSQXPA2D",
    usdcLending: "2vVYHYM8VYnvZqQWpTJSj8o8DBf1wM8pVs3bsTgYZiqJ",
    usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
});
