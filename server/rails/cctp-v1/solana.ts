// Circle CCTP V1 on Solana (routes with move-chain as one end, which has only V1): token_messenger_minter and
// message_transmitter, the same instruction shapes as V2 less V2's additions (circlefin/solana-cctp-contracts @
// 76018c2b28bb44ef10affa97216a0d983c88e5f8, examples/target/idl/token_messenger_minter_031.json and
// message_transmitter_031.json; examples/depositForBurn.ts, examples/receiveMessage.ts). The shared parts: ../cctp/solana.ts.
import type { Address, Instruction } from "@solana/kit";
import { hexToBytes, type Hex } from "viem";
import type { SolanaPayload } from "../../chains/solana";
import { burnWithEventAccount, depositForBurnIx, receiveIx, receiveMessagePdas, type ServiceFeeTransfer, SOLANA_CCTP_V1 } from "../cctp/solana";

export { MESSAGE_TRANSMITTER_V1_PROGRAM, TOKEN_MESSENGER_MINTER_V1, usedNoncesV1 } from "../cctp/solana";

/** The V1 deposit_for_burn instruction (token_messenger_minter_031.json account order; examples/depositForBurn.ts). */
export async function depositForBurnInstructionV1(owner: string, eventAccount: Address, amount: bigint, destinationDomain: number, mintRecipient: Hex): Promise<Instruction> {
  // V1 DepositForBurnParams (token_messenger_minter_031.json `types`): amount, destination_domain, mint_recipient.
  return depositForBurnIx(SOLANA_CCTP_V1, owner, eventAccount, destinationDomain, { amount, destination_domain: destinationDomain, mint_recipient: hexToBytes(mintRecipient, { size: 32 }) });
}

/** The owner's V1 burn on svm-chain (routes to or from move-chain), signed by a fresh MessageSent event account as in V2. */
export async function solanaBurnV1(owner: string, amount: bigint, destinationDomain: number, mintRecipient: Hex, fee: ServiceFeeTransfer | null = null): Promise<{ payload: SolanaPayload; eventAccount: string }> {
  return burnWithEventAccount(owner, (eventAccount) => depositForBurnInstructionV1(owner, eventAccount, amount, destinationDomain, mintRecipient), fee);
}

/**
 * message_transmitter (V1) `receive_message` with token_messenger_minter's handle_receive_message accounts as remaining
 * accounts in the order of Circle's examples/receiveMessage.ts (V1 takes no fee recipient).
 */
export async function receiveMessageInstructionV1(payer: string, message: Hex, attestation: Hex, remoteDomain: number, remoteToken: Hex, nonce: bigint, recipientTokenAccount: string): Promise<Instruction> {
  return receiveIx(SOLANA_CCTP_V1, payer, message, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce, SOLANA_CCTP_V1), recipientTokenAccount, null);
}

