// Bridge plans (contract §6, §9, spec §3.3): Circle CCTP, V2 where both ends run it (evm-a, evm-b, svm-chain), V1 end to
// end where one end has only V1 (move-chain). The owner burns USDC on the source chain with depositForBurn
// (TokenMessengerV2: with maxFee and minFinalityThreshold by speed; V1 TokenMessenger: four arguments); the mint
// recipient is the owner-locked destination, stored with the plan so delivery and rescue can only ever pay there.
// Burns are built on every chain: EVM (V1/V2 depositForBurn), svm-chain (V2 or V1 deposit_for_burn with its event account)
// and move-chain (the V1 deposit_for_burn PTB, coins read over gRPC), each by its rail (server/rails/registry.ts
// `railFor`): this file calls only the Rail interface (server/rails/types.ts) and never names a rail.
import type { Hex } from "viem";
import { CHAIN_FAMILY, type ChainId, isAddressOf, mustBeAddressOf } from "../chains/address";
import { USDC } from "../chains/balances";
import { errorLine, withRpcTimeout } from "../chains/clients";
import type { Db } from "../db/client";
import { feePolicy } from "../fees/policy";
import { type ServiceFee, serviceFeeOn } from "../fees/recipient";
import { type Blocker, blocker } from "../http/codes";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import { usdcAccountOf } from "../rails/cctp/solana";
import { BRIDGE_CHAINS, type RegisteredRail, railFor } from "../rails/registry";
import type { RailFee, Speed } from "../rails/types";
import { AUTOPILOT_ID, opportunityIdOf, resolveStrategyId, resolveVenue, type VenueDescriptor } from "../venues";
import { builderFor, getAdapter, type PlanTransaction, runBuilder } from "../venues/adapters";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { simulateTransactions } from "../chains/simulate";
import { checkChanges } from "../chains/check-changes";
import { burnExpectation } from "./bridge-changes";
import { assertRecipient, destinationCodeBlocker } from "./recipient";
import { insertPlan } from "./store";
import { vaultExpectedChanges } from "./vault";

export interface BridgeInput {
  sourceChain: ChainId;
  destChain: ChainId;
  amountMicros: bigint;
  sourceAddress: string;
  destAddress: string;
  continueTo?: { strategyId: string };
  /** CCTP V2 transfer speed; default standard. Fast on a V1-only route is 400. */
  speed?: Speed;
  /** The owner says the EVM destination is a contract that can move USDC (its code is otherwise refused). */
  destIsContract?: boolean;
}

/** The continuing venue: a venue (not the automated strategy) on destChain, else 400. */
function continuationVenue(destChain: ChainId, strategyId: string): VenueDescriptor {
  const r = resolveStrategyId(strategyId, "body.continueTo.strategyId");
  const field = "body.continueTo.strategyId";
  if (!r.venue) {
    throw fieldError("INVALID_REQUEST", field, `must be a venue on ${destChain}; ${AUTOPILOT_ID} is the automated strategy`);
  }
  if (r.venue.chain !== destChain) {
    throw fieldError("INVALID_REQUEST", field, `must be a venue on ${destChain}; ${r.venue.id} is on ${r.venue.chain}`);
  }
  return r.venue;
}

/**
 * Why the burn from `sourceChain` to `destChain` cannot be built yet, or null when it can: the one check bridge plans
 * (adapter_not_ready) and GET /svc/bridge/paths (the dashboard's disabled paths) share.
 */
export function burnNotBuilt(sourceChain: ChainId, destChain: ChainId): string | null {
  if (sourceChain === destChain) return "Source and destination are the same chain.";
  // Every launch home and EVM chain builds its burn on both rails: EVM depositForBurn (V1, V2), Solana deposit_for_burn
  // (V1 programs on routes with move-chain, V2 otherwise), Sui deposit_for_burn (V1, the only CCTP Circle ships on Sui).
  return null;
}

