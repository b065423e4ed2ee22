// Circle's CCTP programs on Solana as the local chain sees them: message_transmitter (V1) and message_transmitter_v2
// `receive_message`, and the token messenger minters they call into (V1 `handle_receive_message`, V2
// `handle_receive_finalized_message` / `handle_receive_unfinalized_message`), plus both minters' `deposit_for_burn`.
// Their binaries cannot be built here, so each is a program model:
// - the interface comes from Circle's IDLs (tests/fixtures/cctp/*.json = circlefin/solana-cctp-contracts @
//   76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/{message_transmitter_v2,token_messenger_minter_v2,
//   message_transmitter_031,token_messenger_minter_031}.json), checked by the one Anchor checker (./anchor-idl.ts):
//   discriminators, account counts, signer and writable flags, fixed addresses, PDA seeds, typed accounts (owner and
//   discriminator), with the IDLs' own error codes and account layouts;
// - what the IDL cannot say (seeds computed from the message, raw constraints, the handlers' checks and token moves)
//   is written from the programs' source at the same commit, cited above each rule below;
// - token movements run as real SPL Token instructions on the local chain (custody → recipient), so a balance read
//   after the transaction sees them; the used nonce is a program account the receive writes (kept only when the
//   transaction lands: SolanaLocalChain.execute).
// Program ids are the IDLs' `address`; the local state (installSolanaCctp) derives its PDAs from the IDLs' seeds and
// the source, not from our builders.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, getU64Decoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { PublicKey } from "@solana/web3.js";
import { bytesToHex, type Hex, hexToBytes, keccak256, recoverAddress } from "viem";
import { USDC } from "../../../server/chains/balances";
import { CCTP_DOMAIN } from "../../../server/rails/cctp/domains";
import type { ChainId } from "../../../server/chains/address";
import { LOCAL_ATTESTERS, LOCAL_SIGNATURE_THRESHOLD } from "../attester";
import { burnEnds, cctpMessageV1, cctpMessageV2, cctpRemoteIds } from "../cctp-message";
import {
  type AnchorContext,
  type AnchorIdl,
  anchorProgram,
  type ChainAccount,
  encodeAnchorAccount,
  type IdlSeed,
  type Meta,
  type ProgramHost,
  type ProgramModel,
  ProgramRefusal,
  refuse,
} from "./anchor-idl";
import { fixtureAddress } from "./venues/encode";

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "cctp", `${name}.json`), "utf8")) as AnchorIdl;
export const MT_V1_IDL = fixture("message_transmitter_031");
export const TMM_V1_IDL = fixture("token_messenger_minter_031");
export const MT_V2_IDL = fixture("message_transmitter_v2");
export const TMM_V2_IDL = fixture("token_messenger_minter_v2");
const IDLS = { 1: { mt: MT_V1_IDL, tmm: TMM_V1_IDL }, 2: { mt: MT_V2_IDL, tmm: TMM_V2_IDL } } as const;
type Version = 1 | 2;

/** The USDC mint the programs burn and release (their local_token is for this mint on mainnet). */
const USDC_MINT = USDC["svm-chain"];
const SYSTEM = "11111111111111111111111111111111";
const ZERO_KEY = SYSTEM; // Pubkey::default()
const utf8 = (s: string) => [...Buffer.from(s)];
const constSeed = (s: string): IdlSeed => ({ kind: "const", value: utf8(s) });
const keyBytes = (a: string) => Uint8Array.from(getAddressEncoder().encode(address(a)));
const keyAt = (b: Uint8Array, at: number) => getAddressDecoder().decode(b.subarray(at, at + 32));
const u32be = (b: Uint8Array, at: number) => Buffer.from(b.subarray(at, at + 4)).readUInt32BE(0);
const u32le = (b: Uint8Array | null) => Buffer.from(b ?? new Uint8Array(4)).readUInt32LE(0);
const pda = async (program: string, ...seeds: (string | Uint8Array)[]) =>
  getProgramDerivedAddress({ programAddress: address(program), seeds: seeds.map((s) => (typeof s === "string" ? Buffer.from(s) : s)) });
const sighash = (name: string) => createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);

