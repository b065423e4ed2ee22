// The move-chain burn (CCTP V1 deposit_for_burn, the PTB the rail builds) checked against the plan (issue 23): the local
// Sui node's simulation follows the coin and emits the DepositForBurn event as Circle's package does
// (testing/chains/sui/cctp.ts, from circlefin/sui-cctp deposit_for_burn.move); the service's reader reports that event as
// the burn (server/chains/sui/cctp-burns.ts) and the one checker holds it to burnExpectation. Altered after building
// (the amount × 10, another mint recipient, another destination domain), the burn is refused simulation_mismatch
// naming the plan's and the event's figures, though the owner's outflow may be unchanged.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { type Hex, keccak256, pad, toBytes } from "viem";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import { suiCctpTokenId } from "../../server/chains/sui/cctp-burns";
import type { PlanTransaction } from "../../server/chains/transaction";
import type { ServiceFee } from "../../server/fees/recipient";
import { burnExpectation } from "../../server/plans/bridge-changes";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV1 } from "../../server/rails/cctp-v1";
import { SUI_TOKEN_MESSENGER_MINTER } from "../../server/rails/cctp-v1/sui";
import { useLocalChain } from "../../testing/oracle";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { suiUnavailableEither } from "../support/sui-unavailable";

const OWNER = `0x${"7".repeat(64)}`;
const FEE_TO = `0x${"fe".repeat(32)}`;
const EVM_DEST = "0x7777777777777777777777777777777777777777";
const MINT_RECIPIENT = pad(EVM_DEST);
const OTHER = pad("0x000000000000000000000000000000000000beef");
const DOMAIN = CCTP_DOMAIN["evm-a"];
const BURN = 4_000_000n;
const FEE = 4_000n;
const fee: ServiceFee = { collected: true, recipient: FEE_TO, bps: 10, amount: FEE, reason: null };

/** The PTB JSON with the one pure input equal to `from` (BCS bytes) replaced by `to`. */
function tamper(txs: PlanTransaction[], from: Uint8Array, to: Uint8Array): PlanTransaction[] {
  return txs.map((t) => {
    const data = JSON.parse(t.payload as string) as { inputs: { Pure?: { bytes: string } }[] };
    const hits = data.inputs.filter((i) => i.Pure && Buffer.from(i.Pure.bytes, "base64").equals(Buffer.from(from)));
    expect(hits).toHaveLength(1);
    for (const i of hits) if (i.Pure) i.Pure.bytes = Buffer.from(to).toString("base64");
    return { ...t, payload: JSON.stringify(data) };
  });
}
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const bytes32 = (h: Hex) => Buffer.from(h.slice(2), "hex");

describe("the move-chain burn (CCTP V1 deposit_for_burn) checked against the plan", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => {
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, OWNER);
    return rpc;
  });
  const burnTxs = async () => {
    const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: 0n, source: null, reason: null };
    const built = await cctpV1.burn({ source: "move-chain", dest: "evm-a", sourceAddress: OWNER, destAddress: EVM_DEST, burnAmount: BURN, mintRecipient: MINT_RECIPIENT, speed: null, railFee, serviceFee: fee });
    if (!built.ok) throw new Error(built.blocker.message);
    return built.transactions;
  };
  const check = async (txs: PlanTransaction[]) => {
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const expected = burnExpectation({ source: "move-chain", owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee: fee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: null });
    return { sim, blocker: checkChanges(sim.transactions, expected) };
  };

  it("CCTP's token id is keccak256 of the type name with 64-digit addresses and no 0x (Circle's own test vector), and USDC's is the burn's", () => {
    // circlefin/sui-cctp @ 70290f70 token_utils.move `calculate_token_id_returns_id`: TestStr's id.
    expect(suiCctpTokenId("0x2::token_utils::TestStr")).toBe("0xf9f9bf6008c46a66c228f4e44f81b3e14ea6e14d1578aad1bfce9621bf7dd9be");
    expect(suiCctpTokenId(USDC["move-chain"])).toBe(keccak256(toBytes(`${USDC["move-chain"].slice(2)}`)));
  });

  it("4.004 USDC leaves the owner, the fee reaches its recipient; the DepositForBurn event burns 4 USDC minted to the destination on evm-a's domain; the checker passes", async () => {
    const { sim, blocker } = await check(await burnTxs());
    const changes = sim.transactions[0]?.simulation?.changes;
    const of = (owner: string) => changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.symbol === "USDC")?.amount;
    expect([of(OWNER), of(FEE_TO)]).toEqual([(-(BURN + FEE)).toString(), FEE.toString()]);
    expect(changes?.source).toMatch(/events/);
    expect(changes?.burns).toEqual([{ transmitter: SUI_TOKEN_MESSENGER_MINTER, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burnToken: suiCctpTokenId(USDC["move-chain"]), amount: BURN.toString() }]);
    expect(blocker?.message ?? null).toBeNull();
  });

  it("a node that does not answer the simulation, or does not offer it (SimulateTransaction unimplemented): the burn is unavailable with the reason, and the checker does not block", async () => {
    const txs = await burnTxs();
    const expected = burnExpectation({ source: "move-chain", owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee: fee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: null });
    await suiUnavailableEither(rpc, () => simulateTransactions(txs, OWNER), expected);
  });

  it("× 10 is refused naming the plan's and the simulation's USDC", async () => {
    const { blocker } = await check(tamper(await burnTxs(), u64(BURN), u64(BURN * 10n)));
    expect(blocker?.code).toBe("simulation_mismatch");
    expect(blocker?.message).toContain("you send 4.004000 USDC by the plan, the simulation sends 40.004000 USDC");
    expect(blocker?.message).toContain(`the simulation's burn message: 40.000000 USDC minted to ${MINT_RECIPIENT} on domain ${DOMAIN}`);
  });

  it("another mint recipient is refused though the owner's outflow is the plan's, naming both recipients", async () => {
    const { sim, blocker } = await check(tamper(await burnTxs(), bytes32(MINT_RECIPIENT), bytes32(OTHER)));
    expect(sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === normalizeSuiAddress(OWNER) && c.asset.symbol === "USDC")?.amount).toBe((-(BURN + FEE)).toString());
    expect(blocker?.code).toBe("simulation_mismatch");
    expect(blocker?.message).toContain(`the plan burns 4.000000 USDC minted to the owner-locked destination ${MINT_RECIPIENT} on domain ${DOMAIN}`);
    expect(blocker?.message).toContain(`4.000000 USDC minted to ${OTHER} on domain ${DOMAIN}`);
  });

  it("another destination domain is refused naming it", async () => {
    const { blocker } = await check(tamper(await burnTxs(), u32(DOMAIN), u32(CCTP_DOMAIN["evm-b"])));
    expect(blocker?.code).toBe("simulation_mismatch");
    expect(blocker?.message).toContain(`4.000000 USDC minted to ${MINT_RECIPIENT} on domain ${CCTP_DOMAIN["evm-b"]}`);
  });

  it("a domain the State has no remote TokenMessenger for aborts as Circle's package does (EInvalidDestinationDomain, code 2)", async () => {
    const sim = await simulateTransactions(tamper(await burnTxs(), u32(DOMAIN), u32(42)), OWNER);
    expect(sim.transactions[0]?.simulation?.status).toBe("failed");
    expect(sim.transactions[0]?.simulation?.error).toMatch(/abort code: 2, in '0x2aa6c5d5[0-9a-f]+::deposit_for_burn::deposit_for_burn'/);
  });
});
