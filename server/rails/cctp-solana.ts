// CCTP V2 burn on Solana: token_messenger_minter_v2 `deposit_for_burn`, accounts and arguments from Circle's IDL
// (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8, examples/target/idl/token_messenger_minter_v2.json;
// PDA seeds from examples/utils.ts `getDepositForBurnPdas` and the IDL's `pda.seeds`; the flow from examples/v2/solana.ts
// `depositForBurnSol`). The MessageSent event account is a fresh keypair that must sign: the service generates it,
// signs the transaction with it and forgets it (the account holds only rent, which the owner reclaims with
// `reclaim_event_account`); the owner signs as fee payer, owner and event rent payer. The receive side is
// message_transmitter_v2 `receive_message` (examples/target/idl/message_transmitter_v2.json, examples/v2/solana.ts).
// CCTP V1 (routes with move-chain as one end, which has only V1): the V1 programs token_messenger_minter and
// message_transmitter take the same instruction shapes less V2's additions, at the same commit:
// examples/target/idl/token_messenger_minter_031.json and message_transmitter_031.json (accounts and discriminators),
// examples/utils.ts `getDepositForBurnPdas` / `getReceiveMessagePdas` (seeds), examples/depositForBurn.ts and
// examples/receiveMessage.ts (flows), programs/message-transmitter/src/instructions/get_nonce_pda.rs and state.rs
// (`used_nonces` seeds: the source domain, a "-" delimiter for domains ≥ 11, and the first nonce of its 6400-nonce set).
import {
  AccountRole,
  type Address,
  createNoopSigner,
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
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { hexToBytes, type Hex } from "viem";
import { SOLANA_CCTP_PROGRAMS } from "../../lib/cctp-ids";
import { USDC } from "../chains/balances";
import { type SolanaPayload, solanaPayload, splTokenAccountOf } from "../chains/solana";
import { programAccount, pubkeyAt } from "../chains/solana/accounts";
import { FINALITY_THRESHOLD, type Speed } from "./cctp";

// Circle's four Solana programs, each cited in lib/cctp-ids.ts (client-safe, so the recipient check refuses them too).
export const TOKEN_MESSENGER_MINTER_V2 = address(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2);
export const MESSAGE_TRANSMITTER_V2_PROGRAM = address(SOLANA_CCTP_PROGRAMS.messageTransmitterV2);
export const TOKEN_MESSENGER_MINTER_V1 = address(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1);
export const MESSAGE_TRANSMITTER_V1_PROGRAM = address(SOLANA_CCTP_PROGRAMS.messageTransmitterV1);

/** One CCTP version's two programs on Solana. */
export interface SolanaCctp {
  version: 1 | 2;
  tokenMessengerMinter: Address;
  messageTransmitter: Address;
}
export const SOLANA_CCTP_V1: SolanaCctp = { version: 1, tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V1, messageTransmitter: MESSAGE_TRANSMITTER_V1_PROGRAM };

/** IDL `deposit_for_burn.accounts.system_program.address`. */
// source: circlefin/solana-cctp-contracts 76018c2b examples/target/idl/token_messenger_minter_v2.json deposit_for_burn.accounts.system_program.address.
export const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
/** IDL `deposit_for_burn.discriminator` (the same in token_messenger_minter_031.json: the instruction keeps its name). */
export const DEPOSIT_FOR_BURN_DISCRIMINATOR = new Uint8Array([215, 60, 61, 46, 114, 55, 128, 176]);
export const SOLANA_CCTP_V2: SolanaCctp = { version: 2, tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V2, messageTransmitter: MESSAGE_TRANSMITTER_V2_PROGRAM };

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

/** A program-derived address from utf-8 and byte seeds (Circle's examples/utils.ts `findProgramAddress`). */
export async function pda(program: Address, ...seeds: (string | Uint8Array)[]): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: seeds.map((s) => (typeof s === "string" ? utf8.encode(s) : s)) });
  return a;
}

/**
 * The PDAs of deposit_for_burn for `owner` and `destinationDomain` (seeds: examples/utils.ts, IDL `pda.seeds`); the
 * denylist account exists in V2 only.
 */
