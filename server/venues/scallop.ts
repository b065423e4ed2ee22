// Scallop: USDC lending on Sui.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const scallop = defineVenue({
  id: "scallop",
  protocol: "scallop",
  name: "Scallop",
  chain: "move-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/adapters/scallop.ts (withdraw sized at the rate read at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "scallop-lend", symbol: "USDC", chain: "Sui" },
  onchain: {
    // scallop-io/sui-scallop-sdk src/constants (mainnet core addresses).
    protocolPackage: "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf",
    market: "0xa757975255146dc9686aa823b7838b507f315d704f428cbadad2f4ea061939d9",
    version: "0x07871c4b3c847a0f674510d4978d5cf6f960452795e8ff6f189fd2088a3f6ac7",
    coinDecimalsRegistry: "0x200abe9bf19751cc566ae35aa58e2b7e4ff688fc1130f8d8909ea09bc137d668",
    usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
  },
});
