// Cage policy on evm-a and evm-b (spec §4.7): six actions, destinations locked to the registry's venues,
// the owner's payees and the owner. The owner signs an EIP-712 policy (built with viem); the service keeps
// no key and, on these Map chains, never broadcasts.
import { type Address, getAddress, hashTypedData, zeroAddress } from "viem";
import { normalizeAddress } from "../chains/address";
import { EVM_CHAIN_IDS, type EvmChain } from "../chains/evm";
import { config } from "../config";
import type { Db } from "../db/client";
import { EVM_REGISTRY } from "../fees/policy";
import { fieldError } from "../http/errors";
import { newId } from "../ids";
import { venuesOn } from "../venues";
import { getAdapter } from "../venues/adapters";
import { assertRecipient } from "./recipient";
import { insertPlan, listPlansByOwner } from "./store";

export const CAGE_ACTIONS = [
  { action: "ROUTE", description: "Deposit idle USDC into one of the locked venues.", destinations: "venues" },
  { action: "EXIT", description: "Withdraw principal from a venue back to the owner.", destinations: "owner" },
  { action: "REBALANCE", description: "Move a position between locked venues on the same chain.", destinations: "venues" },
  { action: "HARVEST", description: "Claim realized yield from a venue into the cage.", destinations: "venues" },
  { action: "COMPOUND", description: "Re-deposit harvested yield into the same venue.", destinations: "venues" },
  { action: "AUTOPAY", description: "Pay residual yield to the owner's locked payees.", destinations: "payees" },
] as const;
export type CageAction = (typeof CAGE_ACTIONS)[number]["action"];

function registryOf(chain: EvmChain): string | null {
  const c = config();
  return (chain === "evm-a" ? c.SVC_REGISTRY_EVM_A : c.SVC_REGISTRY_EVM_B) ?? null;
}

/** The venues a cage may send to: venues on the chain whose adapter has a deposit builder, at the address deposits go to (Aave pool, Comet, Morpho vault). */
export function cageVenues(chain: EvmChain) {
  return venuesOn(chain)
    .filter((v) => getAdapter(v.id)?.deposit)
    .map((v) => ({ venueId: v.id, protocol: v.protocol, address: getAddress(v.onchain.pool ?? v.onchain.cUSDCv3 ?? v.onchain.vault ?? zeroAddress) }));
}

export function cageBody(chain: EvmChain) {
  const registry = registryOf(chain);
  return {
    schemaVersion: "svc-cage.v1" as const,
    chain,
    label: "Map" as const,
    registry,
    deployed: registry !== null,
    broadcastEnabled: false as const,
    writeReady: false as const,
    liveMoneyPath: false as const,
    ownerMustSign: true as const,
    serverHoldsKeys: false as const,
    actions: CAGE_ACTIONS.map((a) => ({ ...a })),
    lockedDestinations: {
      venues: cageVenues(chain),
      payees: "set by the owner in the signed policy; AUTOPAY can pay no one else",
      owner: "the policy signer; EXIT always pays the owner",
    },
    registryFees: { ...EVM_REGISTRY },
    prepare: chain === "evm-b" ? "POST /api/v1/svc/evm-b/cage/prepare" : null,
  };
}

