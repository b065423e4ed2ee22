// X-API-Key authentication (spec §5, contract §1, §3). Keys are kept only as SHA-256 hashes; the
// lookup goes by the short visible prefix and the hash is compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { BootstrapKey } from "../config";
import { normalizeAddress } from "../chains/address";
import type { DbOrTx } from "../db/client";
import { apiKeys } from "../db/schema";
import { newId } from "../ids";
import type { Role } from "./roles";

export interface Principal {
  keyId: string;
  prefix: string;
  role: Role;
  /** "*" for every wallet, else the normalized addresses in scope. */
  wallets: "*" | ReadonlySet<string>;
}

const MAX_KEY_LENGTH = 256;
const PREFIX_LENGTH = 12;

export function hashKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}

function scopeOf(wallets: readonly string[]): Principal["wallets"] {
  return wallets.includes("*") ? "*" : new Set(wallets.map(normalizeAddress));
}

interface StoredKey {
  id: string;
  prefix: string;
  hash: Buffer;
  role: Role;
  wallets: Principal["wallets"];
}

// Bootstrap keys from SVC_API_KEYS: hashed once at start, held in memory only as hashes.
const holder = globalThis as unknown as { __svcBootstrapKeys?: Map<string, StoredKey[]> };

export function loadBootstrapKeys(keys: readonly BootstrapKey[]): void {
  const map = new Map<string, StoredKey[]>();
  for (const k of keys) {
    const hash = hashKey(k.key);
    const prefix = keyPrefix(k.key);
    const entry: StoredKey = {
      id: `key_env_${hash.toString("hex").slice(0, 16)}`,
      prefix,
      hash,
      role: k.role,
      wallets: scopeOf(k.wallets),
    };
    map.set(prefix, [...(map.get(prefix) ?? []), entry]);
  }
  holder.__svcBootstrapKeys = map;
}

function matches(candidate: Buffer, presented: Buffer): boolean {
  return candidate.length === presented.length && timingSafeEqual(candidate, presented);
}

/** The principal for a presented key, or null when the key is unknown or revoked. */
export async function authenticate(db: DbOrTx, presented: string): Promise<Principal | null> {
  if (presented.length === 0 || presented.length > MAX_KEY_LENGTH) return null;
  const hash = hashKey(presented);
  const prefix = keyPrefix(presented);
  let found: StoredKey | null = null;
  for (const k of holder.__svcBootstrapKeys?.get(prefix) ?? []) {
    if (matches(k.hash, hash)) found = k;
  }
  if (!found) {
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
    for (const r of rows) {
      if (matches(Buffer.from(r.hash, "hex"), hash)) {
        found = { id: r.id, prefix: r.prefix, hash, role: r.role, wallets: scopeOf(r.wallets) };
      }
    }
  }
  if (!found) return null;
  return { keyId: found.id, prefix: found.prefix, role: found.role, wallets: found.wallets };
}

export function inScope(p: Principal, wallet: string): boolean {
  return p.wallets === "*" || p.wallets.has(normalizeAddress(wallet));
}

/** Creates a key in the database and returns the plaintext once; only its hash is stored. */
export async function createApiKey(
  db: DbOrTx,
  input: { role: Role; wallets: string[]; label?: string },
): Promise<{ id: string; key: string; prefix: string }> {
  const key = `svc_${randomBytes(24).toString("base64url")}`;
  const id = newId("key");
  const prefix = keyPrefix(key);
  await db.insert(apiKeys).values({
    id,
    prefix,
    hash: hashKey(key).toString("hex"),
    role: input.role,
    wallets: input.wallets.map((w) => (w === "*" ? w : normalizeAddress(w))),
    label: input.label ?? null,
  });
  return { id, key, prefix };
}

export async function revokeApiKey(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning({ id: apiKeys.id });
  return rows.length > 0;
}
