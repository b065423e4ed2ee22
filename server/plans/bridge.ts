// Bridge plans (contract §6, §9, spec §3.3): Circle CCTP, V2 where both ends run it (evm-a, evm-b, svm-chain), V1 end to
// end where one end has only V1 (move-chain). The owner burns USDC on the source chain with depositForBurn
// (TokenMessengerV2: with maxFee and minFinalityThreshold by speed; V1 TokenMessenger: four arguments); the mint
// recipient is the owner-locked destination, stored with the plan so delivery and rescue can only ever pay there.
// Burns are built on every chain: EVM (V1/V2 depositForBurn), svm-chain (V2 or V1 deposit_for_burn with its event account)
// and move-chain (the V1 deposit_for_burn PTB, coins read over gRPC).
import { address as solAddress, getAddressEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, erc20Abi, type Hex } from "viem";
import { CHAIN_FAMILY, type ChainId, isAddressOf, mustBeAddressOf } from "../chains/address";
import { USDC } from "../chains/balances";
import { addressToBytes32, ERC20_APPROVE_ABI, evmCall, isEvmChain } from "../chains/evm";
import type { Db } from "../db/client";
import { feePolicy } from "../fees/policy";
import { type ServiceFee, serviceFeeOn } from "../fees/recipient";
import { type Blocker, blocker } from "../http/codes";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import { AUTOPILOT_ID, opportunityIdOf, resolveStrategyId, type VenueDescriptor } from "../venues";
import { builderFor, getAdapter, type PlanTransaction, runBuilder } from "../venues/adapters";
import { config } from "../config";
import { TOKEN_MESSENGER } from "../../lib/cctp-ids";
import {
  CCTP_V2_CHAINS,
  depositForBurnV2,
  FINALITY_THRESHOLD,
  feeOf,
  fetchBurnFees,
  maxFeeFor,
  type Rail,
  railFor,
  type Speed,
  TOKEN_MESSENGER_V2,
} from "../rails/cctp";
import { solanaBurnV1, solanaBurnV2, usdcAccountOf } from "../rails/cctp-solana";
import { SuiInsufficientUsdc, suiBurnV1 } from "../rails/cctp-sui";
import { errorLine, RpcUnavailable, withRpcTimeout } from "../chains/clients";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { simulateTransactions } from "./simulate";
import { assertRecipient, destinationCodeBlocker } from "./recipient";
import { insertPlan } from "./store";

/**
 * CCTP domain ids: Base 6, Arbitrum 3, Solana 5 (@circle-fin/provider-cctp-v2 1.14.0 chain definitions, `cctp.domain`;
 * checked in tests/unit/cctp-v2.test.ts against @circle-fin/bridge-kit 1.15.1 `chains`), Sui 8 (provider-cctp-v2 1.14.0 `Sui.cctp.domain`).
 */
export const CCTP_DOMAIN: Record<ChainId, number> = { "evm-a": 6, "evm-b": 3, "svm-chain": 5, "move-chain": 8 };
/** CCTP V1 TokenMessenger on Base and Arbitrum: cited in lib/cctp-ids.ts (client-safe, so the recipient check refuses it). */
export { TOKEN_MESSENGER };

export const TOKEN_MESSENGER_ABI = [
  {
    type: "function",
    name: "depositForBurn",
    stateMutability: "nonpayable",
    inputs: [
      { name: "amount", type: "uint256" },
      { name: "destinationDomain", type: "uint32" },
      { name: "mintRecipient", type: "bytes32" },
      { name: "burnToken", type: "address" },
    ],
    outputs: [{ name: "_nonce", type: "uint64" }],
  },
] as const;

const COMMON_RISKS = [
  "The burn is irreversible once signed and confirmed. Funds are minted only to the owner-locked destination recorded in this plan; the service never redirects them.",
  "Minting on the destination needs a receiveMessage transaction with Circle's attestation; its network fee is paid on the destination chain.",
  "If Circle's attestation service or the destination chain is unavailable, delivery is delayed; a failed delivery can only be rescued to the same owner-locked destination.",
  "Smart-contract risk of Circle's CCTP contracts and of USDC itself applies. Evm-a and evm-b are Map chains: prepare only, the service does not broadcast.",
];

