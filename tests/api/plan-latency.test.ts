// Plan latency as round trips (issues 13.8, 14.7, 15.7, 28.3): on every venue, a deposit plan with an owner, simulation
// included, costs at most three sequential round trips to its chain's RPC, and so does a withdraw for an owner holding the
// venue's shares (the NAVI withdraw, which reads NAVI's oracle objects and pushes a stale Pyth price from Hermes, at most
// four, the first of the process too: the app walks NAVI's graph once at start, server/venues/navi/warmup.ts, and the
// test waits for the line it logs when done; Hermes counted in the same time line). Sui venues on the local Sui gRPC node, Solana venues on the local Solana
// RPC, EVM venues on the local EVM. Each chain sits behind a proxy that injects round-trip time and records every
// exchange (testing/latency/rtt-proxy.ts); a wave is one step of the longest chain of exchanges that waited for each
// other. Not timed: the count is what is asserted, so a read that starts waiting for another fails here. The first plan
// of a venue in this app process is counted cold (its package ids, accounts and the RPC clients not yet known), for a
// new owner; the second, for another new owner, warm.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";
import { LATENCY_PLANS, type LatencyChains, type LatencyPlan, startLatencyChains, WARMED_LINE } from "../support/plan-latency";

type Plan = { status: string; blockers?: unknown[]; transactions: { kind: string; simulation?: { status: string } }[] };

// Short injected RTT: the test counts waves, it does not time them.
const TEST_RTT_MS = 20;

describe("plan latency: a plan with an owner costs at most three round trips on every venue, simulation included", () => {
  let chains: LatencyChains;
  let app: App;

  beforeAll(async () => {
    chains = await startLatencyChains(TEST_RTT_MS);
    // Info level: the app says when its start-up walk of NAVI's graph has ended (as under `npm start`, jobs or not).
    app = await startApp({ env: { ...chains.env, SVC_LOG_LEVEL: "info" } });
    for (let i = 0; !app.output().includes(WARMED_LINE); i++) {
      if (i > 600 || app.output().includes("warm-up walk failed")) throw new Error(`the app's NAVI warm-up did not end:\n${app.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await chains?.close();
  });

  const plan = async (p: LatencyPlan) => {
    const owner = await chains.ownerFor(p, app.url);
    chains.reset();
    const r = await call<Plan>(app.url, "POST", `/api/v1/svc/strategies/${p.action}/plan`, { body: { strategyId: p.venue, amountMicros: "5000000", owner } });
    expect(r.status).toBe(200);
    // The plan is complete: prepared, every transaction simulated ok by the chain.
    expect(r.json.blockers, JSON.stringify(r.json.blockers)).toBeUndefined();
    expect(r.json.status).toBe("prepared");
    expect(r.json.transactions.length).toBeGreaterThan(0);
    for (const t of r.json.transactions) expect(t.simulation?.status).toBe("ok");
    const s = chains.sample(p);
    return { waves: s.waves, said: s.exchanges.map((w, i) => `${i + 1}: ${w.join(" ‖ ")}`).join("; ") };
  };

  for (const p of LATENCY_PLANS.filter((x) => x.action === "deposit")) {
    it(`${p.venue} deposit on ${p.chain}: cold and warm, at most ${p.maxWaves} waves`, async () => {
      const cold = await plan(p);
      const warm = await plan(p);
      // Something was asked of the chain (the simulation at least), through the proxy.
      expect(cold.waves).toBeGreaterThan(0);
      expect(cold.waves, `cold: ${cold.said}`).toBeLessThanOrEqual(p.maxWaves);
      expect(warm.waves, `warm: ${warm.said}`).toBeLessThanOrEqual(p.maxWaves);
    }, 60_000);
  }

  // Withdrawals read what the owner holds as well (never more than held). The first of a venue in this process (after
  // its deposits) and the next.
  for (const p of LATENCY_PLANS.filter((x) => x.action === "withdraw")) {
    it(`${p.venue} withdraw on ${p.chain} for an owner holding ${p.holds}: at most ${p.maxWaves} waves`, async () => {
      const cold = await plan(p);
      const warm = await plan(p);
      expect(cold.waves).toBeGreaterThan(0);
      expect(cold.waves, `cold: ${cold.said}`).toBeLessThanOrEqual(p.maxWaves);
      expect(warm.waves, `warm: ${warm.said}`).toBeLessThanOrEqual(p.maxWaves);
    }, 60_000);
  }
});
