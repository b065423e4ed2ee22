// CCTP V2 burn on Solana: token_messenger_minter_v2 `deposit_for_burn`, accounts and arguments from Circle's IDL
// (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8, examples/target/idl/token_messenger_minter_v2.json;
// PDA seeds from examples/utils.ts `getDepositForBurnPdas` and the IDL's `pda.seeds`; the flow from examples/v2/solana.ts
// `depositForBurnSol`). The MessageSent event account is a fresh keypair that must sign: the service generates it,
// signs the transaction with it and forgets it (the account holds only rent, which the owner reclaims with
// `reclaim_event_account`); the owner signs as fee payer, owner and event rent payer. The receive side is
// message_transmitter_v2 `receive_message` (examples/target/idl/message_transmitter_v2.json, examples/v2/solana.ts).
import {
  AccountRole,
  type Address,
  address,
  generateKeyPair,
  getAddressEncoder,
  getAddressFromPublicKey,
  getProgramDerivedAddress,
  getU32Encoder,
  getU64Encoder,
  getUtf8Encoder,
  type Instruction,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { hexToBytes, type Hex } from "viem";
import { USDC } from "../chains/balances";
import { type SolanaPayload, solanaPayload } from "../chains/solana";
import { programAccount, pubkeyAt } from "../venues/readers/solana";
import { FINALITY_THRESHOLD, type Speed } from "./cctp";

/** token_messenger_minter_v2 (IDL `address`; @circle-fin/provider-cctp-v2 1.14.0 Solana `cctp.contracts.v2.tokenMessenger`). */
export const TOKEN_MESSENGER_MINTER_V2 = address("CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe");
/** message_transmitter_v2 (IDL `deposit_for_burn.accounts.message_transmitter_program.address`; provider-cctp-v2 1.14.0 `messageTransmitter`). */
// source: circlefin/solana-cctp-contracts idl commit 76018c2b (tests/fixtures/cctp).
export const MESSAGE_TRANSMITTER_V2_PROGRAM = address("CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC");
/** IDL `deposit_for_burn.accounts.system_program.address`. */
// source: the same idl (system_program address).
const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
/** IDL `deposit_for_burn.discriminator`. */
export const DEPOSIT_FOR_BURN_DISCRIMINATOR = new Uint8Array([215, 60, 61, 46, 114, 55, 128, 176]);

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

async function pda(program: Address, ...seeds: (string | Uint8Array)[]): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: seeds.map((s) => (typeof s === "string" ? utf8.encode(s) : s)) });
  return a;
}

/** The PDAs of deposit_for_burn for `owner` and `destinationDomain` (seeds: examples/utils.ts, IDL `pda.seeds`). */
export async function depositForBurnPdas(owner: string, destinationDomain: number) {
  const mint = address(USDC["svm-chain"]);
  return {
    senderAuthority: await pda(TOKEN_MESSENGER_MINTER_V2, "sender_authority"),
    denylist: await pda(TOKEN_MESSENGER_MINTER_V2, "denylist_account", addr.encode(address(owner)) as Uint8Array),
    messageTransmitter: await pda(MESSAGE_TRANSMITTER_V2_PROGRAM, "message_transmitter"),
    tokenMessenger: await pda(TOKEN_MESSENGER_MINTER_V2, "token_messenger"),
    remoteTokenMessenger: await pda(TOKEN_MESSENGER_MINTER_V2, "remote_token_messenger", String(destinationDomain)),
    tokenMinter: await pda(TOKEN_MESSENGER_MINTER_V2, "token_minter"),
    localToken: await pda(TOKEN_MESSENGER_MINTER_V2, "local_token", addr.encode(mint) as Uint8Array),
    eventAuthority: await pda(TOKEN_MESSENGER_MINTER_V2, "__event_authority"),
  };
}

