// CCTP V1 on the routes with move-chain as one end, against Circle's own code:
//  - Sui: the PTBs of circlefin/sui-cctp master @ 70290f70d7c3d6caf23a91b379cac08a20f0d762 scripts/sui-scripts/depositForBurn.ts
//    (splitCoins, then deposit_for_burn<USDC>(coin, u32 domain, address recipient, TMM state, MT state, 0x403, treasury))
//    and receiveMessage.ts (receive_message → handle_receive_message<USDC> → deconstruct_stamp_receipt_ticket_with_burn_message
//    → stamp_receipt<MessageTransmitterAuthenticator> → complete_receive_message, each result passed on), call by call;
//  - Solana V1: the account order of solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8
//    examples/target/idl/token_messenger_minter_031.json `deposit_for_burn` and message_transmitter_031.json
//    `receive_message` (+ examples/receiveMessage.ts remaining accounts), PDAs derived again with @solana/web3.js from
//    examples/utils.ts seeds and programs/message-transmitter/src/instructions/get_nonce_pda.rs.
import { bcs } from "@mysten/sui/bcs";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { AccountRole, address } from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { depositForBurnInstructionV1, MESSAGE_TRANSMITTER_V1_PROGRAM, receiveMessageInstructionV1, TOKEN_MESSENGER_MINTER_V1, usedNoncesV1 } from "../../server/rails/cctp-v1/solana";
import {
  depositForBurnPtb,
  MESSAGE_TRANSMITTER_AUTHENTICATOR,
  receiveMessagePtb,
  SUI_DENY_LIST,
  SUI_MESSAGE_TRANSMITTER_STATE,
  SUI_TOKEN_MESSENGER_MINTER,
  SUI_TOKEN_MESSENGER_MINTER_STATE,
  SUI_USDC_TREASURY,
  SuiInsufficientUsdc,
} from "../../server/rails/cctp-v1/sui";

const OWNER = `0x${"5".repeat(64)}`;
const TMM_PKG = `0x${"7e".repeat(32)}`;
const MT_PKG = `0x${"8d".repeat(32)}`;
const RECIPIENT = `0x${"00".repeat(12)}${"22".repeat(20)}` as const;

type Arg = { $kind: string; Input?: number; Result?: number; NestedResult?: [number, number] };
type Cmd = { $kind: string; MoveCall?: { package: string; module: string; function: string; typeArguments: string[]; arguments: Arg[] }; SplitCoins?: { coin: Arg; amounts: Arg[] }; MergeCoins?: { destination: Arg; sources: Arg[] } };

