// Scallop: USDC lending on Sui.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const scallop = defineVenue({
  id: "scallop",
  protocol: "scallop",
  name: "Scallop",
  chain: "move-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/scallop/build.ts (withdraw sized at the rate read at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "scallop-lend", symbol: "USDC", chain: "Sui" },
  onchain: {
    // The protocol's ORIGINAL package: MarketCoin and the other protocol types are defined here (types keep it across
    // upgrades); calls go to the current package, read from `protocolUpgradeCap` at plan time (server/chains/sui/packages.ts).
    // @scallop-io/sui-scallop-sdk 2.4.5 src/models/scallopConstants.ts `protocolObjectId` fallback and parseToOldMarketCoin.
    protocolPackage: "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf",
    // The protocol package's UpgradeCap: its `package` field is the current package, the id Scallop's address book
    // serves as `core.packages.protocol.id`. scallop-io/sui-lending-protocol contracts/protocol/publish-result.mainnet.json
    // `upgradeCapId` (commit 54fc1ea6d8573c54d17b7754a7e081b4b8be423b); the same id is `core.packages.protocol.upgradeCap`
    // in @scallop-io/sui-scallop-sdk 2.4.5 src/constants/testAddress.ts.
    protocolUpgradeCap: "0x38527d154618d1fd5a644b90717fe07cf0e9f26b46b63e9568e611a3f86d5c1a",
    // market, version: scallop-io/sui-lending-protocol contracts/protocol/publish-result.mainnet.json `marketId`,
    // `versionId` (commit 54fc1ea6d8573c54d17b7754a7e081b4b8be423b).
    market: "0xa757975255146dc9686aa823b7838b507f315d704f428cbadad2f4ea061939d9",
    version: "0x07871c4b3c847a0f674510d4978d5cf6f960452795e8ff6f189fd2088a3f6ac7",
    coinDecimalsRegistry: "0x200abe9bf19751cc566ae35aa58e2b7e4ff688fc1130f8d8909ea09bc137d668",
    usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
  },
});
