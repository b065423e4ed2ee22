// The CCTP burns a move-chain transaction sends, read from the DepositForBurn events Circle's TokenMessengerMinter emits
// (the Sui counterpart of the EVM MessageSent log and the svm-chain MessageSent account): the destination domain, the
// mint recipient, the burned token and the amount, as the dry run or the executed transaction reports them.
import { bcs } from "@mysten/sui/bcs";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { bytesToHex, type Hex, keccak256, toBytes } from "viem";
import { SUI_MESSAGE_TRANSMITTER, SUI_TOKEN_MESSENGER_MINTER } from "../../../lib/cctp-ids";
import type { SimulatedBurn } from "../changes";
import { suiCall } from "./calls";

// source: circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/token_messenger_minter/sources/deposit_for_burn.move
// `public struct DepositForBurn has copy, drop { nonce: u64, burn_token: address, amount: u64, depositor: address,
// mint_recipient: address, destination_domain: u32, destination_token_messenger: address, destination_caller: address }`,
// emitted by `deposit_for_burn_shared` after the burn (tests/fixtures/sui-cctp/deposit_for_burn.move).
const DEPOSIT_FOR_BURN = bcs.struct("DepositForBurn", {
  nonce: bcs.u64(),
  burn_token: bcs.Address,
  amount: bcs.u64(),
  depositor: bcs.Address,
  mint_recipient: bcs.Address,
  destination_domain: bcs.u32(),
  destination_token_messenger: bcs.Address,
  destination_caller: bcs.Address,
});

// source: circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/send_message.move
// `public struct MessageSent has copy, drop { message: vector<u8> }`, emitted by `serialize_message_and_emit_event` with
// the serialized message (the bytes Circle attests), before deposit_for_burn emits DepositForBurn.
const MESSAGE_SENT = bcs.struct("MessageSent", { message: bcs.vector(bcs.u8()) });
export const MESSAGE_SENT_EVENT_TYPE = `${SUI_MESSAGE_TRANSMITTER}::send_message::MessageSent`;

// source: circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/receive_message.move
// `public struct MessageReceived has copy, drop { caller: address, source_domain: u32, nonce: u64, sender: address,
// message_body: vector<u8> }`, emitted by `complete_receive_message` from the stamped Receipt (tests/fixtures/sui-cctp/receive_message.move).
const MESSAGE_RECEIVED = bcs.struct("MessageReceived", {
  caller: bcs.Address,
  source_domain: bcs.u32(),
  nonce: bcs.u64(),
  sender: bcs.Address,
  message_body: bcs.vector(bcs.u8()),
});
export const MESSAGE_RECEIVED_EVENT_TYPE = `${SUI_MESSAGE_TRANSMITTER}::receive_message::MessageReceived`;

/** The event's type: a struct keeps its defining package's original id across upgrades, so only Circle's code emits it. */
export const DEPOSIT_FOR_BURN_EVENT_TYPE = `${SUI_TOKEN_MESSENGER_MINTER}::deposit_for_burn::DepositForBurn`;

/**
 * CCTP's token id of a Sui coin type, as a burn carries it: circlefin/sui-cctp @ 70290f70 packages/token_messenger_minter/
 * sources/token_utils.move `calculate_token_id<T>()` = keccak256 of `type_name::get<T>().into_string()`, the type name
 * with each address in 64 hex digits and no 0x (its test: "0000…0002::token_utils::TestStr").
 */
export function suiCctpTokenId(coinType: string): Hex {
  const name = normalizeStructTag(coinType).replace(/0x([0-9a-f]{64})/g, "$1");
  return keccak256(toBytes(name));
}

/** An event as the node reports it (the SDK's parsed Event: its type and BCS contents). */
export interface SuiEvent {
  eventType: string;
  bcs: Uint8Array;
}

const sameType = (a: string, b: string) => {
  try {
    return normalizeStructTag(a) === normalizeStructTag(b);
  } catch {
    return false; // not a struct tag
  }
};