/** The plan's risk disclosure for its rail and speed (a V1 plan states Circle's V1 phase-out, contract §9). */
export function bridgeRisks(rail: Rail, speed: Speed | null): string[] {
  if (rail === "circle-cctp-v1") {
    return [
      "Cross-chain transfers are not instant: Circle attests the burn after source-chain finality (minutes on Base and Arbitrum), then the USDC is minted on the destination chain.",
      "This route uses CCTP V1 because one end (move-chain) has no CCTP V2: Circle began phasing CCTP V1 out on 31 Jul 2026 (a ten-month wind-down); a V1 burn can only be received by V1, so sign the burn only if it can also be received before V1 stops attesting.",
      ...COMMON_RISKS,
    ];
  }
  return [
    speed === "fast"
      ? "Fast transfer (CCTP V2, finality threshold 1000): Circle attests after soft finality on the source chain (seconds), for a fee taken from the minted amount (at most maxFee)."
      : "Standard transfer (CCTP V2, finality threshold 2000): Circle attests after hard finality on the source chain (about 15–20 minutes on Base and Arbitrum); no rail fee (maxFee 0).",
    ...COMMON_RISKS,
  ];
}


/** The bytes32 mint recipient for a destination: EVM address padded, Sui address as is, Solana the owner's USDC token account. */
export async function mintRecipientFor(destChain: ChainId, destAddress: string): Promise<Hex> {
  const family = CHAIN_FAMILY[destChain];
  if (family === "evm") return addressToBytes32(destAddress);
  if (family === "sui") return destAddress.toLowerCase() as Hex;
  const [ata] = await findAssociatedTokenPda({ owner: solAddress(destAddress), mint: solAddress(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return bytesToHex(new Uint8Array(getAddressEncoder().encode(ata)));
}

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

interface RailFee {
  /** The rail fee in micro-USDC, null when Circle's fee API could not be read. */
  amountMicros: bigint | null;
  /** Circle's minimumFee for the tier, in basis points as Circle writes it ("1.3"), or null. */
  bps: string | null;
  /** The burn's maxFee argument (V2), or null on V1. */
  maxFeeMicros: bigint | null;
  source: string | null;
  reason: string | null;
}

/** The rail fee of a V2 burn from Circle's fee API; a fast burn without it cannot set maxFee and blocks the plan. */
async function railFeeOf(sourceChain: ChainId, destChain: ChainId, amount: bigint, speed: Speed): Promise<{ fee: RailFee; blocker: Blocker | null }> {
  const source = `${config().SVC_CCTP_ATTESTATION_URL}/v2/burn/USDC/fees/${CCTP_DOMAIN[sourceChain]}/${CCTP_DOMAIN[destChain]}`;
  const read = amount > 0n ? await fetchBurnFees(CCTP_DOMAIN[sourceChain], CCTP_DOMAIN[destChain]) : { ok: false as const, reason: "nothing to burn" };
  const tier = read.ok ? read.tiers.find((t) => t.finalityThreshold === FINALITY_THRESHOLD[speed]) : undefined;
  if (tier) {
    const fee = feeOf(amount, tier.minimumFeeBps);
    return { fee: { amountMicros: fee, bps: tier.minimumFeeBps, maxFeeMicros: maxFeeFor(speed, fee), source, reason: null }, blocker: null };
  }
  const reason = read.ok ? `Circle's fee API lists no tier for finality threshold ${FINALITY_THRESHOLD[speed]}` : read.reason;
  if (speed === "standard") {
    return { fee: { amountMicros: null, bps: null, maxFeeMicros: 0n, source, reason: `${reason}; the burn's maxFee is 0, so no rail fee can be taken` }, blocker: null };
  }
  return {
    fee: { amountMicros: null, bps: null, maxFeeMicros: null, source, reason },
    blocker: blocker("quote_unavailable", `The fast transfer's fee is unknown (${reason}), so its maxFee cannot be set; try again or choose speed "standard".`),
  };
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
  const chains = Object.keys(CCTP_DOMAIN) as ChainId[];
  return chains.flatMap((sourceChain) =>
    chains
      .filter((destChain) => destChain !== sourceChain)
      .map((destChain) => {
        const rail = railFor(sourceChain, destChain);
        const reason = burnNotBuilt(sourceChain, destChain);
        return { sourceChain, destChain, rail, speeds: rail === "circle-cctp-v2" ? (["standard", "fast"] as Speed[]) : ([] as Speed[]), ready: reason === null, reason };
      }),
  );
}

export async function bridgePlan(db: Db, input: BridgeInput) {
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
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
  const venue = input.continueTo ? continuationVenue(destChain, input.continueTo.strategyId) : null;
  const rail = railFor(sourceChain, destChain);
  if (rail === "circle-cctp-v1" && input.speed === "fast") {
    throw fieldError(
      "INVALID_REQUEST",
      "body.speed",
      `"fast" is only offered on CCTP V2 routes, and ${sourceChain} → ${destChain} runs on CCTP V1 (${CCTP_V2_CHAINS.has(sourceChain) ? destChain : sourceChain} has no V2)`,
    );
  }
  const speed: Speed | null = rail === "circle-cctp-v2" ? (input.speed ?? "standard") : null;
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
  let railFee: RailFee = { amountMicros: 0n, bps: "0", maxFeeMicros: null, source: null, reason: "CCTP V1 takes no protocol fee" };
  if (speed) {
    const r = await railFeeOf(sourceChain, destChain, burnAmount, speed);
    railFee = r.fee;
    if (r.blocker) blockers.push(r.blocker);
  }
  // V1 and a standard V2 transfer (maxFee 0) mint the full burned amount; a fast transfer mints it less the fee Circle
  // executes, known only from Circle's fee API: without it nothing is expected (null with the reason), never a guess.
  const expected: bigint | null = speed !== "fast" ? burnAmount : railFee.amountMicros === null ? null : burnAmount - railFee.amountMicros;
  const expectedReason = expected === null ? `The fast transfer's rail fee is unknown (${railFee.reason}), so the amount minted on ${destChain} is not known.` : null;
  const notBuilt = burnNotBuilt(sourceChain, destChain);
  if (notBuilt) blockers.push(blocker("adapter_not_ready", notBuilt));
  const depositBuilder = venue ? builderFor(venue.id, "deposit") : null;
  if (venue) {
    if (venue.label === "Executable" && !venue.ready) blockers.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
    if (amount > 0n && expected !== null && expected < venue.minDepositMicros) {
      blockers.push(blocker("below_minimum", `The minimum deposit for ${venue.id} is ${venue.minDepositMicros} micros; ${expected} is expected to arrive.`));
    }
    if (depositBuilder && !("build" in depositBuilder)) blockers.push(blocker("adapter_not_ready", depositBuilder.reason));
  }
  blockers.push(...executionBlockers());
  const mintRecipient = await mintRecipientFor(destChain, destAddress);
  const transactions: PlanTransaction[] = [];
  // The continuation: the owner deposits the quoted arrival into the venue from the locked destination. Built first:
  // a venue read it needs that fails blocks the whole plan (no burn is offered without its deposit).
  let continuation: PlanTransaction[] = [];
  if (blockers.length === 0 && expected !== null && venue && depositBuilder && "build" in depositBuilder) {
    const built = await runBuilder(depositBuilder.build, { owner: destAddress, amountMicros: expected });
    if (built.ok) {
      const skip = `Not simulated yet: the funds reach ${destChain} only after the bridge delivers; simulate the deposit then.`;
      continuation = (await simulateTransactions(built.transactions, destAddress, skip)).transactions;
    } else blockers.push(built.blocker);
  }
  if (blockers.length === 0 && isEvmChain(sourceChain)) {
    const usdc = USDC[sourceChain];
    const burnTo = speed !== null ? TOKEN_MESSENGER_V2 : TOKEN_MESSENGER[sourceChain];
    if (!burnTo) throw new Error(`no CCTP V1 TokenMessenger known on ${sourceChain}`);
    const burn =
      speed !== null
        ? depositForBurnV2(sourceChain, CCTP_DOMAIN[destChain], burnAmount, mintRecipient, railFee.maxFeeMicros ?? 0n, speed)
        : evmCall(sourceChain, burnTo, TOKEN_MESSENGER_ABI, "depositForBurn", [burnAmount, CCTP_DOMAIN[destChain], mintRecipient, usdc]);
    const railName = speed !== null ? `CCTP V2 ${speed} transfer (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${railFee.maxFeeMicros ?? 0n})` : "CCTP V1";
    transactions.push({
      chain: sourceChain,
      kind: "approve",
      description: `Approve Circle's TokenMessenger${speed !== null ? "V2" : ""} to burn ${burnAmount} micro-USDC`,
      encoding: "evm-call",
      payload: evmCall(sourceChain, usdc, ERC20_APPROVE_ABI, "approve", [burnTo, burnAmount]),
    });
    // EVM cannot take the fee inside the burn (CCTP's depositForBurn moves only the burned amount): the fee is its own
    // USDC.transfer, disclosed here, signed before the burn so the burn stays the plan's last source-chain transaction.
    if (serviceFee.collected && serviceFee.amount > 0n) {
      transactions.push({
        chain: sourceChain,
        kind: "fee",
        description: `Pay the service bridge fee: transfer ${serviceFee.amount} micro-USDC to the service's fee recipient ${serviceFee.recipient} on ${sourceChain}`,
        encoding: "evm-call",
        // ERC-20 transfer(address,uint256): viem 2.57 `erc20Abi`.
        payload: evmCall(sourceChain, usdc, erc20Abi, "transfer", [serviceFee.recipient as Hex, serviceFee.amount]),
      });
    }
    transactions.push({
      chain: sourceChain,
      kind: "burn",
      description: `Burn ${burnAmount} micro-USDC on ${sourceChain} with ${railName} depositForBurn to domain ${CCTP_DOMAIN[destChain]} (${destChain}), minted to ${destAddress}`,
      encoding: "evm-call",
      payload: burn,
    });
    const burnSim = await simulateTransactions(transactions.splice(0), sourceAddress);
    if (burnSim.blocker) blockers.push(burnSim.blocker);
    else transactions.push(...burnSim.transactions, ...continuation);
  }
  if (blockers.length === 0 && sourceChain === "svm-chain") {
    try {
      const { payload, eventAccount } =
        speed !== null
          ? await solanaBurnV2(sourceAddress, burnAmount, CCTP_DOMAIN[destChain], mintRecipient, railFee.maxFeeMicros ?? 0n, speed, feeTransferOf(serviceFee))
          : await solanaBurnV1(sourceAddress, burnAmount, CCTP_DOMAIN[destChain], mintRecipient, feeTransferOf(serviceFee));
      const how = speed !== null ? `CCTP V2 ${speed} transfer deposit_for_burn (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${railFee.maxFeeMicros ?? 0n})` : "CCTP V1 deposit_for_burn";
      const burnSim = await simulateTransactions([
        {
          chain: sourceChain,
          kind: "burn",
          description: `Burn ${burnAmount} micro-USDC on svm-chain with ${how} to domain ${CCTP_DOMAIN[destChain]} (${destChain}), minted to ${destAddress}${feeClause(serviceFee)}; the MessageSent event account ${eventAccount} has already signed (its rent is yours to reclaim)`,
          encoding: "solana-v0-message-base64",
          payload,
        },
      ], sourceAddress);
      if (burnSim.blocker) blockers.push(burnSim.blocker);
      else transactions.push(...burnSim.transactions, ...continuation);
    } catch (e) {
      if (!(e instanceof RpcUnavailable)) throw e;
      blockers.push(blocker("rpc_unavailable", e.message));
    }
  }
  if (blockers.length === 0 && sourceChain === "move-chain") {
    // CCTP V1 on Sui: the owner's USDC coins and the packages' newest versions are read over gRPC when the plan is built.
    let payload: string | null = null;
    try {
      payload = await withRpcTimeout((signal) => suiBurnV1(sourceAddress, burnAmount, CCTP_DOMAIN[destChain], mintRecipient, signal, feeTransferOf(serviceFee)));
    } catch (e) {
      if (e instanceof SuiInsufficientUsdc) blockers.push(blocker("insufficient_balance", `The burn needs ${e.needed} micro-USDC on move-chain; ${sourceAddress} holds ${e.held}.`));
      else blockers.push(blocker("rpc_unavailable", `The move-chain state the Sui burn is built from (the owner's USDC coins, the CCTP packages' versions) could not be read: ${errorLine(e)}.`));
    }
    if (payload !== null) {
      const burnSim = await simulateTransactions([
        {
          chain: sourceChain,
          kind: "burn",
          description: `Burn ${burnAmount} micro-USDC on move-chain with CCTP V1 deposit_for_burn to domain ${CCTP_DOMAIN[destChain]} (${destChain}), minted to ${destAddress}${feeClause(serviceFee)}`,
          encoding: "sui-transaction-json",
          payload,
        },
      ], sourceAddress);
      if (burnSim.blocker) blockers.push(burnSim.blocker);
      else transactions.push(...burnSim.transactions, ...continuation);
    }
  }
  const railLabel =
    speed === null
      ? "Rail fee: Circle CCTP V1 (no protocol fee)"
      : railFee.amountMicros !== null
        ? `Rail fee: Circle CCTP V2 ${speed} transfer, ${railFee.bps} bps from Circle's fee API${speed === "fast" ? ` (taken from the minted amount, at most maxFee ${railFee.maxFeeMicros})` : ""}`
        : `Rail fee: Circle CCTP V2 ${speed} transfer: unknown (${railFee.reason})`;
  const bridgeFees: FeeItem[] = [
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
  const legs = continuationLegs(sourceChain, destChain, amount, expected, bridgeFees, venue);
  const planId = newId("pln");
  const status = blockers.length ? ("blocked" as const) : ("prepared" as const);
  const body = {
    schemaVersion: "svc-bridge-plan.v1" as const,
    status,
    planId,
    submitted: false as const,
    ownerMustSign: true as const,
    rail,
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
    destinationDomain: CCTP_DOMAIN[destChain],
    // The burned amount (amountMicros less the service fee taken on the source chain), less the rail fee of a fast
    // transfer; null with the reason when that fee is unknown.
    burnAmountMicros: burnAmount.toString(),
    expectedReceivedMicros: expected === null ? null : expected.toString(),
    expectedReceivedReason: expectedReason,
    continueTo: venue ? { strategyId: venue.id, opportunityId: opportunityIdOf(venue), chain: venue.chain, onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null } : null,
    legs,
    ...(blockers.length ? { blockers } : {}),
    fees: legs.flatMap((l) => l.fees),
    risk: { summary: `Irreversible burn-and-mint through Circle CCTP ${rail === "circle-cctp-v2" ? "V2" : "V1"} to an owner-locked destination.`, items: bridgeRisks(rail, speed) },
    transactions,
    ...executionFlags(sourceChain),
  };
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

const feeTransferOf = (f: ServiceFee) => (f.collected && f.amount > 0n ? { recipient: f.recipient, amount: f.amount } : null);
const feeClause = (f: ServiceFee) => (f.collected && f.amount > 0n ? `, and in the same transaction the ${f.amount} micro-USDC service fee to the fee recipient ${f.recipient}` : "");

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
  legs.push(
    {
      legIndex: 1,
      kind: "swap",
      chain: destChain,
      destChain: null,
      inputToken: usdcDest,
      outputToken: usdcDest,
      amountInMicros: expected,
      quotedAmountOutMicros: expected,
      passThrough: true,
      strategyId: null,
      fees: [
        { label: `Swap on ${destChain}: pass-through (CCTP delivers native USDC and ${venue.id} takes USDC): no swap, no service swap fee, no pool fee`, kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: usdcDest },
      ],
    },
    {
      legIndex: 2,
      kind: "deposit",
      chain: destChain,
      destChain: null,
      inputToken: usdcDest,
      outputToken: usdcDest,
      amountInMicros: expected,
      quotedAmountOutMicros: expected,
      passThrough: false,
      strategyId: venue.id,
      fees: [
        { label: "Service fee on deposit of principal", kind: "service", amountMicros: "0", bps: 0, estimate: false, asset: null },
        { ...NETWORK_FEE, label: `Network fee (gas) of the deposit into ${venue.id} on ${destChain}, paid by the owner's wallet` },
      ],
    },
  );
  return legs;
}
