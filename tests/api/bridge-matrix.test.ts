// Every ordered pair of launch homes and EVM chains (issue 16, "done when"), on the running app and both databases:
// the bridge plan is prepared on the route's rail with its burn built for the source chain, the attestation is read
// from the local Iris in Circle's wire format (V1 /v1/messages, V2 /v2/messages), the receive is built for the
// destination chain, and delivery credits the owner-locked destination once. The per-route details (account lists,
// PDAs, calldata, Move calls, refusals) are checked in bridge-v1-routes.test.ts, execute.test.ts and the CCTP unit tests;
// this file proves no route is left out. Last, per destination family, the delivery's bridge leg: with no rescue, the
// burn the destination's receive consumed (read from that transaction) is what the leg states as put in, or it says the
// figure is the plan's.
import { randomBytes } from "node:crypto";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { getBase58Decoder } from "@solana/kit";
import { Keypair, PublicKey } from "@solana/web3.js";
import { bytesToHex, decodeFunctionData, encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainId } from "../../server/chains/address";
import { USDC } from "../../server/chains/balances";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { MESSAGE_TRANSMITTER_ABI, TOKEN_MESSENGER_ABI, TOKEN_MESSENGER_V2_ABI } from "../../server/rails/cctp/abi";
import { MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../server/rails/cctp-v1/evm";
import { receiveMessagePtb, SUI_MESSAGE_TRANSMITTER } from "../../server/rails/cctp-v1/sui";
import { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { attest } from "../../testing/chains/attester";
import { erc20Balance } from "../../testing/chains/evm/aave";
import { LOCAL_TMM_UPGRADE } from "../../testing/chains/sui/cctp";
import { installLocalSolanaCctp } from "../../testing/chains/solana/cctp";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { dbKinds } from "../support/app";
import { type BridgeStack, executeSui, landSolanaTx, startBridgeStack, strangerAttestation, suiBurnNonce, suiCalls, v1Message, v2Message } from "../support/bridge-stack";
import { fundSuiOwner } from "../support/fake-rpc";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { setKaminoUsdc } from "../../testing/chains/solana/venues/kamino";
import { call } from "../support/http";
import { privateKeyToAccount } from "viem/accounts";
import { compileSolanaPayload } from "../../server/chains/solana";
import { suiPayload } from "../../server/chains/sui";
import { withRecipientAccount } from "../../server/rails/cctp/solana";
import { receiveMessageInstructionV1 } from "../../server/rails/cctp-v1/solana";
import { receiveMessageInstruction } from "../../server/rails/cctp-v2/solana";
import { burnEnds, cctpMessageV1, cctpMessageV2, cctpRemoteIds } from "../../testing/chains/cctp-message";
import { signAndSend } from "../../testing/chains/evm/wallet";

type J = Record<string, unknown>;
type Ix = { programAddress: string; accounts: { address: string }[] };
type Tx = { chain: string; kind: string; encoding: string; payload: unknown; simulation?: { status: string } };

const CHAINS: ChainId[] = ["move-chain", "svm-chain", "evm-a", "evm-b"];
const PAIRS = CHAINS.flatMap((s) => CHAINS.filter((d) => d !== s).map((d) => [s, d] as const));
const V2 = new Set<ChainId>(["svm-chain", "evm-a", "evm-b"]);
const isEvm = (c: ChainId) => c === "evm-a" || c === "evm-b";

/** The move-chain owner signs its burn, which the local Sui node executes (the rescue reads the burn from its events). */
const SUI_SIGNER = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(0x77));
/** The svm-chain owner signs its burn, which the local Solana chain runs (the rescue reads its MessageSent event account). */
const SVM_SIGNER = Keypair.fromSeed(new Uint8Array(32).fill(0x55));
const SOURCE: Record<ChainId, string> = {
  "move-chain": SUI_SIGNER.toSuiAddress(),
  "svm-chain": SVM_SIGNER.publicKey.toBase58(),
  "evm-a": "0x5555555555555555555555555555555555555555",
  "evm-b": "0x6666666666666666666666666666666666666666",
};
const DEST: Record<ChainId, string> = {
  "move-chain": `0x${"8".repeat(64)}`,
  "svm-chain": "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  "evm-a": "0x7777777777777777777777777777777777777777",
  "evm-b": "0x8888888888888888888888888888888888888888",
};
/**
 * The destinations of the delivery cases at the end: wallets whose keys the tests hold, so their receives are signed and
 * landed on the local chains (the EVM receives are sent by a relayer: anyone may call receiveMessage).
 */
const RX_SUI = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(0x78));
const RX_SVM = Keypair.fromSeed(new Uint8Array(32).fill(0x79));
const RX_DEST: Record<ChainId, string> = {
  "move-chain": RX_SUI.toSuiAddress(),
  "svm-chain": RX_SVM.publicKey.toBase58(),
  "evm-a": "0x7878787878787878787878787878787878787878",
  "evm-b": "0x7979797979797979797979797979797979797979",
};
const RELAYER_KEY = `0x${"7a".repeat(32)}` as Hex;
const OWNER = "bridge-matrix-owner-key-00001";
const KEEPER = "bridge-matrix-keeper-key-0001";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [...Object.values(SOURCE), ...Object.values(DEST), ...Object.values(RX_DEST)] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
]);
// Circle's programs on Solana (server/rails/cctp/solana.ts and lib/cctp-ids.ts cite them); written out so a wrong constant there fails here.
const SOLANA_TMM = { 1: "CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3", 2: "CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe" } as const;
const SOLANA_MT = { 1: "CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd", 2: "CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC" } as const;
const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";

