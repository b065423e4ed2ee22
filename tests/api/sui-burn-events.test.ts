// The burn of a move-chain → EVM bridge read from the executed Sui transaction itself (issue 23 items 1 and 4): the
// owner's burn is signed and executed on the local Sui node, which runs Circle's deposit_for_burn as its Move source
// does and emits MessageSent (the message Circle attests) and DepositForBurn. The rescue reads both events over gRPC
// (GetTransaction) and builds the receive only when the message Circle's attestation service lists for the digest is,
// byte for byte, the one the chain emitted; the delivery's bridge leg records the burn the chain settled, not the plan's.
import { randomBytes } from "node:crypto";
import { bcs } from "@mysten/sui/bcs";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { getBase58Decoder } from "@solana/kit";
import { decodeFunctionData, type Hex, pad } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { MESSAGE_TRANSMITTER_ABI } from "../../server/rails/cctp/abi";
import { attest } from "../../testing/chains/attester";
import { erc20Balance } from "../../testing/chains/evm/aave";
import { dbKinds } from "../support/app";
import { type BridgeStack, executeSui, startBridgeStack, v1Message } from "../support/bridge-stack";
import { fundSuiOwner } from "../support/fake-rpc";
import { call } from "../support/http";
import { suiScaled } from "../support/altered";

type J = Record<string, unknown>;
type Tx = { chain: string; kind: string; encoding: string; payload: unknown; simulation?: { status: string } };
type Plan = J & { planId: string; mintRecipient: Hex; amountMicros: string; burnAmountMicros: string; transactions: Tx[] };

const SIGNER = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(0x71));
const SUI_OWNER = SIGNER.toSuiAddress();
const EVM_DEST = "0x7171717171717171717171717171717171717171";
const OWNER = "sui-burn-events-owner-key-001";
const KEEPER = "sui-burn-events-keeper-key-01";
const KEYS = JSON.stringify([
  { key: OWNER, role: "owner", wallets: [SUI_OWNER, EVM_DEST] },
  { key: KEEPER, role: "keeper", wallets: ["*"] },
]);
// Circle's event types under the packages' original ids (lib/cctp-ids.ts cites them), written out so a wrong one fails here.
// source: circlefin/sui-cctp @ 70290f70 packages/message_transmitter/sources/send_message.move `MessageSent`;
// packages/token_messenger_minter/sources/deposit_for_burn.move `DepositForBurn`; ids from Move.lock @ 83e522af (mainnet).
const MESSAGE_SENT = "0x08d87d37ba49e785dde270a83f8e979605b03dc552b5548f26fdf2f49bf7ed1b::send_message::MessageSent";
const DEPOSIT_FOR_BURN = "::deposit_for_burn::DepositForBurn";
const SUI_DOMAIN = 8;
const EVM_A_DOMAIN = 6;
const b58 = (n: number) => getBase58Decoder().decode(randomBytes(n));

