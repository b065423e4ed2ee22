// Suilend (Sui): the USDC reserve's cToken exchange rate, read from the LendingMarket object
// (sui_getObject with content). Reserve fields (suilend::reserve::Reserve): available_amount (u64),
// ctoken_supply (u64), borrowed_amount and unclaimed_spread_fees (Decimal, value scaled by 1e18).
// total supply = available + borrowed − unclaimed spread fees; rate = total supply / cToken supply.
import { SuiJsonRpcClient } from "@mysten/sui/jsonRpc";
import { suilend } from "../suilend";
import { rpcUrlOf } from "./rpc";
import type { VenueReader } from "./types";

const WAD = 10n ** 18n;

type Fields = Record<string, unknown>;

function fieldsOf(v: unknown): Fields {
  if (v && typeof v === "object" && "fields" in v) return (v as { fields: Fields }).fields;
  throw new Error("unexpected Move value shape");
}

function u(v: unknown): bigint {
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("expected an unsigned integer");
}

const decimalValue = (v: unknown): bigint => u(fieldsOf(v).value);

/** TypeName.name has no 0x prefix; compare on the normalized form. */
const sameCoinType = (a: string, b: string) => a.replace(/^0x/, "").toLowerCase() === b.replace(/^0x/, "").toLowerCase();

export const suilendReader: VenueReader = {
  venueId: suilend.id,
  what: "Suilend LendingMarket USDC reserve cToken rate",
  readIndex: async (signal) => {
    const client = new SuiJsonRpcClient({ url: rpcUrlOf("move-chain"), network: "mainnet" });
    const res = await client.getObject({ id: suilend.onchain.lendingMarket ?? "", options: { showContent: true }, signal });
    const content = res.data?.content;
    if (content?.dataType !== "moveObject") throw new Error(res.error ? `object error: ${res.error.code}` : "no object content");
    const reserves = (content.fields as Fields).reserves;
    if (!Array.isArray(reserves)) throw new Error("LendingMarket has no reserves vector");
    const usdc = suilend.onchain.usdcCoinType ?? "";
    for (const r of reserves) {
      const f = fieldsOf(r);
      const name = fieldsOf(f.coin_type).name;
      if (typeof name !== "string" || !sameCoinType(name, usdc)) continue;
      const ctokens = u(f.ctoken_supply);
      if (ctokens === 0n) throw new Error("the USDC reserve has no cTokens");
      const totalWad = u(f.available_amount) * WAD + decimalValue(f.borrowed_amount) - decimalValue(f.unclaimed_spread_fees);
      // Liquidity per cToken, scaled by 1e18.
      return totalWad / ctokens;
    }
    throw new Error("the USDC reserve is not in the LendingMarket");
  },
};
