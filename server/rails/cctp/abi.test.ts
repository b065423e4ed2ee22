// The CCTP ABIs are Circle's own: the V2 TokenMessenger's and the MessageTransmitter's entries equal, field by field,
// the ABIs Circle ships in `@circle-fin/adapter-viem-v2` 1.18.0 (module constants of its bundle, read as shipped), and
// V1's depositForBurn takes exactly V2's first four parameters (V2 appended destinationCaller, maxFee and
// minFinalityThreshold: circlefin/evm-cctp-contracts 4061786a docs/abis/cctp/TokenMessenger.json and v2/TokenMessengerV2.json).
// No package ships the V1 ABIs: V1's TokenMessenger and MessageTransmitter entries equal, field by field, Circle's
// published V1 ABI files, kept verbatim as fixtures (tests/fixtures/cctp/evm/, from circlefin/evm-cctp-contracts
// 4061786a5726bc05f99fcdb53b0985599f0dbaf7 docs/abis/cctp/TokenMessenger.json and MessageTransmitter.json).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import { abiDiff, shippedConstant, signatureDiff } from "../../../testing/chains/evm/abi-diff";
import { CCTP_ARTIFACT_ABI } from "../../../testing/chains/evm/cctp/deploy";
import { MESSAGE_RECEIVED_V1_ABI, MESSAGE_RECEIVED_V2_ABI, MESSAGE_TRANSMITTER_ABI, TOKEN_MESSENGER_ABI, TOKEN_MESSENGER_V2_ABI } from "./abi";

const require = createRequire(import.meta.url);
const bundle = require.resolve("@circle-fin/adapter-viem-v2");
const v1Abi = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "cctp", "evm", file), "utf8")) as Abi;

describe("CCTP ABIs", () => {
  it("are read from @circle-fin/adapter-viem-v2 1.18.0", () => {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(bundle), "package.json"), "utf8")) as { version: string };
    expect(pkg.version).toBe("1.18.0");
  });

  it("TokenMessengerV2 is a verbatim subset of the adapter's tokenMessengerV2Abi", () => {
    expect(abiDiff(TOKEN_MESSENGER_V2_ABI, shippedConstant(bundle, "tokenMessengerV2Abi"))).toEqual([]);
  });

  it("MessageTransmitter (V1 = V2) is a verbatim subset of the adapter's messageTransmitterV2Abi", () => {
    expect(abiDiff(MESSAGE_TRANSMITTER_ABI, shippedConstant(bundle, "messageTransmitterV2Abi"))).toEqual([]);
  });

  it("V1 TokenMessenger is a verbatim subset of Circle's published V1 ABI", () => {
    expect(abiDiff(TOKEN_MESSENGER_ABI, v1Abi("TokenMessenger.json"))).toEqual([]);
  });

  it("MessageTransmitter's receiveMessage and MessageSent are also V1's, verbatim", () => {
    expect(abiDiff(MESSAGE_TRANSMITTER_ABI, v1Abi("MessageTransmitter.json"))).toEqual([]);
  });

  // MessageReceived differs between the versions (V2: nonce bytes32, finalityThresholdExecuted indexed): each is its own version's.
  it("V2 MessageReceived is a verbatim entry of the adapter's messageTransmitterV2Abi", () => {
    expect(abiDiff(MESSAGE_RECEIVED_V2_ABI, shippedConstant(bundle, "messageTransmitterV2Abi"))).toEqual([]);
  });

  it("V1 MessageReceived is a verbatim entry of Circle's published V1 MessageTransmitter ABI", () => {
    expect(abiDiff(MESSAGE_RECEIVED_V1_ABI, v1Abi("MessageTransmitter.json"))).toEqual([]);
  });

  it("V1 depositForBurn takes V2's first four parameters", () => {
    const [v1] = TOKEN_MESSENGER_ABI;
    const [v2] = TOKEN_MESSENGER_V2_ABI;
    const strip = (ps: readonly { name: string; type: string; internalType: string }[]) => ps.map(({ name, type, internalType }) => ({ name, type, internalType }));
    expect(v1.name).toBe(v2.name);
    expect(strip(v1.inputs)).toEqual(strip(v2.inputs.slice(0, 4)));
  });

  // The contracts the local EVM runs (testing/chains/evm/cctp: compiled from evm-cctp-contracts 4061786a src/): the
  // calls the rails build and the events they read have the compiled contracts' signatures.
  it.each([
    ["MessageTransmitter", MESSAGE_TRANSMITTER_ABI],
    ["MessageTransmitterV2", MESSAGE_TRANSMITTER_ABI],
    ["MessageTransmitter", MESSAGE_RECEIVED_V1_ABI],
    ["MessageTransmitterV2", MESSAGE_RECEIVED_V2_ABI],
    ["TokenMessenger", TOKEN_MESSENGER_ABI],
    ["TokenMessengerV2", TOKEN_MESSENGER_V2_ABI],
  ] as const)("%s compiled from Circle's source has our entries' signatures", (name, ours) => {
    expect(signatureDiff(ours, CCTP_ARTIFACT_ABI(name))).toEqual([]);
  });
});
