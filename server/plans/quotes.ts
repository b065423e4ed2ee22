// Swap quotes from the aggregators' current APIs, one wire format per chain family (base URLs and keys in config):
//  svm  — Jupiter Swap API v2 (https://api.jup.ag/swap/v2, header x-api-key = SVC_JUPITER_API_KEY; the lite-api.jup.ag
//         host and the v1 quote + swap-instructions pair are retired; dev.jup.ag/docs/swap, "Metis → /build"):
//         with an owner  GET {SVC_QUOTE_SVM_URL}/build?inputMint&outputMint&amount&slippageBps&taker → the quote
//           { inAmount, outAmount, otherAmountThreshold, routePlan[{ swapInfo{ label } }] } with the raw instructions
//           (computeBudgetInstructions, setupInstructions, otherInstructions, swapInstruction, cleanupInstruction),
//           addressesByLookupTableAddress and blockhashWithMetadata { blockhash: number[], lastValidBlockHeight };
//         without one GET {SVC_QUOTE_SVM_URL}/order?inputMint&outputMint&amount (no taker: "a quote but no transaction").
//         The service swap fee on /build: platformFeeBps + feeAccount (a token account of the input mint, the fee
//         recipient's associated token account), "Required if platformFeeBps is positive" (jup-ag/docs
//         openapi-spec/swap/v2/swap.yaml GetBuild; dev.jup.ag/docs/swap/v2/fees "/build fees"; for ExactIn the fee
//         account's mint may be the input or the output mint, dev.jup.ag/docs/swap/add-fees-to-swap). /build charges no
//         Jupiter fee; /order takes integrator fees only through the Referral Program (referralFee 50–255 bps), so a
//         quote-only /order request carries no fee parameter and quotes the amount left after the service fee.
//  move — Cetus aggregator router v3 (@cetusprotocol/aggregator-sdk 1.7.2, dist/index.js: DEFAULT_AGG_V3_ENDPOINT
//         "https://api-sui.cetus.zone/router_v3", getRouter): GET {SVC_QUOTE_MOVE_URL}/find_routes?from&target&amount
//         &by_amount_in=true&providers=<list>&v=1010702 (coin types completed as the SDK's completionCoin does) →
//         { code: 200, msg, data: { request_id, amount_in, amount_out, deviation_ratio, paths[{ id, direction, provider,
//         from, target, fee_rate, amount_in, amount_out, version, published_at, extended_details }], packages } }
//         (parseRouterResponse). The same answer is the SDK's RouterDataV3 the swap transaction is built from
//         (./cetus.ts): one quote request per plan.
//  evm  — 0x Swap API v2 (AllowanceHolder): GET {SVC_QUOTE_EVM_URL}/swap/allowance-holder/quote?chainId&sellToken&buyToken
//         &sellAmount&slippageBps[&taker], headers 0x-api-key = SVC_ZEROX_API_KEY and 0x-version: v2 →
//         { liquidityAvailable, buyAmount, minBuyAmount, sellAmount, route{ fills[{ source }] }, fees{ zeroExFee },
//           issues{ allowance{ actual, spender } | null }, transaction{ to, data, value, gas } }.
//         The service swap fee: swapFeeRecipient + swapFeeBps (given together; at most 1000 bps by default) and
//         swapFeeToken = the sell token (it must be the buy or the sell token), answered as fees.integratorFee
//         { amount, token, type: "volume" } (docs.0x.org api-reference allowanceholder-getquote; 0x.org/docs/0x-swap-api/
//         guides/monetize-your-app-using-swap).
// Any failure (no key, unreachable, non-2xx, a body not in the format) is `null` with a reason: the plan is blocked.
import { completionCoin, type RouterDataV3 } from "@cetusprotocol/aggregator-sdk";
import { z } from "zod";
import { errorLine } from "../chains/clients";
import { config } from "../config";
import { cetusProviders, cetusRouterData } from "./cetus";

const uint = z.string().regex(/^[0-9]+$/);
const uintLike = z.union([uint, z.number().int().nonnegative()]).transform((v) => BigInt(v));

export interface PoolFee {
  label: string;
  amount: bigint | null;
  asset: string | null;
}

/** One instruction as Jupiter's /build answers it (data base64). */
export interface JupiterInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

/** What the owner signs for a Jupiter /build quote: the instructions in Jupiter's order, the lookup tables and lifetime. */
export interface JupiterBuild {
  instructions: JupiterInstruction[];
  lookupTables: Record<string, string[]>;
  blockhash: Uint8Array;
  lastValidBlockHeight: bigint;
}

