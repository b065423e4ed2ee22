// The CCTP burns a destination transaction received, read from the chain (issue 23): what the bridge leg of a delivery
// states as burned when no rescue read the burn on the source chain. Per destination family:
// - EVM: the receipt's MessageReceived logs of the version's MessageTransmitter on the destination (./abi.ts; V1 and V2
//   layouts differ), their messageBody the burn body;
// - move-chain: the MessageReceived events of Circle's MessageTransmitter (../../chains/sui/cctp-burns.ts), emitted by
//   complete_receive_message, their message_body the burn body;
// - svm-chain: the version's message transmitter's receive_message instructions (./idl.ts), their `message` argument
//   (a landed transaction's receive_message succeeded, so the program took that message).
// Only a message sent by the source chain's TokenMessenger of the version counts as a burn: a source transmitter writes
// its caller as the message's sender, so any other sender is some other application's message whose body may look like
// a burn's. Its source domain must be the source chain's.
import { bytesToHex, decodeEventLog, type Hex, pad } from "viem";
import { MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_V2, SOLANA_CCTP_PROGRAMS, TOKEN_MESSENGER, TOKEN_MESSENGER_V2 } from "../../../lib/cctp-ids";
import { base58Decode, type ChainId } from "../../chains/address";
import { type BurnBody, parseBurnBody, parseCctpMessage } from "../../chains/cctp-messages";
import { isEvmChain } from "../../chains/evm";
import { type SuiEvent, suiAuthCallerIdentifier, suiMessagesReceivedOf } from "../../chains/sui/cctp-burns";
import type { SolanaInstructionSeen } from "../../chains/solana/transaction-json";
import { MESSAGE_TRANSMITTER_AUTHENTICATOR } from "../cctp-v1/sui";
import { MESSAGE_RECEIVED_V1_ABI, MESSAGE_RECEIVED_V2_ABI } from "./abi";
import { CCTP_DOMAIN } from "./domains";
import { CCTP_MESSAGE_TRANSMITTER_V1_IDL, CCTP_MESSAGE_TRANSMITTER_V2_IDL } from "./idl";

/** What a destination transaction shows, as its confirmation reads it (server/execute/confirm.ts): one family's part is filled. */
export interface DestinationSeen {
  /** EVM: the receipt's logs. */
  receiptLogs: readonly { address: string; topics: readonly Hex[]; data: Hex }[];
  /** move-chain: the events. */
  events: readonly SuiEvent[];
  /** svm-chain: the instructions with raw data, top level and inner. */
  instructions: readonly SolanaInstructionSeen[];
}

/** A burn the destination received: the message's source domain and nonce, and its burn body. */
export interface ReceivedBurn extends BurnBody {
  sourceDomain: number;
  /** V1: the u64 nonce in decimal; V2: the bytes32 nonce. */
  nonce: string;
}

/** A received message before it is taken for a burn: header fields and body. */
interface Received {
  sourceDomain: number;
  nonce: string;
  sender: Hex;
  body: Hex;
}

const bytes32 = (b: Uint8Array | null): Hex | null => (b && b.length === 32 ? bytesToHex(b) : null);

/**
 * The sender a burn message from `source` carries, for CCTP `version` (bytes32, lower case), or null where the version
 * does not run there. EVM: the TokenMessenger that called sendMessage; svm-chain: the token messenger minter program;
 * move-chain: the TokenMessengerMinter's authenticator identifier.
 */
function burnSender(source: ChainId, version: 1 | 2): Hex | null {
  if (isEvmChain(source)) {
    // source: circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7 src/MessageTransmitter.sol and src/v2/MessageTransmitterV2.sol sendMessage: the sender is `Message.addressToBytes32(msg.sender)`, the TokenMessenger (lib/cctp-ids.ts cites its addresses).
    const messenger = version === 2 ? TOKEN_MESSENGER_V2 : TOKEN_MESSENGER[source];
    return messenger ? pad(messenger.toLowerCase() as Hex) : null;
  }
  if (source === "svm-chain") {
    // source: circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 programs/message-transmitter/src/instructions/send_message.rs (and programs/v2/…): the sender is `sender_program.key()`, the token messenger minter.
    return bytes32(base58Decode(version === 2 ? SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2 : SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1));
  }
  if (version === 2) return null;
  // source: circlefin/sui-cctp @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 packages/token_messenger_minter/sources/deposit_for_burn.move sends with `message_transmitter_authenticator::new()`; send_message.move makes the sender `auth_caller_identifier<Auth>()`.
  return suiAuthCallerIdentifier(MESSAGE_TRANSMITTER_AUTHENTICATOR).toLowerCase() as Hex;
}

