// Names for the assets a simulation reports that the service does not know (issue 23 item 3): after the chains have
// simulated a plan's transactions, the symbol and decimals of each changed asset that lib/tokens.ts, the venues' share
// tokens and the native asset leave unnamed are read from its chain, in one batch per chain, and kept for the process
// (noteAssetName); the changes are then named again, so the review and the checker's messages give token units.
// A read that fails leaves the asset in base units (a failed answer is not kept: the next plan asks again).
// move-chain: StateService.GetCoinInfo per coin type, all in one wave (gRPC has no batch call).
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex, hexToString, size } from "viem";
import { type ChainId, CHAIN_FAMILY } from "./address";
import { type AssetName, changedAsset, hasAssetName, noteAssetName } from "./changes";
import { rpcUrlOf, solanaRpc, suiRpc, withRpcTimeout } from "./clients";
import { isRevert, rpcBatch, type RpcReply } from "./evm/rpc";
import type { PlanTransaction } from "./transaction";

// ERC-20's optional metadata calls, decimals() returns (uint8) and symbol() returns (string), encoded from viem's
// erc20Abi (@openzeppelin/contracts 5.0.0 token/ERC20/extensions/IERC20Metadata.sol declares both).
const DECIMALS_CALL = encodeFunctionData({ abi: erc20Abi, functionName: "decimals" });
const SYMBOL_CALL = encodeFunctionData({ abi: erc20Abi, functionName: "symbol" });

// SPL Mint layout: mint_authority COption<Pubkey> (36 bytes), supply u64 (8), decimals u8 at byte 44, is_initialized at
// 45, freeze_authority (36): LEN 82 (solana-labs/solana-program-library token/program/src/state.rs `impl Pack for Mint`,
// commit f7bd5d04c4320881f9295c9fdeda4c09be53bf38); Token-2022 keeps the same 82-byte base before its extensions.
const MINT_DECIMALS_OFFSET = 44;
const MINT_INITIALIZED_OFFSET = 45;
const MINT_LEN = 82;

/** getMultipleAccounts takes at most 100 addresses (as server/chains/solana/changes.ts MAX_WATCHED). */
const MAX_ACCOUNTS = 100;

/** The unnamed asset ids the transactions' simulated changes report, per chain. */
function unnamed(txs: PlanTransaction[]): Map<ChainId, string[]> {
  const out = new Map<ChainId, string[]>();
  for (const t of txs) {
    for (const c of t.simulation?.changes?.balanceChanges ?? []) {
      if (c.asset.id === "native" || c.asset.decimals !== null) continue;
      // Named since, or answered without decimals, by an earlier plan's read: not asked again.
      if (changedAsset(c.asset.chain, c.asset.id).decimals !== null || hasAssetName(c.asset.chain, c.asset.id)) continue;
      const ids = out.get(c.asset.chain) ?? [];
      if (!ids.some((x) => x.toLowerCase() === c.asset.id.toLowerCase())) ids.push(c.asset.id);
      out.set(c.asset.chain, ids);
    }
  }
  return out;
}

/**
 * Reads the names of the changed assets nobody named yet (one batch per chain) and names every balance change of
 * `txs` again, in place. Assets already known cost no read.
 */
export async function nameChangedAssets(txs: PlanTransaction[]): Promise<void> {
  const wanted = unnamed(txs);
  if (wanted.size === 0) return;
  await Promise.all(
    [...wanted].map(async ([chain, ids]) => {
      try {
        const names = await withRpcTimeout((signal) => readNames(chain, ids, signal));
        names.forEach((n, i) => {
          const id = ids[i];
          if (n && id !== undefined) noteAssetName(chain, id, n);
        });
      } catch {
        // The chain did not answer: these assets stay in base units for this plan.
      }
    }),
  );
  for (const t of txs) {
    const changes = t.simulation?.changes;
    if (!changes?.balanceChanges) continue;
    changes.balanceChanges = changes.balanceChanges.map((c) => (c.asset.decimals === null && c.asset.id !== "native" ? { ...c, asset: changedAsset(c.asset.chain, c.asset.id) } : c));
  }
}

/** Per id, its name as the chain answers it, or null when the chain gave no definite answer (not kept). */
async function readNames(chain: ChainId, ids: string[], signal: AbortSignal): Promise<(AssetName | null)[]> {
  const family = CHAIN_FAMILY[chain];
  if (family === "evm") return evmNames(chain, ids, signal);
  if (family === "solana") return mintNames(ids, signal);
  return coinNames(ids, signal);
}

