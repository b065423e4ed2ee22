// Integer micros: the only money representation. 1000000 micros = 1 USDC. No JS number ever holds micros.
import { z } from "zod";
import { markKind } from "../http/kinds";

export const MAX_MICROS = (1n << 63n) - 1n;
const MICROS_RE = /^(0|[1-9][0-9]*)$/;

export type Micros = bigint;

/** Parses an integer-micros string; null when it is not one (float, exponent, sign, space, leading zero, > 2^63-1). */
export function parseMicros(value: unknown): bigint | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 19) return null;
  if (!MICROS_RE.test(value)) return null;
  const n = BigInt(value);
  return n > MAX_MICROS ? null : n;
}

export function formatMicros(value: bigint): string {
  if (value < 0n) throw new RangeError("micros cannot be negative");
  return value.toString();
}

/** Signed formatting, for deltas and ROI numerators only. */
export function formatSignedMicros(value: bigint): string {
  return value.toString();
}

export const AMOUNT_MESSAGE =
  "must be an integer-micros string: digits only, no sign, decimal point, exponent or leading zeros, at most 9223372036854775807";

/** Request schema for an amount: an integer-micros string on the wire, a bigint in the handler. */
export const microsInput = markKind(
  z
    .string({ error: AMOUNT_MESSAGE })
    .regex(MICROS_RE, { error: AMOUNT_MESSAGE })
    .refine((v) => parseMicros(v) !== null, { error: AMOUNT_MESSAGE })
    .meta({ description: "Integer micros as a string (1000000 = 1 USDC)", example: "1000000" }),
  "amount",
).transform((v) => BigInt(v));

/** Response schema for an amount (already formatted). */
export const microsOutput = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)$/)
  .meta({ description: "Integer micros as a string (1000000 = 1 USDC)", example: "1000000" });

// Token units ↔ micros live in lib/money.ts (pure, client-safe) so the dashboard converts exactly as the server does.
export { microsToUnits, unitsToMicros } from "../../lib/money";
