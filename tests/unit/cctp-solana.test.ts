// Our Solana CCTP V2 burn and receive against Circle's program interfaces: the token_messenger_minter_v2 and
// message_transmitter_v2 IDLs (tests/fixtures/cctp/*.json = circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8
// examples/target/idl/*.json) decoded with Anchor's own instruction coder (@coral-xyz/anchor
// 0.31.1), account flags and fixed addresses from the IDL, and PDAs derived with @solana/web3.js as Circle's
// examples/utils.ts `findProgramAddress` does (a second implementation of the derivation).
import { readFileSync } from "node:fs";
import path from "node:path";
import { BorshInstructionCoder, type Idl } from "@coral-xyz/anchor";
import { AccountRole, address, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { resetConfigForTests } from "../../server/config";
import { depositForBurnInstruction, MESSAGE_TRANSMITTER_V2_PROGRAM, receiveMessageInstruction, solanaBurnV2, TOKEN_MESSENGER_MINTER_V2 } from "../../server/rails/cctp-v2/solana";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

const raw: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "fixtures", "cctp", "token_messenger_minter_v2.json"), "utf8"));
const idl = raw as Idl;
const spec = raw as {
  instructions: { name: string; accounts: { name: string; signer?: boolean; writable?: boolean; address?: string; pda?: { seeds: { kind: string; value?: number[]; path?: string }[] } }[] }[];
};
const ix = spec.instructions.find((i) => i.name === "deposit_for_burn");
if (!ix) throw new Error("no deposit_for_burn in the IDL");

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const EVENT = "8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj";
const RECIPIENT = `0x${"00".repeat(12)}${"22".repeat(20)}` as const;

const pk = (s: string) => new PublicKey(s);
const find = (seeds: (string | Buffer)[], program: string) =>
  PublicKey.findProgramAddressSync(
    seeds.map((s) => (typeof s === "string" ? Buffer.from(s, "utf8") : s)),
    pk(program),
  )[0].toBase58();

/**
 * Our instruction's accounts in the IDL's order: each with the IDL's signer and writable flags, and the IDL's fixed
 * address or else the one `expected` gives for its name.
 */
function expectIdlAccounts(
  idlAccounts: readonly { name: string; signer?: boolean; writable?: boolean; address?: string }[],
  accounts: readonly { address: string; role: AccountRole }[],
  expected: Record<string, string>,
): void {
  idlAccounts.forEach((acc, i) => {
    const a = accounts[i];
    if (!a) throw new Error(`missing account ${acc.name}`);
    expect(a.role === AccountRole.READONLY_SIGNER || a.role === AccountRole.WRITABLE_SIGNER, `${acc.name} signer`).toBe(acc.signer === true);
    expect(a.role === AccountRole.WRITABLE || a.role === AccountRole.WRITABLE_SIGNER, `${acc.name} writable`).toBe(acc.writable === true);
    expect(a.address, acc.name).toBe(acc.address ?? expected[acc.name]);
  });
}

/** The constant seed of each account the IDL derives itself, as used in `expected` below. */
const IDL_SEEDS: Record<string, string> = {
  sender_authority_pda: "sender_authority",
  denylist_account: "denylist_account",
  local_token: "local_token",
  event_authority: "__event_authority",
};

