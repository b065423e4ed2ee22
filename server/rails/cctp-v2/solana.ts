// Circle CCTP V2 on Solana: token_messenger_minter_v2 `deposit_for_burn` and message_transmitter_v2 `receive_message`
// (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8, examples/target/idl/token_messenger_minter_v2.json
// and message_transmitter_v2.json; examples/v2/solana.ts). The parts V1 shares: ../cctp/solana.ts.
import { type Address, address, type Instruction } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { hexToBytes, type Hex } from "viem";
import { USDC } from "../../chains/balances";
import type { SolanaPayload } from "../../chains/solana";
import { programAccount, pubkeyAt } from "../../chains/solana/accounts";
import {
  burnWithEventAccount,
  depositForBurnIx,
  receiveIx,
  receiveMessagePdas,
  type ServiceFeeTransfer,
  SOLANA_CCTP_V2,
  TOKEN_MESSENGER_MINTER_V2,
} from "../cctp/solana";
import type { Speed } from "../types";
import { FINALITY_THRESHOLD } from "./evm";

export { MESSAGE_TRANSMITTER_V2_PROGRAM, TOKEN_MESSENGER_MINTER_V2 } from "../cctp/solana";

/** The deposit_for_burn instruction (V2), its DepositForBurnParams as token_messenger_minter_v2.json `types` declares them. */
export async function depositForBurnInstruction(owner: string, eventAccount: Address, amount: bigint, destinationDomain: number, mintRecipient: Hex, maxFee: bigint, speed: Speed): Promise<Instruction> {
  return depositForBurnIx(SOLANA_CCTP_V2, owner, eventAccount, destinationDomain, {
    amount,
    destination_domain: destinationDomain,
    mint_recipient: hexToBytes(mintRecipient, { size: 32 }),
    destination_caller: new Uint8Array(32), // Pubkey::default(): anyone may receive
    max_fee: maxFee,
    min_finality_threshold: FINALITY_THRESHOLD[speed],
  });
}

/**
 * The owner's burn transaction on svm-chain, signed by a fresh MessageSent event account; throws RpcUnavailable when
 * no recent blockhash can be read. Its blockhash cannot be replaced by the wallet (the event key is gone): an expired
 * plan is re-requested.
 */
export async function solanaBurnV2(
  owner: string,
  amount: bigint,
  destinationDomain: number,
  mintRecipient: Hex,
  maxFee: bigint,
  speed: Speed,
  fee: ServiceFeeTransfer | null = null,
): Promise<{ payload: SolanaPayload; eventAccount: string }> {
  return burnWithEventAccount(owner, (eventAccount) => depositForBurnInstruction(owner, eventAccount, amount, destinationDomain, mintRecipient, maxFee, speed), fee);
}

/** token_messenger_minter_v2 IDL `accounts[TokenMessenger].discriminator`. */
export const TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR = new Uint8Array([162, 4, 242, 52, 147, 243, 221, 96]);
/**
 * TokenMessenger (IDL `types[TokenMessenger]`): after the 8-byte discriminator, denylister, owner, pending_owner (3 × 32),
 * message_body_version u32, authority_bump u8, then fee_recipient (32) at byte 8 + 96 + 4 + 1 = 109.
 */
export const TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET = 109;

/**
 * message_transmitter_v2 `receive_message(ReceiveMessageParams { message, attestation })` with the token messenger's
 * accounts as remaining accounts, in the order of Circle's examples/v2/solana.ts `receiveMessageSol`. `recipientTokenAccount`
 * is the message's mint recipient (a USDC token account); `feeRecipient` the TokenMessenger's fee_recipient (read from chain).
 */
export async function receiveMessageInstruction(payer: string, message: Hex, attestation: Hex, remoteDomain: number, remoteToken: Hex, nonce: Hex, recipientTokenAccount: string, feeRecipient: string): Promise<Instruction> {
  const mint = address(USDC["svm-chain"]);
  const [feeRecipientAta] = await findAssociatedTokenPda({ owner: address(feeRecipient), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return receiveIx(SOLANA_CCTP_V2, payer, message, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce), recipientTokenAccount, feeRecipientAta);
}

/** The TokenMessenger's fee_recipient, read from chain (checked: owner program, discriminator, length). */
export async function readFeeRecipient(signal: AbortSignal): Promise<string> {
  const { tokenMessenger } = await receiveMessagePdas(0, `0x${"00".repeat(32)}`, `0x${"00".repeat(32)}`);
  const data = await programAccount(tokenMessenger, TOKEN_MESSENGER_MINTER_V2, "CCTP V2 TokenMessenger", signal, {
    discriminator: TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR,
    minLength: TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET + 32,
  });
  return pubkeyAt(data, TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET);
}