describe.each(dbKinds())("a move-chain burn read from the executed transaction's events (%s)", (db) => {
  let stack: BridgeStack;
  const post = (path: string, body: unknown, key?: string) => call<J>(stack.app.url, "POST", `/api/v1${path}`, { body, key });
  const rescue = (planId: string, sourceTxId: string) => post("/svc/bridge/rescue", { planId, sourceTxId }, OWNER);

  beforeAll(async () => {
    stack = await startBridgeStack(db, KEYS, (rpc) => fundSuiOwner(rpc, SUI_OWNER));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** A move-chain → evm-a plan, its burn (altered by `alter`) signed by the owner and executed on the local Sui node. */
  async function burnOnChain(amount: bigint, alter: (payload: string, plan: Plan) => string = (p) => p) {
    const r = await post("/svc/bridge/plan", { sourceChain: "move-chain", destChain: "evm-a", amountMicros: amount.toString(), sourceAddress: SUI_OWNER, destAddress: EVM_DEST });
    const plan = r.json as Plan;
    expect(plan, JSON.stringify(plan.blockers)).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", mintRecipient: pad(EVM_DEST as Hex) });
    const burn = plan.transactions.find((t) => t.kind === "burn");
    expect(burn).toMatchObject({ chain: "move-chain", encoding: "sui-transaction-json", simulation: { status: "ok" } });
    const digest = await executeSui(stack.rpc, SIGNER, alter(burn?.payload as string, plan));
    return { plan, digest };
  }

  /** The executed transaction's events as the node recorded them: each MessageSent's message, each DepositForBurn's amount. */
  function eventsOf(digest: string): { messages: Hex[]; burned: bigint[]; nonces: bigint[] } {
    const t = stack.rpc.txs.get(digest);
    const events = t?.kind === "sui" ? (t.events ?? []) : [];
    const messages = events.filter((e) => e.type === MESSAGE_SENT).map((e) => `0x${Buffer.from(bcs.vector(bcs.u8()).parse(e.bcs)).toString("hex")}` as Hex);
    const dfb = events.filter((e) => e.type.endsWith(DEPOSIT_FOR_BURN)).map((e) => e.json as { amount: string; nonce: string });
    return { messages, burned: dfb.map((e) => BigInt(e.amount)), nonces: dfb.map((e) => BigInt(e.nonce)) };
  }

  /** The V1 message Circle's deposit_for_burn sends for this burn (message sender: the depositor). */
  const expectedMessage = (nonce: bigint, plan: Plan, amount: bigint) => v1Message(SUI_DOMAIN, EVM_A_DOMAIN, nonce, plan.mintRecipient, amount, { messageSender: SUI_OWNER as Hex });

  it("the executed burn matches: the node emits Circle's MessageSent and DepositForBurn; the receive is built for that message; the chain's burn is recorded", async () => {
    const { plan, digest } = await burnOnChain(2_000_000n);
    const burned = BigInt(plan.burnAmountMicros);
    const ev = eventsOf(digest);
    expect(ev.burned).toEqual([burned]);
    const message = expectedMessage(ev.nonces[0] as bigint, plan, burned);
    expect(ev.messages).toEqual([message]);
    // Read from the chain before Circle lists it: pending, with the burn as the chain states it.
    const pending = await rescue(plan.planId, digest);
    expect(pending.json).toMatchObject({ status: "blocked", blockers: [{ code: "attestation_pending" }], burn: { amountMicros: burned.toString(), message } });

    const attestation = await attest(message);
    stack.iris.messages.set(`${SUI_DOMAIN}/${digest}`, [{ message, attestation, eventNonce: ev.nonces[0]?.toString() as string }]);
    const ok = await rescue(plan.planId, digest);
    expect(ok.json).toMatchObject({ status: "prepared", burn: { sourceTxId: digest, amountMicros: burned.toString(), message, attestation } });
    const rx = (ok.json.transactions as Tx[])[0] as Tx & { payload: { to: string; data: Hex } };
    expect(rx).toMatchObject({ chain: "evm-a", kind: "receive", simulation: { status: "ok" } });
    expect(decodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, data: rx.payload.data }).args).toEqual([message, attestation]);
  });

  it("Circle's service lists another message for the digest than the chain emitted: blocked burn_not_found naming both, nothing built", async () => {
    const { plan, digest } = await burnOnChain(3_000_000n);
    const ev = eventsOf(digest);
    const burned = BigInt(plan.burnAmountMicros);
    // Attested (by the attester evm-a's transmitter trusts), routed to the locked destination, but ten times the burn.
    const other = expectedMessage(ev.nonces[0] as bigint, plan, burned * 10n);
    stack.iris.messages.set(`${SUI_DOMAIN}/${digest}`, [{ message: other, attestation: await attest(other), eventNonce: ev.nonces[0]?.toString() as string }]);
    const r = await rescue(plan.planId, digest);
    expect(r.json).toMatchObject({ status: "blocked", transactions: [], blockers: [{ code: "burn_not_found" }] });
    const why = (r.json.blockers as { message: string }[])[0]?.message ?? "";
    expect(why).toContain(`emitted ${ev.messages[0]}`);
    expect(why).toContain(`listed ${other}`);
  });

  it("a digest whose transaction emitted no burn (a plain USDC transfer) is blocked burn_not_found, whatever the attestation service lists", async () => {
    const { plan } = await burnOnChain(1_000_000n);
    const digest = b58(32);
    stack.rpc.txs.set(digest, { kind: "sui", sender: SUI_OWNER, status: "success", balanceChanges: [{ owner: SUI_OWNER, coinType: USDC["move-chain"], amount: -1_000_000n }] });
    const listed = expectedMessage(9_999n, plan, BigInt(plan.burnAmountMicros));
    stack.iris.messages.set(`${SUI_DOMAIN}/${digest}`, [{ message: listed, attestation: await attest(listed), eventNonce: "9999" }]);
    const r = await rescue(plan.planId, digest);
    expect(r.json).toMatchObject({ status: "blocked", transactions: [], blockers: [{ code: "burn_not_found" }] });
    expect((r.json.blockers as { message: string }[])[0]?.message).toMatch(/emitted no CCTP MessageSent event/);
  });

  it("a burn altered after building to 10 × the amount: the rescue and the delivery's bridge leg record what the chain burned", async () => {
    const { plan, digest } = await burnOnChain(2_500_000n, (payload, p) => suiScaled(payload, BigInt(p.burnAmountMicros), BigInt(p.burnAmountMicros) * 10n));
    const planned = BigInt(plan.burnAmountMicros);
    const ev = eventsOf(digest);
    expect(ev.burned).toEqual([planned * 10n]);
    const message = ev.messages[0] as Hex;
    expect(message).toBe(expectedMessage(ev.nonces[0] as bigint, plan, planned * 10n));
    const attestation = await attest(message);
    stack.iris.messages.set(`${SUI_DOMAIN}/${digest}`, [{ message, attestation, eventNonce: ev.nonces[0]?.toString() as string }]);
    const r = await rescue(plan.planId, digest);
    expect(r.json).toMatchObject({ status: "prepared", burn: { amountMicros: (planned * 10n).toString() } });
    // The receive mints the chain's burn on evm-a (Circle's V1 MessageTransmitter); the delivery is proven there.
    const rx = (r.json.transactions as Tx[])[0] as Tx & { payload: { to: string; data: Hex } };
    const node = stack.evm["evm-a"];
    const before = await erc20Balance(node, USDC["evm-a"], EVM_DEST);
    await node.exec(EVM_DEST, rx.payload.to, rx.payload.data);
    expect((await erc20Balance(node, USDC["evm-a"], EVM_DEST)) - before).toBe(planned * 10n);
    const mint = `0x${randomBytes(32).toString("hex")}`;
    stack.rpc.txs.set(mint, { kind: "evm", from: EVM_DEST, status: "0x1", transfers: [{ token: USDC["evm-a"], from: `0x${"0".repeat(40)}`, to: EVM_DEST, value: planned * 10n }] });
    const d = await post("/svc/bridge/delivery", { planId: plan.planId, destTxId: mint }, KEEPER);
    expect(d.json).toMatchObject({ status: "delivered", credited: true, creditedMicros: (planned * 10n).toString() });
    // The bridge leg: in, the chain's burn plus the fee the plan disclosed on the source (and it says it came from the
    // chain); out, the chain's mint.
    const fee = BigInt(plan.amountMicros) - planned;
    const act = await call<{ activity: J[] }>(stack.app.url, "GET", `/api/v1/svc/activity?wallet=${SUI_OWNER}`);
    const leg = act.json.activity.find((a) => a.planId === plan.planId && a.kind === "bridge");
    expect(leg).toMatchObject({ txId: mint, amountIn: (planned * 10n + fee).toString(), amountOut: (planned * 10n).toString(), amountInSource: "chain", status: "settled" });
    // The plan's record still answers the plan as it was prepared.
    const rec = await call<J>(stack.app.url, "GET", `/api/v1/svc/plans/${plan.planId}`, { key: OWNER });
    expect((rec.json.plan as J).sourceBurn).toBeUndefined();
  });
});
