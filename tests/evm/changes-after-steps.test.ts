// A plan's steps after a step that is not an approval, on an RPC without eth_simulateV1 (issue 23 item 1): the state
// after that step comes from debug_traceCall with geth's prestateTracer in diffMode (its `post`, with what only `pre`
// names zeroed or deleted) and is applied to the later steps as stateOverrides, so the CCTP V2 burn plan (approve, the
// service-fee transfer, depositForBurn) is simulated whole on Circle's bytecode and checked whole. Also: the local
// node's prestateTracer answers in geth's shape (eth/tracers/native/prestate.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562)
// and refuses what geth refuses; an RPC that answered "method not found" to debug_traceCall is not asked again.
import { encodeFunctionData, erc20Abi, type Hex, keccak256, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { EVM_CHAIN_IDS } from "../../server/chains/evm";
import { composeOverrides, stateAfter } from "../../server/chains/evm/state-after";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import type { ServiceFee } from "../../server/fees/recipient";
import { burnExpectation } from "../../server/plans/bridge-changes";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { cctpV2 } from "../../server/rails/cctp-v2";
import { depositForBurnV2, TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { mintUsdc } from "../../testing/chains/evm/aave";
import { deployBurnableUsdc, deployCctp } from "../../testing/chains/evm/cctp/deploy";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { useLocalChain } from "../../testing/oracle";
import { alteredCalls } from "../support/altered";

const SENDER = "0x00000000000000000000000000000000000a11ce";
const RECIPIENT = "0x000000000000000000000000000000000000b0b0";
const STORE = "0x0000000000000000000000000000000000005107";
const ZERO_ADDRESS = `0x${"00".repeat(20)}`;
const word = (n: bigint): Hex => pad(`0x${n.toString(16)}`, { size: 32 });
/** SSTOREs slot 1 := 0, slot 2 := 5, slot 3 := 9 (PUSH1 v, PUSH1 slot, SSTORE), then STOP. */
const STORE_CODE: Hex = "0x60006001556005600255600960035500";

/** One JSON-RPC request over HTTP: the response object as a client reads it. */
async function rpc(node: EvmNode, method: string, params: unknown[]) {
  const res = await fetch(node.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return (await res.json()) as { result?: Record<string, Record<string, Record<string, unknown>>>; error?: { code: number; message: string } };
}

describe("the local node's debug_traceCall with prestateTracer (geth's shape)", () => {
  let node: EvmNode;
  beforeAll(async () => {
    node = await startEvmNode({ chainId: 31337, startTime: 1_700_000_000n });
    await node.setBalance(SENDER, 10n ** 18n);
  });
  afterAll(async () => {
    await node.close();
  });
  const trace = (call: Record<string, string>, tracerConfig: unknown, stateOverrides?: unknown) =>
    rpc(node, "debug_traceCall", [{ from: SENDER, ...call }, "latest", { tracer: "prestateTracer", tracerConfig, ...(stateOverrides ? { stateOverrides } : {}) }]);

  it("diffMode, a simple transfer of 1000 wei: `post` holds what changed, `pre` what it was; nothing committed", async () => {
    const { result, error } = await trace({ to: RECIPIENT, value: "0x3e8" }, { diffMode: true });
    expect(error).toBeUndefined();
    // {post, pre} in that order (GetResult's struct); accounts by lower-case address, sorted as encoding/json sorts a map;
    // the nonce a JSON number; the recipient did not exist, so `pre` (empty accounts dropped) does not name it; the
    // call's coinbase (the zero address, no account) is in `post` with the zero codeHash: geth's GetCodeHash answers
    // common.Hash{} for an account with no state object (core/state/statedb.go @ 02b73d4e), which processDiffState
    // compares with EmptyCodeHash.
    expect(result).toEqual({
      post: {
        [ZERO_ADDRESS]: { codeHash: word(0n) },
        [RECIPIENT]: { balance: "0x3e8" },
        [SENDER]: { balance: `0x${(10n ** 18n - 1000n).toString(16)}`, nonce: 1 },
      },
      pre: { [SENDER]: { balance: `0x${(10n ** 18n).toString(16)}` } },
    });
    expect(Object.keys(result ?? {})).toEqual(["post", "pre"]);
    expect(Object.keys(result?.post ?? {})).toEqual([ZERO_ADDRESS, RECIPIENT, SENDER]);
    expect(await node.request("eth_getBalance", [RECIPIENT, "latest"])).toBe("0x0");
    // Read back as overrides: balance and nonce in geth's override shape (hex strings); the coinbase's codeHash alone sets nothing.
    expect(stateAfter({ ok: true, result })).toEqual({ override: { [RECIPIENT]: { balance: "0x3e8" }, [SENDER]: { balance: `0x${(10n ** 18n - 1000n).toString(16)}`, nonce: "0x1" } } });
  });

  it("diffMode, storage: a slot zeroed is in `pre` only, a slot set from zero in `post` only, a changed one in both; `pre` keeps the code and its hash", async () => {
    const overrides = { [STORE]: { code: STORE_CODE, stateDiff: { [word(1n)]: word(7n), [word(3n)]: word(8n) } } };
    const { result } = await trace({ to: STORE }, { diffMode: true }, overrides);
    expect(result?.post?.[STORE]).toEqual({ storage: { [word(2n)]: word(5n), [word(3n)]: word(9n) } });
    expect(result?.pre?.[STORE]).toEqual({ balance: "0x0", code: STORE_CODE, codeHash: keccak256(STORE_CODE), storage: { [word(1n)]: word(7n), [word(3n)]: word(8n) } });
    // Key order as gen_account_json.go marshals an account: balance, code, codeHash, nonce, storage.
    expect(Object.keys(result?.pre?.[STORE] ?? {})).toEqual(["balance", "code", "codeHash", "storage"]);
    expect((stateAfter({ ok: true, result }) as { override: Record<string, unknown> }).override[STORE]).toEqual({ stateDiff: { [word(1n)]: word(0n), [word(2n)]: word(5n), [word(3n)]: word(9n) } });
    // Without diffMode: the pre-state of every account looked up, empty ones dropped, the slots read with their values.
    const plain = (await trace({ to: STORE }, {}, overrides)).result;
    expect(plain).toEqual({
      [STORE]: { balance: "0x0", code: STORE_CODE, codeHash: keccak256(STORE_CODE), storage: { [word(1n)]: word(7n), [word(2n)]: word(0n), [word(3n)]: word(8n) } },
      [SENDER]: { balance: `0x${(10n ** 18n).toString(16)}` },
    });
  });

  it("refuses as geth does: diffMode with includeEmpty, a config field of another kind, a config that is not an object; overrides with a number nonce or both state and stateDiff", async () => {
    expect((await trace({ to: RECIPIENT }, { diffMode: true, includeEmpty: true })).error).toEqual({ code: -32000, message: "cannot use diffMode with includeEmpty" });
    expect((await trace({ to: RECIPIENT }, { diffMode: "yes" })).error).toEqual({ code: -32000, message: "json: cannot unmarshal string into Go struct field PrestateTracerConfig.diffMode of type bool" });
    expect((await trace({ to: RECIPIENT }, [true])).error).toEqual({ code: -32000, message: "json: cannot unmarshal array into Go value of type native.PrestateTracerConfig" });
    // encoding/json matches a field name case-insensitively; unknown fields are ignored.
    expect(Object.keys((await trace({ to: RECIPIENT, value: "0x1" }, { DiffMode: true, other: 1 })).result ?? {})).toEqual(["post", "pre"]);
    expect((await trace({ to: RECIPIENT }, { diffMode: true }, { [SENDER]: { nonce: 1 } })).error?.code).toBe(-32602);
    expect((await trace({ to: RECIPIENT }, { diffMode: true }, { [STORE]: { state: {}, stateDiff: {} } })).error).toEqual({ code: -32000, message: `account ${STORE} has both 'state' and 'stateDiff'` });
  });

  it("overrides compose step by step: a deleted account's `state` takes a later step's slots, never beside a `stateDiff`", () => {
    const deleted = stateAfter({ ok: true, result: { post: {}, pre: { [STORE]: { balance: "0x1", storage: { [word(1n)]: word(7n) } } } } });
    expect(deleted).toEqual({ override: { [STORE]: { balance: "0x0", nonce: "0x0", code: "0x", state: {} } } });
    const base = { [STORE]: { stateDiff: { [word(4n)]: word(4n) } } };
    const after = composeOverrides(composeOverrides(base, "override" in deleted ? deleted.override : {}), { [STORE]: { stateDiff: { [word(2n)]: word(5n) } } });
    expect(after).toEqual({ [STORE]: { balance: "0x0", nonce: "0x0", code: "0x", state: { [word(2n)]: word(5n) } } });
    expect(base).toEqual({ [STORE]: { stateDiff: { [word(4n)]: word(4n) } } });
  });
});

// A throw-away key for the local chain only (anvil's second default account).
const OWNER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const DEST = "0x4444444444444444444444444444444444444444";
const FEE_RECIPIENT = "0x9999999999999999999999999999999999999999";
const BURN = 99_900_000n;
const FEE = 100_000n;
const MINT_RECIPIENT = pad(DEST.toLowerCase() as Hex);
const SOURCE = "evm-a";
const DOMAIN = CCTP_DOMAIN["evm-b"];

describe("the CCTP V2 burn (approve, fee transfer, depositForBurn) on an RPC without eth_simulateV1: every step simulated and the whole plan checked", () => {
  let node: EvmNode;
  // Its own node and URL: the service remembers per RPC URL that eth_simulateV1 (and, in the last test, debug_traceCall) is missing.
  useLocalChain(["SVC_RPC_EVM_A"], async () => {
    node = await startEvmNode({ chainId: EVM_CHAIN_IDS[SOURCE] });
    node.methods.simulateV1 = false;
    await deployBurnableUsdc(node, SOURCE);
    await deployCctp(node, SOURCE);
    await mintUsdc(node, USDC[SOURCE], OWNER, 10_000_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  const serviceFee: ServiceFee = { collected: true, recipient: FEE_RECIPIENT, bps: 10, amount: FEE, reason: null };
  const burnTxs = async () => {
    const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: 0n, source: null, reason: null };
    const built = await cctpV2.burn({ source: SOURCE, dest: "evm-b", sourceAddress: OWNER, destAddress: DEST, burnAmount: BURN, mintRecipient: MINT_RECIPIENT, speed: "standard", railFee, serviceFee });
    if (!built.ok) throw new Error(built.blocker.message);
    return built.transactions;
  };
  const expected = () =>
    burnExpectation({ source: SOURCE, owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: cctpV2.burner(SOURCE) });
  const check = async (txs: PlanTransaction[]) => checkChanges((await simulateTransactions(txs, OWNER)).transactions, expected());

  it("the burn, after the fee transfer: simulated on the state the approval and the fee transfer leave (prestateTracer diffMode), its changes exact; the whole plan passes", async () => {
    const txs = await burnTxs();
    expect(txs.map((t) => t.kind)).toEqual(["approve", "fee", "burn"]);
    await simulateTransactions(txs, OWNER); // the first asks eth_simulateV1 (missing): remembered
    node.calls.length = 0;
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    // The allowance probe; the approval and the fee transfer with the fee transfer's prestate diff (one batch); the burn
    // on the state both leave (the next batch).
    const perStep = ["eth_call", "eth_estimateGas", "debug_traceCall"];
    expect(node.calls).toEqual(["eth_call", ...perStep, ...perStep, "debug_traceCall", ...perStep]);
    const [approve, fee, burn] = sim.transactions.map((t) => t.simulation);
    expect([approve?.status, fee?.status, burn?.status]).toEqual(["ok", "ok", "ok"]);
    expect(burn?.changes?.source).toMatch(/^EVM RPC: debug_traceCall \(callTracer, withLog\)/);
    expect(burn?.changes?.burns).toEqual([{ transmitter: expect.stringMatching(/^0x81D40F21/i), destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burnToken: pad(USDC[SOURCE].toLowerCase() as Hex), amount: BURN.toString() }]);
    const owner = (s: typeof burn) => s?.changes?.balanceChanges?.find((c) => c.owner === OWNER)?.amount;
    expect([owner(fee), owner(burn)]).toEqual([(-FEE).toString(), (-BURN).toString()]);
    // The burn spends the allowance the approval granted (its transferFrom's remaining Approval is 0).
    expect(burn?.changes?.transfers?.map((t) => [t.from === OWNER, t.amount])).toEqual([
      [true, BURN.toString()],
      [false, BURN.toString()],
    ]);
    expect(checkChanges(sim.transactions, expected())).toBeNull();
  });

  it("the burn × 10 after the fee transfer (approval and burn) is refused simulation_mismatch naming the whole plan's outflow", async () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [TOKEN_MESSENGER_V2, BURN * 10n] });
    const b = await check(alteredCalls(await burnTxs(), { 0: approve, 2: depositForBurnV2(SOURCE, DOMAIN, BURN * 10n, MINT_RECIPIENT, 0n, "standard").data }));
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain("you send 100.000000 USDC by the plan, the simulation sends 999.100000 USDC");
    expect(b?.message).toContain(`the plan burns 99.900000 USDC minted to the owner-locked destination ${MINT_RECIPIENT} on domain ${DOMAIN}; the simulation's burn message: 999.000000 USDC`);
  });

  // Last: once the RPC answers that it has no debug_traceCall, this process asks it no more.
  it("an RPC that answered 'method not found' to debug_traceCall is not asked again: the changes unavailable, the burn not simulated, saying why", async () => {
    node.methods.traceCall = false;
    try {
      const first = await simulateTransactions(await burnTxs(), OWNER);
      expect(node.calls.filter((m) => m === "debug_traceCall").length).toBeGreaterThan(0);
      node.calls.length = 0;
      const again = await simulateTransactions(await burnTxs(), OWNER);
      expect(node.calls).not.toContain("debug_traceCall");
      for (const sim of [first, again]) {
        const [approve, fee, burn] = sim.transactions.map((t) => t.simulation);
        expect([approve?.changes?.reason, fee?.changes?.reason]).toEqual(Array(2).fill("The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known."));
        expect(burn).toMatchObject({ status: "unavailable", error: "Not simulated: the state after step 2 of the plan (not an approval) could not be had from a prestateTracer trace of it: the RPC offers no debug_traceCall." });
        expect(checkChanges(sim.transactions, expected())).toBeNull();
      }
      // The node offering it again changes nothing for this process (as with eth_simulateV1).
      node.methods.traceCall = true;
      node.calls.length = 0;
      await simulateTransactions(await burnTxs(), OWNER);
      expect(node.calls).not.toContain("debug_traceCall");
    } finally {
      node.methods.traceCall = true;
    }
  });
});
