// Swap plans checked against the chain's simulated balance changes before signing (issue 23 items 1 and 2), per
// provider. 0x on evm-a: the local quote server answers 0x's wire format with a full AllowanceHolder.exec call that the
// local exchange (testing/chains/evm/zerox-exchange.ts, at the answered AllowanceHolder address) runs on a real EVM with
// eth_simulateV1; the plan is prepared only when the simulated changes are the plan (exact base units), and a quote
// server answering a transaction that pulls 10 × the amount, sends the output elsewhere, or names another spender makes
// it blocked `simulation_mismatch`, in token units; an altered approval (unlimited, foreign) is refused by the same
// check. 0x on evm-b: the same exact changes, 10 × pull and other recipient, on a second local EVM (Arbitrum's chain id,
// its USDC and WETH) through SVC_RPC_EVM_B. Cetus (move-chain): the local Sui node follows the router's coins as its published code moves them
// (testing/chains/sui/cetus-flow.ts): exact changes, and a PTB altered after building (10 × the amount, another
// recipient) refused by the checker. Jupiter (svm-chain): the local quote server answers /build with Jupiter v6's `route`
// (Jupiter's own IDL coder) through a stand-in pool and its address lookup table, and the local Solana chain runs it
// (testing/chains/solana/jupiter.ts): exact changes, wrapped SOL unwrapped into the owner's lamports, the platform fee to
// its recipient; 10 × the amount or the output to another owner is refused, a pool below the slippage fails Jupiter's
// own check. Through an RPC that cannot simulate (and 0x through one without eth_simulateV1) the plan carries
// `unavailable` with the reason and the checker does not block it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanSummary } from "../../components/plan/plan-summary";
import { signBlockReason } from "../../components/plan/sign-rules";
import type { Plan } from "../../lib/api";
import { USDC } from "../../server/chains/balances";
import { checkChanges, type ExpectedChanges } from "../../server/chains/check-changes";
import type { EvmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import type { ServiceFee } from "../../server/fees/recipient";
import { swapExpectation } from "../../server/plans/swap";
import type { Quote } from "../../server/quotes/types";
import type { PlanTransaction } from "../../server/chains/transaction";
import { resetConfigForTests } from "../../server/config";
import { deployMintableToken, deployUsdc, erc20Balance, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { deployZeroExExchange } from "../../testing/chains/evm/zerox-exchange";
import { address } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import type { SolanaPayload } from "../../server/chains/solana";
import { type InstalledPool, installLocalPool, JUPITER, JUPITER_V6, jupiterRouteData } from "../../testing/chains/solana/jupiter";
import { SolanaLocalChain, splTokenAccountData } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { type App, startApp } from "../support/app";
import { FAKE_ALLOWANCE_HOLDER, type FakeQuotes, quoteEnv, startFakeQuotes } from "../support/fake-quotes";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { SUI_SIMULATION_UNSERVED, suiUnavailableEither } from "../support/sui-unavailable";
import { SOL, SUI } from "../support/wallets";

type Change = { owner: string; asset: { chain: string; id: string; symbol: string | null; decimals: number | null }; amount: string };
type Changes = { status: string; balanceChanges: Change[] | null; approvals: { token: string; spender: string; amount: string }[] | null; source: string | null; reason: string | null };
type Tx = PlanTransaction & { simulation?: { status: string; gasEstimate: string | null; changes?: Changes } };
type SwapPlan = {
  status: string;
  amountIn: string;
  minAmountOut: string | null;
  blockers?: { code: string; message: string }[];
  fees: { kind: string; amountMicros: string | null }[];
  transactions: Tx[];
};

/**
 * The service's own expectation for a swap plan's answer: `swapExpectation`, the function the plan route checks the
 * simulation with, fed the answer's figures (amountIn, minAmountOut, the service fee line) and the fee's `recipient`.
 * The altered-transaction tests hold the altered simulation to it as well as to the owner's reading written in the test,
 * so a check the service would let through fails here too.
 */
function serviceExpectation(chain: "move-chain" | "svm-chain" | "evm-a" | "evm-b", owner: string, inputToken: string, outputToken: string, plan: SwapPlan, recipient: string | null): ExpectedChanges {
  const amount = BigInt(plan.fees.find((f) => f.kind === "service")?.amountMicros ?? "0");
  const fee: ServiceFee =
    amount > 0n && recipient ? { collected: true, recipient, bps: 0, amount, reason: null } : { collected: false, recipient: null, bps: 0, amount: 0n, reason: "no service fee line" };
  const request = fee.collected ? { bps: 0, recipient: fee.recipient, amount } : null;
  // swapExpectation reads a quote's `evm` (0x: the contract the swap calls, `to`) and `serviceFee` only.
  const swap = plan.transactions.find((t) => t.kind === "swap")?.payload as EvmCall | undefined;
  const evm = (chain === "evm-a" || chain === "evm-b") && swap ? { to: swap.to, data: swap.data, value: "0", allowance: null } : undefined;
  const quote = { evm, serviceFee: amount > 0n ? { amount, asset: inputToken, source: "the plan's service fee line" } : undefined } as Quote;
  return swapExpectation(chain, owner, inputToken, outputToken, BigInt(plan.amountIn), BigInt(plan.minAmountOut ?? "0"), quote, fee, request);
}

const USDC_BASE = USDC["evm-a"];
/** Base's WETH9 predeploy (ethereum-optimism/optimism packages/contracts-bedrock/src/libraries/Predeploys.sol, commit e48ad8dea2ee4a7752465d27b8bc971ce0f89a23: WETH9). */
const WETH_BASE = "0x4200000000000000000000000000000000000006";
const USDC_ARBITRUM = USDC["evm-b"];
/** Arbitrum One's WETH (the base token of Compound v3's WETH market there: testing/chains/evm/comet-deployments.ts). */
const WETH_ARBITRUM = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";
const OWNER = "0x2222222222222222222222222222222222222222";
/** An owner who approved the exchange without limit before (a standing allowance a drained swap would use). */
const APPROVED = "0x5555555555555555555555555555555555555555";
const FEE_EVM = `0x${"fe".repeat(20)}`;
/** evm-b's own fee recipient (SVC_FEE_RECIPIENT_EVM_B), another address than evm-a's. */
const FEE_EVM_B = `0x${"fb".repeat(20)}`;
const FEE_SVM = fixtureAddress("swap-fee-recipient");
const OTHER_SOL = fixtureAddress("someone-else");
const OTHER = "0x000000000000000000000000000000000000bEEF";
const AMOUNT = 1_000_000n; // 1 USDC
const SLIPPAGE = 100;
const ADMIN = "0x1111111111111111111111111111111111111111";
/** 0x's core cases run on each EVM chain: its local node's chain id, USDC, output token and fee recipient. */
const ZEROX_CHAINS = [
  { chain: "evm-a", chainId: 8453, usdc: USDC_BASE, weth: WETH_BASE, feeRecipient: FEE_EVM },
  { chain: "evm-b", chainId: 42161, usdc: USDC_ARBITRUM, weth: WETH_ARBITRUM, feeRecipient: FEE_EVM_B },
] as const;
type ZeroXChain = (typeof ZEROX_CHAINS)[number];

describe("swap plans: the chain's simulated changes checked against the plan", () => {
  let node: EvmNode;
  /** evm-b's local node (Arbitrum's chain id), for 0x's core cases there. */
  let nodeB: EvmNode;
  const nodeOf = (c: ZeroXChain) => (c.chain === "evm-a" ? node : nodeB);
  let quotes: FakeQuotes;
  let rpc: FakeRpc;
  let app: App;
  const post = (path: string, body: unknown) => call<SwapPlan>(app.url, "POST", `/api/v1${path}`, { body });
  const zeroEx = (owner: string, c: ZeroXChain = ZEROX_CHAINS[0]) => post("/svc/evm/swap/plan", { chain: c.chain, inputToken: "USDC", outputToken: c.weth, amountIn: AMOUNT.toString(), slippageBps: SLIPPAGE, owner });
  /** What the plan says, as the owner reads it: amountIn leaves, the service fee line to its recipient, at least minAmountOut arrives; approvals to the contract the swap calls. */
  const expectedOf = (plan: SwapPlan, owner: string, c: ZeroXChain = ZEROX_CHAINS[0]): ExpectedChanges => {
    const fee = BigInt(plan.fees.find((f) => f.kind === "service")?.amountMicros ?? "0");
    const swap = plan.transactions.find((t) => t.kind === "swap")?.payload as EvmCall;
    return {
      chain: c.chain,
      owner,
      spends: [{ asset: c.usdc, amount: BigInt(plan.amountIn) }],
      pays: fee > 0n ? [{ to: c.feeRecipient, asset: c.usdc, amount: fee }] : [],
      venues: [swap.to],
      venueTakesSpent: true,
      spentToAnyAddress: true,
      receives: [{ asset: c.weth, atLeast: BigInt(plan.minAmountOut ?? "0") }],
    };
  };

  beforeAll(async () => {
    [node, nodeB] = await Promise.all([startEvmNode({ chainId: ZEROX_CHAINS[0].chainId }), startEvmNode({ chainId: ZEROX_CHAINS[1].chainId })]);
    for (const c of ZEROX_CHAINS) {
      const n = nodeOf(c);
      // An RPC with eth_simulateV1: its calls' Transfer and Approval logs are the balance changes.
      n.methods.simulateV1 = true;
      await deployUsdc(n, c.usdc, ADMIN);
      await deployMintableToken(n, c.weth, ADMIN, "Wrapped Ether", "WETH", 18);
      await deployZeroExExchange(n, FAKE_ALLOWANCE_HOLDER, ADMIN);
      // The pools' side: the exchange holds the output it pays.
      await mintUsdc(n, c.weth, FAKE_ALLOWANCE_HOLDER, 10n ** 24n);
      for (const o of [OWNER, APPROVED]) {
        await mintUsdc(n, c.usdc, o, 100_000_000n);
        await n.setBalance(o, 10n ** 18n);
      }
      await n.exec(APPROVED, c.usdc, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [FAKE_ALLOWANCE_HOLDER, maxUint256] }));
    }
    quotes = await startFakeQuotes();
    quotes.zerox.exec = true;
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, SUI);
    app = await startApp({
      db: "pglite",
      env: {
        SVC_RPC_EVM_A: node.url,
        SVC_RPC_EVM_B: nodeB.url,
        SVC_RPC_MOVE: rpc.url,
        SVC_RPC_SVM: rpc.url,
        SVC_RPC_TIMEOUT_MS: "30000",
        SVC_FEE_RECIPIENT_EVM_A: FEE_EVM,
        SVC_FEE_RECIPIENT_EVM_B: FEE_EVM_B,
        SVC_FEE_RECIPIENT_SVM: FEE_SVM,
        ...quoteEnv(quotes.url),
      },
    });
  }, 120_000);
  afterAll(async () => {
    delete process.env.SVC_RPC_EVM_A;
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await app?.stop();
    await quotes?.close();
    await rpc?.close();
    await node?.close();
    await nodeB?.close();
  });

  describe.each(ZEROX_CHAINS)("0x on $chain", (c) => {
    it("0x: the approve and the swap as simulated are the plan to the base unit, and the plan is prepared", async () => {
      const r = await zeroEx(OWNER, c);
      expect(r.json.blockers).toBeUndefined();
      expect(r.json.status).toBe("prepared");
      const fee = BigInt(r.json.fees.find((f) => f.kind === "service")?.amountMicros ?? "0");
      expect(fee > 0n).toBe(true);
      const out = ((AMOUNT - fee) * 995n) / 1000n; // the quote server's rate on what is left after the fee
      const [approve, swap] = r.json.transactions;
      expect(approve?.kind).toBe("approve");
      expect(approve?.payload).toMatchObject({ chainId: c.chainId });
      expect(approve?.simulation?.changes).toMatchObject({ status: "ok", approvals: [{ token: getAddress(c.usdc), spender: getAddress(FAKE_ALLOWANCE_HOLDER), amount: AMOUNT.toString() }], balanceChanges: [] });
      const changes = swap?.simulation?.changes;
      expect(changes?.source).toMatch(/eth_simulateV1/);
      const of = (owner: string, token: string) => changes?.balanceChanges?.find((x) => x.owner.toLowerCase() === owner.toLowerCase() && x.asset.id.toLowerCase() === token.toLowerCase())?.amount;
      expect(of(OWNER, c.usdc)).toBe((-AMOUNT).toString());
      expect(of(c.feeRecipient, c.usdc)).toBe(fee.toString());
      expect(of(FAKE_ALLOWANCE_HOLDER, c.usdc)).toBe((AMOUNT - fee).toString());
      expect(of(OWNER, c.weth)).toBe(out.toString());
      expect(of(FAKE_ALLOWANCE_HOLDER, c.weth)).toBe((-out).toString());
      expect(changes?.balanceChanges).toHaveLength(5);
      // Contract §11: the simulation itself carries the same balance changes and approvals.
      expect(swap?.simulation).toMatchObject({ balanceChanges: changes?.balanceChanges, approvals: changes?.approvals, balanceChangesReason: null });
      expect(approve?.simulation).toMatchObject({ balanceChanges: [], approvals: approve?.simulation?.changes?.approvals, balanceChangesReason: null });
      expect(BigInt(r.json.minAmountOut ?? "0")).toBe((out * BigInt(10_000 - SLIPPAGE)) / 10_000n);
      // Nothing was sent: a plan is prepared, never executed.
      expect(await erc20Balance(nodeOf(c), c.usdc, OWNER)).toBe(100_000_000n);
    });

    it("0x: a quote server answering a swap that pulls 10 × the amount through a standing allowance is blocked, in USDC", async () => {
      quotes.allowances.set(APPROVED.toLowerCase(), maxUint256);
      quotes.zerox.pullTimes = 10n;
      try {
        const r = await zeroEx(APPROVED, c);
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers).toEqual([{ code: "simulation_mismatch", message: expect.stringContaining("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC") }]);
        expect(r.json.blockers?.[0]?.message).toContain(`The chain's simulation on ${c.chain} differs from the plan`);
        // The same quote without the alteration is prepared: the block is the amount, not the standing allowance.
        quotes.zerox.pullTimes = 1n;
        const plain = await zeroEx(APPROVED, c);
        expect(plain.json.blockers).toBeUndefined();
        expect(plain.json.status).toBe("prepared");
      } finally {
        quotes.zerox.pullTimes = 1n;
        quotes.allowances.clear();
      }
    });

    it("0x: a quote server answering a swap that sends the output to another address is blocked, naming what the owner gets", async () => {
      quotes.zerox.recipient = OTHER;
      try {
        const r = await zeroEx(OWNER, c);
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers?.[0]?.code).toBe("simulation_mismatch");
        expect(r.json.blockers?.[0]?.message).toMatch(/you receive \d+\.\d{18} WETH by the plan, the simulation gives you 0\.0{18} WETH/);
      } finally {
        quotes.zerox.recipient = null;
      }
    });

    it("0x: a quote server answering a transaction that also sends ETH (value) is blocked, naming the ETH that would leave the wallet", async () => {
      quotes.zerox.value = 10n ** 17n; // 0.1 ETH, which the exchange (payable exec) accepts and keeps
      try {
        const r = await zeroEx(OWNER, c);
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers).toEqual([{ code: "simulation_mismatch", message: expect.stringContaining("0.100000000000000000 ETH leaves your wallet that the plan does not spend") }]);
      } finally {
        quotes.zerox.value = 0n;
      }
    });

    it("0x: a quote naming another spender than the contract the swap calls is blocked (the owner would approve a foreign spender)", async () => {
      // The owner's standing allowance lets the swap itself succeed, so only the approval differs from the plan.
      quotes.allowances.set(APPROVED.toLowerCase(), 0n);
      quotes.zerox.spender = OTHER;
      try {
        const r = await zeroEx(APPROVED, c);
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers).toEqual([{ code: "simulation_mismatch", message: expect.stringContaining(`an approval of 1.000000 USDC to ${OTHER}; the plan approves 1.000000 USDC of it to the contract it calls`) }]);
      } finally {
        quotes.zerox.spender = null;
        quotes.allowances.clear();
      }
    });

    it("0x: the plan's approval altered after building (unlimited, or to another spender) is refused by the same check", async () => {
      const r = await zeroEx(OWNER, c);
      expect(r.json.status).toBe("prepared");
      process.env[c.chain === "evm-a" ? "SVC_RPC_EVM_A" : "SVC_RPC_EVM_B"] = nodeOf(c).url;
      resetConfigForTests();
      const expected = expectedOf(r.json, OWNER, c);
      const approveTo = (spender: string, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender as Hex, amount] });
      const withApprove = (data: Hex) => r.json.transactions.map((t, i) => (i === 0 ? { ...t, payload: { ...(t.payload as EvmCall), data } } : t));
      const untouched = await simulateTransactions(r.json.transactions, OWNER);
      expect(checkChanges(untouched.transactions, expected)).toBeNull();
      const service = serviceExpectation(c.chain, OWNER, c.usdc, c.weth, r.json, c.feeRecipient);
      expect(checkChanges(untouched.transactions, service)).toBeNull();
      const unlimitedSim = await simulateTransactions(withApprove(approveTo(FAKE_ALLOWANCE_HOLDER, maxUint256)), OWNER);
      const unlimited = checkChanges(unlimitedSim.transactions, expected);
      expect(unlimited?.code).toBe("simulation_mismatch");
      expect(unlimited?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
      expect(checkChanges(unlimitedSim.transactions, service)?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
      // Approving a foreign spender instead: the swap then cannot pull the USDC, and the chain refuses it.
      const foreign = await simulateTransactions(withApprove(approveTo(OTHER, AMOUNT)), OWNER);
      const checked = checkChanges(foreign.transactions, expected);
      expect(foreign.blocker?.code ?? checked?.code).toMatch(/simulation_failed|simulation_mismatch/);
      if (!foreign.blocker) expect(checked?.message).toContain(`to ${OTHER}`);
      if (!foreign.blocker) expect(checkChanges(foreign.transactions, service)?.code).toBe("simulation_mismatch");
    });
  });

  describe("Cetus (move-chain): the router's coin flow on the local Sui node", () => {
    const CETUS_IN = 2_000_000n;
    const cetus = () => post("/svc/swap-move/plan", { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: CETUS_IN.toString(), owner: SUI, slippageBps: 50 });
    const expectedSui = (plan: SwapPlan): ExpectedChanges => ({
      chain: "move-chain",
      owner: SUI,
      spends: [{ asset: USDC["move-chain"], amount: BigInt(plan.amountIn) }],
      venueTakesSpent: true,
      receives: [{ asset: "native", atLeast: BigInt(plan.minAmountOut ?? "0") }],
    });
    const cetusService = (plan: SwapPlan) => serviceExpectation("move-chain", SUI, USDC["move-chain"], "0x2::sui::SUI", plan, null);
    /** The swap's PTB with each pure input equal to `from` (BCS bytes) replaced by `to`, and the coin intent's balance set. */
    const altered = (payload: string, pure: [Uint8Array, Uint8Array][], balance?: bigint): string => {
      const data = JSON.parse(payload) as { inputs: { Pure?: { bytes: string } }[]; commands: { $Intent?: { data: { balance: string } } }[] };
      for (const [from, to] of pure) {
        const hits = data.inputs.filter((i) => i.Pure && Buffer.from(i.Pure.bytes, "base64").equals(Buffer.from(from)));
        expect(hits.length).toBeGreaterThan(0);
        for (const h of hits) if (h.Pure) h.Pure.bytes = Buffer.from(to).toString("base64");
      }
      const intent = data.commands[0]?.$Intent;
      if (balance !== undefined && intent) intent.data.balance = balance.toString();
      return JSON.stringify(data);
    };
    const u64 = (n: bigint) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(n);
      return b;
    };
    const addr = (a: string) => Buffer.from(a.slice(2).padStart(64, "0"), "hex");
    const inSui = async (txs: PlanTransaction[]) => {
      process.env.SVC_RPC_MOVE = rpc.url;
      resetConfigForTests();
      return simulateTransactions(txs, SUI);
    };

    it("the simulated changes are the plan: 2 USDC out, the pool's SUI in (less gas), and the plan is prepared", async () => {
      const r = await cetus();
      expect(r.json.blockers).toBeUndefined();
      expect(r.json.status).toBe("prepared");
      const sim = r.json.transactions[0]?.simulation;
      expect(sim?.changes).toMatchObject({ status: "ok", source: expect.stringMatching(/balance_changes/) });
      const of = (symbol: string) => sim?.changes?.balanceChanges?.find((c) => c.owner === SUI && c.asset.symbol === symbol)?.amount;
      expect(of("USDC")).toBe((-CETUS_IN).toString());
      const out = (CETUS_IN * 995n) / 1000n; // the local pool's rate, as the quote
      const gas = out - BigInt(of("SUI") ?? "0");
      expect(gas > 0n && gas <= BigInt(sim?.gasEstimate ?? "0")).toBe(true);
      expect(sim?.changes?.balanceChanges).toHaveLength(2);
    });

    it("the PTB altered to swap 10 × the amount is blocked, naming both amounts in USDC", async () => {
      const r = await cetus();
      const tx = r.json.transactions[0] as Tx;
      // The coin, the router's max_amount_in/quote_amount_in and the adapter's amount_in, all 10 ×: the router accepts it.
      const payload = altered(tx.payload as string, [[u64(CETUS_IN), u64(CETUS_IN * 10n)]], CETUS_IN * 10n);
      const sim = await inSui([{ ...tx, payload }]);
      expect(sim.blocker).toBeNull();
      const b = checkChanges(sim.transactions, expectedSui(r.json));
      expect(b?.code).toBe("simulation_mismatch");
      expect(b?.message).toContain("you send 2.000000 USDC by the plan, the simulation sends 20.000000 USDC");
      expect(checkChanges(sim.transactions, cetusService(r.json))?.message).toContain("you send 2.000000 USDC by the plan, the simulation sends 20.000000 USDC");
    });

    it("the PTB altered to send the output to another address is blocked, naming that address and what the owner gets", async () => {
      const r = await cetus();
      const tx = r.json.transactions[0] as Tx;
      const other = `0x${"0d".repeat(32)}`;
      const sim = await inSui([{ ...tx, payload: altered(tx.payload as string, [[addr(SUI), addr(other)]]) }]);
      const b = checkChanges(sim.transactions, expectedSui(r.json));
      expect(b?.code).toBe("simulation_mismatch");
      expect(b?.message).toContain(`goes to ${other}, which the plan does not name`);
      expect(checkChanges(sim.transactions, cetusService(r.json))?.code).toBe("simulation_mismatch");
      expect(b?.message).toMatch(/you receive 0\.\d{9} SUI by the plan, the simulation gives you -0\.\d{9} SUI/);
    });

    it("a node that does not answer the simulation, or does not offer it (SimulateTransaction unimplemented): the swap's changes are unavailable with the reason, and the checker does not block", async () => {
      const r = await cetus();
      const unserved = await suiUnavailableEither(rpc, () => inSui(r.json.transactions), expectedSui(r.json));
      expect(checkChanges(unserved.transactions, cetusService(r.json))).toBeNull();
      // Contract §11: absent figures are null with the reason.
      expect(unserved.transactions[0]?.simulation).toMatchObject({ balanceChanges: null, approvals: null, balanceChangesReason: SUI_SIMULATION_UNSERVED });
    });

    it("the untouched PTB agrees with the plan", async () => {
      const r = await cetus();
      const sim = await inSui(r.json.transactions);
      expect(checkChanges(sim.transactions, expectedSui(r.json))).toBeNull();
      expect(checkChanges(sim.transactions, cetusService(r.json))).toBeNull();
    });
  });

  it("the dashboard's swap review (the same plan summary as deposits) lists the simulated changes; a mismatch shows both sides and Sign is disabled", async () => {
    const review = (plan: SwapPlan) => renderToStaticMarkup(createElement(PlanSummary, { plan: plan as unknown as Plan }));
    const sui = await post("/svc/swap-move/plan", { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "2000000", owner: SUI, slippageBps: 50 });
    const suiHtml = review(sui.json);
    expect(suiHtml).toContain('data-testid="balance-changes">You send 2 USDC');
    expect(suiHtml).toContain("from the chain’s simulation at");
    expect(signBlockReason(sui.json as unknown as Plan, "sui")).toBeNull();
    const evm = review((await zeroEx(OWNER)).json);
    expect(evm).toContain('data-testid="balance-changes">You send 1 USDC');
    // The approve's allowance, in token units, naming the spender (the contract the swap calls).
    expect(evm).toContain(`data-testid="balance-changes">You allow ${FAKE_ALLOWANCE_HOLDER.slice(0, 6)}…${FAKE_ALLOWANCE_HOLDER.slice(-4)} to spend 1 USDC`);
    quotes.allowances.set(APPROVED.toLowerCase(), maxUint256);
    quotes.zerox.pullTimes = 10n;
    try {
      const blocked = (await zeroEx(APPROVED)).json;
      const html = review(blocked);
      expect(html).toContain('data-testid="blockers"');
      expect(html).toContain("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC");
      expect(html).not.toContain('data-testid="transactions"');
      expect(signBlockReason({ ...(blocked as unknown as Plan), ownerSigning: true } as Plan, "evm")).toBe("The plan is blocked; fix what is listed above first.");
    } finally {
      quotes.zerox.pullTimes = 1n;
      quotes.allowances.clear();
    }
  });

  describe("Jupiter (svm-chain): the v6 route on the local Solana chain", () => {
    const SOL_IN = 1_000_000n; // 1 USDC
    const OWNER_USDC = 100_000_000n;
    const jupiter = (slippageBps = 30) => post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: WRAPPED_SOL_MINT, amountIn: SOL_IN.toString(), owner: SOL, slippageBps });
    let solana: SolanaLocalChain;
    let pool: InstalledPool;
    let feeAta: string;
    const expectedSol = (plan: SwapPlan): ExpectedChanges => ({
      chain: "svm-chain",
      owner: SOL,
      spends: [{ asset: USDC["svm-chain"], amount: BigInt(plan.amountIn) }],
      pays: [{ to: FEE_SVM, asset: USDC["svm-chain"], amount: BigInt(plan.fees.find((f) => f.kind === "service")?.amountMicros ?? "0") }],
      venueTakesSpent: true,
      spentToAnyAddress: true,
      receives: [{ asset: "native", atLeast: BigInt(plan.minAmountOut ?? "0") }],
    });
    const inSolana = async (txs: PlanTransaction[]) => {
      process.env.SVC_RPC_SVM = rpc.url;
      resetConfigForTests();
      return simulateTransactions(txs, SOL);
    };

    beforeAll(async () => {
      solana = new SolanaLocalChain(() => rpc.solanaAccounts);
      solana.blockhashes.add(rpc.blockhash);
      solana.lamports.set(SOL, 1_000_000_000n);
      solana.addMint(USDC["svm-chain"], FEE_SVM);
      solana.addMint(WRAPPED_SOL_MINT, FEE_SVM, 9);
      await solana.setTokenBalance(SOL, USDC["svm-chain"], OWNER_USDC);
      // The fee recipient's USDC account (Jupiter's feeAccount), on the chain and as the quote server knows it.
      feeAta = await solana.setTokenBalance(FEE_SVM, USDC["svm-chain"], 0n);
      rpc.solanaAccounts.set(feeAta, { owner: TOKEN_PROGRAM_ADDRESS, data: splTokenAccountData(USDC["svm-chain"], FEE_SVM) });
      quotes.tokenAccounts.set(feeAta, { mint: USDC["svm-chain"], owner: FEE_SVM });
      // The pool pays at the quote server's rate (995/1000), so the route gives what /build quotes.
      pool = installLocalPool(solana, rpc.solanaAccounts, "usdc-wsol", { inMint: USDC["svm-chain"], outMint: WRAPPED_SOL_MINT }, quotes.rate, 10n ** 15n);
      quotes.jupiter.pools.set(`${USDC["svm-chain"]}>${WRAPPED_SOL_MINT}`, pool);
      rpc.solanaChain = solana;
    });
    afterAll(() => {
      rpc.solanaChain = null;
      quotes.jupiter.pools.clear();
      quotes.tokenAccounts.clear();
      rpc.solanaAccounts.delete(feeAta);
    });

    it("the simulated changes are the plan: 1 USDC out (the fee to its recipient), the route's SOL in less the network fee, and the plan is prepared", async () => {
      const r = await jupiter();
      expect(r.json.blockers).toBeUndefined();
      expect(r.json.status).toBe("prepared");
      const fee = BigInt(r.json.fees.find((f) => f.kind === "service")?.amountMicros ?? "0");
      expect(fee > 0n).toBe(true);
      const sim = r.json.transactions[0]?.simulation as (Tx["simulation"] & { fee: { amount: string } | null }) | undefined;
      expect(sim?.status).toBe("ok");
      expect(sim?.changes).toMatchObject({ status: "ok", source: expect.stringMatching(/^svm-chain RPC: simulate/) });
      const of = (owner: string, asset: string) => sim?.changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.id === asset)?.amount;
      const gross = ((SOL_IN - fee) * quotes.rate.num) / quotes.rate.den; // lamports the pool pays for what is routed
      expect(of(SOL, USDC["svm-chain"])).toBe((-SOL_IN).toString());
      expect(of(FEE_SVM, USDC["svm-chain"])).toBe(fee.toString());
      expect(of(pool.pool.authority, USDC["svm-chain"])).toBe((SOL_IN - fee).toString());
      expect(of(pool.pool.authority, WRAPPED_SOL_MINT)).toBe((-gross).toString());
      // Unwrapped: the owner's lamports rise by the route's output less the network fee the simulation states (the
      // wrapped-SOL account's rent is paid and given back in the same transaction).
      const paid = gross - BigInt(of(SOL, "native") ?? "0");
      expect(paid >= 5000n && paid <= BigInt(sim?.fee?.amount ?? "0")).toBe(true); // at least the signature's fee, at most the fee the plan states
      expect(sim?.changes?.balanceChanges).toHaveLength(5);
      // The plan's minimum is the quote's, within the slippage the owner asked for.
      expect(BigInt(r.json.minAmountOut ?? "0")).toBe((gross * (10_000n - 30n)) / 10_000n);
      // Nothing was sent: the owner's USDC is untouched.
      expect(solana.tokens.get((await findAssociatedTokenPda({ owner: address(SOL), mint: address(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0])?.amount).toBe(OWNER_USDC);
    });

    it("an owner who already holds wrapped SOL: the unwrap gives it back as lamports with the route's output; the plan is prepared (wSOL and SOL are one asset)", async () => {
      const wsol = await solana.setTokenBalance(SOL, WRAPPED_SOL_MINT, 7_000_000n);
      try {
        const r = await jupiter();
        expect(r.json.blockers).toBeUndefined();
        expect(r.json.status).toBe("prepared");
        const changes = r.json.transactions[0]?.simulation?.changes?.balanceChanges ?? [];
        // The wSOL account closed: its 0.007 wSOL leave as a token balance and arrive as lamports.
        expect(changes.find((c) => c.owner === SOL && c.asset.id === WRAPPED_SOL_MINT)?.amount).toBe("-7000000");
        expect(BigInt(changes.find((c) => c.owner === SOL && c.asset.id === "native")?.amount ?? "0") > 7_000_000n).toBe(true);
      } finally {
        solana.tokens.delete(wsol);
      }
    });

    it("SOL in: wrapped into the owner's wSOL account for the route and what is left given back; the changes are 0.1 SOL (and the network fee) out, the route's USDC in", async () => {
      const SOL_AMOUNT = 100_000_000n; // 0.1 SOL
      const back = installLocalPool(solana, rpc.solanaAccounts, "wsol-usdc", { inMint: WRAPPED_SOL_MINT, outMint: USDC["svm-chain"] }, quotes.rate, 10n ** 12n);
      quotes.jupiter.pools.set(`${WRAPPED_SOL_MINT}>${USDC["svm-chain"]}`, back);
      try {
        const r = await post("/svc/swap-svm/plan", { inputToken: WRAPPED_SOL_MINT, outputToken: "USDC", amountIn: SOL_AMOUNT.toString(), owner: SOL, slippageBps: 30 });
        expect(r.json.blockers).toBeUndefined();
        expect(r.json.status).toBe("prepared");
        const sim = r.json.transactions[0]?.simulation as (Tx["simulation"] & { fee: { amount: string } | null }) | undefined;
        const of = (owner: string, asset: string) => sim?.changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.id === asset)?.amount;
        const out = (SOL_AMOUNT * quotes.rate.num) / quotes.rate.den;
        expect(of(SOL, USDC["svm-chain"])).toBe(out.toString());
        // The owner's lamports: the amount wrapped and swapped, plus the network fee (the wSOL account's rent comes back).
        const paid = -BigInt(of(SOL, "native") ?? "0") - SOL_AMOUNT;
        expect(paid >= 5000n && paid <= BigInt(sim?.fee?.amount ?? "0")).toBe(true);
        expect(of(SOL, WRAPPED_SOL_MINT)).toBeUndefined();
      } finally {
        quotes.jupiter.pools.delete(`${WRAPPED_SOL_MINT}>${USDC["svm-chain"]}`);
      }
    });

    it("a quote server answering a route that takes 10 × the amount is blocked, naming both amounts in USDC", async () => {
      quotes.jupiter.inTimes = 10n;
      try {
        const r = await jupiter();
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers?.[0]?.code).toBe("simulation_mismatch");
        expect(r.json.blockers?.[0]?.message).toContain("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC");
      } finally {
        quotes.jupiter.inTimes = 1n;
      }
    });

    it("a quote server routing the output to another owner's account is blocked, naming that owner and what the owner gets", async () => {
      quotes.jupiter.destinationOwner = OTHER_SOL;
      try {
        const r = await jupiter();
        expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers?.[0]?.code).toBe("simulation_mismatch");
        expect(r.json.blockers?.[0]?.message).toMatch(new RegExp(`0\\.\\d{9} SOL goes to ${OTHER_SOL}, which the plan does not name`));
        expect(r.json.blockers?.[0]?.message).toMatch(/you receive 0\.\d{9} SOL by the plan, the simulation gives you -0\.\d{9} SOL/);
      } finally {
        quotes.jupiter.destinationOwner = null;
      }
    });

    it("the route altered after building (in_amount × 10) is refused by the checker; the untouched plan agrees with it", async () => {
      const r = await jupiter();
      expect(r.json.status).toBe("prepared");
      const untouched = await inSolana(r.json.transactions);
      expect(checkChanges(untouched.transactions, expectedSol(r.json))).toBeNull();
      const jupiterService = (plan: SwapPlan) => serviceExpectation("svm-chain", SOL, USDC["svm-chain"], WRAPPED_SOL_MINT, plan, FEE_SVM);
      expect(checkChanges(untouched.transactions, jupiterService(r.json))).toBeNull();
      const tx = r.json.transactions[0] as Tx;
      const payload = tx.payload as SolanaPayload;
      const instructions = payload.instructions.map((ix) => {
        if (ix.programAddress !== JUPITER_V6) return ix;
        const decoded = JUPITER.coder.instruction.decode(Buffer.from(ix.data, "base64"))?.data as { inAmount: unknown; quotedOutAmount: unknown; slippageBps: number; platformFeeBps: number };
        const data = jupiterRouteData({ inAmount: BigInt(String(decoded.inAmount)) * 10n, quotedOutAmount: BigInt(String(decoded.quotedOutAmount)), slippageBps: decoded.slippageBps, platformFeeBps: decoded.platformFeeBps });
        return { ...ix, data: data.toString("base64") };
      });
      expect(instructions).not.toEqual(payload.instructions);
      const altered = await inSolana([{ ...tx, payload: { ...payload, instructions } }]);
      expect(altered.blocker).toBeNull();
      const b = checkChanges(altered.transactions, expectedSol(r.json));
      expect(b?.code).toBe("simulation_mismatch");
      expect(b?.message).toContain("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC");
      expect(checkChanges(altered.transactions, jupiterService(r.json))?.message).toContain("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC");
    });

    it("a pool paying less than the slippage allows fails Jupiter's own check: the plan is blocked with the program's error", async () => {
      installLocalPool(solana, rpc.solanaAccounts, "usdc-wsol", { inMint: USDC["svm-chain"], outMint: WRAPPED_SOL_MINT }, { num: 900n, den: 1000n }, 10n ** 15n);
      try {
        const r = await jupiter();
        expect(r.json.status).toBe("blocked");
        expect(r.json.blockers?.[0]?.code).toBe("simulation_failed");
        expect(r.json.blockers?.[0]?.message).toMatch(/SlippageToleranceExceeded|0x1771/);
      } finally {
        installLocalPool(solana, rpc.solanaAccounts, "usdc-wsol", { inMint: USDC["svm-chain"], outMint: WRAPPED_SOL_MINT }, quotes.rate, 10n ** 15n);
      }
    });
  });

  it("Jupiter (svm-chain): an RPC that cannot simulate the route leaves changes unavailable with the reason, the plan not blocked by the check", async () => {
    const r = await post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000", owner: SOL, slippageBps: 30 });
    expect(r.json.blockers ?? []).not.toContainEqual(expect.objectContaining({ code: "simulation_mismatch" }));
    expect(r.json.status).toBe("prepared");
    const sim = r.json.transactions[0]?.simulation as { status: string; reason?: string | null; changes?: Changes } | undefined;
    expect(sim?.status).toBe("unavailable");
    // The reason, in words: this RPC has neither simulateBundle nor simulateTransaction.
    expect((sim as { error?: string | null } | undefined)?.error).toMatch(/simulateTransaction did not answer \(.*not found/);
    expect(sim?.changes).toBeUndefined();
  });

  // Last: the app remembers an RPC without eth_simulateV1 for the rest of its life.
  // Last on each node: once an RPC answers that it has no eth_simulateV1 or debug_traceCall, this process asks it no more.
  it.each(ZEROX_CHAINS)("0x on $chain through an RPC without eth_simulateV1: the changes come from debug_traceCall and a swap pulling 10 × is blocked; with neither method, unavailable with its reason and the plan prepared", async (c) => {
    const node = nodeOf(c);
    node.methods.simulateV1 = false;
    quotes.zerox.pullTimes = 10n;
    quotes.allowances.set(APPROVED.toLowerCase(), maxUint256);
    try {
      const traced = await zeroEx(APPROVED, c);
      expect(traced.json.blockers).toMatchObject([{ code: "simulation_mismatch", message: expect.stringContaining("you send 1.000000 USDC by the plan, the simulation sends 10.000000 USDC") }]);
      // Without debug_traceCall either: nothing to compare with (the wallet's own check remains).
      node.methods.traceCall = false;
      const r = await zeroEx(APPROVED, c);
      expect(r.json.blockers).toBeUndefined();
      expect(r.json.status).toBe("prepared");
      expect(r.json.transactions[0]?.simulation?.changes).toMatchObject({ status: "unavailable", reason: "The RPC has neither eth_simulateV1 nor debug_traceCall (eth_call returns no logs), so the balance changes are not known." });
    } finally {
      node.methods.traceCall = true;
      node.methods.simulateV1 = true;
      quotes.zerox.pullTimes = 1n;
      quotes.allowances.clear();
    }
  });
});
