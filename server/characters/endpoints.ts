// The character-scoped auto-yield surface (spec §4.9, contract §7) under /api/characters, and the wallet
// auto-yield policy (spec §4.3). A character's scope is its wallet: checked after loading it (404, then 403).
import { FAMILY_NAME, isAddressOf, normalizeAddress } from "../chains/address";
import type { Db } from "../db/client";
import type { Principal } from "../http/auth";
import { created, endpoint, type Method, ok, unprocessable } from "../http/endpoint";
import type { Access } from "../http/roles";
import { fieldError } from "../http/errors";
import { walletRead, walletRoute } from "../http/wallet-routes";
import { harvest } from "../ledger/harvest";
import { wire } from "../ledger/wire";
import { discover } from "./discover";
import { autoYieldStatus, type Blocked, characterBalances, type MoneyInput, stake, survivalUnstake, unstake } from "./money";
import {
  autoYieldStatusSchema,
  CHARACTER_EXAMPLE,
  characterBlockedSchema,
  characterHarvestPlanSchema,
  characterSchema,
  createCharacterBody,
  discoverySchema,
  harvestPlanBody,
  idParams,
  moneyBody,
  putAutoYieldBody,
  stakeDoneSchema,
  survivalSchema,
  unstakeDoneSchema,
  updateCharacterBody,
  WALLET_EXAMPLE,
  walletAutoYieldBody,
  walletAutoYieldSchema,
} from "./schemas";
import {
  type CharacterRow,
  chainForWallet,
  characterFor,
  characterMissing,
  characterWire,
  createCharacter,
  putWalletAutoYield,
  targetVenue,
  updateCharacter,
  walletAutoYieldOf,
  walletAutoYieldWire,
} from "./store";

const TAGS = ["characters"];
const params = { id: CHARACTER_EXAMPLE };
const ERRORS = ["NOT_FOUND" as const];

/** The fields of an endpoint on one character, `/api/characters/{id}<rest>`: 404 NOT_FOUND when there is no such character. */
function characterRoute<M extends Method, A extends Access>(operationId: string, method: M, rest: string, summary: string, access: A) {
  return { operationId, method, path: `/api/characters/{id}${rest}`, summary, tags: TAGS, access, params: idParams, missing: characterMissing, errors: ERRORS };
}

/** The fields of a POST on one character that takes no input (an optional empty body). */
function characterPost<A extends Access>(operationId: string, rest: string, summary: string, access: A) {
  return { ...characterRoute(operationId, "POST", rest, summary, access), body: harvestPlanBody.optional(), example: { params, body: {} } };
}

/** A PUT field: undefined keeps the stored value, null clears it, a value is mapped to what is stored. */
function patchOf<T, U>(v: T | null | undefined, f: (v: T) => U): U | null | undefined {
  return v === undefined ? undefined : v === null ? null : f(v);
}

type MoneyMove<D> = (db: Db, c: CharacterRow, input: MoneyInput) => Promise<D | Blocked>;

/** The handler of an owner-initiated stake or unstake on a character in scope: 200 when done, 422 when blocked. */
function moneyHandler<D extends { status: "done" }>(move: MoneyMove<D>) {
  return async ({ db, params: p, principal, body }: { db: Db; params: { id: string }; principal: Principal | null; body: MoneyInput | undefined }) => {
    const r = await move(db, await characterFor(db, p.id, principal), body ?? {});
    return r.status === "done" ? ok(r) : unprocessable(r);
  };
}

export const postCharacter = endpoint({
  operationId: "createCharacter",
  method: "POST",
  path: "/api/characters",
  summary: "Register a character for a wallet in the owner key's scope (auto-yield OFF)",
  tags: TAGS,
  access: "wallet.policy",
  body: createCharacterBody,
  wallets: ({ body }) => body.wallet,
  errors: ["ALREADY_EXISTS"],
  example: { body: { wallet: WALLET_EXAMPLE, name: "Example character" } },
  responses: { 201: characterSchema },
  handler: async ({ db, body }) => {
    const wallet = normalizeAddress(body.wallet);
    const row = await createCharacter(db, wallet, body.name, chainForWallet(wallet, body.chain));
    return created(characterWire(row));
  },
});