/** Each DepositForBurn among `events` as the burn it reports (bytes32 fields as 0x + 64 hex); an undecodable one is skipped. */
export function suiBurnsOf(events: SuiEvent[]): SimulatedBurn[] {
  return events.flatMap((e) => {
    if (!sameType(e.eventType, DEPOSIT_FOR_BURN_EVENT_TYPE)) return [];
    try {
      const d = DEPOSIT_FOR_BURN.parse(e.bcs);
      return [
        {
          transmitter: SUI_TOKEN_MESSENGER_MINTER,
          destinationDomain: d.destination_domain,
          mintRecipient: normalizeSuiAddress(d.mint_recipient),
          burnToken: normalizeSuiAddress(d.burn_token),
          amount: BigInt(d.amount).toString(),
        },
      ];
    } catch {
      return []; // not the layout above: not a burn this reader can state
    }
  });
}

/** The message of each MessageSent among `events` (hex), in order; an undecodable one is skipped. */
export function suiMessagesSentOf(events: SuiEvent[]): Hex[] {
  return events.flatMap((e) => {
    if (!sameType(e.eventType, MESSAGE_SENT_EVENT_TYPE)) return [];
    try {
      return [bytesToHex(Uint8Array.from(MESSAGE_SENT.parse(e.bcs).message))];
    } catch {
      return [];
    }
  });
}

/** A message a move-chain transaction received, as its MessageReceived event states it (the message's header fields and body). */
export interface SuiReceivedMessage {
  sourceDomain: number;
  /** The u64 nonce, in decimal. */
  nonce: string;
  /** The message's sender (the source's TokenMessenger), 0x + 64 hex. */
  sender: Hex;
  body: Hex;
}

/** Each MessageReceived of Circle's MessageTransmitter among `events`, in order; an undecodable one is skipped. */
export function suiMessagesReceivedOf(events: SuiEvent[]): SuiReceivedMessage[] {
  return events.flatMap((e) => {
    if (!sameType(e.eventType, MESSAGE_RECEIVED_EVENT_TYPE)) return [];
    try {
      const d = MESSAGE_RECEIVED.parse(e.bcs);
      return [{ sourceDomain: d.source_domain, nonce: BigInt(d.nonce).toString(), sender: normalizeSuiAddress(d.sender) as Hex, body: bytesToHex(Uint8Array.from(d.message_body)) }];
    } catch {
      return [];
    }
  });
}

/**
 * `auth_caller_identifier<Auth>()` of an auth type (0x…::module::Struct): what a Sui package writes as a message's
 * sender, the identifier of its authenticator struct (see the citation above).
 */
// source: circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/message_transmitter/sources/auth.move
// `auth_caller_identifier<Auth>()` = address::from_bytes(keccak256(type_name::get<Auth>().into_string())), the same
// hash of the type name as token_utils.move `calculate_token_id<T>()` (suiCctpTokenId).
export const suiAuthCallerIdentifier = (authType: string): Hex => suiCctpTokenId(authType);

/** What an executed move-chain transaction says of the CCTP burns it sent: Circle's MessageSent messages and DepositForBurn events. */
export type SuiBurnRead =
  | { state: "ok"; messages: Hex[]; burns: SimulatedBurn[] }
  | { state: "unreachable"; reason: string }
  | { state: "not_found"; reason: string };

/**
 * The executed transaction `digest` read from the node (LedgerService.GetTransaction with effects and events, gRPC): a
 * successful, checkpointed transaction's MessageSent messages and DepositForBurn burns. Not known yet, failed or not
 * final is `not_found` with the reason; no answer is `unreachable`.
 */
export async function readSuiBurn(digest: string): Promise<SuiBurnRead> {
  const r = await suiCall("GetTransaction", (client, signal) => client.core.getTransaction({ digest, include: { effects: true, events: true }, signal }));
  if (!r.ok) return r.unreachable ? { state: "unreachable", reason: r.message } : { state: "not_found", reason: `move-chain does not know ${digest}: ${r.message}` };
  const tx = r.result.Transaction ?? r.result.FailedTransaction;
  if (!tx) return { state: "not_found", reason: `the move-chain node answered without ${digest}` };
  if (!tx.status.success) return { state: "not_found", reason: `${digest} failed on move-chain: ${String(tx.status.error?.message ?? "failure").slice(0, 200)}` };
  if (tx.checkpoint === null) return { state: "not_found", reason: `${digest} is not in a checkpoint yet (not final)` };
  const events = (tx.events ?? []) as SuiEvent[];
  return { state: "ok", messages: suiMessagesSentOf(events), burns: suiBurnsOf(events) };
}
