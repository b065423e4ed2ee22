// Circle's CCTP V1 ids on Sui, checked against sources independent of our builder: the local Sui node serves Circle's
// packages, State objects and USDC treasury at the ids Circle's sources publish (testing/chains/sui/cctp-ids.ts reads
// tests/fixtures/sui-cctp, copied at a commit), and Circle's own npm chain definition (@circle-fin/bridge-kit 1.15.1)
// is a second witness for the packages and the Sui domain. A burn that names any other State or treasury, even a real
// Circle one of another network, is refused by the node's simulation.
import { Blockchain, resolveChainIdentifier } from "@circle-fin/bridge-kit";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { encodePacked, type Hex, pad } from "viem";
import { suiPayload } from "../../server/chains/sui";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { simulateSuiTransactions } from "../../server/chains/sui/simulate";
import { resetConfigForTests } from "../../server/config";
import { CCTP_DOMAIN, mintRecipientFor } from "../../server/rails/cctp/domains";
import {
  SUI_MESSAGE_TRANSMITTER,
  SUI_MESSAGE_TRANSMITTER_STATE,
  SUI_TOKEN_MESSENGER_MINTER,
  SUI_TOKEN_MESSENGER_MINTER_STATE,
  SUI_USDC_TREASURY,
  receiveMessagePtb,
  suiBurnV1,
} from "../../server/rails/cctp-v1/sui";
import type { PlanTransaction } from "../../server/venues/adapters";
import { attest } from "../../testing/chains/attester";
import { LOCAL_TMM_UPGRADE } from "../../testing/chains/sui/cctp";
import { circleSuiCctp } from "../../testing/chains/sui/cctp-ids";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

const circle = circleSuiCctp();
const n = normalizeSuiAddress;

describe("Sui CCTP V1 ids: the builder's are the ones Circle's sources publish", () => {
  const kit = resolveChainIdentifier(Blockchain.Sui);
  const kitV1 = kit.cctp?.contracts.v1;

  it("the packages: sui-cctp mainnet Move.lock original-published-id = bridge-kit's Sui `cctp.contracts.v1` = the builder's", () => {
    if (kitV1?.type !== "split") throw new Error("bridge-kit has no split CCTP V1 contracts for Sui");
    expect(circle.tokenMessengerMinter).toBe(n(kitV1.tokenMessenger));
    expect(circle.messageTransmitter).toBe(n(kitV1.messageTransmitter));
    expect(n(SUI_TOKEN_MESSENGER_MINTER)).toBe(circle.tokenMessengerMinter);
    expect(n(SUI_MESSAGE_TRANSMITTER)).toBe(circle.messageTransmitter);
  });

  it("the Sui domain: Circle's deploy script initializes the MessageTransmitter State with 8, bridge-kit says 8, the builder uses it", () => {
    expect(circle.domain).toBe(8);
    expect(kit.cctp?.domain).toBe(circle.domain);
    expect(CCTP_DOMAIN["move-chain"]).toBe(circle.domain);
  });

  it("the shared objects the calls take: the builder's State objects and treasury are the published mainnet ones", () => {
    expect(n(SUI_TOKEN_MESSENGER_MINTER_STATE)).toBe(circle.objects.tokenMessengerState);
    expect(n(SUI_MESSAGE_TRANSMITTER_STATE)).toBe(circle.objects.messageTransmitterState);
    expect(n(SUI_USDC_TREASURY)).toBe(circle.objects.usdcTreasury);
    // The other network's objects in the same table are real and different: the mutations below use them.
    for (const k of ["tokenMessengerState", "messageTransmitterState", "usdcTreasury"] as const) expect(circle.testnetObjects[k]).not.toBe(circle.objects[k]);
  });
});

