// Swap plans (spec §4.4, §8): a quote from the chain's aggregator, fee line items (service swap fee from the
// fee policy, the pool fees the quote discloses), minAmountOut from the quote and the slippage bound.
// The service swap fee a plan discloses is the fee its transaction takes, always from the input, to the chain's
// configured recipient (../fees/recipient.ts; none configured: 0 with the reason): on EVM through 0x's own swapFee*
// parameters (the answer's fees.integratorFee is the line), on Solana through Jupiter /build's platformFeeBps into the
// recipient's token account of the input mint, on Sui split from the owner's input coin and transferred to the recipient
// in the swap's own PTB (the Cetus aggregator's partner fee needs a CLMM Partner object this service does not have; its
// overlay fee is taken from the output, whose amount is only known once executed). docs/decisions.md "swap fees".
import { normalizeStructTag } from "@mysten/sui/utils";
import { AccountRole, address, getBase58Decoder, getBase64Encoder, type Instruction } from "@solana/kit";
import { COMPUTE_BUDGET_PROGRAM_ADDRESS as COMPUTE_BUDGET_PROGRAM } from "@solana-program/compute-budget";
import { type ChainId, CHAIN_FAMILY, isAddressOf, mustBeAddressOf } from "../chains/address";
import { suiCoinBalance, USDC } from "../chains/balances";
import { errorLine, withRpcTimeout } from "../chains/clients";
import { approveTransaction, checksum, EVM_CHAIN_IDS, isEvmChain } from "../chains/evm";
import { compileSolanaPayload, splTokenAccountOf } from "../chains/solana";
import { startCoinReads } from "../chains/sui/coin-reads";
import { assertTokenAddress } from "../chains/tokens";
import type { Db } from "../db/client";
import { KNOWN_TOKENS } from "../../lib/tokens";
import { BPS, feePolicy } from "../fees/policy";
import { type ServiceFee, serviceFeeOn } from "../fees/recipient";
import { type Blocker, blocker } from "../http/codes";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import type { PlanTransaction } from "../venues/adapters";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { cetusSwapPayload } from "../quotes/cetus";
import { quoterFor } from "../quotes/registry";
import type { FeeRequest, Quote, QuoteResult } from "../quotes/types";
import { simulateTransactions } from "../chains/simulate";
import { checkChanges, type ExpectedChanges, svmAsset } from "../chains/check-changes";
import { SUI_COIN_TYPE, sameSuiCoinType } from "../chains/changes";
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

/**
 * The owner's transactions for a quote: on EVM the 0x allowance step as its own approve (only when the quote's
 * issues.allowance says the taker's allowance falls short; the spender is AllowanceHolder, never Settler) and then
 * the swap call; on Solana the v0 transaction of Jupiter's /build instructions, on its blockhash and lookup tables.
 * on Sui the Cetus aggregator SDK's swap along the router v3 answer (../quotes/cetus.ts), the owner's coin in and the output to
 * the owner.
 */
