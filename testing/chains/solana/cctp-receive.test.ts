// The local Solana chain runs Circle's CCTP receive as the programs do (./cctp.ts): our builders' receive_message (V1
// and V2) with a burn message attested by the local attesters simulates ok and releases USDC from custody into the
// owner's USDC account (read back from the chain after the transaction); a tampered attestation, a key that is not an
// attester, a message for another domain or another recipient program, or the wrong token account are refused with
// the program's own error; a receive that landed (execute) uses its nonce, so the same message is refused afterwards.
import { AccountRole, address, getAddressEncoder, getProgramDerivedAddress, type Instruction } from "@solana/kit";
import { findAssociatedTokenPda, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex, keccak256, pad, serializeSignature } from "viem";
import { sign } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { USDC } from "../../../server/chains/balances";
import { compileSolanaPayload } from "../../../server/chains/solana";
import { receiveMessageInstructionV1 } from "../../../server/rails/cctp-v1/solana";
import { receiveMessageInstruction } from "../../../server/rails/cctp-v2/solana";
import { withRecipientAccount } from "../../../server/rails/cctp/solana";
import { attest } from "../attester";
import { cctpMessageV1, cctpMessageV2 } from "../cctp-message";
import type { ChainAccount } from "./anchor-idl";
import { installSolanaCctp, MT_V1_IDL, MT_V2_IDL, TMM_V1_IDL, TMM_V2_IDL } from "./cctp";
import { SolanaLocalChain } from "./local-chain";
import { fixtureAddress } from "./venues/encode";

