// Schemas shared by every domain: the error body, blockers, and common parameters.
import { z } from "zod";
import { walletAddress } from "../chains/address";
import { BLOCKER_CODES, ERROR_CODES } from "./codes";

export const errorBody = z
  .object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: "Error", description: "Every non-2xx answer. `code` is listed by GET /svc/errors." });

/**
 * The error fields every blocked (HTTP 422) answer carries beside `status: "blocked"` and `blockers[]`: the
 * catalogued `BLOCKED`, the blockers' messages, and the requestId. The wrapper adds them (handler.ts
 * `asError`); handlers return the blocked body without them.
 */
export const blockedEnvelope = {
  code: z.literal("BLOCKED").meta({ description: "Always BLOCKED on a 422; the reasons are blockers[].code." }),
  message: z.string().meta({ description: "The blockers' messages, joined." }),
  requestId: z.string(),
};
export type EnvelopeKey = keyof typeof blockedEnvelope;

export const blockerCode = z.enum(Object.keys(BLOCKER_CODES) as [keyof typeof BLOCKER_CODES, ...(keyof typeof BLOCKER_CODES)[]]);

export const blockerSchema = z
  .object({ code: blockerCode, message: z.string() })
  .meta({ id: "Blocker", description: "Why a plan or money action is blocked. Codes are listed by GET /svc/errors." });

export const addressParams = z.object({ address: walletAddress });

/** Opaque cursor pagination: `cursor` from the previous page's `nextCursor`. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z
    .string()
    .regex(/^[0-9]+$/, { error: "must be a whole number from 1 to 200" })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 200, { error: "must be a whole number from 1 to 200" })
    .optional(),
});

export const isoTime = z.string().meta({ description: "ISO 8601 timestamp", example: "2026-11-22T10:00:00.000Z" });