export interface Quote {
  source: string;
  format: "jupiter-swap-v2-build" | "jupiter-swap-v2-order" | "cetus-router-v3" | "0x-swap-v2";
  asOf: string;
  inAmount: bigint;
  outAmount: bigint;
  sourceMinAmountOut: bigint | null;
  priceImpactPct: string | null;
  route: string[];
  poolFees: PoolFee[];
  /** 0x: the ready-to-sign swap call and, when the taker's allowance falls short, the spender to approve first. */
  evm?: { to: string; data: string; value: string; allowance: { spender: string; actual: bigint } | null };
  /** Jupiter /build: the owner's swap instructions. */
  svm?: JupiterBuild;
  /** Cetus router v3: the answer as the aggregator SDK's RouterDataV3, which builds the owner's swap (./cetus.ts). */
  move?: RouterDataV3;
  /** The service fee the aggregator's own mechanism takes in this quote's transaction, as its answer states it. */
  serviceFee?: { amount: bigint; asset: string; source: string };
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: string };

/** The service fee a quote request asks the aggregator to take, from the input, for `recipient` (an EVM address or a Solana token account). */
export interface FeeRequest {
  bps: number;
  /** 0x: the recipient's address; Jupiter: the recipient's token account of the input mint. */
  recipient: string;
  /** What the fee comes to at `bps` of the input (bpsOf, rounded down). */
  amount: bigint;
}

/** A configured key that the API needs is missing: the reason names the variable (contract §9). */
export function missingKey(variable: "SVC_JUPITER_API_KEY" | "SVC_ZEROX_API_KEY", api: string): QuoteResult {
  return { ok: false, reason: `${variable} is not set, and ${api} answers only requests with an API key; set ${variable} to quote` };
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const r = await fetch(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
  if (r.status === 401 || r.status === 403) throw new Error(`the quote source refused the API key (HTTP ${r.status})`);
  if (!r.ok) throw new Error(`the quote source answered HTTP ${r.status}`);
  return r.json();
}

function fail(e: unknown): QuoteResult {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout/i.test(msg)) return { ok: false, reason: "the quote source did not answer in time" };
  return { ok: false, reason: `quote source unavailable: ${errorLine(e)}` };
}

const jupiterRoute = z.array(
  z.object({ swapInfo: z.object({ label: z.string().optional(), feeAmount: uint.optional(), feeMint: z.string().optional() }) }),
);
const jupiterQuote = z.object({
  inAmount: uint,
  outAmount: uint,
  otherAmountThreshold: uint,
  priceImpactPct: z.union([z.string(), z.number()]).optional(),
  routePlan: jupiterRoute,
  /** Metis's quote format (jup-ag/docs openapi-spec/swap/v1/swap.yaml QuoteResponse.platformFee); /build's schema does not list it. */
  platformFee: z.object({ amount: uint, feeBps: z.number().int() }).nullish(),
});
const jupiterIx = z.object({
  programId: z.string(),
  accounts: z.array(z.object({ pubkey: z.string(), isSigner: z.boolean(), isWritable: z.boolean() })),
  data: z.string(),
});
const jupiterBuild = jupiterQuote.extend({
  computeBudgetInstructions: z.array(jupiterIx).default([]),
  setupInstructions: z.array(jupiterIx).default([]),
  otherInstructions: z.array(jupiterIx).nullish(),
  swapInstruction: jupiterIx,
  cleanupInstruction: jupiterIx.nullish(),
  addressesByLookupTableAddress: z.record(z.string(), z.array(z.string())).nullish(),
  blockhashWithMetadata: z.object({ blockhash: z.array(z.number().int().min(0).max(255)).length(32), lastValidBlockHeight: uintLike }),
});

function jupiterQuoteOf(base: string, format: Quote["format"], q: z.output<typeof jupiterQuote>): Quote {
  return {
    source: base,
    format,
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
  };
}

/**
 * Jupiter Swap API v2: /build with the owner as taker (quote and instructions), /order without one (quote only). With a
 * `fee`, /build is asked for it (platformFeeBps + feeAccount) and /order quotes the input less the fee.
 */
