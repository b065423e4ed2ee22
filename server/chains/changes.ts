// What a transaction does to balances, in the chain's own words (issue 23): the balance changes (and on EVM the ERC-20
// approvals) a chain's simulation reports before signing, or its executed transaction after. Never computed from the
// plan: a chain that cannot say leaves `unavailable` with the reason. Amounts are signed integer base units of the
// asset (a string); symbol and decimals are given for assets the service knows (lib/tokens.ts, the venues' share
// tokens, the native asset) and, once a simulation changed it, for any other asset its chain names (asset-names.ts).
import { normalizeStructTag } from "@mysten/sui/utils";
import { z } from "zod";
import type { ChainId } from "./address";
import { KNOWN_TOKENS } from "../../lib/tokens";

export interface ChangedAsset {
  chain: ChainId;
  /** The asset's id on its chain: a Sui coin type, a Solana mint, an EVM token address; "native" for SUI/SOL/ETH. */
  id: string;
  symbol: string | null;
  decimals: number | null;
}

export interface BalanceChange {
  owner: string;
  asset: ChangedAsset;
  /** Signed base units: negative leaves the owner, positive arrives. */
  amount: string;
}

export interface Approval {
  token: string;
  spender: string;
  amount: string;
}

export interface SimulatedBurn {
  /** The MessageTransmitter (EVM contract, Solana program) that wrote the message; move-chain: the TokenMessengerMinter package whose DepositForBurn event reports it. */
  transmitter: string;
  destinationDomain: number;
  /** bytes32 hex, as the message carries it. */
  mintRecipient: string;
  burnToken: string;
  /** Base units burned (the mint on the destination is this less any rail fee it executes). */
  amount: string;
}

export interface SimulatedChanges {
  status: "ok" | "unavailable";
  balanceChanges: BalanceChange[] | null;
  /** EVM: the ERC-20 approvals the transaction grants; null on chains without approvals or when unavailable. */
  approvals: Approval[] | null;
  /** EVM: each ERC-20 transfer as it happened (from, to), which the net changes do not show; absent elsewhere. */
  transfers?: { token: string; from: string; to: string; amount: string }[];
  /**
   * The CCTP burns the transaction sends, from the burn message its chain's MessageTransmitter writes (EVM: the
   * MessageSent log; svm-chain: the MessageSent event account after it; move-chain: the TokenMessengerMinter's
   * DepositForBurn event): where they mint and how much. Absent where this
   * chain's reader does not read burn messages; empty when it does and the transaction sends none.
   */
  burns?: SimulatedBurn[];
  /**
   * svm-chain: lamports the transaction locks as rent in the accounts with data it opens, each at most the rent-exempt
   * minimum of its size (yours to reclaim when they close); absent elsewhere.
   */
  rent?: string;
  /** Where the figures come from (the RPC method and field), or null when unavailable. */
  source: string | null;
  /** Why there are no figures, or null. */
  reason: string | null;
}

const signed = z.string().regex(/^-?[0-9]+$/);

export const changesSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    balanceChanges: z
      .array(
        z
          .object({
            owner: z.string(),
            asset: z.object({ chain: z.string(), id: z.string(), symbol: z.string().nullable(), decimals: z.number().int().nullable() }),
            amount: signed.meta({ description: "Signed integer base units of the asset: negative leaves the owner, positive arrives." }),
          })
          .meta({ id: "BalanceChange" }),
      )
      .nullable(),
    approvals: z.array(z.object({ token: z.string(), spender: z.string(), amount: z.string().regex(/^[0-9]+$/) }).meta({ id: "Approval" })).nullable(),
    transfers: z
      .array(z.object({ token: z.string(), from: z.string(), to: z.string(), amount: z.string().regex(/^[0-9]+$/) }))
      .optional()
      .meta({ description: "EVM: each ERC-20 transfer in the order the logs give them (the zero address sends a mint and receives a burn)." }),
    burns: z
      .array(z.object({ transmitter: z.string(), destinationDomain: z.number().int(), mintRecipient: z.string(), burnToken: z.string(), amount: z.string().regex(/^[0-9]+$/) }))
      .optional()
      .meta({ description: "The CCTP burns the transaction sends, read from the burn message its chain's MessageTransmitter writes (EVM MessageSent log, svm-chain MessageSent account, move-chain DepositForBurn event): destination domain, mint recipient (bytes32) and amount." }),
    rent: z.string().regex(/^[0-9]+$/).optional().meta({ description: "svm-chain: lamports locked as rent in the accounts with data the transaction opens (each at most its rent-exempt minimum), which close to you." }),
    source: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "SimulatedChanges", description: "The balance changes (and EVM approvals) the chain's own simulation reports for this transaction; unavailable with the reason when it cannot say." });