function decode(tx: Transaction) {
  const data = Transaction.from(tx.serialize()).getData();
  const inputs = data.inputs as unknown as Record<string, { objectId?: string; bytes?: string }>[];
  /** What an argument is: an object id, pure bytes (base64), or a result of a command. */
  const what = (a: Arg) => {
    if (a.$kind === "Input") {
      const i = inputs[a.Input ?? -1] ?? {};
      const obj = i.UnresolvedObject ?? (i.Object as unknown as Record<string, { objectId?: string }> | undefined)?.ImmOrOwnedObject;
      if (obj?.objectId) return { object: normalizeSuiAddress(obj.objectId) };
      return { pure: i.Pure?.bytes };
    }
    if (a.$kind === "Result") return { result: a.Result };
    return { result: a.NestedResult?.[0], index: a.NestedResult?.[1] };
  };
  return { commands: data.commands as unknown as Cmd[], what };
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");

describe("Sui CCTP V1 PTBs against Circle's sui-cctp scripts", () => {
  const coins = [
    { objectId: `0x${"c1".repeat(32)}`, version: "7", digest: "11111111111111111111111111111111", balance: 3_000_000n },
    { objectId: `0x${"c2".repeat(32)}`, version: "9", digest: "11111111111111111111111111111111", balance: 4_000_000n },
  ];

  it("deposit_for_burn: coins merged, the amount split off and burned with the state objects in Circle's order", () => {
    const { commands, what } = decode(depositForBurnPtb(OWNER, TMM_PKG, coins, 5_000_000n, 0, RECIPIENT));
    expect(commands.map((c) => c.$kind)).toEqual(["MergeCoins", "SplitCoins", "MoveCall"]);
    expect(what(commands[0]?.MergeCoins?.destination as Arg)).toEqual({ object: coins[0]?.objectId });
    expect(commands[0]?.MergeCoins?.sources.map(what)).toEqual([{ object: coins[1]?.objectId }]);
    expect(commands[1]?.SplitCoins?.amounts.map(what)).toEqual([{ pure: b64(bcs.u64().serialize(5_000_000n).toBytes()) }]);
    const call = commands[2]?.MoveCall;
    expect(call).toMatchObject({ package: normalizeSuiAddress(TMM_PKG), module: "deposit_for_burn", function: "deposit_for_burn" });
    expect(call?.typeArguments.map((t) => t.replace(/^0x0*/, "0x"))).toEqual([USDC["move-chain"]]);
    expect(call?.arguments.map(what)).toEqual([
      { result: 1, index: 0 }, // the split coin
      { pure: b64(bcs.u32().serialize(0).toBytes()) }, // destination_domain
      { pure: b64(bcs.Address.serialize(RECIPIENT).toBytes()) }, // mint_recipient
      { object: SUI_TOKEN_MESSENGER_MINTER_STATE },
      { object: SUI_MESSAGE_TRANSMITTER_STATE },
      { object: SUI_DENY_LIST },
      { object: SUI_USDC_TREASURY },
    ]);
  });

  it("one coin is split directly; too few coins refuse to build", () => {
    const { commands } = decode(depositForBurnPtb(OWNER, TMM_PKG, coins.slice(0, 1), 1_000_000n, 5, RECIPIENT));
    expect(commands.map((c) => c.$kind)).toEqual(["SplitCoins", "MoveCall"]);
    expect(() => depositForBurnPtb(OWNER, TMM_PKG, coins, 7_000_001n, 0, RECIPIENT)).toThrow(SuiInsufficientUsdc);
    expect(() => depositForBurnPtb(OWNER, TMM_PKG, [], 1n, 0, RECIPIENT)).toThrow(SuiInsufficientUsdc);
  });

  it("receive: the five calls of receiveMessage.ts, each taking the previous result", () => {
    const message = `0x${"ab".repeat(248)}` as const;
    const attestation = `0x${"cd".repeat(130)}` as const;
    const { commands, what } = decode(receiveMessagePtb(OWNER, { tokenMessengerMinter: TMM_PKG, messageTransmitter: MT_PKG }, message, attestation));
    const calls = commands.map((c) => c.MoveCall);
    expect(calls.map((c) => `${c?.package}::${c?.module}::${c?.function}`)).toEqual([
      `${normalizeSuiAddress(MT_PKG)}::receive_message::receive_message`,
      `${normalizeSuiAddress(TMM_PKG)}::handle_receive_message::handle_receive_message`,
      `${normalizeSuiAddress(TMM_PKG)}::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message`,
      `${normalizeSuiAddress(MT_PKG)}::receive_message::stamp_receipt`,
      `${normalizeSuiAddress(MT_PKG)}::receive_message::complete_receive_message`,
    ]);
    expect(calls[0]?.arguments.map(what)).toEqual([
      { pure: b64(bcs.vector(bcs.u8()).serialize(Buffer.from(message.slice(2), "hex")).toBytes()) },
      { pure: b64(bcs.vector(bcs.u8()).serialize(Buffer.from(attestation.slice(2), "hex")).toBytes()) },
      { object: SUI_MESSAGE_TRANSMITTER_STATE },
    ]);
    expect(calls[1]?.typeArguments.map((t) => t.replace(/^0x0*/, "0x"))).toEqual([USDC["move-chain"]]);
    expect(calls[1]?.arguments.map(what)).toEqual([{ result: 0, index: 0 }, { object: SUI_TOKEN_MESSENGER_MINTER_STATE }, { object: SUI_DENY_LIST }, { object: SUI_USDC_TREASURY }]);
    expect(calls[2]?.arguments.map(what)).toEqual([{ result: 1, index: 0 }]);
    // stamp_receipt<Auth> with the authenticator type of the original TokenMessengerMinter package.
    expect(calls[3]?.typeArguments).toEqual([`${SUI_TOKEN_MESSENGER_MINTER}::message_transmitter_authenticator::MessageTransmitterAuthenticator`]);
    expect(MESSAGE_TRANSMITTER_AUTHENTICATOR.startsWith(SUI_TOKEN_MESSENGER_MINTER)).toBe(true);
    expect(calls[3]?.arguments.map(what)).toEqual([{ result: 2, index: 0 }, { object: SUI_MESSAGE_TRANSMITTER_STATE }]);
    expect(calls[4]?.arguments.map(what)).toEqual([{ result: 3, index: 0 }, { object: SUI_MESSAGE_TRANSMITTER_STATE }]);
  });
});

const SOL_OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const EVENT = "8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj";
const pk = (s: string) => new PublicKey(s);
const find = (seeds: (string | Buffer)[], program: string) => PublicKey.findProgramAddressSync(seeds.map((s) => (typeof s === "string" ? Buffer.from(s, "utf8") : s)), pk(program))[0].toBase58();
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

describe("Solana CCTP V1 against Circle's V1 IDLs and examples", () => {
  it("deposit_for_burn: IDL 031 account order and flags, V1 params (amount, domain, mint recipient)", async () => {
    const ix = await depositForBurnInstructionV1(SOL_OWNER, address(EVENT), 12_345_678n, 8, RECIPIENT);
    expect(ix.programAddress).toBe(TOKEN_MESSENGER_MINTER_V1);
    const mint = USDC["svm-chain"];
    const [ata] = PublicKey.findProgramAddressSync([pk(SOL_OWNER).toBuffer(), pk(TOKEN_PROGRAM).toBuffer(), pk(mint).toBuffer()], pk("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"));
    const tmm = TOKEN_MESSENGER_MINTER_V1;
    const R = AccountRole;
    // token_messenger_minter_031.json deposit_for_burn.accounts: name, writable, signer.
    expect(ix.accounts?.map((a) => [a.address, a.role])).toEqual([
      [SOL_OWNER, R.READONLY_SIGNER], // owner (signer)
      [SOL_OWNER, R.WRITABLE_SIGNER], // event_rent_payer (writable, signer)
      [find(["sender_authority"], tmm), R.READONLY], // sender_authority_pda
      [ata.toBase58(), R.WRITABLE], // burn_token_account
      [find(["message_transmitter"], MESSAGE_TRANSMITTER_V1_PROGRAM), R.WRITABLE], // message_transmitter
      [find(["token_messenger"], tmm), R.READONLY], // token_messenger
      [find(["remote_token_messenger", "8"], tmm), R.READONLY], // remote_token_messenger
      [find(["token_minter"], tmm), R.READONLY], // token_minter
      [find(["local_token", pk(mint).toBuffer()], tmm), R.WRITABLE], // local_token
      [mint, R.WRITABLE], // burn_token_mint
      [EVENT, R.WRITABLE_SIGNER], // message_sent_event_data
      [MESSAGE_TRANSMITTER_V1_PROGRAM, R.READONLY], // message_transmitter_program
      [tmm, R.READONLY], // token_messenger_minter_program
      [TOKEN_PROGRAM, R.READONLY], // token_program
      ["11111111111111111111111111111111", R.READONLY], // system_program
      [find(["__event_authority"], tmm), R.READONLY], // event_authority
      [tmm, R.READONLY], // program
    ]);
    // discriminator [215, 60, 61, 46, 114, 55, 128, 176] (IDL 031), then amount u64 LE, domain u32 LE, recipient 32 bytes.
    const data = Buffer.from(ix.data ?? new Uint8Array());
    expect([...data.subarray(0, 8)]).toEqual([215, 60, 61, 46, 114, 55, 128, 176]);
    expect(data.readBigUInt64LE(8)).toBe(12_345_678n);
    expect(data.readUInt32LE(16)).toBe(8);
    expect(data.subarray(20).toString("hex")).toBe(RECIPIENT.slice(2));
    expect(data.length).toBe(52);
  });

  it("used_nonces PDA: the 6400-nonce set of get_nonce_pda.rs, with the delimiter for domains ≥ 11", async () => {
    const mt = MESSAGE_TRANSMITTER_V1_PROGRAM;
    expect(await usedNoncesV1(8, 1n)).toBe(find(["used_nonces", "8", "", "1"], mt));
    expect(await usedNoncesV1(8, 6400n)).toBe(find(["used_nonces", "8", "", "1"], mt));
    expect(await usedNoncesV1(8, 6401n)).toBe(find(["used_nonces", "8", "", "6401"], mt));
    expect(await usedNoncesV1(12, 20000n)).toBe(find(["used_nonces", "12", "-", "19201"], mt));
    await expect(usedNoncesV1(8, 0n)).rejects.toThrow();
  });

  it("receive_message: message_transmitter_031 accounts, then examples/receiveMessage.ts remaining accounts (no fee recipient)", async () => {
    const message = `0x${"ab".repeat(248)}` as const;
    const attestation = `0x${"cd".repeat(65)}` as const;
    const remoteToken = `0x${"00".repeat(12)}${"11".repeat(20)}` as const;
    const recipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    const ix = await receiveMessageInstructionV1(SOL_OWNER, message, attestation, 8, remoteToken, 7000n, recipient);
    expect(ix.programAddress).toBe(MESSAGE_TRANSMITTER_V1_PROGRAM);
    const mt = MESSAGE_TRANSMITTER_V1_PROGRAM;
    const tmm = TOKEN_MESSENGER_MINTER_V1;
    const mint = pk(USDC["svm-chain"]).toBuffer();
    const R = AccountRole;
    expect(ix.accounts?.map((a) => [a.address, a.role])).toEqual([
      [SOL_OWNER, R.WRITABLE_SIGNER], // payer
      [SOL_OWNER, R.READONLY_SIGNER], // caller
      [find(["message_transmitter_authority", pk(tmm).toBuffer()], mt), R.READONLY], // authority_pda
      [find(["message_transmitter"], mt), R.READONLY], // message_transmitter
      [find(["used_nonces", "8", "", "6401"], mt), R.WRITABLE], // used_nonces
      [tmm, R.READONLY], // receiver
      ["11111111111111111111111111111111", R.READONLY], // system_program
      [find(["__event_authority"], mt), R.READONLY], // event_authority
      [mt, R.READONLY], // program
      [find(["token_messenger"], tmm), R.READONLY],
      [find(["remote_token_messenger", "8"], tmm), R.READONLY],
      [find(["token_minter"], tmm), R.WRITABLE],
      [find(["local_token", mint], tmm), R.WRITABLE],
      [find(["token_pair", "8", Buffer.from(remoteToken.slice(2), "hex")], tmm), R.READONLY],
      [recipient, R.WRITABLE],
      [find(["custody", mint], tmm), R.WRITABLE],
      [TOKEN_PROGRAM, R.READONLY],
      [find(["__event_authority"], tmm), R.READONLY],
      [tmm, R.READONLY],
    ]);
    // ReceiveMessageParams { message: bytes, attestation: bytes } after the discriminator [38, 144, 127, 225, 31, 225, 238, 25].
    const data = Buffer.from(ix.data ?? new Uint8Array());
    expect([...data.subarray(0, 8)]).toEqual([38, 144, 127, 225, 31, 225, 238, 25]);
    expect(data.readUInt32LE(8)).toBe(248);
    expect(data.subarray(12, 260).toString("hex")).toBe(message.slice(2));
    expect(data.readUInt32LE(260)).toBe(65);
    expect(data.subarray(264).toString("hex")).toBe(attestation.slice(2));
  });
});
