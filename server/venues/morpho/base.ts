// Morpho: USDC lending on Base. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const morphoBase = defineVenue({
  id: "morpho-base",
  protocol: "morpho",
  name: "Morpho",
  chain: "evm-a",
  ready: false,
  // Builders: server/venues/morpho/build.ts (Map chain: prepare only).
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "morpho-blue", symbol: "USDC", chain: "Base" },
  onchain: {
    // Morpho Blue singleton: morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts
    // (@morpho-org/morpho-ts 2.6.0), ChainId.BaseMainnet `blue`.
    morphoBlue: "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb",
    // The USDC vault deposits and withdrawals go to: Steakhouse USDC (curated by Steakhouse), a MetaMorpho vault listed by Morpho in
    // morpho-org/morpho-blue-api-metadata be217e4ecd435d9c12e4bdd96c750c15005ed0a3, data/vaults-listing.json (chainId
    // 8453, listed, not removed). The catalog's upstream row is the deepest morpho-blue USDC row on the chain
    // (server/catalog/refresh.ts poolForVenue), which is NOT this vault (vault rows carry the share symbol, not
    // "USDC"): see docs/decisions.md, "Morpho: one USDC MetaMorpho vault pinned per chain".
    vault: "0xbeeF010f9cb27031ad51e3333f9aF9C6B1228183",
    // The MetaMorpho factories whose `isMetaMorpho(vault)` proves the vault a MetaMorpho vault (either one), as Morpho's
    // SDK reads them (morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3). v1.1: packages/morpho-ts/src/addresses.ts
    // (@morpho-org/morpho-ts 2.6.0), ChainId.BaseMainnet `metaMorphoFactory`.
    metaMorphoFactory: "0xFf62A7c278C62eD665133147129245053Bbf5918",
    // v1.0: packages/blue-sdk-viem/src/fetch/Vault.ts (@morpho-org/blue-sdk-viem 5.1.1), "the MetaMorphoV1.0 factory on Ethereum (1) and Base (8453)".
    metaMorphoFactoryV1_0: "0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101",
    // The same file's ChainId.BaseMainnet `usdc` (what proveMorphoVault checks the vault's asset() against).
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  },
});
