// Verifies a webhook delivery's X-SVC-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(hmacKey, "<t>.<raw body>")>`,
// the key being the hmacKey string's UTF-8 bytes. The same rules as the server's own verifier
// (server/webhooks/verify.ts; tests/unit/client-webhooks.test.ts checks them against each other). WebCrypto
// (globalThis.crypto.subtle): Node 22+, browsers, edge runtimes; no node: import.

export const SIGNATURE_HEADER = "X-SVC-Signature";
export const EVENT_ID_HEADER = "X-SVC-Event-Id";
export const DEFAULT_TOLERANCE_S = 300;

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the signature time and now, in seconds (default 300). */
  toleranceS?: number;
  /** The current time in unix seconds (default: the clock). */
  now?: number;
}

export type VerifyWebhookResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" };

const utf8 = new TextEncoder();

function parseHeader(header: string): { t: number | undefined; candidates: string[] } {
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
  return { t, candidates };
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function signedText(t: number, rawBody: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const head = utf8.encode(`${t}.`);
  const body = typeof rawBody === "string" ? utf8.encode(rawBody) : rawBody;
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/**
 * Checks a delivery against the raw request body (the exact bytes received, before any JSON parsing). Several v1=
 * entries are accepted (any one may match); each is compared by WebCrypto's HMAC verify.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  hmacKey: string,
  opts: VerifyWebhookOptions = {},
): Promise<VerifyWebhookResult> {
  if (!signatureHeader || signatureHeader.length > 4096) return { ok: false, reason: "malformed_header" };
  const { t, candidates } = parseHeader(signatureHeader);
  if (t === undefined || candidates.length === 0) return { ok: false, reason: "malformed_header" };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? DEFAULT_TOLERANCE_S)) return { ok: false, reason: "timestamp_out_of_tolerance" };
  // WebCrypto refuses an empty HMAC key; the server never issues one, so nothing it signs can match it.
  if (hmacKey === "") return { ok: false, reason: "signature_mismatch" };
  const key = await globalThis.crypto.subtle.importKey("raw", utf8.encode(hmacKey), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const data = signedText(t, rawBody);
  let matched = false;
  for (const c of candidates) {
    // Every candidate is checked, whatever the outcome of the others.
    if (await globalThis.crypto.subtle.verify("HMAC", key, hexBytes(c), data)) matched = true;
  }
  return matched ? { ok: true, timestamp: t } : { ok: false, reason: "signature_mismatch" };
}
