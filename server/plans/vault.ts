// Deposit and withdraw plans (spec §2.2): one shape for every venue. Blockers are listed, never thrown;
// with an owner and no blocker the plan carries the venue adapter's unsigned transactions.
import { isAddressOf, mustBeAddressOf } from "../chains/address";
import { isEvmChain } from "../chains/evm";
import { evmFeeQuoteFor, evmGasFee, type FeeQuote, type GasFee, withStepFees } from "../chains/evm/fees";
import { USDC } from "../chains/balances";
import { estimates } from "../catalog/estimates";
import { liveApy } from "../catalog/apy";
import type { Db } from "../db/client";
import { feePolicy } from "../fees/policy";
import { type Blocker, blocker } from "../http/codes";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import { opportunityIdOf, resolveVenue, type VenueDescriptor } from "../venues";
import { actionBlockers, builderFor, getAdapter, type PlanTransaction, runBuilder } from "../venues/adapters";
import { custodyOf } from "../venues/readers";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { simulateTransactions } from "../chains/simulate";
import { checkChanges, type ExpectedChanges } from "../chains/check-changes";
import { insertPlan } from "./store";

export interface VaultPlanInput {
  strategyId: string;
  amountMicros: bigint;
  owner?: string;
}

/**
 * The contracts a vault plan may pay or approve: the EVM contracts its venue's descriptor cites (the pool, vault or Comet
 * the plan calls, an Aave aToken that takes the supplied USDC, Morpho Blue behind a vault), never the addresses the
 * transactions themselves call: a transaction retargeted after building to another contract would otherwise name its
 * own target as allowed.
 */
function venueContracts(onchain: Readonly<Record<string, string | undefined>>): string[] {
  return Object.values(onchain).filter((v): v is string => typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v));
}

/**
 * What the chain's simulation of a vault plan must show (issue 23 item 2): a deposit sends exactly `amount` USDC, only
 * to the venue's contracts, approvals exact, shares minted to the owner; a withdraw brings the owner at least `amount`
 * USDC and spends only the venue's shares. Where only net changes are known, the USDC a deposit spends may arrive only
 * where the venue keeps it: on svm-chain with the owners of the venue's vault token accounts (its `custody`, derived
 * from cited ids; a venue without one takes nothing), on move-chain nowhere (Scallop, Suilend and NAVI keep it as a
 * Balance inside their shared objects, which no address owns). So a deposit rewritten into a transfer is refused.
 */
export async function vaultExpectedChanges(
  action: "deposit" | "withdraw",
  venue: { id: string; chain: ExpectedChanges["chain"]; onchain: Readonly<Record<string, string | undefined>> },
  owner: string,
  amount: bigint,
): Promise<ExpectedChanges> {
  const { chain } = venue;
  const venues = venueContracts(venue.onchain);
  if (action === "withdraw") return { chain, owner, spends: [], venues, receives: [{ asset: USDC[chain], atLeast: amount }], sharesMayLeave: true };
  // A custody that cannot be derived (a cited id missing) names no address: the deposit's USDC may then arrive nowhere.
  const custody = chain === "svm-chain" ? await (custodyOf(venue.id)?.() ?? Promise.resolve([])).catch((): string[] => []) : [];
  return { chain, owner, spends: [{ asset: USDC[chain], amount }], venues: [...venues, ...custody], venueTakesSpent: chain !== "move-chain" };
}