/**
 * Each coin type's `0x2::coin::CoinMetadata` by StateService.GetCoinInfo (sui.rpc.v2, as @mysten/sui's SuiGrpcClient
 * `core.getCoinMetadata` asks it), all at once: one wave of gRPC calls. A coin type the node does not answer (no
 * metadata, an error) is not kept.
 */
async function coinNames(ids: string[], signal: AbortSignal): Promise<(AssetName | null)[]> {
  const state = suiRpc().stateService;
  return Promise.all(
    ids.map(async (coinType) => {
      try {
        const { response } = await state.getCoinInfo({ coinType }, { abort: signal });
        const m = response.metadata;
        return m?.decimals === undefined ? null : { symbol: printable(m.symbol ?? ""), decimals: m.decimals };
      } catch {
        return null;
      }
    }),
  );
}

/** ERC-20 decimals() and symbol() of each token by eth_call, all in one JSON-RPC batch. */
async function evmNames(chain: ChainId, ids: string[], signal: AbortSignal): Promise<(AssetName | null)[]> {
  const call = (to: string, data: string) => ({ method: "eth_call", params: [{ to, data }, "latest"] });
  const replies = await rpcBatch(rpcUrlOf(chain), ids.flatMap((id) => [call(id, DECIMALS_CALL), call(id, SYMBOL_CALL)]), signal, `rpc:${chain}`);
  return ids.map((_, i) => {
    const d = replies[2 * i];
    const s = replies[2 * i + 1];
    // A reply that is not an answer (no reply, or an error other than the call reverting) is not kept.
    if (!d || !s || [d, s].some((r) => !r.ok && !isRevert(r))) return null;
    return { decimals: evmDecimals(d), symbol: evmSymbol(s) };
  });
}

/** decimals() as a uint8 (ERC-20's uint8; a larger word is not a decimals answer), else null (the token has none). */
function evmDecimals(r: RpcReply): number | null {
  if (!r.ok || typeof r.result !== "string" || size(r.result as Hex) !== 32) return null;
  const v = BigInt(r.result);
  return v <= 255n ? Number(v) : null;
}

/**
 * symbol() as an ABI string, or as the 32 raw bytes a token declaring `bytes32 public symbol` answers (text, then zero
 * padding): the text before the padding; else null. (No token address is named here: none is used; the bytes32 path has
 * no test yet.)
 */
function evmSymbol(r: RpcReply): string | null {
  if (!r.ok || typeof r.result !== "string" || r.result === "0x") return null;
  const data = r.result as Hex;
  try {
    return printable(decodeFunctionResult({ abi: erc20Abi, functionName: "symbol", data }));
  } catch {
    if (size(data) !== 32) return null;
    return printable(hexToString(data).replace(/\0+$/, ""));
  }
}

/** A symbol shown to the owner: 1–32 printable characters, else none. */
function printable(s: string): string | null {
  const t = s.trim();
  return t.length > 0 && t.length <= 32 && /^[\x20-\x7e]+$/.test(t) ? t : null;
}

/** Each mint's decimals from its account (Token or Token-2022); the mint holds no symbol (left null, not guessed). */
async function mintNames(ids: string[], signal: AbortSignal): Promise<(AssetName | null)[]> {
  const rpc = solanaRpc();
  const out: (AssetName | null)[] = [];
  for (let i = 0; i < ids.length; i += MAX_ACCOUNTS) {
    const chunk = ids.slice(i, i + MAX_ACCOUNTS);
    // biome-ignore lint/suspicious/noExplicitAny: @solana/kit's Address brand; the ids are the chain's own base58 mints
    const { value } = await rpc.getMultipleAccounts(chunk as any, { encoding: "base64" }).send({ abortSignal: signal });
    for (const a of value) {
      if (!a) {
        out.push({ symbol: null, decimals: null });
        continue;
      }
      const data = Buffer.from(a.data[0], "base64");
      const isMint = (a.owner === TOKEN_PROGRAM_ADDRESS || a.owner === TOKEN_2022_PROGRAM_ADDRESS) && data.length >= MINT_LEN && data[MINT_INITIALIZED_OFFSET] === 1;
      out.push({ symbol: null, decimals: isMint ? (data[MINT_DECIMALS_OFFSET] ?? null) : null });
    }
  }
  return out;
}
