// Deposit execute, bridge delivery and bridge rescue on the running app, on both databases, against a local
// JSON-RPC server that speaks Sui, Solana and EVM: digest confirmation (up, down, reverted, wrong sender),
// broadcast of owner-signed bytes, refusal of key material (and its absence from the logs), 20 concurrent
// deliveries of one bridge plan credited exactly once, failure reports, a cross-chain deposit (bridge, swap and
// deposit legs), EVM destination confirmation, and rescue (CCTP receiveMessage from the burn receipt and a local
// attestation service) locked to the destination.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { Transaction } from "@mysten/sui/transactions";
import { getBase58Decoder } from "@solana/kit";
import { Keypair, PublicKey } from "@solana/web3.js";
import { decodeFunctionData, encodePacked, type Hex, pad, sliceHex } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { USDC } from "../../server/chains/balances";
import { type App, dbKinds, startApp } from "../support/app";
import { MESSAGE_TRANSMITTER_ABI } from "../../server/rails/cctp/abi";
import { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { attest } from "../../testing/chains/attester";
import { type CctpNodes, evmRpcEnv, startCctpNodes, v2Message } from "../support/bridge-stack";
import { type FakeIris, startFakeIris } from "../support/fake-iris";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { KAMINO_CUSDC_MINT, setKaminoUsdc } from "../../testing/chains/solana/venues/kamino";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { call } from "../support/http";
import { EVM, EVM_DEST, EVM_3 as EVM_THIEF, SOL, SOL_DEST, SUI, SUI_2 as SUI_OTHER } from "../support/wallets";

type J = Record<string, unknown>;

/**
 * The destination of the cross-chain deposit (a fresh wallet, so its portfolio holds only that position): a key's public
 * key, since a bridge destination must be on the ed25519 curve (issue 22).
 */
const SOL_CC = Keypair.fromSeed(new Uint8Array(32).fill(0xcc)).publicKey.toBase58();
const OWNER = "execute-owner-key-00000000001";
const KEEPER = "execute-keeper-key-0000000001";
const STRANGER = "execute-stranger-key-00000001";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [SUI, SOL, SOL_DEST, EVM, EVM_DEST, SOL_CC] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
  { key: STRANGER, role: "owner", wallets: [SUI_OTHER] },
]);

const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);
/** A throw-away Sui key for the local node only: broadcast-mode bytes are signed by it, as a wallet would. */
const SIGNER = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(0x5e));
const suiDigest = () => b58(randomBytes(32));
const solSig = () => b58(randomBytes(64));
const usdcMove = USDC["move-chain"];
const usdcSvm = USDC["svm-chain"];

async function signedSuiBytes(sender: string): Promise<string> {
  const tx = new Transaction();
  tx.setSender(sender);
  tx.setGasPrice(750);
  tx.setGasBudget(5_000_000);
  tx.setGasPayment([{ objectId: `0x${"a".repeat(64)}`, version: "1", digest: "11111111111111111111111111111111" }]);
  tx.transferObjects([tx.gas], tx.pure.address(sender));
  return Buffer.from(await tx.build()).toString("base64");
}

