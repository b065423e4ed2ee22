// Verification helper for webhook receivers (contract §5). Self-contained: it needs only node:crypto, so a
// receiver can copy this file. The header is `X-SVC-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`,
// signed over the text "<t>.<raw body>" with the subscription's hmacKey (its UTF-8 bytes).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-SVC-Signature";
export const EVENT_ID_HEADER = "X-SVC-Event-Id";
export const DEFAULT_TOLERANCE_S = 300;

export interface VerifyOptions {
  /** Largest accepted distance between the signature time and now, in seconds (default 300). */
  toleranceS?: number;
  /** The current time in unix seconds (default: the clock). */
  now?: number;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" };

/** The hex HMAC-SHA256 of "<t>.<rawBody>" under `secret`. */
export function computeSignature(secret: string, t: number, rawBody: string | Uint8Array): string {
  const h = createHmac("sha256", Buffer.from(secret, "utf8"));
  h.update(`${t}.`, "utf8");
  h.update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody);
  return h.digest("hex");
}

/**
 * Checks an X-SVC-Signature header against the raw request body (the exact bytes received, before any
 * JSON parsing). Several v1= entries are accepted (any one may match). Comparison is constant time.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  opts: VerifyOptions = {},
): VerifyResult {
  if (!header || header.length > 4096) return { ok: false, reason: "malformed_header" };
  let t: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t" && /^[0-9]{1,12}$/.test(value)) t = Number(value);
    if (name === "v1" && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (t === undefined || candidates.length === 0) return { ok: false, reason: "malformed_header" };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? DEFAULT_TOLERANCE_S)) return { ok: false, reason: "timestamp_out_of_tolerance" };
  const expected = Buffer.from(computeSignature(secret, t, rawBody), "hex");
  let matched = false;
  for (const c of candidates) {
    // Every candidate is compared, whatever the outcome of the others.
    if (timingSafeEqual(expected, Buffer.from(c, "hex"))) matched = true;
  }
  return matched ? { ok: true, timestamp: t } : { ok: false, reason: "signature_mismatch" };
}
