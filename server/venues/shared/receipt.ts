// What a confirmed deposit or withdraw must show besides the owner's USDC moving (issue 23 item 4: a position's txId is
// the transaction that moved that position's money): the venue's own mark of it in the executed transaction — its
// share token arriving to (leaving) the owner, or the deposit (withdraw) event its code emits naming the owner.
// Without it the USDC could have gone anywhere, or come from anyone (a plain transfer reported as the deposit or the
// withdraw). A venue without a receipt check is proven by the USDC alone (docs/decisions.md says which).
import { normalizeStructTag } from "@mysten/sui/utils";
import { CHAIN_FAMILY, type ChainId, normalizeAddress } from "../../chains/address";
import { errorLine, rpcUrlOf, withRpcTimeout } from "../../chains/clients";
import type { SuiEvent } from "../../chains/sui/cctp-burns";

/** What an executed transaction did, as the confirmation read it from the chain. */
export interface ExecutedEffects {
  /** Every asset's change per normalized owner address (move-chain coin types in long form). */
  assets: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /** The events it emitted (move-chain). */
  events: readonly SuiEvent[];
  /** Its log messages (svm-chain: Anchor programs' events are "Program data:" lines). */
  logs: readonly string[];
}

export type ReceiptCheck = { state: "shown" } | { state: "missing"; reason: string } | { state: "unknown"; reason: string };

export interface VenueReceipt {
  venueId: string;
  /** Whether `effects` show a deposit of at least `amount` USDC micros by `owner` reaching the venue. */
  deposit(effects: ExecutedEffects, owner: string, amount: bigint): Promise<ReceiptCheck>;
  /** Whether `effects` show the venue paying `owner` out of its position (its shares leaving, its withdraw event). */
  withdraw(effects: ExecutedEffects, owner: string): Promise<ReceiptCheck>;
}

/**
 * A receipt shown by the venue's share token arriving in the owner's wallet (minted by the venue's deposit): a
 * move-chain coin type, or an svm-chain mint, fixed or read from the venue's state (`share`; a failed read leaves the
 * receipt unknown, as an unreachable node does).
 */
export function shareReceipt(venue: { id: string; chain: ChainId }, label: string, share: string | ((signal: AbortSignal) => Promise<string>)): VenueReceipt {
  // As the confirmation keys assets: a move-chain coin type in long form, an svm-chain mint as is.
  const asset = (id: string) => (CHAIN_FAMILY[venue.chain] === "sui" ? normalizeStructTag(id) : id);
  // A reserve's share token never changes: read from the venue once per RPC (a failed read is asked again).
  const known = new Map<string, string>();
  const shareId = async (): Promise<string> => {
    if (typeof share === "string") return asset(share);
    const url = rpcUrlOf(venue.chain);
    const hit = known.get(url);
    if (hit) return hit;
    const id = asset(await withRpcTimeout(share));
    known.set(url, id);
    return id;
  };
  /** The owner's change of the share token, or why the share token could not be read. */
  const shareChange = async (effects: ExecutedEffects, owner: string): Promise<{ id: string; change: bigint } | { unknown: string }> => {
    try {
      const id = await shareId();
      return { id, change: effects.assets.get(normalizeAddress(owner))?.get(id) ?? 0n };
    } catch (e) {
      return { unknown: `rpc_unavailable: ${label}'s share token could not be read: ${errorLine(e)}` };
    }
  };
  return {
    venueId: venue.id,
    deposit: async (effects, owner) => {
      const s = await shareChange(effects, owner);
      if ("unknown" in s) return { state: "unknown", reason: s.unknown };
      return s.change > 0n ? { state: "shown" } : { state: "missing", reason: `no ${label} share token (${s.id}) arrived in the owner's wallet` };
    },
    withdraw: async (effects, owner) => {
      const s = await shareChange(effects, owner);
      if ("unknown" in s) return { state: "unknown", reason: s.unknown };
      return s.change < 0n ? { state: "shown" } : { state: "missing", reason: `no ${label} share token (${s.id}) left the owner's wallet` };
    },
  };
}
