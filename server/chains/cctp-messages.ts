// CCTP burn messages as the chains write them (the source chain's MessageTransmitter(V2) MessageSent, Circle's attested
// copy): the V1 and V2 layouts, read by the rails (attestations, rescues) and by the chains' balance-change readers (the
// burn a simulated transaction sends: where it mints, how much). Sources: circlefin/evm-cctp-contracts @
// 4061786a5726bc05f99fcdb53b0985599f0dbaf7 src/messages/Message.sol, BurnMessage.sol, src/messages/v2/MessageV2.sol,
// BurnMessageV2.sol (the same layouts the Solana programs write: solana-cctp-contracts message.rs, burn_message.rs).
import { decodeAbiParameters, type Hex, isHex, parseAbiItem, sliceHex, toEventSelector } from "viem";

/**
 * A CCTP v1 message: header (version u32, sourceDomain u32, destinationDomain u32, nonce u64, sender bytes32,
 * recipient bytes32, destinationCaller bytes32) then the TokenMessenger BurnMessage body (version u32,
 * burnToken bytes32, mintRecipient bytes32, amount u256, messageSender bytes32).
 */
export interface BurnMessage {
  sourceDomain: number;
  destinationDomain: number;
  nonce: bigint;
  destinationCaller: Hex;
  burnToken: Hex;
  mintRecipient: Hex;
  amount: bigint;
  messageSender: Hex;
}

const HEADER = 116;
const BODY = 4 + 32 + 32 + 32 + 32;

export function parseBurnMessage(message: Hex): BurnMessage | null {
  if (!isHex(message) || (message.length - 2) / 2 < HEADER + BODY) return null;
  const at = (start: number, size: number) => sliceHex(message, start, start + size, { strict: true });
  const b = HEADER;
  return {
    sourceDomain: Number(BigInt(at(4, 4))),
    destinationDomain: Number(BigInt(at(8, 4))),
    nonce: BigInt(at(12, 8)),
    destinationCaller: at(84, 32),
    burnToken: at(b + 4, 32),
    mintRecipient: at(b + 36, 32),
    amount: BigInt(at(b + 68, 32)),
    messageSender: at(b + 100, 32),
  };
}

/**
 * A V2 message (MessageV2.sol): version u32 @0, sourceDomain u32 @4, destinationDomain u32 @8, nonce bytes32 @12,
 * sender bytes32 @44, recipient bytes32 @76, destinationCaller bytes32 @108, minFinalityThreshold u32 @140,
 * finalityThresholdExecuted u32 @144, body @148; BurnMessageV2.sol body: version u32 @0, burnToken bytes32 @4,
 * mintRecipient bytes32 @36, amount u256 @68, messageSender bytes32 @100, maxFee u256 @132, feeExecuted u256 @164,
 * expirationBlock u256 @196, hookData @228. On the source chain nonce, finalityThresholdExecuted and feeExecuted are
 * empty; the attested message from Iris carries them.
 */
export interface BurnMessageV2 {
  version: number;
  sourceDomain: number;
  destinationDomain: number;
  nonce: Hex;
  destinationCaller: Hex;
  minFinalityThreshold: number;
  finalityThresholdExecuted: number;
  burnToken: Hex;
  mintRecipient: Hex;
  amount: bigint;
  messageSender: Hex;
  maxFee: bigint;
  feeExecuted: bigint;
}

const HEADER_V2 = 148;
const BODY_V2 = 228;

export function parseBurnMessageV2(message: Hex): BurnMessageV2 | null {
  if (!isHex(message) || (message.length - 2) / 2 < HEADER_V2 + BODY_V2) return null;
  const at = (start: number, size: number) => sliceHex(message, start, start + size, { strict: true });
  const b = HEADER_V2;
  return {
    version: Number(BigInt(at(0, 4))),
    sourceDomain: Number(BigInt(at(4, 4))),
    destinationDomain: Number(BigInt(at(8, 4))),
    nonce: at(12, 32),
    destinationCaller: at(108, 32),
    minFinalityThreshold: Number(BigInt(at(140, 4))),
    finalityThresholdExecuted: Number(BigInt(at(144, 4))),
    burnToken: at(b + 4, 32),
    mintRecipient: at(b + 36, 32),
    amount: BigInt(at(b + 68, 32)),
    messageSender: at(b + 100, 32),
    maxFee: BigInt(at(b + 132, 32)),
    feeExecuted: BigInt(at(b + 164, 32)),
  };
}

/** What a burn message fixes: the destination domain, the mint recipient (bytes32), the burned token (bytes32) and amount. */
export interface SentBurn {
  destinationDomain: number;
  mintRecipient: Hex;
  burnToken: Hex;
  amount: bigint;
}

