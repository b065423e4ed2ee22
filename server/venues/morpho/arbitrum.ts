// Morpho: USDC lending on Arbitrum. Map chain: discovery and prepare only.
import { DEFAULT_MIN_DEPOSIT_MICROS, defineVenue } from "../define";

export const morphoArbitrum = defineVenue({
  id: "morpho-arbitrum",
  protocol: "morpho",
  name: "Morpho",
  chain: "evm-b",
  ready: false,
  // Builders: server/venues/morpho/build.ts (Map chain: prepare only).
  writeReady: false,
  liveMoneyPath: false,
  minDepositMicros: DEFAULT_MIN_DEPOSIT_MICROS,
  upstream: { project: "morpho-blue", symbol: "USDC", chain: "Arbitrum" },
  onchain: {
    // Morpho Blue singleton: morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts
    // (@morpho-org/morpho-ts 2.6.0), ChainId.ArbitrumMainnet `blue`.
    morphoBlue: "0x6c247b1F6182318877311737BaC0844bAa518F5e",
    // The USDC vault deposits and withdrawals go to: Gauntlet USDC Prime (curated by Gauntlet), a MetaMorpho vault listed by Morpho in
    // morpho-org/morpho-blue-api-metadata be217e4ecd435d9c12e4bdd96c750c15005ed0a3, data/vaults-listing.json (chainId
    // 42161, listed, not removed). The catalog's upstream row is the deepest morpho-blue USDC row on the chain
    // (server/catalog/refresh.ts poolForVenue), which is NOT this vault (vault rows carry the share symbol, not
    // "USDC"): see docs/decisions.md, "Morpho: one USDC MetaMorpho vault pinned per chain".
    vault: "0x7c574174DA4b2be3f705c6244B4BfA0815a8B3Ed",
    // The MetaMorpho factory whose `isMetaMorpho(vault)` proves the vault a MetaMorpho vault, as Morpho's SDK reads it:
    // morpho-org/sdks cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 packages/morpho-ts/src/addresses.ts (@morpho-org/morpho-ts
    // 2.6.0), ChainId.ArbitrumMainnet `metaMorphoFactory` (v1.1; the SDK knows no v1.0 factory on Arbitrum).
    metaMorphoFactory: "0x878988f5f561081deEa117717052164ea1Ef0c82",
    // The same file's ChainId.ArbitrumMainnet `usdc` (what proveMorphoVault checks the vault's asset() against).
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
});
