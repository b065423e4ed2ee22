// Confirms a transaction through its chain's RPC and reads what it proves: who sent it and how the USDC
// balances of its parties moved. Sui: LedgerService.GetTransaction over gRPC (effects status, balance changes,
// checkpoint: final once checkpointed). Solana:
// getSignatureStatuses (confirmed or finalized) then getTransaction jsonParsed (token balances). EVM:
// eth_getTransactionReceipt (status 0x1, USDC Transfer logs).
import { base58Decode, type ChainId, CHAIN_FAMILY, normalizeAddress } from "../chains/address";
import { USDC } from "../chains/balances";
import { suiCall } from "../chains/sui/calls";
import { rpcCall } from "../chains/rpc";

export type Confirmation =
  | { state: "final"; sender: string | null; /** USDC change per normalized owner address. */ usdc: Map<string, bigint> }
  | { state: "pending"; reason: string }
  | { state: "failed"; reason: string };

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

function add(m: Map<string, bigint>, owner: string, d: bigint): void {
  const k = normalizeAddress(owner);
  m.set(k, (m.get(k) ?? 0n) + d);
}

function pendingFrom(r: { unreachable: boolean; message: string }): Confirmation {
  return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
}

async function confirmSui(digest: string): Promise<Confirmation> {
  const r = await suiCall("GetTransaction", (client, signal) =>
    client.core.getTransaction({ digest, include: { effects: true, balanceChanges: true, transaction: true }, signal }),
  );
  if (!r.ok) return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
  const tx = r.result.Transaction ?? r.result.FailedTransaction;
  if (!tx) return { state: "pending", reason: "not_found_yet: the node answered without the transaction" };
  if (!tx.status.success) return { state: "failed", reason: `the transaction failed on move-chain: ${String(tx.status.error?.message ?? "failure").slice(0, 200)}` };
  if (tx.checkpoint === null) return { state: "pending", reason: "not_final: the transaction is not in a checkpoint yet" };
  const usdc = new Map<string, bigint>();
  for (const c of tx.balanceChanges ?? []) {
    if (!c.address || c.coinType !== USDC["move-chain"] || !/^-?[0-9]+$/.test(c.amount ?? "")) continue;
    add(usdc, c.address, BigInt(c.amount));
  }
  return { state: "final", sender: tx.transaction?.sender ?? null, usdc };
}

interface SolStatus {
  value?: ({ err: unknown; confirmationStatus?: string } | null)[];
}
interface SolTokenBalance {
  owner?: string;
  mint?: string;
  uiTokenAmount?: { amount?: string };
  accountIndex?: number;
}
interface SolTx {
  meta?: { err: unknown; preTokenBalances?: SolTokenBalance[]; postTokenBalances?: SolTokenBalance[] } | null;
  transaction?: { message?: { accountKeys?: ({ pubkey?: string; signer?: boolean } | string)[] } };
}

async function confirmSolana(signature: string): Promise<Confirmation> {
  const s = await rpcCall<SolStatus>("svm-chain", "getSignatureStatuses", [[signature], { searchTransactionHistory: true }]);
  if (!s.ok) return pendingFrom(s);
  const st = s.result?.value?.[0];
  if (!st) return { state: "pending", reason: "not_found_yet: the signature is not known to the svm-chain RPC yet" };
  if (st.err) return { state: "failed", reason: `the transaction failed on svm-chain: ${JSON.stringify(st.err).slice(0, 200)}` };
  if (st.confirmationStatus !== "confirmed" && st.confirmationStatus !== "finalized") {
    return { state: "pending", reason: `not_final: confirmation status ${String(st.confirmationStatus ?? "unknown")}` };
  }
  const t = await rpcCall<SolTx | null>("svm-chain", "getTransaction", [
    signature,
    { encoding: "jsonParsed", commitment: "confirmed", maxSupportedTransactionVersion: 0 },
  ]);
  if (!t.ok) return pendingFrom(t);
  if (!t.result?.meta) return { state: "pending", reason: "not_found_yet: getTransaction has no result yet" };
  if (t.result.meta.err) return { state: "failed", reason: `the transaction failed on svm-chain: ${JSON.stringify(t.result.meta.err).slice(0, 200)}` };
  const first = t.result.transaction?.message?.accountKeys?.[0];
  const sender = typeof first === "string" ? first : (first?.pubkey ?? null);
  const usdc = new Map<string, bigint>();
  const mint = USDC["svm-chain"];
  for (const [list, sign] of [
    [t.result.meta.preTokenBalances ?? [], -1n],
    [t.result.meta.postTokenBalances ?? [], 1n],
  ] as const) {
    for (const b of list) {
      if (b.mint !== mint || !b.owner || !/^[0-9]+$/.test(b.uiTokenAmount?.amount ?? "")) continue;
      add(usdc, b.owner, sign * BigInt(b.uiTokenAmount?.amount as string));
    }
  }
  return { state: "final", sender, usdc };
}

interface EvmReceipt {
  status?: string;
  from?: string;
  logs?: { address?: string; topics?: string[]; data?: string }[];
}

async function confirmEvm(chain: ChainId, hash: string): Promise<Confirmation> {
  const r = await rpcCall<EvmReceipt | null>(chain, "eth_getTransactionReceipt", [hash]);
  if (!r.ok) return pendingFrom(r);
  if (!r.result) return { state: "pending", reason: "not_found_yet: no receipt yet" };
  if (r.result.status !== "0x1") return { state: "failed", reason: `the transaction reverted on ${chain}` };
  const token = (USDC as Record<ChainId, string>)[chain].toLowerCase();
  const usdc = new Map<string, bigint>();
  for (const l of r.result.logs ?? []) {
    if (l.address?.toLowerCase() !== token || l.topics?.[0]?.toLowerCase() !== TRANSFER_TOPIC || l.topics.length < 3) continue;
    const value = BigInt(l.data && l.data !== "0x" ? l.data : "0x0");
    add(usdc, `0x${(l.topics[1] ?? "").slice(-40)}`, -value);
    add(usdc, `0x${(l.topics[2] ?? "").slice(-40)}`, value);
  }
  return { state: "final", sender: r.result.from ?? null, usdc };
}

export function confirmTx(chain: ChainId, txId: string): Promise<Confirmation> {
  const family = CHAIN_FAMILY[chain];
  if (family === "sui") return confirmSui(txId);
  if (family === "solana") return confirmSolana(txId);
  return confirmEvm(chain, txId);
}

/** Whether `txId` has the shape of a transaction id on `chain` (Sui digest: base58 32 bytes; Solana: base58 64 bytes; EVM: 0x + 64 hex). */
export function isTxIdOf(chain: ChainId, txId: string): boolean {
  const family = CHAIN_FAMILY[chain];
  if (family === "evm") return /^0x[0-9a-fA-F]{64}$/.test(txId);
  if (txId.length > 100) return false;
  const bytes = base58Decode(txId);
  return bytes !== null && bytes.length === (family === "sui" ? 32 : 64);
}