/** The version's MessageReceived logs of `transmitter` among `logs`, decoded. */
function evmReceived(logs: DestinationSeen["receiptLogs"], transmitter: string, version: 1 | 2): Received[] {
  const abi = version === 2 ? MESSAGE_RECEIVED_V2_ABI : MESSAGE_RECEIVED_V1_ABI;
  return logs.flatMap((l) => {
    if (l.address.toLowerCase() !== transmitter.toLowerCase()) return [];
    try {
      const { args } = decodeEventLog({ abi, topics: l.topics as [Hex, ...Hex[]], data: l.data, strict: true });
      return [{ sourceDomain: args.sourceDomain, nonce: args.nonce.toString(), sender: args.sender, body: args.messageBody }];
    } catch {
      return []; // another event of the transmitter, or not this version's layout
    }
  });
}

/** The messages of the version's receive_message instructions of `program` (ReceiveMessageParams: message, attestation as Borsh bytes). */
function solanaReceived(instructions: DestinationSeen["instructions"], program: string, version: 1 | 2): Received[] {
  const disc = (version === 2 ? CCTP_MESSAGE_TRANSMITTER_V2_IDL : CCTP_MESSAGE_TRANSMITTER_V1_IDL).instructions.receive_message.discriminator;
  return instructions.flatMap((ix) => {
    if (ix.programId !== program || ix.data.length < 12 || disc.some((b, i) => ix.data[i] !== b)) return [];
    const length = new DataView(ix.data.buffer, ix.data.byteOffset).getUint32(8, true);
    if (ix.data.length < 12 + length) return [];
    const m = parseCctpMessage(bytesToHex(ix.data.subarray(12, 12 + length)));
    return m && m.version === version - 1 ? [{ sourceDomain: m.sourceDomain, nonce: m.nonce, sender: m.sender, body: m.body }] : [];
  });
}

/** The messages `dest`'s transaction received through CCTP `version`'s transmitter there (none where it does not run). */
function receivedMessages(version: 1 | 2, dest: ChainId, seen: DestinationSeen): Received[] {
  if (isEvmChain(dest)) {
    const transmitter = version === 2 ? MESSAGE_TRANSMITTER_V2 : MESSAGE_TRANSMITTER[dest];
    return transmitter ? evmReceived(seen.receiptLogs, transmitter, version) : [];
  }
  if (dest === "svm-chain") return solanaReceived(seen.instructions, version === 2 ? SOLANA_CCTP_PROGRAMS.messageTransmitterV2 : SOLANA_CCTP_PROGRAMS.messageTransmitterV1, version);
  return version === 1 ? suiMessagesReceivedOf([...seen.events]) : [];
}

/**
 * The CCTP `version` burns from `source` that the destination transaction on `dest` received: messages its transmitter
 * took, sent by `source`'s TokenMessenger from `source`'s domain, whose body is a burn body of the version.
 */
export function receivedBurns(version: 1 | 2, source: ChainId, dest: ChainId, seen: DestinationSeen): ReceivedBurn[] {
  const sender = burnSender(source, version);
  if (!sender) return [];
  return receivedMessages(version, dest, seen).flatMap((m) => {
    if (m.sourceDomain !== CCTP_DOMAIN[source] || m.sender.toLowerCase() !== sender) return [];
    const body = parseBurnBody(m.body);
    return body && body.version === version - 1 ? [{ ...body, sourceDomain: m.sourceDomain, nonce: m.nonce }] : [];
  });
}
