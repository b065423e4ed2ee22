// CCTP burn messages as the source chain's MessageTransmitter emits them and Circle attests them, for the local chains
// and Iris. Layouts: V1 = circlefin/evm-cctp-contracts src/messages/Message.sol + BurnMessage.sol (message and body
// version 0); V2 = src/messages/v2/MessageV2.sol + BurnMessageV2.sol (version 1), the same fields the Solana programs
// read (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 programs/message-transmitter/src/message.rs,
// programs/v2/message-transmitter-v2/src/message.rs, token_messenger{,_v2}/burn_message.rs). Every bytes32 is given as hex.
import { getAddressEncoder, address as solAddress } from "@solana/kit";
import { bytesToHex, encodePacked, type Hex, keccak256, pad, toBytes } from "viem";
import { SOLANA_CCTP_PROGRAMS, TOKEN_MESSENGER, TOKEN_MESSENGER_V2 } from "../../lib/cctp-ids";
import type { ChainId } from "../../server/chains/address";
import { USDC } from "../../server/chains/balances";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { circleSuiCctp } from "./sui/cctp-ids";

/** The parts of a burn message that name the two ends (each defaults to a fixed filler). */
export interface BurnMessageEnds {
  /** The source TokenMessenger (the message's sender). */
  sender: Hex;
  /** The destination TokenMessenger (the message's recipient: on Solana the token messenger minter program). */
  recipient: Hex;
  destinationCaller: Hex;
  /** The source chain's USDC. */
  burnToken: Hex;
  messageSender: Hex;
}

/** A CCTP V1 burn message (message version 0). */
export const cctpMessageV1 = (src: number, dst: number, nonce: bigint, mintRecipient: Hex, amount: bigint, ends: Partial<BurnMessageEnds> = {}) =>
  encodePacked(
    ["uint32", "uint32", "uint32", "uint64", "bytes32", "bytes32", "bytes32", "uint32", "bytes32", "bytes32", "uint256", "bytes32"],
    [
      0,
      src,
      dst,
      nonce,
      ends.sender ?? pad("0x0a"),
      ends.recipient ?? pad("0x0b"),
      ends.destinationCaller ?? pad("0x"),
      0,
      ends.burnToken ?? pad("0x0c"),
      mintRecipient,
      amount,
      ends.messageSender ?? pad("0x0d"),
    ],
  );

/** V2's executed fields (Iris fills them in; the source's copy has a zero nonce and finality) and fee terms. */
export interface BurnMessageV2Terms {
  minFinalityThreshold: number;
  finalityThresholdExecuted: number;
  maxFee: bigint;
  feeExecuted: bigint;
  expirationBlock: bigint;
}

/** A CCTP V2 burn message (message and body version 1); `nonce` null for the source chain's copy (zero nonce and finality). */
export const cctpMessageV2 = (src: number, dst: number, nonce: Hex | null, mintRecipient: Hex, amount: bigint, ends: Partial<BurnMessageEnds> = {}, terms: Partial<BurnMessageV2Terms> = {}) =>
  encodePacked(
    ["uint32", "uint32", "uint32", "bytes32", "bytes32", "bytes32", "bytes32", "uint32", "uint32", "uint32", "bytes32", "bytes32", "uint256", "bytes32", "uint256", "uint256", "uint256"],
    [
      1,
      src,
      dst,
      nonce ?? pad("0x"),
      ends.sender ?? pad("0x01"),
      ends.recipient ?? pad("0x01"),
      ends.destinationCaller ?? pad("0x"),
      terms.minFinalityThreshold ?? 2000,
      nonce ? (terms.finalityThresholdExecuted ?? 2000) : 0,
      1,
      ends.burnToken ?? pad("0x02"),
      mintRecipient,
      amount,
      ends.messageSender ?? pad("0x03"),
      terms.maxFee ?? 0n,
      nonce ? (terms.feeExecuted ?? 0n) : 0n,
      terms.expirationBlock ?? 0n,
    ],
  );

