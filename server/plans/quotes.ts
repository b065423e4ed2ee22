// Swap quotes from real aggregator APIs, one wire format per chain family (base URLs in config):
//  svm  — Jupiter quote API: GET {SVC_QUOTE_SVM_URL}/quote?inputMint&outputMint&amount&slippageBps
//         → { inAmount, outAmount, otherAmountThreshold, priceImpactPct, routePlan[{ swapInfo{ label, feeAmount, feeMint } }] }
//  move — Cetus aggregator: GET {SVC_QUOTE_MOVE_URL}/find_routes?from&target&amount&by_amount_in=true
//         → { code: 200, msg, data: { amount_in, amount_out, routes[{ path[{ provider, from, target, fee_rate, amount_in, amount_out }] }] } }
//  evm  — 0x Swap API v2: GET {SVC_QUOTE_EVM_URL}/swap/allowance-holder/quote?chainId&sellToken&buyToken&sellAmount&slippageBps[&taker]
//         (header 0x-version: v2) → { liquidityAvailable, buyAmount, minBuyAmount, sellAmount, route{ fills[{ source }] },
//           fees{ zeroExFee{ amount, token } | null }, issues{ allowance{ spender } | null }, transaction{ to, data, value, gas } }
// Any failure (unreachable, non-2xx, a body not in the format) is `null` with a reason: the plan is blocked.
import { z } from "zod";
import { errorLine } from "../chains/clients";
import { config } from "../config";

const uint = z.string().regex(/^[0-9]+$/);

export interface PoolFee {
  label: string;
  amount: bigint | null;
  asset: string | null;
}

export interface Quote {
  source: string;
  format: "jupiter-quote-v1" | "cetus-find-routes" | "0x-swap-v2";
  asOf: string;
  inAmount: bigint;
  outAmount: bigint;
  sourceMinAmountOut: bigint | null;
  priceImpactPct: string | null;
  route: string[];
  poolFees: PoolFee[];
  /** 0x: the ready-to-sign swap call and the allowance target. */
  evm?: { to: string; data: string; value: string; allowanceSpender: string | null };
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: string };

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const r = await fetch(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
  if (!r.ok) throw new Error(`the quote source answered HTTP ${r.status}`);
  return r.json();
}

function fail(e: unknown): QuoteResult {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout/i.test(msg)) return { ok: false, reason: "the quote source did not answer in time" };
  return { ok: false, reason: `quote source unavailable: ${errorLine(e)}` };
}

const jupiterQuote = z.object({
  inAmount: uint,
  outAmount: uint,
  otherAmountThreshold: uint,
  priceImpactPct: z.union([z.string(), z.number()]).optional(),
  routePlan: z.array(z.object({ swapInfo: z.object({ label: z.string().optional(), feeAmount: uint.optional(), feeMint: z.string().optional() }) })),
});

export async function jupiterQuoteFor(inputMint: string, outputMint: string, amount: bigint, slippageBps: number): Promise<QuoteResult> {
  const base = config().SVC_QUOTE_SVM_URL;
  const qs = new URLSearchParams({ inputMint, outputMint, amount: amount.toString(), slippageBps: String(slippageBps) });
  try {
    const q = jupiterQuote.parse(await getJson(`${base}/quote?${qs}`));
    return {
      ok: true,
      quote: {
        source: base,
        format: "jupiter-quote-v1",
        asOf: new Date().toISOString(),
        inAmount: BigInt(q.inAmount),
        outAmount: BigInt(q.outAmount),
        sourceMinAmountOut: BigInt(q.otherAmountThreshold),
        priceImpactPct: q.priceImpactPct === undefined ? null : String(q.priceImpactPct),
        route: q.routePlan.map((r) => r.swapInfo.label ?? "unknown"),
        poolFees: q.routePlan.map((r) => ({
          label: `Pool fee (${r.swapInfo.label ?? "route step"})`,
          amount: r.swapInfo.feeAmount === undefined ? null : BigInt(r.swapInfo.feeAmount),
          asset: r.swapInfo.feeMint ?? null,
        })),
      },
    };
  } catch (e) {
    return fail(e);
  }
}

