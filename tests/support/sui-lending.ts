// The Sui lending venues on a local chain, as the Sui simulation tests use them: an owner with SUI for gas, USDC, sUSDC
// and Suilend cTokens; Scallop's market with a USDC balance sheet and Suilend's main market with its USDC reserve; and
// the builders' plans for that owner.
import { builderFor, type PlanTransaction } from "../../server/venues/adapters";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { scallop } from "../../server/venues/scallop/descriptor";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import type { FakeRpc } from "./fake-rpc";

export const SUI_LENDING_USDC = scallop.onchain.usdcCoinType ?? "";
const WAD = 10n ** 18n;

/** `owner` funded (5 SUI, 50 USDC, 10 sUSDC, 10 Suilend cTokens); Scallop's and Suilend's USDC markets seeded. */
export function seedSuiLending(rpc: FakeRpc, owner: string): void {
  rpc.set(owner, "native", 5_000_000_000n);
  rpc.set(owner, SUI_LENDING_USDC, 50_000_000n);
  rpc.set(owner, SCALLOP_MARKET_COIN_TYPE, 10_000_000n);
  rpc.set(owner, SUILEND_CTOKEN_TYPE, 10_000_000n);
  setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
  rpc.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", [
    { coinType: SUI_LENDING_USDC, available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n },
  ]);
}

/** The builder's plan of `action` on `venueId` for `owner`. */
export async function venuePlan(owner: string, venueId: string, action: "deposit" | "withdraw", amountMicros: bigint): Promise<PlanTransaction[]> {
  const b = builderFor(venueId, action);
  if (!("build" in b)) throw new Error(b.reason);
  return b.build({ owner, amountMicros });
}