/** Every ordered pair of chains with its rail and whether its burn can be built (GET /svc/bridge/paths). */
export function bridgePaths() {
  return BRIDGE_CHAINS.flatMap((sourceChain) =>
    BRIDGE_CHAINS
      .filter((destChain) => destChain !== sourceChain)
      .map((destChain) => {
        const rail = railFor(sourceChain, destChain);
        const reason = burnNotBuilt(sourceChain, destChain);
        return { sourceChain, destChain, rail: rail.id, speeds: [...rail.speeds], ready: reason === null, reason };
      }),
  );
}

export async function bridgePlan(db: Db, input: BridgeInput) {
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
  assertBridgeRequest(input);
  const venue = input.continueTo ? continuationVenue(destChain, input.continueTo.strategyId) : null;
  const rail = railFor(sourceChain, destChain);
  // The rail's speed for the request (400 when it offers no such speed; null on a rail without speeds).
  const speed = rail.speedFor(sourceChain, destChain, input.speed);
  // An EVM destination's contract code, read now (400 unless destIsContract; blocked when the RPC cannot tell).
  const destCodeBlocker = await destinationCodeBlocker(destChain, destAddress, "destAddress", input.destIsContract === true);
  const blockers: Blocker[] = destCodeBlocker ? [destCodeBlocker] : [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  // The owner's USDC outflow on the source chain is `amount`: the service fee (to the source chain's fee recipient, in
  // the burn's own transaction, or on EVM a disclosed transfer before it) and the burn of the rest.
  const fee = await collectableFee(sourceChain, amount);
  if (fee.blocker) blockers.push(fee.blocker);
  const serviceFee = fee.fee;
  const burnAmount = amount - serviceFee.amount;
  const { fee: railFee, blocker: railFeeBlocker }: { fee: RailFee; blocker: Blocker | null } = await rail.fee(sourceChain, destChain, burnAmount, speed);
  if (railFeeBlocker) blockers.push(railFeeBlocker);
  // V1 and a standard V2 transfer (maxFee 0) mint the full burned amount; a fast transfer mints it less the fee Circle
  // executes, known only from Circle's fee API: without it nothing is expected (null with the reason), never a guess.
  const expected: bigint | null = speed !== "fast" ? burnAmount : railFee.amountMicros === null ? null : burnAmount - railFee.amountMicros;
  const expectedReason = expected === null ? `The fast transfer's rail fee is unknown (${railFee.reason}), so the amount minted on ${destChain} is not known.` : null;
  const notBuilt = burnNotBuilt(sourceChain, destChain);
  if (notBuilt) blockers.push(blocker("adapter_not_ready", notBuilt));
  const depositBuilder = venue ? builderFor(venue.id, "deposit") : null;
  if (venue) blockers.push(...continuationBlockers(venue, depositBuilder, amount, expected));
  blockers.push(...executionBlockers());
  const mintRecipient = await rail.mintRecipient(destChain, destAddress);
  const transactions: PlanTransaction[] = [];
  // The continuation: the owner deposits the quoted arrival into the venue from the locked destination. Built first:
  // a venue read it needs that fails blocks the whole plan (no burn is offered without its deposit).
  let continuation: PlanTransaction[] = [];
  if (blockers.length === 0 && expected !== null && venue) {
    const skip = `Not simulated yet: the funds reach ${destChain} only after the bridge delivers; the delivery answer carries the deposit rebuilt and simulated then.`;
    const built = await continuationDeposit(venue.id, destAddress, expected, skip);
    if (built.blocker && built.transactions.length === 0) blockers.push(built.blocker);
    else continuation = built.transactions;
  }
  // The burn on the source chain, built by the rail for the source chain's family, then simulated as its owner.
  if (blockers.length === 0) {
    const burn = await rail.burn({ source: sourceChain, dest: destChain, sourceAddress, destAddress, burnAmount, mintRecipient, speed, railFee, serviceFee });
    if (!burn.ok) blockers.push(burn.blocker);
    else {
      const burnSim = await simulateTransactions(burn.transactions, sourceAddress);
      // The owner's USDC leaves exactly as the plan says (the burn and the disclosed service fee), and the chain's burn
      // message mints the burned amount to the owner-locked destination (bridge-changes.ts).
      const leg = { source: sourceChain, owner: sourceAddress, amount, burnAmount, serviceFee, destinationDomain: rail.domain(destChain), mintRecipient, burner: rail.burner(sourceChain) };
      const mismatch = checkChanges(burnSim.transactions, burnExpectation(leg));
      if (burnSim.blocker) blockers.push(burnSim.blocker);
      else if (mismatch) blockers.push(mismatch);
      else transactions.push(...burnSim.transactions, ...continuation);
    }
  }
  const bridgeFees = bridgeFeeItems(sourceChain, destChain, serviceFee, rail.feeLabel(speed, railFee), railFee, speed);
  const legs = continuationLegs(sourceChain, destChain, amount, expected, bridgeFees, venue);
  const planId = newId("pln");
  const status = blockers.length ? ("blocked" as const) : ("prepared" as const);
  const body = bridgePlanBody({ input, planId, status, rail, speed, railFee, mintRecipient, burnAmount, expected, expectedReason, venue, legs, blockers, transactions });
  await insertPlan(db, {
    id: planId,
    kind: "bridge",
    status,
    chain: sourceChain,
    owner: sourceAddress,
    strategyId: venue?.id ?? null,
    amountMicros: amount,
    destChain,
    destAddress,
    payload: body,
  });
  return body;
}

/**
 * The continuation's deposit into `strategyId` for `owner` (the locked destination), built for `amount` and simulated as
 * the owner: at plan time with `skip` (the USDC is not on the destination yet, so the chain cannot run it), and once
 * the bridge delivered without it (POST /svc/bridge/delivery), against the chain that now holds the minted USDC and
 * with a fresh build (a Solana blockhash does not outlive a bridge's minutes). `blocker` is why it cannot be built
 * (no transactions) or why its simulation failed (the transactions, with the failed verdict).
 */
export async function continuationDeposit(strategyId: string, owner: string, amount: bigint, skip?: string): Promise<{ transactions: PlanTransaction[]; blocker: Blocker | null }> {
  const depositBuilder = builderFor(strategyId, "deposit");
  if (!depositBuilder || !("build" in depositBuilder)) return { transactions: [], blocker: blocker("adapter_not_ready", `${strategyId} has no deposit builder.`) };
  const built = await runBuilder(depositBuilder.build, { owner, amountMicros: amount });
  if (!built.ok) return { transactions: [], blocker: built.blocker };
  return checkedContinuation(strategyId, owner, amount, built.transactions, skip);
}

/**
 * The continuation deposit's transactions simulated for the locked destination `owner` and checked by the one checker
 * (issue 23 item 2), as for any deposit plan: the simulation must send exactly `amount` USDC into the venue. A mismatch
 * keeps the transactions (their simulated changes show the other side) but blocks the plan.
 */
export async function checkedContinuation(strategyId: string, owner: string, amount: bigint, txs: PlanTransaction[], skip?: string): Promise<{ transactions: PlanTransaction[]; blocker: Blocker | null }> {
  const sim = await simulateTransactions(txs, owner, skip);
  if (sim.blocker) return { transactions: sim.transactions, blocker: sim.blocker };
  const venue = resolveVenue(strategyId);
  const mismatch = checkChanges(sim.transactions, await vaultExpectedChanges("deposit", venue, owner, amount));
  return { transactions: sim.transactions, blocker: mismatch };
}

/** The request's own checks (400): two different chains, each address of its chain's family, a destination that can receive. */
function assertBridgeRequest({ sourceChain, destChain, sourceAddress, destAddress }: BridgeInput): void {
  if (sourceChain === destChain) {
    throw fieldError("INVALID_REQUEST", "body.destChain", "must differ from body.sourceChain");
  }
  for (const [field, chain, a] of [
    ["sourceAddress", sourceChain, sourceAddress],
    ["destAddress", destChain, destAddress],
  ] as const) {
    const fam = CHAIN_FAMILY[chain];
    if (!isAddressOf(fam, a)) throw fieldError("INVALID_ADDRESS", `body.${field}`, mustBeAddressOf(fam, `on ${chain}`));
  }
  // Issue 22: never a burn to an address nobody can receive on (the dashboard's bridge form shows the same sentences).
  assertRecipient(destChain, destAddress, "destAddress");
}

/** Why the continuing venue cannot take the deposit: not ready, the expected arrival below its minimum, no builder. */
function continuationBlockers(venue: VenueDescriptor, depositBuilder: ReturnType<typeof builderFor> | null, amount: bigint, expected: bigint | null): Blocker[] {
  const blockers: Blocker[] = [];
  if (venue.label === "Executable" && !venue.ready) blockers.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
  if (amount > 0n && expected !== null && expected < venue.minDepositMicros) {
    blockers.push(blocker("below_minimum", `The minimum deposit for ${venue.id} is ${venue.minDepositMicros} micros; ${expected} is expected to arrive.`));
  }
  if (depositBuilder && !("build" in depositBuilder)) blockers.push(blocker("adapter_not_ready", depositBuilder.reason));
  return blockers;
}

/** The bridge leg's fee line items: the service fee, the rail's fee, the source network fee and the destination mint gas. */
function bridgeFeeItems(sourceChain: ChainId, destChain: ChainId, serviceFee: ServiceFee, railLabel: string, railFee: RailFee, speed: Speed | null): FeeItem[] {
  return [
    {
      label: serviceFee.collected ? `Service bridge fee (GET /svc/fees), paid to ${serviceFee.recipient} on ${sourceChain}` : "Service bridge fee (GET /svc/fees): not collected",
      kind: "service" as const,
      amountMicros: serviceFee.amount.toString(),
      bps: serviceFee.bps,
      estimate: false,
      asset: USDC[sourceChain],
      reason: serviceFee.reason,
    },
    {
      label: railLabel,
      kind: "rail" as const,
      amountMicros: railFee.amountMicros === null ? null : railFee.amountMicros.toString(),
      bps: speed === null ? 0 : null,
      estimate: speed === "fast",
      asset: USDC[sourceChain],
    },
    NETWORK_FEE,
    { ...NETWORK_FEE, label: `Destination mint gas on ${destChain} (receiveMessage), paid by whoever submits the attestation` },
  ];
}

interface BridgePlanParts {
  input: BridgeInput;
  planId: string;
  status: "blocked" | "prepared";
  rail: RegisteredRail;
  speed: Speed | null;
  railFee: RailFee;
  mintRecipient: Hex;
  burnAmount: bigint;
  expected: bigint | null;
  expectedReason: string | null;
  venue: VenueDescriptor | null;
  legs: PlanLeg[];
  blockers: Blocker[];
  transactions: PlanTransaction[];
}

/** The `svc-bridge-plan.v1` body (what the endpoint answers and the plan record stores). */
function bridgePlanBody(p: BridgePlanParts) {
  const { input, planId, status, rail, speed, railFee, mintRecipient, burnAmount, expected, expectedReason, venue, legs, blockers, transactions } = p;
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
  return {
    schemaVersion: "svc-bridge-plan.v1" as const,
    status,
    planId,
    submitted: false as const,
    ownerMustSign: true as const,
    rail: rail.id,
    speed,
    railFee: {
      amountMicros: railFee.amountMicros === null ? null : railFee.amountMicros.toString(),
      bps: railFee.bps,
      maxFeeMicros: railFee.maxFeeMicros === null ? null : railFee.maxFeeMicros.toString(),
      source: railFee.source,
      reason: railFee.reason,
    },
    sourceChain,
    destChain,
    amountMicros: amount.toString(),
    sourceAddress,
    destAddress,
    mintRecipient,
    destinationDomain: rail.domain(destChain),
    // The burned amount (amountMicros less the service fee taken on the source chain), less the rail fee of a fast
    // transfer; null with the reason when that fee is unknown.
    burnAmountMicros: burnAmount.toString(),
    expectedReceivedMicros: expected === null ? null : expected.toString(),
    expectedReceivedReason: expectedReason,
    continueTo: venue ? { strategyId: venue.id, opportunityId: opportunityIdOf(venue), chain: venue.chain, onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null } : null,
    legs,
    ...(blockers.length ? { blockers } : {}),
    fees: legs.flatMap((l) => l.fees),
    risk: { summary: `Irreversible burn-and-mint through ${rail.label} to an owner-locked destination.`, items: rail.risks(speed) },
    transactions,
    ...executionFlags(sourceChain),
  };
}

type FeeItem = { label: string; kind: "service" | "pool" | "rail" | "network"; amountMicros: string | null; bps: number | null; estimate: boolean; asset: string | null; reason?: string | null };

/**
 * The service bridge fee the burn on `chain` can take from `amount`: serviceFeeOn's answer, except on svm-chain where the
 * fee is paid into the recipient's USDC associated account, which the plan reads first: when it does not exist the fee
 * is 0 with that reason (the owner is never made to pay rent for the service's account); an unreadable RPC blocks.
 */
async function collectableFee(chain: ChainId, amount: bigint): Promise<{ fee: ServiceFee; blocker: Blocker | null }> {
  const fee = serviceFeeOn(chain, amount, feePolicy().bridgeFeeBps);
  if (chain !== "svm-chain" || !fee.collected || fee.amount === 0n) return { fee, blocker: null };
  try {
    const acc = await withRpcTimeout((signal) => usdcAccountOf(fee.recipient, signal));
    if (acc.exists) return { fee, blocker: null };
    const reason = `the fee recipient ${fee.recipient} has no USDC token account (${acc.account}) on svm-chain, so no service fee is taken (the service does not make you pay its account's rent)`;
    return { fee: { collected: false, recipient: null, bps: 0, amount: 0n, reason }, blocker: null };
  } catch (e) {
    return { fee, blocker: blocker("rpc_unavailable", `The fee recipient's USDC account on svm-chain could not be read: ${errorLine(e)}.`) };
  }
}

export interface PlanLeg {
  legIndex: number;
  kind: "bridge" | "swap" | "deposit";
  chain: ChainId;
  destChain: ChainId | null;
  inputToken: string;
  outputToken: string;
  amountInMicros: string | null;
  quotedAmountOutMicros: string | null;
  passThrough: boolean;
  strategyId: string | null;
  fees: FeeItem[];
}

/**
 * The legs of the plan with their fees: the bridge, and with a continuation the swap and the deposit on destChain.
 * CCTP mints native USDC and every venue takes USDC, so the swap leg is a pass-through (same token, no swap
 * transaction, zero cost); it is kept so a cross-chain deposit reads as the spec's three legs (§2.5).
 */
function continuationLegs(sourceChain: ChainId, destChain: ChainId, amount: bigint, expectedMicros: bigint | null, bridgeFees: FeeItem[], venue: VenueDescriptor | null): PlanLeg[] {
  const usdcDest = USDC[destChain];
  const expected = expectedMicros === null ? null : expectedMicros.toString();
  const legs: PlanLeg[] = [
    {
      legIndex: 0,
      kind: "bridge",
      chain: sourceChain,
      destChain,
      inputToken: USDC[sourceChain],
      outputToken: usdcDest,
      amountInMicros: amount.toString(),
      quotedAmountOutMicros: expected,
      passThrough: false,
      strategyId: null,
      fees: bridgeFees,
    },
  ];
  if (!venue) return legs;
  // The swap and the deposit both stay on destChain and carry the expected USDC through.
  const destLeg = (legIndex: number, kind: "swap" | "deposit", passThrough: boolean, strategyId: string | null, fees: FeeItem[]): PlanLeg => {
    const dest = { chain: destChain, destChain: null, inputToken: usdcDest, outputToken: usdcDest, amountInMicros: expected, quotedAmountOutMicros: expected };
    return { legIndex, kind, ...dest, passThrough, strategyId, fees };
  };
  legs.push(
    destLeg(1, "swap", true, null, [
      { label: `Swap on ${destChain}: pass-through (CCTP delivers native USDC and ${venue.id} takes USDC): no swap, no service swap fee, no pool fee`, kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: usdcDest },
    ]),
    destLeg(2, "deposit", false, venue.id, [
      { label: "Service fee on deposit of principal", kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: null },
      { ...NETWORK_FEE, label: `Network fee (gas) of the deposit into ${venue.id} on ${destChain}, paid by the owner's wallet` },
    ]),
  );
  return legs;
}
