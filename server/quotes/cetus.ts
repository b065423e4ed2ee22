// Cetus (move-chain): the router v3 quote (see ./types.ts for its wire format) and the swap transaction built from it.
//
// The move-chain swap transaction, built by Cetus's own aggregator SDK (@cetusprotocol/aggregator-sdk 1.7.2, which runs
// on our @mysten/sui 2.x and takes our SuiGrpcClient) from the router v3 answer the plan's quote already holds: the
// quote request is the only call to the router (cetusQuoteFor below), and the SDK's `routerSwap` adds the Move
// calls of the route (router::new_swap_context_v3, one call per path into the provider's adapter, router::confirm_swap_v3)
// to a transaction whose input coin is the owner's (`coinWithBalance`, resolved by the wallet) and whose output coin is
// transferred to the owner. Package ids come from the answer (`packages.aggregator_v3`, each path's `published_at`);
// the object ids the SDK adds (a provider's config and partner objects) are the SDK's own constants.
//
// No web call at build time: the SDK fetches a Pyth price update from a web API (Hermes, or Cetus's price-update-data
// endpoint) for the providers whose pools read Pyth prices, so those providers are never asked for
// (cetusProviders: the find_routes `providers` list) and an answer that routes through one anyway is not built.
import {
  AggregatorClient,
  completionCoin,
  Env,
  filterProvidersBySlippage,
  getProvidersExcluding,
  OBRIC,
  PACKAGE_NAMES,
  PYTH_ORACLE_BASED_DEXES,
  type RouterDataV3,
  SEVENK,
  STEAMM_OMM,
  ZERO,
} from "@cetusprotocol/aggregator-sdk";
import { coinWithBalance } from "@mysten/sui/transactions";
import { normalizeStructTag } from "@mysten/sui/utils";
import { suiRpc } from "../chains/clients";
import { newSuiTransaction, suiPayload } from "../chains/sui";
import { z } from "zod";
import { config } from "../config";
import { countedFetch } from "../metrics";
import { fail, uintLike } from "./http";
import type { QuoteResult, SwapQuoter } from "./types";

/**
 * Providers whose swap the SDK prefixes with a Pyth price update fetched over the web when the transaction is built:
 * @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js findPythPriceIDs (HAEDALPMM, METASTABLE, OBRIC, STEAMM_OMM,
 * STEAMM_OMM_V2, SEVENK, HAEDALHMMV2, HAEDALPROPAMM) and findPythCoreV2PriceIDs (HAEDALPROPAMM), which
 * preparePythPriceInfoObjects sends to PythAdapter.getPriceFeedsUpdateData (Hermes at https://hermes.pyth.network, or
 * PYTH_CORE_V2_URL https://api-sui.cetus.zone/v1/pyth/price-update-data). The SDK's PYTH_ORACLE_BASED_DEXES lists five
 * of them; OBRIC, STEAMM_OMM and SEVENK also read Pyth seeds in findPythPriceIDs.
 */
export const CETUS_PYTH_PROVIDERS: readonly string[] = [...new Set([...PYTH_ORACLE_BASED_DEXES, OBRIC, STEAMM_OMM, SEVENK])];

/**
 * The find_routes `providers` list: every provider the SDK builds (ALL_DEXES) but the Pyth ones, less what the SDK's own
 * filterProvidersBySlippage drops at this slippage (CETUS_TIDE at 0.1% or less, which cannot honour so tight a bound).
 */
export function cetusProviders(slippageBps: number): string[] {
  const providers = getProvidersExcluding([...CETUS_PYTH_PROVIDERS]);
  return filterProvidersBySlippage({ providers, slippage: slippageBps / 10_000 }).params.providers ?? providers;
}

/** The SDK bundles bn.js (dist/index.js require_bn) and exports its BN values (ZERO); amounts are built with that class. */
const BN = ZERO.constructor as new (value: string) => typeof ZERO;

/** The answer as the SDK's RouterDataV3, field for field as its parseRouterResponse maps it (1.7.2 dist/index.js, src/api.ts). */
export function cetusRouterData(data: CetusData): RouterDataV3 {
  return {
    quoteID: data.request_id ?? "",
    amountIn: new BN(data.amount_in.toString()),
    amountOut: new BN(data.amount_out.toString()),
    byAmountIn: true,
    insufficientLiquidity: false,
    deviationRatio: Number(data.deviation_ratio ?? 0),
    packages: new Map(Object.entries(data.packages ?? {})),
    paths: data.paths.map((p) => ({
      id: p.id,
      direction: p.direction,
      provider: p.provider,
      from: p.from,
      target: p.target,
      feeRate: Number(p.fee_rate),
      amountIn: p.amount_in.toString(),
      amountOut: p.amount_out.toString(),
      version: p.version,
      publishedAt: p.published_at,
      extendedDetails: p.extended_details,
    })),
  };
}

