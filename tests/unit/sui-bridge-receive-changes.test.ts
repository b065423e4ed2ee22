// The receive leg on move-chain (issue 23 "Tests that must exist"): Circle's Sui CCTP V1 receive PTB as the rescue builds
// it (server/rails/cctp-v1/sui.ts suiReceiveV1: receive_message → handle_receive_message<USDC> → stamp →
// complete_receive_message), for the evm→move and svm→move deliveries, simulated by the local Sui node
// (testing/chains/sui/cctp.ts: receive_message returns the message's Receipt, handle_receive_message mints the burn
// message's amount to its mint recipient, as Circle's Move source does) and checked by the one checker against
// receiveExpectation (server/plans/bridge-changes.ts), as rescueBridge checks it. The node's balance changes are the
// attested amount to the destination in exact base units and its gas; a receive of another attested message (minting to
// another wallet, or ten times the amount) is refused simulation_mismatch naming both sides; a node that does not answer
// leaves the changes unavailable with the reason, and nothing is held against the rescue. What Circle's receive_message
// refuses (a message for another domain, a nonce already used) the local node refuses too.
import { randomBytes } from "node:crypto";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { type Hex, pad } from "viem";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { receiveExpectation } from "../../server/plans/bridge-changes";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV1 } from "../../server/rails/cctp-v1";
import { MESSAGE_TRANSMITTER } from "../../server/rails/cctp-v1/evm";
import { SUI_MESSAGE_TRANSMITTER, suiReceiveV1 } from "../../server/rails/cctp-v1/sui";
import { attest } from "../../testing/chains/attester";
import { executeSui, useSuiReceiveStack, v1Message } from "../support/bridge-stack";

/** The owner-locked destination on move-chain: a key, so the receive can also be signed and executed on the node. */
const SIGNER = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(23));
const DEST = normalizeSuiAddress(SIGNER.toSuiAddress());
const OTHER = normalizeSuiAddress(`0x${"0d".repeat(32)}`);
const SUI_DOMAIN = CCTP_DOMAIN["move-chain"];
const AMOUNT = 6_000_000n;
const signal = new AbortController().signal;
const fresh = () => BigInt(`0x${randomBytes(6).toString("hex")}`);

