// Characters (contract §7) and wallet auto-yield settings (spec §4.3) in the database.
import { eq } from "drizzle-orm";
import { addressFamily, type ChainId, CHAIN_FAMILY, normalizeAddress, mustBeAddressOf, ADDRESS_MESSAGE } from "../chains/address";
import type { DbOrTx } from "../db/client";
import { characters, type StoredTranche, walletAutoYield } from "../db/schema";
import type { Principal } from "../http/auth";
import { inScope } from "../http/auth";
import { ApiError, fieldError } from "../http/errors";
import { newId } from "../ids";
import { resolveVenue, type VenueDescriptor } from "../venues";
import type { Tranche } from "./rules";

export type CharacterRow = typeof characters.$inferSelect;

const notFoundMessage = (id: string) => `Character ${id} not found`;

async function characterRow(db: DbOrTx, id: string): Promise<CharacterRow | undefined> {
  const [row] = id.startsWith("chr_") && id.length <= 64 ? await db.select().from(characters).where(eq(characters.id, id)) : [];
  return row;
}

/** The 404 message when there is no such character (asked before any key: a missing character is 404 to all). */
export async function characterMissing(db: DbOrTx, params: { id: string }): Promise<string | null> {
  return (await characterRow(db, params.id)) ? null : notFoundMessage(params.id);
}

/** 404 when there is no such character; 403 WALLET_SCOPE when its wallet is not in the key's scope. */
export async function characterFor(db: DbOrTx, id: string, principal: Principal | null): Promise<CharacterRow> {
  const row = await characterRow(db, id);
  if (!row) throw new ApiError("NOT_FOUND", notFoundMessage(id));
  if (!principal || !inScope(principal, row.wallet)) throw new ApiError("WALLET_SCOPE", "This character's wallet is not in the API key's scope");
  return row;
}

export async function createCharacter(db: DbOrTx, wallet: string, name: string, chain: ChainId): Promise<CharacterRow> {
  const [row] = await db
    .insert(characters)
    .values({ id: newId("chr"), wallet: normalizeAddress(wallet), name, chain })
    .onConflictDoNothing({ target: characters.wallet })
    .returning();
  if (!row) throw new ApiError("ALREADY_EXISTS", "This wallet already has a character (a character has its own wallet)");
  return row;
}

export async function updateCharacter(db: DbOrTx, id: string, set: Partial<typeof characters.$inferInsert>): Promise<CharacterRow> {
  const [row] = await db
    .update(characters)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(characters.id, id))
    .returning();
  if (!row) throw new ApiError("NOT_FOUND", `Character ${id} not found`);
  return row;
}

export function tranchesOf(row: CharacterRow): Tranche[] {
  return row.conditionedTranches.map((t: StoredTranche) => ({ amountMicros: BigInt(t.amountMicros), stakeable: t.stakeable }));
}

export function characterWire(r: CharacterRow) {
  return {
    id: r.id,
    wallet: r.wallet,
    name: r.name,
    chain: r.chain,
    fanCreditLiabilityMicros: r.fanCreditLiabilityMicros.toString(),
    conditionedTranches: r.conditionedTranches.map((t) => ({ amountMicros: t.amountMicros, stakeable: t.stakeable })),
    storageBillMicros: r.storageBillMicros.toString(),
    storageRenewalDueAt: r.storageRenewalDueAt?.toISOString() ?? null,
    auto_yield_enabled: r.autoYieldEnabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The chain a new character's money lives on: its wallet's family (EVM: evm-a unless named). */
export function chainForWallet(wallet: string, chain: ChainId | undefined): ChainId {
  const family = addressFamily(wallet);
  if (!family) throw fieldError("INVALID_ADDRESS", "body.wallet", ADDRESS_MESSAGE);
  if (chain) {
    if (CHAIN_FAMILY[chain] !== family) throw fieldError("INVALID_ADDRESS", "body.wallet", mustBeAddressOf(CHAIN_FAMILY[chain], `for ${chain}`));
    return chain;
  }
  return family === "sui" ? "move-chain" : family === "solana" ? "svm-chain" : "evm-a";
}

/** A target venue input: unknown → 404; the automated strategy or a composite id → 400; another chain → 400. */
export function targetVenue(input: string, chain: ChainId | null, field = "body.target_venue"): VenueDescriptor {
  const v = resolveVenue(input, field);
  if (chain && v.chain !== chain) {
    throw fieldError("INVALID_REQUEST", field, `must be a venue on ${chain}: ${v.id} is on ${v.chain}, and this wallet's auto-yield works on ${chain} (never across chains)`);
  }
  return v;
}

// ---- wallet auto-yield (spec §4.3) ----

export type WalletAutoYieldRow = typeof walletAutoYield.$inferSelect;

export async function walletAutoYieldOf(db: DbOrTx, wallet: string): Promise<WalletAutoYieldRow | null> {
  const [row] = await db.select().from(walletAutoYield).where(eq(walletAutoYield.wallet, wallet));
  return row ?? null;
}

export async function putWalletAutoYield(
  db: DbOrTx,
  wallet: string,
  input: { auto_yield_enabled?: boolean; target_venue?: string | null; max_stake_micros?: bigint | null },
): Promise<WalletAutoYieldRow> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(walletAutoYield).where(eq(walletAutoYield.wallet, wallet)).for("update");
    const now = new Date();
    const enabled = input.auto_yield_enabled ?? cur?.autoYieldEnabled ?? false;
    const turningOn = enabled && !cur?.autoYieldEnabled;
    const values = {
      wallet,
      autoYieldEnabled: enabled,
      targetVenue: input.target_venue !== undefined ? input.target_venue : (cur?.targetVenue ?? null),
      maxStakeMicros: input.max_stake_micros !== undefined ? input.max_stake_micros : (cur?.maxStakeMicros ?? null),
      enabledAt: turningOn ? now : (cur?.enabledAt ?? null),
      updatedAt: now,
    };
    const [row] = await tx.insert(walletAutoYield).values(values).onConflictDoUpdate({ target: walletAutoYield.wallet, set: values }).returning();
    if (!row) throw new Error("wallet auto-yield upsert returned nothing");
    return row;
  });
}

export function walletAutoYieldWire(wallet: string, r: WalletAutoYieldRow | null) {
  return {
    schemaVersion: "svc-wallet-auto-yield.v1" as const,
    wallet,
    auto_yield_enabled: r?.autoYieldEnabled ?? false,
    target_venue: r?.targetVenue ?? null,
    max_stake_micros: r?.maxStakeMicros === null || r?.maxStakeMicros === undefined ? null : r.maxStakeMicros.toString(),
    enabled_at: r?.enabledAt?.toISOString() ?? null,
    updated_at: r?.updatedAt.toISOString() ?? null,
  };
}
