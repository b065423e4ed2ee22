// Jupiter Swap API v2 (svm-chain): see ./types.ts for the wire format and the service fee.
import { z } from "zod";
import { config } from "../config";
import { fail, getJson, missingKey, uint, uintLike } from "./http";
import type { FeeRequest, Quote, QuoteResult, SwapQuoter } from "./types";

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
    // SOL in or out moves the owner's lamports: jup-ag/docs openapi-spec/swap/v2/swap.yaml (commit 07c4ba5a21204c5c1888bb55901765fd9705f663)
    // GetBuild `wrapAndUnwrapSol`, "Whether to wrap/unwrap SOL. Defaults to true"; asked explicitly so the plan's
    // expected changes (SOL, not a wSOL balance: ../plans/swap.ts changeId) never rest on a default.
    qs.set("wrapAndUnwrapSol", "true");
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


/** svm-chain swaps: Jupiter, with the owner as taker when there is one and the service fee asked of /build. */
export const jupiterQuoter: SwapQuoter = {
  id: "jupiter",
  supports: (chain) => chain === "svm-chain",
  quote: (r) => jupiterQuoteFor(r.inputToken, r.outputToken, r.amount, r.slippageBps, r.owner ?? undefined, r.fee ?? undefined),
};
