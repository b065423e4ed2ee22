// The CCTP V1 routes with move-chain (Sui has only V1) on the running app, on both databases: move → svm, svm → move,
// move → evm-a and evm-a → move. Each plan is prepared with its burn built (Sui: the deposit_for_burn PTB from the
// owner's coins, simulated by the local Sui node that serves Circle's packages and shared objects and type-checks the
// calls; Solana: the V1 program's deposit_for_burn; EVM: TokenMessenger V1), the attestation is read from the local
// Iris in Circle's V1 format, the receive is built on the destination (Sui receive PTB simulated; Solana V1
// receive_message; EVM receiveMessage, simulated on Circle's V1 MessageTransmitter with an attestation by the local
// attesters it enables), and delivery credits the locked destination once.
import { randomBytes } from "node:crypto";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { getBase58Decoder } from "@solana/kit";
import { Keypair, PublicKey, VersionedTransaction } from "@solana/web3.js";
import { bytesToHex, decodeFunctionData, type Hex, pad } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import { suiPayload } from "../../server/chains/sui";
import { resetConfigForTests } from "../../server/config";
import { receiveExpectation } from "../../server/plans/bridge-changes";
import { MESSAGE_TRANSMITTER_ABI, TOKEN_MESSENGER_ABI } from "../../server/rails/cctp/abi";
import { MESSAGE_TRANSMITTER } from "../../server/rails/cctp-v1/evm";
import {
  receiveMessagePtb,
  SUI_MESSAGE_TRANSMITTER,
  SUI_MESSAGE_TRANSMITTER_STATE,
  SUI_TOKEN_MESSENGER_MINTER,
  SUI_TOKEN_MESSENGER_MINTER_STATE,
} from "../../server/rails/cctp-v1/sui";
import { attest } from "../../testing/chains/attester";
import { erc20Balance } from "../../testing/chains/evm/aave";
import { LOCAL_TMM_UPGRADE } from "../../testing/chains/sui/cctp";
import { installLocalSolanaCctp, toSolanaEnds } from "../../testing/chains/solana/cctp";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { dbKinds } from "../support/app";
import { type BridgeStack, executeSui, landSolanaTx, startBridgeStack, suiBurnNonce, suiCalls, v1Message } from "../support/bridge-stack";
import type { FakeIris } from "../support/fake-iris";
import { type FakeRpc, fundSuiOwner } from "../support/fake-rpc";
import { call } from "../support/http";
import { EVM, EVM_DEST, SOL_DEST, SUI, SUI_2 as SUI_DEST } from "../support/wallets";

type J = Record<string, unknown>;

/** The move-chain source owner: it signs its burn, which the local Sui node executes (the rescue reads its events). */
const SUI_SIGNER = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(0x55));
const SUI_SRC = SUI_SIGNER.toSuiAddress();
/** The svm-chain source owner: it signs its burn, which the local Solana chain runs (the rescue reads its event account). */
const SOL_SIGNER = Keypair.fromSeed(new Uint8Array(32).fill(0x56));
const SOL_SRC = SOL_SIGNER.publicKey.toBase58();
type Tx = { chain: string; kind: string; encoding: string; payload: unknown; simulation?: { status: string; error: string | null } };

const OWNER = "v1-routes-owner-key-000000001";
const KEEPER = "v1-routes-keeper-key-00000001";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [SUI, SUI_SRC, SUI_DEST, SOL_SRC, SOL_DEST, EVM, EVM_DEST] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
]);
const b58 = (n: number) => getBase58Decoder().decode(randomBytes(n));
const evmHash = () => `0x${randomBytes(32).toString("hex")}`;
const usdcMove = USDC["move-chain"];
const MT_V1_SOLANA = "CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd";
const TMM_V1_SOLANA = "CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3";
/** A Sui burn as Circle's V1 programs write it for Solana: sender Sui's TokenMessengerMinter, recipient Solana's minter program, burn token Sui USDC's package. */
const SUI_TO_SOLANA = toSolanaEnds(1, 8);

