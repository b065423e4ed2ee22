// Refuses private keys and mnemonics in request bodies (the service never takes custody). Runs on the raw
// JSON before validation, so a secret is refused whatever field carries it; only the field path is ever
// reported, never the value.
import { createPrivateKey, createPublicKey } from "node:crypto";
import { base58Decode } from "../chains/address";
import { fieldError } from "../http/errors";

const NAME_PARTS = ["privatekey", "secretkey", "privkey", "secret", "mnemonic", "seedphrase", "keypair", "recoveryphrase"];
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

function secretName(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z]/g, "");
  return n === "seed" || n.startsWith("seed") || NAME_PARTS.some((p) => n.includes(p));
}

/** A Solana keypair secret: 64 bytes whose second half is the ed25519 public key of the first half. */
function isEd25519Keypair(bytes: Uint8Array): boolean {
  if (bytes.length !== 64) return false;
  try {
    const priv = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, bytes.subarray(0, 32)]), format: "der", type: "pkcs8" });
    const pub = createPublicKey(priv).export({ format: "der", type: "spki" });
    return Buffer.from(pub.subarray(pub.length - 32)).equals(Buffer.from(bytes.subarray(32)));
  } catch {
    return false;
  }
}

function secretValue(v: string): boolean {
  const s = v.trim();
  if (/^suiprivkey1[0-9a-z]+$/i.test(s)) return true;
  const words = s.split(/\s+/);
  if (words.length >= 12 && words.length <= 24 && words.every((w) => /^[a-z]{2,12}$/.test(w))) return true;
  if (/^(0x)?[0-9a-fA-F]{128}$/.test(s)) return true;
  if (/^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(s)) {
    const bytes = base58Decode(s);
    if (bytes && isEd25519Keypair(bytes)) return true;
  }
  return false;
}

/** A Solana CLI keypair file: a JSON array of 64 byte values. */
function secretArray(a: unknown[]): boolean {
  return a.length === 64 && a.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 255);
}

/** The path of the first field that carries key material, or null. */
export function findKeyMaterial(value: unknown, path = "body", depth = 0): string | null {
  if (depth > 32) return path;
  if (typeof value === "string") return secretValue(value) ? path : null;
  if (Array.isArray(value)) {
    if (secretArray(value)) return path;
    for (let i = 0; i < value.length; i++) {
      const hit = findKeyMaterial(value[i], `${path}.${i}`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = `${path}.${k}`;
      if (secretName(k)) return p;
      const hit = findKeyMaterial(v, p, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

/** Throws 400 INVALID_REQUEST naming the field (never its value) when the body carries key material. */
export function refuseKeyMaterial(raw: unknown): void {
  const at = findKeyMaterial(raw);
  if (at) {
    throw fieldError(
      "INVALID_REQUEST",
      at,
      "looks like key material; refused and not stored: the service never accepts private keys, secret keys or mnemonics, send owner-signed transaction bytes or an on-chain digest",
    );
  }
}