describe("deposit_for_burn matches Circle's token_messenger_minter_v2 IDL", () => {
  it("program, discriminator and arguments decode with Anchor's coder", async () => {
    expect(idl.address).toBe(TOKEN_MESSENGER_MINTER_V2);
    const built = await depositForBurnInstruction(OWNER, address(EVENT), 12_345_678n, 3, RECIPIENT, 1_430n, "fast");
    expect(built.programAddress).toBe(TOKEN_MESSENGER_MINTER_V2);
    const decoded = new BorshInstructionCoder(idl).decode(Buffer.from(built.data ?? new Uint8Array()));
    expect(decoded?.name).toBe("deposit_for_burn");
    const params = (decoded?.data as { params: Record<string, { toString(): string }> }).params;
    expect(params.amount?.toString()).toBe("12345678");
    expect(params.destination_domain?.toString()).toBe("3");
    expect((params.mint_recipient as unknown as PublicKey).toBuffer().toString("hex")).toBe(RECIPIENT.slice(2));
    expect((params.destination_caller as unknown as PublicKey).toBase58()).toBe(PublicKey.default.toBase58());
    expect(params.max_fee?.toString()).toBe("1430");
    expect(params.min_finality_threshold?.toString()).toBe("1000");
  });

  it("accounts: the IDL's order, signer and writable flags, fixed addresses and PDAs", async () => {
    const built = await depositForBurnInstruction(OWNER, address(EVENT), 1n, 6, RECIPIENT, 0n, "standard");
    const accounts = built.accounts ?? [];
    expect(accounts).toHaveLength(ix.accounts.length);
    const mint = USDC["svm-chain"];
    const [ata] = PublicKey.findProgramAddressSync([pk(OWNER).toBuffer(), pk("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA").toBuffer(), pk(mint).toBuffer()], pk("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"));
    // Circle's examples/utils.ts getDepositForBurnPdas + the IDL's pda seeds for the accounts Anchor derives.
    const expected: Record<string, string> = {
      owner: OWNER,
      event_rent_payer: OWNER,
      sender_authority_pda: find(["sender_authority"], TOKEN_MESSENGER_MINTER_V2),
      burn_token_account: ata.toBase58(),
      denylist_account: find(["denylist_account", pk(OWNER).toBuffer()], TOKEN_MESSENGER_MINTER_V2),
      message_transmitter: find(["message_transmitter"], MESSAGE_TRANSMITTER_V2_PROGRAM),
      token_messenger: find(["token_messenger"], TOKEN_MESSENGER_MINTER_V2),
      remote_token_messenger: find(["remote_token_messenger", "6"], TOKEN_MESSENGER_MINTER_V2),
      token_minter: find(["token_minter"], TOKEN_MESSENGER_MINTER_V2),
      local_token: find(["local_token", pk(mint).toBuffer()], TOKEN_MESSENGER_MINTER_V2),
      burn_token_mint: mint,
      message_sent_event_data: EVENT,
      event_authority: find(["__event_authority"], TOKEN_MESSENGER_MINTER_V2),
      program: TOKEN_MESSENGER_MINTER_V2,
    };
    // event_rent_payer is writable in the IDL; owner is not, but it is the same key as the (writable) fee payer.
    expectIdlAccounts(ix.accounts, accounts, expected);
    for (const acc of ix.accounts) {
      // Where the IDL gives the seeds (Anchor derives these), they are the ones our expected PDA uses.
      const consts = (acc.pda?.seeds ?? []).filter((x) => x.kind === "const").map((x) => Buffer.from(x.value ?? []).toString("utf8"));
      if (acc.pda) expect(consts, acc.name).toEqual([IDL_SEEDS[acc.name]]);
    }
  });
});

