// Test files that run with fresh modules of their own (vitest.config.ts's "isolated" project): each one changes
// process.env, a global or module state that another file in the same worker would otherwise see. Every other test file
// shares its worker's modules with the files that ran before it there. tests/unit/isolated-files.test.ts fails when a
// file outside this list changes process.env or a global.
export const ISOLATED_TEST_FILES = [
  "server/venues/morpho/morpho.evm.test.ts",
  "server/venues/navi/navi-chain.oracle.test.ts",
  "testing/chains/solana/bundle.test.ts",
  "testing/chains/solana/lending-programs.test.ts",
  "testing/chains/solana/local-chain.test.ts",
  "testing/chains/venue-parts.test.ts",
  "tests/api/bridge-continuation.test.ts",
  "tests/api/bridge-v1-routes.test.ts",
  "tests/api/harvest-readers.test.ts",
  "tests/api/home-etag.test.ts",
  "tests/api/simulated-changes.test.ts",
  "tests/api/sui-venue-changes.test.ts",
  "tests/api/swap-changes.test.ts",
  "tests/api/swap-changes-units.test.ts",
  "tests/api/venue-list.test.ts",
  "tests/api/wrapper.test.ts",
  "tests/evm/simulate.test.ts",
  "tests/fuzz/openapi-fuzz.test.ts",
  "tests/unit/cctp-solana.test.ts",
  "tests/unit/client-webhooks.test.ts",
  "tests/unit/ledger.test.ts",
  "tests/unit/readers.test.ts",
  "tests/unit/solana-venue-changes.test.ts",
  "tests/unit/changed-asset-names.test.ts",
  "tests/unit/sui-cctp-ids.test.ts",
  "tests/unit/sui-packages.test.ts",
  "tests/unit/sui-simulate.test.ts",
  "tests/unit/sui-wallet-grpc.test.ts",
];