export async function vaultPlan(db: Db, action: "deposit" | "withdraw", input: VaultPlanInput) {
  const venue = resolveVenue(input.strategyId);
  const owner = input.owner ?? null;
  if (owner !== null && !isAddressOf(venue.family, owner)) {
    throw fieldError("INVALID_ADDRESS", "body.owner", mustBeAddressOf(venue.family, `for ${venue.id} on ${venue.chain}`));
  }
  const amount = input.amountMicros;
  const blockers: Blocker[] = [];
  blockers.push(...actionBlockers(venue, action));
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  else if (action === "deposit" && amount < venue.minDepositMicros) {
    blockers.push(blocker("below_minimum", `The minimum deposit for ${venue.id} is ${venue.minDepositMicros} micros.`));
  }
  const b = builderFor(venue.id, action);
  blockers.push(...executionBlockers());

  let transactions: PlanTransaction[] = [];
  const chain = venue.chain;
  let feeQuote: FeeQuote | null = null;
  if (blockers.length === 0 && owner !== null && "build" in b) {
    const built = await runBuilder(b.build, { owner, amountMicros: amount });
    if (!built.ok) blockers.push(built.blocker);
    else {
      // The chain's own simulation first; a transaction it rejects is never offered for signing. EVM: the fee quote
      // (eth_feeHistory) is asked at the same time, so it adds no round trip.
      const [sim, quote] = await Promise.all([simulateTransactions(built.transactions, owner), isEvmChain(chain) ? evmFeeQuoteFor(chain) : null]);
      feeQuote = quote;
      // The simulated changes must be the plan (vaultExpectedChanges).
      const mismatch = checkChanges(sim.transactions, await vaultExpectedChanges(action, venue, owner, amount));
      if (sim.blocker) blockers.push(sim.blocker);
      else if (mismatch) blockers.push(mismatch);
      else transactions = quote ? withStepFees(sim.transactions, quote) : sim.transactions;
    }
  }
  // EVM plans with an owner: the gas fee the wallet will ask for (null figures with the reason when not known).
  const gasFee: GasFee | undefined = isEvmChain(chain) && owner !== null ? evmGasFee(transactions, feeQuote) : undefined;
  const planId = newId("pln");
  const body = await vaultPlanBody(db, { action, planId, venue, amount, owner, blockers, transactions, gasFee });
  const status = body.status;
  await insertPlan(db, {
    id: planId,
    kind: action,
    status,
    chain: venue.chain,
    owner,
    strategyId: venue.id,
    amountMicros: amount,
    payload: body,
  });
  return body;
}

/**
 * The answer of a deposit or withdraw plan (svc-vault-plan.v1): the one shape a vault plan is answered and stored in,
 * also for a bridge's continuation deposit (server/execute/bridge.ts), so the dashboard reviews it like any deposit.
 */
export async function vaultPlanBody(
  db: Db,
  x: {
    action: "deposit" | "withdraw";
    planId: string;
    venue: VenueDescriptor;
    amount: bigint;
    owner: string | null;
    blockers: Blocker[];
    transactions: PlanTransaction[];
    gasFee?: GasFee;
  },
) {
  const { action, planId, venue, amount, owner, blockers, transactions, gasFee } = x;
  const apy = await liveApy(db, venue.id);
  const e = estimates(apy.grossApyBps, amount, feePolicy().yieldSkimBps);
  const status = blockers.length ? ("blocked" as const) : ("prepared" as const);
  return {
    schemaVersion: "svc-vault-plan.v1" as const,
    action,
    status,
    planId,
    submitted: false as const,
    ownerMustSign: true as const,
    feeMicros: "0" as const,
    strategyId: venue.id,
    opportunityId: opportunityIdOf(venue),
    chain: venue.chain,
    amountMicros: amount.toString(),
    owner,
    ...(blockers.length ? { blockers } : {}),
    fees: [
      { label: `Service fee on ${action} of principal`, kind: "service" as const, amountMicros: "0", bps: 0, estimate: false, asset: USDC[venue.chain] },
      NETWORK_FEE,
    ],
    // A withdraw earns nothing: it answers what leaves the venue (amountMicros, principal fee 0), never a yield estimate.
    estimates:
      action === "deposit"
        ? {
            estimate: true as const,
            grossApyBps: e.grossApyBps,
            netApyBps: e.netApyBps,
            estDailyYieldMicros: e.estDailyYieldMicros === null ? null : e.estDailyYieldMicros.toString(),
            estMonthlyYieldMicros: e.estMonthlyYieldMicros === null ? null : e.estMonthlyYieldMicros.toString(),
          }
        : null,
    onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null,
    transactions,
    ...(gasFee ? { gasFee } : {}),
    ...executionFlags(venue.chain),
  };
}