describe("receive_message matches Circle's message_transmitter_v2 IDL", () => {
  const mtRaw: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "fixtures", "cctp", "message_transmitter_v2.json"), "utf8"));
  const mt = mtRaw as { address: string; instructions: { name: string; accounts: { name: string; signer?: boolean; writable?: boolean; address?: string }[] }[] };
  const rx = mt.instructions.find((i) => i.name === "receive_message");

  it("arguments decode with Anchor's coder; the named accounts follow the IDL; the token messenger's follow Circle's example", async () => {
    if (!rx) throw new Error("no receive_message in the IDL");
    expect(mt.address).toBe(MESSAGE_TRANSMITTER_V2_PROGRAM);
    const message = `0x${"01".repeat(376)}` as const;
    const attestation = `0x${"ab".repeat(130)}` as const;
    const nonce = `0x${"3e".repeat(32)}` as const;
    const remoteToken = `0x${"00".repeat(12)}${"83".repeat(20)}` as const;
    const built = await receiveMessageInstruction(OWNER, message, attestation, 6, remoteToken, nonce, EVENT, OWNER);
    const decoded = new BorshInstructionCoder(mtRaw as Idl).decode(Buffer.from(built.data ?? new Uint8Array()));
    expect(decoded?.name).toBe("receive_message");
    const params = (decoded?.data as { params: { message: Buffer; attestation: Buffer } }).params;
    expect(params.message.toString("hex")).toBe(message.slice(2));
    expect(params.attestation.toString("hex")).toBe(attestation.slice(2));
    const accounts = built.accounts ?? [];
    const mtId = MESSAGE_TRANSMITTER_V2_PROGRAM;
    const expected: Record<string, string> = {
      payer: OWNER,
      caller: OWNER,
      authority_pda: find(["message_transmitter_authority", pk(TOKEN_MESSENGER_MINTER_V2).toBuffer()], mtId),
      message_transmitter: find(["message_transmitter"], mtId),
      used_nonce: find(["used_nonce", Buffer.from(nonce.slice(2), "hex")], mtId),
      receiver: TOKEN_MESSENGER_MINTER_V2,
      event_authority: find(["__event_authority"], mtId),
      program: mtId,
    };
    expectIdlAccounts(rx.accounts, accounts, expected);
    // remaining accounts, as examples/v2/solana.ts receiveMessageSol pushes them (getReceiveMessagePdasV2 seeds)
    const rest = accounts.slice(rx.accounts.length).map((a) => a.address);
    const mint = pk(USDC["svm-chain"]).toBuffer();
    expect(rest[0]).toBe(find(["token_messenger"], TOKEN_MESSENGER_MINTER_V2));
    expect(rest[1]).toBe(find(["remote_token_messenger", "6"], TOKEN_MESSENGER_MINTER_V2));
    expect(rest[2]).toBe(find(["token_minter"], TOKEN_MESSENGER_MINTER_V2));
    expect(rest[3]).toBe(find(["local_token", mint], TOKEN_MESSENGER_MINTER_V2));
    expect(rest[4]).toBe(find(["token_pair", "6", Buffer.from(remoteToken.slice(2), "hex")], TOKEN_MESSENGER_MINTER_V2));
    expect(rest[6]).toBe(EVENT);
    expect(rest[7]).toBe(find(["custody", mint], TOKEN_MESSENGER_MINTER_V2));
    expect(rest.slice(8)).toEqual(["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", find(["__event_authority"], TOKEN_MESSENGER_MINTER_V2), TOKEN_MESSENGER_MINTER_V2]);
  });
});

describe("the owner's burn transaction", () => {
  let rpc: FakeRpc;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_SVM = rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    await rpc.close();
  });

  it("is signed by the fresh event account, leaves the owner's slot empty, and pays from the owner", async () => {
    const { payload, eventAccount } = await solanaBurnV2(OWNER, 2_000_000n, 3, RECIPIENT, 0n, "standard");
    expect(payload.recentBlockhash).toBe(rpc.blockhash);
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(payload.transaction));
    expect(Object.keys(wire.signatures)).toEqual([OWNER, eventAccount]);
    expect(wire.signatures[OWNER as keyof typeof wire.signatures]).toBeNull();
    expect(wire.signatures[eventAccount as keyof typeof wire.signatures]).not.toBeNull();
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    expect(msg.staticAccounts[0]).toBe(OWNER);
    expect(msg.staticAccounts).toContain(TOKEN_MESSENGER_MINTER_V2);
    // a second plan gets another event account
    expect((await solanaBurnV2(OWNER, 2_000_000n, 3, RECIPIENT, 0n, "standard")).eventAccount).not.toBe(eventAccount);
  });
});
