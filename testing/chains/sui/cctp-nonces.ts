// The nonces Circle's MessageTransmitter State has used, on one local Sui node: receive_message refuses a message whose
// (source domain, nonce) was received before and marks it used otherwise, as Circle's Move source does
// (circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/receive_message.move
// `receive_message_shared`: `assert!(!state.is_nonce_used(source_domain, nonce), ENonceAlreadyUsed);
// state.mark_nonce_used(source_domain, nonce);`, after the attestation, domain, caller and version checks; state.move
// keys `used_nonces` by (source_domain, nonce), `generate_used_nonce_key`). Only an executed receive marks its nonce (the
// coin flow's writes, applied when ./wallets.ts lands a transaction); a simulation marks none, as a dry run changes no
// state. Both the simulation and the execution refuse a used nonce (the abort fails the coin flow).
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { bcs } from "@mysten/sui/bcs";
import type { CoinCallResult, CoinCallSeen } from "./world";

// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/receive_message.move `const ENonceAlreadyUsed: u64 = 4;`
const E_NONCE_ALREADY_USED = 4n;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/message/message.move `SOURCE_DOMAIN_INDEX: u64 = 4` (u32, big-endian)
const SOURCE_DOMAIN_INDEX = 4;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/message/message.move `NONCE_INDEX: u64 = 12` (u64, big-endian)
const NONCE_INDEX = 12;
// circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/message/message.move `MESSAGE_BODY_INDEX: u64 = 116`: `validate_raw_message` refuses a shorter message
const MESSAGE_BODY_INDEX = 116;

type CoinCall = (call: CoinCallSeen) => CoinCallResult | undefined;

/** The (source domain, nonce) of a receive_message call's message, or null when the call is another or the message too short to have them. */
function receivedNonce(call: CoinCallSeen, messageTransmitter: string): { sourceDomain: number; nonce: bigint } | null {
  if (normalizeSuiAddress(call.package) !== messageTransmitter || call.module !== "receive_message" || call.function !== "receive_message") return null;
  const arg = call.args[0];
  if (!arg || !("pure" in arg)) return null;
  let message: Uint8Array;
  try {
    message = Uint8Array.from(bcs.vector(bcs.u8()).parse(arg.pure));
  } catch {
    return null;
  }
  if (message.length < MESSAGE_BODY_INDEX) return null;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return { sourceDomain: view.getUint32(SOURCE_DOMAIN_INDEX, false), nonce: view.getBigUint64(NONCE_INDEX, false) };
}

/**
 * `coinCall` (the CCTP calls' coin rules) with this node's used nonces kept beside it: a receive_message of a used
 * (source domain, nonce) aborts ENonceAlreadyUsed in receive_message; otherwise the call runs as `coinCall` has it and,
 * once executed, its nonce is used. `messageTransmitter` is the MessageTransmitter's original package id (the coin flow
 * calls rules with the original id).
 */
export function withUsedNonces(coinCall: CoinCall, messageTransmitter: string): CoinCall {
  const mt = normalizeSuiAddress(messageTransmitter);
  const used = new Set<string>();
  return (call) => {
    const received = receivedNonce(call, mt);
    if (!received) return coinCall(call);
    const key = `${received.sourceDomain}/${received.nonce}`;
    if (used.has(key)) {
      const at = `${mt}::receive_message::receive_message`;
      const description = `MoveAbort in ${at}: ENonceAlreadyUsed (${E_NONCE_ALREADY_USED}): nonce ${received.nonce} from domain ${received.sourceDomain} was received already`;
      return { abort: { package: mt, module: "receive_message", functionName: "receive_message", code: E_NONCE_ALREADY_USED, description } };
    }
    const r = coinCall(call) ?? { takes: [], returns: [] };
    if ("abort" in r || "fails" in r) return r;
    const own = r.writes;
    return {
      ...r,
      writes: () => {
        own?.();
        used.add(key);
      },
    };
  };
}
