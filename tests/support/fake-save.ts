// Save's accounts on the local chain are testing/chains/solana/venues/save.ts (encoded with the SDK's ReserveLayout).
// Re-exported here for the SDK-oracle tests that still import them from this file.
export { fixtureAddress } from "../../testing/chains/solana/venues/encode";
export { SolendBN, SolendPublicKey, saveFixture, setSaveUsdc } from "../../testing/chains/solana/venues/save";
