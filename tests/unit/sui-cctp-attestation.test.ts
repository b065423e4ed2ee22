// Circle's attestation check on the local Sui node (issue 23 item 7): receive_message verifies the attestation as
// Circle's message_transmitter does (circlefin/sui-cctp @ 70290f70 sources/attestation.move
// verify_attestation_signatures), against the node's MessageTransmitter State (LocalChain.suiMessageTransmitter: the
// local attesters, the keys the EVM and Solana transmitters enable and the local Iris signs with, and the threshold).
// The rescue's receive (suiReceiveV1) of an evm→move message is simulated by the node: the local attestation passes;
// one by a key that is not an attester, too few signatures or signatures out of order (or a signer twice) abort in
// Circle's attestation module with its code, before the domain check; made-up bytes abort as Circle's checks meet them.
// The service names each abort (server/chains/sui/aborts.ts) and the rescue blocks simulation_failed with it.
import { randomBytes } from "node:crypto";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { type Hex, pad } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV1 } from "../../server/rails/cctp-v1";
import { MESSAGE_TRANSMITTER } from "../../server/rails/cctp-v1/evm";
import { SUI_MESSAGE_TRANSMITTER, suiReceiveV1 } from "../../server/rails/cctp-v1/sui";
import { attest, LOCAL_ATTESTERS, LOCAL_SIGNATURE_THRESHOLD } from "../../testing/chains/attester";
import { strangerAttestation, useSuiReceiveStack, v1Message } from "../support/bridge-stack";

const DEST = normalizeSuiAddress(`0x${"d5".repeat(32)}`);
const SUI_DOMAIN = CCTP_DOMAIN["move-chain"];
const AMOUNT = 6_000_000n;
const signal = new AbortController().signal;
const fresh = () => BigInt(`0x${randomBytes(6).toString("hex")}`);
const message = (destinationDomain = SUI_DOMAIN) => v1Message(CCTP_DOMAIN["evm-a"], destinationDomain, fresh(), DEST as Hex, AMOUNT);
const at = (module: string, fn: string, pkg = SUI_MESSAGE_TRANSMITTER) => `in '${pkg}::${module}::${fn}'`;
const ATTESTATION = at("attestation", "verify_attestation_signatures");
const abortIn = (code: number, where = ATTESTATION) => `MoveAbort in 1st command, abort code: ${code}, ${where}`;

/** The attestation's 65-byte signatures, in order. */
const signatures = (attestation: Hex): string[] => attestation.slice(2).match(/.{130}/g) ?? [];

