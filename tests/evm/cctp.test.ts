// Circle's CCTP on the local EVM (testing/chains/evm/cctp: bytecode compiled from Circle's source, deployed and
// configured with Circle's admin functions) is the chain's CCTP as a receive sees it: each transmitter knows its
// chain's domain and the local attesters, each messenger the remote messengers, each minter the linked remote USDC;
// a receive mints to the message's recipient once, and what Circle's contracts refuse (a message for another domain,
// a sender that is not the remote domain's TokenMessenger, a token not linked, an attestation by another key, a nonce
// used) is refused with the contracts' own reasons.
import { decodeFunctionResult, encodeFunctionData, type Hex, pad } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { MESSAGE_TRANSMITTER_ABI } from "../../server/rails/cctp/abi";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER, TOKEN_MESSENGER_V2 } from "../../lib/cctp-ids";
import { attest, LOCAL_ATTESTERS, LOCAL_SIGNATURE_THRESHOLD } from "../../testing/chains/attester";
import { erc20Balance } from "../../testing/chains/evm/aave";
import { cctpRemoteIds } from "../../testing/chains/cctp-message";
import { CCTP_ARTIFACT_ABI, deployCctp } from "../../testing/chains/evm/cctp/deploy";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { strangerAttestation, v1Message, v2Message } from "../support/bridge-stack";

const DEST = "0x4444444444444444444444444444444444444444";

describe("Circle's CCTP on the local evm-b", () => {
  let node: EvmNode;
  let minters: { tokenMinter: Hex; tokenMinterV2: Hex };
  const view = async <T>(to: string, name: Parameters<typeof CCTP_ARTIFACT_ABI>[0], functionName: string, args: readonly unknown[] = []) => {
    const abi = CCTP_ARTIFACT_ABI(name);
    const data = await node.read(to, encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
    return decodeFunctionResult({ abi, functionName, data } as Parameters<typeof decodeFunctionResult>[0]) as T;
  };
  /** receiveMessage as DEST, landed: "ok" or the revert's message. */
  const receive = async (transmitter: string, message: Hex, attestation: Hex) => {
    try {
      await node.exec(DEST, transmitter, encodeFunctionData({ abi: MESSAGE_TRANSMITTER_ABI, functionName: "receiveMessage", args: [message, attestation] }));
      return "ok";
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };

  beforeAll(async () => {
    node = await startEvmNode({ chainId: 42161 });
    minters = await deployCctp(node, "evm-b");
  });
  afterAll(async () => {
    await node?.close();
  });

  it("each transmitter is evm-b's domain with the local attesters; each messenger and minter knows every other domain", async () => {
    for (const [at, name] of [
      [MESSAGE_TRANSMITTER["evm-b"] as string, "MessageTransmitter"],
      [MESSAGE_TRANSMITTER_V2, "MessageTransmitterV2"],
    ] as const) {
      expect(await view<number>(at, name, "localDomain")).toBe(CCTP_DOMAIN["evm-b"]);
      expect(await view<bigint>(at, name, "signatureThreshold")).toBe(BigInt(LOCAL_SIGNATURE_THRESHOLD));
      for (const a of LOCAL_ATTESTERS) expect(await view<boolean>(at, name, "isEnabledAttester", [a.address])).toBe(true);
    }
    for (const chain of ["evm-a", "svm-chain", "move-chain"] as const) {
      const v1 = cctpRemoteIds(chain, 1);
      expect(await view<Hex>(TOKEN_MESSENGER["evm-b"] as string, "TokenMessenger", "remoteTokenMessengers", [CCTP_DOMAIN[chain]])).toBe(v1?.tokenMessenger);
      expect(await view<Hex>(minters.tokenMinter, "TokenMinter", "getLocalToken", [CCTP_DOMAIN[chain], v1?.usdc])).toBe(USDC["evm-b"]);
      const v2 = cctpRemoteIds(chain, 2);
      expect(await view<Hex>(TOKEN_MESSENGER_V2, "TokenMessengerV2", "remoteTokenMessengers", [CCTP_DOMAIN[chain]])).toBe(v2?.tokenMessenger ?? pad("0x"));
      if (v2) expect(await view<Hex>(minters.tokenMinterV2, "TokenMinterV2", "getLocalToken", [CCTP_DOMAIN[chain], v2.usdc])).toBe(USDC["evm-b"]);
    }
  });

  it("V2: a Solana burn attested by a local attester mints once; another key, another domain or a used nonce is refused", async () => {
    const nonce = `0x${"51".repeat(32)}` as Hex;
    const message = v2Message(5, 3, pad(DEST), 3_000_000n, { nonce });
    expect(await receive(MESSAGE_TRANSMITTER_V2, message, await strangerAttestation(message))).toMatch(/reverted: Invalid signature: not attester/);
    const elsewhere = v2Message(5, 6, pad(DEST), 3_000_000n, { nonce });
    expect(await receive(MESSAGE_TRANSMITTER_V2, elsewhere, await attest(elsewhere))).toMatch(/reverted: Invalid destination domain/);
    const before = await erc20Balance(node, USDC["evm-b"], DEST);
    expect(await receive(MESSAGE_TRANSMITTER_V2, message, await attest(message))).toBe("ok");
    expect((await erc20Balance(node, USDC["evm-b"], DEST)) - before).toBe(3_000_000n);
    expect(await receive(MESSAGE_TRANSMITTER_V2, message, await attest(message))).toMatch(/reverted: Nonce already used/);
  });

  it("V1: a Sui burn mints; a sender that is not Sui's TokenMessenger, or a token not linked, is refused", async () => {
    const transmitter = MESSAGE_TRANSMITTER["evm-b"] as string;
    const message = v1Message(8, 3, 41n, pad(DEST), 2_000_000n);
    // The same message with evm-a's messenger as the sender (byte 20: version 4 + domains 8 + nonce 8).
    const wrongSender = `0x${message.slice(2, 42)}${pad(TOKEN_MESSENGER["evm-a"] as Hex).slice(2)}${message.slice(106)}` as Hex;
    expect(await receive(transmitter, wrongSender, await attest(wrongSender))).toMatch(/reverted: Remote TokenMessenger unsupported/);
    // evm-a's USDC as the burn token of a Sui burn (body byte 4 = message byte 120: 116-byte header, then the body version): no such pair is linked.
    const wrongToken = `0x${message.slice(2, 242)}${pad(USDC["evm-a"].toLowerCase() as Hex).slice(2)}${message.slice(306)}` as Hex;
    expect(await receive(transmitter, wrongToken, await attest(wrongToken))).toMatch(/reverted: Mint token not supported/);
    const before = await erc20Balance(node, USDC["evm-b"], DEST);
    expect(await receive(transmitter, message, await attest(message))).toBe("ok");
    expect((await erc20Balance(node, USDC["evm-b"], DEST)) - before).toBe(2_000_000n);
  });
});
