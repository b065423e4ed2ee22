// Zod schemas of the cage endpoints (spec §4.7: the evm-a/evm-b registry's locked destinations and the owner's
// EIP-712 policy, prepare only).
import { z } from "zod";
import { addressOf } from "../chains/address";
import { microsInput, microsOutput } from "../money/amount";

export const evmOwner = addressOf("evm");

const cageActionName = z.enum(["ROUTE", "EXIT", "REBALANCE", "HARVEST", "COMPOUND", "AUTOPAY"]);
const cageVenue = z.object({ venueId: z.string(), protocol: z.string(), address: z.string() });

export const cageSchema = z
  .object({
    schemaVersion: z.literal("svc-cage.v1"),
    chain: z.enum(["evm-a", "evm-b"]),
    label: z.literal("Map"),
    registry: z.string().nullable(),
    deployed: z.boolean(),
    broadcastEnabled: z.literal(false),
    writeReady: z.literal(false),
    liveMoneyPath: z.literal(false),
    ownerMustSign: z.literal(true),
    serverHoldsKeys: z.literal(false),
    actions: z.array(z.object({ action: cageActionName, description: z.string(), destinations: z.enum(["venues", "owner", "payees"]) })),
    lockedDestinations: z.object({ venues: z.array(cageVenue), payees: z.string(), owner: z.string() }),
    registryFees: z.object({ yieldFeeBps: z.number().int(), depositFeeBps: z.number().int(), maxYieldSkimBps: z.number().int() }),
    prepare: z.string().nullable(),
  })
  .meta({ id: "Cage" });

export const cagePrepareBody = z
  .strictObject({
    owner: evmOwner,
    actions: z.array(cageActionName).min(1).max(6).optional(),
    venues: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
    payees: z.array(z.strictObject({ account: evmOwner, bps: z.number().int().min(1).max(10_000) })).max(10).optional(),
    maxAmountMicros: microsInput,
    validForSeconds: z.number().int().min(60).max(366 * 86_400).optional(),
  })
  .meta({ id: "CagePrepareRequest" });

export const cagePolicySchema = z
  .object({
    schemaVersion: z.literal("svc-cage-policy.v1"),
    status: z.literal("prepared"),
    planId: z.string(),
    chain: z.enum(["evm-a", "evm-b"]),
    submitted: z.literal(false),
    ownerMustSign: z.literal(true),
    broadcastEnabled: z.literal(false),
    signWith: z.literal("eth_signTypedData_v4"),
    typedData: z.record(z.string(), z.unknown()).meta({ description: "EIP-712 { domain, types, primaryType, message } (uint256 values as decimal strings)." }),
    digest: z.string(),
    lockedDestinations: z.object({ venues: z.array(cageVenue), payees: z.array(z.object({ account: z.string(), bps: z.number().int() })), owner: z.string() }),
  })
  .meta({ id: "CagePolicy" });

export const walletCageSchema = z
  .object({
    schemaVersion: z.literal("svc-wallet-cage.v1"),
    wallet: z.string(),
    chain: z.enum(["evm-a", "evm-b"]),
    registry: z.string().nullable(),
    deployed: z.boolean(),
    broadcastEnabled: z.literal(false),
    policy: z.object({ planId: z.string(), status: z.literal("prepared_unsigned"), createdAt: z.string(), digest: z.string() }).nullable(),
    preparedActions: z.array(
      z.object({ planId: z.string(), kind: z.string(), status: z.string(), strategyId: z.string().nullable(), amountMicros: microsOutput, createdAt: z.string() }),
    ),
  })
  .meta({ id: "WalletCage" });
