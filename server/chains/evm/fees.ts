// EIP-1559 fees the owner's wallet will ask for on an EVM plan, from the configured RPC's `eth_feeHistory` (asked in
// parallel with the simulation, so no extra round trip): the next block's base fee (the last entry of
// `baseFeePerGas`, which the node gives for the block after the newest), the priority fee as the median of the
// recent blocks' 50th-percentile tips, and `maxFeePerGas = 2 × base fee + priority fee` (room for the base fee to
// rise for six full blocks, 12.5 % each, as ethers and most wallets size it). The plan's cost is the simulated gas
// times those: `maxCostWei` is the most the wallet can be charged (gas × maxFeePerGas, what it reserves),
// `expectedCostWei` what it pays at the next block's base fee. Nothing is invented: when the RPC does not answer
// eth_feeHistory, or a step has no simulated gas, the figures are null with the reason. USD is null: the service
// has no ETH price source.
import type { PlanTransaction } from "../transaction";
import { errorLine, rpcUrlOf, withRpcTimeout } from "../clients";
import type { EvmChain } from "../evm";
import { type RpcReply, RpcUnreachable, rpcBatch } from "./rpc";

export const FEE_HISTORY_BLOCKS = 10;

export interface Eip1559Quote {
  baseFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
}

export type FeeQuote = { ok: true; quote: Eip1559Quote } | { ok: false; reason: string };

/** The quote from one eth_feeHistory reply (exported for tests of odd answers). */
export function quoteFromFeeHistory(r: RpcReply | undefined): FeeQuote {
  if (!r) return { ok: false, reason: "eth_feeHistory gave no reply" };
  if (!r.ok) return { ok: false, reason: `eth_feeHistory was refused (${r.code}: ${errorLine(r.message, 160)})` };
  const h = r.result as { baseFeePerGas?: unknown; reward?: unknown } | null;
  const bases = Array.isArray(h?.baseFeePerGas) ? h.baseFeePerGas : [];
  const next = bases[bases.length - 1];
  if (typeof next !== "string") return { ok: false, reason: "eth_feeHistory gave no base fee (a chain without EIP-1559?)" };
  const tips = (Array.isArray(h?.reward) ? h.reward : [])
    .map((row) => (Array.isArray(row) && typeof row[0] === "string" ? BigInt(row[0]) : null))
    .filter((t): t is bigint => t !== null)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const baseFeePerGas = BigInt(next);
  const maxPriorityFeePerGas = tips.length ? (tips[Math.floor(tips.length / 2)] ?? 0n) : 0n;
  return { ok: true, quote: { baseFeePerGas, maxPriorityFeePerGas, maxFeePerGas: 2n * baseFeePerGas + maxPriorityFeePerGas } };
}

/** eth_feeHistory over the last FEE_HISTORY_BLOCKS blocks with the 50th percentile of tips; never throws. */
export async function evmFeeQuote(url: string, signal: AbortSignal): Promise<FeeQuote> {
  try {
    const [r] = await rpcBatch(url, [{ method: "eth_feeHistory", params: [`0x${FEE_HISTORY_BLOCKS.toString(16)}`, "latest", [50]] }], signal);
    return quoteFromFeeHistory(r);
  } catch (e) {
    return { ok: false, reason: e instanceof RpcUnreachable ? e.message : errorLine(e) };
  }
}

/** The plan-level gas fee of an EVM plan (schema: server/plans/schemas.ts gasFeeSchema). */
export interface GasFee {
  asset: "ETH";
  decimals: 18;
  /** Sum of the steps' simulated gas; null when a step has none. */
  gas: string | null;
  baseFeePerGas: string | null;
  maxPriorityFeePerGas: string | null;
  maxFeePerGas: string | null;
  maxCostWei: string | null;
  expectedCostWei: string | null;
  usd: null;
  usdReason: string;
  /** Why the cost is null; null when it is known. */
  reason: string | null;
}

const NO_USD = "No ETH/USD price source is configured in the service.";

/** The plan's gas fee from its simulated transactions and the fee quote. */
export function evmGasFee(txs: readonly PlanTransaction[], quote: FeeQuote | null): GasFee {
  const q = quote?.ok ? quote.quote : null;
  const fields = {
    asset: "ETH" as const,
    decimals: 18 as const,
    baseFeePerGas: q ? q.baseFeePerGas.toString() : null,
    maxPriorityFeePerGas: q ? q.maxPriorityFeePerGas.toString() : null,
    maxFeePerGas: q ? q.maxFeePerGas.toString() : null,
    usd: null,
    usdReason: NO_USD,
  };
  const missing = txs.find((t) => t.simulation?.status !== "ok" || t.simulation.gasEstimate === null);
  if (txs.length === 0 || missing) {
    const why = txs.length === 0 ? "the plan has no transactions" : `"${missing?.description}" has no simulated gas (${missing?.simulation?.error ?? "not simulated"})`;
    return { ...fields, gas: null, maxCostWei: null, expectedCostWei: null, reason: `Gas cost not known: ${why}.` };
  }
  const gas = txs.reduce((s, t) => s + BigInt(t.simulation?.gasEstimate ?? "0"), 0n);
  if (!q) return { ...fields, gas: gas.toString(), maxCostWei: null, expectedCostWei: null, reason: `Gas price not known: ${quote && !quote.ok ? quote.reason : "eth_feeHistory was not asked"}.` };
  return {
    ...fields,
    gas: gas.toString(),
    maxCostWei: (gas * q.maxFeePerGas).toString(),
    expectedCostWei: (gas * (q.baseFeePerGas + q.maxPriorityFeePerGas)).toString(),
    reason: null,
  };
}

/** The chain's fee quote through its configured RPC under the RPC timeout; never throws. */
export async function evmFeeQuoteFor(chain: EvmChain): Promise<FeeQuote> {
  try {
    return await withRpcTimeout((signal) => evmFeeQuote(rpcUrlOf(chain), signal));
  } catch (e) {
    return { ok: false, reason: errorLine(e) };
  }
}

/** Each simulated step's fee at the quote: gas × maxFeePerGas (the most the wallet can charge), with the EIP-1559 fields. */
export function withStepFees(txs: PlanTransaction[], quote: FeeQuote): PlanTransaction[] {
  if (!quote.ok) return txs;
  const q = quote.quote;
  return txs.map((t) => {
    const s = t.simulation;
    if (s?.status !== "ok" || s.gasEstimate === null) return t;
    return {
      ...t,
      simulation: {
        ...s,
        fee: {
          amount: (BigInt(s.gasEstimate) * q.maxFeePerGas).toString(),
          asset: "ETH",
          decimals: 18,
          maxFeePerGas: q.maxFeePerGas.toString(),
          maxPriorityFeePerGas: q.maxPriorityFeePerGas.toString(),
        },
      },
    };
  });
}