const solanaBytes32 = (a: string): Hex => bytesToHex(new Uint8Array(getAddressEncoder().encode(solAddress(a))));
/** circlefin/sui-cctp @ 70290f70 packages/message_transmitter/sources/auth.move `auth_caller_identifier<Auth>()` and
 * token_messenger_minter/sources/token_utils.move `calculate_token_id<T>()`: keccak256 of the type's full name (address
 * in 64 hex digits, no 0x, as `type_name::into_string` writes it). */
export const suiTypeId = (type: string): Hex => {
  const [pkg, ...rest] = type.split("::");
  return keccak256(toBytes([(pkg as string).replace(/^0x/, "").padStart(64, "0"), ...rest].join("::")));
};

/**
 * What `chain`'s CCTP of `version` writes into a burn message it sends: the message sender (its TokenMessenger) and the
 * burn token; null where Circle runs no such version (Sui has only V1).
 *  - EVM: the TokenMessenger's address (src/TokenMessenger.sol `_sendDepositForBurnMessage`: the message is sent by
 *    the messenger) and USDC's address, as bytes32;
 *  - Solana: the token_messenger_minter program (solana-cctp-contracts @ 76018c2b programs/message-transmitter/src/
 *    instructions/send_message.rs: the sender is `sender_program.key()`) and the USDC mint (deposit_for_burn.rs
 *    `burn_token: burn_token_mint.key()`);
 *  - Sui: `auth_caller_identifier<token_messenger_minter::message_transmitter_authenticator::MessageTransmitterAuthenticator>()`
 *    (sui-cctp @ 70290f70 send_message.move, deposit_for_burn.move) and `calculate_token_id<USDC>()`, with the
 *    TokenMessengerMinter's original id from Circle's Move.lock (./sui/cctp-ids.ts).
 */
export function cctpRemoteIds(chain: ChainId, version: 1 | 2): { tokenMessenger: Hex; usdc: Hex } | null {
  if (chain === "evm-a" || chain === "evm-b") {
    const messenger = version === 2 ? TOKEN_MESSENGER_V2 : TOKEN_MESSENGER[chain];
    if (!messenger) return null;
    return { tokenMessenger: pad(messenger.toLowerCase() as Hex), usdc: pad(USDC[chain].toLowerCase() as Hex) };
  }
  if (chain === "svm-chain") {
    const program = version === 2 ? SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2 : SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1;
    return { tokenMessenger: solanaBytes32(program), usdc: solanaBytes32(USDC["svm-chain"]) };
  }
  if (version === 2) return null;
  const tmm = circleSuiCctp().tokenMessengerMinter;
  return { tokenMessenger: suiTypeId(`${tmm}::message_transmitter_authenticator::MessageTransmitterAuthenticator`), usdc: suiTypeId(USDC["move-chain"]) };
}

const CHAIN_OF_DOMAIN = new Map(Object.entries(CCTP_DOMAIN).map(([chain, domain]) => [domain, chain as ChainId]));

/** The chain of a CCTP domain, when it is one of the service's. */
export const chainOfDomain = (domain: number): ChainId | undefined => CHAIN_OF_DOMAIN.get(domain);

/** The ids of the chain of `domain` (cctpRemoteIds), or a refusal naming the domain. */
function idsOfDomain(domain: number, version: 1 | 2) {
  const chain = CHAIN_OF_DOMAIN.get(domain);
  const ids = chain ? cctpRemoteIds(chain, version) : null;
  if (!ids) throw new Error(`no CCTP V${version} on domain ${domain}`);
  return ids;
}

/** A burn message's ends as the source's CCTP writes them: sender its TokenMessenger, recipient the destination's, burn token the source's USDC. */
export function burnEnds(version: 1 | 2, src: number, dst: number): Pick<BurnMessageEnds, "sender" | "recipient" | "burnToken"> {
  const from = idsOfDomain(src, version);
  return { sender: from.tokenMessenger, recipient: idsOfDomain(dst, version).tokenMessenger, burnToken: from.usdc };
}
