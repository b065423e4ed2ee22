// Our CCTP builders against Circle's own code: the chain definitions of @circle-fin/bridge-kit 1.15.1 (addresses,
// domains, USDC) and the calldata the viem adapter @circle-fin/adapter-viem-v2 1.18.0 prepares for the kit's
// `cctp.v2.depositForBurn` and `cctp.v2.receiveMessage` actions (getCallData, offline).
import { createViemAdapterFromPrivateKey } from "@circle-fin/adapter-viem-v2";
import { Arbitrum, Base, Solana } from "@circle-fin/bridge-kit/chains";
import { type Hex, pad } from "viem";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { CCTP_DOMAIN, CCTP_V2_CHAINS } from "../../server/rails/cctp/domains";
import { MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../server/rails/cctp-v1/evm";
import { feeOf, maxFeeFor, parseBurnMessageV2 } from "../../server/rails/cctp-v2/attestation";
import { depositForBurnV2, FINALITY_THRESHOLD, MESSAGE_TRANSMITTER_V2, receiveMessageV2, TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { railFor } from "../../server/rails/registry";

const KIT = { "evm-a": Base, "evm-b": Arbitrum } as const;
const lower = (a: string) => a.toLowerCase();

/** The kit's chain without its own Bridge contract, so the adapter targets TokenMessengerV2 as our plans do. */
const plain = <T extends object>(c: T) => ({ ...c, kitContracts: undefined }) as T;

type KitChain = (typeof KIT)[keyof typeof KIT];

function v2(c: KitChain) {
  const contracts = c.cctp?.contracts.v2;
  if (contracts?.type !== "split") throw new Error(`${c.name} has no split CCTP V2 contracts`);
  return contracts;
}
function v1(c: KitChain) {
  const contracts = c.cctp?.contracts.v1;
  if (contracts?.type !== "split") throw new Error(`${c.name} has no split CCTP V1 contracts`);
  return contracts;
}

describe("CCTP constants match @circle-fin/bridge-kit 1.15.1", () => {
  it("domains, USDC, V2 and V1 contracts of Base (evm-a) and Arbitrum (evm-b); Solana's domain", () => {
    for (const chain of ["evm-a", "evm-b"] as const) {
      const k = KIT[chain];
      expect(CCTP_DOMAIN[chain]).toBe(k.cctp?.domain);
      expect(lower(USDC[chain])).toBe(lower(k.usdcAddress ?? ""));
      expect(TOKEN_MESSENGER_V2).toBe(v2(k).tokenMessenger);
      expect(MESSAGE_TRANSMITTER_V2).toBe(v2(k).messageTransmitter);
      expect(TOKEN_MESSENGER[chain]).toBe(v1(k).tokenMessenger);
      expect(MESSAGE_TRANSMITTER[chain]).toBe(v1(k).messageTransmitter);
      expect(CCTP_V2_CHAINS.has(chain)).toBe(true);
    }
    expect(CCTP_DOMAIN["svm-chain"]).toBe(Solana.cctp?.domain);
    expect(USDC["svm-chain"]).toBe(Solana.usdcAddress);
    expect(CCTP_V2_CHAINS.has("svm-chain")).toBe(Solana.cctp?.contracts.v2 !== undefined);
    expect(railFor("evm-a", "svm-chain").id).toBe("circle-cctp-v2");
    expect(railFor("evm-a", "move-chain").id).toBe("circle-cctp-v1");
    expect(railFor("move-chain", "svm-chain").id).toBe("circle-cctp-v1");
  });
});

describe("calldata matches the kit's viem adapter", () => {
  const adapter = createViemAdapterFromPrivateKey({ privateKey: `0x${"11".repeat(32)}` });
  const recipient = "0x2222222222222222222222222222222222222222";

  for (const [source, dest] of [
    ["evm-a", "evm-b"],
    ["evm-b", "evm-a"],
  ] as const) {
    for (const speed of ["standard", "fast"] as const) {
      it(`depositForBurn ${source} → ${dest}, ${speed}`, async () => {
        const amount = 12_345_678n;
        const maxFee = maxFeeFor(speed, feeOf(amount, "1.3"));
        const ours = depositForBurnV2(source, CCTP_DOMAIN[dest], amount, pad(recipient), maxFee, speed);
        const prepared = await adapter.prepareAction(
          "cctp.v2.depositForBurn",
          { fromChain: plain(KIT[source]), toChain: KIT[dest], amount, mintRecipient: recipient, maxFee, minFinalityThreshold: FINALITY_THRESHOLD[speed] } as never,
          { chain: KIT[source].chain } as never,
        );
        if (prepared.type !== "evm" || !prepared.getCallData) throw new Error("not an EVM request with call data");
        const theirs = prepared.getCallData();
        expect(ours.to).toBe(theirs.to);
        expect(ours.data).toBe(theirs.data);
        expect(ours.chainId).toBe(KIT[source].chainId);
      });
    }
  }

  it("receiveMessage on MessageTransmitterV2", async () => {
    const message = `0x${"01".repeat(376)}` as Hex;
    const attestation = `0x${"ab".repeat(130)}` as Hex;
    const ours = receiveMessageV2("evm-b", message, attestation);
    const prepared = await adapter.prepareAction("cctp.v2.receiveMessage", { fromChain: Base, toChain: Arbitrum, message, attestation } as never, { chain: Arbitrum.chain } as never);
    if (prepared.type !== "evm" || !prepared.getCallData) throw new Error("not an EVM request with call data");
    const theirs = prepared.getCallData();
    expect(ours.to).toBe(theirs.to);
    expect(ours.data).toBe(theirs.data);
  });
});

describe("fee arithmetic and the V2 message layout", () => {
  it("fee rounds up, fast maxFee adds 10% (provider-cctp-v2 getMaxFee), standard maxFee is 0", () => {
    expect(feeOf(10_000_000n, "1.3")).toBe(1300n);
    expect(feeOf(1n, "1.3")).toBe(1n);
    expect(feeOf(10_000_000n, "0")).toBe(0n);
    expect(feeOf(123_456_789n, "0.75")).toBe(9260n); // 9259.259… → 9260
    expect(maxFeeFor("fast", 1300n)).toBe(1430n);
    expect(maxFeeFor("standard", 1300n)).toBe(0n);
  });

  it("parses a V2 burn message at MessageV2 / BurnMessageV2 offsets and refuses a short one", () => {
    const word = (n: number | bigint) => n.toString(16).padStart(64, "0");
    const u32 = (n: number) => n.toString(16).padStart(8, "0");
    const msg = `0x${u32(1)}${u32(6)}${u32(3)}${"aa".repeat(32)}${"bb".repeat(32)}${"cc".repeat(32)}${"00".repeat(32)}${u32(1000)}${u32(1000)}${u32(1)}${"dd".repeat(32)}${"ee".repeat(32)}${word(5_000_000n)}${"ff".repeat(32)}${word(550n)}${word(500n)}${word(0n)}` as Hex;
    expect(parseBurnMessageV2(msg)).toMatchObject({
      sourceDomain: 6,
      destinationDomain: 3,
      nonce: `0x${"aa".repeat(32)}`,
      minFinalityThreshold: 1000,
      finalityThresholdExecuted: 1000,
      mintRecipient: `0x${"ee".repeat(32)}`,
      amount: 5_000_000n,
      maxFee: 550n,
      feeExecuted: 500n,
    });
    expect(parseBurnMessageV2(msg.slice(0, -2) as Hex)).toBeNull();
  });
});