const TYPES = {
  Payee: [
    { name: "account", type: "address" },
    { name: "bps", type: "uint16" },
  ],
  CagePolicy: [
    { name: "owner", type: "address" },
    { name: "actions", type: "string[]" },
    { name: "venues", type: "address[]" },
    { name: "payees", type: "Payee[]" },
    { name: "maxAmountMicros", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface CagePrepareInput {
  owner: string;
  actions?: CageAction[];
  venues?: string[];
  payees?: { account: string; bps: number }[];
  maxAmountMicros: bigint;
  validForSeconds?: number;
}

export async function prepareCagePolicy(db: Db, chain: EvmChain, input: CagePrepareInput) {
  const allowed = cageVenues(chain);
  const wanted = input.venues ?? allowed.map((v) => v.venueId);
  const venues = wanted.map((id) => {
    const v = allowed.find((a) => a.venueId === id);
    if (!v) throw fieldError("INVALID_REQUEST", `body.venues.${wanted.indexOf(id)}`, `must be a cage destination on ${chain} (${allowed.map((a) => a.venueId).join(", ")}); ${id} is not`);
    return v;
  });
  const payees = input.payees ?? [];
  // AUTOPAY pays these accounts: the same recipient check as a bridge destination (issue 22).
  payees.forEach((p, i) => {
    assertRecipient(chain, p.account, `payees.${i}.account`, `payees[${i}].account`);
  });
  const bpsSum = payees.reduce((s, p) => s + p.bps, 0);
  if (bpsSum > 10_000) throw fieldError("INVALID_REQUEST", "body.payees", `must add up to at most 10000 bps; they add up to ${bpsSum}`);
  const actions = input.actions ?? CAGE_ACTIONS.map((a) => a.action);
  if (actions.includes("AUTOPAY") && payees.length === 0) throw fieldError("INVALID_REQUEST", "body.payees", "must name at least one payee when body.actions includes AUTOPAY");
  const registry = registryOf(chain);
  const nowS = Math.floor(Date.now() / 1000);
  const nonce = BigInt(`0x${newId("pln").slice(4, 16).replace(/[^0-9a-f]/g, "0")}`);
  const message = {
    owner: getAddress(input.owner) as Address,
    actions: [...actions],
    venues: venues.map((v) => v.address),
    payees: payees.map((p) => ({ account: getAddress(p.account), bps: p.bps })),
    maxAmountMicros: input.maxAmountMicros,
    nonce,
    deadline: BigInt(nowS + (input.validForSeconds ?? 30 * 86_400)),
  };
  const domain = {
    name: "svc-cage",
    version: "1",
    chainId: EVM_CHAIN_IDS[chain],
    ...(registry ? { verifyingContract: getAddress(registry) } : {}),
  };
  const digest = hashTypedData({ domain, types: TYPES, primaryType: "CagePolicy", message });
  const planId = newId("pln");
  const typedData = { domain, types: { ...TYPES }, primaryType: "CagePolicy" as const, message };
  const body = {
    schemaVersion: "svc-cage-policy.v1" as const,
    status: "prepared" as const,
    planId,
    chain,
    submitted: false as const,
    ownerMustSign: true as const,
    broadcastEnabled: false as const,
    signWith: "eth_signTypedData_v4" as const,
    typedData: JSON.parse(JSON.stringify(typedData, (_k, v) => (typeof v === "bigint" ? v.toString() : v))) as Record<string, unknown>,
    digest,
    lockedDestinations: { venues, payees: message.payees, owner: message.owner },
  };
  await insertPlan(db, { id: planId, kind: "cage", status: "prepared", chain, owner: input.owner, amountMicros: input.maxAmountMicros, payload: body });
  return body;
}

export async function walletCageState(db: Db, chain: EvmChain, wallet: string) {
  const rows = await listPlansByOwner(db, { owner: wallet, chain, limit: 50 });
  const policies = rows.filter((r) => r.kind === "cage");
  const actions = rows.filter((r) => r.kind !== "cage");
  const cage = cageBody(chain);
  return {
    schemaVersion: "svc-wallet-cage.v1" as const,
    wallet: normalizeAddress(wallet),
    chain,
    registry: cage.registry,
    deployed: cage.deployed,
    broadcastEnabled: false as const,
    policy: policies[0]
      ? { planId: policies[0].id, status: "prepared_unsigned" as const, createdAt: policies[0].createdAt.toISOString(), digest: String(policies[0].payload.digest ?? "") }
      : null,
    preparedActions: actions.map((r) => ({
      planId: r.id,
      kind: r.kind,
      status: r.status,
      strategyId: r.strategyId,
      amountMicros: r.amountMicros.toString(),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