export const getCharacter = endpoint({
  ...characterRoute("getCharacter", "GET", "", "A character (owner or agent in scope)", "wallet.read"),
  example: { params },
  responses: { 200: characterSchema },
  handler: async ({ db, params: p, principal }) => ok(characterWire(await characterFor(db, p.id, principal))),
});

export const putCharacter = endpoint({
  ...characterRoute("updateCharacter", "PUT", "", "Set the fan-credit liability, conditioned tranches and storage bill (owner)", "wallet.policy"),
  body: updateCharacterBody,
  example: { params, body: { fanCreditLiabilityMicros: "1000000", conditionedTranches: [{ amountMicros: "500000", stakeable: false }], storageBillMicros: "2000000", storageRenewalDueAt: "2026-12-01T00:00:00.000Z" } },
  responses: { 200: characterSchema },
  handler: async ({ db, params: p, principal, body }) => {
    const c = await characterFor(db, p.id, principal);
    const row = await updateCharacter(db, c.id, {
      name: body.name,
      fanCreditLiabilityMicros: body.fanCreditLiabilityMicros,
      conditionedTranches: body.conditionedTranches?.map((t) => ({ amountMicros: t.amountMicros.toString(), stakeable: t.stakeable })),
      storageBillMicros: body.storageBillMicros,
      storageRenewalDueAt: patchOf(body.storageRenewalDueAt, (at) => new Date(at)),
    });
    return ok(characterWire(row));
  },
});

export const getCharacterAutoYield = endpoint({
  ...characterRoute("getCharacterAutoYield", "GET", "/auto-yield", "Auto-yield status: enabled, venue, staked, APY (null when the read fails), last harvest, labeled estimates", "wallet.read"),
  example: { params },
  responses: { 200: autoYieldStatusSchema },
  handler: async ({ db, params: p, principal }) => ok(await autoYieldStatus(db, await characterFor(db, p.id, principal))),
});

