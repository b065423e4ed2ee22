// The client's verifyWebhook (WebCrypto) answers as the server's own verifier (server/webhooks/verify.ts, node:crypto)
// on signatures the server makes and on any header; retryAfterMs reads both forms of Retry-After.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomKey } from "../../client/src/client";
import { retryAfterMs } from "../../client/src/retry";
import { verifyWebhook } from "../../client/src/webhooks";
import { computeSignature, verifySignature } from "../../server/webhooks/verify";

const NOW = 1_800_000_000;

describe("verifyWebhook", () => {
  it("accepts the server's signature and refuses a tampered body, another key and a stale or future time", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "deposit.settled", data: { amountMicros: "2500000" } });
    const key = "whsec_0123456789abcdef";
    const header = `t=${NOW},v1=${computeSignature(key, NOW, body)}`;
    expect(await verifyWebhook(body, header, key, { now: NOW })).toEqual({ ok: true, timestamp: NOW });
    expect(await verifyWebhook(new TextEncoder().encode(body), header, key, { now: NOW + 300 })).toEqual({ ok: true, timestamp: NOW });
    expect(await verifyWebhook(body.replace("2500000", "2500001"), header, key, { now: NOW })).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(await verifyWebhook(body, header, `${key}x`, { now: NOW })).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(await verifyWebhook(body, header, key, { now: NOW + 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(await verifyWebhook(body, header, key, { now: NOW - 61, toleranceS: 60 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(await verifyWebhook(body, `v1=${"0".repeat(64)}`, key, { now: NOW })).toEqual({ ok: false, reason: "malformed_header" });
    expect(await verifyWebhook(body, null, key)).toEqual({ ok: false, reason: "malformed_header" });
  });

  it("answers exactly as the server's verifySignature on any header, body and key", async () => {
    const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.integer({ min: NOW - 600, max: NOW + 600 }),
        fc.array(fc.oneof(hex64, fc.constant("sign"), fc.string()), { maxLength: 3 }),
        fc.oneof(fc.constant(""), fc.constant(" "), fc.string({ maxLength: 4 })),
        async (key, body, t, parts, junk) => {
          const v1 = parts.map((p) => (p === "sign" ? computeSignature(key, t, body) : p));
          const header = [`t=${t}`, ...v1.map((s) => `v1=${s}`), junk].join(",");
          const opts = { now: NOW, toleranceS: 300 };
          expect(await verifyWebhook(body, header, key, opts)).toEqual(verifySignature(body, header, key, opts));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("retryAfterMs", () => {
  it("reads delay-seconds and an HTTP date; null when absent or unreadable", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(" 0 ")).toBe(0);
    const now = Date.parse("2026-11-27T00:00:00Z");
    expect(retryAfterMs("Fri, 27 Nov 2026 00:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Thu, 26 Nov 2026 00:00:05 GMT", now)).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs("-1")).toBeNull();
  });
});

describe("randomKey (the default Idempotency-Key)", () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it("is a UUID v4, also where crypto.randomUUID is missing (a page over plain http)", () => {
    expect(randomKey()).toMatch(V4);
    const own = Object.getOwnPropertyDescriptor(globalThis, "crypto");
    const real = globalThis.crypto;
    Object.defineProperty(globalThis, "crypto", { configurable: true, value: { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) } });
    try {
      const keys = new Set(Array.from({ length: 200 }, () => randomKey()));
      expect(keys.size).toBe(200);
      for (const k of keys) expect(k).toMatch(V4);
    } finally {
      if (own) Object.defineProperty(globalThis, "crypto", own);
    }
    expect(globalThis.crypto).toBe(real);
  });
});
