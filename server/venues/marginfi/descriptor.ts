// marginfi: USDC lending on Solana.
import { USDC } from "../../../lib/tokens";
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const marginfi = defineVenue({
  id: "marginfi",
  protocol: "marginfi",
  name: "marginfi",
  chain: "svm-chain",
  ready: true,
  // Deposit (marginfi_account_initialize_pda when the owner has no account, then lending_account_deposit) and withdraw
  // (lending_account_withdraw, capped at the owner's deposited balance) in server/venues/marginfi/build.ts.
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "marginfi-lending", symbol: "USDC", chain: "Solana" },
  onchain: {
    // @mrgnlabs/marginfi-client-v2 6.4.2 dist/configs.json, label "production": program and group.
    program: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
    group: "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8",
    // The production group's USDC bank: mrgnlabs/marginfi-v2 programs/marginfi/tests/misc/regression.rs (a mainnet
    // account's USDC balance, bank_pk; commit 3031ba3b3368314cfbc5fafa0086bf76f8f795e6). The SDK ships no bank list
    // (it loads banks from chain and metadata from a web API); the reader and builders check at plan time that this
    // bank is owned by the program, belongs to the production group and holds USDC.
    usdcBank: "2s37akK2eyBbp8DZgCm7RtsaEz8eJP3Nxd4urLHQv7yB",
    // Circle's USDC mint (lib/tokens.ts, cited there).
    usdcMint: USDC["svm-chain"],
  },
});