const OWNER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const OTHER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const FEE_RECIPIENT = fixtureAddress("cctp-fee-recipient");
const MINT = USDC["svm-chain"];
const BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";
// The remote ends the local minters accept (fixtures: the program compares the message with its own state).
const EVM_MESSENGER = pad("0x28b5a0e9c621a5badaa536219b3a228c8168cf5d");
const EVM_USDC = pad("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
const SUI_MESSENGER = pad("0x2aa6c5d56376c371f88a6cc42e852824994993cb9bab8d3e6450cbe3cb32b94e");
const SUI_USDC = pad("0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7");
const getBytes = (a: string) => Uint8Array.from(getAddressEncoder().encode(address(a)));
const TMM_V2 = bytesToHex(getBytes(TMM_V2_IDL.address));
const TMM_V1 = bytesToHex(getBytes(TMM_V1_IDL.address));

const ataOf = async (owner: string) => (await findAssociatedTokenPda({ owner: address(owner), mint: address(MINT), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
const wire = (ixs: Instruction[]) => compileSolanaPayload(OWNER, ixs, { blockhash: BLOCKHASH, lastValidBlockHeight: 280_000_150n }).transaction;

describe("Circle's CCTP receive on the local Solana chain", () => {
  let accounts: Map<string, ChainAccount>;
  let chain: SolanaLocalChain;
  let recipient: string;

  beforeEach(async () => {
    accounts = new Map();
    chain = new SolanaLocalChain(() => accounts);
    chain.lamports.set(OWNER, 1_000_000_000n);
    await installSolanaCctp(accounts, chain, { version: 2, remotes: [{ domain: 6, tokenMessenger: EVM_MESSENGER, token: EVM_USDC }], feeRecipient: FEE_RECIPIENT, custody: 50_000_000n });
    await installSolanaCctp(accounts, chain, { version: 1, remotes: [{ domain: 8, tokenMessenger: SUI_MESSENGER, token: SUI_USDC }], custody: 50_000_000n });
    recipient = await ataOf(OWNER);
  });

  const v2 = (amount: bigint, nonce: Hex, o: { dst?: number; recipient?: Hex; feeExecuted?: bigint; maxFee?: bigint; finality?: number } = {}) =>
    cctpMessageV2(
      6,
      o.dst ?? 5,
      nonce,
      bytesToHex(getBytes(recipient)),
      amount,
      { sender: EVM_MESSENGER, recipient: o.recipient ?? TMM_V2, burnToken: EVM_USDC },
      { feeExecuted: o.feeExecuted, maxFee: o.maxFee, finalityThresholdExecuted: o.finality },
    );
  const receiveV2 = async (message: Hex, attestation: Hex, to = recipient) =>
    wire(await withRecipientAccount(OWNER, recipient, await receiveMessageInstruction(OWNER, message, attestation, 6, EVM_USDC, `0x${message.slice(2 + 24, 2 + 88)}` as Hex, to, FEE_RECIPIENT)));
  const run = (tx: string, addresses: string[] = []) => chain.simulate(tx, { encoding: "base64", replaceRecentBlockhash: true, accounts: { encoding: "base64", addresses } });
  const tokenAmount = (a: { data: [string, "base64"] } | null | undefined) => (a ? getTokenDecoder().decode(Buffer.from(a.data[0], "base64")).amount : null);
  const custom = (code: number) => ({ InstructionError: [1, { Custom: code }] });
  const error = (name: string, idl: { errors?: { code: number; name: string }[] }) => idl.errors?.find((e) => e.name === name)?.code ?? -1;

  it("V2: a burn attested by the local attester releases the amount less the executed fee to the mint recipient", async () => {
    const nonce = pad("0x01") as Hex;
    const message = v2(3_000_000n, nonce, { feeExecuted: 1_000n, maxFee: 2_000n });
    const [feeAta] = await findAssociatedTokenPda({ owner: address(FEE_RECIPIENT), mint: address(MINT), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const r = await run(await receiveV2(message, await attest(message)), [recipient, feeAta]);
    expect(r.err).toBeNull();
    expect(r.logs).toEqual(expect.arrayContaining([`Program ${TMM_V2_IDL.address} invoke [2]`, "Program log: Instruction: HandleReceiveFinalizedMessage"]));
    expect(r.accounts?.map(tokenAmount)).toEqual([2_999_000n, 1_000n]);
    // The fast path (finality executed 1000) goes to handle_receive_unfinalized_message.
    const fast = v2(1_000_000n, pad("0x02") as Hex, { finality: 1000 });
    const f = await run(await receiveV2(fast, await attest(fast)));
    expect(f.err).toBeNull();
    expect(f.logs).toContain("Program log: Instruction: HandleReceiveUnfinalizedMessage");
  });

  it("V2: a tampered attestation, a key that is not an attester, a short attestation are refused with the transmitter's error", async () => {
    const message = v2(1_000_000n, pad("0x03") as Hex);
    const good = await attest(message);
    // One byte of r changed: the signature recovers another key, not an enabled attester.
    const tampered = `${good.slice(0, 10)}${good.slice(10, 12) === "00" ? "01" : "00"}${good.slice(12)}` as Hex;
    const t = await run(await receiveV2(message, tampered));
    expect(t.err).toEqual(custom(error("InvalidAttesterSignature", MT_V2_IDL)));
    expect(t.logs.join("\n")).toMatch(/Error Code: InvalidAttesterSignature/);
    const stranger = serializeSignature(await sign({ hash: keccak256(message), privateKey: `0x${"c3".repeat(32)}` }));
    expect((await run(await receiveV2(message, stranger))).err).toEqual(custom(error("InvalidAttesterSignature", MT_V2_IDL)));
    expect((await run(await receiveV2(message, `${good}00` as Hex))).err).toEqual(custom(error("InvalidAttestationLength", MT_V2_IDL)));
    // The untampered one passes: each refusal above is the change.
    expect((await run(await receiveV2(message, good))).err).toBeNull();
  });

  it("V2: a message for another domain, for another recipient program, or the wrong token account is refused", async () => {
    const elsewhere = v2(1_000_000n, pad("0x04") as Hex, { dst: 3 });
    expect((await run(await receiveV2(elsewhere, await attest(elsewhere)))).err).toEqual(custom(error("InvalidDestinationDomain", MT_V2_IDL)));
    const evmRecipient = v2(1_000_000n, pad("0x05") as Hex, { recipient: EVM_MESSENGER });
    expect((await run(await receiveV2(evmRecipient, await attest(evmRecipient)))).err).toEqual(custom(error("InvalidRecipientProgram", MT_V2_IDL)));
    // Another USDC account than the message's mint recipient: the minter refuses (TokenMessengerError::InvalidMintRecipient = 6009).
    await chain.setTokenBalance(OTHER, MINT, 0n);
    const message = v2(1_000_000n, pad("0x06") as Hex);
    const wrong = await run(await receiveV2(message, await attest(message), await ataOf(OTHER)));
    expect(wrong.err).toEqual(custom(6009));
    expect(wrong.logs.join("\n")).toMatch(/Error Code: InvalidMintRecipient/);
  });

  it("V2: the accounts as the IDL and the source fix them: off-seed nonce account, read-only custody, a fee above max_fee", async () => {
    const message = v2(1_000_000n, pad("0x08") as Hex);
    const attestation = await attest(message);
    const build = async (edit: (ix: Instruction) => Instruction) =>
      wire(await withRecipientAccount(OWNER, recipient, edit(await receiveMessageInstruction(OWNER, message, attestation, 6, EVM_USDC, pad("0x08") as Hex, recipient, FEE_RECIPIENT))));
    const swapAccount = (i: number, to: (a: NonNullable<Instruction["accounts"]>[number]) => NonNullable<Instruction["accounts"]>[number]) => (ix: Instruction) => ({
      ...ix,
      accounts: (ix.accounts ?? []).map((a, k) => (k === i ? to(a) : a)),
    });
    // used_nonce (account 4) of another nonce: receive_message's seeds [b"used_nonce", message nonce].
    const [otherNonce] = await getProgramDerivedAddress({ programAddress: address(MT_V2_IDL.address), seeds: [Buffer.from("used_nonce"), new Uint8Array(32)] });
    expect((await run(await build(swapAccount(4, (a) => ({ ...a, address: otherNonce }))))).err).toEqual(custom(2006));
    // custody_token_account (the receive's 17th account: 9 of receive_message, then the minter's 8th) passed read-only.
    const custody = await build(swapAccount(16, (a) => ({ ...a, role: AccountRole.READONLY })));
    const r = await run(custody);
    expect(r.err).toEqual(custom(2000));
    expect(r.logs.join("\n")).toMatch(/caused by account: custody_token_account/);
    // An executed fee above the burn's max_fee (TokenMessengerError::FeeExceedsMaxFee = 6015).
    const greedy = v2(1_000_000n, pad("0x09") as Hex, { feeExecuted: 2_000n, maxFee: 1_000n });
    expect((await run(await receiveV2(greedy, await attest(greedy)))).err).toEqual(custom(6015));
    expect((await run(await build((ix) => ix))).err).toBeNull();
  });

  it("V2: once a receive lands, the same nonce is refused (used_nonce exists); simulating alone uses nothing", async () => {
    const message = v2(2_000_000n, pad("0x07") as Hex);
    const tx = await receiveV2(message, await attest(message));
    expect((await run(tx)).err).toBeNull();
    expect((await run(tx)).err).toBeNull(); // a simulation keeps nothing
    expect((await chain.execute(tx)).err).toBeNull();
    expect(chain.tokens.get(recipient)?.amount).toBe(2_000_000n);
    const again = await run(tx);
    expect(again.err).toEqual(custom(0)); // System: AccountAlreadyInUse, from used_nonce's `init`
    expect(again.logs.join("\n")).toMatch(/already in use/);
  });

  it("V1: a Sui burn attested by the local attester releases the amount; the same nonce twice is NonceAlreadyUsed", async () => {
    const message = cctpMessageV1(8, 5, 7000n, bytesToHex(getBytes(recipient)), 4_000_000n, { sender: SUI_MESSENGER, recipient: TMM_V1, burnToken: SUI_USDC });
    const tx = wire(await withRecipientAccount(OWNER, recipient, await receiveMessageInstructionV1(OWNER, message, await attest(message), 8, SUI_USDC, 7000n, recipient)));
    const r = await run(tx, [recipient]);
    expect(r.err).toBeNull();
    expect(r.logs).toContain("Program log: Instruction: HandleReceiveMessage");
    expect(r.accounts?.map(tokenAmount)).toEqual([4_000_000n]);
    expect((await chain.execute(tx)).err).toBeNull();
    expect((await run(tx)).err).toEqual(custom(error("NonceAlreadyUsed", MT_V1_IDL)));
    // A message whose sender is not the remote token messenger the minter holds for domain 8.
    const forged = cctpMessageV1(8, 5, 7001n, bytesToHex(getBytes(recipient)), 4_000_000n, { sender: EVM_MESSENGER, recipient: TMM_V1, burnToken: SUI_USDC });
    const f = await run(wire(await withRecipientAccount(OWNER, recipient, await receiveMessageInstructionV1(OWNER, forged, await attest(forged), 8, SUI_USDC, 7001n, recipient))));
    expect(f.err).toEqual(custom(error("InvalidTokenMessenger", TMM_V1_IDL)));
  });
});
