// The local CCTP attesters: the keys Circle's attestation service would sign with, for the local chains only. The
// local MessageTransmitters (EVM bytecode, Solana program models) enable these attesters' addresses, and the local
// Iris (tests/support/fake-iris.ts) serves attestations made here, so a receive simulates only with an attestation
// the local transmitter trusts, and a tampered message or attestation fails as it fails on chain.
//
// Attestation format: circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7 src/roles/Attestable.sol
// `_verifyAttestationSignatures`: `signatureThreshold` concatenated 65-byte ECDSA signatures (r, s, v with v 27/28, as
// OpenZeppelin's ECDSA.recover takes them) over keccak256(message), ordered by increasing signer address, no duplicates.
// The Solana programs check the same format (circlefin/solana-cctp-contracts message_transmitter `verify_attestation_signatures`).
import { type Hex, keccak256, serializeSignature } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";

/** Two fixed test keys (never used outside the local chains). */
const KEYS: Hex[] = [`0x${"a1".repeat(32)}`, `0x${"b2".repeat(32)}`];

/** The attesters, ordered by increasing address (the order an attestation's signatures must follow). */
export const LOCAL_ATTESTERS: { key: Hex; address: Hex }[] = KEYS.map((key) => ({ key, address: privateKeyToAccount(key).address }))
  .sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));

/** The signature threshold the local transmitters are configured with (mainnet's CCTP runs with more; 1 keeps fixtures short). */
export const LOCAL_SIGNATURE_THRESHOLD = 1;

/** The attestation of `message` by the first `threshold` local attesters, as Circle's attestation service returns it. */
export async function attest(message: Hex, threshold = LOCAL_SIGNATURE_THRESHOLD): Promise<Hex> {
  const hash = keccak256(message);
  const sigs = await Promise.all(LOCAL_ATTESTERS.slice(0, threshold).map(async (a) => serializeSignature(await sign({ hash, privateKey: a.key }))));
  return `0x${sigs.map((s) => s.slice(2)).join("")}`;
}