describe("Circle's attestation check on the local Sui node", () => {
  // The local Sui node (DEST funded with SUI for the receive's gas) and a local Iris.
  const stack = useSuiReceiveStack(DEST);
  afterEach(() => {
    stack.rpc.suiMessageTransmitter.signatureThreshold = BigInt(LOCAL_SIGNATURE_THRESHOLD);
  });

  /** The rescue's receive of `msg` with `attestation`, simulated by the node: its status and error. */
  const simulate = async (msg: Hex, attestation: Hex) => {
    const payload = await suiReceiveV1(DEST, msg, attestation, signal);
    const tx: PlanTransaction = { chain: "move-chain", kind: "receive", description: "receive", encoding: "sui-transaction-json", payload };
    const sim = await simulateTransactions([tx], DEST);
    return { status: sim.transactions[0]?.simulation?.status, error: sim.transactions[0]?.simulation?.error ?? "", blocker: sim.blocker };
  };

  it("the node's State enables the local attesters (as Sui addresses) at the local threshold, and their attestation is received", async () => {
    expect(stack.rpc.suiMessageTransmitter).toEqual({ enabledAttesters: LOCAL_ATTESTERS.map((a) => pad(a.address).toLowerCase()), signatureThreshold: BigInt(LOCAL_SIGNATURE_THRESHOLD) });
    const msg = message();
    expect(await simulate(msg, await attest(msg))).toMatchObject({ status: "ok", error: "" });
  });

  it("a signature by a key that is not an attester aborts ESignerIsNotAttester (2), named", async () => {
    const msg = message();
    const r = await simulate(msg, await strangerAttestation(msg));
    expect(r.status).toBe("failed");
    expect(r.error.startsWith(`${abortIn(2)} — Circle CCTP ESignerIsNotAttester: a signature in the attestation does not come from an attester the move-chain MessageTransmitter enables`)).toBe(true);
    expect(r.blocker?.code).toBe("simulation_failed");
  });

  it("an attester's signature over another message recovers another key: ESignerIsNotAttester (2)", async () => {
    const msg = message();
    expect((await simulate(msg, await attest(message()))).error.startsWith(`${abortIn(2)} — Circle CCTP ESignerIsNotAttester`)).toBe(true);
  });

  it("too few signatures for the State's threshold abort EInvalidAttestationLength (0): none at threshold 1, one at threshold 2; too many too", async () => {
    const msg = message();
    expect((await simulate(msg, "0x")).error).toMatch(/^MoveAbort in 1st command, abort code: 0, .* — Circle CCTP EInvalidAttestationLength/);
    // Two signatures where the State takes one are refused as well: the length must be exactly threshold × 65.
    expect((await simulate(msg, await attest(msg, 2))).error.startsWith(abortIn(0))).toBe(true);
    stack.rpc.suiMessageTransmitter.signatureThreshold = 2n;
    const one = await simulate(msg, await attest(msg, 1));
    expect(one.status).toBe("failed");
    expect(one.error.startsWith(`${abortIn(0)} — Circle CCTP EInvalidAttestationLength`)).toBe(true);
    // Both attesters, in increasing address order, are what the State at threshold 2 receives.
    expect((await simulate(msg, await attest(msg, 2))).status).toBe("ok");
  });

  it("signatures out of increasing attester order, or one attester twice, abort EInvalidSignatureOrder (1)", async () => {
    stack.rpc.suiMessageTransmitter.signatureThreshold = 2n;
    const msg = message();
    const [first, second] = signatures(await attest(msg, 2));
    const reversed = await simulate(msg, `0x${second}${first}`);
    expect(reversed.status).toBe("failed");
    expect(reversed.error.startsWith(`${abortIn(1)} — Circle CCTP EInvalidSignatureOrder`)).toBe(true);
    expect((await simulate(msg, `0x${first}${first}`)).error.startsWith(abortIn(1))).toBe(true);
  });

  it("an attester the State no longer enables is refused: ESignerIsNotAttester (2)", async () => {
    const msg = message();
    const enabled = stack.rpc.suiMessageTransmitter.enabledAttesters;
    stack.rpc.suiMessageTransmitter.enabledAttesters = enabled.slice(1);
    try {
      expect((await simulate(msg, await attest(msg))).error.startsWith(abortIn(2))).toBe(true);
    } finally {
      stack.rpc.suiMessageTransmitter.enabledAttesters = enabled;
    }
  });

  it("made-up attestation bytes abort where Circle's checks meet them: a high s (4), a v not 27/28 (3), r not below the group order or zero (sui::ecdsa_k1)", async () => {
    const msg = message();
    expect((await simulate(msg, `0x${"cd".repeat(65)}`)).error.startsWith(`${abortIn(4)} — Circle CCTP EInvalidSignatureSValue`)).toBe(true);
    expect((await simulate(msg, `0x${"12".repeat(65)}`)).error.startsWith(`${abortIn(3)} — Circle CCTP EInvalidSignatureRecoveryId`)).toBe(true);
    const ecrecover = at("ecdsa_k1", "secp256k1_ecrecover", normalizeSuiAddress("0x2"));
    expect((await simulate(msg, `0x${"ff".repeat(32)}${"11".repeat(32)}1b`)).error).toBe(abortIn(1, ecrecover));
    expect((await simulate(msg, `0x${"00".repeat(32)}${"11".repeat(32)}1b`)).error).toBe(abortIn(0, ecrecover));
  });

  it("the attestation is checked before the domain: a bad attestation of a message for another domain aborts in attestation, a good one EInvalidDestinationDomain", async () => {
    const wrong = message(CCTP_DOMAIN["svm-chain"]);
    expect((await simulate(wrong, await strangerAttestation(wrong))).error.startsWith(abortIn(2))).toBe(true);
    expect((await simulate(wrong, await attest(wrong))).error).toBe(abortIn(2, at("receive_message", "receive_message")));
  });

  describe("the rescue of an evm-a → move-chain burn blocks with the named abort", () => {
    /** rescueV1 of a burn whose message Iris lists with `attestation(message)`. */
    const rescue = async (attestation: (msg: Hex) => Promise<Hex>) => {
      const nonce = fresh();
      const msg = v1Message(CCTP_DOMAIN["evm-a"], SUI_DOMAIN, nonce, DEST as Hex, AMOUNT);
      const hash = `0x${randomBytes(32).toString("hex")}`;
      stack.rpc.txs.set(hash, { kind: "evm", from: "0x2222222222222222222222222222222222222222", status: "0x1", transfers: [], messagesSent: [{ emitter: MESSAGE_TRANSMITTER["evm-a"] as string, message: msg }] });
      stack.iris.messages.set(`${CCTP_DOMAIN["evm-a"]}/${hash}`, [{ message: msg, attestation: await attestation(msg), eventNonce: nonce.toString() }]);
      return cctpV1.rescue({ source: "evm-a", dest: "move-chain", destAddress: DEST }, pad(DEST as Hex), hash);
    };

    it.each([
      ["signed by a key that is not an attester", 1n, strangerAttestation, 2, "ESignerIsNotAttester"],
      ["one signature where the State takes two", 2n, (m: Hex) => attest(m, 1), 0, "EInvalidAttestationLength"],
      ["the two attesters out of order", 2n, async (m: Hex) => `0x${signatures(await attest(m, 2)).reverse().join("")}` as Hex, 1, "EInvalidSignatureOrder"],
    ] as const)("an attestation %s: simulation_failed naming Circle's abort", async (_what, threshold, attestation, code, name) => {
      stack.rpc.suiMessageTransmitter.signatureThreshold = threshold;
      const built = await rescue(attestation);
      expect(built.transactions).toEqual([]);
      expect(built.blockers).toHaveLength(1);
      expect(built.blockers[0]?.code).toBe("simulation_failed");
      expect(built.blockers[0]?.message).toContain(`${abortIn(code)} — Circle CCTP ${name}:`);
    });

    it("the local attestation (the one the EVM and Solana transmitters accept) is received", async () => {
      const built = await rescue((m) => attest(m));
      expect(built.blockers).toEqual([]);
      expect(built.transactions[0]).toMatchObject({ chain: "move-chain", kind: "receive", simulation: { status: "ok" } });
    });
  });
});