async function swapTransactions(chain: ChainId, owner: string, inputToken: string, outputToken: string, amount: bigint, quote: Quote, minAmountOut: bigint | null, slippageBps: number, fee: FeeRequest | null): Promise<PlanTransaction[]> {
  const feeNote = fee ? `; ${fee.amount} base units of the input go to the service fee recipient ${fee.recipient}` : "";
  const min = quote.sourceMinAmountOut ?? minAmountOut;
  if (quote.evm && isEvmChain(chain)) {
    const { allowance } = quote.evm;
    return [
      ...(allowance
        ? [
            approveTransaction(chain, inputToken, allowance.spender, amount, `Approve 0x AllowanceHolder ${allowance.spender} to move ${amount} base units of ${inputToken} (current allowance ${allowance.actual})`),
          ]
        : []),
      {
        chain,
        kind: "swap",
        description: `Swap ${amount} base units of ${inputToken} for at least ${min} of ${outputToken} through 0x${feeNote}`,
        encoding: "evm-call",
        payload: { chainId: EVM_CHAIN_IDS[chain], to: checksum(quote.evm.to), data: quote.evm.data, value: quote.evm.value },
      },
    ];
  }
  if (quote.svm && chain === "svm-chain") {
    const b = quote.svm;
    // Jupiter's own compute-budget instructions are left out: the plan's simulation (server/chains/solana/simulate.ts)
    // sets the unit limit and price, and a transaction may not carry two SetComputeUnitPrice instructions.
    const instructions: Instruction[] = b.instructions.filter((ix) => ix.programId !== COMPUTE_BUDGET_PROGRAM).map((ix) => ({
      programAddress: address(ix.programId),
      accounts: ix.accounts.map((a) => ({
        address: address(a.pubkey),
        role: a.isSigner ? (a.isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER) : a.isWritable ? AccountRole.WRITABLE : AccountRole.READONLY,
      })),
      data: b64.encode(ix.data),
    }));
    const blockhash = b58.decode(b.blockhash);
    return [
      {
        chain,
        kind: "swap",
        description: `Swap ${amount} base units of ${inputToken} for at least ${min} of ${outputToken} through Jupiter (Swap API v2 /build, Metis routing)${feeNote}`,
        encoding: "solana-v0-message-base64",
        payload: compileSolanaPayload(owner, instructions, { blockhash, lastValidBlockHeight: b.lastValidBlockHeight }, b.lookupTables),
      },
    ];
  }
  if (quote.move && chain === "move-chain") {
    return [
      {
        chain,
        kind: "swap",
        description: `Swap ${fee ? amount - fee.amount : amount} base units of ${inputToken} for at least ${min} of ${outputToken} through the Cetus aggregator (router v3: ${quote.route.join(" → ")}), the output sent to ${owner}${fee ? `; ${fee.amount} base units split from the ${amount} taken and sent to the service fee recipient ${fee.recipient}` : ""}`,
        encoding: "sui-transaction-json",
        payload: await cetusSwapPayload(owner, inputToken, outputToken, amount, quote.move, slippageBps, fee ? { amount: fee.amount, recipient: fee.recipient } : undefined),
      },
    ];
  }
  return [];
}

/**
 * The plan's service fee line: what the transaction takes. 0x states it in its answer (fees.integratorFee); Jupiter's
 * /build takes platformFeeBps of the input (its answer's platformFee when it states one); on Sui the PTB splits it off.
 * Without a quote the fee the swap would take is shown; without a recipient (or a fee too small to take) it is 0 with the reason.
 */
function serviceFeeLine(chain: ChainId, fee: ServiceFee, request: FeeRequest | null, reason: string | null, quote: Quote | null, inputToken: string) {
  const base = { kind: "service" as const, estimate: false, asset: inputToken };
  if (!request || !fee.collected) {
    return { ...base, label: `Service swap fee: none, ${reason ?? "not collected"} (GET /svc/fees)`, amountMicros: "0", bps: 0, reason };
  }
  const how =
    chain === "move-chain"
      ? `split from the input coin in the swap's transaction and sent to ${fee.recipient}`
      : chain === "svm-chain"
        ? `taken by Jupiter's platform fee into ${fee.recipient}'s token account ${request.recipient}`
        : `taken by 0x (swapFeeRecipient) for ${fee.recipient}`;
  const stated = quote?.serviceFee?.amount ?? request.amount;
  return { ...base, label: `Service swap fee, ${fee.bps} bps of the input, ${how} (GET /svc/fees)`, amountMicros: stated.toString(), bps: fee.bps, reason: null };
}

const b64 = getBase64Encoder();

const b58 = getBase58Decoder();

const SUI_TYPE = normalizeStructTag("0x2::sui::SUI");

/** A move-chain owner holding less of the input coin than the swap needs: `insufficient_balance` with the most possible. */
async function shortOf(held: Promise<bigint>, amount: bigint, coinType: string, owner: string): Promise<Blocker | null> {
  let balance: bigint;
  try {
    balance = await held;
  } catch (e) {
    return blocker("rpc_unavailable", `The owner's ${coinType} balance could not be read from the move-chain RPC (${errorLine(e)}).`);
  }
  if (balance >= amount) return null;
  const gas = normalizeStructTag(coinType) === SUI_TYPE ? ", less the gas the transaction pays from the same SUI" : "";
  return blocker("insufficient_balance", `The swap needs ${amount} base units of ${coinType}; ${owner} holds ${balance}: swap at most that${gas}.`);
}

