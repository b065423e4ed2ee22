// Confirms a transaction through its chain's RPC and reads what it proves: who sent it and how the balances of its
// parties moved, through the same balance-change reader per family as the plan's simulation (issue 23 item 1: one reader
// per family, before and after signing). Sui: LedgerService.GetTransaction over gRPC (effects status, the node's
// balance changes read by suiChanges, events, checkpoint: final once checkpointed). Solana: getSignatureStatuses
// (confirmed or finalized) then getTransaction jsonParsed (pre/post token balances and the fee payer's lamports, read by
// executedSolanaChanges; its instructions, top level and inner). EVM: one batch of eth_getTransactionReceipt (status
// 0x1; its logs read by evmChanges, and given as they are), eth_getTransactionByHash and debug_traceTransaction
// (callTracer) read by readExecutedEvm: the ETH each call frame moved and the network fee the receipt states (without
// the trace, the transaction's own value only, as the changes' reason says).
import { type ChainId, base58Decode, CHAIN_FAMILY, normalizeAddress } from "../chains/address";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import { USDC } from "../chains/balances";
import { normalizeStructTag } from "@mysten/sui/utils";
import { type BalanceChange, type SimulatedChanges, SUI_COIN_TYPE } from "../chains/changes";
import { type EvmLog, readExecutedEvm } from "../chains/evm/executed";
import { suiCall } from "../chains/sui/calls";
import type { SuiEvent } from "../chains/sui/cctp-burns";
import { suiChanges } from "../chains/sui/simulate";
import { rpcCall } from "../chains/rpc";
import { executedSolanaChanges } from "../chains/solana/changes";
import { instructionsOf, keyOf, type SolanaInstructionSeen, type SolanaTransactionJson } from "../chains/solana/transaction-json";

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
       * sender's lamports count as wrapped SOL, So111…112, as Jupiter wraps and unwraps them; ETH), so a swap's figures
       * are the swap's. EVM: ETH only where `changes` gives it.
       */
      assets: AssetChanges;
      /**
       * The family reader's balance changes as the chain reports them, the network fee included (before `assets` adds
       * it back), with where they come from (`source`) and what they leave out (`reason`: on EVM, internal ETH
       * movements without debug_traceTransaction, or every ETH change when the value or the fee is not known).
       */
      changes: SimulatedChanges;
      /** The events the transaction emitted (move-chain: type and BCS, as the node reports them); none elsewhere. */
      events: SuiEvent[];
      /** The transaction's log messages (svm-chain: the programs' invocations and their "Program data:" events); none elsewhere. */
      logs: string[];
      /** The receipt's logs (EVM: every contract's events, e.g. a MessageTransmitter's MessageReceived); none elsewhere. */
      receiptLogs: EvmLog[];
      /** The instructions with raw data (svm-chain: top level, then inner), e.g. a receive_message and its `message`; none elsewhere. */
      instructions: SolanaInstructionSeen[];
    }
  | { state: "pending"; reason: string }
  | { state: "failed"; reason: string };

/**
 * The confirmation's view of a family reader's balance changes: per normalized owner, per asset id as the settlement
 * keys it (Sui coin types in long form with SUI for the native asset, Solana mints with wrapped SOL for lamports, EVM
 * tokens lower-cased), the network fee `fee` added back to `sender`'s native asset; and the USDC changes alone.
 */