describe.each(dbKinds())("deposit execute and bridge delivery (%s)", (db) => {
  let app: App;
  let live: App;
  let rpc: FakeRpc;
  let iris: FakeIris;
  const post = (a: App, path: string, body: unknown, key?: string, headers?: Record<string, string>) =>
    call<J>(a.url, "POST", `/api/v1${path}`, { body, key, headers });
  let evm: CctpNodes;
  const rpcEnv = () => ({ SVC_RPC_MOVE: rpc.url, SVC_RPC_SVM: rpc.url, ...evmRpcEnv(rpc), SVC_API_KEYS: KEYS, SVC_RPC_TIMEOUT_MS: "2000", SVC_CCTP_ATTESTATION_URL: iris.url });

  const suiPlan = async (a: App, owner = SUI, amount = "5000000") => {
    const r = await post(a, "/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: amount, owner });
    expect(r.json.status).toBe("prepared");
    return r.json.planId as string;
  };
  /**
   * A Scallop deposit as the node reports it: the owner's USDC out, Scallop's market coin (sUSDC) in; `shares: false`
   * leaves the sUSDC out (a plain USDC transfer reported as the deposit).
   */
  const suiDeposit = (sender: string, amount: bigint, status: "success" | "failure" = "success", shares = true) => {
    const d = suiDigest();
    const minted = shares ? [{ owner: sender, coinType: SCALLOP_MARKET_COIN_TYPE, amount: (amount * 2n) / 3n }] : [];
    rpc.txs.set(d, { kind: "sui", sender, status, balanceChanges: [{ owner: sender, coinType: usdcMove, amount: -amount }, ...minted] });
    return d;
  };
  const portfolio = async (wallet: string) => (await call<J>(app.url, "GET", `/api/v1/svc/portfolio?wallet=${wallet}`)).json;
  const activity = async (wallet: string) => (await call<J>(app.url, "GET", `/api/v1/svc/activity?wallet=${wallet}`)).json.activity as J[];
  const events = async (type: string) =>
    ((await call<J>(app.url, "GET", `/api/v1/svc/webhooks/events?type=${type}&limit=200`, { key: OWNER })).json.events as J[]) ?? [];

  beforeAll(async () => {
    rpc = await startFakeRpc();
    // Kamino deposits read the USDC reserve (vault, cUSDC mint, token program) when the plan is built.
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    // Sui deposit plans are simulated before they are returned: the owners' gas and USDC, and Scallop's market.
    fundSuiOwner(rpc, SUI);
    fundSuiOwner(rpc, SUI_OTHER);
    fundSuiOwner(rpc, SIGNER.toSuiAddress());
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    iris = await startFakeIris();
    evm = await startCctpNodes(rpc);
    app = await startApp({ db, env: { ...rpcEnv(), SVC_LOG_LEVEL: "info" } });
    live = await startApp({ db, env: { ...rpcEnv(), SVC_EXECUTION_MODE: "broadcast" } });
  });
  afterAll(async () => {
    await app?.stop();
    await live?.stop();
    await rpc?.close();
    await iris?.close();
    await evm?.["evm-a"].close();
    await evm?.["evm-b"].close();
  });

  it("execute with a confirmed Sui digest records the deposit once: position with txId, deposit row, deposit.settled", async () => {
    const planId = await suiPlan(app);
    const digest = suiDeposit(SUI, 5_000_000n);
    const first = await post(app, "/svc/strategies/deposit/execute", { planId, digest });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      schemaVersion: "svc-execute.v1",
      status: "done",
      planId,
      chain: "move-chain",
      digest,
      submitted: false,
      settled: true,
      amountMicros: "5000000",
      strategyId: "scallop",
      position: { liquidMicros: "0", stakedMicros: "5000000" },
    });
    const again = await post(app, "/svc/strategies/deposit/execute", { planId, digest });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);

    const pf = await portfolio(SUI);
    const positions = pf.positions as J[];
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ txId: digest, depositedMicros: "5000000", recordedMicros: "5000000" });
    // Confirmed through the chain's RPC: the proof says so.
    expect(positions[0]?.proof).toMatchObject({ txId: digest, chain: "move-chain", confirmed: true, confirmedAt: expect.any(String) });
    const rows = (await activity(SUI)).filter((r) => r.planId === planId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "deposit", txId: digest, status: "settled", chain: "move-chain", proof: { txId: digest, confirmed: true } });
    const settled = (await events("deposit.settled")).filter((e) => (e.data as J).planId === planId);
    expect(settled).toHaveLength(1);
  });

  it("RPC down → 202 pending and nothing credited; RPC up → 200 done", async () => {
    const planId = await suiPlan(app, SUI, "2000000");
    const digest = suiDeposit(SUI, 2_000_000n);
    rpc.down = true;
    try {
      const down = await post(app, "/svc/strategies/deposit/execute", { planId, digest });
      expect(down.status).toBe(202);
      expect(down.json).toMatchObject({ status: "pending", settled: false, planId, digest });
      expect(String(down.json.reason)).toMatch(/rpc_unavailable/);
    } finally {
      rpc.down = false;
    }
    expect((await activity(SUI)).filter((r) => r.planId === planId)).toHaveLength(0);
    const up = await post(app, "/svc/strategies/deposit/execute", { planId, digest });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ status: "done", position: { stakedMicros: "7000000" } });
  });

  it("a digest not known yet is pending; a reverted transaction, a wrong sender, a short amount and a reused digest are blocked", async () => {
    const planId = await suiPlan(app, SUI, "1000000");
    const unknown = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDigest() });
    expect(unknown.status).toBe(202);
    expect(unknown.json.status).toBe("pending");

    const reverted = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDeposit(SUI, 1_000_000n, "failure") });
    expect(reverted.status).toBe(422);
    expect(reverted.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_failed" }] });

    const wrong = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDeposit(SUI_OTHER, 1_000_000n) });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ status: "blocked", blockers: [{ code: "sender_not_owner" }] });

    const short = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDeposit(SUI, 999_999n) });
    expect(short.status).toBe(422);
    expect(short.json).toMatchObject({ blockers: [{ code: "tx_amount_mismatch" }] });

    // The USDC left the owner but no Scallop market coin arrived: not a deposit into Scallop, nothing recorded.
    const elsewhere = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDeposit(SUI, 1_000_000n, "success", false) });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_not_venue_deposit" }] });
    expect(JSON.stringify(elsewhere.json.blockers)).toContain("no Scallop share token");

    const digest = suiDeposit(SUI, 1_000_000n);
    expect((await post(app, "/svc/strategies/deposit/execute", { planId, digest })).status).toBe(200);
    const other = await suiPlan(app, SUI, "1000000");
    const reused = await post(app, "/svc/strategies/deposit/execute", { planId: other, digest });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ blockers: [{ code: "digest_already_used" }] });
    const second = await post(app, "/svc/strategies/deposit/execute", { planId, digest: suiDeposit(SUI, 1_000_000n) });
    expect(second.json).toMatchObject({ blockers: [{ code: "plan_already_executed" }] });
    expect(((await portfolio(SUI)).positions as J[])[0]).toMatchObject({ recordedMicros: "8000000" });
  });

  it("Solana: a confirmed signature from the owner records the Kamino deposit; evm plans are prepare only; unknown plan 404", async () => {
    const plan = await post(app, "/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "3000000", owner: SOL });
    expect(plan.json.status).toBe("prepared");
    const sig = solSig();
    // The USDC left the owner but no cUSDC arrived (a plain transfer): not a Kamino deposit, nothing recorded.
    const transfer = solSig();
    rpc.txs.set(transfer, { kind: "solana", feePayer: SOL, confirmationStatus: "confirmed", tokenBalances: [{ owner: SOL, mint: usdcSvm, pre: 9_000_000n, post: 6_000_000n }] });
    const elsewhere = await post(app, "/svc/strategies/deposit/execute", { planId: plan.json.planId, digest: transfer });
    expect(elsewhere.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_not_venue_deposit" }] });
    expect(JSON.stringify(elsewhere.json.blockers)).toContain(`no Kamino share token (${KAMINO_CUSDC_MINT})`);
    // Kamino's deposit: 3 USDC out, 2 cUSDC (the reserve's collateral mint) in.
    const deposit = [
      { owner: SOL, mint: usdcSvm, pre: 9_000_000n, post: 6_000_000n },
      { owner: SOL, mint: KAMINO_CUSDC_MINT, pre: 0n, post: 2_000_000n },
    ];
    rpc.txs.set(sig, { kind: "solana", feePayer: SOL, confirmationStatus: "processed", tokenBalances: deposit });
    const processed = await post(app, "/svc/strategies/deposit/execute", { planId: plan.json.planId, digest: sig });
    expect(processed.status).toBe(202);
    rpc.txs.set(sig, { kind: "solana", feePayer: SOL, confirmationStatus: "confirmed", tokenBalances: deposit });
    const done = await post(app, "/svc/strategies/deposit/execute", { planId: plan.json.planId, digest: sig });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "done", chain: "svm-chain", strategyId: "kamino", digest: sig });

    const evm = await post(app, "/svc/strategies/deposit/plan", { strategyId: "aave-v3-base", amountMicros: "3000000", owner: EVM });
    const blocked = await post(app, "/svc/strategies/deposit/execute", { planId: evm.json.planId, digest: `0x${"cd".repeat(32)}` });
    expect(blocked.status).toBe(422);
    expect(blocked.json).toMatchObject({ blockers: [{ code: "map_chain_prepare_only" }] });

    const missing = await post(app, "/svc/strategies/deposit/execute", { planId: "pln_nope", digest: suiDigest() });
    expect(missing.status).toBe(404);
    const badDigest = await post(app, "/svc/strategies/deposit/execute", { planId: plan.json.planId, digest: suiDigest() });
    expect(badDigest.status).toBe(400);
  });

  it("signed bytes: 202 prepared with submitted false outside broadcast mode; broadcast mode submits through the RPC and records", async () => {
    const bytes = await signedSuiBytes(SUI);
    const planId = await suiPlan(app, SUI, "1000000");
    const before = rpc.submitted.length;
    const r = await post(app, "/svc/strategies/deposit/execute", { planId, signedTransaction: bytes, signatures: ["AAAA"] });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: "prepared", submitted: false, settled: false, broadcastEnabled: false });
    expect(rpc.submitted.length).toBe(before);

    // The node verifies the signature (testing/chains/sui/node.ts): the bytes are signed by their sender's key.
    const signer = SIGNER.toSuiAddress();
    const livePlan = await suiPlan(live, signer, "4000000");
    const digest = suiDigest();
    rpc.onSubmit = {
      digest,
      tx: {
        kind: "sui",
        sender: signer,
        status: "success",
        balanceChanges: [
          { owner: signer, coinType: usdcMove, amount: -4_000_000n },
          { owner: signer, coinType: SCALLOP_MARKET_COIN_TYPE, amount: 2_666_666n },
        ],
      },
    };
    const otherBytes = await signedSuiBytes(signer);
    const { signature } = await SIGNER.signTransaction(Buffer.from(otherBytes, "base64"));
    const notOwner = await post(live, "/svc/strategies/deposit/execute", { planId: await suiPlan(live, SUI, "1000000"), signedTransaction: otherBytes, signatures: [signature] });
    expect(notOwner.json).toMatchObject({ blockers: [{ code: "sender_not_owner" }] });
    expect(rpc.submitted.length).toBe(before);

    // A signature that does not verify is refused by the node, as a validator refuses it; nothing is recorded.
    const forged = await post(live, "/svc/strategies/deposit/execute", { planId: await suiPlan(live, signer, "1000000"), signedTransaction: otherBytes, signatures: ["AAAA"] });
    expect(forged.json).toMatchObject({ status: "blocked", blockers: [{ code: "submit_rejected" }] });
    expect(JSON.stringify(forged.json)).toContain("Invalid user signature");

    const sent = await post(live, "/svc/strategies/deposit/execute", { planId: livePlan, signedTransaction: otherBytes, signatures: [signature] });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: "done", submitted: true, digest, position: { stakedMicros: "4000000" } });
    expect(rpc.submitted.at(-1)).toEqual({ method: "ExecuteTransaction", bytes: otherBytes });
    rpc.onSubmit = null;
  });

  it("refuses key material in several shapes with 400 and never logs it", async () => {
    const planId = await suiPlan(app, SUI, "1000000");
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const seed = privateKey.export({ format: "der", type: "pkcs8" }).subarray(-32);
    const pub = publicKey.export({ format: "der", type: "spki" }).subarray(-32);
    const solanaSecret = b58(Buffer.concat([seed, pub]));
    const mnemonic = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    const hexSecret = randomBytes(64).toString("hex");
    const suiKey = "suiprivkey1qzdlfxn2qa2lj5uprl8pyhexs02sg2wrhdy7qaq50cqgnffw4c2477kg9h3";
    const arraySecret = [...Buffer.concat([seed, pub])];
    const bodies: unknown[] = [
      { planId, digest: suiDigest(), privateKey: "not-even-a-key-but-named-so" },
      { planId, signedTransaction: mnemonic },
      { planId, digest: suiKey },
      { planId, digest: suiDigest(), wallet: { Secret_Key: "x" } },
      { planId, signedTransaction: "AAAA", signatures: [solanaSecret] },
      { planId, signedTransaction: hexSecret },
      { planId, signedTransaction: "AAAA", signatures: arraySecret },
      { planId, nested: [{ deeper: { SeedPhrase: mnemonic } }] },
    ];
    for (const body of bodies) {
      const r = await post(app, "/svc/strategies/deposit/execute", body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.code).toBe("INVALID_REQUEST");
      for (const secret of [mnemonic, solanaSecret, hexSecret, suiKey]) expect(r.text).not.toContain(secret);
    }
    const bridge = await post(app, "/svc/bridge/delivery", { planId, destTxId: suiDigest(), mnemonic }, KEEPER);
    expect(bridge.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    const out = app.output();
    expect(out).toContain('"path":"/api/v1/svc/strategies/deposit/execute"');
    for (const secret of [mnemonic, solanaSecret, hexSecret, suiKey, "not-even-a-key-but-named-so"]) expect(out).not.toContain(secret);
  });

  const bridgePlan = async (amount = "10000000") => {
    const r = await post(app, "/svc/bridge/plan", { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: amount, sourceAddress: EVM, destAddress: SOL_DEST });
    expect(r.json.status).toBe("prepared");
    return r.json;
  };
  const mintTx = (to: string, amount: bigint) => {
    const sig = solSig();
    rpc.txs.set(sig, { kind: "solana", feePayer: SOL, confirmationStatus: "finalized", tokenBalances: [{ owner: to, mint: usdcSvm, pre: 0n, post: amount }] });
    return sig;
  };

  it("20 concurrent deliveries of one bridge plan credit the destination exactly once", async () => {
    const plan = await bridgePlan();
    const planId = plan.planId as string;
    const destTxId = mintTx(SOL_DEST, 10_000_000n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json.credited === true)).toHaveLength(1);
    for (const a of answers) {
      expect(a.json).toMatchObject({
        schemaVersion: "svc-bridge-delivery.v1",
        status: "delivered",
        planId,
        destChain: "svm-chain",
        destAddress: SOL_DEST,
        destTxId,
        creditedMicros: "10000000",
        quotedAmountOutMicros: plan.expectedReceivedMicros,
      });
    }
    const pos = await call<J>(app.url, "GET", `/api/v1/wallets/${SOL_DEST}/position`, { key: OWNER });
    expect(pos.json.liquidMicros).toBe("10000000");
    expect((await events("bridge.delivered")).filter((e) => (e.data as J).planId === planId)).toHaveLength(1);
    const legs = (await activity(SOL_DEST)).filter((r) => r.planId === planId);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ kind: "bridge", chain: "evm-a", destChain: "svm-chain", txId: destTxId, amountIn: "10000000", amountOut: "10000000", status: "settled" });

    const later = await post(app, "/svc/bridge/delivery", { planId, destTxId: mintTx(SOL_DEST, 10_000_000n) }, OWNER);
    expect(later.json).toMatchObject({ credited: false, destTxId });
    const rescue = await post(app, "/svc/bridge/rescue", { planId }, OWNER);
    expect(rescue.json).toMatchObject({ status: "blocked", blockers: [{ code: "already_delivered" }] });
  });

  it("delivery needs proof: pending while the RPC is down, blocked when the mint went elsewhere or failed", async () => {
    const { planId } = (await bridgePlan("2000000")) as { planId: string };
    const elsewhere = await post(app, "/svc/bridge/delivery", { planId, destTxId: mintTx(SOL, 2_000_000n) }, KEEPER);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json).toMatchObject({ blockers: [{ code: "not_credited_to_destination" }] });
    const destTxId = mintTx(SOL_DEST, 2_000_000n);
    rpc.down = true;
    try {
      const down = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
      expect(down.status).toBe(202);
      expect(down.json).toMatchObject({ status: "pending", credited: false });
    } finally {
      rpc.down = false;
    }
    const stranger = await post(app, "/svc/bridge/delivery", { planId, destTxId }, STRANGER);
    expect(stranger.status).toBe(403);
    expect((await post(app, "/svc/bridge/delivery", { planId, destTxId })).status).toBe(401);
    const ok = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(ok.json).toMatchObject({ status: "delivered", credited: true, creditedMicros: "2000000" });
  });

  it("a reported failure emits bridge.failed and keeps a failed bridge leg; rescue only targets the locked destination", async () => {
    const { planId } = (await bridgePlan("3000000")) as { planId: string };
    const failed = await post(app, "/svc/bridge/delivery", { planId, status: "failed", error: "attestation expired" }, KEEPER, { "idempotency-key": `f-${planId}` });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ status: "failed", credited: false, error: "attestation expired", creditedMicros: null });
    const replay = await post(app, "/svc/bridge/delivery", { planId, status: "failed", error: "attestation expired" }, KEEPER, { "idempotency-key": `f-${planId}` });
    expect(replay.text).toBe(failed.text);
    expect((await events("bridge.failed")).filter((e) => (e.data as J).planId === planId)).toHaveLength(1);
    const rows = (await activity(SOL_DEST)).filter((r) => r.planId === planId);
    expect(rows).toHaveLength(1);
    // No burn was read from any chain: the failed leg's amountIn is the plan's, and says so.
    expect(rows[0]).toMatchObject({ kind: "bridge", status: "failed", error: "attestation expired", destChain: "svm-chain", amountIn: "3000000", amountInSource: "plan" });
    const pos = await call<J>(app.url, "GET", `/api/v1/wallets/${SOL_DEST}/position`, { key: OWNER });
    const liquidBefore = pos.json.liquidMicros;

    for (const extra of [{ destAddress: SOL }, { recipient: SOL }, { mintRecipient: `0x${"1".repeat(64)}` }]) {
      const r = await post(app, "/svc/bridge/rescue", { planId, ...extra }, OWNER);
      expect(r.status).toBe(400);
    }
    expect((await post(app, "/svc/bridge/rescue", { planId }, KEEPER)).status).toBe(403);
    expect((await post(app, "/svc/bridge/rescue", { planId }, STRANGER)).status).toBe(403);
    const rescue = await post(app, "/svc/bridge/rescue", { planId, sourceTxId: `0x${"ee".repeat(32)}` }, OWNER);
    expect(rescue.status).toBe(200);
    // No such burn on the source chain: blocked, never a transaction to anyone.
    expect(rescue.json).toMatchObject({ schemaVersion: "svc-bridge-rescue.v1", status: "blocked", blockers: [{ code: "burn_not_found" }], transactions: [], destAddress: SOL_DEST, destChain: "svm-chain" });
    expect(JSON.stringify(rescue.json)).not.toContain(SOL);

    const after = await post(app, "/svc/bridge/delivery", { planId, destTxId: mintTx(SOL_DEST, 3_000_000n) }, KEEPER);
    expect(after.json).toMatchObject({ status: "delivered", credited: true });
    const pos2 = await call<J>(app.url, "GET", `/api/v1/wallets/${SOL_DEST}/position`, { key: OWNER });
    expect(BigInt(pos2.json.liquidMicros as string) - BigInt(liquidBefore as string)).toBe(3_000_000n);
    const late = await post(app, "/svc/bridge/delivery", { planId, status: "failed", error: "late" }, KEEPER);
    expect(late.json).toMatchObject({ blockers: [{ code: "already_delivered" }] });
  });

  const evmHash = () => `0x${randomBytes(32).toString("hex")}`;

  it("cross-chain deposit: delivery credits liquid and writes bridge and swap legs; the continuation stakes only once its own transaction is confirmed", async () => {
    const dest = SOL_CC;
    const plan = await post(app, "/svc/bridge/plan", {
      sourceChain: "evm-a",
      destChain: "svm-chain",
      amountMicros: "10000000",
      sourceAddress: EVM,
      destAddress: dest,
      continueTo: { strategyId: "kamino" },
    });
    expect(plan.json).toMatchObject({ status: "prepared", expectedReceivedMicros: "10000000", continueTo: { strategyId: "kamino" } });
    const planId = plan.json.planId as string;
    // No fee recipient here, so the full 10 000 000 is burned and the rail delivers it: the bridge leg costs nothing.
    const destTxId = mintTx(dest, 10_000_000n);
    const first = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(first.status).toBe(200);
    // The minted USDC is in the destination wallet, not in Kamino: liquid, nothing staked, the deposit offered to sign.
    expect(first.json).toMatchObject({
      status: "delivered",
      credited: true,
      creditedMicros: "10000000",
      liquidMicros: "10000000",
      continueTo: "kamino",
      deposit: null,
      continuation: { planId: `${planId}-deposit`, strategyId: "kamino", amountMicros: "10000000", depositTxId: null },
    });
    const continuation = first.json.continuation as J;
    expect((continuation.transactions as J[]).map((t) => t.kind)).toEqual(["deposit"]);

    const legs = async () => (await activity(dest)).filter((r) => r.planId === planId);
    expect((await legs()).map((r) => [r.legIndex, r.kind])).toEqual([
      [0, "bridge"],
      [1, "swap"],
    ]);
    const rows = await legs();
    expect(rows[0]).toMatchObject({ chain: "evm-a", destChain: "svm-chain", txId: destTxId, amountIn: "10000000", amountOut: "10000000", quotedAmountOut: "10000000", status: "settled" });
    // The bridge leg's proof is the delivery, on the destination chain, confirmed there.
    expect(rows[0]?.proof).toMatchObject({ txId: destTxId, chain: "svm-chain", confirmed: true });
    expect(rows[1]).toMatchObject({ chain: "svm-chain", txId: null, amountIn: "10000000", amountOut: "10000000", quotedAmountOut: "10000000", status: "settled" });
    // The mint carries no CCTP receive here, so the bridge leg states the plan's amount; the pass-through passes on what
    // the confirmed receive minted (all of it continues), a figure read from the chain.
    expect(rows.map((r) => r.amountInSource)).toEqual(["plan", "chain"]);
    // The source owner's log shows the bridge leg once; no position yet (no venue transaction exists).
    expect((await activity(EVM)).filter((r) => r.planId === planId).map((r) => r.kind)).toEqual(["bridge"]);
    expect((await portfolio(dest)).positions as J[]).toHaveLength(0);

    // The destination signs the continuation's deposit; its confirmed transaction stakes it, as leg 2 of the bridge plan.
    const depositSig = solSig();
    rpc.txs.set(depositSig, { kind: "solana", feePayer: dest, confirmationStatus: "confirmed", tokenBalances: [{ owner: dest, mint: usdcSvm, pre: 10_000_000n, post: 0n }, { owner: dest, mint: KAMINO_CUSDC_MINT, pre: 0n, post: 6_666_666n }] });
    const staked = await post(app, "/svc/strategies/deposit/execute", { planId: continuation.planId, digest: depositSig });
    expect(staked.json).toMatchObject({ status: "done", strategyId: "kamino", position: { liquidMicros: "0", stakedMicros: "10000000" } });
    const all = await legs();
    expect(all.map((r) => [r.legIndex, r.kind])).toEqual([
      [0, "bridge"],
      [1, "swap"],
      [2, "deposit"],
    ]);
    expect(all[2]).toMatchObject({ chain: "svm-chain", txId: depositSig, amountIn: "10000000", amountOut: "10000000", quotedAmountOut: "10000000", status: "settled", amountInSource: "chain" });
    const positions = (await portfolio(dest)).positions as J[];
    expect(positions).toHaveLength(1);
    // The position's proof is the transaction that moved its money; cost basis takes the routing legs' cost (none here).
    expect(positions[0]).toMatchObject({ protocol: "kamino", txId: depositSig, depositedMicros: "10000000", recordedMicros: "10000000", proof: { confirmed: true } });

    const forPlan = async (type: string) => (await events(type)).filter((e) => (e.data as J).planId === planId);
    expect(await forPlan("bridge.delivered")).toHaveLength(1);
    expect(await forPlan("deposit.settled")).toHaveLength(1);
    expect((await events("position.updated")).filter((e) => e.wallet === dest).length).toBeGreaterThan(0);

    // A second delivery (same proof or another mint) credits nothing; the continuation is done and offers nothing to sign.
    const again = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(again.json).toMatchObject({ credited: false, continuation: { depositTxId: depositSig, transactions: [] } });
    const other = await post(app, "/svc/bridge/delivery", { planId, destTxId: mintTx(dest, 10_000_000n) }, OWNER);
    expect(other.json).toMatchObject({ credited: false, destTxId });
    // The continuation's deposit cannot be executed twice, with this or another transaction.
    expect((await post(app, "/svc/strategies/deposit/execute", { planId: continuation.planId, digest: depositSig })).json).toEqual(staked.json);
    expect((await legs()).length).toBe(3);
    expect(((await portfolio(dest)).positions as J[])[0]).toMatchObject({ depositedMicros: "10000000", recordedMicros: "10000000" });
    expect(await forPlan("deposit.settled")).toHaveLength(1);
  });

  it("EVM destination: confirmed by the receipt's USDC Transfer (mint) to the locked destination; reverted or elsewhere is blocked", async () => {
    const r = await post(app, "/svc/bridge/plan", { sourceChain: "evm-a", destChain: "evm-b", amountMicros: "4000000", sourceAddress: EVM, destAddress: EVM_DEST });
    expect(r.json.status).toBe("prepared");
    const planId = r.json.planId as string;
    const usdcB = USDC["evm-b"];
    const zero = `0x${"0".repeat(40)}`;
    const evmMint = (to: string, value: bigint, opts: { status?: "0x1" | "0x0"; token?: string } = {}) => {
      const h = evmHash();
      rpc.txs.set(h, { kind: "evm", from: EVM_THIEF, status: opts.status ?? "0x1", transfers: [{ token: opts.token ?? usdcB, from: zero, to, value }] });
      return h;
    };
    const unknown = await post(app, "/svc/bridge/delivery", { planId, destTxId: evmHash() }, KEEPER);
    expect(unknown.status).toBe(202);
    expect(unknown.json).toMatchObject({ status: "pending", credited: false });
    const reverted = await post(app, "/svc/bridge/delivery", { planId, destTxId: evmMint(EVM_DEST, 4_000_000n, { status: "0x0" }) }, KEEPER);
    expect(reverted.json).toMatchObject({ status: "blocked", blockers: [{ code: "tx_failed" }] });
    const elsewhere = await post(app, "/svc/bridge/delivery", { planId, destTxId: evmMint(EVM_THIEF, 4_000_000n) }, KEEPER);
    expect(elsewhere.json).toMatchObject({ blockers: [{ code: "not_credited_to_destination" }] });
    const otherToken = await post(app, "/svc/bridge/delivery", { planId, destTxId: evmMint(EVM_DEST, 4_000_000n, { token: USDC["evm-a"] }) }, KEEPER);
    expect(otherToken.json).toMatchObject({ blockers: [{ code: "not_credited_to_destination" }] });
    expect((await activity(EVM_DEST)).filter((x) => x.planId === planId)).toHaveLength(0);

    const destTxId = evmMint(EVM_DEST, 4_000_000n);
    const ok = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "delivered", credited: true, creditedMicros: "4000000", liquidMicros: "4000000", destChain: "evm-b", deposit: null });
    const legs = (await activity(EVM_DEST)).filter((x) => x.planId === planId);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ kind: "bridge", chain: "evm-a", destChain: "evm-b", txId: destTxId, amountOut: "4000000" });
    const twice = await post(app, "/svc/bridge/delivery", { planId, destTxId }, KEEPER);
    expect(twice.json).toMatchObject({ credited: false, creditedMicros: "4000000" });
    expect((await events("bridge.delivered")).filter((e) => (e.data as J).planId === planId)).toHaveLength(1);
  });

  /** A CCTP V2 burn message from Base (6) to Arbitrum (3) by EVM (tests/support/bridge-stack.ts v2Message). */
  const burnMessageV2 = (mintRecipient: Hex, amount: bigint, attested: { nonce: Hex; feeExecuted: bigint } | null) => v2Message(6, 3, mintRecipient, amount, attested, pad(EVM));

  it("rescue (CCTP V2) builds receiveMessage(attested message, attestation) on MessageTransmitterV2, only for a burn minting to the locked destination", async () => {
    const r = await post(app, "/svc/bridge/plan", { sourceChain: "evm-a", destChain: "evm-b", amountMicros: "6000000", sourceAddress: EVM, destAddress: EVM_DEST });
    expect(r.json).toMatchObject({ rail: "circle-cctp-v2", speed: "standard" });
    const planId = r.json.planId as string;
    const recipient = r.json.mintRecipient as Hex;
    expect(recipient).toBe(pad(EVM_DEST as Hex));
    const message = burnMessageV2(recipient, 6_000_000n, null);
    const nonce = `0x${"7a".repeat(32)}` as Hex;
    const attestedMessage = burnMessageV2(recipient, 6_000_000n, { nonce, feeExecuted: 0n });
    const burnTx = evmHash();
    rpc.txs.set(burnTx, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER_V2, message }] });
    const rescue = (body: J) => post(app, "/svc/bridge/rescue", { planId, ...body }, OWNER);

    expect((await rescue({})).json).toMatchObject({ status: "blocked", rail: "circle-cctp-v2", blockers: [{ code: "source_tx_required" }], transactions: [] });
    expect((await rescue({ sourceTxId: "0x1234" })).status).toBe(400);
    expect((await rescue({ sourceTxId: evmHash() })).json).toMatchObject({ status: "blocked", blockers: [{ code: "burn_not_found" }] });
    rpc.down = true;
    try {
      const down = await rescue({ sourceTxId: burnTx });
      expect(down.status).toBe(200);
      expect(down.json).toMatchObject({ status: "blocked", blockers: [{ code: "source_rpc_unavailable" }], transactions: [] });
    } finally {
      rpc.down = false;
    }

    // Not indexed yet (404), then pending_confirmations, then the service down: blocked, never a 5xx, never a transaction.
    const notYet = await rescue({ sourceTxId: burnTx });
    expect(notYet.status).toBe(200);
    expect(notYet.json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], transactions: [], burn: { sourceTxId: burnTx, amountMicros: "6000000", mintRecipient: recipient, attestation: null } });
    expect(iris.requests.at(-1)).toBe("/v2/messages/6");
    iris.v2.set(`6/${burnTx}`, [{ message: attestedMessage, attestation: "PENDING", eventNonce: nonce, status: "pending_confirmations" }]);
    expect((await rescue({ sourceTxId: burnTx })).json).toMatchObject({ blockers: [{ code: "attestation_pending" }] });
    iris.failing.on = true;
    try {
      const irisDown = await rescue({ sourceTxId: burnTx });
      expect(irisDown.status).toBe(200);
      expect(irisDown.json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_unavailable" }], transactions: [] });
    } finally {
      iris.failing.on = false;
    }

    // The attestation by the local attesters, checked by the simulation on evm-b's MessageTransmitterV2 (Circle's bytecode).
    const attestation = await attest(attestedMessage);
    iris.v2.set(`6/${burnTx}`, [{ message: attestedMessage, attestation, eventNonce: nonce, status: "complete" }]);
    const ok = await rescue({ sourceTxId: burnTx });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "prepared", ownerMustSign: true, submitted: false, destAddress: EVM_DEST, messageTransmitter: MESSAGE_TRANSMITTER_V2, burn: { attestation, nonce } });
    const txs = ok.json.transactions as { chain: string; kind: string; encoding: string; payload: { chainId: number; to: string; data: Hex; value: string } }[];
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ chain: "evm-b", kind: "receive", encoding: "evm-call", payload: { chainId: 42161, to: MESSAGE_TRANSMITTER_V2, value: "0" }, simulation: { status: "ok" } });
    const call = decodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, data: txs[0]?.payload.data as Hex });
    expect(call.functionName).toBe("receiveMessage");
    // The attested message (with its nonce), not the source chain's copy.
    expect(call.args).toEqual([attestedMessage.toLowerCase(), attestation]);
    // The mint recipient inside the message the owner signs for (byte 184 = header 148 + body offset 36) is the locked destination.
    expect(sliceHex(call.args[0], 184, 216)).toBe(pad(EVM_DEST.toLowerCase() as Hex));

    // An attested message that differs from the burn (another recipient) is never used.
    const other = evmHash();
    rpc.txs.set(other, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER_V2, message }] });
    iris.v2.set(`6/${other}`, [{ message: burnMessageV2(pad(EVM_THIEF as Hex), 6_000_000n, { nonce, feeExecuted: 0n }), attestation, eventNonce: nonce, status: "complete" }]);
    expect((await rescue({ sourceTxId: other })).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], transactions: [] });

    // A burn minting to someone else is never built, even with an attestation.
    const thiefMessage = burnMessageV2(pad(EVM_THIEF as Hex), 6_000_000n, null);
    const thiefTx = evmHash();
    rpc.txs.set(thiefTx, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER_V2, message: thiefMessage }] });
    iris.v2.set(`6/${thiefTx}`, [{ message: burnMessageV2(pad(EVM_THIEF as Hex), 6_000_000n, { nonce, feeExecuted: 0n }), attestation, eventNonce: nonce, status: "complete" }]);
    const thief = await rescue({ sourceTxId: thiefTx });
    expect(thief.json).toMatchObject({ status: "blocked", blockers: [{ code: "recipient_mismatch" }], transactions: [], burn: null });
    expect(JSON.stringify(thief.json.transactions)).not.toContain(EVM_THIEF.slice(2));
    // A MessageSent from a contract that is not the MessageTransmitterV2 (here V1's) is not a V2 burn.
    const fakeTx = evmHash();
    rpc.txs.set(fakeTx, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: "0xAD09780d193884d503182aD4588450C416D6F9D4", message }] });
    expect((await rescue({ sourceTxId: fakeTx })).json).toMatchObject({ blockers: [{ code: "burn_not_found" }] });
    expect((await post(app, "/svc/bridge/rescue", { planId, sourceTxId: burnTx }, STRANGER)).status).toBe(403);
  });

  it("rescue of an evm-a → svm-chain V2 burn: receive_message on Solana for the locked destination, with the fee recipient read from chain", async () => {
    const r = await post(app, "/svc/bridge/plan", { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "2500000", sourceAddress: EVM, destAddress: SOL_DEST });
    expect(r.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v2" });
    const planId = r.json.planId as string;
    const recipient = r.json.mintRecipient as Hex; // the destination's USDC token account
    const v2msg = (attested: boolean) =>
      encodePacked(
        ["uint32", "uint32", "uint32", "bytes32", "bytes32", "bytes32", "bytes32", "uint32", "uint32", "uint32", "bytes32", "bytes32", "uint256", "bytes32", "uint256", "uint256", "uint256"],
        [1, 6, 5, attested ? (`0x${"3e".repeat(32)}` as Hex) : pad("0x"), pad(TOKEN_MESSENGER_V2 as Hex), pad("0x01"), pad("0x"), 2000, attested ? 2000 : 0, 1, pad(USDC["evm-a"] as Hex), recipient, 2_500_000n, pad(EVM), 0n, 0n, 0n],
      );
    const burnTx = evmHash();
    rpc.txs.set(burnTx, { kind: "evm", from: EVM, status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER_V2, message: v2msg(false) }] });
    const attestation = `0x${"ef".repeat(130)}` as Hex;
    iris.v2.set(`6/${burnTx}`, [{ message: v2msg(true), attestation, eventNonce: `0x${"3e".repeat(32)}`, status: "complete" }]);
    const rescue = () => post(app, "/svc/bridge/rescue", { planId, sourceTxId: burnTx }, OWNER);
    // The TokenMessenger account is not on chain yet: blocked, no transaction.
    expect((await rescue()).json).toMatchObject({ status: "blocked", blockers: [{ code: "rpc_unavailable" }], transactions: [] });
    // TokenMessenger (IDL layout): discriminator, denylister, owner, pending_owner, message_body_version u32, authority_bump u8, fee_recipient.
    const tmm = "CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe";
    const [tokenMessenger] = PublicKey.findProgramAddressSync([Buffer.from("token_messenger")], new PublicKey(tmm));
    const feeRecipient = new PublicKey(SOL_CC);
    const data = Buffer.concat([Buffer.from([162, 4, 242, 52, 147, 243, 221, 96]), Buffer.alloc(96), Buffer.from([2, 0, 0, 0, 255]), feeRecipient.toBuffer(), Buffer.alloc(36)]);
    rpc.solanaAccounts.set(tokenMessenger.toBase58(), { owner: tmm, data });
    const ok = await rescue();
    expect(ok.json).toMatchObject({ status: "prepared", messageTransmitter: "CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC", burn: { attestation } });
    const [tx] = ok.json.transactions as { chain: string; kind: string; encoding: string; payload: { transaction: string; instructions: { programAddress: string; accounts: { address: string; role: string }[]; data: string }[] } }[];
    expect(tx).toMatchObject({ chain: "svm-chain", kind: "receive", encoding: "solana-v0-message-base64" });
    // The destination's USDC account is created idempotently first (receive_message does not create it), then the receive.
    const [create, ix] = tx?.payload.instructions ?? [];
    expect(create?.programAddress).toBe("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
    expect(Buffer.from(create?.data ?? "", "base64")).toEqual(Buffer.from([1])); // CreateIdempotent
    expect(create?.accounts[1]?.address).toBe(new PublicKey(Buffer.from(recipient.slice(2), "hex")).toBase58());
    expect(ix?.programAddress).toBe("CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC");
    const addrs = ix?.accounts.map((a) => a.address) ?? [];
    expect(addrs[0]).toBe(SOL_DEST); // payer
    const [usedNonce] = PublicKey.findProgramAddressSync([Buffer.from("used_nonce"), Buffer.from("3e".repeat(32), "hex")], new PublicKey("CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC"));
    expect(addrs[4]).toBe(usedNonce.toBase58());
    expect(addrs).toContain(new PublicKey(Buffer.from(recipient.slice(2), "hex")).toBase58());
    const [feeAta] = PublicKey.findProgramAddressSync([feeRecipient.toBuffer(), new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA").toBuffer(), new PublicKey(USDC["svm-chain"]).toBuffer()], new PublicKey("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"));
    expect(addrs).toContain(feeAta.toBase58());
    // The instruction data carries the attested message and the attestation.
    const raw = Buffer.from(ix?.data ?? "", "base64");
    expect(raw.subarray(12, 12 + (v2msg(true).length - 2) / 2).toString("hex")).toBe(v2msg(true).slice(2).toLowerCase());
  });

  it("rescue of a svm-chain → evm-b V2 burn whose event account is closed (rent reclaimed): the attested message from Iris, only when it mints to the locked destination", async () => {
    const r = await post(app, "/svc/bridge/plan", { sourceChain: "svm-chain", destChain: "evm-b", amountMicros: "3000000", sourceAddress: SOL, destAddress: EVM_DEST });
    expect(r.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v2" });
    const planId = r.json.planId as string;
    const sig = getBase58Decoder().decode(randomBytes(64));
    // The burn landed (its transaction called the V2 token messenger minter), and the MessageSent event account it
    // signed with is gone since: the chain answers no account for it (getMultipleAccounts), so the message is only Iris's.
    const wire = Buffer.from((r.json.transactions as { payload: { transaction: string } }[])[0]?.payload.transaction ?? "", "base64");
    rpc.txs.set(sig, { kind: "solana", feePayer: SOL, confirmationStatus: "finalized", tokenBalances: [], landed: { at: 0, slot: 300_000_001, blockTime: 1_760_000_000, wire } });
    rpc.solanaChain = new SolanaLocalChain(() => rpc.solanaAccounts);
    onTestFinished(() => {
      rpc.solanaChain = null;
    });
    const rescue = (body: J) => post(app, "/svc/bridge/rescue", { planId, ...body }, OWNER);
    const nonce = `0x${"5c".repeat(32)}` as Hex;
    const solMessage = (recipient: Hex) => v2Message(5, 3, recipient, 3_000_000n, { nonce });
    expect((await rescue({ sourceTxId: sig })).json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], burn: null });
    const thiefMessage = solMessage(pad(EVM_THIEF as Hex));
    iris.v2.set(`5/${sig}`, [{ message: thiefMessage, attestation: await attest(thiefMessage), eventNonce: nonce, status: "complete" }]);
    expect((await rescue({ sourceTxId: sig })).json).toMatchObject({ status: "blocked", blockers: [{ code: "recipient_mismatch" }], transactions: [] });
    const good = solMessage(pad(EVM_DEST as Hex));
    const attestation = await attest(good);
    iris.v2.set(`5/${sig}`, [{ message: good, attestation, eventNonce: nonce, status: "complete" }]);
    const ok = await rescue({ sourceTxId: sig });
    expect(ok.json).toMatchObject({ status: "prepared", sourceDomain: 5, destinationDomain: 3, burn: { nonce, amountMicros: "3000000", attestation } });
    expect((ok.json.transactions as { simulation: { status: string } }[])[0]?.simulation.status).toBe("ok");
    // Received once (the call landed on evm-b): the same message again is refused by the transmitter, nonce used.
    const tx0 = (ok.json.transactions as { payload: { to: string; data: Hex } }[])[0];
    await evm["evm-b"].exec(EVM_DEST, tx0?.payload.to as string, tx0?.payload.data as Hex);
    const again = await rescue({ sourceTxId: sig });
    expect(again.json).toMatchObject({ status: "blocked", blockers: [{ code: "simulation_failed" }], transactions: [] });
    expect(JSON.stringify(again.json.blockers)).toContain("reverted: Nonce already used");
    const tx = (ok.json.transactions as { payload: { to: string; data: Hex } }[])[0];
    expect(tx?.payload.to).toBe(MESSAGE_TRANSMITTER_V2);
    expect(decodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, data: tx?.payload.data as Hex }).args).toEqual([good.toLowerCase(), attestation]);
    expect((await post(app, "/svc/bridge/rescue", { planId, sourceTxId: sig }, STRANGER)).status).toBe(403);
  });
});
