// The coin movements of a Cetus aggregator v3 route on the local Sui node (./coin-flow.ts asks it for the three calls a
// by-amount-in route makes), as the router's published code moves them (MystenLabs/sui-packages
// packages/mainnet/0xff/d4058af7…/decompiled_modules/router.move, commit 02584524299ebf221e478b8043da6a33ec9316af):
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
import { type CallModel, functionKey } from "./world";


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

const u64 = (b: Uint8Array | null) => (b && b.length === 8 ? Buffer.from(b).readBigUInt64LE(0) : null);
const u32 = (b: Uint8Array | null) => (b && b.length === 4 ? BigInt(Buffer.from(b).readUInt32LE(0)) : null);
const tag = (t: string | undefined) => normalizeStructTag(t ?? "");
const MILLION = 1_000_000n;
/** A coin type as this node reports it in balance changes: SUI as ./coin-flow.ts charges gas in it, others in normal form. */
const SUI_TAG = normalizeStructTag("0x2::sui::SUI");
const reported = (t: string) => (t === SUI_TAG ? "0x2::sui::SUI" : t);

/** The three calls' models, keyed as the world keys functions (original package::module::function); contexts live per PTB. */
export function cetusFlowModels(): Map<string, CallModel> {
  const contexts = new Map<string, Context>();
  const router = (fn: string) => functionKey(CETUS_AGGREGATOR_V3_ORIGINAL, "router", fn);
  const abort = (fn: string, error: string, index: number) => `MoveAbort in command ${index}: ${CETUS_AGGREGATOR_V3_ORIGINAL}::router::${fn} ${error}`;
  return new Map<string, CallModel>([
    [
      router("new_swap_context_v3"),
      (s) => {
        const [maxIn = null, quoteIn = null, quoteOut = null, slippage = null] = [1, 2, 3, 4].map((i) => u64(s.pureOf(s.args[i])));
        const feeRate = u32(s.pureOf(s.args[6]));
        const recipient = s.pureOf(s.args[7]);
        const coin = s.take(s.args[5]);
        if (!coin || maxIn === null || quoteIn === null || quoteOut === null || slippage === null || feeRate === null || recipient?.length !== 32) return null;
        if (coin.value > maxIn) return abort("new_swap_context_v3", "err_exceed_max_amount_in", s.index);
        // The coin leaves the sender's hands into the context.
        s.change(s.sender, coin.coinType, -coin.value);
        contexts.set(`r${s.index}`, {
          bag: new Map([[tag(coin.coinType), coin.value]]),
          amountIn: coin.value,
          quoteIn,
          quoteOut,
          slippage,
          feeRate,
          feeRecipient: `0x${Buffer.from(recipient).toString("hex")}`,
          target: tag(s.typeArguments[1]),
        });
        return null;
      },
    ],
    [
      functionKey(CETUS_ADAPTER_V3_ORIGINAL, "cetus", "swap"),
      (s) => {
        const ctx = contexts.get(s.resultKey(s.args[0]) ?? "");
        const pool = s.objectIdOf(s.args[2]);
        const a2b = s.pureOf(s.args[4]);
        const amountIn = u64(s.pureOf(s.args[5]));
        if (!ctx || !pool || normalizeSuiAddress(pool) !== LOCAL_CETUS_USDC_SUI_POOL || a2b?.length !== 1 || amountIn === null) return null;
        const [from, to] = a2b[0] === 1 ? [tag(s.typeArguments[0]), tag(s.typeArguments[1])] : [tag(s.typeArguments[1]), tag(s.typeArguments[0])];
        const held = ctx.bag.get(from) ?? 0n;
        const taken = held <= amountIn ? held : amountIn;
        if (held <= amountIn) ctx.bag.delete(from);
        else ctx.bag.set(from, held - amountIn);
        const out = (taken * LOCAL_CETUS_POOL_RATE.num) / LOCAL_CETUS_POOL_RATE.den;
        if (out > 0n) ctx.bag.set(to, (ctx.bag.get(to) ?? 0n) + out);
        return null;
      },
    ],
    [
      router("confirm_swap_v3"),
      (s) => {
        const key = s.resultKey(s.args[0]) ?? "";
        const ctx = contexts.get(key);
        if (!ctx) return null;
        contexts.delete(key);
        const limit = (((ctx.amountIn * ctx.quoteOut) / ctx.quoteIn) * (MILLION - ctx.slippage)) / MILLION;
        let out = ctx.bag.get(ctx.target) ?? 0n;
        ctx.bag.delete(ctx.target);
        const zero = normalizeSuiAddress(ctx.feeRecipient) === normalizeSuiAddress("0x0");
        const fee = ctx.feeRate === 0n || zero ? 0n : (out * ctx.feeRate) / MILLION;
        out -= fee;
        if (out < limit) return abort("confirm_swap_v3", "err_amount_out_slippage_check_failed", s.index);
        if ([...ctx.bag.values()].some((v) => v > 0n)) return abort("confirm_swap_v3", "err_remains_balance", s.index);
        const target = reported(ctx.target);
        if (fee > 0n) s.change(ctx.feeRecipient, target, fee);
        // The output coin is the sender's until the PTB transfers it.
        s.change(s.sender, target, out);
        s.give(`r${s.index}`, target, out);
        return null;
      },
    ],
  ]);
}
