// Save (Solend): what the owner's position is worth now (issue 23 item 5), from the reads the withdraw builder makes
// (./build.ts): the USDC reserve proven the cited main market's (readSaveReserve) and the owner's cUSDC at its collateral
// rate, floored as the redeem pays (saveHolding → saveLiquidityFor: CollateralExchangeRate::collateral_to_liquidity).
import type { VenueWorth } from "../shared/read";
import type { VenueDescriptor } from "../types";
import { readSaveReserve, type SaveOnchain, saveHolding } from "./build";
import { save } from "./descriptor";

/** The worth reader of a Save descriptor (the registry's, or a copy with another reserve in tests). */
export function saveWorthOf(v: VenueDescriptor): VenueWorth {
  const ids = v.onchain as SaveOnchain;
  return {
    venueId: v.id,
    what: "Save cUSDC balance × USDC reserve collateral rate",
    readWorth: async (owner, signal) => (await saveHolding(owner, await readSaveReserve(signal, ids), signal)).micros,
  };
}

export const saveWorth = saveWorthOf(save);