export async function jupiterQuoteFor(inputMint: string, outputMint: string, amount: bigint, slippageBps: number, taker?: string, fee?: FeeRequest): Promise<QuoteResult> {
  const { SVC_QUOTE_SVM_URL: base, SVC_JUPITER_API_KEY: key } = config();
  if (!key) return missingKey("SVC_JUPITER_API_KEY", "Jupiter's Swap API (api.jup.ag)");
  const headers = { "x-api-key": key };
  const qs = new URLSearchParams({ inputMint, outputMint, amount: amount.toString() });
  try {
    if (!taker) {
      if (fee) qs.set("amount", (amount - fee.amount).toString());
      const q = jupiterQuote.parse(await getJson(`${base}/order?${qs}`, headers));
      return { ok: true, quote: jupiterQuoteOf(base, "jupiter-swap-v2-order", q) };
    }
    qs.set("slippageBps", String(slippageBps));
    qs.set("taker", taker);
    if (fee) {
      qs.set("platformFeeBps", String(fee.bps));
      qs.set("feeAccount", fee.recipient);
    }
    const b = jupiterBuild.parse(await getJson(`${base}/build?${qs}`, headers));
    // Jupiter's order for /build: compute budget, setup, (other, pre-swap), swap, cleanup (dev.jup.ag/docs/swap/v2/build/other-instructions).
    const instructions = [...b.computeBudgetInstructions, ...b.setupInstructions, ...(b.otherInstructions ?? []), b.swapInstruction, ...(b.cleanupInstruction ? [b.cleanupInstruction] : [])];
    let serviceFee: Quote["serviceFee"];
    if (fee) {
      // The platform fee is platformFeeBps of the input when the fee account holds the input mint (ExactIn). The answer's
      // platformFee, when it carries one, is what the swap instruction takes; it must be the fee asked for.
      const stated = b.platformFee;
      if (stated && (stated.feeBps !== fee.bps || BigInt(stated.amount) !== fee.amount)) {
        return { ok: false, reason: `the quote's platform fee (${stated.amount} at ${stated.feeBps} bps) is not the service fee asked for (${fee.amount} at ${fee.bps} bps)` };
      }
      serviceFee = {
        amount: fee.amount,
        asset: inputMint,
        source: stated ? "Jupiter /build platformFee" : `Jupiter /build platformFeeBps=${fee.bps} of the input into feeAccount ${fee.recipient}`,
      };
    }
    return {
      ok: true,
      quote: {
        ...jupiterQuoteOf(base, "jupiter-swap-v2-build", b),
        svm: {
          instructions,
          lookupTables: b.addressesByLookupTableAddress ?? {},
          blockhash: Uint8Array.from(b.blockhashWithMetadata.blockhash),
          lastValidBlockHeight: b.blockhashWithMetadata.lastValidBlockHeight,
        },
        ...(serviceFee ? { serviceFee } : {}),
      },
    };
  } catch (e) {
    return fail(e);
  }
}

const decimal = z.union([z.string(), z.number()]).transform((v) => String(v));
/** One path of a router v3 answer, every field the SDK's parseRouterResponse reads (dist/index.js, src/api.ts). */
const cetusPath = z.object({
  id: z.string(),
  direction: z.boolean(),
  provider: z.string(),
  from: z.string(),
  target: z.string(),
  fee_rate: decimal,
  amount_in: uintLike,
  amount_out: uintLike,
  version: z.string().optional(),
  published_at: z.string().optional(),
  extended_details: z.record(z.string(), z.unknown()).optional(),
});
export type CetusPath = z.output<typeof cetusPath>;
const cetusData = z.object({
  request_id: z.string().optional(),
  amount_in: uintLike,
  amount_out: uintLike,
  deviation_ratio: z.union([z.string(), z.number()]).optional(),
  paths: z.array(cetusPath),
  packages: z.record(z.string(), z.string()).nullish(),
});
export type CetusData = z.output<typeof cetusData>;
const cetusRoutes = z.object({
  code: z.number(),
  msg: z.string().optional(),
  data: cetusData.nullable().optional(),
});

/** amount × a decimal rate string ("0.0025"), exactly, rounded down. */
export function timesDecimal(amount: bigint, rate: string): bigint | null {
  const m = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,18}))?$/.exec(rate.trim());
  if (!m) return null;
  const frac = m[2] ?? "";
  const scaled = BigInt((m[1] ?? "0") + frac);
  return (amount * scaled) / 10n ** BigInt(frac.length);
}

/** The aggregator SDK's version tag on every find_routes request (@cetusprotocol/aggregator-sdk 1.7.2, SDK_VERSION). */
export const CETUS_SDK_VERSION = "1010702";

