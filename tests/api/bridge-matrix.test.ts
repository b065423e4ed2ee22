// Every ordered pair of launch homes and EVM chains (issue 16, "done when"), on the running app and both databases:
// the bridge plan is prepared on the route's rail with its burn built for the source chain, the attestation is read
// from the local Iris in Circle's wire format (V1 /v1/messages, V2 /v2/messages), the receive is built for the
// destination chain, and delivery credits the owner-locked destination once. The per-route details (account lists,
// PDAs, calldata, Move calls, refusals) are checked in bridge-v1-routes.test.ts, execute.test.ts and the CCTP unit tests;
// this file proves no route is left out.
import { randomBytes } from "node:crypto";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { getBase58Decoder } from "@solana/kit";
import { Keypair, PublicKey } from "@solana/web3.js";
import { bytesToHex, decodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainId } from "../../server/chains/address";
import { USDC } from "../../server/chains/balances";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { MESSAGE_TRANSMITTER_ABI, TOKEN_MESSENGER_ABI, TOKEN_MESSENGER_V2_ABI } from "../../server/rails/cctp/abi";
import { MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../server/rails/cctp-v1/evm";
import { SUI_MESSAGE_TRANSMITTER } from "../../server/rails/cctp-v1/sui";
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
const OWNER = "bridge-matrix-owner-key-00001";
const KEEPER = "bridge-matrix-keeper-key-0001";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [...Object.values(SOURCE), ...Object.values(DEST)] },
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
      // svm-chain simulates on the local chain that runs Circle's CCTP programs (testing/chains/solana/cctp.ts) over
      // their state: the transmitters trust the local attesters; the minters accept the other chains' burns and hold
      // USDC in custody; V2's TokenMessenger names the destination as fee recipient (a V2 receive reads it).
      const chain = new SolanaLocalChain(() => rpc.solanaAccounts);
      rpc.solanaChain = chain;
      for (const owner of [SOURCE["svm-chain"], DEST["svm-chain"]]) chain.lamports.set(owner, 1_000_000_000n);
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
    // A Solana receive runs Circle's receive_message on the local chain: the same stranger is refused by the program.
    if (dest !== "move-chain") {
      serve(await strangerAttestation(attested));
      const refused = await rescue();
      expect(refused.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }], transactions: [] });
      expect(JSON.stringify(refused.json.blockers)).toContain(isEvm(dest) ? "Invalid signature: not attester" : "InvalidAttesterSignature");
    }
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
});
