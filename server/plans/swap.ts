// Swap plans (spec §4.4, §8): a quote from the chain's aggregator, fee line items (service swap fee from the
// fee policy, the pool fees the quote discloses), minAmountOut from the quote and the slippage bound.
import { type ChainId, CHAIN_FAMILY, isAddressOf } from "../chains/address";
import { USDC } from "../chains/balances";
import { assertTokenAddress } from "../chains/tokens";
import { EVM_CHAIN_IDS, isEvmChain } from "../chains/evm";
import type { Db } from "../db/client";
import { BPS, bpsOf, feePolicy } from "../fees/policy";
import { type Blocker, blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import type { PlanTransaction } from "../venues/adapters";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { cetusQuoteFor, jupiterQuoteFor, type QuoteResult, zeroExQuoteFor } from "./quotes";
import { simulateTransactions } from "./simulate";
import { insertPlan } from "./store";

export const DEFAULT_SLIPPAGE_BPS = 100;

export interface SwapInput {
  inputToken: string;
  outputToken: string;
  amountIn: bigint;
  slippageBps?: number;
  owner?: string;
}

/** "USDC" or a token id of the chain's family (400 otherwise). */
function tokenOf(chain: ChainId, raw: string, field: string): string {
  if (raw.toUpperCase() === "USDC") return USDC[chain];
  assertTokenAddress(chain, raw, `body.${field}`);
  return raw;
}

export async function swapPlan(db: Db, chain: ChainId, input: SwapInput) {
  const owner = input.owner ?? null;
  const family = CHAIN_FAMILY[chain];
  if (owner !== null && !isAddressOf(family, owner)) {
    throw new ApiError("INVALID_ADDRESS", `owner must be a ${family} address on ${chain}`, [{ field: "body.owner", message: `must be a ${family} address` }]);
  }
  const inputToken = tokenOf(chain, input.inputToken, "inputToken");
  const outputToken = tokenOf(chain, input.outputToken, "outputToken");
  if (inputToken.toLowerCase() === outputToken.toLowerCase()) {
    throw new ApiError("INVALID_REQUEST", "inputToken and outputToken must differ", [{ field: "body.outputToken", message: "must differ from inputToken" }]);
  }
  const slippageBps = input.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  const amount = input.amountIn;
  const blockers: Blocker[] = [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));

  let q: QuoteResult | null = null;
  if (amount > 0n) {
    if (family === "solana") q = await jupiterQuoteFor(inputToken, outputToken, amount, slippageBps);
    else if (family === "sui") q = await cetusQuoteFor(inputToken, outputToken, amount);
    else if (isEvmChain(chain)) q = await zeroExQuoteFor(EVM_CHAIN_IDS[chain], inputToken, outputToken, amount, slippageBps, owner ?? undefined);
    if (q && !q.ok) blockers.push(blocker("quote_unavailable", `No quote: ${q.reason}.`));
  }
  blockers.push(...executionBlockers());
  const quote = q?.ok ? q.quote : null;
  const minAmountOut = quote ? (quote.outAmount * (BPS - BigInt(slippageBps))) / BPS : null;
  const swapFeeBps = feePolicy().swapFeeBps;

  const transactions: PlanTransaction[] = [];
  if (blockers.length === 0 && owner !== null && quote?.evm && isEvmChain(chain)) {
    transactions.push({
      chain,
      kind: "swap",
      description: `Swap ${amount} base units of ${inputToken} for at least ${quote.sourceMinAmountOut ?? minAmountOut} of ${outputToken} through 0x (approve ${quote.evm.allowanceSpender ?? "the allowance target"} first if the quote says so)`,
      encoding: "evm-call",
      payload: { chainId: EVM_CHAIN_IDS[chain], to: quote.evm.to, data: quote.evm.data, value: quote.evm.value },
    });
  }

  const sim = await simulateTransactions(transactions.splice(0), owner ?? "");
  if (sim.blocker) blockers.push(sim.blocker);
  else transactions.push(...sim.transactions);
  const planId = newId("pln");
  const status = blockers.length ? ("blocked" as const) : ("prepared" as const);
  const body = {
    schemaVersion: "svc-swap-plan.v1" as const,
    status,
    planId,
    submitted: false as const,
    ownerMustSign: true as const,
    custody: "none" as const,
    chain,
    owner,
    inputToken,
    outputToken,
    amountIn: amount.toString(),
    slippageBps,
    ...(blockers.length ? { blockers } : {}),
    quote: quote
      ? {
          source: quote.source,
          format: quote.format,
          asOf: quote.asOf,
          inAmount: quote.inAmount.toString(),
          outAmount: quote.outAmount.toString(),
          sourceMinAmountOut: quote.sourceMinAmountOut === null ? null : quote.sourceMinAmountOut.toString(),
          priceImpactPct: quote.priceImpactPct,
          route: quote.route,
        }
      : null,
    minAmountOut: minAmountOut === null ? null : minAmountOut.toString(),
    fees: [
      {
        label: "Service swap fee (GET /svc/fees)",
        kind: "service" as const,
        amountMicros: bpsOf(amount, swapFeeBps).toString(),
        bps: swapFeeBps,
        estimate: false,
        asset: inputToken,
      },
      ...(quote?.poolFees ?? [{ label: "Pool fee (disclosed by the quote; no quote)", amount: null, asset: null }]).map((f) => ({
        label: f.label,
        kind: "pool" as const,
        amountMicros: f.amount === null ? null : f.amount.toString(),
        bps: null,
        estimate: true,
        asset: f.asset,
      })),
      NETWORK_FEE,
    ],
    transactions,
    ...executionFlags(chain),
  };
  await insertPlan(db, { id: planId, kind: "swap", status, chain, owner, amountMicros: amount, payload: body });
  return body;
}