const decimal = z.union([z.string(), z.number()]).transform((v) => String(v));
const cetusRoutes = z.object({
  code: z.number(),
  msg: z.string().optional(),
  data: z
    .object({
      amount_in: z.union([uint, z.number()]).transform((v) => BigInt(v)),
      amount_out: z.union([uint, z.number()]).transform((v) => BigInt(v)),
      routes: z.array(
        z.object({
          path: z.array(
            z.object({
              provider: z.string(),
              from: z.string(),
              target: z.string(),
              fee_rate: decimal,
              amount_in: z.union([uint, z.number()]).transform((v) => BigInt(v)),
            }),
          ),
        }),
      ),
    })
    .nullable()
    .optional(),
});

/** amount × a decimal rate string ("0.0025"), exactly, rounded down. */
export function timesDecimal(amount: bigint, rate: string): bigint | null {
  const m = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,18}))?$/.exec(rate.trim());
  if (!m) return null;
  const frac = m[2] ?? "";
  const scaled = BigInt((m[1] ?? "0") + frac);
  return (amount * scaled) / 10n ** BigInt(frac.length);
}

export async function cetusQuoteFor(from: string, target: string, amount: bigint): Promise<QuoteResult> {
  const base = config().SVC_QUOTE_MOVE_URL;
  const qs = new URLSearchParams({ from, target, amount: amount.toString(), by_amount_in: "true" });
  try {
    const r = cetusRoutes.parse(await getJson(`${base}/find_routes?${qs}`));
    if (r.code !== 200 || !r.data) return { ok: false, reason: `quote source has no route: ${r.msg ?? `code ${r.code}`}` };
    const steps = r.data.routes.flatMap((x) => x.path);
    return {
      ok: true,
      quote: {
        source: base,
        format: "cetus-find-routes",
        asOf: new Date().toISOString(),
        inAmount: r.data.amount_in,
        outAmount: r.data.amount_out,
        sourceMinAmountOut: null,
        priceImpactPct: null,
        route: steps.map((s) => s.provider),
        poolFees: steps.map((s) => ({ label: `Pool fee (${s.provider}, rate ${s.fee_rate})`, amount: timesDecimal(s.amount_in, s.fee_rate), asset: s.from })),
      },
    };
  } catch (e) {
    return fail(e);
  }
}

const zeroExQuote = z.object({
  liquidityAvailable: z.boolean(),
  buyAmount: uint.optional(),
  minBuyAmount: uint.optional(),
  sellAmount: uint.optional(),
  route: z.object({ fills: z.array(z.object({ source: z.string() })) }).optional(),
  fees: z
    .object({ zeroExFee: z.object({ amount: uint, token: z.string() }).nullable().optional() })
    .optional(),
  issues: z.object({ allowance: z.object({ spender: z.string() }).nullable().optional() }).optional(),
  transaction: z.object({ to: z.string(), data: z.string(), value: z.union([uint, z.number()]).transform(String) }).optional(),
});

export async function zeroExQuoteFor(chainId: number, sellToken: string, buyToken: string, amount: bigint, slippageBps: number, taker?: string): Promise<QuoteResult> {
  const base = config().SVC_QUOTE_EVM_URL;
  const qs = new URLSearchParams({ chainId: String(chainId), sellToken, buyToken, sellAmount: amount.toString(), slippageBps: String(slippageBps) });
  if (taker) qs.set("taker", taker);
  try {
    const q = zeroExQuote.parse(await getJson(`${base}/swap/allowance-holder/quote?${qs}`, { "0x-version": "v2" }));
    if (!q.liquidityAvailable || !q.buyAmount) return { ok: false, reason: "the quote source has no liquidity for this pair" };
    const fee = q.fees?.zeroExFee;
    return {
      ok: true,
      quote: {
        source: base,
        format: "0x-swap-v2",
        asOf: new Date().toISOString(),
        inAmount: BigInt(q.sellAmount ?? amount.toString()),
        outAmount: BigInt(q.buyAmount),
        sourceMinAmountOut: q.minBuyAmount ? BigInt(q.minBuyAmount) : null,
        priceImpactPct: null,
        route: (q.route?.fills ?? []).map((f) => f.source),
        poolFees: [
          { label: "Pool fees (included in the quoted price by the liquidity sources)", amount: null, asset: null },
          ...(fee ? [{ label: "Aggregator fee (0x)", amount: BigInt(fee.amount), asset: fee.token }] : []),
        ],
        evm: q.transaction
          ? { to: q.transaction.to, data: q.transaction.data, value: q.transaction.value, allowanceSpender: q.issues?.allowance?.spender ?? null }
          : undefined,
      },
    };
  } catch (e) {
    return fail(e);
  }
}
