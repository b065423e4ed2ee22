// EIP-1559 fee quote from eth_feeHistory replies as nodes send them, and the plan's gas fee from its simulated steps:
// figures only when both the node and the simulation said them, null with the reason otherwise.
import { describe, expect, it } from "vitest";
import { evmGasFee, quoteFromFeeHistory } from "../../server/chains/evm/fees";
import type { Simulation } from "../../server/chains/simulation";
import type { PlanTransaction } from "../../server/venues/shared/build";

const sim = (gas: string | null, status: Simulation["status"] = "ok"): Simulation => ({ status, gasEstimate: gas, fee: null, logs: null, error: status === "ok" ? null : "Not simulated: no node", at: "2026-01-01T00:00:00.000Z" });
const tx = (s: Simulation): PlanTransaction => ({ chain: "evm-a", kind: "deposit", description: "Supply", encoding: "evm-call", payload: {}, simulation: s });

describe("quoteFromFeeHistory", () => {
  it("next base fee = the last baseFeePerGas entry; tip = the median of the 50th-percentile rewards; max = 2 × base + tip", () => {
    const q = quoteFromFeeHistory({ ok: true, result: { oldestBlock: "0x1", baseFeePerGas: ["0x64", "0x6e", "0xc8"], reward: [["0x5"], ["0x1"], ["0x3"]], gasUsedRatio: [0.5, 0.5] } });
    expect(q).toEqual({ ok: true, quote: { baseFeePerGas: 200n, maxPriorityFeePerGas: 3n, maxFeePerGas: 403n } });
  });
  it("no rewards: tip 0; no base fee or a refusal: no quote, with the reason", () => {
    expect(quoteFromFeeHistory({ ok: true, result: { baseFeePerGas: ["0x10"], reward: [] } })).toEqual({ ok: true, quote: { baseFeePerGas: 16n, maxPriorityFeePerGas: 0n, maxFeePerGas: 32n } });
    expect(quoteFromFeeHistory({ ok: true, result: { baseFeePerGas: [] } })).toMatchObject({ ok: false, reason: expect.stringContaining("no base fee") });
    expect(quoteFromFeeHistory({ ok: false, code: -32601, message: "the method eth_feeHistory does not exist/is not available", data: null })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("-32601"),
    });
  });
});

describe("evmGasFee", () => {
  const quote = { ok: true as const, quote: { baseFeePerGas: 100n, maxPriorityFeePerGas: 2n, maxFeePerGas: 202n } };
  it("sums the steps' gas and prices it at maxFeePerGas (most) and base + tip (expected)", () => {
    expect(evmGasFee([tx(sim("50000")), tx(sim("150000"))], quote)).toMatchObject({ gas: "200000", maxCostWei: "40400000", expectedCostWei: "20400000", maxFeePerGas: "202", reason: null, usd: null });
  });
  it("a step without simulated gas: no cost, the step named in the reason; no quote: the gas kept, the cost null", () => {
    expect(evmGasFee([tx(sim("50000")), tx(sim(null, "unavailable"))], quote)).toMatchObject({ gas: null, maxCostWei: null, reason: expect.stringContaining("no simulated gas") });
    expect(evmGasFee([tx(sim("50000"))], { ok: false, reason: "eth_feeHistory was refused" })).toMatchObject({ gas: "50000", maxFeePerGas: null, maxCostWei: null, reason: expect.stringContaining("refused") });
  });
});
