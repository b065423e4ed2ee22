// The receiver-side verification helper against a vector computed independently with
//   printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac 'whsec_fixed_vector_key_for_tests_0123456789'
import { describe, expect, it } from "vitest";
import { computeSignature, verifySignature } from "../../server/webhooks/verify";

const KEY = "whsec_fixed_vector_key_for_tests_0123456789";
const BODY = '{"id":"evt_vector","type":"apy.updated","createdAt":"2026-01-01T00:00:00.000Z","data":{"apyBps":512}}';
const T = 1700000000;
const HEX = "808f7e472e7e443179b9ded61e864b2911a89c665d654ecd010a6f5c4b824571";
const HEADER = `t=${T},v1=${HEX}`;

describe("verifySignature", () => {
  it("computes the openssl vector", () => {
    expect(computeSignature(KEY, T, BODY)).toBe(HEX);
  });

  it("accepts the vector within the 300 s tolerance, on either side", () => {
    expect(verifySignature(BODY, HEADER, KEY, { now: T })).toEqual({ ok: true, timestamp: T });
    expect(verifySignature(BODY, HEADER, KEY, { now: T + 300 }).ok).toBe(true);
    expect(verifySignature(BODY, HEADER, KEY, { now: T - 300 }).ok).toBe(true);
    expect(verifySignature(Buffer.from(BODY), HEADER, KEY, { now: T }).ok).toBe(true);
  });

  it("refuses an old or future timestamp", () => {
    expect(verifySignature(BODY, HEADER, KEY, { now: T + 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(verifySignature(BODY, HEADER, KEY, { now: T - 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });

  it("refuses another key, a changed body, a changed timestamp", () => {
    expect(verifySignature(BODY, HEADER, `${KEY}x`, { now: T })).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(verifySignature(BODY.replace("512", "513"), HEADER, KEY, { now: T }).ok).toBe(false);
    expect(verifySignature(BODY, `t=${T + 1},v1=${HEX}`, KEY, { now: T }).ok).toBe(false);
  });

  it("refuses malformed headers", () => {
    for (const h of [undefined, null, "", `v1=${HEX}`, `t=${T}`, `t=abc,v1=${HEX}`, `t=${T},v1=zz`, `t=${T},v0=${HEX}`]) {
      expect(verifySignature(BODY, h, KEY, { now: T })).toEqual({ ok: false, reason: "malformed_header" });
    }
  });

  it("accepts when any of several v1 entries matches", () => {
    expect(verifySignature(BODY, `t=${T},v1=${"0".repeat(64)},v1=${HEX}`, KEY, { now: T }).ok).toBe(true);
  });
});
