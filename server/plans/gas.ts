// Gas sizing (spec §4.4): the network fee of a stored plan's transactions per chain, from the chain RPC's
// gas price. Always an estimate; a chain whose RPC cannot be read is null with a reason. Nothing is sponsored.
import type { ChainId } from "../chains/address";
import type { Db } from "../db/client";
import { blocker, type Blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import type { PlanTransaction } from "../venues/adapters";
import { getPlan } from "./store";
import { errorLine, evmRpc, solanaRpc, suiRpc, withRpcTimeout } from "../chains/clients";

/** Gas units assumed per EVM call kind (typical mainnet usage with headroom). */
const EVM_GAS: Record<string, bigint> = { approve: 60_000n, deposit: 300_000n, withdraw: 300_000n, burn: 200_000n, swap: 400_000n, receive: 200_000n };
/** Sui computation units budgeted per PTB; Solana compute units per transaction (the default limit). */
const SUI_UNITS = 10_000n;
const SOLANA_CU = 200_000n;
const SOLANA_BASE_LAMPORTS = 5_000n; // per signature; the owner is the only signer

const NATIVE: Record<ChainId, { asset: string; unit: string }> = {
  "move-chain": { asset: "SUI", unit: "mist" },
  "svm-chain": { asset: "SOL", unit: "lamports" },
  "evm-a": { asset: "ETH", unit: "wei" },
  "evm-b": { asset: "ETH", unit: "wei" },
};

async function legFor(chain: ChainId, txs: PlanTransaction[]) {
  const base = { chain, transactions: txs.length, ...NATIVE[chain], source: `rpc:${chain}` };
  try {
    let price: bigint;
    let units: bigint;
    let amount: bigint;
    if (chain === "move-chain") {
      const client = suiRpc();
      price = BigInt((await withRpcTimeout((signal) => client.getReferenceGasPrice({ signal }))).referenceGasPrice);
      units = SUI_UNITS * BigInt(txs.length);
      amount = price * units;
    } else if (chain === "svm-chain") {
      const rpc = solanaRpc();
      const fees = await withRpcTimeout((abortSignal) => rpc.getRecentPrioritizationFees().send({ abortSignal }));
      const sorted = fees.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      price = sorted.length ? (sorted[Math.floor(sorted.length / 2)] ?? 0n) : 0n; // median micro-lamports per CU
      units = SOLANA_CU * BigInt(txs.length);
      amount = SOLANA_BASE_LAMPORTS * BigInt(txs.length) + (price * units) / 1_000_000n;
    } else {
      const client = evmRpc(chain);
      price = await withRpcTimeout(() => client.getGasPrice());
      units = txs.reduce((s, t) => s + (EVM_GAS[t.kind] ?? 300_000n), 0n);
      amount = price * units;
    }
    return { ...base, gasPrice: price.toString(), gasUnits: units.toString(), amount: amount.toString(), status: "ok" as const, reason: null, asOf: new Date().toISOString() };
  } catch (e) {
    return { ...base, gasPrice: null, gasUnits: null, amount: null, status: "N/A" as const, reason: `gas price unavailable: ${errorLine(e, 160)}`, asOf: null };
  }
}

export async function gasPlan(db: Db, planId: string) {
  const plan = await getPlan(db, planId);
  if (!plan || plan.kind === "cage") throw new ApiError("NOT_FOUND", `Unknown planId ${planId}`);
  const txs = (Array.isArray(plan.payload.transactions) ? plan.payload.transactions : []) as PlanTransaction[];
  const blockers: Blocker[] = [];
  if (txs.length === 0) {
    const own = (Array.isArray(plan.payload.blockers) ? plan.payload.blockers : []) as Blocker[];
    if (own.length) blockers.push(...own);
    else if (plan.owner === null) blockers.push(blocker("owner_required", "The plan was made without an owner, so it has no transactions to size; ask again with owner."));
    else blockers.push(blocker("adapter_not_ready", "The plan carries no transactions to size."));
  }
  const chains = [...new Set(txs.map((t) => t.chain))];
  const legs = await Promise.all(chains.map((c) => legFor(c, txs.filter((t) => t.chain === c))));
  return {
    schemaVersion: "svc-gas-plan.v1" as const,
    status: blockers.length ? ("blocked" as const) : ("prepared" as const),
    planId,
    estimate: true as const,
    submitted: false as const,
    ownerMustSign: true as const,
    sponsored: false as const,
    ...(blockers.length ? { blockers } : {}),
    chains: legs,
    note: "Estimates from each chain RPC's current gas price and typical usage per transaction kind; the wallet's own simulation decides the final fee.",
  };
}
