// Both bridge legs on EVM (evm-a and evm-b, each on its own node) checked against the plan (issue 23 "Tests that must exist"), on Circle's real CCTP bytecode
// (testing/chains/evm/cctp/deploy.ts, as tests/evm/cctp.test.ts) with Circle's MockMintBurnToken as USDC so the real
// TokenMessengerV2 burns: the rail's burn (approve, the disclosed fee transfer, depositForBurn) simulated with
// eth_simulateV1 reports the owner's outflow and the burn message MessageTransmitterV2 sends (where it mints); the
// receive (receiveMessage of an attested message) reports the mint to the owner-locked destination. Untouched, both pass
// burnExpectation / receiveExpectation (what the plan and the rescue check); altered after building (amount × 10,
// another mint recipient or domain, an unlimited or foreign approval, a message minting elsewhere or ten times) they
// are refused simulation_mismatch naming the plan's and the simulation's figures.
import { encodeFunctionData, erc20Abi, type Hex, maxUint256, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { EVM_CHAIN_IDS, type EvmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import type { ServiceFee } from "../../server/fees/recipient";
import { burnExpectation, receiveExpectation } from "../../server/plans/bridge-changes";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV2 } from "../../server/rails/cctp-v2";
import { depositForBurnV2, receiveMessageV2, TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { attest } from "../../testing/chains/attester";
import { mintUsdc } from "../../testing/chains/evm/aave";
import { deployBurnableUsdc, deployCctp } from "../../testing/chains/evm/cctp/deploy";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { useLocalChain } from "../../testing/oracle";
import { alteredCalls } from "../support/altered";
import { v2Message } from "../support/bridge-stack";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const DEST = "0x4444444444444444444444444444444444444444";
const OTHER: Hex = "0x000000000000000000000000000000000000bEEF";
const FEE_RECIPIENT = "0x9999999999999999999999999999999999999999";
const BURN = 99_900_000n;
const FEE = 100_000n;
const MINT_RECIPIENT = pad(DEST.toLowerCase() as Hex);

// Every node's URL so far: the service remembers per RPC URL that eth_simulateV1 is missing (each block's last test turns
// it off), so a later chain's node must not reuse an earlier node's port.
const usedUrls = new Set<string>();
const CHAINS = [
  { chain: "evm-a", chainId: EVM_CHAIN_IDS["evm-a"], rpcVar: "SVC_RPC_EVM_A", dest: "evm-b" },
  { chain: "evm-b", chainId: EVM_CHAIN_IDS["evm-b"], rpcVar: "SVC_RPC_EVM_B", dest: "evm-a" },
] as const;

describe.each(CHAINS)("bridge legs on $chain checked against the plan (Circle's CCTP V2 bytecode, eth_simulateV1)", ({ chain: SOURCE, chainId, rpcVar, dest: DEST_CHAIN }) => {
  const USDC_A = USDC[SOURCE];
  const DOMAIN = CCTP_DOMAIN[DEST_CHAIN];
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
    await mintUsdc(node, USDC_A, OWNER, 10_000_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    await node.setBalance(DEST, 10n ** 18n);
    return node;
  });
  const serviceFee: ServiceFee = { collected: true, recipient: FEE_RECIPIENT, bps: 10, amount: FEE, reason: null };
  const burnTxs = async () => {
    const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: 0n, source: null, reason: null };
    const req = { source: SOURCE, dest: DEST_CHAIN, sourceAddress: OWNER, destAddress: DEST, burnAmount: BURN, mintRecipient: MINT_RECIPIENT, speed: "standard", railFee, serviceFee } as const;
    const built = await cctpV2.burn(req);
    if (!built.ok) throw new Error(built.blocker.message);
    return built.transactions;
  };
  const expected = () =>
    burnExpectation({ source: SOURCE, owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: cctpV2.burner(SOURCE) });
  const check = async (txs: PlanTransaction[]) => checkChanges((await simulateTransactions(txs, OWNER)).transactions, expected());
  const depositForBurn = (amount: bigint, recipient: Hex, domain = DOMAIN) => depositForBurnV2(SOURCE, domain, amount, recipient, 0n, "standard").data;
  const approve = (spender: Hex, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });

  it("the burn: 100 USDC leaves the owner (99.9 burned by TokenMinterV2, 0.1 to the fee recipient); the burn message mints 99.9 to the destination on the destination's domain", async () => {
    const txs = await burnTxs();
    expect(txs.map((t) => t.kind)).toEqual(["approve", "fee", "burn"]);
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const changes = sim.transactions[2]?.simulation?.changes;
    expect(changes?.burns).toEqual([{ transmitter: expect.stringMatching(/^0x81D40F21/i), destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burnToken: pad(USDC_A.toLowerCase() as Hex), amount: BURN.toString() }]);
    // The owner's USDC passes through TokenMinterV2 and is burned (sent to the zero address).
    expect(changes?.transfers?.map((t) => [t.from === OWNER, t.to === "0x0000000000000000000000000000000000000000", t.amount])).toEqual([
      [true, false, BURN.toString()],
      [false, true, BURN.toString()],
    ]);
    expect(checkChanges(sim.transactions, expected())?.message ?? null).toBeNull();
  });

  it("the burn altered to another mint recipient is refused, naming both recipients (the owner's outflow is the same)", async () => {
    const b = await check(alteredCalls(await burnTxs(), { 2: depositForBurn(BURN, pad(OTHER.toLowerCase() as Hex)) }));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`the plan burns 99.900000 USDC minted to the owner-locked destination ${MINT_RECIPIENT} on domain ${DOMAIN}`);
    expect(b?.message).toContain(`99.900000 USDC minted to ${pad(OTHER.toLowerCase() as Hex)} on domain ${DOMAIN}`);
  });

  it("the burn altered to another destination domain is refused", async () => {
    const b = await check(alteredCalls(await burnTxs(), { 2: depositForBurn(BURN, MINT_RECIPIENT, CCTP_DOMAIN["svm-chain"]) }));
    expect(b?.message).toContain(`minted to ${MINT_RECIPIENT} on domain ${CCTP_DOMAIN["svm-chain"]}`);
  });

  it("the burn × 10 (approval and burn) is refused, naming 100 and 1,000 USDC", async () => {
    const b = await check(alteredCalls(await burnTxs(), { 0: approve(TOKEN_MESSENGER_V2, BURN * 10n), 2: depositForBurn(BURN * 10n, MINT_RECIPIENT) }));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain("you send 100.000000 USDC by the plan, the simulation sends 999.100000 USDC");
    expect(b?.message).toContain("an approval of 999.000000 USDC");
  });

  it("an unlimited approval, or one to another spender, is refused naming it", async () => {
    const unlimited = await check(alteredCalls(await burnTxs(), { 0: approve(TOKEN_MESSENGER_V2, maxUint256) }));
    expect(unlimited?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
    const foreign = await check(alteredCalls(await burnTxs(), { 0: approve(OTHER, BURN) }));
    expect(foreign?.message).toContain(`an approval of 99.900000 USDC to ${OTHER}`);
  });

  const message = (recipient: Hex, amount: bigint, nonce: string, feeExecuted = 0n) => v2Message(CCTP_DOMAIN["svm-chain"], CCTP_DOMAIN[SOURCE], recipient, amount, { nonce: pad(`0x${nonce}`), feeExecuted });
  const receive = async (m: Hex): Promise<PlanTransaction[]> => [{ chain: SOURCE, kind: "receive", description: "receive", encoding: "evm-call", payload: receiveMessageV2(SOURCE, m, await attest(m)) }];
  const checkReceive = async (txs: PlanTransaction[], mint: { amount: bigint; fee: bigint }) => checkChanges((await simulateTransactions(txs, DEST)).transactions, receiveExpectation(SOURCE, DEST, mint));

  it("the receive: exactly the attested amount is minted to the destination (less the executed fee, minted to the fee recipient)", async () => {
    const txs = await receive(message(MINT_RECIPIENT, 3_000_000n, "a1"));
    const sim = await simulateTransactions(txs, DEST);
    expect(sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === DEST)?.amount).toBe("3000000");
    expect(checkChanges(sim.transactions, receiveExpectation(SOURCE, DEST, { amount: 3_000_000n, fee: 0n }))).toBeNull();
    const withFee = await receive(message(MINT_RECIPIENT, 3_000_000n, "a2", 1_000n));
    expect(await checkReceive(withFee, { amount: 2_999_000n, fee: 1_000n })).toBeNull();
  });

  it("the receive altered to a message minting to another address, or ten times the amount, is refused naming both", async () => {
    const txs = await receive(message(MINT_RECIPIENT, 3_000_000n, "b1"));
    const dataOf = async (m: Hex) => ((await receive(m))[0]?.payload as EvmCall).data;
    const other = await checkReceive(alteredCalls(txs, { 0: await dataOf(message(pad(OTHER.toLowerCase() as Hex), 3_000_000n, "b2")) }), { amount: 3_000_000n, fee: 0n });
    expect(other?.code).toBe("simulation_mismatch");
    expect(other?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
    expect(other?.message).toContain(`3.000000 USDC is minted to ${OTHER}, not to you`);
    const ten = await checkReceive(alteredCalls(txs, { 0: await dataOf(message(MINT_RECIPIENT, 30_000_000n, "b3")) }), { amount: 3_000_000n, fee: 0n });
    expect(ten?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 30.000000 USDC");
  });

  // Last: once an RPC answers that it has no eth_simulateV1, this process asks it no more.
  it("an RPC without eth_simulateV1: every step's changes come from debug_traceCall's logs and the whole burn is checked; with neither, unavailable with the reason, and nothing is checked from the plan", async () => {
    node.methods.simulateV1 = false;
    const traced = await simulateTransactions(await burnTxs(), OWNER);
    // Each step from its trace; the burn, after the fee transfer (not an approval), on the state the approval and the fee
    // transfer leave (the fee transfer's prestateTracer diff as overrides), so the whole plan is checked.
    const [tApprove, tFee, tBurn] = traced.transactions.map((t) => t.simulation);
    expect([tApprove, tFee, tBurn].map((s) => s?.changes?.source)).toEqual(Array(3).fill(expect.stringMatching(/^EVM RPC: debug_traceCall/)));
    const out = (s: typeof tFee) => s?.changes?.balanceChanges?.find((c) => c.owner === OWNER)?.amount;
    expect([out(tFee), out(tBurn)]).toEqual([(-FEE).toString(), (-BURN).toString()]);
    expect(tBurn?.changes?.burns?.map((b) => [b.amount, b.mintRecipient, b.destinationDomain])).toEqual([[BURN.toString(), MINT_RECIPIENT, DOMAIN]]);
    expect(checkChanges(traced.transactions, expected())).toBeNull();
    node.methods.traceCall = false;
    const sim = await simulateTransactions(await burnTxs(), OWNER);
    const [approve, fee, burn] = sim.transactions.map((t) => t.simulation);
    const noLogs = { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason: "The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known." };
    expect([approve?.changes, fee?.changes]).toEqual([noLogs, noLogs]);
    // The burn needs the state after the fee transfer, which only a trace gives: it says why it is not simulated.
    expect(burn?.status === "unavailable" ? burn.error : burn?.changes?.reason).toMatch(/^Not simulated: |neither eth_simulateV1 nor debug_traceCall/);
    expect(checkChanges(sim.transactions, expected())).toBeNull();
    // The receive leg alike: no logs, so no changes, and nothing held against the rescue.
    const rx = await simulateTransactions(await receive(message(MINT_RECIPIENT, 3_000_000n, "b9")), DEST);
    expect(rx.transactions[0]?.simulation?.changes).toEqual(noLogs);
    expect(checkChanges(rx.transactions, receiveExpectation(SOURCE, DEST, { amount: 3_000_000n, fee: 0n }))).toBeNull();
  });
});
