// Circle's attestation check on the local Sui node: receive_message verifies the attestation against the attesters and
// the signature threshold of the MessageTransmitter State (this node's, LocalChain.suiMessageTransmitter) before any
// other check of the message, as Circle's Move source does (circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762
// packages/message_transmitter/sources/receive_message.move `receive_message_shared`: the version and pause guards,
// `message::from_bytes`, then `attestation::verify_attestation_signatures(message, attestation, state)`, then the
// destination domain, caller, version and nonce). verify_attestation_signatures (sources/attestation.move): the
// attestation is exactly signature_threshold × 65 bytes; each 65-byte (r, s, v) signature in turn has a low s, a v of
// 27 or 28 (normalized to 0/1), recovers (sui::ecdsa_k1::secp256k1_ecrecover over keccak256(message)) a key whose
// address (the last 20 bytes of keccak256 of the uncompressed key, behind 12 zero bytes) is above the previous
// signature's (so no duplicate) and is an enabled attester. A made-up attestation, a key that is not an attester, too
// few signatures or signatures out of order abort here with Circle's code, as on mainnet.
import { ecrecover } from "@ethereumjs/util";
import { bcs } from "@mysten/sui/bcs";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { bytesToHex, keccak256 } from "viem";
import { LOCAL_ATTESTERS, LOCAL_SIGNATURE_THRESHOLD } from "../attester";
import type { MoveAbortSeen, MoveCallSeen } from "./world";

/** The MessageTransmitter State's fields the attestation check reads (state.move `enabled_attesters`, `signature_threshold`). */
export interface SuiAttesterState {
  /** Enabled attesters as Sui addresses (12 zero bytes and the 20-byte EVM address, as recover_attester builds them). */
  enabledAttesters: string[];
  signatureThreshold: bigint;
}

/**
 * A new node's State: the local attesters (../attester.ts, the keys the EVM and Solana transmitters enable and the
 * local Iris signs with, so one attestation is received on every chain) and LOCAL_SIGNATURE_THRESHOLD.
 */
export function localSuiAttesterState(): SuiAttesterState {
  return { enabledAttesters: LOCAL_ATTESTERS.map((a) => normalizeSuiAddress(a.address)), signatureThreshold: BigInt(LOCAL_SIGNATURE_THRESHOLD) };
}

// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const EInvalidAttestationLength: u64 = 0;`
const E_INVALID_ATTESTATION_LENGTH = 0n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const EInvalidSignatureOrder: u64 = 1;`
const E_INVALID_SIGNATURE_ORDER = 1n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const ESignerIsNotAttester: u64 = 2;`
const E_SIGNER_IS_NOT_ATTESTER = 2n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const EInvalidSignatureRecoveryId: u64 = 3;`
const E_INVALID_SIGNATURE_RECOVERY_ID = 3n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const EInvalidSignatureSValue: u64 = 4;`
const E_INVALID_SIGNATURE_S_VALUE = 4n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const SIGNATURE_LENGTH: u64 = 65;`
const SIGNATURE_LENGTH = 65;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/attestation.move `const HALF_CURVE_ORDER: address = @0x7FFF…20A0;` (verify_low_s_value: s ≤ it)
const HALF_CURVE_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
// bitcoin-core/secp256k1 @ f4153a29abab9bf87107846f125c4f6795879cae src/scalar_4x64_impl.h SECP256K1_N_3..SECP256K1_N_0 (the group order; secp256k1_scalar_set_b32 reports a scalar ≥ it as overflow, so parse_compact refuses the signature)
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
// MystenLabs/sui @ 43d1d18c18bc0faa91d2b5dc39ad4b1a95f68a34 sui-execution/latest/sui-move-natives/src/crypto/ecdsa_k1.rs `pub const FAIL_TO_RECOVER_PUBKEY: u64 = 0;` (ecrecover: `recover_with_hash` failed); the module's `EFailToRecoverPubKey`
const FAIL_TO_RECOVER_PUBKEY = 0n;
// MystenLabs/sui @ 43d1d18c18bc0faa91d2b5dc39ad4b1a95f68a34 sui-execution/latest/sui-move-natives/src/crypto/ecdsa_k1.rs `pub const INVALID_SIGNATURE: u64 = 1;` (ecrecover: `Secp256k1RecoverableSignature::from_bytes` failed); the module's `EInvalidSignature`
const INVALID_SIGNATURE = 1n;
// MystenLabs/sui @ a426dd7c8f6317b7e2ad9ff840f2808aefe37034 crates/sui-framework/packages/sui-framework/sources/crypto/ecdsa_k1.move: `module sui::ecdsa_k1` (`secp256k1_ecrecover` "May abort with `EFailToRecoverPubKey` or `EInvalidSignature`"), in the framework package 0x2
const SUI_FRAMEWORK = normalizeSuiAddress("0x2");
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/receive_message.move `public fun receive_message(message: vector<u8>, attestation: vector<u8>, state: &mut State, ctx: &TxContext)`: the message and the attestation are its first two arguments
const [MESSAGE_ARG, ATTESTATION_ARG] = [0, 1];

const abort = (mt: string, code: bigint, name: string, why: string): MoveAbortSeen => ({
  package: mt,
  module: "attestation",
  functionName: "verify_attestation_signatures",
  code,
  description: `MoveAbort in ${mt}::attestation::verify_attestation_signatures: ${name} (${code}): ${why}`,
});

/**
 * sui::ecdsa_k1::secp256k1_ecrecover's abort for a signature it cannot use (a native aborts in its own module): r or s
 * not below the group order fails `from_bytes` (INVALID_SIGNATURE); a zero r or s, or an r naming no curve point,
 * recovers no key (FAIL_TO_RECOVER_PUBKEY).
 */
const ecrecoverAbort = (code: bigint, why: string): MoveAbortSeen => ({
  package: SUI_FRAMEWORK,
  module: "ecdsa_k1",
  functionName: "secp256k1_ecrecover",
  code,
  description: `MoveAbort in ${SUI_FRAMEWORK}::ecdsa_k1::secp256k1_ecrecover: ${code === INVALID_SIGNATURE ? "EInvalidSignature" : "EFailToRecoverPubKey"} (${code}): ${why}`,
});

const pureBytes = (arg: NonNullable<MoveCallSeen["args"]>[number] | undefined): Uint8Array | null => {
  if (!arg || !("pure" in arg)) return null;
  try {
    return Uint8Array.from(bcs.vector(bcs.u8()).parse(arg.pure));
  } catch {
    return null;
  }
};

/** The attester one 65-byte signature recovers (recover_attester: 12 zero bytes and the EVM address), or the ecrecover abort. */
function recoverAttester(signature: Uint8Array, hash: Uint8Array, v: number): string | MoveAbortSeen {
  const r = BigInt(bytesToHex(signature.subarray(0, 32)));
  const s = BigInt(bytesToHex(signature.subarray(32, 64)));
  if (r >= SECP256K1_N || s >= SECP256K1_N) return ecrecoverAbort(INVALID_SIGNATURE, "r or s is not below the secp256k1 group order");
  if (r === 0n || s === 0n) return ecrecoverAbort(FAIL_TO_RECOVER_PUBKEY, "a zero r or s recovers no public key");
  let key: Uint8Array;
  try {
    key = ecrecover(hash, BigInt(v - 27), signature.subarray(0, 32), signature.subarray(32, 64));
  } catch {
    return ecrecoverAbort(FAIL_TO_RECOVER_PUBKEY, "the signature recovers no public key");
  }
  return normalizeSuiAddress(`0x${keccak256(key).slice(-40)}`);
}

/**
 * Circle's verify_attestation_signatures for a receive_message call of the MessageTransmitter (any of `mtVersions`, its
 * storage ids; aborts are located at `mt`, its original id), against `state`: the first abort it raises, or undefined
 * when the attestation verifies (or the call is another, or its arguments are not pure bytes: the signature check refuses those).
 */
export function attestationAbort(call: MoveCallSeen, mt: string, mtVersions: string[], state: SuiAttesterState): MoveAbortSeen | undefined {
  if (!mtVersions.includes(normalizeSuiAddress(call.package)) || call.module !== "receive_message" || call.function !== "receive_message") return undefined;
  const message = pureBytes(call.args?.[MESSAGE_ARG]);
  const attestation = pureBytes(call.args?.[ATTESTATION_ARG]);
  if (!message || !attestation) return undefined;
  const threshold = state.signatureThreshold;
  if (BigInt(attestation.length) !== threshold * BigInt(SIGNATURE_LENGTH)) {
    return abort(mt, E_INVALID_ATTESTATION_LENGTH, "EInvalidAttestationLength", `the attestation is ${attestation.length} bytes, the State's signature_threshold ${threshold} needs ${threshold * BigInt(SIGNATURE_LENGTH)}`);
  }
  const enabled = new Set(state.enabledAttesters.map((a) => normalizeSuiAddress(a)));
  const hash = Uint8Array.from(Buffer.from(keccak256(message).slice(2), "hex"));
  let latest = 0n;
  for (let i = 0; i < Number(threshold); i++) {
    const signature = attestation.subarray(i * SIGNATURE_LENGTH, (i + 1) * SIGNATURE_LENGTH);
    if (BigInt(bytesToHex(signature.subarray(32, 64))) > HALF_CURVE_ORDER) return abort(mt, E_INVALID_SIGNATURE_S_VALUE, "EInvalidSignatureSValue", `signature ${i + 1}'s s is above half the curve order`);
    const v = signature[SIGNATURE_LENGTH - 1] ?? 0;
    if (v < 27 || v > 28) return abort(mt, E_INVALID_SIGNATURE_RECOVERY_ID, "EInvalidSignatureRecoveryId", `signature ${i + 1}'s v is ${v}, not 27 or 28`);
    const attester = recoverAttester(signature, hash, v);
    if (typeof attester !== "string") return attester;
    if (BigInt(attester) <= latest) return abort(mt, E_INVALID_SIGNATURE_ORDER, "EInvalidSignatureOrder", `signature ${i + 1} recovers ${attester}, not above the previous signer`);
    if (!enabled.has(attester)) return abort(mt, E_SIGNER_IS_NOT_ATTESTER, "ESignerIsNotAttester", `signature ${i + 1} recovers ${attester}, which the State does not enable`);
    latest = BigInt(attester);
  }
  return undefined;
}