export async function depositForBurnPdas(owner: string, destinationDomain: number, cctp: SolanaCctp = SOLANA_CCTP_V2) {
  const mint = address(USDC["svm-chain"]);
  const tmm = cctp.tokenMessengerMinter;
  return {
    senderAuthority: await pda(tmm, "sender_authority"),
    denylist: cctp.version === 2 ? await pda(tmm, "denylist_account", addr.encode(address(owner)) as Uint8Array) : null,
    messageTransmitter: await pda(cctp.messageTransmitter, "message_transmitter"),
    tokenMessenger: await pda(tmm, "token_messenger"),
    remoteTokenMessenger: await pda(tmm, "remote_token_messenger", String(destinationDomain)),
    tokenMinter: await pda(tmm, "token_minter"),
    localToken: await pda(tmm, "local_token", addr.encode(mint) as Uint8Array),
    eventAuthority: await pda(tmm, "__event_authority"),
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
  return concat(parts);
}

/** V1 DepositForBurnParams (token_messenger_minter_031.json `types`): amount u64, destination_domain u32, mint_recipient pubkey. */
export function depositForBurnDataV1(amount: bigint, destinationDomain: number, mintRecipient: Hex): Uint8Array {
  return concat([DEPOSIT_FOR_BURN_DISCRIMINATOR, getU64Encoder().encode(amount) as Uint8Array, getU32Encoder().encode(destinationDomain) as Uint8Array, hexToBytes(mintRecipient, { size: 32 })]);
}

function concat(parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The deposit_for_burn instruction (V2), accounts in IDL order. */
export async function depositForBurnInstruction(owner: string, eventAccount: Address, amount: bigint, destinationDomain: number, mintRecipient: Hex, maxFee: bigint, speed: Speed): Promise<Instruction> {
  return depositForBurnIx(SOLANA_CCTP_V2, owner, eventAccount, destinationDomain, depositForBurnData(amount, destinationDomain, mintRecipient, maxFee, speed));
}

/** The V1 deposit_for_burn instruction (token_messenger_minter_031.json account order; examples/depositForBurn.ts). */
export async function depositForBurnInstructionV1(owner: string, eventAccount: Address, amount: bigint, destinationDomain: number, mintRecipient: Hex): Promise<Instruction> {
  return depositForBurnIx(SOLANA_CCTP_V1, owner, eventAccount, destinationDomain, depositForBurnDataV1(amount, destinationDomain, mintRecipient));
}

/** deposit_for_burn's accounts, one list for both versions: V2 adds the owner's denylist account after the burn token account. */
async function depositForBurnIx(cctp: SolanaCctp, owner: string, eventAccount: Address, destinationDomain: number, data: Uint8Array): Promise<Instruction> {
  const o = address(owner);
  const mint = address(USDC["svm-chain"]);
  const p = await depositForBurnPdas(owner, destinationDomain, cctp);
  const [burnTokenAccount] = await findAssociatedTokenPda({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const R = AccountRole;
  return {
    programAddress: cctp.tokenMessengerMinter,
    accounts: [
      { address: o, role: R.READONLY_SIGNER }, // owner
      { address: o, role: R.WRITABLE_SIGNER }, // event_rent_payer
      { address: p.senderAuthority, role: R.READONLY },
      { address: burnTokenAccount, role: R.WRITABLE },
      ...(p.denylist ? [{ address: p.denylist, role: R.READONLY }] : []),
      { address: p.messageTransmitter, role: R.WRITABLE },
      { address: p.tokenMessenger, role: R.READONLY },
      { address: p.remoteTokenMessenger, role: R.READONLY },
      { address: p.tokenMinter, role: R.READONLY },
      { address: p.localToken, role: R.WRITABLE },
      { address: mint, role: R.WRITABLE }, // burn_token_mint
      { address: eventAccount, role: R.WRITABLE_SIGNER }, // message_sent_event_data
      { address: cctp.messageTransmitter, role: R.READONLY },
      { address: cctp.tokenMessengerMinter, role: R.READONLY },
      { address: TOKEN_PROGRAM_ADDRESS, role: R.READONLY },
      { address: SYSTEM_PROGRAM, role: R.READONLY },
      { address: p.eventAuthority, role: R.READONLY },
      { address: cctp.tokenMessengerMinter, role: R.READONLY }, // program (Anchor event CPI)
    ],
    data,
  };
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
  const event = await generateKeyPair();
  const eventAccount = await getAddressFromPublicKey(event.publicKey);
  const ix = await depositForBurnInstruction(owner, eventAccount, amount, destinationDomain, mintRecipient, maxFee, speed);
  return { payload: await solanaPayload(owner, [ix, ...(await feeTransfer(owner, fee))], [event]), eventAccount };
}

/** The owner's V1 burn on svm-chain (routes to or from move-chain), signed by a fresh MessageSent event account as in V2. */
export async function solanaBurnV1(owner: string, amount: bigint, destinationDomain: number, mintRecipient: Hex, fee: ServiceFeeTransfer | null = null): Promise<{ payload: SolanaPayload; eventAccount: string }> {
  const event = await generateKeyPair();
  const eventAccount = await getAddressFromPublicKey(event.publicKey);
  const ix = await depositForBurnInstructionV1(owner, eventAccount, amount, destinationDomain, mintRecipient);
  return { payload: await solanaPayload(owner, [ix, ...(await feeTransfer(owner, fee))], [event]), eventAccount };
}

/** The service fee a burn transaction also pays: `amount` micro-USDC to the USDC associated token account of `recipient`. */
export interface ServiceFeeTransfer {
  recipient: string;
  amount: bigint;
}

/** USDC has 6 decimals on Solana (its mint account's `decimals`); transferChecked refuses any other figure. */
const USDC_DECIMALS = 6;

/**
 * SPL Token transferChecked of the service fee from the owner's USDC associated account to the recipient's, in the
 * burn's own transaction (so the fee is taken only if the burn is). The recipient's account is not created here (the
 * plan reads that it exists first: see `usdcAccountOf`), so the owner never pays rent for the service's account.
 */
export async function feeTransfer(owner: string, fee: ServiceFeeTransfer | null): Promise<Instruction[]> {
  if (!fee || fee.amount === 0n) return [];
  const mint = address(USDC["svm-chain"]);
  const o = address(owner);
  const [source] = await findAssociatedTokenPda({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [destination] = await findAssociatedTokenPda({ owner: address(fee.recipient), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return [getTransferCheckedInstruction({ source, mint, destination, authority: createNoopSigner(o), amount: fee.amount, decimals: USDC_DECIMALS })];
}

/**
 * The USDC associated token account of `owner` and whether it exists on svm-chain (getAccountInfo: an account owned by
 * SPL Token). Throws when the RPC does not answer.
 */
export function usdcAccountOf(owner: string, signal: AbortSignal): Promise<{ account: string; exists: boolean }> {
  return splTokenAccountOf(owner, USDC["svm-chain"], signal);
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

/**
 * The PDAs of receive_message for a message from `remoteDomain` burning `remoteToken` (V2: examples/v2/utilsV2.ts
 * `getReceiveMessagePdasV2`, `used_nonce` + the 32-byte nonce; V1: examples/utils.ts `getReceiveMessagePdas`, the
 * `used_nonces` set of get_nonce_pda.rs for a u64 nonce).
 */
export async function receiveMessagePdas(remoteDomain: number, remoteToken: Hex, nonce: Hex | bigint, cctp: SolanaCctp = SOLANA_CCTP_V2) {
  const mint = address(USDC["svm-chain"]);
  const mt = cctp.messageTransmitter;
  const tmm = cctp.tokenMessengerMinter;
  return {
    authority: await pda(mt, "message_transmitter_authority", addr.encode(tmm) as Uint8Array),
    messageTransmitter: await pda(mt, "message_transmitter"),
    usedNonce: typeof nonce === "bigint" ? await usedNoncesV1(remoteDomain, nonce) : await pda(mt, "used_nonce", hexToBytes(nonce, { size: 32 })),
    mtEventAuthority: await pda(mt, "__event_authority"),
    tokenMessenger: await pda(tmm, "token_messenger"),
    remoteTokenMessenger: await pda(tmm, "remote_token_messenger", String(remoteDomain)),
    tokenMinter: await pda(tmm, "token_minter"),
    localToken: await pda(tmm, "local_token", addr.encode(mint) as Uint8Array),
    tokenPair: await pda(tmm, "token_pair", String(remoteDomain), hexToBytes(remoteToken, { size: 32 })),
    custody: await pda(tmm, "custody", addr.encode(mint) as Uint8Array),
    tmmEventAuthority: await pda(tmm, "__event_authority"),
  };
}

/** UsedNonces::MAX_NONCES (programs/message-transmitter/src/state.rs). */
const MAX_NONCES = 6400n;

/**
 * V1 `used_nonces` PDA (get_nonce_pda.rs): ["used_nonces", source_domain as decimal, "" or "-" for domains ≥ 11
 * (used_nonces_seed_delimiter), first_nonce as decimal], first_nonce = (nonce − 1) / 6400 × 6400 + 1.
 */
export async function usedNoncesV1(sourceDomain: number, nonce: bigint): Promise<Address> {
  if (nonce <= 0n) throw new Error("a CCTP V1 nonce is at least 1");
  const first = ((nonce - 1n) / MAX_NONCES) * MAX_NONCES + 1n;
  return pda(MESSAGE_TRANSMITTER_V1_PROGRAM, "used_nonces", String(sourceDomain), sourceDomain < 11 ? "" : "-", first.toString());
}

/** Borsh `bytes`: u32 little-endian length, then the bytes. */
export function borshBytes(b: Uint8Array): Uint8Array {
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
  const mint = address(USDC["svm-chain"]);
  const [feeRecipientAta] = await findAssociatedTokenPda({ owner: address(feeRecipient), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return receiveIx(SOLANA_CCTP_V2, payer, message, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce), recipientTokenAccount, feeRecipientAta);
}

/**
 * message_transmitter (V1) `receive_message` with token_messenger_minter's handle_receive_message accounts as remaining
 * accounts in the order of Circle's examples/receiveMessage.ts (V1 takes no fee recipient).
 */
export async function receiveMessageInstructionV1(payer: string, message: Hex, attestation: Hex, remoteDomain: number, remoteToken: Hex, nonce: bigint, recipientTokenAccount: string): Promise<Instruction> {
  return receiveIx(SOLANA_CCTP_V1, payer, message, attestation, await receiveMessagePdas(remoteDomain, remoteToken, nonce, SOLANA_CCTP_V1), recipientTokenAccount, null);
}

/**
 * The instructions of a Solana receive: the destination's USDC associated token account created idempotently first
 * (receive_message mints into the message's mint recipient and does not create it; the owner pays its rent, as the lending
 * builders do for their token accounts), then `receive`. When the mint recipient is not the owner's USDC associated
 * account (a plan stores the owner's ATA, so this does not happen), nothing is created.
 */
export async function withRecipientAccount(owner: string, recipientTokenAccount: string, receive: Instruction): Promise<Instruction[]> {
  const o = address(owner);
  const mint = address(USDC["svm-chain"]);
  const [ata] = await findAssociatedTokenPda({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  if (ata !== recipientTokenAccount) return [receive];
  return [getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(o), ata, owner: o, mint }), receive];
}

/** receive_message's accounts, one list for both versions: V2 adds the fee recipient's USDC account before the mint recipient. */
function receiveIx(cctp: SolanaCctp, payer: string, message: Hex, attestation: Hex, p: Awaited<ReturnType<typeof receiveMessagePdas>>, recipientTokenAccount: string, feeRecipientAta: Address | null): Instruction {
  const R = AccountRole;
  const m = hexToBytes(message);
  const a = hexToBytes(attestation);
  const data = new Uint8Array(8 + 4 + m.length + 4 + a.length);
  data.set(RECEIVE_MESSAGE_DISCRIMINATOR, 0);
  data.set(borshBytes(m), 8);
  data.set(borshBytes(a), 12 + m.length);
  const o = address(payer);
  return {
    programAddress: cctp.messageTransmitter,
    accounts: [
      { address: o, role: R.WRITABLE_SIGNER }, // payer
      { address: o, role: R.READONLY_SIGNER }, // caller
      { address: p.authority, role: R.READONLY },
      { address: p.messageTransmitter, role: R.READONLY },
      { address: p.usedNonce, role: R.WRITABLE },
      { address: cctp.tokenMessengerMinter, role: R.READONLY }, // receiver
      { address: SYSTEM_PROGRAM, role: R.READONLY },
      { address: p.mtEventAuthority, role: R.READONLY },
      { address: cctp.messageTransmitter, role: R.READONLY }, // program (Anchor event CPI)
      // remaining accounts for the token messenger's handle_receive_*_message
      { address: p.tokenMessenger, role: R.READONLY },
      { address: p.remoteTokenMessenger, role: R.READONLY },
      { address: p.tokenMinter, role: R.WRITABLE },
      { address: p.localToken, role: R.WRITABLE },
      { address: p.tokenPair, role: R.READONLY },
      ...(feeRecipientAta ? [{ address: feeRecipientAta, role: R.WRITABLE }] : []),
      { address: address(recipientTokenAccount), role: R.WRITABLE },
      { address: p.custody, role: R.WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: R.READONLY },
      { address: p.tmmEventAuthority, role: R.READONLY },
      { address: cctp.tokenMessengerMinter, role: R.READONLY },
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