/** Solana mints whose token program is SPL Token (lib/tokens.ts: USDC and the wrapped-SOL native mint), so the fee account is known. */
const SPL_TOKEN_MINTS = new Set(KNOWN_TOKENS["svm-chain"].map((t) => t.address));

/**
 * The service fee to take on this swap, and the recipient the aggregator (or our PTB) pays it to: on Solana the
 * recipient's associated token account of the input mint (Jupiter's feeAccount), read first: a missing account means no
 * fee (with the reason), as for bridges, so the owner never pays for the service's account and never gets a plan whose
 * fee cannot land. Elsewhere the recipient's address.
 */
async function swapFee(
  chain: ChainId,
  inputToken: string,
  amount: bigint,
): Promise<{ fee: ServiceFee; request: FeeRequest | null; reason: string | null; blocker: Blocker | null }> {
  const fee = serviceFeeOn(chain, amount, feePolicy().swapFeeBps);
  if (!fee.collected) return { fee, request: null, reason: fee.reason, blocker: null };
  if (fee.amount === 0n) return { fee, request: null, reason: `${fee.bps} bps of ${amount} base units rounds down to 0, so no service fee is taken`, blocker: null };
  if (chain !== "svm-chain") return { fee, request: { bps: fee.bps, recipient: fee.recipient, amount: fee.amount }, reason: null, blocker: null };
  if (!SPL_TOKEN_MINTS.has(inputToken)) {
    return {
      fee,
      request: null,
      reason: `the service fee on svm-chain is taken in the input mint into the recipient's SPL Token account; ${inputToken} is not a mint this service knows the token program of, so no service fee is taken`,
      blocker: null,
    };
  }
  try {
    const acc = await withRpcTimeout((signal) => splTokenAccountOf(fee.recipient, inputToken, signal));
    if (acc.exists) return { fee, request: { bps: fee.bps, recipient: acc.account, amount: fee.amount }, reason: null, blocker: null };
    const reason = `the fee recipient ${fee.recipient} has no token account (${acc.account}) for ${inputToken} on svm-chain, so no service fee is taken`;
    return { fee: { collected: false, recipient: null, bps: 0, amount: 0n, reason }, request: null, reason, blocker: null };
  } catch (e) {
    return { fee, request: null, reason: null, blocker: blocker("rpc_unavailable", `The fee recipient's token account on svm-chain could not be read: ${errorLine(e)}.`) };
  }
}

/**
 * An asset as the chain's change reader names it: SUI's coin type is the native asset on move-chain
 * (../chains/sui/simulate.ts); on svm-chain wrapped SOL's mint is SOL itself, since Jupiter's /build wraps and unwraps it
 * (wrapAndUnwrapSol, asked for explicitly: ../quotes/jupiter.ts), so the owner's lamports move, not a wSOL balance.
 */
const changeId = (chain: ChainId, token: string) => (chain === "move-chain" ? (sameSuiCoinType(token, SUI_COIN_TYPE) ? "native" : token) : chain === "svm-chain" ? svmAsset(token) : token);

/**
 * What a swap's simulation must show: the owner spends exactly `amount` of the input (the service fee, split off or
 * taken by the aggregator, is part of it) and receives at least `minAmountOut` of the output; the input may go to the
 * router's pools (not named by the quote), the service fee only to its recipient (on svm-chain the recipient's token
 * account, whose owner the changes name), and an EVM approval only to the contract the swap calls: 0x's AllowanceHolder
 * flow is both the spender and the `transaction.to` (an answer naming another spender fails this check).
 */
export function swapExpectation(chain: ChainId, owner: string, inputToken: string, outputToken: string, amount: bigint, minAmountOut: bigint, quote: Quote, fee: ServiceFee, request: FeeRequest | null): ExpectedChanges {
  const input = changeId(chain, inputToken);
  const paid = request && fee.collected ? (quote.serviceFee?.amount ?? request.amount) : 0n;
  return {
    chain,
    owner,
    spends: [{ asset: input, amount }],
    pays: paid > 0n && fee.recipient ? [{ to: fee.recipient, asset: input, amount: paid }] : [],
    venues: quote.evm ? [quote.evm.to] : [],
    venueTakesSpent: true,
    spentToAnyAddress: true,
    receives: [{ asset: changeId(chain, outputToken), atLeast: minAmountOut }],
  };
}

