// Suilend (Sui): the USDC reserve's cToken exchange rate, read from the LendingMarket object
// (one gRPC object read, JSON rendering). Reserve fields (suilend::reserve::Reserve): available_amount (u64),
// ctoken_supply (u64), borrowed_amount and unclaimed_spread_fees (Decimal, value scaled by 1e18).
// total supply = available + borrowed − unclaimed spread fees; rate = total supply / cToken supply.
import { suilend } from "./descriptor";
import { fieldsOf, readObjectJson, sameCoinType, u } from "../../chains/sui/fields";
import type { VenueReader } from "../shared/read";

const WAD = 10n ** 18n;

const decimalValue = (v: unknown): bigint => u(fieldsOf(v).value);

/** The USDC reserve of the main LendingMarket: its slot in `reserves` (the `reserve_array_index` argument) and its rate. */
export async function readSuilendUsdcReserve(signal: AbortSignal): Promise<{ arrayIndex: bigint; rate: bigint }> {
  const reserves = (await readObjectJson(suilend.onchain.lendingMarket ?? "", signal)).reserves;
  if (!Array.isArray(reserves)) throw new Error("LendingMarket has no reserves vector");
  const usdc = suilend.onchain.usdcCoinType ?? "";
  for (const [i, r] of reserves.entries()) {
    const f = fieldsOf(r);
    const name = fieldsOf(f.coin_type).name;
    if (typeof name !== "string" || !sameCoinType(name, usdc)) continue;
    const ctokens = u(f.ctoken_supply);
    if (ctokens === 0n) throw new Error("the USDC reserve has no cTokens");
    const totalWad = u(f.available_amount) * WAD + decimalValue(f.borrowed_amount) - decimalValue(f.unclaimed_spread_fees);
    // Liquidity per cToken, scaled by 1e18.
    return { arrayIndex: BigInt(i), rate: totalWad / ctokens };
  }
  throw new Error("the USDC reserve is not in the LendingMarket");
}

export const suilendReader: VenueReader = {
  venueId: suilend.id,
  what: "Suilend LendingMarket USDC reserve cToken rate",
  readIndex: async (signal) => (await readSuilendUsdcReserve(signal)).rate,
};
