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
//
// Layout: one SwapQuoter per aggregator (./jupiter.ts, ./zerox.ts, ./cetus.ts), listed once in ./registry.ts, which
// picks the quoter of a chain; this file holds the types they share, ./http.ts the shared wire helpers.
import type { RouterDataV3 } from "@cetusprotocol/aggregator-sdk";
import type { ChainId } from "../chains/address";

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

/** One swap quote request: `amount` of `inputToken` into `outputToken` on `chain`; `owner` and `fee` when known. */
export interface QuoteRequest {
  chain: ChainId;
  inputToken: string;
  outputToken: string;
  amount: bigint;
  slippageBps: number;
  owner: string | null;
  fee: FeeRequest | null;
}

/** A swap quote provider (an aggregator's API): which chains it quotes on, and the quote. */
export interface SwapQuoter {
  /** The aggregator, as the docs name it. */
  readonly id: string;
  supports(chain: ChainId): boolean;
  quote(req: QuoteRequest): Promise<QuoteResult>;
}
