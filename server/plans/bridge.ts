// Bridge plans (contract §6, spec §3.3): Circle CCTP (v1). The owner burns USDC on the source chain with
// TokenMessenger.depositForBurn; the mint recipient is the owner-locked destination, stored with the plan so
// delivery and rescue can only ever pay there. Burn builders exist for the EVM sources (evm-a, evm-b).
import { address as solAddress, getAddressEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex } from "viem";
import { CHAIN_FAMILY, type ChainId, isAddressOf } from "../chains/address";
import { USDC } from "../chains/balances";
import { addressToBytes32, ERC20_APPROVE_ABI, evmCall, isEvmChain } from "../chains/evm";
import type { Db } from "../db/client";
import { bpsOf, feePolicy } from "../fees/policy";
import { type Blocker, blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { AUTOPILOT_ID, opportunityIdOf, resolveStrategyId, type VenueDescriptor } from "../venues";
import { builderFor, getAdapter, type PlanTransaction, runBuilder } from "../venues/adapters";
import { NETWORK_FEE, executionBlockers, executionFlags } from "./common";
import { simulateTransactions } from "./simulate";
import { insertPlan } from "./store";

/** CCTP domain ids (Circle's published list): Solana 5, Arbitrum 3, Base 6, Sui 8. */
export const CCTP_DOMAIN: Record<ChainId, number> = { "evm-a": 6, "evm-b": 3, "svm-chain": 5, "move-chain": 8 };
/** CCTP v1 TokenMessenger on Base and Arbitrum (Circle's published contract addresses). */
export const TOKEN_MESSENGER: Partial<Record<ChainId, string>> = {
  "evm-a": "0x1682Ae6375C4E4A97e4B583BC394c861A46D8962",
  "evm-b": "0x19330d10D9Cc8751218eaf51E8885D058642E08A",
};

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

export const BRIDGE_RISKS = [
  "Cross-chain transfers are not instant: Circle attests the burn after source-chain finality (minutes on Base and Arbitrum), then the USDC is minted on the destination chain.",
  "The burn is irreversible once signed and confirmed. Funds are minted only to the owner-locked destination recorded in this plan; the service never redirects them.",
  "Minting on the destination needs a receiveMessage transaction with Circle's attestation; its network fee is paid on the destination chain.",
  "If Circle's attestation service or the destination chain is unavailable, delivery is delayed; a failed delivery can only be rescued to the same owner-locked destination.",
  "Smart-contract risk of Circle's CCTP contracts and of USDC itself applies. Evm-a and evm-b are Map chains: prepare only, the service does not broadcast.",
];

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
}

/** The continuing venue: a venue (not the automated strategy) on destChain, else 400. */
function continuationVenue(destChain: ChainId, strategyId: string): VenueDescriptor {
  const r = resolveStrategyId(strategyId);
  const field = "body.continueTo.strategyId";
  if (!r.venue) {
    throw new ApiError("INVALID_REQUEST", `continueTo.strategyId must be a venue on ${destChain}; ${AUTOPILOT_ID} is the automated strategy`, [{ field, message: "must be a venue" }]);
  }
  if (r.venue.chain !== destChain) {
    throw new ApiError("INVALID_REQUEST", `continueTo.strategyId ${r.venue.id} is a venue on ${r.venue.chain}, not on destChain ${destChain}`, [
      { field, message: `must be a venue on ${destChain}` },
    ]);
  }
  return r.venue;
}