/** A router answer the builder will not build, and why (the plan is blocked with it). */
export class CetusRouteRefused extends Error {}

const sameType = (a: string, b: string) => {
  try {
    return normalizeStructTag(completionCoin(a)) === normalizeStructTag(completionCoin(b));
  } catch {
    return a === b;
  }
};

/**
 * The owner's swap of `amount` of `inputToken` into `outputToken` along `router`, at most `slippageBps` below the quote,
 * serialized unresolved as the lending builders' payloads are (`sui-transaction-json`).
 */
export async function cetusSwapPayload(
  owner: string,
  inputToken: string,
  outputToken: string,
  amount: bigint,
  router: RouterDataV3,
  slippageBps: number,
  fee?: { amount: bigint; recipient: string },
): Promise<string> {
  const first = router.paths[0];
  const last = router.paths.at(-1);
  if (!first || !last) throw new CetusRouteRefused("the router's answer holds no path");
  if (!sameType(first.from, inputToken) || !sameType(last.target, outputToken)) {
    throw new CetusRouteRefused(`the router's route goes from ${first.from} to ${last.target}, not from ${inputToken} to ${outputToken}`);
  }
  const swapped = amount - (fee?.amount ?? 0n);
  if (router.amountIn.toString() !== swapped.toString()) throw new CetusRouteRefused(`the router quoted ${router.amountIn.toString()} in, not the ${swapped} asked`);
  const pyth = router.paths.find((p) => CETUS_PYTH_PROVIDERS.includes(p.provider));
  if (pyth) {
    throw new CetusRouteRefused(`the route goes through ${pyth.provider}, whose swap needs a Pyth price update fetched from a web API when it is built; this service does not build it`);
  }
  // The SDK's routerSwap throws PACKAGES_REQUIRED without it; its getRouterResult would substitute a hard-coded id,
  // which MystenLabs/sui-packages (packages/mainnet/0x38/64c7…/metadata.json) shows is not the router package: no guess.
  if (!router.packages?.get(PACKAGE_NAMES.AGGREGATOR_V3)) throw new CetusRouteRefused("the router's answer names no aggregator_v3 package");

  // `client` is the configured move-chain gRPC client; routerSwap reads nothing through it for the providers asked
  // (only the Pyth preparation does). No partner, no overlay fee: the SDK's defaults (CetusRouter's mainnet partner).
  // The service fee is not the SDK's: its `partner` is a Cetus CLMM partner::Partner object (CetusRouter passes it to
  // the pool's swap; 1.7.2 dist/index.js), which only Cetus creates, and its overlayFeeRate is taken by
  // router::confirm_swap_v3 from the output (getRouterResult: amountOut × rate), an amount known only once executed.
  // So the fee is split from the owner's input coin and transferred to the recipient here, in the same PTB.
  const sdk = new AggregatorClient({ client: suiRpc(), endpoint: config().SVC_QUOTE_MOVE_URL, env: Env.Mainnet, pythUrls: [] });
  const tx = newSuiTransaction(owner);
  const input = tx.add(coinWithBalance({ type: inputToken, balance: amount }));
  if (fee) {
    const [feeCoin] = tx.splitCoins(input, [fee.amount]);
    tx.transferObjects([feeCoin], fee.recipient);
  }
  const output = await sdk.routerSwap({ router, inputCoin: input, slippage: slippageBps / 10_000, txb: tx });
  tx.transferObjects([output], owner);
  return suiPayload(tx);
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
 * (cetusProviders above; the SDK drops CETUS_TIDE itself at a slippage of 0.1% or less). The answer carries the
 * SDK's RouterDataV3 for the builder.
 */
export async function cetusQuoteFor(from: string, target: string, amount: bigint, slippageBps: number): Promise<QuoteResult> {
  const base = config().SVC_QUOTE_MOVE_URL;
  const providers = cetusProviders(slippageBps);
  if (providers.length === 0) return { ok: false, reason: "no Cetus router v3 provider can fill this slippage bound" };
  // The SDK's getRouter: completed coin types, by_amount_in, the providers joined by commas, the SDK version tag.
  const qs = new URLSearchParams({ from: completionCoin(from), target: completionCoin(target), amount: amount.toString(), by_amount_in: "true", providers: providers.join(","), v: CETUS_SDK_VERSION });
  try {
    const res = await countedFetch("quotes")(`${base}/find_routes?${qs}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
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


/** move-chain swaps: the Cetus router, quoting what is left of the input once the service fee is split off in the PTB. */
export const cetusQuoter: SwapQuoter = {
  id: "cetus",
  supports: (chain) => chain === "move-chain",
  quote: (r) => cetusQuoteFor(r.inputToken, r.outputToken, r.amount - (r.fee?.amount ?? 0n), r.slippageBps),
};