/** DepositForBurnParams (repr C, Borsh): amount u64, destination_domain u32, mint_recipient pubkey, destination_caller pubkey, max_fee u64, min_finality_threshold u32. */
export function depositForBurnData(amount: bigint, destinationDomain: number, mintRecipient: Hex, maxFee: bigint, speed: Speed): Uint8Array {
  const parts = [
    DEPOSIT_FOR_BURN_DISCRIMINATOR,
    getU64Encoder().encode(amount),
    getU32Encoder().encode(destinationDomain),
    hexToBytes(mintRecipient, { size: 32 }),
    new Uint8Array(32), // destination_caller: Pubkey::default(), anyone may receive
    getU64Encoder().encode(maxFee),
    getU32Encoder().encode(FINALITY_THRESHOLD[speed]),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The deposit_for_burn instruction, accounts in IDL order. */
export async function depositForBurnInstruction(owner: string, eventAccount: Address, amount: bigint, destinationDomain: number, mintRecipient: Hex, maxFee: bigint, speed: Speed): Promise<Instruction> {
  const o = address(owner);
  const mint = address(USDC["svm-chain"]);
  const p = await depositForBurnPdas(owner, destinationDomain);
  const [burnTokenAccount] = await findAssociatedTokenPda({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const R = AccountRole;
  return {
    programAddress: TOKEN_MESSENGER_MINTER_V2,
    accounts: [
      { address: o, role: R.READONLY_SIGNER }, // owner
      { address: o, role: R.WRITABLE_SIGNER }, // event_rent_payer
      { address: p.senderAuthority, role: R.READONLY },
      { address: burnTokenAccount, role: R.WRITABLE },
      { address: p.denylist, role: R.READONLY },
      { address: p.messageTransmitter, role: R.WRITABLE },
      { address: p.tokenMessenger, role: R.READONLY },
      { address: p.remoteTokenMessenger, role: R.READONLY },
      { address: p.tokenMinter, role: R.READONLY },
      { address: p.localToken, role: R.WRITABLE },
      { address: mint, role: R.WRITABLE }, // burn_token_mint
      { address: eventAccount, role: R.WRITABLE_SIGNER }, // message_sent_event_data
      { address: MESSAGE_TRANSMITTER_V2_PROGRAM, role: R.READONLY },
      { address: TOKEN_MESSENGER_MINTER_V2, role: R.READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: R.READONLY },
      { address: SYSTEM_PROGRAM, role: R.READONLY },
      { address: p.eventAuthority, role: R.READONLY },
      { address: TOKEN_MESSENGER_MINTER_V2, role: R.READONLY }, // program (Anchor event CPI)
    ],
    data: depositForBurnData(amount, destinationDomain, mintRecipient, maxFee, speed),
  };
}

/**
 * The owner's burn transaction on svm-chain, signed by a fresh MessageSent event account; throws RpcUnavailable when
 * no recent blockhash can be read. Its blockhash cannot be replaced by the wallet (the event key is gone): an expired
 * plan is re-requested.
 */
export async function solanaBurnV2(owner: string, amount: bigint, destinationDomain: number, mintRecipient: Hex, maxFee: bigint, speed: Speed): Promise<{ payload: SolanaPayload; eventAccount: string }> {
  const event = await generateKeyPair();
  const eventAccount = await getAddressFromPublicKey(event.publicKey);
  const ix = await depositForBurnInstruction(owner, eventAccount, amount, destinationDomain, mintRecipient, maxFee, speed);
  return { payload: await solanaPayload(owner, [ix], [event]), eventAccount };
}

/** message_transmitter_v2 IDL (same commit, examples/target/idl/message_transmitter_v2.json): `receive_message.discriminator`. */
export const RECEIVE_MESSAGE_DISCRIMINATOR = new Uint8Array([38, 144, 127, 225, 31, 225, 238, 25]);
/** token_messenger_minter_v2 IDL `accounts[TokenMessenger].discriminator`. */
export const TOKEN_MESSENGER_ACCOUNT_DISCRIMINATOR = new Uint8Array([162, 4, 242, 52, 147, 243, 221, 96]);
/**
 * TokenMessenger (IDL `types[TokenMessenger]`): after the 8-byte discriminator, denylister, owner, pending_owner (3 × 32),
 * message_body_version u32, authority_bump u8, then fee_recipient (32) at byte 8 + 96 + 4 + 1 = 109.
 */
export const TOKEN_MESSENGER_FEE_RECIPIENT_OFFSET = 109;

/** The PDAs of receive_message for a message from `remoteDomain` burning `remoteToken` (examples/v2/utilsV2.ts `getReceiveMessagePdasV2`). */
export async function receiveMessagePdas(remoteDomain: number, remoteToken: Hex, nonce: Hex) {
  const mint = address(USDC["svm-chain"]);
  return {
    authority: await pda(MESSAGE_TRANSMITTER_V2_PROGRAM, "message_transmitter_authority", addr.encode(TOKEN_MESSENGER_MINTER_V2) as Uint8Array),
    messageTransmitter: await pda(MESSAGE_TRANSMITTER_V2_PROGRAM, "message_transmitter"),
    usedNonce: await pda(MESSAGE_TRANSMITTER_V2_PROGRAM, "used_nonce", hexToBytes(nonce, { size: 32 })),
    mtEventAuthority: await pda(MESSAGE_TRANSMITTER_V2_PROGRAM, "__event_authority"),
    tokenMessenger: await pda(TOKEN_MESSENGER_MINTER_V2, "token_messenger"),
    remoteTokenMessenger: await pda(TOKEN_MESSENGER_MINTER_V2, "remote_token_messenger", String(remoteDomain)),
    tokenMinter: await pda(TOKEN_MESSENGER_MINTER_V2, "token_minter"),
    localToken: await pda(TOKEN_MESSENGER_MINTER_V2, "local_token", addr.encode(mint) as Uint8Array),
    tokenPair: await pda(TOKEN_MESSENGER_MINTER_V2, "token_pair", String(remoteDomain), hexToBytes(remoteToken, { size: 32 })),
    custody: await pda(TOKEN_MESSENGER_MINTER_V2, "custody", addr.encode(mint) as Uint8Array),
    tmmEventAuthority: await pda(TOKEN_MESSENGER_MINTER_V2, "__event_authority"),
  };
}

/** Borsh `bytes`: u32 little-endian length, then the bytes. */
function borshBytes(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + b.length);
  out.set(getU32Encoder().encode(b.length) as Uint8Array, 0);
  out.set(b, 4);
  return out;
}

/**
 * message_transmitter_v2 `receive_message(ReceiveMessageParams { message, attestation })` with the token messenger's
 * accounts as remaining accounts, in the order of Circle's examples/v2/solana.ts `receiveMessageSol`. `recipientTokenAccount`
 * is the message's mint recipient (a USDC token account); `feeRecipient` the TokenMessenger's fee_recipient (read from chain).
 */
export async function receiveMessageInstruction(payer: string, message: Hex, attestation: Hex, remoteDomain: number, remoteToken: Hex, nonce: Hex, recipientTokenAccount: string, feeRecipient: string): Promise<Instruction> {
  const p = await receiveMessagePdas(remoteDomain, remoteToken, nonce);
  const mint = address(USDC["svm-chain"]);
  const [feeRecipientAta] = await findAssociatedTokenPda({ owner: address(feeRecipient), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const R = AccountRole;
  const m = hexToBytes(message);
  const a = hexToBytes(attestation);
  const data = new Uint8Array(8 + 4 + m.length + 4 + a.length);
  data.set(RECEIVE_MESSAGE_DISCRIMINATOR, 0);
  data.set(borshBytes(m), 8);
  data.set(borshBytes(a), 12 + m.length);
  const o = address(payer);
  return {
    programAddress: MESSAGE_TRANSMITTER_V2_PROGRAM,
    accounts: [
      { address: o, role: R.WRITABLE_SIGNER }, // payer
      { address: o, role: R.READONLY_SIGNER }, // caller
      { address: p.authority, role: R.READONLY },
      { address: p.messageTransmitter, role: R.READONLY },
      { address: p.usedNonce, role: R.WRITABLE },
      { address: TOKEN_MESSENGER_MINTER_V2, role: R.READONLY }, // receiver
      { address: SYSTEM_PROGRAM, role: R.READONLY },
      { address: p.mtEventAuthority, role: R.READONLY },
      { address: MESSAGE_TRANSMITTER_V2_PROGRAM, role: R.READONLY }, // program (Anchor event CPI)
      // remaining accounts for the token messenger's handle_receive_*_message
      { address: p.tokenMessenger, role: R.READONLY },
      { address: p.remoteTokenMessenger, role: R.READONLY },
      { address: p.tokenMinter, role: R.WRITABLE },
      { address: p.localToken, role: R.WRITABLE },
      { address: p.tokenPair, role: R.READONLY },
      { address: feeRecipientAta, role: R.WRITABLE },
      { address: address(recipientTokenAccount), role: R.WRITABLE },
      { address: p.custody, role: R.WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: R.READONLY },
      { address: p.tmmEventAuthority, role: R.READONLY },
      { address: TOKEN_MESSENGER_MINTER_V2, role: R.READONLY },
    ],
    data,
  };
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