export async function bridgePlan(db: Db, input: BridgeInput) {
  const { sourceChain, destChain, amountMicros: amount, sourceAddress, destAddress } = input;
  if (sourceChain === destChain) {
    throw new ApiError("INVALID_REQUEST", "sourceChain and destChain must differ", [{ field: "body.destChain", message: "must differ from sourceChain" }]);
  }
  for (const [field, chain, a] of [
    ["sourceAddress", sourceChain, sourceAddress],
    ["destAddress", destChain, destAddress],
  ] as const) {
    const fam = CHAIN_FAMILY[chain];
    if (!isAddressOf(fam, a)) throw new ApiError("INVALID_ADDRESS", `${field} must be a ${fam} address on ${chain}`, [{ field: `body.${field}`, message: `must be a ${fam} address` }]);
  }
  const venue = input.continueTo ? continuationVenue(destChain, input.continueTo.strategyId) : null;
  const bridgeFeeBps = feePolicy().bridgeFeeBps;
  const serviceFee = bpsOf(amount, bridgeFeeBps);
  const expected = amount - serviceFee;
  const blockers: Blocker[] = [];
  if (amount === 0n) blockers.push(blocker("amount_zero"));
  const messenger = TOKEN_MESSENGER[sourceChain];
  if (!messenger || !isEvmChain(sourceChain)) {
    blockers.push(
      blocker(
        "adapter_not_ready",
        `The CCTP burn from ${sourceChain} is not built yet (${sourceChain === "svm-chain" ? "Solana's depositForBurn needs a fresh event-data account signer besides the owner" : "the Sui CCTP package ids are not confirmed yet"}); burns from evm-a and evm-b are.`,
      ),
    );
  }
  const depositBuilder = venue ? builderFor(venue.id, "deposit") : null;
  if (venue) {
    if (venue.label === "Executable" && !venue.ready) blockers.push(blocker("venue_not_ready", `${venue.name} on ${venue.chain} is not ready.`));
    if (amount > 0n && expected < venue.minDepositMicros) {
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
  if (blockers.length === 0 && venue && depositBuilder && "build" in depositBuilder) {
    const built = await runBuilder(depositBuilder.build, { owner: destAddress, amountMicros: expected });
    if (built.ok) {
      const skip = `Not simulated yet: the funds reach ${destChain} only after the bridge delivers; simulate the deposit then.`;
      continuation = (await simulateTransactions(built.transactions, destAddress, skip)).transactions;
    } else blockers.push(built.blocker);
  }
  if (blockers.length === 0 && messenger && isEvmChain(sourceChain)) {
    const usdc = USDC[sourceChain];
    transactions.push(
      {
        chain: sourceChain,
        kind: "approve",
        description: `Approve Circle's TokenMessenger to burn ${amount} micro-USDC`,
        encoding: "evm-call",
        payload: evmCall(sourceChain, usdc, ERC20_APPROVE_ABI, "approve", [messenger, amount]),
      },
      {
        chain: sourceChain,
        kind: "burn",
        description: `Burn ${amount} micro-USDC on ${sourceChain} with CCTP depositForBurn to domain ${CCTP_DOMAIN[destChain]} (${destChain}), minted to ${destAddress}`,
        encoding: "evm-call",
        payload: evmCall(sourceChain, messenger, TOKEN_MESSENGER_ABI, "depositForBurn", [amount, CCTP_DOMAIN[destChain], mintRecipient, usdc]),
      },
    );
    const burn = await simulateTransactions(transactions.splice(0), sourceAddress);
    if (burn.blocker) blockers.push(burn.blocker);
    else transactions.push(...burn.transactions, ...continuation);
  }
  const bridgeFees = [
    { label: "Service bridge fee (GET /svc/fees)", kind: "service" as const, amountMicros: serviceFee.toString(), bps: bridgeFeeBps, estimate: false, asset: USDC[sourceChain] },
    { label: "Rail fee: Circle CCTP v1 standard transfer (no protocol fee)", kind: "rail" as const, amountMicros: "0", bps: 0, estimate: false, asset: USDC[sourceChain] },
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
    rail: "circle-cctp-v1" as const,
    sourceChain,
    destChain,
    amountMicros: amount.toString(),
    sourceAddress,
    destAddress,
    mintRecipient,
    destinationDomain: CCTP_DOMAIN[destChain],
    // CCTP v1 mints the full burned amount; the service bridge fee is disclosed here and settled at delivery.
    expectedReceivedMicros: expected.toString(),
    continueTo: venue ? { strategyId: venue.id, opportunityId: opportunityIdOf(venue), chain: venue.chain, onchainInterface: getAdapter(venue.id)?.onchainInterface ?? null } : null,
    legs,
    ...(blockers.length ? { blockers } : {}),
    fees: legs.flatMap((l) => l.fees),
    risk: { summary: "Irreversible burn-and-mint through Circle CCTP to an owner-locked destination.", items: BRIDGE_RISKS },
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

type FeeItem = { label: string; kind: "service" | "pool" | "rail" | "network"; amountMicros: string | null; bps: number | null; estimate: boolean; asset: string | null };

export interface PlanLeg {
  legIndex: number;
  kind: "bridge" | "swap" | "deposit";
  chain: ChainId;
  destChain: ChainId | null;
  inputToken: string;
  outputToken: string;
  amountInMicros: string;
  quotedAmountOutMicros: string;
  passThrough: boolean;
  strategyId: string | null;
  fees: FeeItem[];
}

/**
 * The legs of the plan with their fees: the bridge, and with a continuation the swap and the deposit on destChain.
 * CCTP mints native USDC and every venue takes USDC, so the swap leg is a pass-through (same token, no swap
 * transaction, zero cost); it is kept so a cross-chain deposit reads as the spec's three legs (§2.5).
 */
function continuationLegs(sourceChain: ChainId, destChain: ChainId, amount: bigint, expected: bigint, bridgeFees: FeeItem[], venue: VenueDescriptor | null): PlanLeg[] {
  const usdcDest = USDC[destChain];
  const legs: PlanLeg[] = [
    {
      legIndex: 0,
      kind: "bridge",
      chain: sourceChain,
      destChain,
      inputToken: USDC[sourceChain],
      outputToken: usdcDest,
      amountInMicros: amount.toString(),
      quotedAmountOutMicros: expected.toString(),
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
      amountInMicros: expected.toString(),
      quotedAmountOutMicros: expected.toString(),
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
      amountInMicros: expected.toString(),
      quotedAmountOutMicros: expected.toString(),
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
