// marginfi's accounts on the local chain are testing/chains/solana/venues/marginfi.ts (encoded with the SDK's IDL
// layout). Re-exported here for the SDK-oracle test that still imports them from this file.
export { MFI_IDL, MfiPublicKey, marginfiAccount, mfiRequire, setMarginfiBank } from "../../testing/chains/solana/venues/marginfi";