// ---------------------------------------------------------------------------------------------------------------------
// deposit_for_burn (both minters): the IDL's discriminator, account count, signer and writable flags, fixed program
// addresses, the `relations` of `owner` (burn_token_account.owner == owner), DepositForBurnParams' size (V1: amount u64,
// destination_domain u32, mint_recipient; V2 adds destination_caller, max_fee u64, min_finality_threshold u32); the
// effect is the burn of `amount` from burn_token_account (programs/{token-messenger-minter,v2/token-messenger-minter-v2}
// deposit_for_burn: token_minter.burn), a real SPL Token burn, so an amount above the balance fails as SPL Token fails.
// The other PDAs are not checked here; tests/unit/cctp-solana.test.ts checks our derivation of them against the IDLs' seeds.
function depositForBurn(v: Version): (host: ProgramHost, data: Uint8Array, metas: Meta[]) => Promise<string[]> {
  const ix = IDLS[v].tmm.instructions.find((i) => i.name === "deposit_for_burn");
  if (!ix) throw new Error("token messenger minter IDL without deposit_for_burn");
  const paramsSize = v === 2 ? 8 + 4 + 32 + 32 + 8 + 4 : 8 + 4 + 32;
  return async (host, data, metas) => {
    if (data.length < 8 || ix.discriminator.some((b, i) => data[i] !== b)) refuse("InstructionFallbackNotFound");
    if (data.length < 8 + paramsSize) refuse("InstructionDidNotDeserialize");
    const accounts = ix.accounts;
    if (metas.length < accounts.length) refuse("AccountNotEnoughKeys");
    const at = (name: string) => metas[accounts.findIndex((a) => a.name === name)]?.address ?? "";
    accounts.forEach((a, i) => {
      const m = metas[i];
      if (!m) refuse("AccountNotEnoughKeys", a.name);
      if (a.signer && !m.signer) refuse("AccountNotSigner", a.name);
      if (a.writable && !m.writable) refuse("ConstraintMut", a.name);
      if (a.address && m.address !== a.address) refuse("InvalidProgramId", a.name);
    });
    const burnAccount = host.token(at("burn_token_account"));
    if (!burnAccount) refuse("AccountNotInitialized", "burn_token_account");
    if (burnAccount.owner !== at("owner")) refuse("ConstraintHasOne", "owner");
    if (at("burn_token_mint") !== USDC_MINT || burnAccount.mint !== USDC_MINT) refuse("ConstraintTokenMint", "burn_token_account");
    const amount = getU64Decoder().decode(data.subarray(8, 16));
    if (amount === 0n) throw new ProgramRefusal("InvalidArgument", ["Program log: Error: the burn amount is 0"]);
    host.burn(at("burn_token_account"), USDC_MINT, at("owner"), amount);
    // The burn message (deposit_for_burn.rs → message_transmitter send_message): written into the MessageSent event
    // account the owner passes (`message_sent_event_data`, `init`), owned by the message transmitter, in its IDL's
    // layout. The nonce is the model's (V1: 0; V2: empty until attested, as on chain).
    const p = Buffer.from(data.subarray(8));
    const domain = p.readUInt32LE(8);
    const mintRecipient = bytesToHex(p.subarray(12, 44));
    const ends = { ...burnEnds(v, CCTP_DOMAIN["svm-chain"], domain), messageSender: bytesToHex(keyBytes(at("owner"))) };
    const message =
      v === 2
        ? cctpMessageV2(CCTP_DOMAIN["svm-chain"], domain, null, mintRecipient, amount, { ...ends, destinationCaller: bytesToHex(p.subarray(44, 76)) }, { maxFee: p.readBigUInt64LE(76), minFinalityThreshold: p.readUInt32LE(84) })
        : cctpMessageV1(CCTP_DOMAIN["svm-chain"], domain, 0n, mintRecipient, amount, ends);
    const fields = { rent_payer: at("event_rent_payer"), message: Buffer.from(hexToBytes(message)) }; // V2's created_at: 0
    host.setAccount(at("message_sent_event_data"), { owner: IDLS[v].mt.address, data: encodeAnchorAccount(IDLS[v].mt, "MessageSent", fields) });
    return ["Program log: Instruction: DepositForBurn", `Program log: burned ${amount} of ${USDC_MINT}`];
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// receive_message (message transmitters). Message layouts: programs/message-transmitter/src/message.rs (V1: version 0,
// source domain 4, destination domain 8, nonce u64 at 12, sender 20, recipient 52, destination caller 84, body 116) and
// programs/v2/message-transmitter-v2/src/message.rs (V2: nonce bytes32 at 12, sender 44, recipient 76, destination
// caller 108, min finality 140, finality executed 144, body 148). All integers big-endian.
const MESSAGE = {
  1: { sender: 20, recipient: 52, destinationCaller: 84, body: 116 },
  2: { sender: 44, recipient: 76, destinationCaller: 108, finalityExecuted: 144, body: 148 },
} as const;
/** receive_message.rs (V2): `FINALITY_THRESHOLD_FINALIZED`, below which the unfinalized handler is called. */
const FINALITY_THRESHOLD_FINALIZED = 2000;
/** secp256k1's group order (libsecp256k1, which Circle's `recover_attester` parses signatures with). */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
/** UsedNonces (V1, programs/message-transmitter/src/state.rs): MAX_NONCES per account, bitset of 100 u64 after the header. */
const MAX_NONCES = 6400n;
const USED_NONCES_BITS_AT = 8 + 4 + 8; // discriminator, remote_domain u32, first_nonce u64 (IDL `types[UsedNonces]`)

/**
 * MessageTransmitter::verify_attestation_signatures and recover_attester (programs/message-transmitter/src/state.rs and
 * programs/v2/message-transmitter-v2/src/state.rs, the same in both): the attestation is exactly 65 × threshold bytes
 * (InvalidAttestationLength); each signature's recovery id is 27..=30 (InvalidSignatureRecoveryId), r and s parse as
 * scalars below the group order (InvalidAttesterSignature), s is not high (InvalidSignatureSValue); the recovered
 * address (keccak of the public key, 12 zero bytes + 20, as a Pubkey) is above the previous one
 * (InvalidSignatureOrderOrDupe) and an enabled attester (InvalidAttesterSignature).
 */
async function verifyAttestation(c: AnchorContext, mt: Record<string, unknown>, message: Uint8Array, attestation: Uint8Array): Promise<void> {
  const threshold = Number(mt.signature_threshold);
  if (attestation.length !== 65 * threshold) c.fail("InvalidAttestationLength");
  const hash = keccak256(message);
  const enabled = new Set((mt.enabled_attesters as string[]) ?? []);
  let last = 0n;
  for (let i = 0; i < threshold; i++) {
    const sig = attestation.subarray(i * 65, i * 65 + 65);
    const v = sig[64] ?? 0;
    if (v < 27 || v > 30) c.fail("InvalidSignatureRecoveryId");
    const r = BigInt(bytesToHex(sig.subarray(0, 32)));
    const s = BigInt(bytesToHex(sig.subarray(32, 64)));
    if (r >= SECP256K1_N || s >= SECP256K1_N) c.fail("InvalidAttesterSignature");
    if (s > SECP256K1_N / 2n) c.fail("InvalidSignatureSValue");
    // Recovery ids 29 and 30 (x = r + n) name no point for any r an ECDSA signer produces: secp256k1_recover fails
    // (InvalidSignature → InvalidAttesterSignature), as does a signature that recovers no key.
    let signer: Hex | null = null;
    if (v <= 28) signer = await recoverAddress({ hash, signature: { r: bytesToHex(sig.subarray(0, 32)), s: bytesToHex(sig.subarray(32, 64)), yParity: v - 27 } }).catch(() => null);
    if (!signer) return c.fail("InvalidAttesterSignature");
    const recovered = BigInt(signer);
    if (recovered <= last) c.fail("InvalidSignatureOrderOrDupe");
    if (!enabled.has(attesterKey(signer))) c.fail("InvalidAttesterSignature");
    last = recovered;
  }
}

/** An EVM attester address as the program stores it in `enabled_attesters`: a Pubkey of 12 zero bytes and the 20. */
export function attesterKey(evm: Hex): string {
  const key = new Uint8Array(32);
  key.set(hexToBytes(evm, { size: 20 }), 12);
  return getAddressDecoder().decode(key);
}

async function receiveMessage(c: AnchorContext, v: Version): Promise<string[]> {
  const programId = IDLS[v].mt.address;
  const L = MESSAGE[v];
  const message = c.args["params.message"] ?? new Uint8Array();
  const attestation = c.args["params.attestation"] ?? new Uint8Array();
  const mt = c.decoded("message_transmitter");
  // try_accounts (receive_message.rs ReceiveMessageContext): receiver `constraint = receiver.executable` and
  // `constraint = receiver.key() != crate::ID`.
  const receiver = c.at("receiver");
  if (!c.host.executable(receiver) || receiver === programId) c.fail("ConstraintRaw", "receiver");
  // Message::new (message.rs): at least the header (MalformedMessage), version = the transmitter's (InvalidMessageVersion);
  // V1 runs it inside the used_nonces seeds, V2 in the handler, both before anything below.
  if (message.length < L.body) c.fail("MalformedMessage");
  if (u32be(message, 0) !== Number(mt.version)) c.fail("InvalidMessageVersion");
  const sourceDomain = u32be(message, 4);
  const nonceAccount = c.at(v === 2 ? "used_nonce" : "used_nonces");
  let v1Nonce = 0n;
  if (v === 2) {
    // receive_message.rs (V2): used_nonce `init`, seeds [b"used_nonce", message[NONCE_INDEX..SENDER_INDEX]].
    const [want] = await pda(programId, "used_nonce", message.subarray(12, 44));
    if (want !== nonceAccount) c.fail("ConstraintSeeds", "used_nonce");
  } else {
    // receive_message.rs (V1): used_nonces `init_if_needed`, seeds [b"used_nonces", source_domain.to_string(),
    // used_nonces_seed_delimiter (b"-" for domains ≥ 11), first_nonce(nonce).to_string()]; first_nonce of nonce 0 is InvalidNonce.
    v1Nonce = Buffer.from(message.subarray(12, 20)).readBigUInt64BE(0);
    if (v1Nonce === 0n) c.fail("InvalidNonce");
    const first = ((v1Nonce - 1n) / MAX_NONCES) * MAX_NONCES + 1n;
    const [want] = await pda(programId, "used_nonces", String(sourceDomain), sourceDomain < 11 ? "" : "-", first.toString());
    if (want !== nonceAccount) c.fail("ConstraintSeeds", "used_nonces");
  }
  // The handler (receive_message.rs): not paused, the attestation, the destination domain, the destination caller.
  if (mt.paused) c.fail("ProgramPaused");
  await verifyAttestation(c, mt, message, attestation);
  if (u32be(message, 8) !== Number(mt.local_domain)) c.fail("InvalidDestinationDomain");
  const destinationCaller = keyAt(message, L.destinationCaller);
  if (destinationCaller !== ZERO_KEY && destinationCaller !== c.at("caller")) c.fail("InvalidDestinationCaller");
  // The nonce is used: V2 writes UsedNonce { is_used: true } into the account `init` created; V1 sets its bit in the
  // 6400-nonce set (UsedNonces::use_nonce: NonceAlreadyUsed when set; a set of another domain or range is InvalidUsedNoncesAccount).
  if (v === 2) c.host.setAccount(nonceAccount, { owner: programId, data: encodeAnchorAccount(MT_V2_IDL, "UsedNonce", { is_used: true }) });
  else c.host.setAccount(nonceAccount, { owner: programId, data: markNonceUsedV1(c, nonceAccount, sourceDomain, v1Nonce) });
  // CPI into the recipient, which must be the receiver (InvalidRecipientProgram), signed by authority_pda.
  if (keyAt(message, L.recipient) !== receiver) c.fail("InvalidRecipientProgram");
  const [, bump] = await pda(programId, "message_transmitter_authority", keyBytes(receiver));
  const body = message.subarray(L.body);
  const u32 = (n: number) => Buffer.from(Uint32Array.of(n).buffer);
  // HandleReceiveMessageParams (Borsh): remote_domain u32, sender, [V2: finality_threshold_executed u32], message_body, authority_bump.
  const finality = v === 2 ? u32be(message, MESSAGE[2].finalityExecuted) : null;
  const handler = finality === null ? "handle_receive_message" : finality < FINALITY_THRESHOLD_FINALIZED ? "handle_receive_unfinalized_message" : "handle_receive_finalized_message";
  const data = Buffer.concat([sighash(handler), u32(sourceDomain), message.subarray(L.sender, L.sender + 32), ...(finality === null ? [] : [u32(finality)]), u32(body.length), body, Buffer.of(bump)]);
  const metas: Meta[] = [{ address: c.at("authority_pda"), signer: true, writable: false }, ...c.remaining];
  return c.host.invoke(receiver, Uint8Array.from(data), metas);
}

function markNonceUsedV1(c: AnchorContext, at: string, sourceDomain: number, nonce: bigint): Uint8Array {
  const first = ((nonce - 1n) / MAX_NONCES) * MAX_NONCES + 1n;
  const existing = c.host.account(at);
  const data = Buffer.alloc(USED_NONCES_BITS_AT + 800);
  if (existing) Buffer.from(existing.data).copy(data);
  else {
    const disc = MT_V1_IDL.accounts?.find((a) => a.name === "UsedNonces")?.discriminator ?? [];
    data.set(disc, 0);
  }
  const firstStored = data.readBigUInt64LE(12);
  if (firstStored === 0n) {
    data.writeUInt32LE(sourceDomain, 8);
    data.writeBigUInt64LE(first, 12);
  } else if (data.readUInt32LE(8) !== sourceDomain || firstStored !== first) c.fail("InvalidUsedNoncesAccount");
  const position = nonce - first;
  const entry = USED_NONCES_BITS_AT + Number(position / 64n) * 8;
  const bit = 1n << position % 64n;
  const word = data.readBigUInt64LE(entry);
  if ((word & bit) !== 0n) c.fail("NonceAlreadyUsed");
  data.writeBigUInt64LE(word | bit, entry);
  return Uint8Array.from(data);
}

function messageTransmitter(v: Version): ProgramModel {
  const idl = IDLS[v].mt;
  return anchorProgram({
    name: idl.metadata?.name ?? "message_transmitter",
    idl,
    units: 70_000n,
    typed: { message_transmitter: { type: "MessageTransmitter" }, ...(v === 1 ? { used_nonces: { type: "UsedNonces" } } : {}) },
    init: v === 2 ? ["receive_message.used_nonce"] : [],
    initIfNeeded: v === 1 ? ["receive_message.used_nonces"] : [],
    // The V1 IDL (Anchor 0.28) carries no seeds or fixed addresses; receive_message.rs and Anchor's #[event_cpi] give them.
    programs: v === 1 ? { system_program: [SYSTEM] } : {},
    seeds: v === 1 ? { "receive_message.authority_pda": { seeds: [constSeed("message_transmitter_authority"), { kind: "account", path: "receiver" }] }, event_authority: { seeds: [constSeed("__event_authority")] } } : {},
    handlers: { receive_message: (c) => receiveMessage(c, v) },
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// handle_receive_message (V1: programs/token-messenger-minter/src/token_messenger/instructions/handle_receive_message.rs)
// and handle_receive_finalized_message / handle_receive_unfinalized_message (V2: programs/v2/token-messenger-minter-v2/
// src/token_messenger_v2/instructions/handle_receive_{finalized,unfinalized}_message.rs). Burn message body layouts:
// token_messenger{,_v2}/burn_message.rs (version 0, burn token 4, mint recipient 36, amount u256 at 68 of which only the
// last 8 bytes may be non-zero; V2 adds max fee at 132, fee executed at 164, expiration block at 196, hook data at 228,
// each u256 read the same way). V1's body is exactly 132 bytes, V2's at least 228 (MalformedMessage).

/** The token messenger's errors: its IDL keeps only one of the program's two `#[error_code]` enums, each from 6000. */
const TOKEN_MESSENGER_ERRORS = {
  // programs/v2/token-messenger-minter-v2/src/token_messenger_v2/error.rs (TokenMessengerError), in order from 6000.
  2: [
    ["InvalidAuthority", "Invalid authority"],
    ["InvalidTokenMessengerState", "Invalid token messenger state"],
    ["InvalidTokenMessenger", "Invalid token messenger"],
    ["InvalidOwner", "Invalid owner"],
    ["MalformedMessage", "Malformed message"],
    ["InvalidMessageBodyVersion", "Invalid message body version"],
    ["InvalidAmount", "Invalid amount"],
    ["InvalidDestinationDomain", "Invalid destination domain"],
    ["InvalidDestinationCaller", "Invalid destination caller"],
    ["InvalidMintRecipient", "Invalid mint recipient"],
    ["InvalidSender", "Invalid sender"],
    ["InvalidTokenPair", "Invalid token pair"],
    ["InvalidTokenMint", "Invalid token mint"],
    ["InvalidHookData", "Invalid hook data"],
    ["FeeExceedsAmount", "Fee exceeds amount"],
    ["FeeExceedsMaxFee", "Fee exceeds the max fee"],
    ["MessageExpired", "Message has expired"],
    ["UnsupportedFinalityThreshold", "Unsupported finality threshold"],
  ],
  // programs/token-messenger-minter/src/token_minter/error.rs (TokenMinterError, which the V1 IDL leaves out), from 6000.
  1: [
    ["InvalidAuthority", "Invalid authority"],
    ["InvalidTokenMinterState", "Invalid token minter state"],
    ["ProgramPaused", "Instruction is not allowed at this time"],
  ],
} as const;

/** handle_receive_unfinalized_message.rs: TOKEN_MESSENGER_MIN_FINALITY_THRESHOLD. */
const TOKEN_MESSENGER_MIN_FINALITY_THRESHOLD = 500;

async function handleReceive(c: AnchorContext, v: Version, unfinalized: boolean): Promise<string[]> {
  const programId = IDLS[v].tmm.address;
  const arg = (n: string) => c.args[`params.${n}`] ?? new Uint8Array();
  const remoteDomain = u32le(arg("remote_domain"));
  const sender = keyAt(arg("sender"), 0);
  const body = arg("message_body");
  const tm = c.decoded("token_messenger");
  const remote = c.decoded("remote_token_messenger");
  const minter = c.decoded("token_minter");
  const local = c.decoded("local_token");
  const pair = c.decoded("token_pair");
  // try_accounts (HandleReceiveMessageContext), in field order:
  // remote_token_messenger: `params.remote_domain == remote_token_messenger.domain @ InvalidDestinationDomain`;
  if (Number(remote.domain) !== remoteDomain) c.fail("InvalidDestinationDomain", "remote_token_messenger");
  // token_pair: seeds [b"token_pair", remote_domain.to_string(), BurnMessage::new(message_body_version, body)?.burn_token],
  // `token_pair.local_token == local_token.key() @ InvalidTokenPair`;
  const burn = burnMessage(c, v, Number(tm.message_body_version), body);
  const [pairWant] = await pda(programId, "token_pair", String(remoteDomain), burn.burnToken);
  if (pairWant !== c.at("token_pair")) c.fail("ConstraintSeeds", "token_pair");
  if (pair.local_token !== c.at("local_token")) c.fail("InvalidTokenPair", "token_pair");
  // recipient_token_account and custody_token_account: `mint == local_token.mint` (custody's seeds are the IDL's / below).
  if (c.decoded("recipient_token_account").mint !== local.mint) c.fail("ConstraintRaw", "recipient_token_account");
  if (c.decoded("custody_token_account").mint !== local.mint) c.fail("ConstraintRaw", "custody_token_account");
  // The handler: the unfinalized one first requires finality_threshold_executed ≥ TOKEN_MESSENGER_MIN_FINALITY_THRESHOLD.
  if (unfinalized && u32le(arg("finality_threshold_executed")) < TOKEN_MESSENGER_MIN_FINALITY_THRESHOLD) c.fail("UnsupportedFinalityThreshold");
  // The sender is the remote token messenger (InvalidTokenMessenger).
  if (sender !== remote.token_messenger) c.fail("InvalidTokenMessenger");
  // V2: expiration_block 0 or after the current slot (MessageExpired); fee_executed < amount (FeeExceedsAmount) and ≤ max_fee (FeeExceedsMaxFee).
  if (v === 2) {
    if (burn.expirationBlock !== 0n && burn.expirationBlock <= c.host.slot()) c.fail("MessageExpired");
    if (burn.feeExecuted >= burn.amount) c.fail("FeeExceedsAmount");
    if (burn.feeExecuted > burn.maxFee) c.fail("FeeExceedsMaxFee");
  }
  // The token account is the message's mint recipient (InvalidMintRecipient).
  if (c.at("recipient_token_account") !== burn.mintRecipient) c.fail("InvalidMintRecipient");
  // token_minter.transfer / transfer_fee (token_minter{,_v2}/state.rs `_transfer`): not paused (ProgramPaused), then SPL
  // Token transfers from custody signed by the token_minter PDA: the fee to the fee recipient, the rest to the recipient.
  if (minter.paused) c.fail("ProgramPaused");
  if (burn.feeExecuted > 0n) c.host.transfer(c.at("custody_token_account"), c.at("fee_recipient_token_account"), c.at("token_minter"), burn.feeExecuted);
  c.host.transfer(c.at("custody_token_account"), c.at("recipient_token_account"), c.at("token_minter"), burn.amount - burn.feeExecuted);
  return [`Program log: released ${burn.amount - burn.feeExecuted} of ${local.mint} to ${burn.mintRecipient} (fee ${burn.feeExecuted})`];
}

function burnMessage(c: AnchorContext, v: Version, expectedVersion: number, body: Uint8Array) {
  if (v === 1 ? body.length !== 132 : body.length < 228) c.fail("MalformedMessage");
  if (u32be(body, 0) !== expectedVersion) c.fail("InvalidMessageBodyVersion");
  const u256 = (at: number) => {
    if (body.subarray(at, at + 24).some((b) => b !== 0)) c.fail("MalformedMessage");
    return Buffer.from(body.subarray(at + 24, at + 32)).readBigUInt64BE(0);
  };
  return {
    burnToken: body.subarray(4, 36),
    mintRecipient: keyAt(body, 36),
    amount: u256(68),
    maxFee: v === 2 ? u256(132) : 0n,
    feeExecuted: v === 2 ? u256(164) : 0n,
    expirationBlock: v === 2 ? u256(196) : 0n,
  };
}

function tokenMessengerMinter(v: Version): ProgramModel {
  const idl = IDLS[v].tmm;
  const mt = IDLS[v].mt.address;
  const accountField = (path: string): IdlSeed => ({ kind: "account", path });
  const receive = anchorProgram({
    name: idl.metadata?.name ?? "token_messenger_minter",
    idl,
    units: 60_000n,
    typed: {
      token_messenger: { type: "TokenMessenger" },
      remote_token_messenger: { type: "RemoteTokenMessenger" },
      token_minter: { type: "TokenMinter" },
      local_token: { type: "LocalToken" },
      token_pair: { type: "TokenPair" },
      fee_recipient_token_account: { type: "TokenAccount" },
      recipient_token_account: { type: "TokenAccount" },
      custody_token_account: { type: "TokenAccount" },
    },
    errors: TOKEN_MESSENGER_ERRORS[v].map(([name, msg], i) => ({ code: 6000 + i, name, msg })),
    // The V1 IDL (Anchor 0.28) carries no seeds or fixed addresses; handle_receive_message.rs and #[event_cpi] give them.
    programs: v === 1 ? { token_program: [TOKEN_PROGRAM_ADDRESS] } : {},
    seeds:
      v === 1
        ? {
            authority_pda: { seeds: [constSeed("message_transmitter_authority"), { kind: "const", value: [...keyBytes(idl.address)] }], program: { kind: "const", value: [...keyBytes(mt)] } },
            local_token: { seeds: [constSeed("local_token"), accountField("local_token.mint")] },
            custody_token_account: { seeds: [constSeed("custody"), accountField("local_token.mint")] },
            event_authority: { seeds: [constSeed("__event_authority")] },
          }
        : {},
    handlers:
      v === 1
        ? { handle_receive_message: (c) => handleReceive(c, 1, false) }
        : { handle_receive_finalized_message: (c) => handleReceive(c, 2, false), handle_receive_unfinalized_message: (c) => handleReceive(c, 2, true) },
  });
  const burn = depositForBurn(v);
  const burnDisc = idl.instructions.find((i) => i.name === "deposit_for_burn")?.discriminator ?? [];
  return { ...receive, run: (host, data, metas) => (burnDisc.every((b, i) => data[i] === b) ? burn(host, data, metas) : receive.run(host, data, metas)) };
}

export const cctpMessageTransmitterV1 = messageTransmitter(1);
export const cctpMessageTransmitterV2 = messageTransmitter(2);
export const cctpTokenMessengerMinterV1 = tokenMessengerMinter(1);
export const cctpTokenMessengerMinterV2 = tokenMessengerMinter(2);
export const CCTP_PROGRAMS: readonly ProgramModel[] = [cctpMessageTransmitterV1, cctpMessageTransmitterV2, cctpTokenMessengerMinterV1, cctpTokenMessengerMinterV2];

// ---------------------------------------------------------------------------------------------------------------------
// The local chain's CCTP state, in the IDLs' account layouts at the addresses the programs' own seeds give:
// message_transmitter ["message_transmitter"] (MT IDL `initialize`), token_messenger ["token_messenger"] and token_minter
// ["token_minter"] (TMM IDL `initialize`), local_token ["local_token", mint] and custody ["custody", mint] (TMM IDL
// `add_local_token`), remote_token_messenger ["remote_token_messenger", domain.to_string()] (add_remote_token_messenger.rs)
// and token_pair ["token_pair", remote_domain.to_string(), remote_token] (link_token_pair.rs). The transmitter trusts the
// local attesters (../attester.ts) with their threshold; its local domain is Solana's, 5.

/** A remote chain the local minter accepts: its domain, its token messenger and its USDC (both bytes32). */
export interface CctpRemote {
  domain: number;
  tokenMessenger: Hex;
  token: Hex;
}

export interface SolanaCctpOptions {
  version: Version;
  remotes: CctpRemote[];
  /** V2: the TokenMessenger's fee_recipient (its USDC account is created empty when absent). */
  feeRecipient?: string;
  /** USDC held in custody (what receives release). */
  custody: bigint;
  /** The message and burn-message versions the local programs are configured with (the messages our tests carry: V1 0, V2 1). */
  messageVersion?: number;
}

/** Solana's CCTP domain (the local transmitter's `local_domain`). */
export const SOLANA_DOMAIN = 5;

/**
 * The remote ends the local Solana minters accept, per version: V1 from Sui (domain 8), V2 from the EVM chains (domains 6
 * and 3), each as that chain's CCTP writes them into a message (testing/chains/cctp-message.ts `cctpRemoteIds`, cited
 * there to Circle's sources); the Solana programs compare a message with this state.
 */
export const SOLANA_CCTP_REMOTES: Record<Version, CctpRemote[]> = {
  1: remotes(1, ["move-chain"]),
  2: remotes(2, ["evm-a", "evm-b"]),
};

function remotes(version: Version, chains: ChainId[]): CctpRemote[] {
  return chains.map((c) => {
    const ids = cctpRemoteIds(c, version);
    if (!ids) throw new Error(`${c} runs no CCTP V${version}`);
    return { domain: CCTP_DOMAIN[c], tokenMessenger: ids.tokenMessenger, token: ids.usdc };
  });
}

/** A burn message's ends for a Solana destination: the remote's token messenger and USDC, the local minter program (from Circle's IDL) as recipient. */
export function toSolanaEnds(version: Version, sourceDomain: number): { sender: Hex; recipient: Hex; burnToken: Hex } {
  const r = SOLANA_CCTP_REMOTES[version].find((x) => x.domain === sourceDomain);
  if (!r) throw new Error(`the local Solana CCTP V${version} knows no remote domain ${sourceDomain}`);
  return { sender: r.tokenMessenger, recipient: bytesToHex(keyBytes(IDLS[version].tmm.address)), burnToken: r.token };
}

/** Both versions' state with SOLANA_CCTP_REMOTES, 1,000 USDC in each custody, V2's fees to `feeRecipient`. */
/** The token state the install writes on a simulation chain (a SolanaLocalChain's mints and token accounts). */
interface TokenState {
  mints: Map<string, unknown>;
  tokens: Map<string, unknown>;
  addMint(mint: string, authority: string): void;
  setTokenAccount(at: string, owner: string, mint: string, amount: bigint): void;
}

export async function installLocalSolanaCctp(accounts: Map<string, ChainAccount>, chain: TokenState, feeRecipient: string): Promise<void> {
  for (const version of [1, 2] as const) await installSolanaCctp(accounts, chain, { version, remotes: SOLANA_CCTP_REMOTES[version], feeRecipient, custody: 1_000_000_000n });
}

const ADMIN = fixtureAddress("local-cctp-admin");

/** Writes one CCTP version's program accounts into `accounts` and its custody (and fee recipient's) USDC into `chain`. */
export async function installSolanaCctp(accounts: Map<string, ChainAccount>, chain: TokenState, o: SolanaCctpOptions) {
  const { mt: mtIdl, tmm: tmmIdl } = IDLS[o.version];
  const [mtProgram, tmmProgram] = [mtIdl.address, tmmIdl.address];
  const version = o.messageVersion ?? (o.version === 2 ? 1 : 0);
  const mint = keyBytes(USDC_MINT);
  const [messageTransmitter] = await pda(mtProgram, "message_transmitter");
  const [tokenMessenger, authorityBump] = await pda(tmmProgram, "token_messenger");
  const [tokenMinter, minterBump] = await pda(tmmProgram, "token_minter");
  const [localToken, localBump] = await pda(tmmProgram, "local_token", mint);
  const [custody, custodyBump] = await pda(tmmProgram, "custody", mint);
  const pk = (a: string) => new PublicKey(a);
  accounts.set(messageTransmitter, {
    owner: mtProgram,
    data: encodeAnchorAccount(mtIdl, "MessageTransmitter", {
      owner: ADMIN,
      attester_manager: ADMIN,
      pauser: ADMIN,
      paused: false,
      local_domain: SOLANA_DOMAIN,
      version,
      signature_threshold: LOCAL_SIGNATURE_THRESHOLD,
      enabled_attesters: LOCAL_ATTESTERS.map((a) => pk(attesterKey(a.address))),
    }),
  });
  accounts.set(tokenMessenger, {
    owner: tmmProgram,
    data: encodeAnchorAccount(tmmIdl, "TokenMessenger", { owner: ADMIN, message_body_version: version, authority_bump: authorityBump, ...(o.feeRecipient && o.version === 2 ? { fee_recipient: o.feeRecipient } : {}) }),
  });
  accounts.set(tokenMinter, { owner: tmmProgram, data: encodeAnchorAccount(tmmIdl, "TokenMinter", { token_controller: ADMIN, pauser: ADMIN, paused: false, bump: minterBump }) });
  accounts.set(localToken, { owner: tmmProgram, data: encodeAnchorAccount(tmmIdl, "LocalToken", { custody, mint: USDC_MINT, bump: localBump, custody_bump: custodyBump }) });
  for (const r of o.remotes) {
    const [remote] = await pda(tmmProgram, "remote_token_messenger", String(r.domain));
    accounts.set(remote, { owner: tmmProgram, data: encodeAnchorAccount(tmmIdl, "RemoteTokenMessenger", { domain: r.domain, token_messenger: pk(getAddressDecoder().decode(hexToBytes(r.tokenMessenger, { size: 32 }))) }) });
    const remoteToken = hexToBytes(r.token, { size: 32 });
    const [pair, pairBump] = await pda(tmmProgram, "token_pair", String(r.domain), remoteToken);
    accounts.set(pair, {
      owner: tmmProgram,
      data: encodeAnchorAccount(tmmIdl, "TokenPair", { remote_domain: r.domain, remote_token: pk(getAddressDecoder().decode(remoteToken)), local_token: localToken, bump: pairBump }),
    });
  }
  if (!chain.mints.has(USDC_MINT)) chain.addMint(USDC_MINT, ADMIN);
  chain.setTokenAccount(custody, tokenMinter, USDC_MINT, o.custody);
  if (o.feeRecipient && o.version === 2) {
    const [ata] = await findAssociatedTokenPda({ owner: address(o.feeRecipient), mint: address(USDC_MINT), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    if (!chain.tokens.has(ata)) chain.setTokenAccount(ata, o.feeRecipient, USDC_MINT, 0n);
  }
  return { messageTransmitter, tokenMessenger, tokenMinter, localToken, custody };
}
