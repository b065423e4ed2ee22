// 0x Swap API v2 AllowanceHolder (EVM chains): see ./types.ts for the wire format and the service fee.
import { z } from "zod";
import { EVM_CHAIN_IDS, isEvmChain } from "../chains/evm";
import { config } from "../config";
import { fail, getJson, missingKey, uint } from "./http";
import type { FeeRequest, QuoteResult, SwapQuoter } from "./types";

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

/** EVM swaps: 0x, on the chain's EIP-155 id, with the owner as taker when there is one and the service fee asked of 0x. */
export const zeroExQuoter: SwapQuoter = {
  id: "0x",
  supports: (chain) => isEvmChain(chain),
  quote: (r) => (isEvmChain(r.chain) ? zeroExQuoteFor(EVM_CHAIN_IDS[r.chain], r.inputToken, r.outputToken, r.amount, r.slippageBps, r.owner ?? undefined, r.fee ?? undefined) : Promise.resolve({ ok: false, reason: `0x does not quote on ${r.chain}` })),
};
