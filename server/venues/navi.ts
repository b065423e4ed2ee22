// NAVI Protocol: USDC lending on Sui.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "./define";

export const navi = defineVenue({
  id: "navi",
  protocol: "navi",
  name: "NAVI Protocol",
  chain: "move-chain",
  ready: true,
  // No write adapter yet (server/venues/adapters/navi.ts): flip these when it lands.
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "navi-lending", symbol: "USDC", chain: "Sui" },
  onchain: {
    // Shared objects used by navi-sdk on mainnet (the package id moves with every upgrade, so it is
    // resolved by the adapter through MVR `@navi-protocol/lending`, not pinned here).
    storage: "0xbb4e2f4b6205c2e2a2db47aeb4f830796ec7c005f88537ee775986639bc442fe",
    priceOracle: "0x1568865ed9a0b5ec414220e8f79b3d04c77acc82358f6e5ae4635687392ffbef",
    incentiveV2: "0xf87a8acb8b81d14307894d12595541a73f19933f88e1326d5be349c7a6f7559c",
    usdcCoinType: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
    // naviprotocol/navi-sdk src/address.ts: nUSDC (native USDC) is reserve 10 of Storage.reserves.
    usdcAssetId: "10",
  },
});