function settledView(chain: ChainId, changes: readonly BalanceChange[], sender: string | null, fee: bigint): { usdc: Map<string, bigint>; assets: AssetChanges } {
  const family = CHAIN_FAMILY[chain];
  const nativeId = family === "sui" ? normalizeStructTag(SUI_COIN_TYPE) : family === "solana" ? WRAPPED_SOL_MINT : "native";
  const idOf = (id: string) => (id === "native" ? nativeId : family === "sui" ? normalizeStructTag(id) : family === "evm" ? id.toLowerCase() : id);
  const assets: AssetChanges = new Map();
  const addAsset = (owner: string, asset: string, d: bigint) => {
    const k = normalizeAddress(owner);
    const per = assets.get(k) ?? new Map<string, bigint>();
    per.set(asset, (per.get(asset) ?? 0n) + d);
    assets.set(k, per);
  };
  for (const c of changes) addAsset(c.owner, idOf(c.asset.id), BigInt(c.amount));
  if (sender && fee !== 0n) addAsset(sender, nativeId, fee);
  const usdcId = idOf(USDC[chain]);
  return { usdc: new Map([...assets].map(([owner, per]) => [owner, per.get(usdcId) ?? 0n])), assets };
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
  const sender = tx.transaction?.sender ?? null;
  const reported = (tx.balanceChanges ?? []).filter((c) => c.address && /^-?[0-9]+$/.test(c.amount ?? ""));
  // The gas the sender paid, added back: a swap's figures are the swap's.
  const gas = tx.effects?.gasUsed;
  const fee = gas ? BigInt(gas.computationCost ?? "0") + BigInt(gas.storageCost ?? "0") - BigInt(gas.storageRebate ?? "0") : 0n;
  const read = suiChanges(reported);
  const changes = {
    ...read,
    source: read.source && "move-chain node: GetTransaction balance_changes (gRPC)",
    reason: read.reason && "The move-chain node's GetTransaction reported no balance changes (every transaction pays gas, so they are missing, not zero).",
  };
  const { usdc, assets } = settledView("move-chain", changes.balanceChanges ?? [], sender, fee);
  return { state: "final", sender, usdc, assets, changes, events: (tx.events ?? []) as SuiEvent[], logs: [], receiptLogs: [], instructions: [] };
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
  const meta = t.result.meta;
  // The fee payer's lamports count as wrapped SOL (a SOL swap wraps and unwraps them), net of what the transaction paid
  // the network and the rent of the token accounts it opened (a swap's first output account), both added back: a swap's
  // figures are the swap's.
  const balanceChanges = executedSolanaChanges(meta, sender);
  const changes: SimulatedChanges = { status: "ok", balanceChanges, approvals: null, source: "svm-chain RPC: getTransaction (jsonParsed) token balances and the fee payer's lamports", reason: null };
  const { usdc, assets } = settledView("svm-chain", balanceChanges, sender, BigInt(meta.fee ?? 0) + openedTokenRent(meta));
  return { state: "final", sender, usdc, assets, changes, events: [], logs: meta.logMessages ?? [], receiptLogs: [], instructions: instructionsOf(t.result) };
}

/**
 * The lamports held by the token accounts a landed transaction opened and left open (a postTokenBalances entry with no
 * preTokenBalances entry, whose account had no lamports before): their rent, paid by the fee payer. Wrapped-SOL accounts
 * are left out (their lamports are the wrapped SOL itself).
 */
function openedTokenRent(meta: NonNullable<SolanaTransactionJson["meta"]>): bigint {
  const before = new Set((meta.preTokenBalances ?? []).map((b) => b.accountIndex));
  return (meta.postTokenBalances ?? []).reduce((sum, b) => {
    const i = b.accountIndex;
    if (i === undefined || before.has(i) || b.mint === WRAPPED_SOL_MINT || (meta.preBalances?.[i] ?? 0) !== 0) return sum;
    return sum + BigInt(meta.postBalances?.[i] ?? 0);
  }, 0n);
}

/** An EVM transaction through readExecutedEvm, the network fee it took from the sender's ETH added back in `assets`. */
async function confirmEvm(chain: ChainId, hash: string): Promise<Confirmation> {
  const x = await readExecutedEvm(chain, hash);
  if (x.state !== "final") return x;
  const { usdc, assets } = settledView(chain, x.changes.balanceChanges ?? [], x.sender, x.fee);
  return { state: "final", sender: x.sender, usdc, assets, changes: x.changes, events: [], logs: [], receiptLogs: x.logs, instructions: [] };
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
