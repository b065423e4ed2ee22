// Subscription signing keys. The hmacKey is a shared secret the worker needs in clear to sign, so it is
// stored (never hashed). When SVC_WEBHOOK_SECRET_KEY is set it is stored AES-256-GCM encrypted.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";

/** 32 random bytes, base64url, with a recognizable prefix. The HMAC key is the whole string's UTF-8 bytes. */
export function newHmacKey(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function sealKey(plain: string, masterHex: string | undefined): string {
  if (!masterHex) return plain;
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", Buffer.from(masterHex, "hex"), iv);
  const ct = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `${PREFIX}${iv.toString("base64url")}.${c.getAuthTag().toString("base64url")}.${ct.toString("base64url")}`;
}

export function openKey(stored: string, masterHex: string | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!masterHex) throw new Error("a webhook signing key is encrypted but SVC_WEBHOOK_SECRET_KEY is not set");
  const [iv, tag, ct] = stored.slice(PREFIX.length).split(".");
  if (!iv || !tag || !ct) throw new Error("malformed encrypted webhook signing key");
  const d = createDecipheriv("aes-256-gcm", Buffer.from(masterHex, "hex"), Buffer.from(iv, "base64url"));
  d.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([d.update(Buffer.from(ct, "base64url")), d.final()]).toString("utf8");
}
