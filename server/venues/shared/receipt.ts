// What a confirmed deposit must show besides the owner's USDC outflow (issue 23 item 4: a position's txId is the
// transaction that moved that position's money): the venue's own mark of the deposit in the executed transaction —
// its share coin arriving to the owner, or the deposit event its Move code emits naming the owner. Without it the
// outflow could have gone anywhere (a plain transfer reported as the deposit). A venue without a receipt check is
// proven by the outflow alone (docs/decisions.md says which).
import { normalizeStructTag } from "@mysten/sui/utils";
import { normalizeAddress } from "../../chains/address";
import { errorLine, withRpcTimeout } from "../../chains/clients";
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
}

/**
 * A receipt shown by the venue's share token arriving in the owner's wallet (minted by the venue's deposit): a
 * move-chain coin type, or an svm-chain mint, fixed or read from the venue's state (`share`; a failed read leaves the
 * receipt unknown, as an unreachable node does).
 */
export function shareReceipt(venueId: string, label: string, share: string | ((signal: AbortSignal) => Promise<string>)): VenueReceipt {
  const asset = (id: string) => (id.includes("::") ? normalizeStructTag(id) : id);
  return {
    venueId,
    deposit: async (effects, owner) => {
      let id: string;
      try {
        id = asset(typeof share === "string" ? share : await withRpcTimeout(share));
      } catch (e) {
        return { state: "unknown", reason: `rpc_unavailable: ${label}'s share token could not be read: ${errorLine(e)}` };
      }
      const got = effects.assets.get(normalizeAddress(owner))?.get(id) ?? 0n;
      return got > 0n ? { state: "shown" } : { state: "missing", reason: `no ${label} share token (${id}) arrived in the owner's wallet` };
    },
  };
}
