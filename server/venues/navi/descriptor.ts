// NAVI Protocol: USDC lending on Sui.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const navi = defineVenue({
  id: "navi",
  protocol: "navi",
  name: "NAVI Protocol",
  chain: "move-chain",
  ready: true,
  // Deposit and withdraw builders in server/venues/navi/build.ts (call package listed by the chain at plan time).
  writeReady: true,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "navi-lending", symbol: "USDC", chain: "Sui" },
  onchain: {
    // NAVI's lending_core package, ORIGINAL id (types such as Storage and Pool keep it). Calls go to the newest version,
    // found at plan time by listing this package's versions on the chain (server/chains/sui/package-versions.ts): NAVI's
    // SDK takes the call package from NAVI's web API instead (docs/decisions.md). naviprotocol/navi-smart-contracts
    // lending_core/Published.toml `[published.mainnet] original-id` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
    lendingPackage: "0xd899cf7d2b5db716bd2cf55599fb0d5ee38a3061e7b6bb6eebf73fa5bc4c81ca",
    // storage, priceOracle, incentiveV2, incentiveV3: the shared objects NAVI's SDKs pass to incentive_v3's entry
    // functions. naviprotocol/navi-sdk src/address.ts getConfig() StorageId, PriceOracle, IncentiveV2, IncentiveV3
    // (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids are the `storage`, `priceOracle`, `incentiveV2`,
    // `incentiveV3` of the config example in naviprotocol/naviprotocol-monorepo
    // packages/docs/content/docs/lending/config-utils.mdx (commit 76878fcd6979cf77b9a194f3094a07bdf273317a), the config
    // @naviprotocol/lending 1.4.6 builds with.
    storage: "0xbb4e2f4b6205c2e2a2db47aeb4f830796ec7c005f88537ee775986639bc442fe",
    priceOracle: "0x1568865ed9a0b5ec414220e8f79b3d04c77acc82358f6e5ae4635687392ffbef",
    incentiveV2: "0xf87a8acb8b81d14307894d12595541a73f19933f88e1326d5be349c7a6f7559c",
    incentiveV3: "0x62982dad27fb10bb314b3384d5de8d2ac2d72ab2dbeae5d801dbdb9efa816c80",
    usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
    // Native USDC's pool (Pool<USDC>) and its asset id (reserve 10 of Storage.reserves): naviprotocol/navi-sdk
    // src/address.ts `pool.nUSDC.poolId`, `assetId` (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778).
    usdcPool: "0xa3582097b4c57630046c0c49a88bfc6b202a3ec0a9db5597c31765f7563755a8",
    usdcAssetId: "10",
    // NAVI's oracle package, ORIGINAL id (OracleConfig, PriceOracle and OracleProvider keep it; calls go to its newest
    // version, listed by the chain like the lending package's): naviprotocol/navi-smart-contracts oracle/Published.toml
    // `[published.mainnet] original-id` (commit 473b0934235d6dc1357fa4309308167c6d175fd1).
    oraclePackage: "0xca441b44943c16be0e6e23c5a955bb971537ea3289ae8016fbf33fffe1fd210f",
    // oracleConfig, supraOracleHolder, pythState: naviprotocol/navi-sdk src/address.ts OracleProConfig OracleConfig,
    // SupraOracleHolder, PythStateId (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778); the same ids are `oracleConfig`,
    // `supraOracleHolder`, `pythStateId` in the monorepo's config example (config-utils.mdx at 76878fcd).
    oracleConfig: "0x1afe1cb83634f581606cc73c4487ddd8cc39a944b951283af23f7d69d5589478",
    // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.SupraOracleHolder.
    supraOracleHolder: "0xaa0315f0748c1f24ddb2b45f7939cff40f7a8104af5ccbc4a1d32f870c0b4105",
    // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.PythStateId.
    pythState: "0x1f9310238ee9298fb703c3419030b35b22bb1cc37113e3bb5007c99aec79e5b8",
    // Wormhole's State, which Pyth's update verifies its VAA against (pyth-sui-js 2.2.0 SuiPythClient's wormholeStateId):
    // naviprotocol/navi-sdk src/address.ts OracleProConfig.WormholeStateId (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778,
    // "**fixed value"); the same id is `wormholeStateId` in the monorepo's config example (config-utils.mdx at 76878fcd).
    // The Pyth and Wormhole call packages are read from the two States' upgrade_cap.package at plan time.
    // source: naviprotocol/navi-sdk 2e0914a90330c8aeac51b7ded159bc8e0b5f6778 src/address.ts OracleProConfig.WormholeStateId.
    wormholeState: "0xaeab97f96cf9877fee2883315d459552b2b921edc16d7ceac6eab944dd88919c",
  },
});
