// The coin movements of a Cetus aggregator v3 route on the local Sui node: a coin rule (`SuiWorld.coinCall`, followed
// by ./coin-flow.ts like the venues' rules) for the three calls a by-amount-in route makes, as the router's published
// code moves them (MystenLabs/sui-packages packages/mainnet/0xff/d4058af7…/decompiled_modules/router.move, commit 02584524299ebf221e478b8043da6a33ec9316af):
// - new_swap_context_v3(quote_id, max_amount_in, quote_amount_in, quote_amount_out, slippage, coin, fee_rate,
//   fee_recipient): aborts when the coin holds more than max_amount_in; the coin's balance goes into the context's bag
//   and its value is the context's amount_in;
// - cetus::swap(ctx, config, pool, partner, a2b, amount_in, clock): takes amount_in of the input from the bag (all of
//   it when it holds no more: router::take_balance) and merges the pool's output into the bag. The pool's price math
//   (Cetus CLMM) is not run here: this node's pool (LOCAL_CETUS_USDC_SUI_POOL) pays LOCAL_CETUS_POOL_RATE of what it
//   takes, the rate the local quote server quotes by default (tests/support/fake-quotes.ts);
// - confirm_swap_v3(ctx): the output limit mul_div(mul_div(amount_in, quote_amount_out, quote_amount_in), 1e6 −
//   slippage, 1e6); the fee (fee_rate millionths of the output, to fee_recipient, when both are set: collect_fee);
//   aborts when the output is below the limit or the bag holds anything else (err_remains_balance); the output coin.
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { CETUS_ADAPTER_V3_ORIGINAL, CETUS_AGGREGATOR_V3_ORIGINAL, LOCAL_CETUS_POOL_RATE, LOCAL_CETUS_USDC_SUI_POOL } from "./cetus-aggregator";
import { type CoinCallResult, type CoinCallSeen, type FlowValue, sameAddress } from "./world";

/** A swap context's state; the PTB holds the context as a receipt value (new_swap_context_v3's result), this maps it to its state. */
interface Context {
  bag: Map<string, bigint>;
  amountIn: bigint;
  quoteIn: bigint;
  quoteOut: bigint;
  slippage: bigint;
  feeRate: bigint;
  feeRecipient: string;
  target: string;
}

const contexts = new WeakMap<FlowValue, Context>();
const MILLION = 1_000_000n;
const tag = (t: string | undefined) => normalizeStructTag(t ?? "");
const pure = (a: CoinCallSeen["args"][number] | undefined) => (a && "pure" in a ? a.pure : null);
const heldOf = (a: CoinCallSeen["args"][number] | undefined) => (a && "held" in a ? a.held : null);
const u64 = (b: Uint8Array | null) => (b && b.length === 8 ? Buffer.from(b).readBigUInt64LE(0) : null);
const u32 = (b: Uint8Array | null) => (b && b.length === 4 ? BigInt(Buffer.from(b).readUInt32LE(0)) : null);
const fails = (fn: string, error: string): CoinCallResult => ({ fails: `MoveAbort: ${CETUS_AGGREGATOR_V3_ORIGINAL}::router::${fn} ${error}` });

/** new_swap_context_v3: the coin (taken) becomes the context's bag; aborts when it holds more than max_amount_in. */
function newSwapContext(call: CoinCallSeen): CoinCallResult | undefined {
  const [maxIn = null, quoteIn = null, quoteOut = null, slippage = null] = [1, 2, 3, 4].map((i) => u64(pure(call.args[i])));
  const feeRate = u32(pure(call.args[6]));
  const recipient = pure(call.args[7]);
  const coin = heldOf(call.args[5]);
  if (coin?.kind !== "coin" || maxIn === null || quoteIn === null || quoteOut === null || slippage === null || feeRate === null || recipient?.length !== 32) return undefined;
  if (coin.value > maxIn) return fails("new_swap_context_v3", "err_exceed_max_amount_in");
  const value: FlowValue = { kind: "receipt", name: "cetus::router::SwapContext", coinType: coin.coinType, value: coin.value, fee: 0n };
  const feeRecipient = `0x${Buffer.from(recipient).toString("hex")}`;
  contexts.set(value, { bag: new Map([[tag(coin.coinType), coin.value]]), amountIn: coin.value, quoteIn, quoteOut, slippage, feeRate, feeRecipient, target: tag(call.typeArguments[1]) });
  return { takes: [5], returns: [value] };
}

