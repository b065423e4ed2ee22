// marginfi: what the owner's position is worth now (issue 23 item 5), from the reads the withdraw builder makes
// (./build.ts): the USDC bank proven a production-group bank of USDC (readUsdcBank), the owner's marginfi account (the
// builder's: the PDA ["marginfi_account", group, owner, 0u16, 0u16], readOwnerAccount) and its balance in that bank:
// asset shares × the bank's asset_share_value (both I80F48), floored as withdraw_all pays (marginfiHeldIn).
import type { VenueWorth } from "../shared/read";
import type { VenueDescriptor } from "../types";
import { type MarginfiOnchain, marginfiHeldIn, readOwnerAccount, readUsdcBank } from "./build";
import { marginfi } from "./descriptor";

/** The worth reader of a marginfi descriptor (the registry's, or a copy with another bank in tests). */
export function marginfiWorthOf(v: VenueDescriptor): VenueWorth {
  const ids = v.onchain as MarginfiOnchain;
  return {
    venueId: v.id,
    what: "marginfi account's USDC bank asset shares × asset_share_value",
    readWorth: async (owner, signal) => {
      const [bank, account] = await Promise.all([readUsdcBank(ids, signal), readOwnerAccount(owner, signal)]);
      return marginfiHeldIn(account.balances, bank);
    },
  };
}

export const marginfiWorth = marginfiWorthOf(marginfi);
