// The local Sui node's Cetus aggregator rule (testing/chains/sui/cetus-flow.ts) as the general coin follower
// (testing/chains/sui/coin-flow.ts) runs it: a by-amount-in route's three router calls move the coin as the router's
// code does — the pool's output less the fee to the sender, the fee to its recipient — and the router's own checks
// still end the transaction: more than max_amount_in, an output below the quote's limit, a balance left in the context.
import { describe, expect, it } from "vitest";
import { CETUS_ADAPTER_V3_ORIGINAL, CETUS_AGGREGATOR_V3_ORIGINAL, LOCAL_CETUS_USDC_SUI_POOL } from "../../testing/chains/sui/cetus-aggregator";
import { cetusCoinCall } from "../../testing/chains/sui/cetus-flow";
import { coinFlow } from "../../testing/chains/sui/coin-flow";
import type { SuiObject } from "../../testing/chains/sui/world";

const SENDER = `0x${"ab".repeat(32)}`;
const FEE_TO = `0x${"fe".repeat(32)}`;
const USDC = `0x${"05".repeat(32)}::usdc::USDC`;
const SUI = "0x2::sui::SUI";
const COIN_ID = `0x${"01".repeat(32)}`;
const u64 = (v: bigint) => Buffer.from(new BigUint64Array([v]).buffer).toString("base64");
const u32 = (v: number) => Buffer.from(new Uint32Array([v]).buffer).toString("base64");
const addr = (a: string) => Buffer.from(a.slice(2), "hex").toString("base64");
const coin: SuiObject = { id: COIN_ID, type: `0x2::coin::Coin<${USDC}>`, owner: { kind: "address", address: SENDER }, version: 1n, json: {}, balance: 5_000_000n };

/** A route swapping the 5 USDC coin to SUI: `swapIn` asked of the pool, the quote's figures and fee as given. */
function route(o: { maxIn?: bigint; swapIn?: bigint; quoteOut?: bigint; feeRate?: number }) {
  const pure = (b: string) => ({ kind: "PURE", pure: b });
  const inputs = [
    { kind: "IMMUTABLE_OR_OWNED", objectId: COIN_ID },
    pure(""),
    pure(u64(o.maxIn ?? 5_000_000n)),
    pure(u64(5_000_000n)),
    pure(u64(o.quoteOut ?? 4_975_000n)),
    pure(u64(1_000n)),
    pure(u32(o.feeRate ?? 1_000)),
    pure(addr(FEE_TO)),
    { kind: "SHARED", objectId: LOCAL_CETUS_USDC_SUI_POOL },
    pure(Buffer.from([1]).toString("base64")),
    pure(u64(o.swapIn ?? 5_000_000n)),
    pure(addr(SENDER)),
  ];
  const input = (i: number) => ({ kind: "INPUT", input: i });
  const call = (pkg: string, module: string, fn: string, args: unknown[], typeArguments: string[]) => ({ moveCall: { package: pkg, module, function: fn, arguments: args, typeArguments } });
  const commands = [
    call(CETUS_AGGREGATOR_V3_ORIGINAL, "router", "new_swap_context_v3", [1, 2, 3, 4, 5, 0, 6, 7].map(input), [USDC, SUI]),
    call(CETUS_ADAPTER_V3_ORIGINAL, "cetus", "swap", [{ kind: "RESULT", result: 0 }, input(1), input(8), input(1), input(9), input(10), input(1)], [USDC, SUI]),
    call(CETUS_AGGREGATOR_V3_ORIGINAL, "router", "confirm_swap_v3", [{ kind: "RESULT", result: 0 }], [SUI]),
    { transferObjects: { objects: [{ kind: "RESULT", result: 2 }], address: input(11) } },
  ];
  return coinFlow(SENDER, inputs, commands, {
    objectOf: (id) => (id === COIN_ID ? coin : undefined),
    coinCall: cetusCoinCall,
    gasCharged: 0n,
    gasCoinValue: 0n,
  });
}

const amountOf = (r: ReturnType<typeof route>, owner: string, type: string) =>
  r.balanceChanges?.find((c) => c.address === owner && c.coinType.endsWith(type.split("::").slice(1).join("::")))?.amount;

describe("Cetus aggregator route on the local Sui node's coin follower", () => {
  it("5 USDC in; the pool's 995/1000 out less the 0.1% fee to the sender, the fee to its recipient", () => {
    const r = route({});
    expect(r.failure).toBeNull();
    // out = 5_000_000 × 995/1000 = 4_975_000; fee = 4_975_000 × 1000/1e6 = 4_975.
    expect(amountOf(r, SENDER, USDC)).toBe("-5000000");
    expect(amountOf(r, SENDER, SUI)).toBe("4970025");
    expect(amountOf(r, FEE_TO, SUI)).toBe("4975");
  });
  it("a coin over max_amount_in aborts err_exceed_max_amount_in", () => {
    expect(route({ maxIn: 4_999_999n }).failure?.description).toContain("err_exceed_max_amount_in");
  });
  it("an output below the quote's limit (after the fee) aborts the slippage check", () => {
    expect(route({ quoteOut: 5_000_000n }).failure?.description).toContain("err_amount_out_slippage_check_failed");
    expect(route({ quoteOut: 4_975_000n, feeRate: 0 }).failure).toBeNull();
  });
  it("input left in the context (the pool asked for less than the coin) aborts err_remains_balance", () => {
    expect(route({ swapIn: 4_000_000n, quoteOut: 3_000_000n }).failure?.description).toContain("err_remains_balance");
  });
});