describe("the local Sui node holds Circle's objects, not the builder's: a burn naming another State or treasury is refused", () => {
  let rpc: FakeRpc;
  const OWNER = `0x${"ab".repeat(32)}`;
  const signal = new AbortController().signal;
  let payload = "";
  const asPlan = (p: string): PlanTransaction => ({ chain: "move-chain", kind: "burn", description: "V1 burn", encoding: "sui-transaction-json", payload: p });

  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
    rpc.set(OWNER, "native", 5_000_000_000n);
    rpc.set(OWNER, USDC["move-chain"], 20_000_000n);
    const recipient = (await mintRecipientFor("evm-a", "0x2222222222222222222222222222222222222222")) as Hex;
    payload = await suiBurnV1(OWNER, 5_000_000n, CCTP_DOMAIN["evm-a"], recipient, signal);
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await rpc.close();
  });

  it("the builder's burn simulates ok against Circle's objects", async () => {
    const [sim] = await simulateSuiTransactions([asPlan(payload)]);
    expect(sim).toMatchObject({ status: "ok", error: null });
  });

  for (const k of ["tokenMessengerState", "messageTransmitterState", "usdcTreasury"] as const) {
    it(`the same burn with Circle's testnet ${k} (a real, well-formed id that is not mainnet's) fails its simulation`, async () => {
      expect(payload).toContain(circle.objects[k]);
      const mutated = payload.replaceAll(circle.objects[k], circle.testnetObjects[k]);
      const [sim] = await simulateSuiTransactions([asPlan(mutated)]);
      expect(sim?.status).toBe("failed");
      expect(sim?.error ?? "").toContain(circle.testnetObjects[k]);
    });
  }

  it("the burn against Circle's published signatures: a function deposit_for_burn.move does not declare, or the domain and recipient swapped, fail", async () => {
    const mutated = (change: (call: { function: string; arguments: unknown[] }) => void) => {
      const data = Transaction.from(payload).getData();
      const call = data.commands.find((c) => c.MoveCall?.function === "deposit_for_burn")?.MoveCall;
      if (!call) throw new Error("no deposit_for_burn call");
      change(call);
      return JSON.stringify(data);
    };
    const [missing] = await simulateSuiTransactions([asPlan(mutated((c) => (c.function = "deposit_for_burn_v2")))]);
    expect(missing).toMatchObject({ status: "failed", error: expect.stringContaining("FunctionNotFound") });
    // destination_domain: u32, mint_recipient: address — the recipient's 32 bytes where the u32 is declared.
    const [swapped] = await simulateSuiTransactions([asPlan(mutated((c) => ([c.arguments[1], c.arguments[2]] = [c.arguments[2], c.arguments[1]])))]);
    expect(swapped).toMatchObject({ status: "failed", error: expect.stringContaining("CommandArgumentError { arg_idx: 1, kind: InvalidBCSBytes }") });
  });

  it("receive_message aborts EInvalidDestinationDomain unless the message is for the State's local_domain, Circle's 8", async () => {
    // A CCTP V1 message (message.move: version, source domain, destination domain, nonce, sender, recipient, destination caller, body).
    const message = (dst: number) =>
      encodePacked(["uint32", "uint32", "uint32", "uint64", "bytes32", "bytes32", "bytes32"], [0, 5, dst, 7n, pad("0x0a"), pad("0x0b"), pad("0x")]);
    const pkgs = { tokenMessengerMinter: LOCAL_TMM_UPGRADE, messageTransmitter: SUI_MESSAGE_TRANSMITTER };
    // Attested by the local attesters (the node verifies the attestation before the domain, as Circle's receive_message does).
    const receive = async (dst: number) => (await simulateSuiTransactions([asPlan(await suiPayload(receiveMessagePtb(OWNER, pkgs, message(dst), await attest(message(dst)))))]))[0];
    expect(await receive(circle.domain)).toMatchObject({ status: "ok", error: null });
    for (const dst of [CCTP_DOMAIN["svm-chain"], 9]) {
      const sim = await receive(dst);
      expect(sim?.status).toBe("failed");
      // EInvalidDestinationDomain is abort code 2 of receive_message.move.
      expect(sim?.error).toBe(`MoveAbort in 1st command, abort code: 2, in '${circle.messageTransmitter}::receive_message::receive_message'`);
    }
  });
});