const b58 = (n: number) => getBase58Decoder().decode(randomBytes(n));
/** A source transaction id in the source chain's own shape. */
const sourceTxId = (c: ChainId) => (isEvm(c) ? `0x${randomBytes(32).toString("hex")}` : b58(c === "svm-chain" ? 64 : 32));

describe.each(dbKinds())("bridge on every ordered pair of chains (%s)", (db) => {
  let stack: BridgeStack;
  const post = (path: string, body: unknown, key?: string) => call<J>(stack.app.url, "POST", `/api/v1${path}`, { body, key });

  beforeAll(async () => {
    stack = await startBridgeStack(db, KEYS, async (rpc) => {
      fundSuiOwner(rpc, SOURCE["move-chain"]);
      fundSuiOwner(rpc, DEST["move-chain"]);
      fundSuiOwner(rpc, RX_DEST["move-chain"]);
      // svm-chain simulates on the local chain that runs Circle's CCTP programs (testing/chains/solana/cctp.ts) over
      // their state: the transmitters trust the local attesters; the minters accept the other chains' burns and hold
      // USDC in custody; V2's TokenMessenger names the destination as fee recipient (a V2 receive reads it).
      const chain = new SolanaLocalChain(() => rpc.solanaAccounts);
      rpc.solanaChain = chain;
      for (const owner of [SOURCE["svm-chain"], DEST["svm-chain"], RX_DEST["svm-chain"]]) chain.lamports.set(owner, 1_000_000_000n);
      await installLocalSolanaCctp(rpc.solanaAccounts, chain, DEST["svm-chain"]);
      await chain.setTokenBalance(SOURCE["svm-chain"], USDC["svm-chain"], 1_000_000_000n);
      // The venues a cross-chain deposit continues into read their reserve / market when the plan is built.
      setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
      setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(PAIRS)("%s → %s: burn built, attestation read, receive built, credited once", async (source, dest) => {
    const v = V2.has(source) && V2.has(dest) ? 2 : 1;
    const amount = 2_000_000n + BigInt(PAIRS.findIndex(([s, d]) => s === source && d === dest)) * 1000n;
    const [src, dst] = [CCTP_DOMAIN[source], CCTP_DOMAIN[dest]];

    // 1. The plan: the route's rail, the burn on the source chain.
    const r = await post("/svc/bridge/plan", { sourceChain: source, destChain: dest, amountMicros: amount.toString(), sourceAddress: SOURCE[source], destAddress: DEST[dest] });
    expect(r.status).toBe(200);
    const { rpc, iris } = stack;
    const p = r.json as J & { planId: string; mintRecipient: Hex; transactions: Tx[] };
    expect(p).toMatchObject({ status: "prepared", rail: v === 2 ? "circle-cctp-v2" : "circle-cctp-v1", speed: v === 2 ? "standard" : null, destinationDomain: dst });
    const burn = p.transactions.find((t) => t.kind === "burn");
    expect(burn?.chain).toBe(source);
    if (isEvm(source)) {
      const payload = burn?.payload as { to: string; data: Hex };
      if (v === 2) {
        expect(payload.to).toBe(TOKEN_MESSENGER_V2);
        const args = decodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, data: payload.data }).args;
        expect(args.slice(0, 4)).toEqual([amount, dst, p.mintRecipient, USDC[source]]);
      } else {
        expect(payload.to).toBe(TOKEN_MESSENGER[source]);
        expect(decodeFunctionData({ abi: TOKEN_MESSENGER_ABI, data: payload.data }).args).toEqual([amount, dst, p.mintRecipient, USDC[source]]);
      }
    } else if (source === "svm-chain") {
      const ixs = (burn?.payload as { instructions: Ix[] }).instructions;
      expect(ixs.map((i) => i.programAddress)).toContain(SOLANA_TMM[v]);
    } else {
      expect(burn).toMatchObject({ encoding: "sui-transaction-json", simulation: { status: "ok" } });
      expect(suiCalls(burn?.payload as string)).toEqual([`${LOCAL_TMM_UPGRADE}::deposit_for_burn::deposit_for_burn`]);
    }

    // 2. The burn landed: an EVM receipt's MessageSent, a Sui burn executed on the local node (its MessageSent and
    // DepositForBurn events, the nonce its State reserved; the message sender is the depositor), or a Solana burn signed
    // by the owner and run by Circle's programs on the local chain (the message in its MessageSent event account: V1's
    // nonce is the local model's 0, the message sender the owner's key).
    const tx =
      source === "move-chain"
        ? await executeSui(rpc, SUI_SIGNER, burn?.payload as string)
        : source === "svm-chain"
          ? await landSolanaTx(rpc, rpc.solanaChain as SolanaLocalChain, (burn?.payload as { transaction: string }).transaction, SVM_SIGNER)
          : sourceTxId(source);
    const nonce = v === 2 ? (`0x${randomBytes(32).toString("hex")}` as Hex) : null;
    const v1Nonce = source === "move-chain" ? suiBurnNonce(rpc, tx) : source === "svm-chain" ? 0n : 7000n + (amount % 1000n);
    const sender = source === "svm-chain" ? bytesToHex(SVM_SIGNER.publicKey.toBytes()) : source === "move-chain" ? (SOURCE[source] as Hex) : undefined;
    const attested =
      v === 2
        ? v2Message(src, dst, p.mintRecipient, amount, { nonce: nonce as Hex }, sender)
        : v1Message(src, dst, v1Nonce, p.mintRecipient, amount, sender ? { messageSender: sender } : {});
    if (isEvm(source)) {
      const emitted = v === 2 ? v2Message(src, dst, p.mintRecipient, amount, null) : attested;
      const emitter = v === 2 ? MESSAGE_TRANSMITTER_V2 : (MESSAGE_TRANSMITTER[source] as string);
      rpc.txs.set(tx, { kind: "evm", from: SOURCE[source], status: "0x1", transfers: [], messagesSent: [{ emitter, message: emitted }] });
    }
    const rescue = () => post("/svc/bridge/rescue", { planId: p.planId, sourceTxId: tx }, OWNER);
    expect((await rescue()).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], transactions: [] });
    if (source === "svm-chain") {
      // The burn is read from the chain: a signature it does not know is no burn, and (V2) Circle listing another
      // message for the signature (one micro-USDC more, same recipient) is not this burn's attestation.
      const unknown = await post("/svc/bridge/rescue", { planId: p.planId, sourceTxId: sourceTxId(source) }, OWNER);
      expect(unknown.json).toMatchObject({ status: "blocked", blockers: [{ code: "burn_not_found" }], transactions: [] });
      if (v === 2) {
        const other = v2Message(src, dst, p.mintRecipient, amount + 1n, { nonce: nonce as Hex }, sender);
        iris.v2.set(`${src}/${tx}`, [{ message: other, attestation: await attest(other), eventNonce: nonce as string, status: "complete" }]);
        expect((await rescue()).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], transactions: [] });
      }
    }

    // 3. Circle attests (a local attester the destination's transmitter enables); the receive is built on the
    // destination for the locked destination to sign. An EVM receive is simulated on the destination's
    // MessageTransmitter (Circle's bytecode): an attestation by another key is refused with the contract's reason.
    const key = `${src}/${isEvm(source) ? tx.toLowerCase() : tx}`;
    const serve = (attestation: Hex) =>
      v === 2
        ? iris.v2.set(key, [{ message: attested, attestation, eventNonce: nonce as string, status: "complete" }])
        : iris.messages.set(key, [{ message: attested, attestation, eventNonce: v1Nonce.toString() }]);
    // A Solana receive runs Circle's receive_message on the local chain, a Sui receive Circle's attestation check on the
    // local Sui node: the same stranger is refused by the program and by the Move module, each with its own reason.
    serve(await strangerAttestation(attested));
    const refused = await rescue();
    expect(refused.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }], transactions: [] });
    const reason = isEvm(dest) ? "Invalid signature: not attester" : dest === "svm-chain" ? "InvalidAttesterSignature" : "::attestation::verify_attestation_signatures' — Circle CCTP ESignerIsNotAttester";
    expect(JSON.stringify(refused.json.blockers)).toContain(reason);
    const attestation = await attest(attested);
    serve(attestation);
    const ok = await rescue();
    expect(ok.json).toMatchObject({ status: "prepared", destAddress: DEST[dest], burn: { amountMicros: amount.toString(), attestation } });
    const receive = (ok.json.transactions as Tx[]).find((t) => t.kind === "receive");
    expect(receive?.chain).toBe(dest);
    // Every receive is simulated (contract §8): by the Sui node, the EVM transmitters' bytecode, the Solana programs.
    expect(receive?.simulation?.status).toBe("ok");
    if (isEvm(dest)) {
      const payload = receive?.payload as { to: string; data: Hex };
      expect(payload.to).toBe(v === 2 ? MESSAGE_TRANSMITTER_V2 : MESSAGE_TRANSMITTER[dest]);
      expect(decodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, data: payload.data }).args).toEqual([attested.toLowerCase(), attestation]);
      // The call as simulated mints the amount to the destination on the chain; once it has, the nonce is used and a
      // second receive is refused by the transmitter.
      const node = stack.evm[dest];
      const before = await erc20Balance(node, USDC[dest], DEST[dest]);
      await node.exec(DEST[dest], payload.to, payload.data);
      expect((await erc20Balance(node, USDC[dest], DEST[dest])) - before).toBe(amount);
      const again = await rescue();
      expect(again.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }], transactions: [] });
      expect(JSON.stringify(again.json.blockers)).toContain("Nonce already used");
    } else if (dest === "svm-chain") {
      const payload = receive?.payload as { instructions: Ix[]; transaction: string };
      // The owner's USDC account is created (idempotently) before receive_message mints into it (behind the compute budget the simulation set).
      const ixs = payload.instructions.filter((i) => i.programAddress !== COMPUTE_BUDGET);
      expect(ixs.map((i) => i.programAddress)).toEqual([ATA_PROGRAM, SOLANA_MT[v]]);
      expect(ixs[1]?.accounts[0]?.address).toBe(DEST[dest]);
      // Landed on the local chain, the receive releases the amount to the owner's USDC account and uses the nonce:
      // the same receive is refused afterwards (V2: used_nonce exists; V1: NonceAlreadyUsed).
      const chain = rpc.solanaChain as SolanaLocalChain;
      const recipient = new PublicKey(Buffer.from(p.mintRecipient.slice(2), "hex")).toBase58();
      const before = chain.tokens.get(recipient)?.amount ?? 0n;
      expect((await chain.execute(payload.transaction)).err).toBeNull();
      expect(chain.tokens.get(recipient)?.amount).toBe(before + amount);
      const twice = await rescue();
      expect(twice.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }] });
      expect((twice.json.blockers as { message: string }[])[0]?.message).toMatch(v === 2 ? /already in use|ACCOUNT_ALREADY_IN_USE/ : /NonceAlreadyUsed/);
    } else {
      expect(receive).toMatchObject({ encoding: "sui-transaction-json", simulation: { status: "ok" } });
      expect(suiCalls(receive?.payload as string)[0]).toBe(`${SUI_MESSAGE_TRANSMITTER}::receive_message::receive_message`);
    }

    // 4. The mint on the destination, proven from the chain, credits the destination once.
    const mint = sourceTxId(dest);
    if (isEvm(dest)) rpc.txs.set(mint, { kind: "evm", from: DEST[dest], status: "0x1", transfers: [{ token: USDC[dest], from: `0x${"0".repeat(40)}`, to: DEST[dest], value: amount }] });
    else if (dest === "svm-chain") rpc.txs.set(mint, { kind: "solana", feePayer: DEST[dest], confirmationStatus: "finalized", tokenBalances: [{ owner: DEST[dest], mint: USDC[dest], pre: 0n, post: amount }] });
    else rpc.txs.set(mint, { kind: "sui", sender: DEST[dest], status: "success", balanceChanges: [{ owner: DEST[dest], coinType: USDC[dest], amount }] });
    const first = await post("/svc/bridge/delivery", { planId: p.planId, destTxId: mint }, KEEPER);
    expect(first.json).toMatchObject({ status: "delivered", credited: true });
    const again = await post("/svc/bridge/delivery", { planId: p.planId, destTxId: mint }, KEEPER);
    expect(again.json).toMatchObject({ status: "delivered", credited: false, creditedMicros: (first.json as { creditedMicros: string }).creditedMicros });
  });

  // One plan across chains (issue 16 item 4): from every other chain into a venue on each launch home, the plan holds the
  // burn on the source and the deposit on the destination, under one plan id, with the legs that reconcile it.
  const INTO: [ChainId, string][] = [
    ["svm-chain", "kamino"],
    ["move-chain", "scallop"],
  ];
  const CONTINUATIONS = INTO.flatMap(([dest, venue]) => CHAINS.filter((s) => s !== dest).map((source) => [source, dest, venue] as const));
  it.each(CONTINUATIONS)("%s → %s then a deposit into %s: one plan, burn and deposit built", async (source, dest, venue) => {
    const r = await post("/svc/bridge/plan", { sourceChain: source, destChain: dest, amountMicros: "10000000", sourceAddress: SOURCE[source], destAddress: DEST[dest], continueTo: { strategyId: venue } });
    expect(r.json.blockers).toBeUndefined();
    expect(r.json).toMatchObject({ status: "prepared", continueTo: { strategyId: venue, chain: dest } });
    const legs = r.json.legs as { kind: string; chain: string }[];
    expect(legs.map((l) => [l.kind, l.chain])).toEqual([
      ["bridge", source],
      ["swap", dest],
      ["deposit", dest],
    ]);
    const txs = r.json.transactions as Tx[];
    expect(txs.filter((t) => t.kind === "burn").map((t) => t.chain)).toEqual([source]);
    const deposit = txs.at(-1);
    expect(deposit).toMatchObject({ chain: dest, kind: "deposit" });
    // The deposit cannot run before the bridge delivers: it says so rather than inventing a simulation.
    expect(deposit?.simulation?.status).toBe("unavailable");
  });

  // The bridge leg of a delivery no rescue read the burn for (the receive was relayed, or built elsewhere): its amountIn is
  // the burn the destination's receive consumed, read from that transaction (EVM: the MessageTransmitter's MessageReceived
  // on Circle's bytecode; move-chain: complete_receive_message's MessageReceived on the local Sui node; svm-chain: the
  // receive_message instruction's message, run by Circle's program models), plus the service fee the plan disclosed on
  // the source; amountOut what the mint credited. Each receive consumes an attested message that either mints less than
  // it burned (a CCTP V2 rail fee: feeExecuted) or burned another amount than the plan's (the owner signed a burn of 3 ×
  // the plan's amount): the leg states the chain's figure and says so.
  type Leg = { planId: string; kind: string; txId: string; amountIn: string; amountOut: string | null; amountInSource: string | null; status: string };
  let nonce = 950_000n;

  /** A bridge plan from `source` to the case's destination wallet on `dest` (nothing is rescued). */
  async function rxPlan(source: ChainId, dest: ChainId, amount: bigint) {
    const r = await post("/svc/bridge/plan", { sourceChain: source, destChain: dest, amountMicros: amount.toString(), sourceAddress: SOURCE[source], destAddress: RX_DEST[dest] });
    expect(r.json, JSON.stringify(r.json.blockers)).toMatchObject({ status: "prepared" });
    const p = r.json as J & { planId: string; mintRecipient: Hex; amountMicros: string; burnAmountMicros: string; rail: string };
    return { ...p, burn: BigInt(p.burnAmountMicros), fee: BigInt(p.amountMicros) - BigInt(p.burnAmountMicros) };
  }

  /** The message `source`'s CCTP of `v` sends for a burn of `amount` to `mintRecipient` on `dest`, attested (V2: with `feeExecuted`, maxFee covering it). */
  function rxMessage(v: 1 | 2, source: ChainId, dest: ChainId, mintRecipient: Hex, amount: bigint, feeExecuted = 0n): { message: Hex; nonce: Hex | bigint } {
    const [src, dst] = [CCTP_DOMAIN[source], CCTP_DOMAIN[dest]];
    nonce += 1n;
    if (v === 1) return { message: cctpMessageV1(src, dst, nonce, mintRecipient, amount, { ...burnEnds(1, src, dst), messageSender: pad32(SOURCE[source]) }), nonce };
    const n = `0x${randomBytes(32).toString("hex")}` as Hex;
    return { message: cctpMessageV2(src, dst, n, mintRecipient, amount, { ...burnEnds(2, src, dst), messageSender: pad32(SOURCE[source]) }, { maxFee: feeExecuted * 2n, feeExecuted }), nonce: n };
  }

  /** The receive of `message` landed on `dest`: its transaction id there. */
  async function landReceive(v: 1 | 2, source: ChainId, dest: ChainId, msg: { message: Hex; nonce: Hex | bigint }, mintRecipient: Hex): Promise<string> {
    const attestation = await attest(msg.message);
    if (isEvm(dest)) {
      // A relayer calls receiveMessage on Circle's transmitter (the node's bytecode), which mints to the message's recipient.
      const node = stack.evm[dest];
      await node.setBalance(privateKeyToAccount(RELAYER_KEY).address, 10n ** 18n);
      const to = v === 2 ? MESSAGE_TRANSMITTER_V2 : (MESSAGE_TRANSMITTER[dest] as string);
      const data = encodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, functionName: "receiveMessage", args: [msg.message, attestation] });
      const [receipt] = await signAndSend(node.url, RELAYER_KEY, [{ chainId: node.chainId, to, data, value: "0" }]);
      return receipt?.transactionHash as string;
    }
    if (dest === "move-chain") {
      const tx = receiveMessagePtb(RX_DEST[dest], { tokenMessengerMinter: LOCAL_TMM_UPGRADE, messageTransmitter: SUI_MESSAGE_TRANSMITTER }, msg.message, attestation);
      return executeSui(stack.rpc, RX_SUI, await suiPayload(tx));
    }
    // svm-chain: the destination signs receive_message (behind its USDC account's idempotent creation); Circle's program
    // models on the local chain check the attestation and mint from custody.
    const [src, remoteToken] = [CCTP_DOMAIN[source], cctpRemoteIds(source, v)?.usdc as Hex];
    const recipient = new PublicKey(Buffer.from(mintRecipient.slice(2), "hex")).toBase58();
    const ix =
      v === 2
        ? await receiveMessageInstruction(RX_DEST[dest], msg.message, attestation, src, remoteToken, msg.nonce as Hex, recipient, DEST["svm-chain"])
        : await receiveMessageInstructionV1(RX_DEST[dest], msg.message, attestation, src, remoteToken, msg.nonce as bigint, recipient);
    const payload = compileSolanaPayload(RX_DEST[dest], await withRecipientAccount(RX_DEST[dest], recipient, ix), { blockhash: stack.rpc.blockhash, lastValidBlockHeight: 280_000_150n });
    return landSolanaTx(stack.rpc, stack.rpc.solanaChain as SolanaLocalChain, payload.transaction, RX_SVM);
  }

  /** Delivers `planId` with `destTxId` and answers the bridge leg the destination wallet's activity shows. */
  async function deliveredLeg(planId: string, dest: ChainId, destTxId: string): Promise<Leg | undefined> {
    const d = await post("/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(d.json, JSON.stringify(d.json)).toMatchObject({ status: "delivered", credited: true });
    const act = await call<{ activity: Leg[] }>(stack.app.url, "GET", `/api/v1/svc/activity?wallet=${RX_DEST[dest]}`);
    return act.json.activity.find((a) => a.planId === planId && a.kind === "bridge");
  }

  const RECEIVED: [ChainId, ChainId, string, bigint, bigint][] = [
    ["evm-b", "evm-a", "a rail fee (CCTP V2 feeExecuted) mints less", 1n, 1_234n],
    ["svm-chain", "evm-a", "3 × the plan's burn", 3n, 0n],
    ["move-chain", "evm-b", "3 × the plan's burn (V1 MessageTransmitter)", 3n, 0n],
    ["evm-a", "move-chain", "3 × the plan's burn", 3n, 0n],
    ["evm-a", "svm-chain", "a rail fee (CCTP V2 feeExecuted) mints less", 1n, 2_345n],
    ["evm-b", "svm-chain", "3 × the plan's burn", 3n, 0n],
    ["move-chain", "svm-chain", "3 × the plan's burn (V1 message_transmitter)", 3n, 0n],
  ];
  it.each(RECEIVED)("%s → %s, no rescue: the receive's message burned %s; the bridge leg states the chain's burn", async (source, dest, _what, times, feeExecuted) => {
    const p = await rxPlan(source, dest, 3_000_000n);
    const v = p.rail === "circle-cctp-v2" ? 2 : 1;
    const burned = p.burn * times;
    const msg = rxMessage(v, source, dest, p.mintRecipient, burned, feeExecuted);
    const tx = await landReceive(v, source, dest, msg, p.mintRecipient);
    const leg = await deliveredLeg(p.planId, dest, tx);
    // In: the chain's burn plus the service fee the plan disclosed; out: what the mint credited (the burn less the rail fee).
    expect(leg).toMatchObject({ txId: tx, status: "settled", amountIn: (burned + p.fee).toString(), amountOut: (burned - feeExecuted).toString(), amountInSource: "chain" });
    if (times !== 1n) expect(leg?.amountIn).not.toBe(p.amountMicros);
  });

  it("a mint whose transaction received no CCTP message (a plain transfer): the leg states the plan's amount and says so", async () => {
    const p = await rxPlan("evm-b", "evm-a", 3_000_000n);
    const mint = `0x${randomBytes(32).toString("hex")}`;
    stack.rpc.txs.set(mint, { kind: "evm", from: RX_DEST["evm-a"], status: "0x1", transfers: [{ token: USDC["evm-a"], from: `0x${"0".repeat(40)}`, to: RX_DEST["evm-a"], value: p.burn }] });
    expect(await deliveredLeg(p.planId, "evm-a", mint)).toMatchObject({ amountIn: p.amountMicros, amountOut: p.burn.toString(), amountInSource: "plan" });
  });

  it("a receive of another chain's burn to the same destination is not this plan's: the leg states the plan's amount and says so", async () => {
    const p = await rxPlan("evm-a", "move-chain", 3_000_000n);
    // evm-b's V1 burn, minting 3 × to the plan's recipient: the destination received it, but it left no chain of the plan's.
    const msg = rxMessage(1, "evm-b", "move-chain", p.mintRecipient, p.burn * 3n);
    const tx = await landReceive(1, "evm-b", "move-chain", msg, p.mintRecipient);
    expect(await deliveredLeg(p.planId, "move-chain", tx)).toMatchObject({ amountIn: p.amountMicros, amountOut: (p.burn * 3n).toString(), amountInSource: "plan" });
  });
});

/** An address as the bytes32 a burn message names its sender with (EVM: left-padded; Sui and Solana keys: 32 bytes). */
function pad32(a: string): Hex {
  if (a.startsWith("0x")) return `0x${a.slice(2).toLowerCase().padStart(64, "0")}` as Hex;
  return bytesToHex(new PublicKey(a).toBytes());
}