describe.each(dbKinds())("CCTP V1 routes with move-chain (%s)", (db) => {
  let stack: BridgeStack;
  let rpc: FakeRpc;
  let iris: FakeIris;
  const post = (path: string, body: unknown, key?: string) => call<J>(stack.app.url, "POST", `/api/v1${path}`, { body, key });
  const plan = async (body: J) => {
    const r = await post("/svc/bridge/plan", body);
    expect(r.status).toBe(200);
    return r.json as J & { planId: string; mintRecipient: Hex; transactions: Tx[] };
  };
  const rescue = (planId: string, sourceTxId: string) => post("/svc/bridge/rescue", { planId, sourceTxId }, OWNER);
  const deliverOnce = async (planId: string, destTxId: string, credited: string) => {
    const first = await post("/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(first.json).toMatchObject({ status: "delivered", credited: true, creditedMicros: credited });
    const again = await post("/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(again.json).toMatchObject({ status: "delivered", credited: false, creditedMicros: credited });
  };
  const suiMint = (to: string, amount: bigint) => {
    const d = b58(32);
    rpc.txs.set(d, { kind: "sui", sender: to, status: "success", balanceChanges: [{ owner: to, coinType: usdcMove, amount }] });
    return d;
  };

  beforeAll(async () => {
    stack = await startBridgeStack(db, KEYS, async (chain) => {
      fundSuiOwner(chain, SUI);
      fundSuiOwner(chain, SUI_SRC);
      fundSuiOwner(chain, SUI_DEST);
      // svm-chain simulates on the local chain running Circle's V1 programs: the transmitter trusts the local attesters,
      // the minter accepts Sui's burns (domain 8) and holds USDC in custody.
      const solana = new SolanaLocalChain(() => chain.solanaAccounts);
      chain.solanaChain = solana;
      for (const owner of [SOL_SRC, SOL_DEST]) solana.lamports.set(owner, 1_000_000_000n);
      await solana.setTokenBalance(SOL_SRC, USDC["svm-chain"], 100_000_000n);
      await installLocalSolanaCctp(chain.solanaAccounts, solana, SOL_DEST);
    });
    ({ rpc, iris } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("move → svm: Sui deposit_for_burn from the owner's coins, simulated; Solana V1 receive_message simulated; credited once", async () => {
    const p = await plan({ sourceChain: "move-chain", destChain: "svm-chain", amountMicros: "4000000", sourceAddress: SUI_SRC, destAddress: SOL_DEST });
    expect(p).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", speed: null, destinationDomain: 5 });
    const [burn] = p.transactions;
    expect(burn).toMatchObject({ chain: "move-chain", kind: "burn", encoding: "sui-transaction-json", simulation: { status: "ok" } });
    // The call goes to the newest TokenMessengerMinter (the node lists an upgrade), with the owner's coin object.
    expect(suiCalls(burn?.payload as string)).toEqual([`${LOCAL_TMM_UPGRADE}::deposit_for_burn::deposit_for_burn`]);
    expect(rpc.calls).toContain("ListOwnedObjects");
    // More than the owner holds: blocked with the balance, nothing to sign.
    const big = await plan({ sourceChain: "move-chain", destChain: "svm-chain", amountMicros: "5000000000", sourceAddress: SUI_SRC, destAddress: SOL_DEST });
    expect(big).toMatchObject({ status: "blocked", transactions: [], blockers: [{ code: "insufficient_balance" }] });

    // The burn is signed and executed on the local Sui node; the rescue reads it from the transaction's events.
    const digest = await executeSui(rpc, SUI_SIGNER, p.transactions[0]?.payload as string);
    const nonce = suiBurnNonce(rpc, digest);
    expect((await rescue(p.planId, digest)).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }] });
    const message = v1Message(8, 5, nonce, p.mintRecipient, 4_000_000n, { ...SUI_TO_SOLANA, messageSender: SUI_SRC as Hex });
    iris.messages.set(`8/${digest}`, [{ message, attestation: "PENDING", eventNonce: nonce.toString() }]);
    expect((await rescue(p.planId, digest)).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }] });
    // An attestation of another message (the local attester's signature, but not over this message): Circle's
    // transmitter recovers another key and refuses it; the rescue is blocked with the program's error.
    iris.messages.set(`8/${digest}`, [{ message, attestation: await attest(v1Message(8, 5, nonce + 1n, p.mintRecipient, 4_000_000n, SUI_TO_SOLANA)), eventNonce: nonce.toString() }]);
    const forged = await rescue(p.planId, digest);
    expect(forged.json).toMatchObject({ status: "blocked", transactions: [], blockers: [{ code: "simulation_failed" }] });
    expect((forged.json.blockers as { message: string }[])[0]?.message).toMatch(/InvalidAttesterSignature/);
    // A listed message whose sender is not the Sui TokenMessengerMinter (attested, but not what the chain emitted): refused
    // before anything is built, as the burn the chain emitted is not the one listed.
    const impostor = v1Message(8, 5, nonce, p.mintRecipient, 4_000_000n, { ...SUI_TO_SOLANA, messageSender: SUI_SRC as Hex, sender: pad("0x0a") });
    iris.messages.set(`8/${digest}`, [{ message: impostor, attestation: await attest(impostor), eventNonce: nonce.toString() }]);
    expect((await rescue(p.planId, digest)).json).toMatchObject({ status: "blocked", transactions: [], blockers: [{ code: "burn_not_found" }] });
    const attestation = await attest(message);
    iris.messages.set(`8/${digest}`, [{ message, attestation, eventNonce: nonce.toString() }]);
    const r = await rescue(p.planId, digest);
    expect(r.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", messageTransmitter: MT_V1_SOLANA, burn: { nonce: nonce.toString(), amountMicros: "4000000", attestation } });
    const rx = (r.json.transactions as { simulation: { status: string }; payload: { instructions: { programAddress: string; accounts: { address: string }[] }[] } }[])[0];
    expect(rx?.simulation.status).toBe("ok");
    // The owner's USDC account is created idempotently before receive_message mints into it (behind the compute budget).
    const [create, ix] = rx?.payload.instructions.filter((i) => i.programAddress !== "ComputeBudget111111111111111111111111111111") ?? [];
    expect(create?.programAddress).toBe("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
    expect(create?.accounts[1]?.address).toBe(new PublicKey(Buffer.from(p.mintRecipient.slice(2), "hex")).toBase58());
    expect(ix?.programAddress).toBe(MT_V1_SOLANA);
    const addrs = ix?.accounts.map((a) => a.address) ?? [];
    expect(addrs[0]).toBe(SOL_DEST);
    const [usedNonces] = PublicKey.findProgramAddressSync([Buffer.from("used_nonces"), Buffer.from("8"), Buffer.from(""), Buffer.from("6401")], new PublicKey(MT_V1_SOLANA));
    expect(addrs[4]).toBe(usedNonces.toBase58());
    expect(addrs[5]).toBe(TMM_V1_SOLANA);
    expect(addrs).toContain(new PublicKey(Buffer.from(p.mintRecipient.slice(2), "hex")).toBase58());

    const sig = b58(64);
    rpc.txs.set(sig, { kind: "solana", feePayer: SOL_DEST, confirmationStatus: "finalized", tokenBalances: [{ owner: SOL_DEST, mint: USDC["svm-chain"], pre: 0n, post: 4_000_000n }] });
    await deliverOnce(p.planId, sig, "4000000");
  });

  it("svm → move: Solana V1 deposit_for_burn landed on the local chain; the rescue reads its MessageSent event account, which Circle's listing must equal; the Sui receive PTB simulated by the node; credited once", async () => {
    const p = await plan({ sourceChain: "svm-chain", destChain: "move-chain", amountMicros: "3000000", sourceAddress: SOL_SRC, destAddress: SUI_DEST });
    expect(p).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", mintRecipient: SUI_DEST });
    const burnIx = (p.transactions[0]?.payload as { instructions: { programAddress: string }[] }).instructions[0];
    expect(burnIx?.programAddress).toBe(TMM_V1_SOLANA);
    // Simulated on the local chain: the V1 minter's deposit_for_burn checks the accounts and burns from the owner's USDC.
    expect(p.transactions[0]?.simulation?.status).toBe("ok");
    // The message Circle's V1 programs write for this burn (the local model's nonce is 0; the sender is the owner's key).
    const sender = bytesToHex(SOL_SIGNER.publicKey.toBytes());
    const message = v1Message(5, 8, 0n, SUI_DEST as Hex, 3_000_000n, { messageSender: sender });
    // Circle's attestation (the local attesters'): the Sui node verifies it as Circle's attestation module does.
    const attestation = await attest(message);

    // A signature the chain does not know is no burn, whatever Circle's service lists for it.
    const unknown = b58(64);
    iris.messages.set(`5/${unknown}`, [{ message, attestation, eventNonce: "0" }]);
    const none = await rescue(p.planId, unknown);
    expect(none.json).toMatchObject({ status: "blocked", blockers: [{ code: "burn_not_found" }], transactions: [] });
    expect(JSON.stringify(none.json.blockers)).toContain("svm-chain does not know the transaction");

    // Another plan's burn (to another Sui address) is not this plan's: recipient_mismatch names where it mints.
    const other = await plan({ sourceChain: "svm-chain", destChain: "move-chain", amountMicros: "1000000", sourceAddress: SOL_SRC, destAddress: SUI });
    const otherSig = await landSolanaTx(rpc, rpc.solanaChain as SolanaLocalChain, (other.transactions[0]?.payload as { transaction: string }).transaction, SOL_SIGNER);
    expect((await rescue(p.planId, otherSig)).json).toMatchObject({ status: "blocked", blockers: [{ code: "recipient_mismatch" }], transactions: [] });

    // The owner signs the burn; Circle's V1 programs on the local chain burn the USDC and write the message.
    const wire = (p.transactions[0]?.payload as { transaction: string }).transaction;
    const sig = await landSolanaTx(rpc, rpc.solanaChain as SolanaLocalChain, wire, SOL_SIGNER);
    expect((await rescue(p.planId, sig)).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], burn: { amountMicros: "3000000", message } });
    // Circle's service listing another message for the signature (one micro-USDC more) is not this burn's attestation.
    iris.messages.set(`5/${sig}`, [{ message: v1Message(5, 8, 0n, SUI_DEST as Hex, 3_000_001n, { messageSender: sender }), attestation, eventNonce: "0" }]);
    const listedOther = await rescue(p.planId, sig);
    expect(listedOther.json).toMatchObject({ status: "blocked", blockers: [{ code: "burn_not_found" }], transactions: [] });
    expect(JSON.stringify(listedOther.json.blockers)).toContain("a message other than the one svm-chain's transaction emitted");
    // The chain unreachable: the burn cannot be read, so nothing is built.
    rpc.down = true;
    try {
      expect((await rescue(p.planId, sig)).json).toMatchObject({ status: "blocked", blockers: [{ code: "source_rpc_unavailable" }], transactions: [] });
    } finally {
      rpc.down = false;
    }
    iris.messages.set(`5/${sig}`, [{ message, attestation, eventNonce: "0" }]);
    const r = await rescue(p.planId, sig);
    expect(r.json).toMatchObject({ status: "prepared", messageTransmitter: SUI_MESSAGE_TRANSMITTER, burn: { nonce: "0", amountMicros: "3000000", attestation } });
    // Once the event account is closed (its rent reclaimed, which V1 allows after attestation) the message is no longer
    // on chain: Circle's listing alone is used, so a listing the chain would have refused above is now what is built.
    const eventAccount = VersionedTransaction.deserialize(Buffer.from(wire, "base64")).message.staticAccountKeys[1]?.toBase58() as string;
    expect(rpc.solanaAccounts.delete(eventAccount)).toBe(true);
    const listed = v1Message(5, 8, 0n, SUI_DEST as Hex, 3_000_001n, { messageSender: sender });
    iris.messages.set(`5/${sig}`, [{ message: listed, attestation: await attest(listed), eventNonce: "0" }]);
    expect((await rescue(p.planId, sig)).json).toMatchObject({ status: "prepared", burn: { amountMicros: "3000001", message: listed } });
    iris.messages.set(`5/${sig}`, [{ message, attestation, eventNonce: "0" }]);
    const [rx] = r.json.transactions as Tx[];
    expect(rx).toMatchObject({ chain: "move-chain", kind: "receive", encoding: "sui-transaction-json", simulation: { status: "ok" } });
    expect(suiCalls(rx?.payload as string)).toEqual([
      `${SUI_MESSAGE_TRANSMITTER}::receive_message::receive_message`,
      `${LOCAL_TMM_UPGRADE}::handle_receive_message::handle_receive_message`,
      `${LOCAL_TMM_UPGRADE}::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message`,
      `${SUI_MESSAGE_TRANSMITTER}::receive_message::stamp_receipt`,
      `${SUI_MESSAGE_TRANSMITTER}::receive_message::complete_receive_message`,
    ]);
    expect(Transaction.from(rx?.payload as string).getData().sender).toBe(normalizeSuiAddress(SUI_DEST));
    await deliverOnce(p.planId, suiMint(SUI_DEST, 3_000_000n), "3000000");
  });

  it("move → evm-a: Sui burn; receiveMessage on evm-a's V1 MessageTransmitter; credited once", async () => {
    const p = await plan({ sourceChain: "move-chain", destChain: "evm-a", amountMicros: "2000000", sourceAddress: SUI_SRC, destAddress: EVM_DEST });
    expect(p).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", mintRecipient: pad(EVM_DEST as Hex), destinationDomain: 6 });
    expect(p.transactions[0]).toMatchObject({ chain: "move-chain", kind: "burn", simulation: { status: "ok" } });
    const digest = await executeSui(rpc, SUI_SIGNER, p.transactions[0]?.payload as string);
    const nonce = suiBurnNonce(rpc, digest);
    const message = v1Message(8, 6, nonce, pad(EVM_DEST as Hex), 2_000_000n, { messageSender: SUI_SRC as Hex });
    const attestation = await attest(message);
    // The message the chain emitted with an attestation of another (a larger amount): the signature does not recover a
    // local attester, and the simulation on evm-a's MessageTransmitter (Circle's bytecode) refuses it with its own reason.
    iris.messages.set(`8/${digest}`, [{ message, attestation: await attest(v1Message(8, 6, nonce, pad(EVM_DEST as Hex), 2_000_001n, { messageSender: SUI_SRC as Hex })), eventNonce: nonce.toString() }]);
    const tampered = await rescue(p.planId, digest);
    expect(tampered.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }], transactions: [] });
    expect(JSON.stringify(tampered.json.blockers)).toContain("reverted: Invalid signature: not attester");
    iris.messages.set(`8/${digest}`, [{ message, attestation, eventNonce: nonce.toString() }]);
    const r = await rescue(p.planId, digest);
    expect(r.json).toMatchObject({ status: "prepared", messageTransmitter: MESSAGE_TRANSMITTER["evm-a"] });
    const tx = (r.json.transactions as Tx[])[0] as Tx & { payload: { to: string; data: Hex } };
    expect(tx).toMatchObject({ chain: "evm-a", kind: "receive", simulation: { status: "ok", error: null } });
    expect(tx?.payload.to).toBe(MESSAGE_TRANSMITTER["evm-a"]);
    expect(decodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, data: tx?.payload.data as Hex }).args).toEqual([message, attestation]);
    // The simulated call, landed on evm-a, mints the Sui burn's amount to the locked destination.
    const before = await erc20Balance(stack.evm["evm-a"], USDC["evm-a"], EVM_DEST);
    await stack.evm["evm-a"].exec(EVM_DEST, tx.payload.to, tx.payload.data);
    expect((await erc20Balance(stack.evm["evm-a"], USDC["evm-a"], EVM_DEST)) - before).toBe(2_000_000n);
    const h = evmHash();
    rpc.txs.set(h, { kind: "evm", from: EVM_DEST, status: "0x1", transfers: [{ token: USDC["evm-a"], from: `0x${"0".repeat(40)}`, to: EVM_DEST, value: 2_000_000n }] });
    await deliverOnce(p.planId, h, "2000000");
  });

  it("evm-a → move: TokenMessenger V1 burn; the MessageSent from the receipt, attested; Sui receive simulated; credited once", async () => {
    const p = await plan({ sourceChain: "evm-a", destChain: "move-chain", amountMicros: "6000000", sourceAddress: EVM, destAddress: SUI_DEST });
    expect(p).toMatchObject({ status: "prepared", rail: "circle-cctp-v1" });
    const burn = p.transactions[1]?.payload as { data: Hex };
    expect(decodeFunctionData({ abi: TOKEN_MESSENGER_ABI, data: burn.data }).args).toEqual([6_000_000n, 8, SUI_DEST, USDC["evm-a"]]);
    const h = evmHash();
    const message = v1Message(6, 8, 4242n, SUI_DEST as Hex, 6_000_000n);
    rpc.txs.set(h, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER["evm-a"] as string, message }] });
    expect((await rescue(p.planId, h)).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }] });
    const attestation = await attest(message);
    iris.messages.set(`6/${h}`, [{ message, attestation, eventNonce: "4242" }]);
    const r = await rescue(p.planId, h);
    expect(r.json).toMatchObject({ status: "prepared", burn: { nonce: "4242", amountMicros: "6000000", attestation } });
    const [rx] = r.json.transactions as Tx[];
    expect(rx).toMatchObject({ chain: "move-chain", kind: "receive", simulation: { status: "ok" } });
    await deliverOnce(p.planId, suiMint(SUI_DEST, 6_000_000n), "6000000");
  });

  it("the move-chain receive checked against the rescue: the node's balance changes are exactly the attested amount minted to the destination; a message minting elsewhere, or 10 ×, is refused naming both", async () => {
    const current = { tokenMessengerMinter: LOCAL_TMM_UPGRADE, messageTransmitter: SUI_MESSAGE_TRANSMITTER };
    const elsewhere = normalizeSuiAddress("0x0d0d");
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
    try {
      // The rescue's receive PTB (as rescueV1 builds it, signed by the destination) of a message minting `amount` to
      // `to`, attested by the local attesters.
      const receive = async (to: string, amount: bigint, nonce: bigint) => {
        const message = v1Message(6, 8, nonce, to as Hex, amount);
        const payload = await suiPayload(receiveMessagePtb(SUI_DEST, current, message, await attest(message)));
        return simulateTransactions([{ chain: "move-chain", kind: "receive", description: "receive", encoding: "sui-transaction-json", payload }], SUI_DEST);
      };
      const expected = receiveExpectation("move-chain", SUI_DEST, { amount: 6_000_000n, fee: 0n });
      const ok = await receive(SUI_DEST, 6_000_000n, 9001n);
      expect(ok.blocker).toBeNull();
      const changes = ok.transactions[0]?.simulation?.changes;
      expect(changes?.status).toBe("ok");
      const usdc = changes?.balanceChanges?.filter((c) => c.asset.symbol === "USDC") ?? [];
      expect(usdc.map((c) => [normalizeSuiAddress(c.owner), c.amount])).toEqual([[normalizeSuiAddress(SUI_DEST), "6000000"]]);
      expect(checkChanges(ok.transactions, expected)).toBeNull();
      const other = checkChanges((await receive(elsewhere, 6_000_000n, 9002n)).transactions, expected);
      expect(other?.code).toBe("simulation_mismatch");
      expect(other?.message).toContain("you receive 6.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
      expect(other?.message).toContain(`6.000000 USDC goes to ${elsewhere}, which the plan does not name`);
      const ten = checkChanges((await receive(SUI_DEST, 60_000_000n, 9003n)).transactions, expected);
      expect(ten?.code).toBe("simulation_mismatch");
      expect(ten?.message).toContain("you receive 6.000000 USDC by the plan, the simulation gives you 60.000000 USDC");
      // A node that does not answer: unavailable with the reason, and nothing held against the rescue.
      rpc.down = true;
      try {
        const down = await receive(SUI_DEST, 6_000_000n, 9004n);
        expect(down.transactions[0]?.simulation).toMatchObject({ status: "unavailable", error: expect.stringContaining("did not answer") });
        expect(checkChanges(down.transactions, expected)).toBeNull();
      } finally {
        rpc.down = false;
      }
    } finally {
      delete process.env.SVC_RPC_MOVE;
      resetConfigForTests();
    }
  });

  it("the local Sui node refuses what the chain refuses: a superseded package version, a swapped state object", async () => {
    const client = new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url });
    const simulate = async (tx: Transaction) => {
      const r = await client.simulateTransaction({ transaction: tx, include: { effects: true } });
      const t = r.Transaction ?? r.FailedTransaction;
      return { ok: t?.status.success ?? false, error: t?.status.error?.message ?? "" };
    };
    const message = v1Message(5, 8, 77n, SUI_DEST as Hex, 1_000_000n);
    const attestation = await attest(message);
    const current = { tokenMessengerMinter: LOCAL_TMM_UPGRADE, messageTransmitter: SUI_MESSAGE_TRANSMITTER };
    expect(await simulate(receiveMessagePtb(SUI_DEST, current, message, attestation))).toEqual({ ok: true, error: "" });
    // Calls to the original TokenMessengerMinter, which the node lists as superseded: its version guard aborts.
    const old = await simulate(receiveMessagePtb(SUI_DEST, { ...current, tokenMessengerMinter: SUI_TOKEN_MESSENGER_MINTER }, message, attestation));
    expect(old.ok).toBe(false);
    expect(old.error).toMatch(new RegExp(`MoveAbort.*${SUI_TOKEN_MESSENGER_MINTER}::handle_receive_message`));
    // The MessageTransmitter state where the TokenMessengerMinter state belongs: a TypeMismatch.
    const swapped = receiveMessagePtb(SUI_DEST, current, message, attestation);
    const json = swapped.serialize().replaceAll(SUI_TOKEN_MESSENGER_MINTER_STATE, SUI_MESSAGE_TRANSMITTER_STATE);
    const bad = await simulate(Transaction.from(json));
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/TypeMismatch/);
  });
});