/** Big integers in the body stay exact: the SDK parses with json-bigint; numbers above 2^53 are read from the raw text. */
function parseExact(text: string): unknown {
  return JSON.parse(text.replace(/([:[,]\s*)(-?[0-9]{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}

/**
 * Cetus router v3 for `amount` of `from` into `target`, over the providers the swap builder can build without a web call
 * (./cetus.ts cetusProviders; the SDK drops CETUS_TIDE itself at a slippage of 0.1% or less). The answer carries the
 * SDK's RouterDataV3 for the builder.
 */
export async function cetusQuoteFor(from: string, target: string, amount: bigint, slippageBps: number): Promise<QuoteResult> {
  const base = config().SVC_QUOTE_MOVE_URL;
  const providers = cetusProviders(slippageBps);
  if (providers.length === 0) return { ok: false, reason: "no Cetus router v3 provider can fill this slippage bound" };
  // The SDK's getRouter: completed coin types, by_amount_in, the providers joined by commas, the SDK version tag.
  const qs = new URLSearchParams({ from: completionCoin(from), target: completionCoin(target), amount: amount.toString(), by_amount_in: "true", providers: providers.join(","), v: CETUS_SDK_VERSION });
  try {
    const res = await fetch(`${base}/find_routes?${qs}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`the quote source answered HTTP ${res.status}`);
    const r = cetusRoutes.parse(parseExact(await res.text()));
    if (r.code !== 200 || !r.data) return { ok: false, reason: `quote source has no route: ${r.msg ?? `code ${r.code}`}` };
    if (r.data.paths.length === 0) return { ok: false, reason: "quote source has no route: the answer holds no path" };
    const steps = r.data.paths;
    return {
      ok: true,
      quote: {
        source: base,
        format: "cetus-router-v3",
        asOf: new Date().toISOString(),
        inAmount: r.data.amount_in,
        outAmount: r.data.amount_out,
        sourceMinAmountOut: null,
        priceImpactPct: null,
        route: steps.map((s) => s.provider),
        poolFees: steps.map((s) => ({ label: `Pool fee (${s.provider}, rate ${s.fee_rate})`, amount: timesDecimal(s.amount_in, s.fee_rate), asset: s.from })),
        move: cetusRouterData(r.data),
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
    .object({
      zeroExFee: z.object({ amount: uint, token: z.string() }).nullable().optional(),
      integratorFee: z.object({ amount: uint, token: z.string(), type: z.string().optional() }).nullable().optional(),
    })
    .optional(),
  issues: z.object({ allowance: z.object({ actual: uint, spender: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }).nullable().optional() }).optional(),
  transaction: z.object({ to: z.string(), data: z.string(), value: z.union([uint, z.number()]).transform(String) }).optional(),
});

/** 0x Swap API v2 AllowanceHolder quote; with a `fee`, 0x takes it from the sell token for the recipient (fees.integratorFee). */
export async function zeroExQuoteFor(chainId: number, sellToken: string, buyToken: string, amount: bigint, slippageBps: number, taker?: string, fee?: FeeRequest): Promise<QuoteResult> {
  const { SVC_QUOTE_EVM_URL: base, SVC_ZEROX_API_KEY: key } = config();
  if (!key) return missingKey("SVC_ZEROX_API_KEY", "0x's Swap API (api.0x.org)");
  const qs = new URLSearchParams({ chainId: String(chainId), sellToken, buyToken, sellAmount: amount.toString(), slippageBps: String(slippageBps) });
  if (taker) qs.set("taker", taker);
  if (fee) {
    qs.set("swapFeeRecipient", fee.recipient);
    qs.set("swapFeeBps", String(fee.bps));
    qs.set("swapFeeToken", sellToken);
  }
  try {
    const q = zeroExQuote.parse(await getJson(`${base}/swap/allowance-holder/quote?${qs}`, { "0x-api-key": key, "0x-version": "v2" }));
    if (!q.liquidityAvailable || !q.buyAmount) return { ok: false, reason: "the quote source has no liquidity for this pair" };
    const zeroEx = q.fees?.zeroExFee;
    const integrator = q.fees?.integratorFee;
    if (fee && !integrator) return { ok: false, reason: "the quote does not carry the service fee it was asked to take (fees.integratorFee is null)" };
    if (fee && integrator && integrator.token.toLowerCase() !== sellToken.toLowerCase()) {
      return { ok: false, reason: `the quote takes the service fee in ${integrator.token}, not in the sell token ${sellToken}` };
    }
    const allowance = q.issues?.allowance;
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
          ...(zeroEx ? [{ label: "Aggregator fee (0x)", amount: BigInt(zeroEx.amount), asset: zeroEx.token }] : []),
        ],
        ...(fee && integrator ? { serviceFee: { amount: BigInt(integrator.amount), asset: sellToken, source: "0x fees.integratorFee" } } : {}),
        evm: q.transaction
          ? { to: q.transaction.to, data: q.transaction.data, value: q.transaction.value, allowance: allowance ? { spender: allowance.spender, actual: BigInt(allowance.actual) } : null }
          : undefined,
      },
    };
  } catch (e) {
    return fail(e);
  }
}