/** The burn a MessageSent message carries (V1: message version 0; V2: 1), or null when it is no burn message. */
export function sentBurnOf(message: Hex): SentBurn | null {
  const version = isHex(message) && message.length >= 10 ? Number(BigInt(sliceHex(message, 0, 4))) : -1;
  const b = version === 0 ? parseBurnMessage(message) : version === 1 ? parseBurnMessageV2(message) : null;
  return b && { destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount };
}

/** topic0 of `event MessageSent(bytes message)`, which MessageTransmitter and MessageTransmitterV2 both emit (src/MessageTransmitter.sol, src/v2/MessageTransmitterV2.sol). */
export const MESSAGE_SENT_TOPIC = toEventSelector(parseAbiItem("event MessageSent(bytes message)"));

/** The message of an EVM log when it is a MessageSent of `transmitter`, else null. */
export function messageSentOf(log: { address?: string; topics?: readonly string[]; data?: string }, transmitter: string): Hex | null {
  if (log.address?.toLowerCase() !== transmitter.toLowerCase() || log.topics?.[0]?.toLowerCase() !== MESSAGE_SENT_TOPIC || !log.data || !isHex(log.data)) return null;
  try {
    return decodeAbiParameters([{ type: "bytes" }], log.data)[0];
  } catch {
    return null; // not an ABI-encoded bytes: not a MessageSent of CCTP
  }
}

/**
 * A burn message's body as the destination's transmitter hands it on (an EVM or Sui MessageReceived's messageBody):
 * BurnMessage.sol (V1, body version 0: version u32 @0, burnToken @4, mintRecipient @36, amount u256 @68, messageSender
 * @100, 132 bytes) or BurnMessageV2.sol (body version 1: the same, then maxFee u256 @132, feeExecuted u256 @164,
 * expirationBlock @196, hookData from 228).
 */
export interface BurnBody {
  version: number;
  burnToken: Hex;
  mintRecipient: Hex;
  amount: bigint;
  messageSender: Hex;
  /** V2: the fee the attested message executes (taken from the mint); 0 on V1. */
  feeExecuted: bigint;
}

// source: circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7 src/messages/BurnMessage.sol
// (VERSION_INDEX 0 … MSG_SENDER_INDEX 100, 32 bytes: 132) and src/messages/v2/BurnMessageV2.sol (FEE_EXECUTED_INDEX 164,
// HOOK_DATA_INDEX 228, the least a V2 body holds).
const BURN_BODY = { v1: 132, v2: 228, amount: 68, feeExecuted: 164 } as const;

/** The burn body `body` (body version 0: V1, 1: V2), or null when it is no burn body of that layout. */
export function parseBurnBody(body: Hex): BurnBody | null {
  if (!isHex(body)) return null;
  const size = (body.length - 2) / 2;
  if (size < BURN_BODY.v1) return null;
  const at = (start: number, n: number) => sliceHex(body, start, start + n, { strict: true });
  const version = Number(BigInt(at(0, 4)));
  if (version === 0 ? size !== BURN_BODY.v1 : version !== 1 || size < BURN_BODY.v2) return null;
  return {
    version,
    burnToken: at(4, 32),
    mintRecipient: at(36, 32),
    amount: BigInt(at(BURN_BODY.amount, 32)),
    messageSender: at(100, 32),
    feeExecuted: version === 1 ? BigInt(at(BURN_BODY.feeExecuted, 32)) : 0n,
  };
}

/**
 * A CCTP message's header as the destination receives it, and its body: Message.sol (V1, version 0: sourceDomain u32
 * @4, destinationDomain u32 @8, nonce u64 @12, sender @20, recipient @52, body @116) or MessageV2.sol (version 1:
 * nonce bytes32 @12, sender @44, recipient @76, body @148). `nonce` is V1's u64 in decimal or V2's bytes32.
 */
export interface CctpMessage {
  version: number;
  sourceDomain: number;
  destinationDomain: number;
  nonce: string;
  sender: Hex;
  recipient: Hex;
  body: Hex;
}

/** The header and body of a V1 or V2 message, or null when it is neither. */
export function parseCctpMessage(message: Hex): CctpMessage | null {
  if (!isHex(message) || message.length < 10) return null;
  const size = (message.length - 2) / 2;
  const at = (start: number, n: number) => sliceHex(message, start, start + n, { strict: true });
  const version = Number(BigInt(at(0, 4)));
  const v1 = version === 0;
  if ((!v1 && version !== 1) || size < (v1 ? HEADER : HEADER_V2)) return null;
  return {
    version,
    sourceDomain: Number(BigInt(at(4, 4))),
    destinationDomain: Number(BigInt(at(8, 4))),
    nonce: v1 ? BigInt(at(12, 8)).toString() : at(12, 32),
    sender: v1 ? at(20, 32) : at(44, 32),
    recipient: v1 ? at(52, 32) : at(76, 32),
    body: size === (v1 ? HEADER : HEADER_V2) ? "0x" : sliceHex(message, v1 ? HEADER : HEADER_V2, undefined, { strict: true }),
  };
}
