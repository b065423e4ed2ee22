// Balance changes from the chain before signing, on EVM (issue 23 items 1 and 2): an Aave v3 deposit simulated with
// eth_simulateV1 on Aave's real bytecode reports the owner's USDC outflow, the aUSDC minted to the owner and the exact
// approval, from the calls' own Transfer and Approval logs; the checker passes it and refuses the same plan altered
// after building (an unlimited approval, shares credited to someone else, ten times the amount), in token units.
import { encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { checkChanges } from "../../server/chains/check-changes";
import { vaultExpectedChanges } from "../../server/plans/vault";
import type { EvmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import { getVenue } from "../../server/venues";
import { AAVE_POOL_FULL_ABI, type AaveDeployment, deployAaveV3, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { alteredCalls } from "../support/altered";
import { signAndSend } from "../../testing/chains/evm/wallet";
import { evmVenueChains, ourBuild, useLocalChain } from "../../testing/oracle";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const OTHER: Hex = "0x000000000000000000000000000000000000bEEF";
const AMOUNT = 3_000_000n;

// Each chain's own Aave v3 market (evm-a: Base, evm-b: Arbitrum), at the address book's ids.
describe.each(evmVenueChains("aave-v3"))("EVM balance changes from eth_simulateV1 logs, checked against the plan (%s on Aave v3's bytecode, chain id %i)", (venueId, chainId, rpcVar) => {
  let node: EvmNode;
  let aave: AaveDeployment;
  const v = getVenue(venueId)?.onchain ?? {};
  useLocalChain([rpcVar], async () => {
    node = await startEvmNode({ chainId });
    // An RPC with eth_simulateV1 (geth ≥ 1.14.9, most providers): its calls' logs are the balance changes.
    node.methods.simulateV1 = true;
    aave = await deployAaveV3(node, { pool: v.pool ?? "", poolAddressesProvider: v.poolAddressesProvider ?? "", usdc: v.usdc ?? "", aUsdc: v.aUsdc });
    await mintUsdc(node, aave.usdc, OWNER, 100_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  const venue = getVenue(venueId);
  if (!venue) throw new Error(`${venueId} is not listed`);
  /** The plan's own expectation (as the plan route builds it) for a deposit of AMOUNT built as `txs`. */
  const expected = () => vaultExpectedChanges("deposit", venue, OWNER, AMOUNT);
  const supply = (amount: bigint, onBehalfOf: Hex) => encodeFunctionData({ abi: AAVE_POOL_FULL_ABI, functionName: "supply", args: [aave.usdc as Hex, amount, onBehalfOf, 0] });
  const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [aave.pool as Hex, amount] });

  it("the plan's approve + supply: the approval, 3 USDC out of the owner's wallet into the pool's aToken, 3 aUSDC minted to the owner", async () => {
    const txs = await ourBuild(venueId, "deposit", OWNER, AMOUNT);
    const sim = await simulateTransactions(txs, OWNER);
    const [appr, dep] = sim.transactions.map((t) => t.simulation?.changes);
    expect(appr).toMatchObject({ status: "ok", approvals: [{ token: aave.usdc, spender: aave.pool, amount: AMOUNT.toString() }], balanceChanges: [] });
    expect(dep?.source).toMatch(/eth_simulateV1/);
    const of = (owner: string, token: string) => dep?.balanceChanges?.find((c) => c.owner.toLowerCase() === owner.toLowerCase() && c.asset.id.toLowerCase() === token.toLowerCase());
    expect(of(OWNER, aave.usdc)).toMatchObject({ amount: (-AMOUNT).toString(), asset: { symbol: "USDC", decimals: 6 } });
    expect(of(aave.aToken, aave.usdc)?.amount).toBe(AMOUNT.toString());
    expect(of(OWNER, aave.aToken)?.amount).toBe(AMOUNT.toString());
    expect(checkChanges(sim.transactions, await expected())?.message ?? null).toBeNull();
  });

  it("an unlimited approval is refused", async () => {
    const txs = alteredCalls(await ourBuild(venueId, "deposit", OWNER, AMOUNT), { 0: approve(maxUint256) });
    const b = checkChanges((await simulateTransactions(txs, OWNER)).transactions, await expected());
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
    expect(b?.message).toContain("the plan approves 3.000000 USDC of it to the contract it calls");
  });

  it("a supply that credits the shares to someone else is refused, naming them", async () => {
    const txs = alteredCalls(await ourBuild(venueId, "deposit", OWNER, AMOUNT), { 1: supply(AMOUNT, OTHER) });
    const b = checkChanges((await simulateTransactions(txs, OWNER)).transactions, await expected());
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`is minted to ${OTHER}, not to you`);
  });

  it("ten times the amount (approval and supply) is refused, naming both amounts in USDC", async () => {
    const txs = alteredCalls(await ourBuild(venueId, "deposit", OWNER, AMOUNT), { 0: approve(AMOUNT * 10n), 1: supply(AMOUNT * 10n, OWNER) });
    const b = checkChanges((await simulateTransactions(txs, OWNER)).transactions, await expected());
    expect(b?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("a withdraw: at least the asked USDC arrives and only aUSDC leaves (burned); one paying someone else, or 10 × the amount, is refused", async () => {
    const deposit = await ourBuild(venueId, "deposit", OWNER, AMOUNT);
    expect((await signAndSend(node.url, OWNER_KEY, deposit.map((t) => t.payload as EvmCall))).map((r) => r.status)).toEqual(["success", "success"]);
    const txs = await ourBuild(venueId, "withdraw", OWNER, 300_000n);
    const withdraw = await vaultExpectedChanges("withdraw", venue, OWNER, 300_000n);
    const sim = await simulateTransactions(txs, OWNER);
    const changes = sim.transactions.at(-1)?.simulation?.changes;
    const of = (owner: string, token: string) => changes?.balanceChanges?.find((c) => c.owner.toLowerCase() === owner.toLowerCase() && c.asset.id.toLowerCase() === token.toLowerCase())?.amount;
    expect([of(OWNER, aave.usdc), of(OWNER, aave.aToken)]).toEqual(["300000", "-300000"]);
    expect(checkChanges(sim.transactions, withdraw)?.message ?? null).toBeNull();
    const elsewhere = encodeFunctionData({ abi: AAVE_POOL_FULL_ABI, functionName: "withdraw", args: [aave.usdc as Hex, 300_000n, OTHER] });
    const b = checkChanges((await simulateTransactions(alteredCalls(txs, { [txs.length - 1]: elsewhere }), OWNER)).transactions, withdraw);
    expect(b?.message).toContain("you receive 0.300000 USDC by the plan, the simulation gives you 0.000000 USDC");
    // Ten times the amount withdrawn (all the owner holds): ten times the aUSDC the plan needs leave the wallet.
    const more = encodeFunctionData({ abi: AAVE_POOL_FULL_ABI, functionName: "withdraw", args: [aave.usdc as Hex, 3_000_000n, OWNER] });
    const altered = await simulateTransactions(alteredCalls(txs, { [txs.length - 1]: more }), OWNER);
    expect(altered.blocker).toBeNull();
    const tenfold = checkChanges(altered.transactions, withdraw);
    expect(tenfold?.code).toBe("simulation_mismatch");
    expect(tenfold?.message).toContain("0.300000 USDC the plan withdraws");
  });

  // It leaves the owner a standing allowance to the pool.
  it("an exact approval to another spender is refused naming it (the supply itself succeeds on a standing allowance)", async () => {
    await signAndSend(node.url, OWNER_KEY, [{ chainId, to: aave.usdc, data: approve(maxUint256), value: "0" } as EvmCall]);
    const foreign = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [OTHER, AMOUNT] });
    const txs = alteredCalls(await ourBuild(venueId, "deposit", OWNER, AMOUNT), { 0: foreign });
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const b = checkChanges(sim.transactions, await expected());
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`an approval of 3.000000 USDC to ${OTHER}`);
  });

  // Last: once an RPC answers that it has no eth_simulateV1, this process asks it no more.
  it("an RPC without eth_simulateV1: the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
    // Neither eth_simulateV1 nor a debug_traceCall to read the logs from (the local node's `traceCall`, where it has one).
    Object.assign(node.methods, { simulateV1: false, traceCall: false });
    try {
      const noLogs = { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason: expect.stringMatching(/^The RPC has .*eth_simulateV1.*so the balance changes are not known\.$/) };
      const deposit = await ourBuild(venueId, "deposit", OWNER, AMOUNT);
      const d = await simulateTransactions(deposit, OWNER);
      expect(d.blocker).toBeNull();
      expect(d.transactions.map((t) => t.simulation?.changes)).toEqual(deposit.map(() => noLogs));
      expect(checkChanges(d.transactions, await expected())).toBeNull();
      const withdraw = await ourBuild(venueId, "withdraw", OWNER, 1_000_000n);
      const w = await simulateTransactions(withdraw, OWNER);
      expect(w.blocker).toBeNull();
      expect(w.transactions.map((t) => t.simulation?.changes)).toEqual(withdraw.map(() => noLogs));
      expect(checkChanges(w.transactions, await vaultExpectedChanges("withdraw", venue, OWNER, 1_000_000n))).toBeNull();
    } finally {
      Object.assign(node.methods, { simulateV1: true, traceCall: true });
    }
  });
});
