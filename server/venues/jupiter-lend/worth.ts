// Jupiter Lend Earn: what the owner's position is worth now (issue 23 item 5), from the reads the withdraw builder makes
// (./build.ts): the USDC lending proven the cited one (readJupiterLendState) and the owner's jlUSDC × its
// token_exchange_price / 1e12, floored as a withdraw takes it (jupiterLendHolding).
import type { VenueWorth } from "../shared/read";
import type { VenueDescriptor } from "../types";
import { type JupiterLendOnchain, jupiterLendHolding, readJupiterLendState } from "./build";
import { jupiterLend } from "./descriptor";

/** The worth reader of a Jupiter Lend descriptor (the registry's, or a copy with another lending in tests). */
export function jupiterLendWorthOf(v: VenueDescriptor): VenueWorth {
  const ids = v.onchain as JupiterLendOnchain;
  return {
    venueId: v.id,
    what: "Jupiter Lend jlUSDC balance × token_exchange_price",
    readWorth: async (owner, signal) => {
      const s = await readJupiterLendState(signal, ids);
      return (await jupiterLendHolding(owner, ids.jlUsdcMint, s, signal)).micros;
    },
  };
}

export const jupiterLendWorth = jupiterLendWorthOf(jupiterLend);
