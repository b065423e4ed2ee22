// Plan latency as round trips (issues 13.8, 14.7, 15.7): a deposit plan with an owner, simulation included, costs at most
// three sequential round trips to its chain's RPC: Suilend on the local Sui gRPC node, Kamino on the local Solana RPC,
// Aave v3 on the local EVM. Each chain sits behind a proxy that injects round-trip time and records every exchange
// (testing/latency/rtt-proxy.ts); a wave is one step of the longest chain of exchanges that waited for each other. Not
// timed: the count is what is asserted, so a read that starts waiting for another fails here. The first plan of a new
// app process is measured cold (no package id, client or RPC capability known yet), for a new owner; the second, for
// another new owner, warm. Share withdrawals (Suilend cTokens, Kamino cUSDC) also read the owner's shares: counted too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";
import { LATENCY_VENUE, type LatencyChain, type LatencyChains, startLatencyChains } from "../support/plan-latency";

type Plan = { status: string; blockers?: unknown[]; transactions: { kind: string; simulation?: { status: string } }[] };

const MAX_WAVES = 3;
// Short injected RTT: the test counts waves, it does not time them.
const TEST_RTT_MS = 20;

describe("plan latency: a deposit plan with an owner costs at most three round trips, simulation included", () => {
  let chains: LatencyChains;
  let app: App;

  beforeAll(async () => {
    chains = await startLatencyChains(TEST_RTT_MS);
    app = await startApp({ env: chains.env });
  });
  afterAll(async () => {
    await app?.stop();
    await chains?.close();
  });

  const plan = async (chain: LatencyChain, action: "deposit" | "withdraw" = "deposit") => {
    const owner = action === "deposit" || chain === "evm-a" ? await chains.fundedOwner(chain) : await chains.ownerWithShares(chain);
    const proxy = chains.proxies[chain];
    proxy.reset();
    const r = await call<Plan>(app.url, "POST", `/api/v1/svc/strategies/${action}/plan`, { body: { strategyId: LATENCY_VENUE[chain], amountMicros: "5000000", owner } });
    expect(r.status).toBe(200);
    // The plan is complete: prepared, every transaction simulated ok by the chain.
    expect(r.json.blockers).toBeUndefined();
    expect(r.json.status).toBe("prepared");
    expect(r.json.transactions.length).toBeGreaterThan(0);
    for (const t of r.json.transactions) expect(t.simulation?.status).toBe("ok");
    return { waves: proxy.waves(), exchanges: proxy.exchanges().map((x) => x.what) };
  };

  for (const chain of ["move-chain", "svm-chain", "evm-a"] as const) {
    it(`${LATENCY_VENUE[chain]} on ${chain}: cold and warm, at most ${MAX_WAVES} waves`, async () => {
      const cold = await plan(chain);
      const warm = await plan(chain);
      // Something was asked of the chain (the simulation at least), through the proxy.
      expect(cold.exchanges.length).toBeGreaterThan(0);
      expect(cold.waves, `cold: ${cold.exchanges.join(" ")}`).toBeLessThanOrEqual(MAX_WAVES);
      expect(warm.waves, `warm: ${warm.exchanges.join(" ")}`).toBeLessThanOrEqual(MAX_WAVES);
    });
  }

  // Withdrawals of shares read the owner's share balance as well (never more than held): still at most three waves.
  for (const chain of ["move-chain", "svm-chain"] as const) {
    it(`${LATENCY_VENUE[chain]} withdraw on ${chain} for an owner holding shares: at most ${MAX_WAVES} waves`, async () => {
      const w = await plan(chain, "withdraw");
      expect(w.exchanges.length).toBeGreaterThan(0);
      expect(w.waves, w.exchanges.join(" ")).toBeLessThanOrEqual(MAX_WAVES);
    });
  }
});
