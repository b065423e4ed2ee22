// Confirms a transaction through its chain's RPC and reads what it proves: who sent it and how the USDC
// balances of its parties moved. Sui: LedgerService.GetTransaction over gRPC (effects status, balance changes, events,
// checkpoint: final once checkpointed). Solana:
// getSignatureStatuses (confirmed or finalized) then getTransaction jsonParsed (token balances). EVM:
// eth_getTransactionReceipt (status 0x1, USDC Transfer logs).
import { base58Decode, type ChainId, CHAIN_FAMILY, normalizeAddress } from "../chains/address";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import { USDC } from "../chains/balances";
import { normalizeStructTag } from "@mysten/sui/utils";
import { suiCall } from "../chains/sui/calls";
import type { SuiEvent } from "../chains/sui/cctp-burns";
import { rpcCall } from "../chains/rpc";
import { keyOf, type SolanaTransactionJson } from "../chains/solana/transaction-json";

/** What a confirmed transaction moved: per normalized owner address, per asset id (Sui coin type, Solana mint, ERC-20). */
export type AssetChanges = Map<string, Map<string, bigint>>;

export type Confirmation =
  | {
      state: "final";
      sender: string | null;
      /** USDC change per normalized owner address. */
      usdc: Map<string, bigint>;
      /**
       * Every asset's change per owner, the network fee added back to the sender's native asset (SUI; on Solana the
       * sender's lamports count as wrapped SOL, So111…112, as Jupiter wraps and unwraps them), so a swap's figures are
       * the swap's. EVM: ERC-20 Transfer logs only.
       */
      assets: AssetChanges;
      /** The events the transaction emitted (move-chain: type and BCS, as the node reports them); none elsewhere. */
      events: SuiEvent[];
      /** The transaction's log messages (svm-chain: the programs' invocations and their "Program data:" events); none elsewhere. */
      logs: string[];
    }
  | { state: "pending"; reason: string }
  | { state: "failed"; reason: string };

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

function add(m: Map<string, bigint>, owner: string, d: bigint): void {
  const k = normalizeAddress(owner);
  m.set(k, (m.get(k) ?? 0n) + d);
}

function addAsset(m: AssetChanges, owner: string, asset: string, d: bigint): void {
  const k = normalizeAddress(owner);
  const per = m.get(k) ?? new Map<string, bigint>();
  per.set(asset, (per.get(asset) ?? 0n) + d);
  m.set(k, per);
}


function pendingFrom(r: { unreachable: boolean; message: string }): Confirmation {
  return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
}

async function confirmSui(digest: string): Promise<Confirmation> {
  const r = await suiCall("GetTransaction", (client, signal) =>
    client.core.getTransaction({ digest, include: { effects: true, balanceChanges: true, transaction: true, events: true }, signal }),
  );
  if (!r.ok) return { state: "pending", reason: r.unreachable ? `rpc_unavailable: ${r.message}` : `not_found_yet: ${r.message}` };
  const tx = r.result.Transaction ?? r.result.FailedTransaction;
  if (!tx) return { state: "pending", reason: "not_found_yet: the node answered without the transaction" };
  if (!tx.status.success) return { state: "failed", reason: `the transaction failed on move-chain: ${String(tx.status.error?.message ?? "failure").slice(0, 200)}` };
  if (tx.checkpoint === null) return { state: "pending", reason: "not_final: the transaction is not in a checkpoint yet" };
  const usdc = new Map<string, bigint>();
  const assets: AssetChanges = new Map();
  for (const c of tx.balanceChanges ?? []) {
    if (!c.address || !/^-?[0-9]+$/.test(c.amount ?? "")) continue;
    addAsset(assets, c.address, normalizeStructTag(c.coinType), BigInt(c.amount));
    if (c.coinType === USDC["move-chain"]) add(usdc, c.address, BigInt(c.amount));
  }
  const sender = tx.transaction?.sender ?? null;
  const gas = tx.effects?.gasUsed;
  if (sender && gas) {
    const net = BigInt(gas.computationCost ?? "0") + BigInt(gas.storageCost ?? "0") - BigInt(gas.storageRebate ?? "0");
    addAsset(assets, sender, normalizeStructTag("0x2::sui::SUI"), net);
  }
  return { state: "final", sender, usdc, assets, events: (tx.events ?? []) as SuiEvent[], logs: [] };
}

interface SolStatus {
  value?: ({ err: unknown; confirmationStatus?: string } | null)[];
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
  const t = await rpcCall<SolanaTransactionJson | null>("svm-chain", "getTransaction", [
    signature,
    { encoding: "jsonParsed", commitment: "confirmed", maxSupportedTransactionVersion: 0 },
  ]);
  if (!t.ok) return pendingFrom(t);
  if (!t.result?.meta) return { state: "pending", reason: "not_found_yet: getTransaction has no result yet" };
  if (t.result.meta.err) return { state: "failed", reason: `the transaction failed on svm-chain: ${JSON.stringify(t.result.meta.err).slice(0, 200)}` };
  const sender = keyOf(t.result.transaction?.message?.accountKeys?.[0]) || null;
  const usdc = new Map<string, bigint>();
  const assets: AssetChanges = new Map();
  const mint = USDC["svm-chain"];
  const meta = t.result.meta;
  for (const [list, sign] of [
    [meta.preTokenBalances ?? [], -1n],
    [meta.postTokenBalances ?? [], 1n],
  ] as const) {
    for (const b of list) {
      if (!b.mint || !b.owner || !/^[0-9]+$/.test(b.uiTokenAmount?.amount ?? "")) continue;
      addAsset(assets, b.owner, b.mint, sign * BigInt(b.uiTokenAmount?.amount as string));
      if (b.mint === mint) add(usdc, b.owner, sign * BigInt(b.uiTokenAmount?.amount as string));
    }
  }
  // The fee payer's lamports, net of the network fee, count as wrapped SOL (a SOL swap wraps and unwraps them).
  const pre = meta.preBalances?.[0];
  const post = meta.postBalances?.[0];
  if (sender && pre !== undefined && post !== undefined) addAsset(assets, sender, WRAPPED_SOL_MINT, BigInt(post) - BigInt(pre) + BigInt(meta.fee ?? 0));
  return { state: "final", sender, usdc, assets, events: [], logs: meta.logMessages ?? [] };
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
  const assets: AssetChanges = new Map();
  for (const l of r.result.logs ?? []) {
    if (!l.address || l.topics?.[0]?.toLowerCase() !== TRANSFER_TOPIC || l.topics.length !== 3) continue;
    const value = BigInt(l.data && l.data !== "0x" ? l.data : "0x0");
    const [from, to] = [`0x${(l.topics[1] ?? "").slice(-40)}`, `0x${(l.topics[2] ?? "").slice(-40)}`];
    addAsset(assets, from, l.address.toLowerCase(), -value);
    addAsset(assets, to, l.address.toLowerCase(), value);
    if (l.address.toLowerCase() !== token) continue;
    add(usdc, from, -value);
    add(usdc, to, value);
  }
  return { state: "final", sender: r.result.from ?? null, usdc, assets, events: [], logs: [] };
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
