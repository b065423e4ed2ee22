// The owner and destination wallets the API suites plan for, one per chain family: addresses only (no key is behind
// them), each test file giving them its own API keys and scopes.

/** A Sui owner, and a second Sui wallet (a bridge destination or another owner). */
export const SUI = `0x${"5".repeat(64)}`;
export const SUI_2 = `0x${"6".repeat(64)}`;
/** A Solana owner. */
export const SOL = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
/** A bridge destination on svm-chain must be on the ed25519 curve (SOL above is not: a PDA cannot sign the receive). */
export const SOL_DEST = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
/** An EVM owner, an EVM bridge destination, and a third EVM wallet (another owner, or a thief). */
export const EVM = "0x2222222222222222222222222222222222222222";
export const EVM_DEST = "0x3333333333333333333333333333333333333333";
export const EVM_3 = "0x4444444444444444444444444444444444444444";
