// A swap to a token the service does not know (issue 23 item 3): the owner sees the simulated change in that token's
// units before the wallet opens. 0x on evm-a: the local quote server answers a full AllowanceHolder.exec that the local
// exchange (testing/chains/evm/zerox-exchange.ts) runs on a real EVM with eth_simulateV1; the output is an ERC-20 with 8
// decimals deployed on the local node, in no list of the service. Its decimals() and symbol() are read from the node
// after the simulation, once per process (a second plan asks nothing), and the plan's changes and a mismatch message
// name it in its units.
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { resetConfigForTests } from "../../server/config";
import { deployMintableToken, deployUsdc, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { deployZeroExExchange } from "../../testing/chains/evm/zerox-exchange";
import { type App, startApp } from "../support/app";
import { FAKE_ALLOWANCE_HOLDER, type FakeQuotes, quoteEnv, startFakeQuotes } from "../support/fake-quotes";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

type Change = { owner: string; asset: { chain: string; id: string; symbol: string | null; decimals: number | null }; amount: string };
type SwapPlan = {
  status: string;
  minAmountOut: string | null;
  blockers?: { code: string; message: string }[];
  fees: { kind: string; amountMicros: string | null }[];
  transactions: { kind: string; simulation?: { changes?: { status: string; balanceChanges: Change[] | null } } }[];
};

const USDC_BASE = USDC["evm-a"];
/** A token with 8 decimals that no list of the service names (lib/tokens.ts, the venues' share tokens). */
const EIGHT = getAddress(`0x${"e8".repeat(20)}`);
const OWNER = "0x2222222222222222222222222222222222222222";
const OTHER = "0x000000000000000000000000000000000000bEEF";
const ADMIN = "0x1111111111111111111111111111111111111111";
const FEE_EVM = `0x${"fe".repeat(20)}`;
const AMOUNT = 1_000_000n; // 1 USDC

describe("swap to an unknown token: its changes in its own units", () => {
  let node: EvmNode;
  let quotes: FakeQuotes;
  let rpc: FakeRpc;
  let app: App;
  const swap = () =>
    call<SwapPlan>(app.url, "POST", "/api/v1/svc/evm/swap/plan", { body: { chain: "evm-a", inputToken: "USDC", outputToken: EIGHT, amountIn: AMOUNT.toString(), slippageBps: 100, owner: OWNER } });

  beforeAll(async () => {
    node = await startEvmNode({ chainId: 8453 });
    node.methods.simulateV1 = true;
    await deployUsdc(node, USDC_BASE, ADMIN);
    await deployMintableToken(node, EIGHT, ADMIN, "Eight Decimals", "EIGHT", 8);
    await deployZeroExExchange(node, FAKE_ALLOWANCE_HOLDER, ADMIN);
    await mintUsdc(node, EIGHT, FAKE_ALLOWANCE_HOLDER, 10n ** 20n);
    await mintUsdc(node, USDC_BASE, OWNER, 100_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    quotes = await startFakeQuotes();
    quotes.zerox.exec = true;
    rpc = await startFakeRpc();
    app = await startApp({
      db: "pglite",
      env: { SVC_RPC_EVM_A: node.url, SVC_RPC_MOVE: rpc.url, SVC_RPC_SVM: rpc.url, SVC_RPC_TIMEOUT_MS: "30000", SVC_FEE_RECIPIENT_EVM_A: FEE_EVM, ...quoteEnv(quotes.url) },
    });
  }, 120_000);
  afterAll(async () => {
    delete process.env.SVC_RPC_EVM_A;
    resetConfigForTests();
    await app?.stop();
    await quotes?.close();
    await rpc?.close();
    await node?.close();
  });

  it("the swap's simulated change of the 8-decimal token carries decimals 8 and its symbol, read once for the process", async () => {
    const ethCalls = () => node.calls.filter((m) => m === "eth_call").length;
    const start = ethCalls();
    const r = await swap();
    const first = ethCalls() - start;
    expect(r.json.blockers).toBeUndefined();
    expect(r.json.status).toBe("prepared");
    const changes = r.json.transactions.find((t) => t.kind === "swap")?.simulation?.changes;
    expect(changes?.status).toBe("ok");
    const mine = changes?.balanceChanges?.find((c) => c.owner.toLowerCase() === OWNER.toLowerCase() && c.asset.id.toLowerCase() === EIGHT.toLowerCase());
    expect(BigInt(mine?.amount ?? "0") > 0n).toBe(true);
    expect(mine?.asset).toMatchObject({ chain: "evm-a", symbol: "EIGHT", decimals: 8 });
    // The exchange's side of the same token is named the same way; USDC stays as the list names it.
    const all = changes?.balanceChanges ?? [];
    for (const c of all.filter((x) => x.asset.id.toLowerCase() === EIGHT.toLowerCase())) expect(c.asset).toMatchObject({ symbol: "EIGHT", decimals: 8 });
    for (const c of all.filter((x) => x.asset.id.toLowerCase() === USDC_BASE.toLowerCase())) expect(c.asset).toMatchObject({ symbol: "USDC", decimals: 6 });
    // Later plans read nothing more of it: the name is kept per (chain, id) for the process (the first plan asked
    // decimals() and symbol() beyond what every plan asks; later plans each ask the same).
    const later: number[] = [];
    for (let i = 0; i < 2; i++) {
      const mid = ethCalls();
      const again = await swap();
      later.push(ethCalls() - mid);
      expect(again.json.status).toBe("prepared");
      const againMine = again.json.transactions.find((t) => t.kind === "swap")?.simulation?.changes?.balanceChanges?.find((c) => c.asset.id.toLowerCase() === EIGHT.toLowerCase());
      expect(againMine?.asset).toMatchObject({ symbol: "EIGHT", decimals: 8 });
    }
    expect(later[0]).toBe(later[1]);
    expect(first - (later[0] ?? 0)).toBeGreaterThanOrEqual(2);
  });

  it("a quote sending the output elsewhere is blocked, naming what the owner gets in the token's units", async () => {
    quotes.zerox.recipient = OTHER;
    try {
      const r = await swap();
      expect(r.json.status).toBe("blocked");
      expect(r.json.blockers?.[0]?.code).toBe("simulation_mismatch");
      expect(r.json.blockers?.[0]?.message).toMatch(/you receive \d+\.\d{8} EIGHT by the plan, the simulation gives you 0\.00000000 EIGHT/);
      expect(r.json.blockers?.[0]?.message).not.toContain("base units");
    } finally {
      quotes.zerox.recipient = null;
    }
  });
});