export const putCharacterAutoYield = endpoint({
  ...characterRoute("putCharacterAutoYield", "PUT", "/auto-yield", "Owner toggle plus amount cap and risk envelope; disabling does not unstake", "wallet.policy"),
  body: putAutoYieldBody,
  example: { params, body: { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" } },
  responses: { 200: autoYieldStatusSchema },
  handler: async ({ db, params: p, principal, body }) => {
    const c = await characterFor(db, p.id, principal);
    if (body.target_venue) targetVenue(body.target_venue, c.chain);
    const envelope = patchOf(body.allowed_venues, (vs) => vs.map((v, i) => targetVenue(v, null, `body.allowed_venues.${i}`).id));
    const on = body.auto_yield_enabled;
    const row = await updateCharacter(db, c.id, {
      autoYieldEnabled: on,
      enabledAt: on && !c.autoYieldEnabled ? new Date() : undefined,
      targetVenue: patchOf(body.target_venue, (v) => targetVenue(v, c.chain).id),
      maxStakeMicros: body.max_stake_micros,
      allowedVenues: envelope,
      minTvlUsd: body.min_tvl_usd,
    });
    return ok(await autoYieldStatus(db, row));
  },
});

export const postCharacterDiscover = endpoint({
  ...characterPost("discoverCharacterAutoYield", "/auto-yield/discover", "Discovery intersected with the allowlist and scored (auto-yield-discovery.v1 with an auto-yield-plan.v1 dry run); an outage is 200 blocked", "wallet.dryrun"),
  responses: { 200: discoverySchema },
  handler: async ({ db, params: p, principal }) => {
    const c = await characterFor(db, p.id, principal);
    const b = await characterBalances(db, c);
    return ok(
      await discover(db, {
        characterId: c.id,
        chain: c.chain,
        allowedVenues: c.allowedVenues,
        minTvlUsd: c.minTvlUsd,
        stakeableMicros: b.stakeable,
        selectedAmountMicros: b.selectable,
        autoYieldEnabled: c.autoYieldEnabled,
      }),
    );
  },
});

/** The owner-initiated stake or unstake on a character: the same endpoint but for its name, summary, answer and move. */
function characterMoney(kind: "stake" | "unstake", summary: string) {
  return endpoint({
    ...characterRoute(`${kind}CharacterAutoYield`, "POST", `/auto-yield/${kind}`, summary, "wallet.move"),
    idempotent: true,
    body: moneyBody.optional(),
    example: { params, body: { amountMicros: "1000000" } },
    responses: { 200: kind === "stake" ? stakeDoneSchema : unstakeDoneSchema, 422: characterBlockedSchema },
    handler: kind === "stake" ? moneyHandler(stake) : moneyHandler(unstake),
  });
}

export const postCharacterStake = characterMoney("stake", "Owner-initiated stake of min(requested, stakeable, max allocation); blocked auto_yield_disabled while off");
export const postCharacterUnstake = characterMoney("unstake", "Owner-initiated unstake (default: everything, largest stake first); blocked auto_yield_disabled while off");

export const postCharacterHarvestPlan = endpoint({
  ...characterPost("planCharacterHarvest", "/auto-yield/harvest/plan", "Dry-run harvest (harvest-plan.v1): amounts read from the venue adapter, never from the caller", "harvest.plan"),
  responses: { 200: characterHarvestPlanSchema },
  handler: async ({ db, params: p, principal }) => {
    const c = await characterFor(db, p.id, principal);
    const r = await harvest(db, c.wallet, { execute: false, chain: c.chain });
    return ok({ ...wire(r), characterId: c.id });
  },
});

export const postCharacterSurvival = endpoint({
  ...characterPost("survivalCharacterAutoYield", "/auto-yield/survival", "Keeper survival unstake: when storage renewal is due and liquid < bill, unstake min(shortfall, staked − liability)", "keeper.ops"),
  responses: { 200: survivalSchema },
  handler: async ({ db, params: p, principal }) => ok(await survivalUnstake(db, await characterFor(db, p.id, principal))),
});

// ---- wallet auto-yield (spec §4.3) ----

export const getWalletAutoYield = walletRead("getWalletAutoYield", "auto-yield", "The wallet's auto-yield policy (OFF by default)", ["wallets"], WALLET_EXAMPLE, walletAutoYieldSchema, async (db, w) =>
  walletAutoYieldWire(w, await walletAutoYieldOf(db, w)),
);

export const putWalletAutoYieldEndpoint = endpoint({
  ...walletRoute("putWalletAutoYield", "PUT", "auto-yield", "Set the wallet's auto-yield policy (owner); omitted fields are kept; unknown venue → 404", ["wallets"], "wallet.policy"),
  body: walletAutoYieldBody,
  errors: ERRORS,
  example: { params: { address: WALLET_EXAMPLE }, body: { auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5000000" } },
  responses: { 200: walletAutoYieldSchema },
  handler: async ({ db, params: p, body }) => {
    const wallet = normalizeAddress(p.address);
    const target = body.target_venue ? targetVenue(body.target_venue, null) : null;
    // The venue must be on a chain of the wallet's family (never across chains).
    if (target && !isAddressOf(target.family, wallet)) {
      throw fieldError("INVALID_REQUEST", "body.target_venue", `must be a venue on this wallet's chains: ${target.id} is on ${target.chain}, and this wallet is not ${FAMILY_NAME[target.family]} address`);
    }
    const row = await putWalletAutoYield(db, wallet, {
      auto_yield_enabled: body.auto_yield_enabled,
      target_venue: body.target_venue === undefined ? undefined : (target?.id ?? null),
      max_stake_micros: body.max_stake_micros,
    });
    return ok(walletAutoYieldWire(wallet, row));
  },
});

export const characterEndpoints = [
  postCharacter,
  getCharacter,
  putCharacter,
  getCharacterAutoYield,
  putCharacterAutoYield,
  postCharacterDiscover,
  postCharacterStake,
  postCharacterUnstake,
  postCharacterHarvestPlan,
  postCharacterSurvival,
  getWalletAutoYield,
  putWalletAutoYieldEndpoint,
];