/** cetus::swap: takes amount_in of the input from the bag (all it holds when no more) and puts the pool's output in it. */
function cetusSwap(call: CoinCallSeen): CoinCallResult | undefined {
  const held = heldOf(call.args[0]);
  const ctx = held ? contexts.get(held) : undefined;
  const pool = call.args[2];
  const a2b = pure(call.args[4]);
  const amountIn = u64(pure(call.args[5]));
  if (!ctx || !pool || !("object" in pool) || !sameAddress(pool.object, LOCAL_CETUS_USDC_SUI_POOL) || a2b?.length !== 1 || amountIn === null) return undefined;
  const [from, to] = a2b[0] === 1 ? [tag(call.typeArguments[0]), tag(call.typeArguments[1])] : [tag(call.typeArguments[1]), tag(call.typeArguments[0])];
  const inBag = ctx.bag.get(from) ?? 0n;
  const taken = inBag <= amountIn ? inBag : amountIn;
  if (inBag <= amountIn) ctx.bag.delete(from);
  else ctx.bag.set(from, inBag - amountIn);
  const out = (taken * LOCAL_CETUS_POOL_RATE.num) / LOCAL_CETUS_POOL_RATE.den;
  if (out > 0n) ctx.bag.set(to, (ctx.bag.get(to) ?? 0n) + out);
  return { takes: [], returns: [] };
}

/** confirm_swap_v3: the output less the fee (to its recipient) as a coin; aborts below the limit or with a balance left over. */
function confirmSwap(call: CoinCallSeen): CoinCallResult | undefined {
  const held = heldOf(call.args[0]);
  const ctx = held ? contexts.get(held) : undefined;
  if (!held || !ctx) return undefined;
  const limit = (((ctx.amountIn * ctx.quoteOut) / ctx.quoteIn) * (MILLION - ctx.slippage)) / MILLION;
  const bag = new Map(ctx.bag);
  let out = bag.get(ctx.target) ?? 0n;
  bag.delete(ctx.target);
  const fee = ctx.feeRate === 0n || sameAddress(ctx.feeRecipient, "0x0") ? 0n : (out * ctx.feeRate) / MILLION;
  out -= fee;
  if (out < limit) return fails("confirm_swap_v3", "err_amount_out_slippage_check_failed");
  if ([...bag.values()].some((v) => v > 0n)) return fails("confirm_swap_v3", "err_remains_balance");
  const sends = fee > 0n ? [{ to: normalizeSuiAddress(ctx.feeRecipient), value: { kind: "coin" as const, coinType: ctx.target, value: fee } }] : [];
  // The output coin is the PTB's until it transfers it (to the sender, for the service's routes).
  return { takes: [0], returns: [{ kind: "coin", coinType: ctx.target, value: out }], sends };
}

/** The coin rule of the three router calls (package by original id, as the node passes it), or undefined for another call. */
export function cetusCoinCall(call: CoinCallSeen): CoinCallResult | undefined {
  if (sameAddress(call.package, CETUS_AGGREGATOR_V3_ORIGINAL) && call.module === "router") {
    if (call.function === "new_swap_context_v3") return newSwapContext(call);
    if (call.function === "confirm_swap_v3") return confirmSwap(call);
  }
  if (sameAddress(call.package, CETUS_ADAPTER_V3_ORIGINAL) && call.module === "cetus" && call.function === "swap") return cetusSwap(call);
  return undefined;
}