export async function swapPlan(db: Db, chain: ChainId, input: SwapInput) {
  const owner = input.owner ?? null;
  const family = CHAIN_FAMILY[chain];
  if (owner !== null && !isAddressOf(family, owner)) {
    throw fieldError("INVALID_ADDRESS", "body.owner", mustBeAddressOf(family, `on ${chain}`));
  }
  const inputToken = tokenOf(chain, input.inputToken, "inputToken");
  const outputToken = tokenOf(chain, input.outputToken, "outputToken");
  if (inputToken.toLowerCase() === outputToken.toLowerCase()) {
    throw fieldError("INVALID_REQUEST", "body.outputToken", "must differ from body.inputToken");
  }
  const slippageBps = input.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  const amount = input.amountIn;
  const blockers: Blocker[] = [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));

  const { fee: serviceFee, request: feeRequest, reason: feeReason, blocker: feeBlocker } = await swapFee(chain, inputToken, amount);
  if (feeBlocker) blockers.push(feeBlocker);
  let q: QuoteResult | null = null;
  /** move-chain: the owner's balance of the input coin, read while the router answers. */
  let held: Promise<bigint> | null = null;
  if (amount > 0n) {
    if (family === "sui" && owner !== null) {
      // The coins the simulation selects (./chains/sui/coin-reads.ts) and the balance the swap needs, both read while
      // the router answers.
      startCoinReads(owner, inputToken);
      held = withRpcTimeout((signal) => suiCoinBalance(owner, inputToken, signal));
      held.catch(() => {});
    }
    // The chain's quoter (../quotes/registry.ts): Jupiter on svm-chain, Cetus on move-chain (it quotes what is left of
    // the input once the fee is split off in the PTB), 0x on EVM.
    const quoter = quoterFor(chain);
    if (quoter) q = await quoter.quote({ chain, inputToken, outputToken, amount, slippageBps, owner, fee: feeRequest });
    if (q && !q.ok) blockers.push(blocker("quote_unavailable", `No quote: ${q.reason}.`));
  }
  blockers.push(...executionBlockers());
  const quote = q?.ok ? q.quote : null;
  // The quote's output is already net of the service fee (taken from the input before the route), so the bound is too.
  const minAmountOut = quote ? (quote.outAmount * (BPS - BigInt(slippageBps))) / BPS : null;

  const transactions: PlanTransaction[] = [];
  if (blockers.length === 0 && owner !== null && quote && held) {
    const short = await shortOf(held, amount, inputToken, owner);
    if (short) blockers.push(short);
  }
  if (blockers.length === 0 && owner !== null && quote) {
    try {
      transactions.push(...(await swapTransactions(chain, owner, inputToken, outputToken, amount, quote, minAmountOut, slippageBps, feeRequest)));
    } catch (e) {
      blockers.push(blocker("quote_unavailable", `The quote's transaction could not be assembled: ${errorLine(e)}.`));
    }
    // A plan with an owner is prepared only with something to sign: a quote whose transaction is not built blocks it.
    if (blockers.length === 0 && transactions.length === 0) {
      blockers.push(blocker("adapter_not_ready", `The quote is shown, but the swap transaction on ${chain} is not built yet (${quote.format}); nothing is offered for signing.`));
    }
  }

  const sim = await simulateTransactions(transactions.splice(0), owner ?? "");
  // The simulated changes must be the plan (issue 23): exactly amountIn of the input leaves the owner (the service fee
  // and the pool fees are inside it), the disclosed service fee reaches its recipient, the output reaches the owner at
  // least minAmountOut, approvals are exact and only to the spender the quote names.
  const mismatch = owner !== null && quote && minAmountOut !== null ? checkChanges(sim.transactions, swapExpectation(chain, owner, inputToken, outputToken, amount, minAmountOut, quote, serviceFee, feeRequest)) : null;
  if (sim.blocker) blockers.push(sim.blocker);
  else if (mismatch) blockers.push(mismatch);
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
      serviceFeeLine(chain, serviceFee, feeRequest, feeReason, quote, inputToken),
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