export function changesUnavailable(reason: string): SimulatedChanges {
  return { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason };
}

const NATIVE: Record<ChainId, { symbol: string; decimals: number }> = {
  "move-chain": { symbol: "SUI", decimals: 9 },
  "svm-chain": { symbol: "SOL", decimals: 9 },
  "evm-a": { symbol: "ETH", decimals: 18 },
  "evm-b": { symbol: "ETH", decimals: 18 },
};

/** A venue's share token as the chain names it in balance changes (EVM token address, Solana mint, Sui coin type). */
export interface ShareToken {
  chain: ChainId;
  id: string;
  symbol: string;
  decimals: number;
}

let shareTokens: readonly ShareToken[] = [];

/** The venues' share tokens, each cited in its venue's module: set once by server/venues/list.ts from the venue list (the chain layer names no venue). */
export function setShareTokens(list: readonly ShareToken[]): void {
  shareTokens = [...list];
}

/**
 * A share token whose id is read from the chain when a plan is built (Kamino's and Save's collateral mints, recorded in
 * their reserve accounts, not cited ids): named from then on in balance changes and mismatch messages. A token already
 * known under that id keeps its entry.
 */
export function noteShareToken(t: ShareToken): void {
  if (shareTokens.some((s) => s.chain === t.chain && sameId(t.chain, s.id, t.id))) return;
  shareTokens = [...shareTokens, t];
}

/** What the chain answered of an asset the service does not otherwise know (server/chains/asset-names.ts reads it). */
export interface AssetName {
  symbol: string | null;
  decimals: number | null;
}

/** Names read from the chains, per chain and id (EVM addresses lower-cased, Sui coin types normalized), for the process. */
const readNames = new Map<string, AssetName>();

const nameKey = (chain: ChainId, id: string) => {
  if (chain === "move-chain") {
    try {
      return `${chain}|${normalizeStructTag(id)}`;
    } catch {
      return `${chain}|${id}`;
    }
  }
  return `${chain}|${chain === "svm-chain" ? id : id.toLowerCase()}`;
};

/** Keeps what the chain answered of asset `id` (its symbol and decimals, either null when it has none) for this process. */
export function noteAssetName(chain: ChainId, id: string, name: AssetName): void {
  readNames.set(nameKey(chain, id), { symbol: name.symbol, decimals: name.decimals });
}

/** Whether the chain was already asked about asset `id` and answered (even that it has no decimals): it is not asked again. */
export function hasAssetName(chain: ChainId, id: string): boolean {
  return readNames.has(nameKey(chain, id));
}

/** Whether two ids name the same asset on `chain`: Sui coin types in normal form, Solana mints as is, EVM addresses in any case. */
const sameId = (chain: ChainId, a: string, b: string) => (chain === "move-chain" ? sameSuiCoinType(a, b) : chain === "svm-chain" ? a === b : a.toLowerCase() === b.toLowerCase());

/**
 * The asset `id` on `chain` with what the service knows of it (lib/tokens.ts, the venues' share tokens, the native
 * asset, else what its chain answered when a simulation changed it: noteAssetName); others carry nulls.
 */
export function changedAsset(chain: ChainId, id: string): ChangedAsset {
  if (id === "native") return { chain, id, ...NATIVE[chain] };
  // The tokens the service knows by name on the chain (USDC; SUI, wrapped SOL, WETH): their symbol and decimals.
  const known = KNOWN_TOKENS[chain].find((t) => sameId(chain, id, t.address));
  if (known) return { chain, id, symbol: known.symbol, decimals: known.decimals };
  // Else a venue's share token (aUSDC, a vault's shares, a market coin …) as its venue module cites it.
  const share = shareTokens.find((t) => t.chain === chain && sameId(chain, id, t.id));
  if (share) return { chain, id, symbol: share.symbol, decimals: share.decimals };
  const read = readNames.get(nameKey(chain, id));
  return { chain, id, symbol: read?.symbol ?? null, decimals: read?.decimals ?? null };
}

/** Sui coin types compared in normal form (0x2::sui::SUI = 0x000…002::sui::SUI), as the SDK normalizes struct tags. */
export function sameSuiCoinType(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return normalizeStructTag(a) === normalizeStructTag(b);
  } catch {
    return false; // not a struct tag ("native")
  }
}

/** SUI's coin type as the node reports it. */
export const SUI_COIN_TYPE = "0x2::sui::SUI";