describe("move-chain receives on the local Sui node", () => {
  // The local Sui node (DEST funded with SUI for the receive's gas) and a local Iris.
  const stack = useSuiReceiveStack(DEST);

  /** The rescue's receive (suiReceiveV1, as rescueV1 builds it for the locked destination) of `message`, attested by the local attesters. */
  const receive = async (message: Hex): Promise<PlanTransaction[]> => {
    const payload = await suiReceiveV1(DEST, message, await attest(message), signal);
    return [{ chain: "move-chain", kind: "receive", description: "receive", encoding: "sui-transaction-json", payload }];
  };
  const expected = (amount: bigint) => receiveExpectation("move-chain", DEST, { amount, fee: 0n });
  const usdcOf = (c: { asset: { id: string; symbol: string | null } }) => c.asset.symbol === "USDC" && c.asset.id === USDC["move-chain"];

  describe.each([
    ["evm-a", "evm→move"],
    ["svm-chain", "svm→move"],
  ] as const)("the move-chain receive of a %s burn (%s) checked against the rescue", (source, _route) => {
    const message = (to: string, amount: bigint, nonce = fresh()) => v1Message(CCTP_DOMAIN[source], SUI_DOMAIN, nonce, to as Hex, amount);

    it("the node's changes are exactly the attested amount minted to the destination and its gas, nothing else; receiveExpectation passes", async () => {
      const txs = await receive(message(DEST, AMOUNT));
      const sim = await simulateTransactions(txs, DEST);
      expect(sim.blocker).toBeNull();
      const s = sim.transactions[0]?.simulation;
      expect(s?.status).toBe("ok");
      expect(s?.changes?.status).toBe("ok");
      // Every change the node reports: the mint to the destination in base units, and the destination's SUI for the gas
      // the simulation discloses; no other owner and no other coin moves.
      const changes = (s?.changes?.balanceChanges ?? []).map((c) => [c.owner, usdcOf(c) ? "USDC" : c.asset.id, c.amount]);
      expect(changes).toHaveLength(2);
      expect(changes).toEqual(expect.arrayContaining([[DEST, "USDC", AMOUNT.toString()], [DEST, "native", (-BigInt(s?.fee?.amount ?? "0")).toString()]]));
      expect(BigInt(s?.fee?.amount ?? "0")).toBeGreaterThan(0n);
      expect(checkChanges(sim.transactions, expected(AMOUNT))).toBeNull();
    });

    it("a receive of a message minting to another wallet is refused simulation_mismatch naming both, in USDC", async () => {
      const sim = await simulateTransactions(await receive(message(OTHER, AMOUNT)), DEST);
      expect(sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === OTHER && usdcOf(c))?.amount).toBe(AMOUNT.toString());
      const blocker = checkChanges(sim.transactions, expected(AMOUNT));
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain("you receive 6.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
      expect(blocker?.message).toContain(`6.000000 USDC goes to ${OTHER}, which the plan does not name`);
    });

    it("a receive of a message minting ten times the amount is refused simulation_mismatch naming both, in USDC", async () => {
      const sim = await simulateTransactions(await receive(message(DEST, AMOUNT * 10n)), DEST);
      const blocker = checkChanges(sim.transactions, expected(AMOUNT));
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain("you receive 6.000000 USDC by the plan, the simulation gives you 60.000000 USDC");
    });

    it("a receive altered after building (its message and attestation swapped for another attested message) is refused", async () => {
      const [built] = await receive(message(DEST, AMOUNT));
      const other = message(OTHER, AMOUNT);
      const [swapped] = await receive(other);
      const data = JSON.parse(built?.payload as string) as { inputs: { Pure?: { bytes: string } }[] };
      const theirs = JSON.parse(swapped?.payload as string) as { inputs: { Pure?: { bytes: string } }[] };
      // The message and the attestation are the PTB's first two inputs (receive_message(message, attestation, state)).
      for (const i of [0, 1]) {
        const [mine, replacement] = [data.inputs[i], theirs.inputs[i]];
        if (!mine?.Pure || !replacement?.Pure) throw new Error(`input ${i} is not pure`);
        expect(mine.Pure.bytes).not.toBe(replacement.Pure.bytes);
        mine.Pure.bytes = replacement.Pure.bytes;
      }
      const altered: PlanTransaction = { ...(built as PlanTransaction), payload: JSON.stringify(data) };
      const blocker = checkChanges((await simulateTransactions([altered], DEST)).transactions, expected(AMOUNT));
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain(`6.000000 USDC goes to ${OTHER}, which the plan does not name`);
    });

    it("a node that does not answer the simulation: the receive is unavailable with the reason, and the checker does not block", async () => {
      const txs = await receive(message(DEST, AMOUNT));
      stack.rpc.down = true;
      try {
        const sim = await simulateTransactions(txs, DEST);
        expect(sim.blocker).toBeNull();
        expect(sim.transactions[0]?.simulation).toMatchObject({ status: "unavailable", error: expect.stringMatching(/^Not simulated: the move-chain node did not answer \(.+\)\.$/) });
        expect(checkChanges(sim.transactions, expected(AMOUNT))).toBeNull();
      } finally {
        stack.rpc.down = false;
      }
    });

    it("a node that does not offer simulation (SimulateTransaction unimplemented): unavailable with the node's reason, not a refusal, and the checker does not block", async () => {
      const txs = await receive(message(DEST, AMOUNT));
      stack.rpc.unserved.add("SimulateTransaction");
      try {
        const sim = await simulateTransactions(txs, DEST);
        expect(sim.blocker).toBeNull();
        expect(sim.transactions[0]?.simulation).toMatchObject({ status: "unavailable", gasEstimate: null, fee: null });
        expect(sim.transactions[0]?.simulation?.changes).toBeUndefined();
        expect(sim.transactions[0]?.simulation?.error).toBe("Not simulated: the move-chain node does not serve sui.rpc.v2.TransactionExecutionService/SimulateTransaction (gRPC UNIMPLEMENTED).");
        expect(checkChanges(sim.transactions, expected(AMOUNT))).toBeNull();
      } finally {
        stack.rpc.unserved.delete("SimulateTransaction");
      }
    });
  });

  describe("the rescue's own receive on move-chain (rescueV1 from an evm-a burn) passes receiveExpectation with its mint", () => {
    it("the burn read from the receipt, Circle's attestation, the receive built and simulated: the mint is the burn, exactly", async () => {
      const nonce = fresh();
      const message = v1Message(CCTP_DOMAIN["evm-a"], SUI_DOMAIN, nonce, DEST as Hex, AMOUNT);
      const hash = `0x${randomBytes(32).toString("hex")}`;
      stack.rpc.txs.set(hash, { kind: "evm", from: "0x2222222222222222222222222222222222222222", status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER["evm-a"] as string, message }] });
      stack.iris.messages.set(`${CCTP_DOMAIN["evm-a"]}/${hash}`, [{ message, attestation: await attest(message), eventNonce: nonce.toString() }]);
      const built = await cctpV1.rescue({ source: "evm-a", dest: "move-chain", destAddress: DEST }, pad(DEST as Hex), hash);
      expect(built.blockers).toEqual([]);
      expect(built.mint).toEqual({ amount: AMOUNT, fee: 0n });
      const [rx] = built.transactions;
      expect(rx).toMatchObject({ chain: "move-chain", kind: "receive", simulation: { status: "ok", changes: { status: "ok" } } });
      expect(rx?.simulation?.changes?.balanceChanges?.filter(usdcOf).map((c) => [c.owner, c.amount])).toEqual([[DEST, AMOUNT.toString()]]);
      expect(checkChanges(built.transactions, receiveExpectation("move-chain", DEST, built.mint ?? { amount: 0n, fee: 0n }))).toBeNull();
      // Held to another figure (what a plan expecting one micro-USDC less would check), the same receive is refused.
      expect(checkChanges(built.transactions, expected(AMOUNT - 1n))?.code).toBe("simulation_mismatch");
    });
  });

  describe("what Circle's receive_message refuses, the local node refuses", () => {
    it("a message for a domain other than Sui's aborts EInvalidDestinationDomain (receive_message.move code 2)", async () => {
      const wrong = v1Message(CCTP_DOMAIN["evm-a"], CCTP_DOMAIN["svm-chain"], fresh(), DEST as Hex, AMOUNT);
      const sim = await simulateTransactions(await receive(wrong), DEST);
      expect(sim.transactions[0]?.simulation?.status).toBe("failed");
      expect(sim.transactions[0]?.simulation?.error).toBe(`MoveAbort in 1st command, abort code: 2, in '${SUI_MESSAGE_TRANSMITTER}::receive_message::receive_message'`);
    });

    it("once a receive has executed, the same (source domain, nonce) aborts ENonceAlreadyUsed (code 4); the nonce of another source domain is still free", async () => {
      const nonce = fresh();
      const first = await receive(v1Message(CCTP_DOMAIN["evm-a"], SUI_DOMAIN, nonce, DEST as Hex, AMOUNT));
      // A simulation uses no nonce: simulated twice, the receive passes twice.
      for (let i = 0; i < 2; i++) expect((await simulateTransactions(first, DEST)).transactions[0]?.simulation?.status).toBe("ok");
      const digest = await executeSui(stack.rpc, SIGNER, first[0]?.payload as string);
      const landed = stack.rpc.txs.get(digest);
      const minted = landed?.kind === "sui" ? landed.balanceChanges.filter((c) => c.coinType === USDC["move-chain"]).map((c) => [normalizeSuiAddress(c.owner), c.amount]) : null;
      expect(minted).toEqual([[DEST, AMOUNT]]);
      const again = (await simulateTransactions(await receive(v1Message(CCTP_DOMAIN["evm-a"], SUI_DOMAIN, nonce, DEST as Hex, AMOUNT)), DEST)).transactions[0]?.simulation;
      expect(again?.status).toBe("failed");
      expect(again?.error).toBe(`MoveAbort in 1st command, abort code: 4, in '${SUI_MESSAGE_TRANSMITTER}::receive_message::receive_message'`);
      // Signed again, the wallet's own dry run refuses it (nothing is minted twice).
      const twice = await executeSui(stack.rpc, SIGNER, first[0]?.payload as string).then(
        () => "executed",
        (e: Error) => e.message,
      );
      expect(twice).toMatch(new RegExp(`^Transaction resolution failed: MoveAbort.*abort code: 4, in '${SUI_MESSAGE_TRANSMITTER}::receive_message::receive_message'`));
      // Circle keys used nonces by (source_domain, nonce): the same nonce from svm-chain's domain is another message.
      const svm = await simulateTransactions(await receive(v1Message(CCTP_DOMAIN["svm-chain"], SUI_DOMAIN, nonce, DEST as Hex, AMOUNT)), DEST);
      expect(svm.transactions[0]?.simulation?.status).toBe("ok");
    });
  });
});
