// The CCTP V1 bridge legs on EVM checked against the plan (issue 23 "Tests that must exist"), on Circle's real V1
// bytecode (testing/chains/evm/cctp/deploy.ts: MessageTransmitter, TokenMessenger, TokenMinter at the published V1
// addresses) with Circle's MockMintBurnToken as USDC so the real TokenMessenger burns: the rail's burn to move-chain
// (approve, the disclosed fee transfer, TokenMessenger.depositForBurn) simulated with eth_simulateV1 reports the owner's
// outflow and the V1 burn message MessageTransmitter sends (where it mints); the receive from move-chain
// (MessageTransmitter.receiveMessage of an attested V1 message, as rescueV1 builds it) reports the mint to the
// owner-locked destination. Untouched, both pass burnExpectation / receiveExpectation (what the plan and the rescue
// check); altered after building (amount × 10, another mint recipient, an unlimited or foreign approval, a message minting
// elsewhere or ten times) they are refused simulation_mismatch. Each chain runs on its own node; each block's last test
// turns eth_simulateV1 off (the service remembers that per RPC URL).
import { encodeFunctionData, erc20Abi, type Hex, maxUint256, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { EVM_CHAIN_IDS, type EvmCall, evmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import type { ServiceFee } from "../../server/fees/recipient";
import { burnExpectation, receiveExpectation } from "../../server/plans/bridge-changes";
import { MESSAGE_TRANSMITTER_ABI } from "../../server/rails/cctp/abi";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV1 } from "../../server/rails/cctp-v1";
import { burnWhileV1Offered } from "../support/cctp-v1";
import { depositForBurnV1, MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../server/rails/cctp-v1/evm";
import { attest } from "../../testing/chains/attester";
import { mintUsdc } from "../../testing/chains/evm/aave";
import { deployBurnableUsdc, deployCctp } from "../../testing/chains/evm/cctp/deploy";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { useLocalChain } from "../../testing/oracle";
import { alteredCalls } from "../support/altered";
import { v1Message } from "../support/bridge-stack";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
/** The EVM destination of the receive (move-chain → EVM). */
const DEST = "0x4444444444444444444444444444444444444444";
const OTHER: Hex = "0x000000000000000000000000000000000000bEEF";
/** The move-chain destination of the burn (a Sui address is its own bytes32 mint recipient). */
const SUI_DEST: Hex = `0x${"55".repeat(32)}`;
const SUI_OTHER: Hex = `0x${"66".repeat(32)}`;
const FEE_RECIPIENT = "0x9999999999999999999999999999999999999999";
const BURN = 99_900_000n;
const FEE = 100_000n;
const SUI_DOMAIN = CCTP_DOMAIN["move-chain"];
const DEST_MINT_RECIPIENT = pad(DEST.toLowerCase() as Hex);

// Every node's URL so far: a later chain's node must not reuse an earlier node's port (the service would remember its
// missing eth_simulateV1).
const usedUrls = new Set<string>();
const CHAINS = [
  { chain: "evm-a", chainId: EVM_CHAIN_IDS["evm-a"], rpcVar: "SVC_RPC_EVM_A" },
  { chain: "evm-b", chainId: EVM_CHAIN_IDS["evm-b"], rpcVar: "SVC_RPC_EVM_B" },
] as const;

describe.each(CHAINS)("CCTP V1 bridge legs on $chain ↔ move-chain checked against the plan (Circle's V1 bytecode, eth_simulateV1)", ({ chain: SOURCE, chainId, rpcVar }) => {
  const usdc = USDC[SOURCE];
  const messenger = TOKEN_MESSENGER[SOURCE] as Hex;
  const transmitter = MESSAGE_TRANSMITTER[SOURCE] as Hex;
  let node: EvmNode;
  useLocalChain([rpcVar], async () => {
    node = await startEvmNode({ chainId });
    while (usedUrls.has(node.url)) {
      const fresh = await startEvmNode({ chainId });
      await node.close();
      node = fresh;
    }
    usedUrls.add(node.url);
    node.methods.simulateV1 = true;
    await deployBurnableUsdc(node, SOURCE);
    await deployCctp(node, SOURCE);
    await mintUsdc(node, usdc, OWNER, 10_000_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    await node.setBalance(DEST, 10n ** 18n);
    return node;
  });
  const serviceFee: ServiceFee = { collected: true, recipient: FEE_RECIPIENT, bps: 10, amount: FEE, reason: null };
  const burnTxs = async () => {
    const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: null, source: null, reason: null };
    const req = { source: SOURCE, dest: "move-chain", sourceAddress: OWNER, destAddress: SUI_DEST, burnAmount: BURN, mintRecipient: SUI_DEST, speed: null, railFee, serviceFee } as const;
    const built = await burnWhileV1Offered(req);
    if (!built.ok) throw new Error(built.blocker.message);
    return built.transactions;
  };
  const expected = () =>
    burnExpectation({ source: SOURCE, owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee, destinationDomain: SUI_DOMAIN, mintRecipient: SUI_DEST, burner: cctpV1.burner(SOURCE) });
  const check = async (txs: PlanTransaction[]) => checkChanges((await simulateTransactions(txs, OWNER)).transactions, expected());
  const depositForBurn = (amount: bigint, recipient: Hex) => depositForBurnV1(SOURCE, messenger, SUI_DOMAIN, amount, recipient).data;
  const approve = (spender: Hex, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });

  it("the burn: 100 USDC leaves the owner (99.9 burned by the V1 TokenMinter, 0.1 to the fee recipient); MessageTransmitter's V1 message mints 99.9 to the destination on move-chain's domain", async () => {
    const txs = await burnTxs();
    expect(txs.map((t) => t.kind)).toEqual(["approve", "fee", "burn"]);
    expect((txs[2]?.payload as EvmCall).to).toBe(messenger);
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const changes = sim.transactions[2]?.simulation?.changes;
    expect(changes?.burns).toEqual([{ transmitter, destinationDomain: SUI_DOMAIN, mintRecipient: SUI_DEST, burnToken: pad(usdc.toLowerCase() as Hex), amount: BURN.toString() }]);
    expect(changes?.balanceChanges?.find((c) => c.owner === OWNER)?.amount).toBe((-BURN).toString());
    expect(sim.transactions[1]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === OWNER)?.amount).toBe((-FEE).toString());
    expect(checkChanges(sim.transactions, expected())?.message ?? null).toBeNull();
  });

  it("the burn altered to another mint recipient is refused, naming both recipients", async () => {
    const b = await check(alteredCalls(await burnTxs(), { 2: depositForBurn(BURN, SUI_OTHER) }));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`the plan burns 99.900000 USDC minted to the owner-locked destination ${SUI_DEST} on domain ${SUI_DOMAIN}`);
    expect(b?.message).toContain(`99.900000 USDC minted to ${SUI_OTHER} on domain ${SUI_DOMAIN}`);
  });

  it("the burn × 10 (approval and burn) is refused, naming 100 and 1,000 USDC", async () => {
    const b = await check(alteredCalls(await burnTxs(), { 0: approve(messenger, BURN * 10n), 2: depositForBurn(BURN * 10n, SUI_DEST) }));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain("you send 100.000000 USDC by the plan, the simulation sends 999.100000 USDC");
    expect(b?.message).toContain("an approval of 999.000000 USDC");
  });

  it("an unlimited approval of the TokenMessenger, or an approval to another spender, is refused naming it", async () => {
    const unlimited = await check(alteredCalls(await burnTxs(), { 0: approve(messenger, maxUint256) }));
    expect(unlimited?.code).toBe("simulation_mismatch");
    expect(unlimited?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
    const foreign = await check(alteredCalls(await burnTxs(), { 0: approve(OTHER, BURN) }));
    expect(foreign?.code).toBe("simulation_mismatch");
    expect(foreign?.message).toContain(`an approval of 99.900000 USDC to ${OTHER}`);
  });

  // A V1 message from move-chain as Sui's CCTP writes it (its TokenMessengerMinter and USDC ids), attested by the local attesters.
  const message = (recipient: Hex, amount: bigint, nonce: bigint) => v1Message(SUI_DOMAIN, CCTP_DOMAIN[SOURCE], nonce, recipient, amount);
  /** The rescue's V1 receive (as rescueV1 builds it): receiveMessage(message, attestation) on the MessageTransmitter. */
  const receive = async (m: Hex): Promise<PlanTransaction[]> => [
    { chain: SOURCE, kind: "receive", description: "receive", encoding: "evm-call", payload: evmCall(SOURCE, transmitter, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [m, await attest(m)]) },
  ];
  const checkReceive = async (txs: PlanTransaction[], mint: { amount: bigint; fee: bigint }) => checkChanges((await simulateTransactions(txs, DEST)).transactions, receiveExpectation(SOURCE, DEST, mint));

  it("the receive: exactly the attested amount is minted to the destination (V1 takes no fee); the checker passes", async () => {
    const txs = await receive(message(DEST_MINT_RECIPIENT, 3_000_000n, 101n));
    const sim = await simulateTransactions(txs, DEST);
    expect(sim.blocker).toBeNull();
    expect(sim.transactions[0]?.simulation?.status).toBe("ok");
    expect(sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === DEST)?.amount).toBe("3000000");
    expect(checkChanges(sim.transactions, receiveExpectation(SOURCE, DEST, { amount: 3_000_000n, fee: 0n }))).toBeNull();
  });

  it("the receive altered to a message minting to another address, or ten times the amount, is refused naming both", async () => {
    const txs = await receive(message(DEST_MINT_RECIPIENT, 3_000_000n, 102n));
    const dataOf = async (m: Hex) => ((await receive(m))[0]?.payload as EvmCall).data;
    const other = await checkReceive(alteredCalls(txs, { 0: await dataOf(message(pad(OTHER.toLowerCase() as Hex), 3_000_000n, 103n)) }), { amount: 3_000_000n, fee: 0n });
    expect(other?.code).toBe("simulation_mismatch");
    expect(other?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
    expect(other?.message).toContain(`3.000000 USDC is minted to ${OTHER}, not to you`);
    const ten = await checkReceive(alteredCalls(txs, { 0: await dataOf(message(DEST_MINT_RECIPIENT, 30_000_000n, 104n)) }), { amount: 3_000_000n, fee: 0n });
    expect(ten?.code).toBe("simulation_mismatch");
    expect(ten?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 30.000000 USDC");
  });

  // Last: once an RPC answers that it has no eth_simulateV1, this process asks it no more.
  it("an RPC without eth_simulateV1 nor debug_traceCall: both legs are unavailable with the reason, and nothing is checked from the plan", async () => {
    node.methods.simulateV1 = false;
    node.methods.traceCall = false;
    const noLogs = { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason: "The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known." };
    // Even the × 10 burn: no figure is made up from the plan, so the checker has nothing to hold it to.
    const sim = await simulateTransactions(alteredCalls(await burnTxs(), { 0: approve(messenger, BURN * 10n), 2: depositForBurn(BURN * 10n, SUI_DEST) }), OWNER);
    const [a, fee, burn] = sim.transactions.map((t) => t.simulation);
    expect([a?.changes, fee?.changes]).toEqual([noLogs, noLogs]);
    expect(burn?.status === "unavailable" ? burn.error : burn?.changes?.reason).toMatch(/^Not simulated: |neither eth_simulateV1 nor debug_traceCall/);
    expect(checkChanges(sim.transactions, expected())).toBeNull();
    const rx = await simulateTransactions(await receive(message(DEST_MINT_RECIPIENT, 30_000_000n, 109n)), DEST);
    expect(rx.transactions[0]?.simulation?.changes).toEqual(noLogs);
    expect(checkChanges(rx.transactions, receiveExpectation(SOURCE, DEST, { amount: 3_000_000n, fee: 0n }))).toBeNull();
  });
});
