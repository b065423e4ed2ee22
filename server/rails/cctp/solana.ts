// Circle CCTP on Solana, the parts V1 and V2 share (the V2 burn and receive: ../cctp-v2/solana.ts; V1: ../cctp-v1/solana.ts).
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
  getUtf8Encoder,
  type Instruction,
} from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { hexToBytes, type Hex } from "viem";
import { SOLANA_CCTP_PROGRAMS } from "../../../lib/cctp-ids";
import { USDC } from "../../chains/balances";
import { type SolanaPayload, solanaPayload, splTokenAccountOf } from "../../chains/solana";
import { anchorInstruction, type IdlInstruction, type IdlValue } from "../../chains/solana/idl";
import {
  CCTP_MESSAGE_TRANSMITTER_V1_IDL,
  CCTP_MESSAGE_TRANSMITTER_V2_IDL,
  CCTP_TOKEN_MESSENGER_MINTER_V1_IDL,
  CCTP_TOKEN_MESSENGER_MINTER_V2_IDL,
} from "./idl";

// Circle's four Solana programs, each cited in lib/cctp-ids.ts (client-safe, so the recipient check refuses them too).
export const TOKEN_MESSENGER_MINTER_V2 = address(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2);
export const MESSAGE_TRANSMITTER_V2_PROGRAM = address(SOLANA_CCTP_PROGRAMS.messageTransmitterV2);
export const TOKEN_MESSENGER_MINTER_V1 = address(SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1);
export const MESSAGE_TRANSMITTER_V1_PROGRAM = address(SOLANA_CCTP_PROGRAMS.messageTransmitterV1);

/** One CCTP version's two programs on Solana, and the two instructions of theirs a bridge uses (from Circle's IDLs). */
export interface SolanaCctp {
  version: 1 | 2;
  tokenMessengerMinter: Address;
  messageTransmitter: Address;
  depositForBurn: IdlInstruction;
  receiveMessage: IdlInstruction;
}
export const SOLANA_CCTP_V1: SolanaCctp = {
  version: 1,
  tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V1,
  messageTransmitter: MESSAGE_TRANSMITTER_V1_PROGRAM,
  depositForBurn: CCTP_TOKEN_MESSENGER_MINTER_V1_IDL.instructions.deposit_for_burn,
  receiveMessage: CCTP_MESSAGE_TRANSMITTER_V1_IDL.instructions.receive_message,
};
export const SOLANA_CCTP_V2: SolanaCctp = {
  version: 2,
  tokenMessengerMinter: TOKEN_MESSENGER_MINTER_V2,
  messageTransmitter: MESSAGE_TRANSMITTER_V2_PROGRAM,
  depositForBurn: CCTP_TOKEN_MESSENGER_MINTER_V2_IDL.instructions.deposit_for_burn,
  receiveMessage: CCTP_MESSAGE_TRANSMITTER_V2_IDL.instructions.receive_message,
};

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

/**
 * deposit_for_burn as the version's IDL declares it (V2 names the owner's denylist account after the burn token
 * account); `params` is its DepositForBurnParams (V1: amount, destination_domain, mint_recipient; V2 adds
 * destination_caller, max_fee, min_finality_threshold).
 */
export async function depositForBurnIx(cctp: SolanaCctp, owner: string, eventAccount: Address, destinationDomain: number, params: { readonly [field: string]: IdlValue }): Promise<Instruction> {
  const o = address(owner);
  const mint = address(USDC["svm-chain"]);
  const p = await depositForBurnPdas(owner, destinationDomain, cctp);
  const [burnTokenAccount] = await findAssociatedTokenPda({ owner: o, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const accounts: Record<string, Address> = {
    owner: o,
    event_rent_payer: o,
    sender_authority_pda: p.senderAuthority,
    burn_token_account: burnTokenAccount,
    ...(p.denylist ? { denylist_account: p.denylist } : {}),
    message_transmitter: p.messageTransmitter,
    token_messenger: p.tokenMessenger,
    remote_token_messenger: p.remoteTokenMessenger,
    token_minter: p.tokenMinter,
    local_token: p.localToken,
    burn_token_mint: mint,
    message_sent_event_data: eventAccount,
    message_transmitter_program: cctp.messageTransmitter,
    token_messenger_minter_program: cctp.tokenMessengerMinter,
    token_program: TOKEN_PROGRAM_ADDRESS,
    system_program: SYSTEM_PROGRAM_ADDRESS,
    event_authority: p.eventAuthority,
    program: cctp.tokenMessengerMinter, // Anchor's event CPI
  };
  return anchorInstruction(cctp.tokenMessengerMinter, cctp.depositForBurn, accounts, { params });
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

/**
 * receive_message as the version's IDL declares it, then the token messenger's handle_receive_*_message accounts as
 * remaining accounts in the order of Circle's examples (V2 adds the fee recipient's USDC account before the mint
 * recipient's).
 */
export function receiveIx(cctp: SolanaCctp, payer: string, message: Hex, attestation: Hex, p: Awaited<ReturnType<typeof receiveMessagePdas>>, recipientTokenAccount: string, feeRecipientAta: Address | null): Instruction {
  const R = AccountRole;
  const o = address(payer);
  const accounts: Record<string, Address> = {
    payer: o,
    caller: o,
    authority_pda: p.authority,
    message_transmitter: p.messageTransmitter,
    // V1 keeps a set of 6400 nonces per account (`used_nonces`), V2 one account per nonce (`used_nonce`).
    [cctp.version === 1 ? "used_nonces" : "used_nonce"]: p.usedNonce,
    receiver: cctp.tokenMessengerMinter,
    system_program: SYSTEM_PROGRAM_ADDRESS,
    event_authority: p.mtEventAuthority,
    program: cctp.messageTransmitter, // Anchor's event CPI
  };
  const remaining = [
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
  ];
  return anchorInstruction(cctp.messageTransmitter, cctp.receiveMessage, accounts, { params: { message: hexToBytes(message), attestation: hexToBytes(attestation) } }, remaining);
}

/** The owner's burn on svm-chain, `burn` signed by a fresh MessageSent event account (see the head of this file). */
export async function burnWithEventAccount(owner: string, burn: (eventAccount: Address) => Promise<Instruction>, fee: ServiceFeeTransfer | null): Promise<{ payload: SolanaPayload; eventAccount: string }> {
  const event = await generateKeyPair();
  const eventAccount = await getAddressFromPublicKey(event.publicKey);
  const ix = await burn(eventAccount);
  return { payload: await solanaPayload(owner, [ix, ...(await feeTransfer(owner, fee))], [event]), eventAccount };
}
