// CCTP burn messages as the source chain's MessageTransmitter emits them and Circle attests them, for the local chains
// and Iris. Layouts: V1 = circlefin/evm-cctp-contracts src/messages/Message.sol + BurnMessage.sol (message and body
// version 0); V2 = src/messages/v2/MessageV2.sol + BurnMessageV2.sol (version 1), the same fields the Solana programs
// read (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 programs/message-transmitter/src/message.rs,
// programs/v2/message-transmitter-v2/src/message.rs, token_messenger{,_v2}/burn_message.rs). Every bytes32 is given as hex.
import { encodePacked, type Hex, pad } from "viem";

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
